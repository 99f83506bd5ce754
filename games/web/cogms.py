"""The people around a game: its co-GMs (add, remove, hand the game over) and its
practice seats (bots). Forms post here; every change goes through games.services
(games/services/cogms.py, games/services/bots.py)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games import services
from games.web.posting import service_post


def people_context(game, viewer) -> dict:
    """What every page of the game shows of its co-GMs and bots."""
    return {
        "free_seats": max(0, services.preset_size(game) - game.seats.count()),
        "cogms": services.cogm_names(game),
        "bots": services.bot_names(game),
        # Only the GM himself manages co-GMs and hands over (never a co-GM).
        "may_manage_cogms": viewer.is_gm and not viewer.is_cogm and game.status != "finished",
    }


@login_required
@require_POST
def add_cogm(request, game_id: int):
    username = request.POST.get("username", "").strip()
    return service_post(
        request,
        game_id,
        lambda: services.add_cogm(request.user, game_id, username),
        gettext("%(username)s is now a co-GM of this game.") % {"username": username},
    )


@login_required
@require_POST
def remove_cogm(request, game_id: int):
    username = request.POST.get("username", "").strip()
    return service_post(
        request,
        game_id,
        lambda: services.remove_cogm(request.user, game_id, username),
        gettext("%(username)s is no longer a co-GM.") % {"username": username},
    )


@login_required
@require_POST
def hand_over(request, game_id: int):
    username = request.POST.get("username", "").strip()

    def call():
        if request.POST.get("sure") != "1":
            raise services.ServiceError(gettext("Tick the box to confirm the hand-over."))
        services.hand_over(request.user, game_id, username)

    return service_post(
        request,
        game_id,
        call,
        gettext("%(username)s is the GM now; you stay on as a co-GM.") % {"username": username},
    )


@login_required
@require_POST
def add_bots(request, game_id: int):
    return service_post(
        request,
        game_id,
        lambda: services.add_bots(request.user, game_id, request.POST.get("count", "")),
        gettext("The bots took their seats."),
    )


@login_required
@require_POST
def remove_bot(request, game_id: int):
    name = request.POST.get("player", "")
    return service_post(
        request,
        game_id,
        lambda: services.remove_bot(request.user, game_id, name),
        gettext("%(name)s left.") % {"name": name},
    )
