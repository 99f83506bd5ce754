"""`setup_odds`: exact per-slot odds and expected faction counts, by dynamic programming
over the states of draws.py (a few dozen for ten random slots of sc2)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..errors import InvalidSetup
from .check import setup_problems
from .draws import Draws, State, signature
from .parse import parse_setup

DECIMALS = 6


def setup_odds(setup: Any) -> dict[str, Any]:
    """{"slots": [{"slot", "odds": {role: p}}], "factions": {faction: expected count}}.

    >>> setup_odds({"ruleset": "ru_sport", "slots": [{"role": "don"},
    ...     {"category": "town_random", "exclude": {"exclude_civilian": True}}]})["slots"][1]
    {'slot': 1, 'odds': {'commissar': 1.0}}
    """
    parsed = parse_setup(setup)
    draws = Draws(parsed)
    problems = setup_problems(parsed, draws)
    if problems:
        raise InvalidSetup(problems)
    ruleset = parsed.ruleset
    order = {role: i for i, role in enumerate(ruleset.roles)}
    dist: dict[State, float] = {draws.initial: 1.0}
    per_slot: list[dict[str, float]] = []
    for slot in parsed.slots:
        if slot.fixed:
            per_slot.append({slot.role: 1.0})
            continue
        sig = signature(slot)
        odds: dict[str, float] = defaultdict(float)
        nxt: dict[State, float] = defaultdict(float)
        for state, p in dist.items():
            _, roles = draws.options(sig, state)
            share = p / len(roles)
            for role in roles:
                odds[role] += share
                nxt[draws.next_state(state, role)] += share
        dist = dict(nxt)
        per_slot.append(dict(odds))
    factions: dict[str, float] = defaultdict(float)
    slots = []
    for index, odds in enumerate(per_slot):
        ranked = sorted(odds, key=order.__getitem__)
        slots.append({"slot": index, "odds": {r: round(odds[r], DECIMALS) for r in ranked}})
        for role, p in odds.items():
            factions[ruleset.roles[role].faction] += p
    faction_order = list(dict.fromkeys(r.faction for r in ruleset.roles.values()))
    expected = {f: round(factions[f], DECIMALS) for f in faction_order if factions.get(f)}
    return {"slots": slots, "factions": expected}
