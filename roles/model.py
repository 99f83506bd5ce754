"""The game state: players, roles, factions, memory. Plain data, JSON round-trip.

Randomness never lives in the state: every phase draws from `state.rng(kind, n)`,
a generator seeded from the game's seed and the phase, so a stored game replays
exactly and a state can be serialised between phases without an RNG snapshot.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, field, fields
from typing import Any


@dataclass
class Player:
    name: str
    seat: int
    role: str
    faction: str
    alive: bool = True
    # Per-player memory: uses left, last target, douse marks, bombs, lives ...
    memory: dict[str, Any] = field(default_factory=dict)
    # Scenario keys that fix a random draw (executioner `target`, two-clan `clan`).
    extra: dict[str, Any] = field(default_factory=dict)
    # {"phase": "night", "number": 1, "by": [...]} once dead.
    death: dict[str, Any] | None = None


@dataclass
class GameState:
    ruleset: str
    seed: int
    options: dict[str, Any]
    players: list[Player]
    phase_kind: str = "night"
    phase_number: int = 1
    memory: dict[str, Any] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)
    ended: bool = False
    winners: list[str] = field(default_factory=list)

    # -- lookups -----------------------------------------------------------
    def _by_name(self) -> dict[str, Player]:
        # A lazily built index (not a dataclass field: never serialised). Rebuilt
        # when the roster object changes, e.g. after a copy.
        index = self.__dict__.get("_index")
        if index is None or index[0] is not self.players or len(index[1]) != len(self.players):
            index = (self.players, {p.name: p for p in self.players})
            self.__dict__["_index"] = index
        return index[1]

    def player(self, name: str) -> Player:
        try:
            return self._by_name()[name]
        except (KeyError, TypeError):
            raise KeyError(name) from None

    def has_player(self, name: str) -> bool:
        try:
            return name in self._by_name()
        except TypeError:  # an unhashable name from bad input
            return False

    def alive(self) -> list[Player]:
        return [p for p in self.players if p.alive]

    def alive_names(self) -> list[str]:
        return [p.name for p in self.players if p.alive]

    def dead(self) -> list[Player]:
        return [p for p in self.players if not p.alive]

    def faction_members(self, faction: str, alive_only: bool = True) -> list[Player]:
        return [p for p in self.players if p.faction == faction and (p.alive or not alive_only)]

    def with_role(self, role: str, alive_only: bool = True) -> list[Player]:
        return [p for p in self.players if p.role == role and (p.alive or not alive_only)]

    @property
    def phase_label(self) -> str:
        return f"{self.phase_kind} {self.phase_number}"

    def rng(self, *salt: Any) -> random.Random:
        """A generator for one purpose, seeded from the game seed and `salt`."""
        return random.Random(":".join(str(s) for s in (self.seed, *salt)))

    # -- copies and serialisation -----------------------------------------
    def copy(self) -> GameState:
        # A deep copy; through pickle because the state is plain data, which one
        # pickle round trip copies at C speed where copy.deepcopy walks every object in
        # Python, and every phase resolution copies the state.
        return pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))

    def to_dict(self) -> dict[str, Any]:
        # What dataclasses.asdict gives, from one pickle copy: asdict walks and copies
        # every value one by one in Python, and the site serialises the state at every
        # phase close.
        copy = self.copy()
        data = {name: getattr(copy, name) for name in _STATE_FIELDS}
        data["players"] = [
            {name: getattr(p, name) for name in _PLAYER_FIELDS} for p in copy.players
        ]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        data = dict(data)
        data["players"] = [Player(**p) for p in data["players"]]
        return cls(**data)


_STATE_FIELDS = tuple(f.name for f in fields(GameState))
_PLAYER_FIELDS = tuple(f.name for f in fields(Player))


@dataclass
class Event:
    """Something the engine announces, with who may read it.

    audience: "public", "gm", "dead", ("seat", name) or ("faction", faction).
    """

    kind: str
    audience: Any
    payload: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        audience = list(self.audience) if isinstance(self.audience, tuple) else self.audience
        return {"kind": self.kind, "audience": audience, "payload": self.payload}
