"""Leaving a running game (002's leavers, roles/leavers.py): the player's own confirmed
leave, or the GM recording that a player has gone. The engine takes it at once: the
leaver is offered nothing more, his moves and ballot of the open phase are void, and
he dies at the leavers' place of the night (this one, or the next if he left by day)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

import roles
from games import text as game_text
from games.models import Action, Phase, Vote
from games.services.core import (
    Change,
    ServiceError,
    engine_state,
    gm_change,
    lock_game,
    running_phase,
    seat_of,
)
from games.services.phases import close_if_everyone_acted
from roles.leavers import GM_ACTOR, has_leavers

LEFT_KIND = "left_game"


def leavers_allowed(game) -> bool:
    """Does the game's ruleset play 002's leavers (bay12, sc2)?"""
    return has_leavers(roles.get_ruleset(game.ruleset_id))


def leave_running_game(user, game_id: int, sure: bool, phase_seq: int | None = None) -> None:
    """The player leaves the game he plays in; `sure`: he confirmed it."""
    with transaction.atomic():
        change = lock_game(game_id)
        seat = seat_of(change.game, user)
        phase = running_phase(change.game, phase_seq)
        if not sure:
            raise ServiceError(gettext("Tick the box to confirm: leaving cannot be undone."))
        _leave(change, phase, seat, by="player")
        change.finish()


def record_leaver(gm, game_id: int, name: str, phase_seq: int | None = None) -> None:
    """The GM records that a player has left the game (gone silent, asked by mail)."""
    with transaction.atomic():
        change, phase = gm_change(gm, game_id, phase_seq)
        seat = change.game.seats.filter(name=name).first()
        if seat is None:
            raise ServiceError(
                gettext("There is no player %(name)s in this game.") % {"name": repr(name)}
            )
        _leave(change, phase, seat, by="gm")
        change.finish()


def _leave(change: Change, phase: Phase, seat, by: str) -> None:
    game = change.game
    if not leavers_allowed(game):
        raise ServiceError(
            gettext("This ruleset has no leavers: a player who must go asks the GM, who modkills.")
        )
    if phase.pending:
        raise ServiceError(gettext("The phase waits for a decision: settle it first."))
    state = engine_state(game)
    try:
        new = roles.leave(state, seat.name)
    except roles.IllegalAction as refusal:
        said = game_text.refusal_sentence(refusal.reason, drop_actor=GM_ACTOR)
        raise ServiceError(said, refusal.message) from None
    # His own moves and ballot of this phase are void (the engine ignores them too).
    Action.objects.filter(phase=phase, seat=seat).delete()
    # (No tally in the event: the vote history and the pages count it from the ballots.)
    Vote.objects.filter(phase=phase, voter=seat).delete()
    game.state = new.to_dict()
    payload = {"player": seat.name, "by": by, "tonight": phase.kind == Phase.NIGHT}
    change.log(LEFT_KIND, "public", payload, phase=phase)
    close_if_everyone_acted(change, phase, new)
