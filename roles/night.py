"""The generic phase resolver: a context of intents, visits, blocks, attacks and results.

`resolve_stages` walks the ruleset's stage list. A stage named in
`ruleset.procedures` is called with the context; any other stage is a priority
bucket whose intents are resolved by their ability's hook, in seat order.
Deaths are collected and applied together at the end, so kills are
simultaneous: an actor killed tonight still fires, but later stages (the
investigations) skip actors who died earlier in the same night.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .model import GameState, Player
from .ruleset import Ability, Role, Ruleset


@dataclass
class Intent:
    actor: str
    ability: Ability
    role: Role
    targets: list[str]
    extra: dict[str, Any] = field(default_factory=dict)
    original: list[str] = field(default_factory=list)
    blocked: bool = False
    forced: bool = False
    index: int = 0

    @property
    def target(self) -> str | None:
        return self.targets[0] if self.targets else None


@dataclass
class Visit:
    visitor: str
    target: str
    ability: str


@dataclass
class Attack:
    attacker: str | None
    target: str
    cause: str  # a cause id: the attacker's role, "suicide", "bodyguard", ...
    preventable: bool = True  # doctors and bodyguards can stop it
    pierces: tuple[str, ...] = ()  # defences it goes through
    interceptable: bool = True  # a bodyguard can step in
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class Protection:
    protector: str
    target: str
    kind: str  # "heal", "guard", "immune", ...
    meta: dict[str, Any] = field(default_factory=dict)


class PhaseContext:
    """Scratch space of one phase's resolution; discarded once the phase is recorded."""

    def __init__(self, state: GameState, ruleset: Ruleset, rng: random.Random):
        self.state = state
        self.ruleset = ruleset
        self.rng = rng
        self.kind = state.phase_kind
        self.number = state.phase_number
        self.intents: list[Intent] = []
        self._by_actor: dict[str, list[Intent]] = {}
        self._by_actor_size = 0
        self.visits: list[Visit] = []
        self._by_target: dict[str, set[str]] = {}
        self._by_target_size = 0
        self.attacks: list[Attack] = []
        self.protections: list[Protection] = []
        self.results: list[dict[str, Any]] = []
        self._result_keys: set[str] = set()
        self.events: list[dict[str, Any]] = []
        self.deaths: dict[str, list[str]] = {}  # name -> cause ids, in order
        self.death_notes: dict[str, dict[str, Any]] = {}
        self.flags: dict[str, Any] = {}  # per-phase marks: framed, guarded ...
        self.record: dict[str, Any] = {}  # phase-specific output keys (tally, lynched)
        self.alive_at_start = set(state.alive_names())

    # -- lookups -----------------------------------------------------------
    def option(self, option_id: str) -> Any:
        return self.ruleset.option(self.state.options, option_id)

    def player(self, name: str) -> Player:
        return self.state.player(name)

    def role(self, name: str) -> Role:
        return self.ruleset.roles[self.state.player(name).role]

    def trait(self, name: str, trait: str, default: Any = None) -> Any:
        return self.role(name).traits.get(trait, default)

    def seat(self, name: str) -> int:
        return self.state.player(name).seat

    def intents_of(self, actor: str) -> list[Intent]:
        if self._by_actor_size != len(self.intents):  # an index, so a night stays O(n)
            self._by_actor = {}
            for intent in self.intents:
                self._by_actor.setdefault(intent.actor, []).append(intent)
            self._by_actor_size = len(self.intents)
        return list(self._by_actor.get(actor, ()))

    def intents_at(self, stage: str) -> list[Intent]:
        found = [i for i in self.intents if i.ability.stage == stage]
        return sorted(found, key=lambda i: (self.seat(i.actor), i.index))

    def died_tonight(self, name: str) -> bool:
        return name in self.deaths

    def is_alive_now(self, name: str) -> bool:
        return self.state.player(name).alive and name not in self.deaths

    def visitors_of(self, target: str) -> list[str]:
        if self._by_target_size != len(self.visits):  # an index, so a night stays O(n)
            self._by_target = {}
            for visit in self.visits:
                self._by_target.setdefault(visit.target, set()).add(visit.visitor)
            self._by_target_size = len(self.visits)
        return sorted(self._by_target.get(target, ()))

    def protections_of(self, target: str, kind: str | None = None) -> list[Protection]:
        return [p for p in self.protections if p.target == target and kind in (None, p.kind)]

    # -- effects -------------------------------------------------------------
    def result(self, to: str, kind: str, **fields: Any) -> None:
        """A private result; the same message twice is told once."""
        entry = {"to": to, "kind": kind, **fields}
        key = repr(entry)
        if key not in self._result_keys:
            self._result_keys.add(key)
            self.results.append(entry)

    def event(self, kind: str, **fields: Any) -> None:
        self.events.append({"kind": kind, **fields})

    def visit(self, visitor: str, target: str, ability: str) -> None:
        self.visits.append(Visit(visitor, target, ability))

    def attack(self, attacker: str | None, target: str, cause: str, **kw: Any) -> Attack:
        attack = Attack(attacker, target, cause, **kw)
        self.attacks.append(attack)
        return attack

    def protect(self, protector: str, target: str, kind: str, **meta: Any) -> None:
        self.protections.append(Protection(protector, target, kind, meta))

    def kill(self, name: str, cause: str, **note: Any) -> None:
        """Record a death (once per player; later causes are added to the first)."""
        causes = self.deaths.setdefault(name, [])
        if cause not in causes:
            causes.append(cause)
        if note:
            self.death_notes.setdefault(name, {}).update(note)

    def block(self, actor: str) -> None:
        for intent in self.intents_of(actor):
            if intent.ability.blockable:
                intent.blocked = True

    def add_intent(self, intent: Intent) -> Intent:
        intent.index = len(self.intents)
        if not intent.original:
            intent.original = list(intent.targets)
        self.intents.append(intent)
        return intent

    # -- running ---------------------------------------------------------------
    def run(self, stages: tuple[str, ...]) -> None:
        for stage in stages:
            procedure = self.ruleset.procedures.get(stage)
            if procedure is not None:
                procedure(self)
            else:
                self.run_bucket(stage)

    def run_bucket(self, stage: str) -> None:
        for intent in self.intents_at(stage):
            if intent.blocked:
                continue
            if self.died_tonight(intent.actor) and not intent.ability.usable_dead:
                continue
            if intent.ability.resolve is not None:
                intent.ability.resolve(self, intent)

    def apply_deaths(self) -> list[dict[str, Any]]:
        """Mark the collected deaths on the state; return them in seat order."""
        out = []
        for player in self.state.players:
            if player.name not in self.deaths:
                continue
            causes = self.deaths[player.name]
            player.alive = False
            player.death = {"phase": self.kind, "number": self.number, "by": list(causes)}
            out.append({"player": player.name, "role": player.role, "by": list(causes)})
        return out
