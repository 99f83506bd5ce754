"""The graveyard's roulette on the page: the panel a viewer sees (the table, its
moves, the points, the leaderboard) and its buttons (each form names a command; the
view writes it as the command text a player would type and hands it to the service,
games/services/roulette.py, so a button and a typed command make the same move).
The accounts' pages (profile, leaderboard) are games/web/standings.py."""

from __future__ import annotations

from datetime import UTC, datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games import masks
from games.models import Game, RoulettePoints, RouletteTable, Status
from games.services import (
    ServiceError,
    roulette_command,
    set_roulette_spectators,
    spectator_name,
)
from games.services.roulette import EVENT_KIND, points_in_game
from games.text import event_text, reader_language
from games.viewer import streams_of
from roles import roulette as roulette_rules
from roles.messages.roulette_ru import roulette_help

LEADERBOARD_SIZE = 10
MOVES_SHOWN = 40  # the panel's moves of the table (the whole story is in the log)

# command -> the form fields it takes, in the order the typed command has them.
BUTTONS = {
    "roulette": ("min_bet", "chambers"),
    "join": (),
    "observe": (),
    "bet": ("amount",),
    "start": (),
    "pull": (),
    "pass": (),
    "leave": (),
    "skip": (),
}


def command_text(form) -> str:
    """The command the form stands for, e.g. "-bet 25"; ServiceError if unknown."""
    command = form.get("command", "")
    if command not in BUTTONS:
        raise ServiceError(gettext("There is no such roulette command."))
    values = [str(form.get(field, "")).strip() for field in BUTTONS[command]]
    if any(" " in value for value in values):
        raise ServiceError(gettext("Give whole numbers."))
    return " ".join(["-" + command, *[v for v in values if v]])


@login_required
@require_POST
def roulette(request, game_id: int):
    try:
        roulette_command(request.user, game_id, command_text(request.POST))
    except ServiceError as error:
        messages.error(request, str(error))
    return redirect(reverse("game", args=[game_id]) + "#roulette")


@login_required
@require_POST
def roulette_option(request, game_id: int):
    """The GM's "spectators may play roulette" (a checkbox: absent means off)."""
    allowed = request.POST.get("spectators_play") == "1"
    try:
        set_roulette_spectators(request.user, game_id, allowed)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        told = (
            gettext("Spectators may play roulette.")
            if allowed
            else gettext("Spectators only watch roulette.")
        )
        messages.success(request, told)
    return redirect(reverse("game", args=[game_id]))


def points_of(user) -> int:
    """An account's roulette points (the starting points before its first round)."""
    if not getattr(user, "is_authenticated", False):
        return 0
    row = RoulettePoints.objects.filter(user=user).first()
    return row.points if row is not None else roulette_rules.STARTING_POINTS


def leaderboard(limit: int = LEADERBOARD_SIZE) -> list[dict]:
    """The accounts with the most points, among those who have used a table, with
    their record (counted where each round ended)."""
    rows = RoulettePoints.objects.select_related("user").order_by("-points", "user__username")
    return [
        {
            "name": r.user.username,
            "points": r.points,
            "played": r.tables_played,
            "won": r.tables_won,
            "shot": r.times_shot,
        }
        for r in rows[:limit]
    ]


def table_moves(game: Game, viewer) -> list[dict]:
    """The moves of the table open now, or of the last one (from its opening move):
    each event's own line, as the socket pushes it (games/text.py), named as this
    viewer's cursor names it ("label:n": never the game-wide number, which would count
    hidden events)."""
    events = game.events.filter(kind=EVENT_KIND)
    opened = (
        events.filter(payload__opened=True).order_by("-seq").values_list("seq", flat=True).first()
    )
    if opened is not None:
        events = events.filter(seq__gte=opened)
    shown = list(events.order_by("-seq")[:MOVES_SHOWN])
    streams = streams_of(viewer)
    return [
        {"key": ":".join(map(str, streams.key(e))), "text": event_text(e)} for e in reversed(shown)
    ]


def panel(game: Game, viewer) -> dict | None:
    """What the graveyard panel shows this viewer, or None when they may not see it
    (living players: the table is the graveyard's business)."""
    finished = game.status == Status.FINISHED
    if not (viewer.reads_graveyard or viewer.is_gm or finished):
        return None
    row = RouletteTable.objects.filter(game=game).first()
    table = roulette_rules.Table.from_dict(row.state if row else None)
    seen = table.public()
    me = ""
    if viewer.seat is not None and not viewer.alive:
        me = viewer.seat.name
    elif viewer.is_spectator:
        me = spectator_name(viewer.user)
    may_play = viewer.seat is not None or game.roulette_spectators
    players = [
        {
            "name": name,
            "bet": table.bets.get(name, table.min_bet),
            "streak": table.streaks.get(name, 0),
            "turn": name == seen["current"],
        }
        for name in table.players
    ]
    return {
        "table": seen,
        "players": players,
        "me": me,
        "seated": me in table.players,
        "watching": me in table.observers,
        "may_sit": bool(me) and may_play and me not in table.killed,
        "was_shot": bool(me) and me in table.killed,
        "spectators_play": game.roulette_spectators,
        "watch_only": viewer.is_spectator and not game.roulette_spectators,
        "my_points": points_in_game(game, viewer.user, points_of(viewer.user)) if me else None,
        "moves": table_moves(game, viewer),
        # Beside a masked game's table the accounts' points would tell who bets as
        # which mask: the leaderboard waits for the game's end (games/masks.py).
        "show_leaderboard": masks.reveals_accounts(game, viewer.is_gm),
        "leaderboard": leaderboard() if masks.reveals_accounts(game, viewer.is_gm) else [],
        "help": roulette_help(reader_language()),
        "game_over": finished,
        # when an idle player may be skipped (-skip): the turn began at turn_since
        "skip_from": datetime.fromtimestamp(table.turn_since + roulette_rules.TURN_SECONDS, tz=UTC)
        if table.stage == roulette_rules.PLAYING
        else None,
        "defaults": {
            "min_bet": roulette_rules.DEFAULT_MIN_BET,
            "chambers": roulette_rules.DEFAULT_CHAMBERS,
        },
        "limits": {"min": roulette_rules.MIN_CHAMBERS, "max": roulette_rules.MAX_CHAMBERS},
    }
