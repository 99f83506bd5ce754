"""Playing: a seat's actions and votes in the open phase (which may close the phase
early: everyone acted, or the ruleset's fast votes)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

import roles
from games import ruleset_words
from games import text as game_text
from games.models import (
    Action,
    Game,
    Phase,
    Seat,
    Vote,
)
from games.services import submissions, votes
from games.services.core import (
    ServiceError,
    check_move_rate,
    choices_now,
    engine_state,
    lock_game,
    refuse_if_late,
    refuse_if_paused,
    running_phase,
    seat_of,
)
from games.services.phases import (
    acted_counts,
    close_if_everyone_acted,
    current_votes,
    open_round,
    resolve_and_close,
)


def submit_action(
    user,
    game_id: int,
    *,
    ability: str,
    targets: list[str] | None = None,
    extra: dict | None = None,
    phase_seq: int | None = None,
    key: str = "",
) -> Action | None:
    """Record (or replace) this seat's choice of one ability for the open phase.

    A seat may use every ability the engine offers it now, each in its own row, alive
    or dead (the engine says who may act: the lynched Jester haunts). `ability=""` is
    "I do nothing this phase": it withdraws the seat's other choices and counts as
    having acted (see `finish_actions` for "nothing more", keeping them).

    `key`: the form's submission key (games/services/submissions.py): a retry of a
    move already stored returns it and changes nothing.
    """
    targets = list(targets or [])
    extra = dict(extra or {})
    now = timezone.now()
    key = submissions.checked_key(key)
    choice = submissions.digest(
        move=ability, targets=targets, extra=extra, phase=phase_seq, game=game_id
    )
    with transaction.atomic():
        first = _first_move(user, game_id, key, choice)
        if first is not None:
            return Action.objects.filter(pk=first.created_id).first()
        change, seat, phase, state, offered = _move_start(user, game_id, phase_seq, now)
        replaced: list[str] = []
        if ability:
            _check_offered(state, seat.name, offered, ability, targets, extra)
            mine = Action.objects.filter(phase=phase, seat=seat)
            sent = set(mine.values_list("ability", flat=True))
            # His one action's earlier move, where the ruleset gives one (the engine says).
            replaced = roles.replaced_moves(state, seat.name, ability, sent)
            # Choosing a move again means the seat is no longer "done".
            mine.filter(ability__in=[roles.DONE, *replaced]).delete()
        elif targets or extra:
            raise ServiceError(gettext("Doing nothing takes no target."))
        else:
            Action.objects.filter(phase=phase, seat=seat).exclude(ability=roles.DONE).delete()
        stored, _ = Action.objects.update_or_create(
            phase=phase,
            seat=seat,
            ability=ability,
            defaults={"targets": targets, "extra": extra, "submitted_at": now},
        )
        submissions.remember(user, change.game, key, choice, "action", stored.pk)
        _log_move(
            change,
            phase,
            state,
            seat.name,
            "action_recorded",
            ability,
            targets,
            extra,
            replaced=replaced,
        )
        close_if_everyone_acted(change, phase, state)
        change.finish()
    return stored


def finish_actions(
    user, game_id: int, phase_seq: int | None = None, key: str = ""
) -> Action | None:
    """ "Nothing more this phase": the seat's choices stand and it counts as having
    acted, though the engine offered more (roles.owed)."""
    now = timezone.now()
    key = submissions.checked_key(key)
    choice = submissions.digest(move="done", phase=phase_seq, game=game_id)
    with transaction.atomic():
        first = _first_move(user, game_id, key, choice)
        if first is not None:
            return Action.objects.filter(pk=first.created_id).first()
        change, seat, phase, state, _ = _move_start(user, game_id, phase_seq, now)
        stored, _ = Action.objects.update_or_create(
            phase=phase,
            seat=seat,
            ability=roles.DONE,
            defaults={"targets": [], "extra": {}, "submitted_at": now},
        )
        submissions.remember(user, change.game, key, choice, "action", stored.pk)
        _log_move(change, phase, state, seat.name, "action_recorded", roles.DONE, [], {}, True)
        close_if_everyone_acted(change, phase, state)
        change.finish()
    return stored


def _first_move(user, game_id: int, key: str, choice: str):
    """The stored submission this one repeats (the game locked first, so a retry
    racing its first attempt waits for it and then finds it), or None."""
    if not key:
        return None
    lock_game(game_id)
    return submissions.first_submission(user, key, choice)


def _move_start(user, game_id: int, phase_seq: int | None, now):
    """A move's start (inside its transaction): the game locked, the caller's seat, the
    open phase (not paused, its deadline not passed) and what the engine offers it."""
    change = lock_game(game_id)
    seat = seat_of(change.game, user)
    phase = running_phase(change.game, phase_seq)
    refuse_if_paused(phase)
    refuse_if_late(phase, now, "move")
    check_move_rate(phase, seat, now)
    state = engine_state(change.game)
    offered = {c["ability"]: c for c in choices_now(state, seat.name)}
    if not offered:
        raise ServiceError(
            gettext("You have nothing to do this night.")
            if phase.kind == "night"
            else gettext("You have nothing to do this day.")
        )
    return change, seat, phase, state, offered


def _check_offered(state, name: str, offered: dict, ability: str, targets, extra) -> None:
    """The move is one the engine offers this seat now, with targets and fields it
    allows (a forged form field is refused), and the engine accepts it."""
    if ability not in offered:
        raise ServiceError(gettext("You cannot use %(ability)s now.") % {"ability": repr(ability)})
    choice = offered[ability]
    unknown = set(targets) - set(choice["targets"])
    if unknown:
        raise ServiceError(
            gettext("%(join)s cannot be targeted by this.") % {"join": ", ".join(sorted(unknown))}
        )
    for key, value in extra.items():
        allowed = choice.get("extra", {}).get(key)
        if allowed is None:
            raise ServiceError(gettext("Unexpected field %(key)s.") % {"key": repr(key)})
        if value not in allowed:
            raise ServiceError(
                gettext("%(value)s is not a valid %(key)s.") % {"value": repr(value), "key": key}
            )
    action = {"actor": name, "ability": ability, "targets": targets, **extra}
    try:
        roles.check_action(state, action)
    except roles.IllegalAction as refusal:
        said = game_text.refusal_text(refusal.reason, ruleset=state.ruleset)
        raise ServiceError(said, refusal.message) from None


def _log_move(
    change, phase, state, name, kind, ability, targets, extra, done=False, replaced=()
) -> None:
    """The seat's own copy of its move, and the GM's (with how many have acted)."""
    summary = {"ability": ability, "targets": targets, **extra}
    if done:
        summary["done"] = True
    if replaced:
        summary["replaces"] = list(replaced)
    change.log(kind, f"seat:{name}", summary, phase=phase)
    counts = acted_counts(state, phase)
    change.log(kind, "gm", {"player": name, **summary, **counts}, phase=phase)


def withdraw_action(
    user, game_id: int, phase_seq: int | None = None, ability: str | None = None, key: str = ""
) -> None:
    """Withdraw one ability's choice (`ability`), or all of the seat's choices (None)."""
    now = timezone.now()
    key = submissions.checked_key(key)
    choice = submissions.digest(withdraw=ability, phase=phase_seq, game=game_id)
    with transaction.atomic():
        if _first_move(user, game_id, key, choice) is not None:
            return
        change = lock_game(game_id)
        game = change.game
        seat = seat_of(game, user)
        phase = running_phase(game, phase_seq)
        refuse_if_paused(phase)
        refuse_if_late(phase, now, "withdrawal")
        check_move_rate(phase, seat, now)
        rows = Action.objects.filter(phase=phase, seat=seat)
        if ability is not None:
            rows = rows.filter(ability=ability)
        deleted, _ = rows.delete()
        if not deleted:
            raise ServiceError(gettext("You have no action to withdraw."))
        submissions.remember(user, game, key, choice, "withdrawal", None)
        mine = {} if ability is None else {"ability": ability}
        change.log("action_withdrawn", f"seat:{seat.name}", mine, phase=phase)
        change.log(
            "action_withdrawn",
            "gm",
            {"player": seat.name, **mine, **acted_counts(engine_state(game), phase)},
            phase=phase,
        )
        change.finish()


def cast_vote(
    user,
    game_id: int,
    target: str | None,
    phase_seq: int | None = None,
    fast: bool = False,
    key: str = "",
) -> Vote | None:
    """Vote for a player, "pass" where the ruleset allows it, or None/"" to withdraw.

    `fast` marks the vote "fast" where the ruleset has fast votes (ru_classic): the day
    closes as soon as the ruleset's `fast_close` says the host may close it.

    `key`: the form's submission key: a retry of a vote already stored returns it and
    counts as no change (games/services/submissions.py)."""
    target = target or None
    key = submissions.checked_key(key)
    choice = submissions.digest(vote=target, fast=fast, phase=phase_seq, game=game_id)
    with transaction.atomic():
        first = _first_move(user, game_id, key, choice)
        if first is not None:
            return Vote.objects.filter(pk=first.created_id).first()
        change = lock_game(game_id)
        game = change.game
        seat = seat_of(game, user)
        phase = running_phase(game, phase_seq)
        state = _voter_state(game, phase, seat)
        round_no = open_round(phase)
        fast_close = roles.get_ruleset(state.ruleset).fast_close
        if fast:
            _refuse_unless_fast(fast_close, round_no, target)
        if round_no:
            _refuse_outside_the_round(phase, seat, target)
        elif phase.pending:
            raise ServiceError(gettext("The vote is over: the day waits for a decision."))
        _refuse_the_change(state, phase, seat, target, round_no)
        was = votes.previous_target(phase, seat, round_no)
        vote = Vote.objects.create(
            phase=phase,
            voter=seat,
            target=target or "",
            round=round_no,
            fast=fast,
            cast_at=timezone.now(),
        )
        submissions.remember(user, game, key, choice, "vote", vote.pk)
        # The change alone: the tally is counted where it is shown (services/votes.py).
        votes.log_vote(change, phase, seat, target, round_no, was, fast)
        if fast_close is not None and not phase.pending and fast_close_now(state, phase):
            resolve_and_close(change, phase, reason="fast", now=timezone.now())
        else:
            close_if_everyone_acted(change, phase, state)
        change.finish()
    return vote


def _voter_state(game: Game, phase: Phase, seat: Seat) -> roles.GameState:
    """The engine state, once this seat may vote now: by day, the clock running and
    not past the deadline, not too fast, alive."""
    refuse_if_paused(phase)
    if phase.kind != Phase.DAY:
        raise ServiceError(gettext("Votes are cast during the day."))
    now = timezone.now()
    refuse_if_late(phase, now, "vote")
    check_move_rate(phase, seat, now)
    state = engine_state(game)
    if not state.player(seat.name).alive:
        raise ServiceError(gettext("You are dead and cannot vote."))
    return state


def _refuse_unless_fast(fast_close, round_no: int, target: str | None) -> None:
    """A fast vote: where the ruleset has them, for a player, in the day's vote."""
    if fast_close is None or round_no or target is None:
        raise ServiceError(
            gettext("This ruleset has no fast votes.")
            if fast_close is None
            else gettext("Only a vote for a player in the day's vote can be fast.")
        )


def _refuse_outside_the_round(phase: Phase, seat: Seat, target: str | None) -> None:
    """A round's ballot: one of its voters, one of its choices (or a withdrawal)."""
    if seat.name not in phase.pending["voters"]:
        raise ServiceError(gettext("You do not vote in this round."))
    if target is not None and target not in phase.pending["choices"]:
        offered = phase.pending["choices"]
        words = ruleset_words.ballot_labels(offered)  # "казнить", not "execute"
        choices = ", ".join(words.get(choice, choice) for choice in offered)
        raise ServiceError(gettext("This round is a choice of %(choices)s.") % {"choices": choices})


def _refuse_the_change(
    state: roles.GameState, phase: Phase, seat: Seat, target: str | None, round_no: int
) -> None:
    """A change of vote the ruleset allows, a vote to withdraw, a target the engine
    accepts (a round's choices were checked with the round)."""
    previous = current_votes(phase, round_no).get(seat.name)
    cast_before = phase.votes.filter(voter=seat, round=round_no).count()
    refusal = vote_change_refusal(state, cast_before)
    if refusal:
        raise ServiceError(refusal)
    if target is None and previous is None:
        raise ServiceError(gettext("You have no vote to withdraw."))
    if target is not None and not round_no:
        try:
            roles.check_vote(state, seat.name, target)
        except roles.IllegalAction as refusal:
            said = game_text.refusal_text(refusal.reason, ruleset=state.ruleset)
            raise ServiceError(said, refusal.message) from None


def fast_close_now(state: roles.GameState, phase: Phase) -> bool:
    """Does the ruleset let the day close now on its fast votes? (each voter's latest
    vote counts, and it is fast only if that latest vote was marked fast)"""
    latest: dict[str, tuple[str, bool]] = {}
    for voter, target, fast in (
        phase.votes.filter(round=0).order_by("id").values_list("voter__name", "target", "fast")
    ):
        latest[voter] = (target, fast)
    ballots = {voter: target for voter, (target, _) in latest.items() if target}
    fasts = {voter for voter, (target, fast) in latest.items() if target and fast}
    return bool(roles.get_ruleset(state.ruleset).fast_close(state, ballots, fasts))


def vote_change_refusal(state: roles.GameState, cast_before: int) -> str:
    """Why one more vote event is refused: the ruleset's `vote_changes` limit (ru_sport: a
    vote may be changed once), counted like the engine counts it (a withdrawal is an event
    too); "" when it is allowed."""
    limit = roles.get_ruleset(state.ruleset).vote_changes
    if limit is None or cast_before < limit + 1:
        return ""
    if limit == 0:
        return gettext("Votes cannot be changed in this ruleset.")
    return ngettext(
        "A vote may be changed only once in this ruleset.",
        "A vote may be changed only %(n)s times in this ruleset.",
        limit,
    ) % {"n": limit}
