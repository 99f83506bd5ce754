"""Day helpers: the final ballot of each voter, weighted tallies, plurality, the lynch.

Rulesets compose these into their own day procedures (re-votes, catastrophes,
street conflicts, hangmen, trials); nothing here knows a ruleset.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, PendingDecision, Reason
from .night import PhaseContext

PASS = "pass"


def final_ballots(ctx: PhaseContext, events: list[list[Any]]) -> dict[str, str]:
    """Each voter's last ballot, in the order first cast; `None` withdraws a vote."""
    ballots: dict[str, str | None] = {}
    for voter, target in events:
        if voter in ballots:
            del ballots[voter]  # a replaced vote moves to the end of the order
        ballots[voter] = target
    return {v: t for v, t in ballots.items() if t is not None}


def vote_weight(ctx: PhaseContext, voter: str) -> int:
    """A voter's weight: 1, changed by memory["vote_weight"] (mayor, +1/-1 vote)."""
    return ctx.player(voter).memory.get("vote_weight", 1)


def living_votes(players) -> int:
    """The votes the living hold between them (each voter's weight: `vote_weight`)."""
    return sum(p.memory.get("vote_weight", 1) for p in players)


def majority_votes(total: int) -> int:
    """The fewest votes that are at least 51 % of `total` (sc2-reference 3.3's majority)."""
    return next(n for n in range(total + 1) if n * 100 >= 51 * total)


def tally(ctx: PhaseContext, ballots: dict[str, str], count_pass: bool = False) -> dict[str, int]:
    """Votes per candidate in seat order (and "pass" last when it counts)."""
    counts: dict[str, int] = {}
    for voter, target in ballots.items():
        if target == PASS and not count_pass:
            continue
        counts[target] = counts.get(target, 0) + vote_weight(ctx, voter)
    seat = {p.name: p.seat for p in ctx.state.players}
    return {k: counts[k] for k in sorted(counts, key=lambda k: seat.get(k, len(seat)))}


def leaders(counts: dict[str, int]) -> list[str]:
    """The candidates with the most votes (pass excluded), in seat order."""
    real = {k: v for k, v in counts.items() if k != PASS and v > 0}
    if not real:
        return []
    top = max(real.values())
    return [k for k, v in real.items() if v == top]


def voters_for(ballots: dict[str, str], target: str) -> list[str]:
    return [v for v, t in ballots.items() if t == target]


def lynch(ctx: PhaseContext, name: str, cause: str = "lynch") -> None:
    ctx.record.setdefault("lynched", []).append(name)
    ctx.kill(name, cause)


def round_events(
    rounds: list[list[list[Any]]],
    index: int,
    voters: list[str],
    allowed: tuple[str, ...],
    label: str,
    question: str,
) -> list[list[Any]]:
    """The ballot events of the day's extra round `index` (a re-vote, a verdict).

    Not given yet: ask for it (`PendingDecision` with `question`: every name in
    `voters` chooses among `allowed`). Given: each event must be a [voter, choice]
    pair from one of `voters`, the choice one of `allowed` (or None, a withdrawal).
    """
    if index >= len(rounds):
        raise PendingDecision(
            question, kind="round", choices=list(allowed), voters=list(voters), index=index
        )
    events = rounds[index]
    for event in events:
        if not (isinstance(event, (list, tuple)) and len(event) == 2):
            raise IllegalAction(Reason("refusal.round_pair", label=label))
        voter, choice = event
        if voter not in voters:
            raise IllegalAction(Reason("refusal.round_voter", voter=voter, label=label))
        if choice is not None and choice not in allowed:
            choices = ", ".join(allowed)
            raise IllegalAction(
                Reason("refusal.round_choice", voter=voter, label=label, choices=choices)
            )
    return events
