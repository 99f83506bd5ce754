"""`roll_setup`: one role per slot with the game's seed (fixed slots first, then each
random slot in order), and `preset_setup`: a preset as a setup of fixed slots."""

from __future__ import annotations

import random
from typing import Any

from ..errors import InvalidSetup
from ..ruleset import get_ruleset
from .check import setup_problems
from .draws import Draws, signature
from .parse import parse_setup


def roll_setup(setup: Any, seed: int) -> dict[str, Any]:
    """{"roles": [...], "slots": [{"slot", "role", "fallback"}]}; the same setup and seed
    give the same roll (`random.Random(f"{seed}:setup")`).

    >>> roll_setup({"ruleset": "bay12", "slots": [{"role": "doctor"}]}, 1)["roles"]
    ['doctor']
    """
    return Roller(setup).roll(seed)


class Roller:
    """One setup read and checked once, rolled with as many seeds as wanted (the same
    roll as roll_setup for each seed)."""

    def __init__(self, setup: Any):
        self.setup = parse_setup(setup)
        self.draws = Draws(self.setup)
        problems = setup_problems(self.setup, self.draws)
        if problems:
            raise InvalidSetup(problems)

    def roll(self, seed: int) -> dict[str, Any]:
        rng = random.Random(f"{seed}:setup")
        draws = self.draws
        state = draws.initial
        slots: list[dict[str, Any]] = []
        for slot in self.setup.slots:
            if slot.fixed:
                slots.append({"slot": slot.index, "role": slot.role, "fallback": None})
                continue
            fallback, roles = draws.options(signature(slot), state)
            role = roles[rng.randrange(len(roles))]
            state = draws.next_state(state, role)
            slots.append({"slot": slot.index, "role": role, "fallback": fallback})
        return {"roles": [s["role"] for s in slots], "slots": slots}


def preset_setup(ruleset_id: str, preset_id: str) -> dict[str, Any]:
    """The preset as a setup: its roles as fixed slots, with its options."""
    ruleset = get_ruleset(ruleset_id)
    preset = ruleset.presets[preset_id]
    return {
        "ruleset": ruleset.id,
        "options": dict(preset.options),
        "slots": [{"role": role} for role in preset.roles],
        "roles": {},
    }
