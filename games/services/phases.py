"""Phases: open the next one, close one (on its deadline, early, or by the GM),
sweep the overdue ones, and the decisions and extra rounds the engine may ask for
before a phase can close.

Closing is idempotent: a phase already closed, paused or not yet due is left as it
is. A phase's deadline is handed to the clock through `schedule_deadline`, the seam
the timers plug into (`use_timer`: games/apps.py registers the Celery ETA task), so
this module never imports the task module that imports it back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import roles
from games import rooms, rows
from games.models import (
    Action,
    Game,
    Phase,
    Status,
    Vote,
)
from games.services.core import (
    GM_ACTOR,
    Change,
    ServiceError,
    audience_of,
    choices_now,
    engine_state,
    lock_game,
    with_role_name,
)
from games.services.notes import log_death_notes, log_last_wills
from games.services.roulette import release_held
from roles.messages.refusals import refusal_message

logger = logging.getLogger(__name__)


def open_next_phase(
    change: Change, state: roles.GameState, now: datetime, after: Phase | None = None
) -> Phase:
    """Open the phase the engine moved to; `after` is the phase just closed (the
    latest one), which spares a query."""
    game = change.game
    if after is not None:
        last = after.seq
    else:
        last = game.phases.order_by("-seq").values_list("seq", flat=True).first() or 0
    length = game.day_seconds if state.phase_kind == Phase.DAY else game.night_seconds
    phase = Phase(
        game=game,
        seq=last + 1,
        kind=state.phase_kind,
        number=state.phase_number,
        opened_at=now,
        deadline=now + timedelta(seconds=length),
    )
    rows.insert([phase], returning_pk=True)
    change.log(
        "phase_opened",
        "public",
        {
            "kind": phase.kind,
            "number": phase.number,
            "seq": phase.seq,
            "deadline": phase.deadline.isoformat(),
        },
        phase=phase,
    )
    schedule_deadline(phase)
    for play in _practice_seats["open"]:  # bots move in this same change (use_bots)
        play(change, phase, state)
    return phase


# The clocks that close a phase at its deadline, by settings.PHASE_TIMER: a clock is
# called after commit with (game id, phase seq, deadline). The embedded timer and
# "off" need none (the sweeper reads the deadlines); games/apps.py registers Celery's.
ScheduleClose = Callable[[int, int, datetime], None]
_timers: dict[str, ScheduleClose] = {}


# The practice seats' moves (games/services/bots.py, which imports this module: it is
# registered by games/services/__init__.py): called when a phase opens and when the
# engine asks a question, inside that change.
_practice_seats: dict[str, list[Callable]] = {"open": [], "ask": []}


# Site rules applied at a day's close, inside the close (games/services/activity.py,
# which imports this module: registered by games/services/__init__.py), called with
# (change, the closed phase, the phase opened after it or None, the new state).
_close_rules: list[Callable] = []


def use_close_rule(rule: Callable) -> None:
    if rule not in _close_rules:
        _close_rules.append(rule)


# The clocks that remind owing seats before a deadline (games/services/reminders.py),
# by settings.PHASE_TIMER, called after commit with (game id, phase seq, when).
_reminder_timers: dict[str, ScheduleClose] = {}


def use_reminder_timer(name: str, schedule_reminder: ScheduleClose) -> None:
    _reminder_timers[name] = schedule_reminder


def use_bots(on_open: Callable, on_ask: Callable) -> None:
    if on_open not in _practice_seats["open"]:
        _practice_seats["open"].append(on_open)
        _practice_seats["ask"].append(on_ask)


def use_timer(name: str, schedule_close: ScheduleClose) -> None:
    """Let the clock called `name` (a PHASE_TIMER value) schedule the closes."""
    _timers[name] = schedule_close


def schedule_deadline(phase: Phase) -> None:
    """Hand the phase's deadline to the configured clock, after commit (with Celery,
    an ETA task closes the phase at its deadline)."""
    schedule_close = _timers.get(settings.PHASE_TIMER)
    if schedule_close is not None:
        game_id, seq, deadline = phase.game_id, phase.seq, phase.deadline
        transaction.on_commit(lambda: schedule_close(game_id, seq, deadline))
    # The reminder's moment moves with the deadline; the task finds it sent, or not due.
    schedule_reminder = _reminder_timers.get(settings.PHASE_TIMER)
    if schedule_reminder is not None and phase.reminded_at is None:
        minutes = phase.game.remind_minutes
        if minutes:
            game_id, seq = phase.game_id, phase.seq
            remind_at = phase.deadline - timedelta(minutes=minutes)
            transaction.on_commit(lambda: schedule_reminder(game_id, seq, remind_at))


def open_round(phase: Phase) -> int:
    """The extra voting round the phase waits for (1, 2, ...), or 0."""
    if phase.pending.get("kind") == "round":
        return int(phase.pending["index"]) + 1
    return 0


def current_votes(phase: Phase, round_no: int = 0) -> dict[str, str]:
    """voter -> target after every change: a later vote replaces an earlier one.

    `round_no` 0 is the day's vote; k is the k-th extra round the engine called for."""
    latest: dict[str, str] = {}
    votes = phase.votes.filter(round=round_no).order_by("id")
    for voter, target in votes.values_list("voter__name", "target"):
        if target:
            latest[voter] = target
        else:
            latest.pop(voter, None)
    return latest


def tally(phase: Phase, round_no: int = 0) -> dict[str, list[str]]:
    """target -> voters, in the order of the current votes (no vote weights: the engine's
    record gives the official count at the close)."""
    return counted(current_votes(phase, round_no))


def counted(current: dict[str, str]) -> dict[str, list[str]]:
    """`tally` of ballots already read (`current_votes`): target -> voters."""
    by_target: dict[str, list[str]] = {}
    for voter, target in current.items():
        by_target.setdefault(target, []).append(voter)
    return by_target


def must_act(state: roles.GameState, phase: Phase) -> list[str]:
    """Who the phase waits for before it may close early: by day every living voter;
    by night every seat the engine offers a move, alive or dead (roles.owed)."""
    if phase.pending.get("kind") == "round":
        return list(phase.pending["voters"])
    if phase.pending:
        return [phase.pending["actor"]]
    if phase.kind == Phase.DAY:
        return state.alive_names()
    return [p.name for p in state.players if choices_now(state, p.name)]


def have_acted(state: roles.GameState, phase: Phase) -> set[str]:
    """Who has done what the phase waits for: voted (in the open round), decided, or
    (by night) sent every move the engine offers or said "nothing more"."""
    pending = phase.pending
    if pending.get("kind") == "round":
        return set(current_votes(phase, open_round(phase)))
    if pending:
        if pending["actor"] == GM_ACTOR:
            answered = any(a.get("ability") == pending["ability"] for a in phase.gm_actions)
        else:
            answered = phase.actions.filter(
                seat__name=pending["actor"], ability=pending["ability"]
            ).exists()
        return {pending["actor"]} if answered else set()
    if phase.kind == Phase.DAY:
        return set(current_votes(phase))
    sent: dict[str, set[str]] = {}
    for name, ability in phase.actions.values_list("seat__name", "ability"):
        sent.setdefault(name, set()).add(ability)
    return {name for name, abilities in sent.items() if not roles.owed(state, name, abilities)}


def acted_counts(state: roles.GameState, phase: Phase) -> dict:
    """For the GM: how many of those the phase waits for have acted (or voted)."""
    waiting_for = set(must_act(state, phase))
    return {"acted": len(waiting_for & have_acted(state, phase)), "of": len(waiting_for)}


def close_if_everyone_acted(change: Change, phase: Phase, state: roles.GameState) -> None:
    if phase.paused_at is not None:  # a paused phase never closes
        return
    waiting_for = must_act(state, phase)
    if waiting_for and set(waiting_for) <= have_acted(state, phase):
        resolve_and_close(change, phase, reason="everyone_acted", now=timezone.now())


ACTIONS_OF_PHASE = (
    "SELECT s.name, a.ability, a.targets, a.extra FROM games_action a"
    " JOIN games_seat s ON s.id = a.seat_id"
    " WHERE a.phase_id = %s AND a.ability <> '' ORDER BY a.submitted_at, a.id"
)


VOTES_OF_PHASE = (
    "SELECT s.name, v.target, v.round FROM games_vote v"
    " JOIN games_seat s ON s.id = v.voter_id WHERE v.phase_id = %s ORDER BY v.id"
)


def phase_input(phase: Phase) -> dict:
    """What the engine resolves the phase from: actions (and votes) in the order sent."""
    actions = [
        {"actor": actor, "ability": ability, "targets": targets, **extra}
        for actor, ability, targets, extra in rows.json_values(
            Action, ACTIONS_OF_PHASE, [phase.id], json_columns=(2, 3)
        )
    ]
    if phase.kind == Phase.NIGHT:
        return {"night": actions}
    ballots: dict[int, list] = {}
    for voter, target, round_no in rows.values(Vote, VOTES_OF_PHASE, [phase.id]):
        ballots.setdefault(round_no, []).append([voter, target or None])
    # A round the engine asked for is held even if nobody voted in it: an empty
    # round is the engine's to judge (else it would ask for the same round forever).
    pending = phase.pending or {}
    asked = pending.get("index", -1) + 1 if pending.get("kind") == "round" else 0
    rounds = [ballots.get(k, []) for k in range(1, max(*ballots, asked, 0) + 1)]
    return {
        "day": {
            "votes": ballots.get(0, []),
            "rounds": rounds,
            "actions": actions + list(phase.gm_actions),
        }
    }


def decision_seconds(game: Game) -> int:
    """How long a re-vote round or a decision the engine asks for may take: a quarter
    of the day, at least a minute (never more than the day itself)."""
    return min(game.day_seconds, max(60, game.day_seconds // 4))


def ask_for_decision(
    change: Change, phase: Phase, pending: roles.PendingDecision, now: datetime
) -> None:
    """The engine cannot close the phase before someone decides: ask, and wait for it."""
    question = {
        "kind": pending.kind,
        "choices": list(pending.choices),
        "voters": list(pending.voters),
        "index": pending.index,
        "actor": pending.actor,
        "ability": pending.ability,
    }
    phase.deadline = now + timedelta(seconds=decision_seconds(change.game))
    asked_before = phase.pending == question
    phase.pending = question
    phase.save(update_fields=["pending", "deadline"])
    schedule_deadline(phase)
    deadline = phase.deadline.isoformat()
    if asked_before:  # the deadline passed without an answer: wait once more
        change.log("deadline_extended", "public", {"deadline": deadline}, phase=phase)
        return
    # The question in words, as a message each reader is told in his language (games/text.py).
    asked = refusal_message(pending.reason)
    if pending.kind == "round":
        public = {"kind": "round", "round": pending.index + 1, "choices": question["choices"]}
        public.update(voters=question["voters"], deadline=deadline, question=asked)
        change.log("decision_needed", "public", public, phase=phase)
        return
    # Who decides may be secret (a hangman): the public only learns that the day waits.
    change.log("decision_needed", "public", {"kind": "action", "deadline": deadline}, phase=phase)
    private = {**question, "reason": pending.reason, "question": asked, "deadline": deadline}
    audience = "gm" if pending.actor == GM_ACTOR else f"seat:{pending.actor}"
    change.log("decision_needed", audience, private, phase=phase)
    if audience != "gm":
        change.log("decision_needed", "gm", private, phase=phase)


def stall(change: Change, phase: Phase, reason: str, now: datetime) -> None:
    """The engine refused what was submitted (a round with missing ballots): the phase
    stays open, the GM learns why, and the clock gives the players more time."""
    logger.warning("game %s phase %s cannot close: %s", change.game.id, phase.seq, reason)
    phase.deadline = now + timedelta(seconds=decision_seconds(change.game))
    phase.save(update_fields=["deadline"])
    schedule_deadline(phase)
    refusal = refusal_message(reason)  # the GM reads it in his language
    change.log("close_refused", "gm", {"reason": reason, "refusal": refusal}, phase=phase)
    change.log("deadline_extended", "public", {"deadline": phase.deadline.isoformat()}, phase=phase)


def resolve_and_close(change: Change, phase: Phase, *, reason: str, now: datetime) -> bool:
    """Resolve and close the phase; False when the engine waits for a decision first."""
    game = change.game
    ruleset = roles.get_ruleset(game.ruleset_id)
    state = engine_state(game)
    try:
        result = roles.resolve_phase(state, phase_input(phase))
    except roles.PendingDecision as pending:
        ask_for_decision(change, phase, pending, now)
        for answer in _practice_seats["ask"]:  # a bot asked answers at once (use_bots)
            answer(change, phase)
        return False
    except roles.IllegalAction as refusal:
        stall(change, phase, refusal.reason, now)
        return False
    new_state = result.state
    phase.closed_at = now
    phase.close_reason = reason
    phase.record = result.record
    rows.update(phase, ["closed_at", "close_reason", "record"])
    game.state = new_state.to_dict()
    for event in result.events:
        payload = dict(event.payload)
        if event.kind == "phase_closed":
            payload.update(seq=phase.seq, reason=reason)
            payload["deaths"] = [with_role_name(ruleset, d) for d in payload.get("deaths", [])]
        change.log(event.kind, audience_of(event.audience), payload, phase=phase)
    log_death_notes(change, phase, state, new_state)
    log_last_wills(change, phase, result.events)
    rooms.log_room_changes(change, phase, state, new_state)
    after = None
    change.regroup = rooms.regrouped(state, new_state)
    if new_state.ended:
        game.move_to(Status.FINISHED)
        game.finished_at = now
        game.winners = list(new_state.winners)
        release_held(game)  # a masked game's roulette (games/masks.py)
    else:
        after = open_next_phase(change, new_state, now, after=phase)
    for rule in _close_rules:  # the posts rule (use_close_rule)
        rule(change, phase, after, new_state)
    return True


def close_phase(
    game_id: int,
    phase_seq: int,
    *,
    reason: str,
    now: datetime | None = None,
    acting: dict | None = None,
) -> bool:
    """Close one phase; False (and no change) if it is closed already or not yet due.
    `acting`: the GM or co-GM who closes it (core.Change.acting)."""
    now = now or timezone.now()
    with transaction.atomic():
        try:
            change = lock_game(game_id)
        except ServiceError:
            return False  # a task for a deleted game, or for another database
        change.acting = dict(acting or {})
        change.now = now
        # Read after the lock, in its own statement: a phase joined to the locking
        # query would be the version from before a pause that held the lock.
        phase = rows.first(Phase, "game_id = %s AND seq = %s", [change.game.id, phase_seq])
        if phase is None or phase.closed_at is not None:
            return False
        if phase.paused_at is not None:  # a paused phase never closes
            return False
        if reason == "deadline" and phase.deadline > now:
            return False
        closed = resolve_and_close(change, phase, reason=reason, now=now)
        change.finish()
    return closed


def close_phase_at_deadline(game_id: int, phase_seq: int, now: datetime | None = None) -> bool:
    return close_phase(game_id, phase_seq, reason="deadline", now=now)


def sweep_overdue_phases(now: datetime | None = None) -> int:
    """Close every open phase whose deadline has passed; returns how many closed.

    The Celery beat task and the embedded timer thread both call this. Each game
    closes in its own transaction, so one failing game does not hold up others.
    """
    now = now or timezone.now()
    overdue = Phase.objects.filter(
        closed_at__isnull=True,
        deadline__lte=now,
        paused_at__isnull=True,
        game__status=Status.RUNNING,
    )
    overdue = list(overdue.values_list("game_id", "seq"))
    closed = 0
    for game_id, seq in overdue:
        try:
            closed += close_phase_at_deadline(game_id, seq, now=now)
        except Exception:
            logger.exception("could not close game %s phase %s", game_id, seq)
    return closed
