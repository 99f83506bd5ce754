"""The game's page: what one viewer reads of a game at its stage (sign-ups, a running
phase, the end). games/viewer.py decides what the viewer may read; each function here
builds one part of the page's context from it and the services, and `game_page` picks
the parts and the template of the stage."""

from __future__ import annotations

import json

from django.shortcuts import get_object_or_404, render

import roles
from games import masks, profiles, record, rooms, ruleset_words, services, threads
from games import text as game_text
from games.desk.flavour import seat_flavour
from games.models import Game, Phase, Post, Status
from games.text import line_for, with_accounts
from games.viewer import (
    phase_summary,
    position_of,
    public_players,
    setup_list,
    streams_of,
    viewer_for,
    visible_events,
    visible_posts,
)
from games.web import cogms, desk, export, roulette, thread, votes, wills


def game_page(request, game_id: int):
    game = get_object_or_404(Game.objects.select_related("gm"), pk=game_id)
    viewer = viewer_for(game, request.user)
    streams = streams_of(viewer)
    context = head_context(game, viewer, streams)
    if game.status in (Status.LOBBY, Status.CANCELLED):
        context.update(signups_context(game, viewer))
        return render(request, "games/lobby_game.html", context)
    # One engine state for the whole page: every part reads it, none changes it.
    ruleset, state = context["ruleset"], services.engine_state(game)
    context.update(log_context(game, viewer, streams))
    context.update(threads_context(request, game, viewer, state))
    context.update(news_context(game))
    context.update(panels_context(request, game, viewer))
    if game.status == Status.FINISHED:
        context.update(game_over_context(game, ruleset, state, context["played_by"]))
        return render(request, "games/game_over.html", context)
    context.update(phase_context(game, viewer, ruleset, state))
    context.update(votes.votes_context(game, context["phase"], viewer, streams, state))
    return render(request, "games/running.html", context)


def setup_title(game: Game) -> str:
    """The setup the game plays, as its pages name it: the preset, or the GM's setup
    and its version."""
    if game.setup_version_id is None:
        preset = roles.get_ruleset(game.ruleset_id).presets.get(game.preset_id)
        return ruleset_words.preset_title(game.ruleset_id, preset.id) if preset else game.preset_id
    version = game.setup_version
    return f"{version.setup.name} (v{version.number})"


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


# -- every stage -----------------------------------------------------------------------


def head_context(game: Game, viewer, streams) -> dict:
    """What every stage shows: the viewer's cursor, the setup, the GM's announcements,
    the co-GMs and practice seats."""
    # The viewer's cursor (games/cursors.py) as of the game row read first: the socket
    # catches up from here (repeats are ignored). Only numbers of what he reads.
    cursor = position_of(viewer, game.last_event_seq, streams)
    ruleset = roles.get_ruleset(game.ruleset_id)
    return {
        "game": game,
        "viewer": viewer,
        "cursor": json.dumps(cursor, sort_keys=True),
        "ruleset": ruleset,
        "preset": ruleset.presets.get(game.preset_id),
        "setup_title": setup_title(game),
        # The role list as this viewer may read it (None: a closed setup, only the count).
        "setup_list": setup_list(viewer),
        "setup_players": services.preset_size(game),
        "announcements": list(visible_posts(viewer, Post.ANNOUNCEMENT)),
        # The GM announces in the lobby, while a phase runs and after the game
        # (services); signups_context and phase_context narrow it to their stage.
        "may_announce": viewer.is_gm,
        **cogms.people_context(game, viewer),
    }


# -- sign-ups --------------------------------------------------------------------------


def signups_context(game: Game, viewer) -> dict:
    """Sign-ups, or a game cancelled during them: the seats, the GM's flavour box
    before the start, the cancellation's notice."""
    seats = list(game.seats.order_by("joined_at", "id"))
    needed = services.preset_size(game)
    cancelled = game.status == Status.CANCELLED
    context = {
        "seats": seats,
        "needed": needed,
        "full": len(seats) >= needed,  # join_game refuses a seat more
        "cancelled": cancelled,
        "may_announce": viewer.is_gm and not cancelled,
    }
    if viewer.is_gm and not cancelled:
        context.update(desk.gm_desk(game))  # the flavour box, before the start
    context["cancellation"] = (
        game.events.filter(kind="game_cancelled", audience="public").first() if cancelled else None
    )
    return context


# -- a started game (running or over) --------------------------------------------------


def log_context(game: Game, viewer, streams) -> dict:
    """The players, each seat's pronoun and account, and the log's lines this viewer
    reads, each named for the page ("label:number")."""
    context = {
        "players": public_players(game),
        # Each seat's pronoun, for the words that agree with it ("мертва": game_tags.dead_tag).
        "pronouns": profiles.pronouns_in_game(game.id),
        "played_by": masks.played_by(game, viewer.is_gm),
    }
    # Posts and votes are shown in their own panels, never as lines: not read here, or
    # the page would read every post of the game again.
    shown = visible_events(viewer, streams=streams).exclude(kind__in=game_text.QUIET_KINDS)
    context["events"] = events = list(shown)
    # The GM of a masked game reads "mask (account)" in every line (games/masks.py).
    accounts = masks.gm_accounts(game, viewer.is_gm)
    line = line_for(viewer.is_gm, viewer.audiences())
    for event in events:
        event.key = "{}:{}".format(*streams.key(event))
        # A vote's line is the vote history's (votes_context), not the log's.
        quiet = event.kind in game_text.VOTE_HISTORY_KINDS
        event.line = "" if quiet else with_accounts(line(event), accounts, event.kind)
    return context


def threads_context(request, game: Game, viewer, state) -> dict:
    """The posts of each thread this viewer reads: the day thread (last words in it),
    the graveyard and private messages a page each (games/web/thread.py: the latest,
    or the one the query string asks for), the faction's, the night chat rooms."""
    return {
        **thread.thread_pages(request, viewer),
        "search_max": threads.MAX_SEARCH_CHARS,
        "faction_posts": list(visible_posts(viewer, Post.FACTION)),
        # The night chat rooms this viewer reads, from the engine (games/rooms.py).
        "room_panels": rooms.panels(viewer, state),
        # One a seat at most: quoted with the news.
        "last_words": {p.writer: p for p in visible_posts(viewer, Post.LAST_WORDS)},
    }


def news_context(game: Game) -> dict:
    """The latest close's news and what was read out with its deaths."""
    latest = game.events.filter(audience="public", kind="phase_closed").order_by("-seq").first()
    return {
        "latest_news": latest,
        # The prepared notes published with the latest deaths (ru_19, ru_two_clans).
        "death_notes": {
            e.payload.get("player"): e.payload.get("text")
            for e in game.events.filter(
                audience="public",
                kind=services.DEATH_NOTE_KIND,
                phase_id=latest and latest.phase_id,
            )
        },
        # The wills the engine read out with the latest deaths (sc2).
        "last_wills": wills.news_wills(game, latest),
    }


def panels_context(request, game: Game, viewer) -> dict:
    """The panels around the threads: watching, the closed phases' history, the
    graveyard's roulette, the seat's flavour, the GM's export desk, the record."""
    context = {
        "may_watch": may_watch(request, game, viewer),
        "history": [
            phase_summary(viewer, p) for p in game.phases.exclude(closed_at=None).order_by("seq")
        ],
        "roulette": roulette.panel(game, viewer),  # None for the living
    }
    if viewer.seat is not None:  # the GM's flavour of the role this seat is told
        context["my_flavour"] = seat_flavour(game, viewer.seat.name)
    # The GM's desk: forum posts to copy, the scenario file, the replay (export.py).
    context["export_posts"] = export.export_panel(game, viewer)
    context["record_links"] = record.may_read_record(game, request.user)
    return context


def may_watch(request, game: Game, viewer) -> bool:
    """A logged-in visitor who is neither player, GM nor spectator may watch a running
    game."""
    return (
        request.user.is_authenticated
        and viewer.seat is None
        and not viewer.is_gm
        and not viewer.is_spectator
        and game.status == Status.RUNNING
    )


# -- the end ---------------------------------------------------------------------------


def game_over_context(game: Game, ruleset, state, played_by: dict[str, str]) -> dict:
    """After the game: every role as dealt and as played, the wills, the record."""
    return {
        "final_roles": final_roles(game, ruleset, state, played_by),
        "final_wills": wills.final_wills(game, state),
        "record_notes": record.notes(game),
        "record_events": record.public_events(game),
    }


def final_roles(game: Game, ruleset, state, played_by: dict[str, str]) -> list[dict]:
    """Each player's role and faction at the end, the role dealt when it changed, and
    the account behind a mask."""
    dealt = services.dealt_roles(game)
    ruleset_id = ruleset.id
    return [
        {
            "name": p.name,
            "role": game_text.role_label(ruleset_id, p.role),
            "dealt": game_text.role_label(ruleset_id, dealt[p.name])
            if dealt.get(p.name, p.role) != p.role
            else "",
            "faction": game_text.faction_label(ruleset_id, p.faction),
            "alive": p.alive,
            "won": p.name in game.winners,
            "account": played_by.get(p.name, "") if game.masks else "",
        }
        for p in state.players
    ]


# -- a running phase -------------------------------------------------------------------


def phase_context(game: Game, viewer, ruleset, state) -> dict:
    """The open phase, as this viewer may act in it: the vote, the seat's moves and
    forms, the GM's desk."""
    phase = services.open_phase(game)
    context = {
        "phase": phase,
        **wills.will_panel(game, viewer, state),
        "may_announce": viewer.is_gm and phase is not None,
    }
    if phase is None:
        return context
    round_no = services.open_round(phase)
    context.update(vote_context(phase, viewer, ruleset, round_no))
    if viewer.seat is not None:
        context.update(moves_context(phase, viewer, state))
    if viewer.seat is not None and viewer.alive:
        context.update(living_seat_context(game, phase, viewer, ruleset, state, round_no))
    if viewer.seat is not None and not viewer.alive:
        context["owes_last_words"] = services.last_words_owed(game, viewer.seat)
    if viewer.is_gm:
        context.update(desk.gm_desk(game))  # the order sheet, preview, flavours
        context.update(gm_phase_context(game, phase, ruleset, state))
    return context


def vote_context(phase: Phase, viewer, ruleset, round_no) -> dict:
    """The day's vote: the tally, the viewer's vote, and a round's question."""
    context = {"round_no": round_no}
    if round_no:  # what the round decides (a tie's re-vote, sc2's verdict), in words
        asked = (
            phase.events.filter(kind="decision_needed", audience="public").order_by("-seq").first()
        )
        context["round_question"] = game_text.event_text(asked) if asked else ""
    context["fast_votes"] = ruleset.fast_close is not None and not round_no
    # Public: a round's choices and voters; who must decide an action stays private.
    context["waits_for_decision"] = bool(phase.pending) and not round_no
    current = services.current_votes(phase, round_no) if phase.kind == Phase.DAY else {}
    context["tally"] = services.counted(current)
    context["my_vote"] = current.get(viewer.seat.name) if viewer.seat else None
    return context


def moves_context(phase: Phase, viewer, state) -> dict:
    """Whatever the engine offers this seat, alive or dead (the lynched Jester), with
    the moves it sent."""
    choices = services.choices_now(state, viewer.seat.name)
    chosen = {a.ability: a for a in phase.actions.filter(seat=viewer.seat)}
    for choice in choices:
        choice["current"] = chosen.get(choice["ability"])
        choice["label"] = game_text.ability_label(choice)
        choice["description"] = game_text.ability_description(choice)
    return {
        "choices": choices,
        "chosen": chosen,
        "done": "" in chosen,
        "owed": roles.owed(state, viewer.seat.name, set(chosen)),
    }


def living_seat_context(game: Game, phase: Phase, viewer, ruleset, state, round_no) -> dict:
    """A living seat's forms: its ballot, its note, leaving, private messages."""
    name = viewer.seat.name
    # "Posts today: 4 of 10" while the posts rule counts this day (live.js counts on).
    context = {"post_counter": services.post_counter(game, phase, viewer.seat)}
    if round_no:
        voting = name in phase.pending["voters"]
        context["vote_targets"] = phase.pending["choices"] if voting else []
        context["vote_labels"] = ruleset_words.ballot_labels(phase.pending["choices"])
    elif not phase.pending:
        context["vote_targets"] = vote_targets(state, name)
    if ruleset.leaves_note(state.player(name)):
        context["may_write_note"] = True
        context["my_note"] = services.current_note(game, name)
    if services.leavers_allowed(game):
        # 002's leavers: a leave is the player's own (confirmed) choice.
        context["has_left"] = has_left = roles.has_left(state, name)
        context["may_leave"] = not has_left
    pm_phase = ruleset.private_messages_phase
    if game.private_messages != "off" and pm_phase in (None, phase.kind):
        context["pm_targets"] = [n for n in state.alive_names() if n != name]
    return context


def gm_phase_context(game: Game, phase: Phase, ruleset, state) -> dict:
    """The GM's view of the phase: every seat with its role, account and activity, a
    decision he owes, the leavers, his rulings on votes."""
    accounts = dict(game.seats.values_list("name", "user__username"))
    activity = services.gm_activity(game, phase)  # warnings, substitutes, posts
    players = [
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
    context = {
        "gm_counts_posts": any(a["posts"] is not None for a in activity.values()),
        "gm_players": players,
    }
    if phase.pending.get("actor") == services.GM_ACTOR:
        context["gm_decision"] = phase.pending
    if services.leavers_allowed(game):
        context["gm_leavers"] = [
            p["name"] for p in players if p["alive"] and not roles.has_left(state, p["name"])
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
    return context
