"""Russian roulette in the graveyard: the mini-game of rule document 002.

002, "Russian Roulette Mini-game": the dead type commands in the graveyard chat
(`-roulette`, `-roulette <min bet> <chambers>`, `-join`, `-observe`, `-bet #`),
the bets are normalised so that nobody bets more than all the others together,
a revolver with six chambers (unless set otherwise) holds one bullet, the
survivors share the bet of the one who is shot (more to bigger bets and to those
who pulled the trigger several times in a row), the shot cannot join later
tables, the table plays on when the Mafia game ends, bets are taken when the
round starts and given back at its end, and leaving still loses the bet.

This module is pure and deterministic: `apply(table, actor, text, ...)` returns
a new `Table` and the public lines to show, never changing its input; the
chamber holding the bullet comes from the seed and the round number, so a round
replays exactly from what is stored.

Where 002 is silent, a forum GM's choices (also in `HELP`, which players read
with `-roulette help`):

- Who plays: the dead of the Mafia game and its spectators (the site's users
  expect to play while they watch; a game's GM may have spectators only
  `-observe`: the caller says so with `can_play` and `why_not`). Every rule holds
  for both alike. A player shot at this graveyard's table cannot play again there
  (002: "cannot join any subsequent games"), but may still observe.
- Points: every account starts with `STARTING_POINTS`. A bet is a whole number
  from the table's minimum up to what the player owns, so points never go
  negative. A player who does not `-bet` bets the minimum.
- Opening: `-roulette` opens a table with minimum bet `DEFAULT_MIN_BET` and
  `DEFAULT_CHAMBERS` chambers; `-roulette <min bet> <chambers>` sets both (the
  minimum from 1 to what the host owns, from `MIN_CHAMBERS` to `MAX_CHAMBERS`
  chambers). The one who opens is the host and the first player; only the host
  starts the round (`-start`), with at least two players. One table at a time.
- The revolver is spun once when the round starts; the chambers then come in
  order, so the bullet is fired exactly once a round, at the latest with the
  last chamber (the odds rise as the round goes on: 002's "50% or 100% to die").
- Turns: in the order of joining, the host first. A player must pull at least
  once on their turn; after a click they may `-pull` again or `-pass` to the
  next player. Every pull after the first in the same turn counts as one
  consecutive pull (the bonus of 002).
- A command is a move of the table: its lines say what happened ("ann bets 10.",
  "bob pulls: click. ..."), written the same whether it was typed or a button.
- Payout: the pot is the bet of the shot player plus the bets of those who left
  during the round. Each survivor gets their own bet back and a share of the pot
  in proportion to bet x (1 + consecutive pulls), in whole points by largest
  remainder (ties: turn order), so exactly the points bet are paid out.
- Leaving: `-leave` before the round starts costs nothing. During the round it
  loses the bet to the pot (002); when only one player is left the round ends
  without a shot and that player takes the pot. A player who lets their turn
  stand for `TURN_SECONDS` may be skipped by any other player at the table
  (`-skip`): that counts as leaving.
- End of the Mafia game: a table keeps playing (002), but no new table opens and
  nobody new joins or observes.
"""

from __future__ import annotations

import copy
import random
from dataclasses import asdict, dataclass, field

STARTING_POINTS = 100
DEFAULT_MIN_BET = 10
DEFAULT_CHAMBERS = 6
MIN_CHAMBERS = 2
MAX_CHAMBERS = 12
TURN_SECONDS = 120
PREFIX = "-"

CLOSED = "closed"
BETTING = "betting"
PLAYING = "playing"

HELP = f"""Russian roulette (the graveyard's game, for points)
Every account starts with {STARTING_POINTS} points; a bet can never exceed what you own.
The dead and the spectators play (unless the GM has spectators only watch); -observe to watch.
  -roulette        open a table (minimum bet {DEFAULT_MIN_BET}, {DEFAULT_CHAMBERS} chambers)
  -roulette <min> <chambers>
                   open a table: that minimum bet, {MIN_CHAMBERS} to {MAX_CHAMBERS} chambers
  -join            sit at the open table (before the round starts)
  -observe         watch the table without playing
  -bet <points>    your bet (the minimum if you never bet)
  -start           the host starts the round (two players at least)
  -pull            pull the trigger on your turn; after a click, -pull again or -pass
  -pass            hand the revolver to the next player (after one pull at least)
  -leave           leave the table (during the round your bet is lost)
  -skip            skip a player idle for {TURN_SECONDS} seconds (they lose their bet)
  -table           show the table
Bets are normalised when the round starts: nobody bets more than all the others together.
The revolver is spun once; players pull in the order they joined, the host first.
The shot player's bet (and the bets of those who left) go to the survivors, in proportion
to their bet x (1 + the pulls they made beyond the first in a turn). The shot cannot play
again in this game's graveyard. A round in progress plays on after the Mafia game ends."""


class RouletteRefused(ValueError):
    """A command that is not allowed now; the table is unchanged."""


@dataclass
class Table:
    """One graveyard's roulette table, between rounds and during one.

    `bullet` is the secret chamber (0-based) of the round: never shown until fired.
    `bets` are offered bets while betting, the bets taken once the round plays.
    """

    stage: str = CLOSED
    host: str = ""
    min_bet: int = DEFAULT_MIN_BET
    chambers: int = DEFAULT_CHAMBERS
    players: list[str] = field(default_factory=list)
    observers: list[str] = field(default_factory=list)
    bets: dict[str, int] = field(default_factory=dict)
    turn: int = 0
    pulls_this_turn: int = 0
    fired: int = 0
    bullet: int = -1
    streaks: dict[str, int] = field(default_factory=dict)
    forfeits: dict[str, int] = field(default_factory=dict)
    killed: list[str] = field(default_factory=list)
    rounds: int = 0
    turn_since: float = 0.0

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict | None) -> Table:
        return cls(**copy.deepcopy(data)) if data else cls()

    @property
    def current(self) -> str:
        return self.players[self.turn] if self.stage == PLAYING and self.players else ""

    def public(self) -> dict:
        """What any graveyard reader may know: everything but the bullet's chamber."""
        seen = self.to_dict()
        del seen["bullet"]
        seen["current"] = self.current
        seen["chambers_left"] = self.chambers - self.fired if self.stage == PLAYING else 0
        return seen


@dataclass
class Outcome:
    """A command's result: the new table, lines for the graveyard, and points moved.

    `debits`: bets taken when a round starts; `credits`: what the round's end pays.
    `shot`: who was shot, if anyone. `round_players`: when a round ends, everyone
    whose bet it took (survivors, the shot, those who left), for the accounts' record.
    """

    table: Table
    lines: list[str]
    debits: dict[str, int] = field(default_factory=dict)
    credits: dict[str, int] = field(default_factory=dict)
    shot: str = ""
    round_players: list[str] = field(default_factory=list)


NOT_PLAYING = "Only the dead and the spectators play roulette; you may -observe."


def is_command(text: str) -> bool:
    return text.strip().startswith(PREFIX)


def apply(
    table: Table,
    actor: str,
    text: str,
    *,
    balances: dict[str, int],
    seed: int,
    now: float = 0.0,
    can_play: bool = True,
    why_not: str = NOT_PLAYING,
    game_over: bool = False,
) -> Outcome:
    """Apply one graveyard command of `actor`; raises RouletteRefused with a reason.

    `balances`: the points of the actor and of the table's players; `seed`: the
    graveyard's secret seed; `can_play`: the actor may sit at a table (a dead
    player, or a spectator the game lets play), else `why_not` is the refusal to
    opening or joining a table; `game_over`: the Mafia game has ended (no new tables or seats).
    """
    words = text.strip().split()
    if not words or not words[0].startswith(PREFIX):
        raise RouletteRefused("Roulette commands start with '-': type -roulette help.")
    verb, args = words[0][1:].lower(), words[1:]
    command = COMMANDS.get(verb)
    if command is None:
        raise RouletteRefused(f"There is no command -{verb}: type -roulette help.")
    context = _Context(
        table=Table.from_dict(table.to_dict()),
        actor=actor,
        args=args,
        balances=balances,
        seed=seed,
        now=now,
        can_play=can_play,
        why_not=why_not,
        game_over=game_over,
    )
    return command(context)


@dataclass
class _Context:
    table: Table
    actor: str
    args: list[str]
    balances: dict[str, int]
    seed: int
    now: float
    can_play: bool
    why_not: str
    game_over: bool

    def points(self, name: str) -> int:
        return int(self.balances.get(name, 0))

    def outcome(self, *lines: str, **moved) -> Outcome:
        return Outcome(table=self.table, lines=list(lines), **moved)


def _whole(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RouletteRefused(f"The {what} must be a whole number.") from None


def _may_sit(c: _Context) -> None:
    if c.game_over:
        raise RouletteRefused("The Mafia game is over: no new tables or players.")
    if not c.can_play:
        raise RouletteRefused(c.why_not)
    if c.actor in c.table.killed:
        raise RouletteRefused("You were shot at this table: you cannot play again.")


def _open(c: _Context) -> Outcome:
    if c.args[:1] and c.args[0].lower() == "help":
        return c.outcome(HELP)
    t = c.table
    if t.stage != CLOSED:
        raise RouletteRefused(f"{t.host}'s table is open: -join or -observe it.")
    _may_sit(c)
    if len(c.args) not in (0, 2):
        raise RouletteRefused("Type -roulette, or -roulette <minimum bet> <chambers>.")
    min_bet, chambers = DEFAULT_MIN_BET, DEFAULT_CHAMBERS
    if c.args:
        min_bet = _whole(c.args[0], "minimum bet")
        chambers = _whole(c.args[1], "number of chambers")
    if not MIN_CHAMBERS <= chambers <= MAX_CHAMBERS:
        raise RouletteRefused(
            f"A revolver here has {MIN_CHAMBERS} to {MAX_CHAMBERS} chambers, not {chambers}."
        )
    if min_bet < 1:
        raise RouletteRefused("The minimum bet is at least 1 point.")
    _check_covers(c, min_bet)
    c.table = Table(
        stage=BETTING,
        host=c.actor,
        min_bet=min_bet,
        chambers=chambers,
        players=[c.actor],
        killed=t.killed,
        rounds=t.rounds,
    )
    return c.outcome(
        f"{c.actor} opens a roulette table: minimum bet {min_bet}, {chambers} chambers, "
        "one bullet. -join to play, -observe to watch."
    )


def _check_covers(c: _Context, amount: int) -> None:
    owned = c.points(c.actor)
    if owned < amount:
        raise RouletteRefused(f"You have {owned} points; the minimum bet is {amount}.")


def _join(c: _Context) -> Outcome:
    t = c.table
    if t.stage == CLOSED:
        raise RouletteRefused("No table is open: type -roulette to open one.")
    if c.actor in t.players:
        raise RouletteRefused("You are already at the table.")
    if t.stage == PLAYING:
        raise RouletteRefused("The round has started: wait for the next table.")
    _may_sit(c)
    _check_covers(c, t.min_bet)
    if c.actor in t.observers:
        t.observers.remove(c.actor)
    t.players.append(c.actor)
    return c.outcome(f"{c.actor} joins the table ({len(t.players)} players).")


def _observe(c: _Context) -> Outcome:
    t = c.table
    if t.stage == CLOSED:
        raise RouletteRefused("No table is open: type -roulette to open one.")
    if c.game_over:
        raise RouletteRefused("The Mafia game is over: no new tables or players.")
    if c.actor in t.players:
        raise RouletteRefused("You play at this table; -leave it first to watch.")
    if c.actor in t.observers:
        raise RouletteRefused("You are already watching the table.")
    t.observers.append(c.actor)
    return c.outcome(f"{c.actor} watches the table.")


def _bet(c: _Context) -> Outcome:
    t = c.table
    if t.stage != BETTING or c.actor not in t.players:
        raise RouletteRefused("Bets are placed by the players of a table before its round.")
    if len(c.args) != 1:
        raise RouletteRefused("Type -bet <points>.")
    amount = _whole(c.args[0], "bet")
    if amount < t.min_bet:
        raise RouletteRefused(f"The minimum bet at this table is {t.min_bet}.")
    owned = c.points(c.actor)
    if amount > owned:
        raise RouletteRefused(f"You have only {owned} points.")
    t.bets[c.actor] = amount
    return c.outcome(f"{c.actor} bets {amount}.")


def normalise(bets: dict[str, int]) -> dict[str, int]:
    """002: "the bets are normalized so no one player bets more points than the other
    players combined": only the biggest bet can exceed the rest, and is cut to it."""
    if len(bets) < 2:
        return dict(bets)
    biggest = max(bets, key=lambda name: bets[name])
    others = sum(bets.values()) - bets[biggest]
    return {name: (min(b, others) if name == biggest else b) for name, b in bets.items()}


def bullet_chamber(seed: int, round_no: int, chambers: int) -> int:
    """The chamber the bullet sits in for a round: the spin, replayable from the seed."""
    return random.Random(f"roulette:{seed}:{round_no}").randrange(chambers)


def _start(c: _Context) -> Outcome:
    t = c.table
    if t.stage != BETTING:
        raise RouletteRefused(
            "No table is open." if t.stage == CLOSED else "The round is already on."
        )
    if c.actor != t.host:
        raise RouletteRefused(f"Only the host, {t.host}, starts the round.")
    lines = []
    for name in list(t.players):
        if c.points(name) < t.min_bet:
            t.players.remove(name)
            t.bets.pop(name, None)
            t.observers.append(name)
            lines.append(f"{name} cannot cover the minimum bet and now watches.")
    if len(t.players) < 2:
        raise RouletteRefused("A round needs two players at least.")
    offered = {name: min(t.bets.get(name, t.min_bet), c.points(name)) for name in t.players}
    t.bets = normalise(offered)
    t.stage = PLAYING
    t.rounds += 1
    t.bullet = bullet_chamber(c.seed, t.rounds, t.chambers)
    t.turn, t.pulls_this_turn, t.fired = 0, 0, 0
    t.streaks = {name: 0 for name in t.players}
    t.forfeits = {}
    t.turn_since = c.now
    listed = ", ".join(f"{name} {t.bets[name]}" for name in t.players)
    cut = [name for name in t.players if t.bets[name] < offered[name]]
    if cut:
        listed += " (normalised: " + ", ".join(f"{n} from {offered[n]}" for n in cut) + ")"
    lines.append(
        f"The round begins: {t.chambers} chambers, one bullet. Bets: {listed}. "
        f"{t.current} pulls first."
    )
    return c.outcome(*lines, debits=dict(t.bets))


def _require_turn(c: _Context) -> Table:
    t = c.table
    if t.stage != PLAYING:
        raise RouletteRefused("No round is being played.")
    if c.actor not in t.players:
        raise RouletteRefused("You are not playing this round.")
    if c.actor != t.current:
        raise RouletteRefused(f"It is {t.current}'s turn.")
    return t


def _pull(c: _Context) -> Outcome:
    t = _require_turn(c)
    if t.fired == t.bullet:
        t.fired += 1
        return _settle(c, shot=c.actor, line=f"{c.actor} pulls: BANG! {c.actor} is shot.")
    t.fired += 1
    t.pulls_this_turn += 1
    if t.pulls_this_turn > 1:
        t.streaks[c.actor] += 1
    t.turn_since = c.now
    left = t.chambers - t.fired
    return c.outcome(
        f"{c.actor} pulls: click. {left} chamber{'s' if left != 1 else ''} left; "
        f"{c.actor} may -pull again or -pass."
    )


def _pass(c: _Context) -> Outcome:
    t = _require_turn(c)
    if t.pulls_this_turn == 0:
        raise RouletteRefused("Pull the trigger once at least before you pass.")
    _next_turn(t, c.now)
    return c.outcome(f"{c.actor} passes the revolver to {t.current}.")


def _next_turn(t: Table, now: float) -> None:
    t.turn = (t.turn + 1) % len(t.players)
    t.pulls_this_turn = 0
    t.turn_since = now


def _leave(c: _Context) -> Outcome:
    t = c.table
    if c.actor in t.observers:
        t.observers.remove(c.actor)
        return c.outcome(f"{c.actor} stops watching the table.")
    if c.actor not in t.players:
        raise RouletteRefused("You are not at the table.")
    if t.stage == BETTING:
        return _leave_before_round(c)
    return _forfeit(c, c.actor, f"{c.actor} leaves the round and loses the bet.")


def _leave_before_round(c: _Context) -> Outcome:
    t = c.table
    t.players.remove(c.actor)
    t.bets.pop(c.actor, None)
    if not t.players:
        c.table = Table(killed=t.killed, rounds=t.rounds)
        return c.outcome(f"{c.actor} leaves; the table closes.")
    line = f"{c.actor} leaves the table."
    if t.host == c.actor:
        t.host = t.players[0]
        line += f" {t.host} is the host now."
    return c.outcome(line)


def _forfeit(c: _Context, name: str, line: str) -> Outcome:
    """A player leaves a round being played: the bet goes to the pot (002)."""
    t = c.table
    position = t.players.index(name)
    was_current = position == t.turn
    t.forfeits[name] = t.bets.pop(name)
    t.streaks.pop(name, None)
    t.players.remove(name)
    if len(t.players) == 1:
        return _settle(c, shot="", line=line + f" {t.players[0]} is the last one at the table.")
    if position < t.turn:
        t.turn -= 1  # the same player keeps the revolver
    elif was_current and t.turn == len(t.players):
        t.turn = 0  # the last in order left: the first is next
    if was_current:
        t.pulls_this_turn = 0
        t.turn_since = c.now
        line += f" {t.current} has the revolver."
    return c.outcome(line)


def _skip(c: _Context) -> Outcome:
    t = c.table
    if t.stage != PLAYING or c.actor not in t.players:
        raise RouletteRefused("Only a player of the round being played may skip a turn.")
    if c.actor == t.current:
        raise RouletteRefused("It is your own turn: -pull, -pass or -leave.")
    waited = c.now - t.turn_since
    if waited < TURN_SECONDS:
        raise RouletteRefused(
            f"{t.current} has {int(TURN_SECONDS - waited) + 1} more seconds for the turn."
        )
    idle = t.current
    return _forfeit(c, idle, f"{idle} let the turn stand too long, is skipped and loses the bet.")


def _show(c: _Context) -> Outcome:
    t = c.table
    if t.stage == CLOSED:
        return c.outcome("No table is open: type -roulette to open one.")
    bets = ", ".join(f"{n} {t.bets.get(n, t.min_bet)}" for n in t.players)
    line = f"{t.host}'s table: minimum bet {t.min_bet}, {t.chambers} chambers. Players: {bets}."
    if t.stage == PLAYING:
        line += f" {t.chambers - t.fired} chambers left; {t.current}'s turn."
    return c.outcome(line)


def payouts(bets: dict[str, int], streaks: dict[str, int], pot: int) -> dict[str, int]:
    """Each survivor's bet back plus a share of the pot, in proportion to
    bet x (1 + consecutive pulls); whole points by largest remainder, ties in
    the survivors' order. The sum is exactly sum(bets) + pot."""
    weights = {name: bet * (1 + streaks.get(name, 0)) for name, bet in bets.items()}
    total = sum(weights.values())
    if total == 0:
        return dict(bets)
    shares = {name: pot * w // total for name, w in weights.items()}
    rest = pot - sum(shares.values())
    order = sorted(weights, key=lambda n: (-(pot * weights[n] % total), list(bets).index(n)))
    for name in order[:rest]:
        shares[name] += 1
    return {name: bets[name] + shares[name] for name in bets}


def _settle(c: _Context, *, shot: str, line: str) -> Outcome:
    t = c.table
    pot = sum(t.forfeits.values())
    played = [*t.players, *t.forfeits]
    if shot:
        pot += t.bets.pop(shot)
        t.players.remove(shot)
        t.killed.append(shot)
    credits = payouts({n: t.bets[n] for n in t.players}, t.streaks, pot)
    won = ", ".join(f"{n} +{credits[n] - t.bets[n]}" for n in t.players)
    lines = [line, f"The round is over. Winnings: {won} (and each their bet back)."]
    c.table = Table(killed=t.killed, rounds=t.rounds)
    return c.outcome(*lines, credits=credits, shot=shot, round_players=played)


COMMANDS = {
    "roulette": _open,
    "join": _join,
    "observe": _observe,
    "bet": _bet,
    "start": _start,
    "pull": _pull,
    "pass": _pass,
    "leave": _leave,
    "skip": _skip,
    "table": _show,
}
