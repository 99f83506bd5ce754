"""Pages and form posts. Views read; every change goes through games.services."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

import roles
from games import masks, profiles, record, rooms, ruleset_words, services
from games import text as game_text
from games.cursors import BadCursor, read_position
from games.desk.flavour import seat_flavour
from games.models import Game, Phase, Post, Status
from games.services import ServiceError
from games.text import line_for, with_accounts
from games.viewer import (
    advanced,
    phase_summary,
    position_of,
    public_players,
    setup_list,
    streams_of,
    viewer_for,
    visible_events,
    visible_posts,
)
from games.web import cogms, desk, export, roulette, wills
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


def setup_title(game: Game) -> str:
    """The setup the game plays, as its pages name it: the preset, or the GM's setup
    and its version."""
    if game.setup_version_id is None:
        preset = roles.get_ruleset(game.ruleset_id).presets.get(game.preset_id)
        return ruleset_words.preset_title(game.ruleset_id, preset.id) if preset else game.preset_id
    version = game.setup_version
    return f"{version.setup.name} (v{version.number})"


def game_page(request, game_id: int):
    game = get_object_or_404(Game.objects.select_related("gm"), pk=game_id)
    viewer = viewer_for(game, request.user)
    # The viewer's cursor (games/cursors.py) as of the game row read first: the socket
    # catches up from here (repeats are ignored). Only numbers of what he reads.
    streams = streams_of(viewer)
    cursor = position_of(viewer, game.last_event_seq, streams)
    context = {"game": game, "viewer": viewer, "cursor": json.dumps(cursor, sort_keys=True)}
    ruleset = roles.get_ruleset(game.ruleset_id)
    context["ruleset"] = ruleset
    context["preset"] = ruleset.presets.get(game.preset_id)
    context["setup_title"] = setup_title(game)
    # The role list as this viewer may read it (None: a closed setup, only the count).
    context["setup_list"] = setup_list(viewer)
    context["setup_players"] = services.preset_size(game)
    context["announcements"] = list(visible_posts(viewer, Post.ANNOUNCEMENT))
    # The GM announces in the lobby, while a phase runs and after the game (services).
    context["may_announce"] = viewer.is_gm
    # Co-GMs and practice seats (games/web/cogms.py).
    context.update(cogms.people_context(game, viewer))
    if game.status in (Status.LOBBY, Status.CANCELLED):
        context["seats"] = seats = list(game.seats.order_by("joined_at", "id"))
        context["needed"] = needed = services.preset_size(game)
        context["full"] = len(seats) >= needed  # join_game refuses a seat more
        context["cancelled"] = cancelled = game.status == Status.CANCELLED
        context["may_announce"] = viewer.is_gm and not cancelled
        if viewer.is_gm and not cancelled:
            context.update(desk.gm_desk(game))  # the flavour box, before the start
        context["cancellation"] = (
            game.events.filter(kind="game_cancelled", audience="public").first()
            if cancelled
            else None
        )
        return render(request, "games/lobby_game.html", context)
    context["players"] = public_players(game)
    # Each seat's pronoun, for the words that agree with it ("мертва": game_tags.dead_tag).
    context["pronouns"] = profiles.pronouns_in_game(game.id)
    # Seats another account took over (public: the thread said "X replaces Y"); in a
    # masked game every seat, for the GM and after the game only (games/masks.py).
    context["played_by"] = played_by = (
        {
            name: username
            for name, username in game.seats.filter(is_bot=False).values_list(
                "name", "user__username"
            )
            if name != username
        }
        if masks.reveals_accounts(game, viewer.is_gm)
        else {}
    )
    context["events"] = events = list(visible_events(viewer, streams=streams))
    # The GM of a masked game reads "mask (account)" in every line (games/masks.py).
    accounts = masks.gm_accounts(game, viewer.is_gm)
    line = line_for(viewer.is_gm, viewer.audiences())
    for event in events:  # the page's name for each event line: "label:number"
        event.key = "{}:{}".format(*streams.key(event))
        event.line = with_accounts(line(event), accounts, event.kind)
    context["day_posts"] = sorted(
        [*visible_posts(viewer, Post.DAY), *visible_posts(viewer, Post.LAST_WORDS)],
        key=lambda p: p.id,
    )
    context["faction_posts"] = list(visible_posts(viewer, Post.FACTION))
    # The night chat rooms this viewer reads, from the engine (games/rooms.py).
    context["room_panels"] = rooms.panels(viewer, services.engine_state(game))
    context["graveyard_posts"] = list(visible_posts(viewer, Post.GRAVEYARD))
    context["private_posts"] = list(visible_posts(viewer, Post.PRIVATE))
    context["last_words"] = {p.writer: p for p in visible_posts(viewer, Post.LAST_WORDS)}
    context["latest_news"] = latest = (
        game.events.filter(audience="public", kind="phase_closed").order_by("-seq").first()
    )
    # The prepared notes published with the latest deaths (ru_19, ru_two_clans).
    context["death_notes"] = {
        e.payload.get("player"): e.payload.get("text")
        for e in game.events.filter(
            audience="public", kind=services.DEATH_NOTE_KIND, phase_id=latest and latest.phase_id
        )
    }
    # The wills the engine read out with the latest deaths (sc2).
    context["last_wills"] = wills.news_wills(game, latest)
    context["may_watch"] = (
        request.user.is_authenticated
        and viewer.seat is None
        and not viewer.is_gm
        and not viewer.is_spectator
        and game.status == Status.RUNNING
    )
    context["history"] = [
        phase_summary(viewer, p) for p in game.phases.exclude(closed_at=None).order_by("seq")
    ]
    context["roulette"] = roulette.panel(game, viewer)  # None for the living
    if viewer.seat is not None:  # the GM's flavour of the role this seat is told
        context["my_flavour"] = seat_flavour(game, viewer.seat.name)
    # The GM's desk: forum posts to copy, the scenario file, the replay (export.py).
    context["export_posts"] = export.export_panel(game, viewer)
    context["record_links"] = record.may_read_record(game, request.user)
    if game.status == Status.FINISHED:
        state = services.engine_state(game)
        dealt = services.dealt_roles(game)
        context["final_roles"] = [
            {
                "name": p.name,
                "role": game_text.role_label(ruleset.id, p.role),
                "dealt": game_text.role_label(ruleset.id, dealt[p.name])
                if dealt.get(p.name, p.role) != p.role
                else "",
                "faction": game_text.faction_label(ruleset.id, p.faction),
                "alive": p.alive,
                "won": p.name in game.winners,
                "account": played_by.get(p.name, "") if game.masks else "",
            }
            for p in state.players
        ]
        context["final_wills"] = wills.final_wills(game, state)
        context["record_notes"] = record.notes(game)
        context["record_events"] = record.public_events(game)
        return render(request, "games/game_over.html", context)
    phase = services.open_phase(game)
    context["phase"] = phase
    context.update(wills.will_panel(game, viewer, services.engine_state(game)))
    context["may_announce"] = viewer.is_gm and phase is not None
    if phase is not None:
        round_no = services.open_round(phase)
        context["round_no"] = round_no
        if round_no:  # what the round decides (a tie's re-vote, sc2's verdict), in words
            asked = (
                phase.events.filter(kind="decision_needed", audience="public")
                .order_by("-seq")
                .first()
            )
            context["round_question"] = game_text.event_text(asked) if asked else ""
        context["fast_votes"] = ruleset.fast_close is not None and not round_no
        # Public: a round's choices and voters; who must decide an action stays private.
        context["waits_for_decision"] = bool(phase.pending) and not round_no
        context["tally"] = services.tally(phase, round_no) if phase.kind == Phase.DAY else {}
        context["my_vote"] = (
            services.current_votes(phase, round_no).get(viewer.seat.name) if viewer.seat else None
        )
        if viewer.seat is not None:
            # Whatever the engine offers this seat, alive or dead (the lynched Jester).
            state = services.engine_state(game)
            context["choices"] = services.choices_now(state, viewer.seat.name)
            chosen = {a.ability: a for a in phase.actions.filter(seat=viewer.seat)}
            context["chosen"] = chosen
            context["done"] = "" in chosen
            context["owed"] = roles.owed(state, viewer.seat.name, set(chosen))
            for choice in context["choices"]:
                choice["current"] = chosen.get(choice["ability"])
                choice["label"] = game_text.ability_label(choice)
                choice["description"] = game_text.ability_description(choice)
        if viewer.seat is not None and viewer.alive:
            # "Posts today: 4 of 10" while the posts rule counts this day (live.js counts on).
            context["post_counter"] = services.post_counter(game, phase, viewer.seat)
            if round_no:
                voting = viewer.seat.name in phase.pending["voters"]
                context["vote_targets"] = phase.pending["choices"] if voting else []
                context["vote_labels"] = ruleset_words.ballot_labels(phase.pending["choices"])
            elif not phase.pending:
                context["vote_targets"] = vote_targets(state, viewer.seat.name)
            if ruleset.leaves_note(state.player(viewer.seat.name)):
                context["may_write_note"] = True
                context["my_note"] = services.current_note(game, viewer.seat.name)
            if services.leavers_allowed(game):
                # 002's leavers: a leave is the player's own (confirmed) choice.
                context["has_left"] = roles.has_left(state, viewer.seat.name)
                context["may_leave"] = not context["has_left"]
            pm_phase = ruleset.private_messages_phase
            if game.private_messages != "off" and pm_phase in (None, phase.kind):
                context["pm_targets"] = [n for n in state.alive_names() if n != viewer.seat.name]
        if viewer.seat is not None and not viewer.alive:
            context["owes_last_words"] = services.last_words_owed(game, viewer.seat)
        if viewer.is_gm:
            context.update(desk.gm_desk(game))  # the order sheet, preview, flavours
            state = services.engine_state(game)
            accounts = dict(game.seats.values_list("name", "user__username"))
            activity = services.gm_activity(game, phase)  # warnings, substitutes, posts
            context["gm_counts_posts"] = any(a["posts"] is not None for a in activity.values())
            context["gm_players"] = [
                {
                    "name": p.name,
                    "role": game_text.role_label(ruleset.id, p.role),
                    "faction": game_text.faction_label(ruleset.id, p.faction),
                    "alive": p.alive,
                    # Who plays the seat now (another account after a replacement).
                    "account": accounts.get(p.name, p.name),
                    **activity.get(p.name, {}),
                }
                for p in state.players
            ]
            if phase.pending.get("actor") == services.GM_ACTOR:
                context["gm_decision"] = phase.pending
            if services.leavers_allowed(game):
                context["gm_leavers"] = [
                    p["name"]
                    for p in context["gm_players"]
                    if p["alive"] and not roles.has_left(state, p["name"])
                ]
                context["gm_left"] = roles.leavers.left(state)
                context["gm_records_leavers"] = True
            if phase.kind == "day" and ruleset.vote_rulings:
                context["gm_vote_rulings"] = {
                    "offered": [
                        (r, ruleset_words.ruling_label(ruleset, r)) for r, _ in ruleset.vote_rulings
                    ],
                    "given": services.vote_rulings_of(phase, ruleset),
                }
    return render(request, "games/running.html", context)


def vote_targets(state, name: str) -> list[str]:
    """Names the engine accepts as this voter's vote (asked, not re-implemented)."""
    allowed = []
    for candidate in [p.name for p in state.players] + ["pass"]:
        try:
            roles.check_vote(state, name, candidate)
        except roles.IllegalAction:
            continue
        allowed.append(candidate)
    return allowed


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
