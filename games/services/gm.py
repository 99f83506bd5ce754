"""The GM's interventions in a running game: close the phase, answer the engine's
question, extend the phase, pause and resume the clock, modkill a player, put
another account in a seat.

Each tool runs in one transaction
with the game row locked, refuses bad input with a `ServiceError` before writing
anything, logs its events and pushes them after commit. The rules of a modkill are
the engine's (`roles.modkill`); the GM's decisions where the documents are silent
are in docs/decisions/gm-tools.md.

While a phase is paused, its clock stands still: no deadline, no early close, no
fast close. Players may still talk (day thread, team chat, graveyard, private
messages, last words, notes) but may not act or vote (`core.refuse_if_paused`).
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

import roles
from games import rooms, ruleset_words
from games import text as game_text
from games.models import Game, Phase, Seat, Spectator, Status, Vote
from games.services import submissions
from games.services.core import (
    GM_ACTOR,
    MAX_PHASE_SECONDS,
    Change,
    ServiceError,
    audience_of,
    engine_state,
    gm_change,
    lock_game,
    runs_game,
    with_role_name,
)
from games.services.phases import (
    close_if_everyone_acted,
    close_phase,
    current_votes,
    resolve_and_close,
    schedule_deadline,
)
from games.services.roulette import release_held

MIN_EXTEND_SECONDS = 60
MAX_EXTEND_SECONDS = 7 * 24 * 3600


def time_left(phase: Phase, now) -> timedelta:
    """What the clock has left: frozen while paused, never negative."""
    return max(timedelta(0), phase.deadline - (phase.paused_at or now))


def _extension_seconds(value) -> int:
    try:
        seconds = int(value)
    except (TypeError, ValueError):
        raise ServiceError(gettext("Give the extension as a whole number of minutes.")) from None
    if not MIN_EXTEND_SECONDS <= seconds <= MAX_EXTEND_SECONDS:
        raise ServiceError(gettext("An extension is between 1 minute and 7 days."))
    return seconds


def gm_close_phase(gm, game_id: int, phase_seq: int | None = None) -> bool:
    with transaction.atomic():
        change, phase = gm_change(gm, game_id, phase_seq)
        if phase.paused_at is not None:
            raise ServiceError(gettext("The game is paused: resume it before closing the phase."))
        return close_phase(game_id, phase.seq, reason="gm", acting=change.acting)


def gm_decide(gm, game_id: int, choice: str, phase_seq: int | None = None) -> bool:
    """The GM answers the decision the engine asked for (ru_classic's tie rule "gm");
    returns whether the phase then closed."""
    with transaction.atomic():
        change, phase = gm_change(gm, game_id, phase_seq)
        if phase.paused_at is not None:
            raise ServiceError(gettext("The game is paused: resume it before deciding."))
        pending = phase.pending
        if pending.get("kind") != "action" or pending.get("actor") != GM_ACTOR:
            raise ServiceError(gettext("Nothing waits for your decision."))
        if choice not in pending["choices"]:
            raise ServiceError(
                gettext("Choose one of %(join)s.") % {"join": ", ".join(pending["choices"])}
            )
        answer = {"actor": GM_ACTOR, "ability": pending["ability"], "targets": [choice]}
        phase.gm_actions = [*phase.gm_actions, answer]
        phase.save(update_fields=["gm_actions"])
        change.log("gm_decided", "gm", answer, phase=phase)
        closed = resolve_and_close(change, phase, reason="decision", now=timezone.now())
        change.finish()
    return closed


def rule_vote(gm, game_id: int, voter: str, ruling: str, phase_seq: int | None = None) -> None:
    """The GM's ruling on one voter's vote this day (roles.Ruleset.vote_rulings: ru_hunt's
    vote thread); `ruling` "" withdraws the voter's ruling. Read by the engine at the close."""
    with transaction.atomic():
        change, phase = gm_change(gm, game_id, phase_seq)
        ruleset = roles.get_ruleset(change.game.ruleset_id)
        offered = dict(ruleset.vote_rulings)
        if phase.kind != Phase.DAY or not offered:
            raise ServiceError(gettext("There is no vote to rule on now."))
        if ruling and ruling not in offered:
            raise ServiceError(
                gettext("Choose one of: %(join)s.")
                % {"join": ", ".join(ruleset_words.ruling_label(ruleset, r) for r in offered)}
            )
        state = engine_state(change.game)
        if not state.has_player(voter) or not state.player(voter).alive:
            raise ServiceError(
                gettext("%(value)s is not a living player of this game.")
                % {"value": voter or "Nobody"}
            )
        others = [
            a
            for a in phase.gm_actions
            if not (a.get("ability") in offered and a.get("targets") == [voter])
        ]
        if not ruling and len(others) == len(phase.gm_actions):
            raise ServiceError(
                gettext("There is no ruling on %(voter)s's vote to withdraw.") % {"voter": voter}
            )
        rulings = [{"actor": GM_ACTOR, "ability": ruling, "targets": [voter]}] if ruling else []
        phase.gm_actions = [*others, *rulings]
        phase.save(update_fields=["gm_actions"])
        change.log("vote_ruled", "gm", {"player": voter, "ruling": ruling}, phase=phase)
        change.finish()


def vote_rulings_of(phase: Phase, ruleset) -> list[dict]:
    """This day's rulings on votes, for the GM's panel: voter and what it means."""
    offered = dict(ruleset.vote_rulings)
    return [
        {
            "player": a["targets"][0],
            "ruling": a["ability"],
            "label": ruleset_words.ruling_label(ruleset, a["ability"]),
        }
        for a in phase.gm_actions
        if a.get("ability") in offered and a.get("targets")
    ]


def extend_phase(gm, game_id: int, seconds, phase_seq: int | None = None, key: str = "") -> Phase:
    """Add time to the open phase (paused or not); the new deadline is pushed to all.
    The ETA task of the old deadline finds the phase not yet due and does nothing.

    `key`: the form's submission key (games/services/submissions.py): the same
    extension sent again (its answer was lost) extends once."""
    seconds = _extension_seconds(seconds)
    now = timezone.now()
    key = submissions.checked_key(key)
    choice = submissions.digest(extend=seconds, phase=phase_seq, game=game_id)
    with transaction.atomic():
        if key:
            lock_game(game_id)  # a retry racing its first attempt waits, then finds it
            first = submissions.first_submission(gm, key, choice)
            if first is not None:
                return Phase.objects.get(pk=first.created_id)
        change, phase = gm_change(gm, game_id, phase_seq)
        if time_left(phase, now) + timedelta(seconds=seconds) > timedelta(
            seconds=MAX_PHASE_SECONDS
        ):
            raise ServiceError(gettext("A phase cannot have more than 14 days left."))
        phase.deadline += timedelta(seconds=seconds)
        # A new deadline has its own reminder (games/services/reminders.py), to those
        # who still owe then: once per deadline.
        phase.reminded_at = None
        phase.save(update_fields=["deadline", "reminded_at"])
        payload = {"deadline": phase.deadline.isoformat(), "by": seconds, "gm": True}
        if phase.paused_at is not None:
            payload["paused"] = True
            payload["remaining"] = int(time_left(phase, now).total_seconds())
        else:
            schedule_deadline(phase)
        change.log("deadline_extended", "public", payload, phase=phase)
        submissions.remember(gm, change.game, key, choice, "extension", phase.pk)
        change.finish()
    return phase


def pause_phase(gm, game_id: int, phase_seq: int | None = None) -> Phase:
    """Stop the clock: the phase keeps the time it has left."""
    now = timezone.now()
    with transaction.atomic():
        change, phase = gm_change(gm, game_id, phase_seq)
        if phase.paused_at is not None:
            raise ServiceError(gettext("The game is already paused."))
        phase.paused_at = now
        phase.save(update_fields=["paused_at"])
        remaining = int(time_left(phase, now).total_seconds())
        change.log("paused", "public", {"remaining": remaining}, phase=phase)
        change.finish()
    return phase


def resume_phase(gm, game_id: int, phase_seq: int | None = None) -> Phase:
    """Start the clock again with the time the phase had left; a phase whose every
    awaited player has acted (a modkill during the pause) closes now."""
    now = timezone.now()
    with transaction.atomic():
        change, phase = gm_change(gm, game_id, phase_seq)
        if phase.paused_at is None:
            raise ServiceError(gettext("The game is not paused."))
        phase.deadline = now + time_left(phase, now)
        phase.paused_at = None
        phase.save(update_fields=["deadline", "paused_at"])
        schedule_deadline(phase)
        change.log("resumed", "public", {"deadline": phase.deadline.isoformat()}, phase=phase)
        close_if_everyone_acted(change, phase, engine_state(change.game))
        change.finish()
    return phase


def modkill_player(gm, game_id: int, name: str, phase_seq: int | None = None) -> Phase:
    """Remove a player at once (roles.modkill): his input of the phase is void, and so
    are actions aimed at him and votes on him (those players are told and may choose
    again); the game may end here."""
    now = timezone.now()
    with transaction.atomic():
        change, phase = gm_change(gm, game_id, phase_seq)
        game = change.game
        if phase.pending:
            raise ServiceError(
                gettext("The phase waits for a decision: settle it (or close the phase) first.")
            )
        seat = game.seats.filter(name=name).first()
        if seat is None:
            raise ServiceError(
                gettext("There is no player %(name)s in this game.") % {"name": repr(name)}
            )
        modkill_seat(change, phase, seat, now)
        change.finish()
    return phase


def modkill_seat(change, phase: Phase, seat, now, why: dict | None = None) -> roles.GameState:
    """The one modkill path, inside the caller's locked change: the GM's tool, and the
    posts rule at a day's close (games/services/activity.py, `why` names the rule in the
    public event). Returns the new engine state; a phase the modkill ends is closed."""
    game = change.game
    state = engine_state(game)
    try:
        result = roles.modkill(state, seat.name)
    except roles.IllegalAction as refusal:
        raise ServiceError(game_text.refusal_sentence(refusal.reason), refusal.message) from None
    phase.modkills = [*phase.modkills, seat.name]
    voided_actions = _void_actions(phase, seat)
    voided_votes = _void_votes(phase, seat)
    game.state = result.state.to_dict()
    ruleset = roles.get_ruleset(game.ruleset_id)
    for event in result.events:
        payload = dict(event.payload)
        if event.kind == "modkill":
            payload["deaths"] = [with_role_name(ruleset, d) for d in payload.get("deaths", [])]
            # The change (whose ballots are void), not the tally: it is counted when shown.
            payload["void_votes"] = voided_votes
            payload.update(why or {})
        change.log(event.kind, audience_of(event.audience), payload, phase=phase)
    # Those whose night rooms change (a Jailor's prisoner) are told and regroup.
    rooms.log_room_changes(change, phase, state, result.state)
    # A close that listed the seats whose groups changed (rooms.regrouped) did not know
    # of this death (the posts rule modkills inside the close): every socket judges again.
    change.regroup = None
    # The player learns it privately too (his socket moves to the graveyard).
    told = {"player": seat.name, "you": True, **(why or {})}
    change.log("modkill", f"seat:{seat.name}", told, phase)
    for actor in voided_actions:
        notice = {"player": seat.name, "reason": "modkill"}
        change.log("action_void", f"seat:{actor}", notice, phase=phase)
    if result.state.ended:
        phase.closed_at = now
        phase.close_reason = "modkill"
        phase.record = result.record
        game.move_to(Status.FINISHED)
        game.finished_at = now
        game.winners = list(result.state.winners)
        release_held(game)  # a masked game's roulette (games/masks.py)
    phase.save(update_fields=["modkills", "closed_at", "close_reason", "record"])
    if not result.state.ended and phase.paused_at is None and why is None:
        close_if_everyone_acted(change, phase, result.state)
    return result.state


def _void_actions(phase: Phase, seat) -> list[str]:
    """Delete the modkilled player's action and every action aimed at him; returns
    the other actors (told privately: they may choose again)."""
    told = []
    for action in phase.actions.select_related("seat"):
        if action.seat_id == seat.id:
            action.delete()
        elif seat.name in (action.targets or []):
            told.append(action.seat.name)
            action.delete()
    return told


def _void_votes(phase: Phase, seat) -> list[str]:
    """Delete the modkilled player's ballots and every ballot history whose current
    vote names him (that voter has no vote until he votes again); returns those voters."""
    Vote.objects.filter(phase=phase, voter=seat).delete()
    voided = []
    for round_no in phase.votes.values_list("round", flat=True).distinct():
        for voter, target in current_votes(phase, round_no).items():
            if target == seat.name:
                Vote.objects.filter(phase=phase, voter__name=voter, round=round_no).delete()
                voided.append(voter)
    return sorted(set(voided))


def replace_player(gm, game_id: int, seat_name: str, username: str, phase_seq=None):
    """Put another account in a living player's seat. The seat keeps its name, role and
    history; the newcomer reads everything the seat received (role, results, private
    messages: the full PM history a forum GM hands a replacement); the old account
    loses all access at once."""
    username = (username or "").strip()
    with transaction.atomic():
        change, phase = gm_change(gm, game_id, phase_seq)
        game = change.game
        seat = _seat_to_replace(game, seat_name)
        newcomer = _newcomer(game, username)
        previous = seat.user.username
        seat.user = newcomer
        seat.is_bot = False  # a practice seat handed to a person is a person's seat
        # The newcomer starts with no warning of the posts rule (roles/activity.py), and
        # the substitute the posts rule asked for is found.
        seat.activity_warned = False
        seat.substitute_wanted = False
        seat.save(update_fields=["user", "is_bot", "activity_warned", "substitute_wanted"])
        _log_replacement(change, phase, seat.name, newcomer.username, previous)
        change.finish()
    return seat


def _seat_to_replace(game: Game, seat_name: str) -> Seat:
    """A living player's seat (a dead player's seat has nothing left to play)."""
    seat = game.seats.select_related("user").filter(name=seat_name).first()
    if seat is None:
        raise ServiceError(
            gettext("There is no player %(seat_name)s in this game.")
            % {"seat_name": repr(seat_name)}
        )
    if not engine_state(game).player(seat.name).alive:
        raise ServiceError(
            gettext("%(name)s is dead: only a living player is replaced.") % {"name": seat.name}
        )
    return seat


def _newcomer(game: Game, username: str):
    """An active account that neither runs, plays nor watched the game (a spectator
    read the graveyard chat)."""
    newcomer = get_user_model().objects.filter(username=username, is_active=True).first()
    if newcomer is None:
        raise ServiceError(
            gettext("There is no account named %(username)s.") % {"username": repr(username)}
        )
    if runs_game(game, newcomer):
        raise ServiceError(
            gettext("The GM runs the game and cannot take a seat in it (nor a co-GM).")
        )
    if game.seats.filter(user=newcomer).exists():
        raise ServiceError(
            gettext("%(username)s already plays in this game.") % {"username": newcomer.username}
        )
    if Spectator.objects.filter(game=game, user=newcomer).exists():
        raise ServiceError(
            gettext(
                "%(username)s has watched this game (the graveyard chat included) and cannot "
                "take a seat in it."
            )
            % {"username": newcomer.username}
        )
    return newcomer


def _log_replacement(change: Change, phase: Phase, name: str, newcomer: str, was: str) -> None:
    note = {"player": name, "by": newcomer, "was": was}
    if change.game.masks:
        # Behind a mask the accounts are the GM's: the thread and the seat read
        # only that the mask has a new player (games/masks.py).
        masked = {"player": name, "masked": True}
        change.log("replaced", "public", masked, phase=phase)
        change.log("replaced", f"seat:{name}", masked, phase=phase)
        change.log("replaced", "gm", note, phase=phase)
    else:
        change.log("replaced", "public", note, phase=phase)
        change.log("replaced", f"seat:{name}", note, phase=phase)
