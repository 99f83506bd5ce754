"""Dealing roles: a rolled role list (or a preset's) shuffled onto the seats with the seed."""

from __future__ import annotations

import random
from typing import Any

from ..errors import IllegalAction
from ..ruleset import get_ruleset


def deal_roles(role_list: list[str], names: list[str], seed: int) -> list[dict[str, Any]]:
    """Seat `names` in order and shuffle `role_list` onto them; part of the record.

    >>> deal_roles(["doctor"], ["Ann"], 3)
    [{'name': 'Ann', 'role': 'doctor'}]
    """
    if len(names) != len(role_list):
        raise IllegalAction(f"{len(role_list)} roles for {len(names)} players")
    deck = list(role_list)
    random.Random(f"{seed}:deal").shuffle(deck)
    return [{"name": name, "role": role} for name, role in zip(names, deck, strict=True)]


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
    return deal_roles(list(preset.roles), names, seed)
