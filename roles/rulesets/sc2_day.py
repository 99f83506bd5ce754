"""The sc2 day and the end of the game: day types, the Mayor, the jail, win checks.

sc2-reference 3.3: day types Majority ('>=51 % of votes executes immediately') and
Majority + Trial ('defence then verdict'); the `day_type` option adds plurality at
the deadline (its default).
002: tie-breakers (three days of peace, one versus one at the start of a day).
"""

from __future__ import annotations

from ..day import (
    final_ballots,
    leaders,
    living_votes,
    lynch,
    majority_votes,
    round_events,
    tally,
    vote_weight,
    voters_for,
)
from ..errors import IllegalAction, Reason
from ..model import GameState, Player
from ..night import PhaseContext
from . import sc2_rules as rules

# -- day stages ---------------------------------------------------------------------


def day_actions(ctx: PhaseContext) -> None:
    """The Mayor's reveal and the Jailor's choice of prisoner, before the votes."""
    for intent in sorted(ctx.intents, key=lambda i: (ctx.seat(i.actor), i.index)):
        player = ctx.player(intent.actor)
        if intent.ability.id == "reveal":
            player.memory["revealed"] = True
            player.memory["vote_weight"] = ctx.option("mayor_votes")
            ctx.event("mayor_revealed", player=player.name)
            _crime(player, "corruption")
        elif intent.ability.id == "jail":
            ctx.flags["jail"] = (player.name, intent.target)
            _crime(player, "kidnapping")


def _crime(player: Player, crime: str) -> None:
    player.memory["crimes"] = sorted(set(player.memory.get("crimes", [])) | {crime})


def vote(ctx: PhaseContext) -> None:
    """Plurality at the deadline (a tie lynches nobody), majority at once, or majority
    to put a player on trial and a verdict."""
    events = ctx.flags.get("votes", [])
    day_type = ctx.option("day_type")
    if day_type in ("majority", "majority_trial"):
        chosen, counts = _majority(ctx, events)
    else:
        ballots = final_ballots(ctx, events)
        counts = tally(ctx, ballots)
        top = leaders(counts)
        chosen = top[0] if len(top) == 1 else None
    ctx.record["tally"] = counts
    ctx.record["lynched"] = []
    if chosen is None:
        return
    ballots = final_ballots(ctx, ctx.flags.get("ballots_at_lynch", events))
    guilty = voters_for(ballots, chosen)
    if day_type == "majority_trial":
        guilty = _trial(ctx, chosen)
        if guilty is None:
            return
    lynch(ctx, chosen)
    victim = ctx.player(chosen)
    if victim.role == "jester":
        victim.memory["lynched_win"] = True
        if ctx.option("jester_kills_guilty_voter"):
            victim.memory["haunt_voters"] = guilty
    for player in ctx.state.players:
        if player.role == "executioner" and player.memory.get("exe_target") == chosen:
            player.memory["exe_won"] = True


def _majority(ctx: PhaseContext, events: list[list]) -> tuple[str | None, dict[str, int]]:
    """sc2-reference 3.3: '>=51 % of votes executes immediately' (of all living votes)."""
    needed = majority_votes(living_votes(ctx.state.alive()))
    for index in range(len(events)):
        so_far = events[: index + 1]
        counts = tally(ctx, final_ballots(ctx, so_far))
        for name, count in counts.items():
            if count >= needed:
                ctx.flags["ballots_at_lynch"] = so_far
                return name, counts
    return None, tally(ctx, final_ballots(ctx, events))


def lynch_need(state: GameState) -> dict:
    """What the day's vote needs (Ruleset.lynch_need): under a majority day type the
    votes that lynch at once (or put on trial), counted as `_majority` counts them."""
    day_type = rules.option(state, "day_type")
    if day_type not in ("majority", "majority_trial"):
        return {"rule": "plurality"}
    total = living_votes(state.alive())
    rule = "trial" if day_type == "majority_trial" else "majority"
    return {"rule": rule, "votes": majority_votes(total), "of": total}


GUILTY, INNOCENT = "execute", "pardon"  # the contract's verdict ballots


def _trial(ctx: PhaseContext, accused: str) -> list[str] | None:
    """sc2-reference 3.3 'Majority + Trial (defence then verdict)': the player voted up
    by a majority defends himself (in the day's talk), then every other living player
    votes guilty ("execute") or innocent ("pardon") in the day's first extra round;
    a voter may abstain. More guilty than innocent votes (the Mayor's weight counts)
    lynch him; the guilty voters are returned, None when he goes free."""
    voters = [p.name for p in ctx.state.alive() if p.name != accused]
    label = Reason("round.verdict")
    question = Reason("question.verdict", accused=accused, choices=f"{GUILTY} / {INNOCENT}")
    ctx.event("trial", player=accused)
    rounds = ctx.flags.get("rounds", [])
    if rounds and any(isinstance(e, (list, tuple)) and e[:1] == [accused] for e in rounds[0]):
        raise IllegalAction(Reason("refusal.own_verdict", accused=accused))
    events = round_events(rounds, 0, voters, (GUILTY, INNOCENT), label, question)
    ballots = final_ballots(ctx, events)
    guilty = sorted((v for v, b in ballots.items() if b == GUILTY), key=ctx.seat)
    innocent = sorted((v for v, b in ballots.items() if b == INNOCENT), key=ctx.seat)
    execute = sum(vote_weight(ctx, v) for v in guilty)
    pardon = sum(vote_weight(ctx, v) for v in innocent)
    ctx.record["rounds"] = [{GUILTY: execute, INNOCENT: pardon}]
    verdict = "guilty" if execute > pardon else "innocent"
    # SC2 shows how everyone voted in the verdict.
    ctx.event("verdict", player=accused, verdict=verdict, guilty=guilty, innocent=innocent)
    return guilty if verdict == "guilty" else None


def after_day(ctx: PhaseContext) -> None:
    """sc2-reference 2.1 Jailor: 'choose prisoner (only after a no-lynch day)'."""
    chosen = ctx.flags.get("jail")
    state = ctx.state
    if chosen:
        jailor, prisoner = chosen
        lynched = ctx.record.get("lynched", [])
        blocked = ctx.option("jail_requires_no_lynch") and lynched
        if not blocked and not ctx.died_tonight(jailor) and not ctx.died_tonight(prisoner):
            next_night = 1 + sum(1 for r in state.history if r["phase"] == "night")
            state.memory["sc2_jail"] = {"jailor": jailor, "prisoner": prisoner, "night": next_night}
        else:
            ctx.event("jail_empty")
    for name in ctx.deaths:
        if rules.option(state, "last_wills") and name not in state.memory.get("sc2_sanitized", []):
            will = rules.last_will(ctx.player(name))
            if will:
                ctx.event("last_will", player=name, text=will)
    rules.after_deaths(ctx)


# -- the end of the game ---------------------------------------------------------------

# 002 One Versus One, best first ('There is an option that allows for the Serial
# Killer to win over the Arsonist').
PRECEDENCE = ("arsonist", "mass_murderer", "serial_killer", "mafia", "cult", "witch", "town")
SIDES = ("town", "mafia", "cult", *rules.NEUTRAL_KILLERS)


def side_of(player: Player) -> str | None:
    """The side a player wins with: a faction, or a neutral killer's own kind."""
    return player.faction if player.faction in SIDES else None


def _rank(state: GameState, player: Player) -> int:
    order = list(PRECEDENCE)
    if rules.option(state, "serial_killer_beats_arsonist"):
        order.remove("serial_killer")
        order.insert(0, "serial_killer")
    key = side_of(player) or ("witch" if player.faction == "witch" else "benign")
    return order.index(key) if key in order else len(order)


def one_versus_one(state: GameState, a: Player, b: Player) -> str | None:
    """002: 'When the game comes down to a one versus one scenario (at the start of a
    day, not after a lynch) the game is automatically concluded'."""
    if rules.option(state, "citizen_wins_1v1"):
        roles_ = {a.role, b.role}
        factions = {a.faction, b.faction}
        if "citizen" in roles_ and factions == {"town", "mafia"}:
            return "town"
    first = min((a, b), key=lambda p: _rank(state, p))
    # A Witch or a benign neutral on top: no side wins; the Witch (the Town lost)
    # and any neutral whose goal is met win by `winners_of`.
    return side_of(first) or "nobody"


def regular_winner(state: GameState) -> str | None:
    alive = state.alive()
    if not alive:
        return "nobody"
    sides = {side_of(p) for p in alive} - {None}
    witches = [p for p in alive if p.faction == "witch"]
    if not sides:
        return "nobody"  # only neutrals left: their own goals decide
    if sides == {"town"}:
        return "town" if not witches else None
    for side in ("mafia", "cult"):
        if side in sides and sides <= {side, "town"}:
            members = sum(1 for p in alive if p.faction == side)
            others = len(alive) - members - len(witches)
            if members >= others:
                return side
    if len(sides) == 1:
        (side,) = sides
        if side in rules.NEUTRAL_KILLERS:
            rest = [p for p in alive if side_of(p) != side and p.role not in ("survivor", "witch")]
            if not rest:
                return side
    return None


def peace_winner(state: GameState) -> str:
    """002 Three Days of Peace: the larger side wins; on equal numbers the side that
    is not the Town wins ('equal or greater numbers'); neutrals by precedence."""
    counts: dict[str, int] = {}
    for p in state.alive():
        side = side_of(p)
        if side:
            counts[side] = counts.get(side, 0) + 1
    if not counts:
        return "nobody"
    order = list(PRECEDENCE)

    def key(side: str) -> tuple[int, int, int]:
        return (-counts[side], side == "town", order.index(side) if side in order else 99)

    return sorted(counts, key=key)[0]


def winners_of(state: GameState, side: str) -> list[str]:
    out = []
    must_survive = rules.option(state, "executioner_must_survive")
    for p in state.players:
        won = side != "nobody" and side_of(p) == side
        if p.faction == "witch" and p.alive and side != "town":
            won = True
        if p.role == "survivor" and p.alive:
            won = True
        if p.memory.get("lynched_win"):
            won = True
        if p.memory.get("exe_won") and (p.alive or not must_survive):
            won = True
        if won:
            out.append(p.name)
    return out


def win_check(state: GameState, ctx: PhaseContext) -> None:
    quiet = state.memory.get("sc2_quiet", 0)
    state.memory["sc2_quiet"] = 0 if ctx.deaths else quiet + 1
    alive = state.alive()
    side = None
    if ctx.kind == "night" and len(alive) == 2:
        side = one_versus_one(state, alive[0], alive[1])
    if side is None:
        side = regular_winner(state)
    if side is None and state.memory["sc2_quiet"] >= 6:
        side = peace_winner(state)
        ctx.event("three_days_of_peace", side=side)
    if side is not None:
        state.ended = True
        state.winners = winners_of(state, side)
