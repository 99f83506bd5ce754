"""The reminder before a deadline: the GM sets "remind N minutes before the deadline"
(Game.remind_minutes, 0: off); at that moment each seat that still owes a vote or a
move gets a private line, and nobody else.

Who owes is what the phase waits for (phases.must_act / have_acted: by day the living
voters without a ballot, by night every seat with a move still owed, a dead Jester's
haunt included, roles.owed; a question the phase waits for, its decider), bots and the
GM excepted. It is sent once per deadline (`Phase.reminded_at`, set in the same locked
transaction as the lines): the Celery ETA task at that moment, the sweeper after it
and the embedded timer may all try, only the first sends. The GM's extension clears
it (games/services/gm.py extend_phase): the new deadline's reminder goes at its own
moment, or at once if that moment has passed, telling the minutes really left.
"""

from __future__ import annotations

import logging
import math
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games import rows
from games.models import Phase, Status
from games.services.core import GM_ACTOR, ServiceError, engine_state, lock_game
from games.services.phases import have_acted, must_act

logger = logging.getLogger(__name__)

REMINDER_KIND = "reminder"
# The sweeper looks this far ahead (roles.activity.MAX_REMIND_MINUTES).
LONGEST_REMINDER = timedelta(days=1)


def remind_at(phase: Phase, minutes: int) -> datetime | None:
    return phase.deadline - timedelta(minutes=minutes) if minutes else None


def owing_seats(game, phase: Phase) -> list[str]:
    """The seats that still owe the phase a vote or a move, in seat order, bots out."""
    state = engine_state(game)
    owing = set(must_act(state, phase)) - have_acted(state, phase) - {GM_ACTOR}
    bots = set(game.seats.filter(is_bot=True).values_list("name", flat=True))
    return [p.name for p in state.players if p.name in owing and p.name not in bots]


def send_reminder(game_id: int, phase_seq: int, now: datetime | None = None) -> int:
    """Remind the owing seats of one phase if it is time; returns how many were told
    (0, and no change, before the time, after the deadline, or once sent)."""
    now = now or timezone.now()
    with transaction.atomic():
        try:
            change = lock_game(game_id)
        except ServiceError:
            return 0
        game = change.game
        phase = rows.first(Phase, "game_id = %s AND seq = %s", [game.id, phase_seq])
        if game.status != Status.RUNNING or phase is None or not phase.is_open:
            return 0
        due = remind_at(phase, game.remind_minutes)
        if phase.paused_at is not None or phase.reminded_at is not None or due is None:
            return 0
        if not due <= now < phase.deadline:
            return 0
        phase.reminded_at = now
        rows.update(phase, ["reminded_at"])
        owing = owing_seats(game, phase)
        left = math.ceil((phase.deadline - now).total_seconds() / 60)
        payload = {
            "deadline": phase.deadline.isoformat(),
            "minutes": min(game.remind_minutes, left),  # less after a short extension
            "kind": phase.kind,
            "number": phase.number,
        }
        for name in owing:
            owes = "vote" if phase.kind == Phase.DAY and not phase.pending else "move"
            change.log(REMINDER_KIND, f"seat:{name}", {**payload, "owes": owes}, phase=phase)
        change.finish()
    return len(owing)


def send_due_reminders(now: datetime | None = None) -> int:
    """Send every reminder whose time has come; returns how many seats were told. The
    Celery beat task and the embedded timer call it beside the phase sweep."""
    now = now or timezone.now()
    candidates = Phase.objects.filter(
        closed_at__isnull=True,
        paused_at__isnull=True,
        reminded_at__isnull=True,
        deadline__gt=now,
        deadline__lte=now + LONGEST_REMINDER,
        game__status=Status.RUNNING,
        game__remind_minutes__gt=0,
    ).values_list("game_id", "seq", "deadline", "game__remind_minutes")
    told = 0
    for game_id, seq, deadline, minutes in list(candidates):
        if deadline - timedelta(minutes=minutes) > now:
            continue
        try:
            told += send_reminder(game_id, seq, now=now)
        except Exception:  # one bad game must not stop the others' reminders
            logger.exception("could not remind game %s phase %s", game_id, seq)
    return told
