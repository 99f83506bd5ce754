"""Co-GMs: other accounts the GM adds to run the game beside him, and the hand-over.

A co-GM is a GM everywhere a GM is (`core.runs_game`): he reads every page, event and
socket message the GM reads and uses every GM tool, in the lobby (sign-ups, start,
cancel, practice seats) and while the game runs. What he does is logged under his own
name (`core.act_as_gm`: "Co-GM carol added 15:00 ..."). He is never a player of the
game: an account that holds (or held) a seat, or the account of a practice seat, is
refused, and a co-GM cannot join, watch or replace into the game.

Only the GM himself adds and removes co-GMs and hands the game over. The rulings, as a
forum host would make them:

- the game is handed to one of its co-GMs only (add the account as co-GM first): a
  new host is someone who has already been reading the game, never a stranger handed
  every role at one click;
- the old GM stays on as a co-GM (he knows everything anyway, and a forum host who
  hands over usually stays to help); the new GM may remove him like any co-GM;
- a removed co-GM loses access at once: his pages show the public game, and his
  open socket leaves the GM's group on the removal's commit (games/live/consumers.py);
- after the game (finished or cancelled) nothing changes any more.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext

from games.models import CoGM, Game, Status
from games.services.core import ServiceError, act_as_gm, lock_game

# Events whose account may have gained or lost the GM's access (the socket re-reads).
ACCESS_KINDS = frozenset({"cogm_added", "cogm_removed", "gm_handed_over"})

MAX_COGMS = 5


def cogm_names(game: Game) -> list[str]:
    """The co-GMs' account names, in the order they were added."""
    return list(game.cogms.order_by("added_at", "id").values_list("user__username", flat=True))


def _head_gm_change(gm, game_id: int):
    """A change only the GM himself may make (not a co-GM), on a game not yet over."""
    change = lock_game(game_id)
    act_as_gm(change, gm)
    game = change.game
    if game.gm_id != gm.id:
        raise ServiceError(gettext("Only the game's GM (not a co-GM) may do that."))
    if game.status == Status.FINISHED:
        raise ServiceError(gettext("The game is over: nothing changes any more."))
    return change


def _account(username: str):
    username = (username or "").strip()
    if not username:
        raise ServiceError(gettext("Give the account's name."))
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise ServiceError(
            gettext("There is no account named %(username)s.") % {"username": repr(username)}
        )
    return user


def add_cogm(gm, game_id: int, username: str) -> CoGM:
    with transaction.atomic():
        change = _head_gm_change(gm, game_id)
        game = change.game
        user = _account(username)
        if user.id == game.gm_id:
            raise ServiceError(gettext("You are the GM of this game already."))
        if game.cogms.filter(user=user).exists():
            raise ServiceError(
                gettext("%(username)s is a co-GM of this game already.")
                % {"username": user.username}
            )
        if game.seats.filter(user=user).exists():
            raise ServiceError(
                gettext("%(username)s plays in this game: a player cannot be a co-GM of it.")
                % {"username": user.username}
            )
        if game.events.filter(
            kind="replaced", audience__in=("public", "gm"), payload__was=user.username
        ):
            raise ServiceError(
                gettext("%(username)s played in this game (replaced): a player cannot be a co-GM.")
                % {"username": user.username}
            )
        if game.cogms.count() >= MAX_COGMS:
            raise ServiceError(
                gettext("A game has at most %(max_cogms)s co-GMs.") % {"max_cogms": MAX_COGMS}
            )
        cogm = CoGM.objects.create(game=game, user=user)
        change.log("cogm_added", "public", {"account": user.username})
        change.finish()
    return cogm


def remove_cogm(gm, game_id: int, username: str) -> None:
    with transaction.atomic():
        change = _head_gm_change(gm, game_id)
        username = (username or "").strip()
        deleted, _ = change.game.cogms.filter(user__username=username).delete()
        if not deleted:
            raise ServiceError(
                gettext("%(value)s is not a co-GM of this game.") % {"value": username or "Nobody"}
            )
        change.log("cogm_removed", "public", {"account": username})
        change.finish()


def hand_over(gm, game_id: int, username: str) -> None:
    """The GM hands the game to one of its co-GMs and stays on as a co-GM."""
    with transaction.atomic():
        change = _head_gm_change(gm, game_id)
        game = change.game
        username = (username or "").strip()
        cogm = game.cogms.select_related("user").filter(user__username=username).first()
        if cogm is None:
            raise ServiceError(
                gettext(
                    "%(value)s is not a co-GM of this game: add the account as co-GM first, then "
                    "hand the game over."
                )
                % {"value": username or "Nobody"}
            )
        newcomer = cogm.user
        cogm.delete()
        CoGM.objects.create(game=game, user=gm)
        game.gm = newcomer  # Change.finish writes the game row
        change.log("gm_handed_over", "public", {"account": newcomer.username, "was": gm.username})
        change.finish()
