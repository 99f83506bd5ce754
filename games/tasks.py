"""Celery tasks: close one phase at its deadline, and sweep any overdue phase.

Both are idempotent: the task carries the phase's sequence number and the
service does nothing if that phase is already closed or not yet due.
"""

from celery import shared_task

from games import services


@shared_task(name="games.tasks.close_phase")
def close_phase(game_id: int, phase_seq: int) -> bool:
    return services.close_phase_at_deadline(game_id, phase_seq)


@shared_task(name="games.tasks.sweep_overdue_phases_task")
def sweep_overdue_phases_task() -> int:
    return services.sweep_overdue_phases()
