"""Pages and form posts. Views read; every change goes through games.services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

import roles
from games import masks, ruleset_words, services
from games.cursors import BadCursor, read_position
from games.desk.flavour import seat_flavour
from games.models import Game, Status
from games.services import ServiceError
from games.text import line_for, with_accounts
from games.viewer import advanced, streams_of, viewer_for, visible_events
from games.web.posting import service_post

# The lobby lists the newest games of each kind, never the whole history: a site with
# thousands of games rendered every one of them (and loaded each game's state).
LISTED_OPEN_OR_RUNNING = 100
LISTED_FINISHED = 20


def _listed_games(statuses: tuple[str, ...], limit: int) -> list[dict]:
    games = (
        Game.objects.filter(status__in=statuses)
        .select_related("gm")
        .defer("state", "options", "winners")
        .annotate(filled=Count("seats"))
        .order_by("-id")[:limit]
    )
    rows = []
    for game in games:
        try:
            title = ruleset_words.ruleset_title(roles.get_ruleset(game.ruleset_id))
        except KeyError:
            title = game.ruleset_id
        needed = services.preset_size(game)
        rows.append({"game": game, "ruleset": title, "filled": game.filled, "needed": needed})
    return rows


def lobby(request):
    return render(
        request,
        "games/lobby.html",
        {
            "open_games": _listed_games((Status.LOBBY,), LISTED_OPEN_OR_RUNNING),
            "running_games": _listed_games((Status.RUNNING,), LISTED_OPEN_OR_RUNNING),
            # A cancelled game leaves the open list for this one, marked (its players
            # find its page there); see docs/decisions/site-lobby.md.
            "finished_games": _listed_games((Status.FINISHED, Status.CANCELLED), LISTED_FINISHED),
        },
    )


def role_card(request, game_id: int):
    """The viewer's own role card, as plain text (only your own: nobody else's)."""
    game = get_object_or_404(Game, pk=game_id)
    viewer = viewer_for(game, request.user)
    if viewer.seat is None or not game.state:
        raise Http404(gettext("You have no role card in this game."))
    card = viewer.view.get("card", "")
    flavour = seat_flavour(game, viewer.seat.name)
    if flavour:  # the GM's flavour text, above the engine's card
        card = f"{flavour}\n\n{card}"
    return HttpResponse(card, content_type="text/plain; charset=utf-8")


def events_after(request, game_id: int):
    """Everything this viewer may read after event N (the resync a socket client uses)."""
    game = get_object_or_404(Game, pk=game_id)
    viewer = viewer_for(game, request.user)
    try:
        after = read_position(request.GET.get("after", ""), from_text=True)
    except BadCursor as refusal:
        return JsonResponse({"error": str(refusal)}, status=400)
    streams = streams_of(viewer)
    # Up to the log's end as the game row said: the cursor covers exactly what is sent.
    found = list(visible_events(viewer, after, upto_seq=game.last_event_seq, streams=streams))
    start = streams.start()
    start.update({label: n for label, n in after.items() if label in start})
    # Each event as the socket gives it (a page that polls while Redis is down reads it
    # the same way: static/games/live.js).
    line = line_for(viewer.is_gm, viewer.audiences())
    accounts = masks.gm_accounts(game, viewer.is_gm)  # the GM of a masked game: "Oak (al)"
    events = [
        {
            "id": list(streams.key(e)),
            "kind": e.kind,
            "payload": e.payload,
            "phase": e.phase_id,
            "at": e.created_at.isoformat(),
            "text": with_accounts(line(e), accounts, e.kind),
        }
        for e in found
    ]
    return JsonResponse({"events": events, "cursor": advanced(start, found, streams)})


@login_required
@require_POST
def join(request, game_id: int):
    return service_post(
        request, game_id, lambda: services.join_game(request.user, game_id), gettext("You are in!")
    )


@login_required
@require_POST
def leave(request, game_id: int):
    return service_post(
        request,
        game_id,
        lambda: services.leave_game(request.user, game_id),
        gettext("You left the game."),
    )


@login_required
def cancel(request, game_id: int):
    """The GM cancels the game during sign-ups: this page asks first (no script
    needed), its button posts back here."""
    if request.method == "POST":
        return service_post(
            request,
            game_id,
            lambda: services.cancel_game(request.user, game_id, request.POST.get("reason", "")),
            gettext("The game is cancelled; the players who joined see it on its page."),
        )
    game = get_object_or_404(Game.objects.select_related("gm"), pk=game_id)
    refusal = ""
    if game.status == Status.CANCELLED:
        refusal = gettext("This game is cancelled already.")
    elif game.status != Status.LOBBY:
        refusal = gettext("Only a game in sign-ups can be cancelled.")
    elif not services.runs_game(game, request.user):
        refusal = gettext("Only the game's GM may cancel it.")
    if refusal:
        messages.error(request, refusal)
        return redirect(reverse("game", args=[game_id]))
    seats = list(game.seats.order_by("joined_at", "id").values_list("name", flat=True))
    return render(
        request,
        "games/cancel_game.html",
        {"game": game, "seats": seats, "reason_max": services.CANCEL_REASON_MAX_CHARS},
    )


@login_required
@require_POST
def signups(request, game_id: int):
    open_ = request.POST.get("open") == "1"
    return service_post(
        request,
        game_id,
        lambda: services.set_signups(request.user, game_id, open_),
        gettext("Sign-ups are open.") if open_ else gettext("Sign-ups are closed."),
    )


@login_required
@require_POST
def start(request, game_id: int):
    return service_post(
        request,
        game_id,
        lambda: services.start_game(request.user, game_id),
        gettext("The game is on."),
    )


def _phase_seq(request) -> int:
    try:
        return int(request.POST.get("phase_seq", ""))
    except ValueError:
        raise ServiceError(gettext("The form is missing its phase; reload the page.")) from None


@login_required
@require_POST
def act(request, game_id: int):
    def call():
        seq = _phase_seq(request)
        key = request.POST.get(services.SUBMISSION_FIELD, "")
        if request.POST.get("withdraw"):
            # One ability's choice ("withdraw" names it), or all of them ("all").
            which = request.POST["withdraw"]
            ability = None if which == "all" else which
            services.withdraw_action(request.user, game_id, phase_seq=seq, ability=ability, key=key)
            return
        if request.POST.get("done"):
            services.finish_actions(request.user, game_id, phase_seq=seq, key=key)
            return
        ability = request.POST.get("ability", "")
        targets = [t for t in request.POST.getlist("target") if t]
        extra = {
            key[len("extra_") :]: value
            for key, value in request.POST.items()
            if key.startswith("extra_") and value
        }
        services.submit_action(
            request.user,
            game_id,
            ability=ability,
            targets=targets,
            extra=extra,
            phase_seq=seq,
            key=key,
        )

    return service_post(request, game_id, call, gettext("Your choice is recorded."))


@login_required
@require_POST
def vote(request, game_id: int):
    return service_post(
        request,
        game_id,
        lambda: services.cast_vote(
            request.user,
            game_id,
            request.POST.get("target", ""),
            phase_seq=_phase_seq(request),
            fast=request.POST.get("fast") == "1",
            key=request.POST.get(services.SUBMISSION_FIELD, ""),
        ),
        gettext("Your vote is recorded."),
    )


@login_required
@require_POST
def post(request, game_id: int):
    return service_post(
        request,
        game_id,
        lambda: services.post_message(
            request.user,
            game_id,
            channel=request.POST.get("channel", ""),
            text=request.POST.get("text", ""),
            to=request.POST.get("to", ""),
            room=request.POST.get("room", ""),
            key=request.POST.get(services.SUBMISSION_FIELD, ""),
        ),
        "",
    )


@login_required
@require_POST
def note(request, game_id: int):
    return service_post(
        request,
        game_id,
        lambda: services.write_note(request.user, game_id, request.POST.get("text", "")),
        gettext("Your posthumous note is saved."),
    )


@login_required
@require_POST
def will(request, game_id: int):
    text = request.POST.get("text", "")
    return service_post(
        request,
        game_id,
        lambda: services.write_will(request.user, game_id, text),
        gettext("Your last will is saved.")
        if text.strip()
        else gettext("Your last will is erased."),
    )


@login_required
@require_POST
def watch(request, game_id: int):
    return service_post(
        request,
        game_id,
        lambda: services.watch_game(request.user, game_id),
        gettext("You are watching: the public thread and the graveyard chat."),
    )


@login_required
@require_POST
def gm_close(request, game_id: int):
    try:
        closed = services.gm_close_phase(request.user, game_id, phase_seq=_phase_seq(request))
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        if closed:
            messages.success(request, gettext("Phase closed."))
        else:
            messages.info(request, gettext("The phase waits for a decision before it can close."))
    return redirect(reverse("game", args=[game_id]))


@login_required
@require_POST
def gm_decide(request, game_id: int):
    """The GM answers the engine's question (a tie the host decides)."""
    return service_post(
        request,
        game_id,
        lambda: services.gm_decide(
            request.user, game_id, request.POST.get("choice", ""), phase_seq=_phase_seq(request)
        ),
        gettext("Decision recorded."),
    )


# -- GM tools (games/services/gm.py): extend, pause, resume, modkill, replace ---------


@login_required
@require_POST
def gm_extend(request, game_id: int):
    def call():
        try:
            minutes = int(request.POST.get("minutes", ""))
        except ValueError:
            raise ServiceError(
                gettext("Give the extension as a whole number of minutes.")
            ) from None
        services.extend_phase(
            request.user,
            game_id,
            minutes * 60,
            phase_seq=_phase_seq(request),
            key=request.POST.get(services.SUBMISSION_FIELD, ""),
        )

    return service_post(request, game_id, call, gettext("The phase is extended."))


@login_required
@require_POST
def gm_pause(request, game_id: int):
    resume = request.POST.get("resume") == "1"
    tool = services.resume_phase if resume else services.pause_phase
    return service_post(
        request,
        game_id,
        lambda: tool(request.user, game_id, phase_seq=_phase_seq(request)),
        gettext("The clock runs again.") if resume else gettext("The game is paused."),
    )


@login_required
@require_POST
def gm_modkill(request, game_id: int):
    name = request.POST.get("player", "")
    return service_post(
        request,
        game_id,
        lambda: services.modkill_player(request.user, game_id, name, phase_seq=_phase_seq(request)),
        gettext("%(name)s was modkilled.") % {"name": name},
    )


@login_required
@require_POST
def leave_running(request, game_id: int):
    """A player leaves the running game (002's leaver: he dies in the night)."""
    sure = request.POST.get("sure") == "1"
    return service_post(
        request,
        game_id,
        lambda: services.leave_running_game(
            request.user, game_id, sure, phase_seq=_phase_seq(request)
        ),
        gettext("You have left the game."),
    )


@login_required
@require_POST
def gm_leaver(request, game_id: int):
    name = request.POST.get("player", "")
    return service_post(
        request,
        game_id,
        lambda: services.record_leaver(request.user, game_id, name, phase_seq=_phase_seq(request)),
        gettext("%(name)s is recorded as a leaver.") % {"name": name},
    )


@login_required
@require_POST
def gm_rule_vote(request, game_id: int):
    """The GM's ruling on a voter's vote (ru_hunt's vote thread), or its withdrawal."""
    voter, ruling = request.POST.get("player", ""), request.POST.get("ruling", "")
    return service_post(
        request,
        game_id,
        lambda: services.rule_vote(
            request.user, game_id, voter, ruling, phase_seq=_phase_seq(request)
        ),
        gettext("Ruling on %(voter)s's vote recorded.") % {"voter": voter}
        if ruling
        else gettext("Ruling on %(voter)s's vote withdrawn.") % {"voter": voter},
    )


@login_required
@require_POST
def gm_replace(request, game_id: int):
    seat, username = request.POST.get("player", ""), request.POST.get("username", "")
    return service_post(
        request,
        game_id,
        lambda: services.replace_player(
            request.user, game_id, seat, username, phase_seq=_phase_seq(request)
        ),
        gettext("%(strip)s replaces %(seat)s.") % {"strip": username.strip(), "seat": seat},
    )
