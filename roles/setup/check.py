"""`check_setup`: every problem of a setup at once (python-chess's `Board.status()`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .draws import Draws, State, signature
from .parse import Setup, parse_setup


def check_setup(setup: Any) -> dict[str, Any]:
    """{"ok", "players", "problems": [{"slot", "message"}]}; SetupError for garbage.

    >>> check_setup({"ruleset": "sc2", "slots": [{"role": "mayor"}, {"role": "mayor"}]})["ok"]
    False
    """
    parsed = parse_setup(setup)
    problems = setup_problems(parsed, Draws(parsed))
    return {"ok": not problems, "players": len(parsed.slots), "problems": problems}


def setup_problems(setup: Setup, draws: Draws) -> list[dict[str, Any]]:
    problems: list[dict[str, Any]] = []
    if not setup.slots:
        problems.append({"slot": None, "message": "the setup has no slots"})
    problems.extend(_over_limits(setup, draws))
    states = frozenset([draws.initial])
    cache: dict[tuple[Any, frozenset[State]], tuple[frozenset[State], tuple[State, ...]]] = {}
    for slot in setup.slots:
        if slot.fixed:
            continue
        sig = signature(slot)
        key = (sig, states)
        if key not in cache:
            reached: set[State] = set()
            empty = []
            for state in states:
                _, roles = draws.options(sig, state)
                if not roles:
                    empty.append(state)
                    reached.add(state)
                reached.update(draws.next_state(state, r) for r in roles)
            cache[key] = (frozenset(reached), tuple(sorted(empty)))
        nxt, empty = cache[key]
        if empty:
            when = "in any roll" if len(empty) == len(states) else "in some rolls"
            why = draws.why_empty(sig, empty[0])
            message = f"{setup.label(slot.index)}: no possible role {when}: {why}"
            problems.append({"slot": slot.index, "message": message})
        states = nxt
    return problems


def _over_limits(setup: Setup, draws: Draws) -> list[dict[str, Any]]:
    out = []
    fixed = Counter(draws.setup_fixed_roles())
    for role in setup.ruleset.roles:
        cap = draws.cap(role)
        if role not in fixed or cap is None or fixed[role] <= cap:
            continue
        name = setup.ruleset.roles[role].name
        where = ", ".join(str(s.index + 1) for s in setup.slots if s.role == role)
        if role in setup.ruleset.unique_roles:
            why = f"the {name} is unique in {setup.ruleset.id} (at most one per game)"
        elif cap == 1 and setup.limits.get(role) and setup.limits[role].unique:
            why = f"the GM made the {name} unique (at most one)"
        else:
            why = f"at most {cap} {name} allowed"
        message = f"{fixed[role]} fixed {name} slots (slots {where}), but {why}"
        out.append({"slot": None, "message": message})
    return out
