"""What a transition returns, and the public view of its deaths.

`resolve_phase` (roles/engine.py) and the host's `modkill` (roles/modkill.py) are two
transitions beside each other; both build their result and their public events from
here, so neither imports the other's module for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .model import Event, GameState


@dataclass
class PhaseResult:
    state: GameState
    record: dict[str, Any]
    events: list[Event] = field(default_factory=list)


def public_deaths(state: GameState, ruleset, deaths: list[dict[str, Any]]) -> list[dict]:
    """The deaths as the game's reveal mode shows them to everyone."""
    reveal = ruleset.reveal(state) if ruleset.reveal else "role"
    shown_deaths = []
    for death in deaths:
        entry = {"player": death["player"]}
        dead = state.player(death["player"])
        shown = ruleset.reveal_of(state, dead) if ruleset.reveal_of else reveal
        if shown == "role":
            entry["role"] = death["role"]
        if shown in ("role", "team"):
            entry["faction"] = dead.faction
        shown_deaths.append(entry)
    return shown_deaths


def game_over_event(state: GameState) -> Event:
    return Event(
        "game_over",
        "public",
        {"winners": list(state.winners), "roles": {p.name: p.role for p in state.players}},
    )
