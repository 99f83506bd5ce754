"""Dealing roles: a preset's role list shuffled onto the seats with the game's seed."""

from __future__ import annotations

import random
from typing import Any

from .errors import IllegalAction
from .ruleset import get_ruleset


def deal(ruleset_id: str, preset_id: str, names: list[str], seed: int) -> list[dict[str, Any]]:
    """Seat `names` in order and give each a role of the preset; part of the record."""
    ruleset = get_ruleset(ruleset_id)
    if preset_id not in ruleset.presets:
        raise IllegalAction(f"unknown preset '{preset_id}' of {ruleset_id}")
    preset = ruleset.presets[preset_id]
    if len(names) != len(preset.roles):
        raise IllegalAction(
            f"preset {preset_id} is for {len(preset.roles)} players, not {len(names)}"
        )
    deck = list(preset.roles)
    random.Random(f"{seed}:deal").shuffle(deck)
    return [{"name": name, "role": role} for name, role in zip(names, deck, strict=True)]
