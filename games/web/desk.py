"""The GM's desk on the site: the order sheet and the preview of the open
phase (a fragment the GM's page refreshes as submissions arrive), the what-if page,
and the flavour form's post. Every URL here is the GM's alone: anyone else is sent to
log in or refused with 403, and learns nothing of the game. Only `flavour` and
`posts_rule` change anything, through games.services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import roles
from games import services
from games.desk import flavour as flavours
from games.desk import outcome, whatif
from games.desk.sheet import order_sheet
from games.models import Game, Status
from games.services import ServiceError
from games.viewer import viewer_for

REFUSED = gettext_lazy("Only the game's GM may use the desk.")


def _gm_game(request, game_id: int) -> Game | None:
    """The game if the user is its GM, else None (the caller answers 403)."""
    game = get_object_or_404(Game.objects.select_related("gm"), pk=game_id)
    return game if viewer_for(game, request.user, with_view=False).is_gm else None


def desk_context(game: Game) -> dict:
    """What the desk shows of the open phase: the sheet and the preview (or nothing
    between phases or once the game is over)."""
    phase = services.open_phase(game) if game.status == Status.RUNNING else None
    if phase is None:
        return {"desk_phase": None}
    state = services.engine_state(game)
    return {
        "desk_phase": phase,
        "desk_sheet": order_sheet(state, phase),
        "desk_preview": outcome.preview(game, phase),
    }


def gm_desk(game: Game) -> dict:
    """The running page's hook (games/web/game_page.py): the GM's desk, flavour box and
    posts rule."""
    return {
        **desk_context(game),
        "desk_flavours": flavours.flavour_rows(game),
        "desk_posts_rule": posts_rule_panel(game),
    }


def posts_rule_panel(game: Game) -> dict | None:
    """The posts rule as it counts now and, while a day runs, the GM's change that
    waits for its close (None between phases or once the game is over)."""
    phase = services.open_phase(game) if game.status == Status.RUNNING else None
    if phase is None:
        return None
    pending = services.pending_posts_rule(game, phase)
    return {"now": services.posts_rule_of(game), "pending": pending}


@login_required
@require_GET
def desk_live(request, game_id: int):
    """The sheet and the preview, as a fragment (static/games/desk.js swaps it in)."""
    game = _gm_game(request, game_id)
    if game is None:
        return HttpResponseForbidden(REFUSED)
    context = {"game": game, **desk_context(game)}
    response = render(request, "games/_desk_live.html", context)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_http_methods(["GET", "POST"])
def desk_whatif(request, game_id: int):
    """What if: the stored inputs as a form; posted back, the engine's outcome on the
    edited copy. Never stored, never pushed."""
    game = _gm_game(request, game_id)
    if game is None:
        return HttpResponseForbidden(REFUSED)
    phase = services.open_phase(game) if game.status == Status.RUNNING else None
    context = {"game": game, "phase": phase}
    if phase is None:
        return render(request, "games/_desk_whatif.html", context)
    state = services.engine_state(game)
    stored = services.phase_input(phase)
    if request.method == "POST":
        form = whatif.read_form(request.POST, state, stored)
        context["answer"] = None if form.problems else outcome.outcome_of(state, form.given)
        context["asked"] = True
    else:
        form = whatif.from_stored(stored)
    context.update(
        form=form,
        moves=whatif.move_options(state),
        voters=[p.name for p in state.players],
        vote_choices=whatif.vote_choices(state),
        stored_preview=outcome.outcome_of(state, stored),
        ruleset=roles.get_ruleset(game.ruleset_id),
    )
    response = render(request, "games/_desk_whatif.html", context)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def desk_flavour(request, game_id: int):
    """The GM sets (or, empty, removes) a role's flavour text."""
    if _gm_game(request, game_id) is None:
        return HttpResponseForbidden(REFUSED)
    role = request.POST.get("role", "")
    text = request.POST.get("text", "")
    try:
        services.set_flavour(request.user, game_id, role, text)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, gettext("The flavour text is saved.") if text.strip() else gettext("Removed.")
        )
    return redirect(reverse("game", args=[game_id]))


@login_required
@require_POST
def desk_posts_rule(request, game_id: int):
    """The GM changes the posts rule of the running game (from the next day's count)."""
    if _gm_game(request, game_id) is None:
        return HttpResponseForbidden(REFUSED)
    try:
        changed = services.set_posts_rule(
            request.user,
            game_id,
            request.POST.get("min_posts", ""),
            request.POST.get("post_days", ""),
            request.POST.get("substitute_instead") == "on",
        )
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            gettext("The posts rule is changed: it counts from day %(day)s.")
            % {"day": changed["from_day"]},
        )
    return redirect(reverse("game", args=[game_id]))
