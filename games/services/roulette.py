"""The graveyard's Russian roulette on the site (the rules: roles/roulette.py, 002).

A command typed in the graveyard chat (a post starting with "-", routed here by
chat.post_message) or sent by the graveyard panel's buttons (games/web/roulette.py)
runs `roulette_command`: one transaction with the game row locked, the
table and the players' points rows locked after it, the engine applied, and one
"roulette" event for the graveyard (audience "dead": living players never read it,
in the page or on the socket). A command is a move of the table, not a chat post:
the panel lists the table's moves (the event's lines), the chat keeps the talk, and
typing "-bet 10" or pressing the Bet button is the same move, the same event.

Who: the dead of the game and its spectators play alike (a spectator goes by his
username with `SPECTATOR_MARK`, so he is never taken for a seat: a seat keeps the
name it was joined with when another account replaces its player). The game's
`roulette_spectators` option off (the GM's), spectators may only -observe. The GM
and the living are refused, like in the graveyard chat. When the Mafia game ends
the table plays on (002): its players still pull, and the finished game's log,
open to all, shows the rest.

Where a round ends, the record of each account whose bet it took is counted on its
`RoulettePoints` row (played, won, shot): profile and leaderboard read it as is.

The spins come from `RouletteTable.seed`, drawn on the server when the table is
first used and never sent out, so a round replays from what is stored and no
browser can foresee the chamber.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from games.models import Event, Game, RoulettePoints, RouletteTable, Status
from games.services.core import (
    MAX_POST_CHARS,
    RATE_SECONDS,
    ServiceError,
    engine_state,
    is_spectator,
    lock_game,
    open_phase,
    require_gm,
    runs_game,
)
from roles import roulette

EVENT_KIND = "roulette"
# Flood control, looser than the chat's: one turn is several commands (-pull, -pull, -pass).
RATE_COMMANDS = 12
is_command = roulette.is_command


def roulette_command(user, game_id: int, text: str) -> Event:
    """Apply one roulette command of `user` in the game's graveyard; returns the move
    (the "roulette" event logged). Raises ServiceError (and changes nothing) when refused."""
    text = " ".join((text or "").split())
    if not is_command(text):
        raise ServiceError(gettext("Roulette commands start with '-': type -roulette help."))
    if len(text) > MAX_POST_CHARS:
        raise ServiceError(
            gettext("A post has at most %(max_post_chars)s characters.")
            % {"max_post_chars": MAX_POST_CHARS}
        )
    now = timezone.now()
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        member = graveyard_member(game, user)
        name = member.name
        _check_moves_rate(game, name, now)
        table_row = _table_of(game)
        table = roulette.Table.from_dict(table_row.state)
        members = {**table_row.members, name: user.id}
        in_round = [*table.players, *table.forfeits]
        at_stake = {members[n] for n in in_round if n in members}
        if member.can_play:
            at_stake.add(user.id)
        accounts = _lock_points(at_stake)
        held = Held(table_row.held, _masked_seats(game, members))
        balances = {
            n: held.points(n, members[n], _points_of(accounts, members[n]))
            for n in (name, *table.players)
            if n in members
        }
        try:
            outcome = roulette.apply(
                table,
                name,
                text,
                balances=balances,
                seed=table_row.seed,
                now=now.timestamp(),
                can_play=member.can_play,
                why_not=member.why_not,
                game_over=game.status == Status.FINISHED,
            )
        except roulette.RouletteRefused as refusal:
            raise ServiceError(str(refusal)) from None
        _move_points(accounts, members, outcome, held)
        _count_record(accounts, members, outcome, held)
        new = outcome.table
        table_row.state = new.to_dict()
        # Who left a round being played stays a member until it ends: his record counts.
        seated = {*new.players, *new.observers, *new.forfeits}
        table_row.members = {n: uid for n, uid in members.items() if n in seated}
        table_row.held = held.rows
        table_row.save(update_fields=["state", "members", "held"])
        phase = open_phase(game) or game.phases.order_by("-seq").first()
        # A mask's points are his account's: the graveyard is not told them.
        points = {
            n: _points_of(accounts, uid)
            for n, uid in members.items()
            if uid in accounts and n not in held.names
        }
        payload = {
            "actor": name,
            "command": text,
            "lines": outcome.lines,
            "table": new.public(),
            "points": points,
            "shot": outcome.shot,
            # the first move of a table: the panel lists a table's moves from here
            "opened": table.stage == roulette.CLOSED and new.stage == roulette.BETTING,
        }
        move = change.log(EVENT_KIND, "dead", payload, phase=phase)
        change.finish()
    return move


@dataclass(frozen=True)
class GraveyardMember:
    """How a user sits in a game's graveyard: his table name, and whether he may sit
    at a table (else `why_not` says why: he may still watch)."""

    name: str
    can_play: bool = True
    why_not: str = roulette.NOT_PLAYING


SPECTATOR_MARK = " (spectator)"
SPECTATORS_WATCH = (
    "The GM of this game has spectators only watch the roulette: you may -observe; the dead play."
)


def spectator_name(user) -> str:
    """A spectator's name at the table: never a seat's (usernames have no spaces)."""
    return f"{user.username}{SPECTATOR_MARK}"


def graveyard_member(game: Game, user) -> GraveyardMember:
    """The name this user goes by in the graveyard, and whether they may play
    (a dead seat, a spectator where the game lets them). Refuses everyone else."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError(gettext("Log in first."))
    if game.status == Status.LOBBY:
        raise ServiceError(gettext("The game has not started yet."))
    if runs_game(game, user):
        raise ServiceError(gettext("The graveyard chat is for the dead and spectators."))
    seat = game.seats.filter(user=user).first()
    if seat is not None:
        if engine_state(game).player(seat.name).alive:
            raise ServiceError(gettext("The graveyard chat is for the dead and spectators."))
        return GraveyardMember(seat.name)
    if is_spectator(game, user):
        if game.roulette_spectators:
            return GraveyardMember(spectator_name(user))
        return GraveyardMember(spectator_name(user), can_play=False, why_not=SPECTATORS_WATCH)
    raise ServiceError(gettext("You are not playing in this game."))


def _check_moves_rate(game: Game, name: str, now) -> None:
    """Flood control for moves (they are no posts): `RATE_COMMANDS` in RATE_SECONDS."""
    recent = Event.objects.filter(
        game=game,
        kind=EVENT_KIND,
        payload__actor=name,
        created_at__gt=now - timedelta(seconds=RATE_SECONDS),
    ).count()
    if recent >= RATE_COMMANDS:
        raise ServiceError(
            gettext(
                "Slow down: at most %(rate_commands)s roulette moves in %(rate_seconds)s seconds."
            )
            % {"rate_commands": RATE_COMMANDS, "rate_seconds": RATE_SECONDS}
        )


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


class Held:
    """A masked game's seats at the table (games/masks.py): their points and record move
    here, on the table row, until the game ends (`release_held`), so the site-wide
    leaderboard and profiles do not move with a mask's bets."""

    FIELDS = ("points", "played", "won", "shot")

    def __init__(self, rows: dict, names: set[str]) -> None:
        self.rows = {uid: dict(entry) for uid, entry in (rows or {}).items()}
        self.names = names

    def points(self, name: str, user_id: int, own: int) -> int:
        """What a member may bet with: his account's points, and a mask's held change."""
        if name not in self.names:
            return own
        return own + self.rows.get(str(user_id), {}).get("points", 0)

    def add(self, user_id: int, **deltas: int) -> None:
        entry = self.rows.setdefault(str(user_id), dict.fromkeys(self.FIELDS, 0))
        for key, delta in deltas.items():
            entry[key] += int(delta)


def _masked_seats(game: Game, members: dict[str, int]) -> set[str]:
    """The table names that are seats of a masked game still running."""
    if not (game.masks and game.status == Status.RUNNING):
        return set()
    seats = set(game.seats.values_list("name", flat=True))
    return {name for name in members if name in seats}


def _move_points(
    accounts: dict, members: dict[str, int], outcome: roulette.Outcome, held: Held
) -> None:
    """Take the bets when a round starts, pay the round's end (002: "Bets are silently
    removed at the beginning of the game and are given back at the end")."""
    moves: dict[str, int] = {}
    for name, amount in outcome.debits.items():
        moves[name] = moves.get(name, 0) - amount
    for name, amount in outcome.credits.items():
        moves[name] = moves.get(name, 0) + amount
    for name, delta in moves.items():
        if name in held.names:
            held.add(members[name], points=delta)
            continue
        row = accounts[members[name]]
        row.points += delta
        row.save(update_fields=["points"])


def _count_record(
    accounts: dict, members: dict[str, int], outcome: roulette.Outcome, held: Held
) -> None:
    """A round ended: each account whose bet it took played it; the survivors (paid)
    won it; the shot was shot."""
    for name in outcome.round_players:
        row = accounts.get(members.get(name))
        if row is None:  # a seat left before this record was kept: nothing to count
            continue
        won, shot = int(name in outcome.credits), int(name == outcome.shot)
        if name in held.names:
            held.add(members[name], played=1, won=won, shot=shot)
            continue
        row.tables_played += 1
        row.tables_won += won
        row.times_shot += shot
        row.save(update_fields=["tables_played", "tables_won", "times_shot"])


def release_held(game: Game) -> None:
    """The masked game is over: the points and record its seats played for reach their
    accounts (called where the game moves to FINISHED, inside its lock)."""
    row = RouletteTable.objects.filter(game=game).select_for_update().first()
    if row is None or not row.held:
        return
    accounts = _lock_points({int(uid) for uid in row.held})
    for uid, entry in row.held.items():
        account = accounts[int(uid)]
        # Bets were checked against points + held change: never below zero.
        account.points = max(0, account.points + entry.get("points", 0))
        account.tables_played += entry.get("played", 0)
        account.tables_won += entry.get("won", 0)
        account.times_shot += entry.get("shot", 0)
        account.save(update_fields=["points", "tables_played", "tables_won", "times_shot"])
    row.held = {}
    row.save(update_fields=["held"])


def points_in_game(game: Game, user, own: int) -> int:
    """What `user` may bet with at this game's table: `own` (his account's points) and,
    for a masked seat, what he won or lost here so far."""
    row = RouletteTable.objects.filter(game=game).only("held").first()
    if row is None or not (game.masks and game.status == Status.RUNNING):
        return own
    return own + row.held.get(str(user.id), {}).get("points", 0)


OPTION_KIND = "roulette_option"


def set_roulette_spectators(gm, game_id: int, allowed: bool) -> Game:
    """The GM's option "spectators may play roulette", set while the game is open or
    running (the graveyard is told). Turned off, a spectator already at a table plays
    its round out; he opens or joins no new one (roles/roulette.py `can_play`)."""
    allowed = bool(allowed)
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        require_gm(game, gm)
        if game.status not in (Status.LOBBY, Status.RUNNING):
            raise ServiceError(gettext("The game is over: its roulette options stay as they were."))
        if game.roulette_spectators == allowed:
            raise ServiceError(
                gettext("Spectators already may play roulette in this game.")
                if allowed
                else gettext("Spectators already only watch roulette in this game.")
            )
        game.roulette_spectators = allowed
        phase = open_phase(game)
        change.log(OPTION_KIND, "dead", {"spectators_play": allowed}, phase=phase)
        change.finish()  # saves the game row, the option with it
    return game
