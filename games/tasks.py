"""Celery tasks: close one phase at its deadline, remind the seats that still owe some
minutes before it, and sweep any overdue phase or reminder.

Both are idempotent: the task carries the phase's sequence number and the
service does nothing if that phase is already closed or not yet due.
`schedule_close` is the Celery clock the services hand each deadline to
(registered by games/apps.py through `services.use_timer`).
"""

import logging
from datetime import datetime

from celery import shared_task

from games import services

logger = logging.getLogger(__name__)


@shared_task(name="games.tasks.close_phase")
def close_phase(game_id: int, phase_seq: int) -> bool:
    return services.close_phase_at_deadline(game_id, phase_seq)


@shared_task(name="games.tasks.sweep_overdue_phases_task")
def sweep_overdue_phases_task() -> int:
    """Close the overdue phases, and send the reminders whose time has come (a lost
    reminder task is caught here as a lost close is)."""
    closed = services.sweep_overdue_phases()
    services.send_due_reminders()
    return closed


@shared_task(name="games.tasks.send_reminder")
def send_reminder(game_id: int, phase_seq: int) -> int:
    return services.send_reminder(game_id, phase_seq)


def schedule_reminder(game_id: int, phase_seq: int, when: datetime) -> None:
    """An ETA task reminds the owing seats at `when` (called after commit); sent at
    most once per phase, whoever comes first (this task or the sweeper)."""
    try:
        send_reminder.apply_async((game_id, phase_seq), eta=when)
    except Exception:  # the beat sweeper sends it anyway
        logger.exception("could not schedule the reminder of game %s phase %s", game_id, phase_seq)


def schedule_close(game_id: int, phase_seq: int, deadline: datetime) -> None:
    """An ETA task closes the phase at its deadline (called after commit)."""
    try:
        close_phase.apply_async((game_id, phase_seq), eta=deadline)
    except Exception:  # the beat sweeper closes it anyway
        logger.exception("could not schedule the close of game %s phase %s", game_id, phase_seq)
