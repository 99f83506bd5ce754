"""The graveyard's Russian roulette on the site (the rules: roles/roulette.py, 002).

A command typed in the graveyard chat (a post starting with "-", routed here by
chat.post_message) or sent by the graveyard panel's buttons (games/web/roulette.py)
runs `roulette_command`: one transaction with the game row locked, the
table and the players' points rows locked after it, the engine applied, the
command echoed as a graveyard post, and one "roulette" event for the graveyard
(audience "dead": living players never read it, in the page or on the socket).

Who: the dead of the game play; spectators may -observe (the engine says what
each may do); the GM and the living are refused, like in the graveyard chat.
When the Mafia game ends the table plays on (002): its players still pull, and
the finished game's log, open to all, shows the rest.

The spins come from `RouletteTable.seed`, drawn on the server when the table is
first used and never sent out, so a round replays from what is stored and no
browser can foresee the chamber.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone

from games.models import Game, Post, RoulettePoints, RouletteTable, Status
from games.services.core import (
    MAX_POST_CHARS,
    ServiceError,
    check_rate,
    engine_state,
    is_spectator,
    lock_game,
    open_phase,
    runs_game,
)
from roles import roulette

EVENT_KIND = "roulette"
# Flood control, looser than the chat's: one turn is several commands (-pull, -pull, -pass).
RATE_COMMANDS = 12
is_command = roulette.is_command


def roulette_command(user, game_id: int, text: str) -> Post:
    """Apply one roulette command of `user` in the game's graveyard; returns the
    echoed post. Raises ServiceError (and changes nothing) when refused."""
    text = " ".join((text or "").split())
    if not is_command(text):
        raise ServiceError("Roulette commands start with '-': type -roulette help.")
    if len(text) > MAX_POST_CHARS:
        raise ServiceError(f"A post has at most {MAX_POST_CHARS} characters.")
    now = timezone.now()
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        name, can_play = _graveyard_member(game, user)
        check_rate(game, user, now, limit=RATE_COMMANDS)
        table_row = _table_of(game)
        table = roulette.Table.from_dict(table_row.state)
        members = {**table_row.members, name: user.id}
        at_stake = {members[n] for n in table.players} | ({user.id} if can_play else set())
        accounts = _lock_points(at_stake)
        balances = {
            n: _points_of(accounts, members[n]) for n in (name, *table.players) if n in members
        }
        try:
            outcome = roulette.apply(
                table,
                name,
                text,
                balances=balances,
                seed=table_row.seed,
                now=now.timestamp(),
                can_play=can_play,
                game_over=game.status == Status.FINISHED,
            )
        except roulette.RouletteRefused as refusal:
            raise ServiceError(str(refusal)) from None
        _move_points(accounts, members, outcome)
        new = outcome.table
        table_row.state = new.to_dict()
        seated = {*new.players, *new.observers}
        table_row.members = {n: uid for n, uid in members.items() if n in seated}
        table_row.save(update_fields=["state", "members"])
        phase = open_phase(game) or game.phases.order_by("-seq").first()
        post = Post.objects.create(
            game=game,
            phase=phase,
            seat=game.seats.filter(user=user).first(),
            author=user,
            author_name=name,
            channel=Post.GRAVEYARD,
            text=text,
            created_at=now,
        )
        post_payload = {
            "post": post.id,
            "author": name,
            "channel": Post.GRAVEYARD,
            "text": text,
            "phase": str(phase),
            "at": now.isoformat(),
        }
        change.log("post", "dead", post_payload, phase=phase)
        points = {n: _points_of(accounts, uid) for n, uid in members.items() if uid in accounts}
        payload = {
            "actor": name,
            "lines": outcome.lines,
            "table": new.public(),
            "points": points,
            "shot": outcome.shot,
        }
        change.log(EVENT_KIND, "dead", payload, phase=phase)
        change.finish()
    return post


def _graveyard_member(game: Game, user) -> tuple[str, bool]:
    """The name this user goes by in the graveyard, and whether they may play
    (a dead seat) or only watch (a spectator). Refuses everyone else."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("Log in first.")
    if game.status == Status.LOBBY:
        raise ServiceError("The game has not started yet.")
    if runs_game(game, user):
        raise ServiceError("The graveyard chat is for the dead and spectators.")
    seat = game.seats.filter(user=user).first()
    if seat is not None:
        if engine_state(game).player(seat.name).alive:
            raise ServiceError("The graveyard chat is for the dead and spectators.")
        return seat.name, True
    if is_spectator(game, user):
        return user.username, False
    raise ServiceError("You are not playing in this game.")


def _table_of(game: Game) -> RouletteTable:
    """The game's table row, locked (created at first use: the game row is locked,
    so two first commands cannot both create it)."""
    row = RouletteTable.objects.select_for_update().filter(game=game).first()
    if row is None:
        row = RouletteTable.objects.create(game=game, seed=secrets.randbits(62))
    return row


def _lock_points(user_ids: set[int]) -> dict[int, RoulettePoints]:
    """The points rows of these accounts, locked in id order (no deadlock between
    two games' tables sharing a player). A missing row is created first with the
    starting points; ON CONFLICT DO NOTHING, as another game may create it now."""
    rows = RoulettePoints.objects.select_for_update().filter(user_id__in=user_ids)
    found = {row.user_id: row for row in rows.order_by("user_id")}
    missing = sorted(set(user_ids) - set(found))
    if not missing:
        return found
    RoulettePoints.objects.bulk_create(
        [RoulettePoints(user_id=uid, points=roulette.STARTING_POINTS) for uid in missing],
        ignore_conflicts=True,
    )
    return {row.user_id: row for row in rows.order_by("user_id")}


def _points_of(accounts: dict[int, RoulettePoints], user_id: int) -> int:
    row = accounts.get(user_id)
    return row.points if row is not None else roulette.STARTING_POINTS


def _move_points(accounts: dict, members: dict[str, int], outcome: roulette.Outcome) -> None:
    """Take the bets when a round starts, pay the round's end (002: "Bets are silently
    removed at the beginning of the game and are given back at the end")."""
    moves: dict[int, int] = {}
    for name, amount in outcome.debits.items():
        moves[members[name]] = moves.get(members[name], 0) - amount
    for name, amount in outcome.credits.items():
        moves[members[name]] = moves.get(members[name], 0) + amount
    for user_id, delta in moves.items():
        row = accounts[user_id]
        row.points += delta
        row.save(update_fields=["points"])
