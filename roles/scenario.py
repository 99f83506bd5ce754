"""The public contract: `simulate(scenario)` (docs/scenario.md). All or nothing.

Besides its `day` or `night`, a phase may carry `before`: what happened during the
phase before it closed, in order, each a transition of its own beside
`resolve_phase` (the site records them as they happen, and a downloaded game needs
them to reproduce its outcome):

- `{"will": NAME, "text": TEXT}`: NAME writes (or rewrites, or with "" erases) his
  last will (roles.write_will);
- `{"modkill": NAME}`: the host modkills NAME at once (roles.modkill);
- `{"leave": NAME}`: NAME leaves the game (roles.leave, 002's leavers).

A modkill that ends the game ends the phase too: its record is the modkill's, and
the phase's own input is not resolved.
"""

from __future__ import annotations

import difflib
from typing import Any

from .engine import new_game, resolve_phase
from .errors import IllegalAction, ScenarioError
from .leavers import leave
from .model import GameState
from .modkill import modkill
from .ruleset import list_rulesets
from .wills import write_will


def simulate(scenario: dict[str, Any]) -> dict[str, Any]:
    """Play a scenario through the engine; raise ScenarioError on any invalid input.

    >>> out = simulate({"ruleset": "bay12", "seed": 1, "players": [
    ...     {"name": "Ann", "role": "doctor"}, {"name": "Bob", "role": "mafioso"},
    ...     {"name": "Cid", "role": "townie"}],
    ...     "phases": [{"night": [{"actor": "Bob", "targets": ["Cid"]},
    ...                           {"actor": "Ann", "targets": ["Cid"]}]}]})
    >>> out["phases"][0]["deaths"], out["alive"]
    ([], ['Ann', 'Bob', 'Cid'])
    """
    if not isinstance(scenario, dict):
        raise ScenarioError("setup: a scenario is a JSON object")
    ruleset_id = scenario.get("ruleset")
    known = [r.id for r in list_rulesets()]
    if ruleset_id not in known:
        close = difflib.get_close_matches(str(ruleset_id), known, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise ScenarioError(f"setup: unknown ruleset '{ruleset_id}'{hint}")
    phases = scenario.get("phases", [])
    players = scenario.get("players")
    seed = scenario.get("seed", 0)
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise ScenarioError("setup: players must be a list of {name, role} objects")
    if not isinstance(phases, list) or not all(isinstance(p, dict) for p in phases):
        raise ScenarioError("setup: phases must be a list of {night: ...} or {day: ...}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ScenarioError("setup: seed must be an integer")
    first = "night"
    if phases and "day" in phases[0] and "night" not in phases[0]:
        first = "day"
    try:
        state = new_game(ruleset_id, players, seed, scenario.get("options") or {}, first)
    except (IllegalAction, ValueError) as exc:
        raise ScenarioError(f"setup: {exc}") from None
    records = []
    for phase in phases:
        label = state.phase_label
        if state.ended:
            raise ScenarioError(f"{label}: the game has already ended")
        kind = next((k for k in ("day", "night") if k in phase), None)
        if kind is None or len(set(phase) - {"before"}) != 1:
            raise ScenarioError(f'{label}: a phase is {{"day": ...}} or {{"night": ...}}')
        if kind != state.phase_kind:
            given = sum(1 for r in records if r["phase"] == kind) + 1
            raise ScenarioError(
                f"{kind} {given}: phases must alternate; expected {state.phase_label}"
            )
        state, ending = _apply_before(state, phase.get("before", []), label)
        if ending is not None:  # a modkill ended the game, and with it the phase
            records.append(ending)
            continue
        try:
            result = resolve_phase(state, {kind: phase[kind]})
        except IllegalAction as exc:
            raise ScenarioError(f"{label}: {exc.reason}") from None
        records.append(result.record)
        state = result.state
    return {
        "phases": records,
        "alive": state.alive_names(),
        "roles": {p.name: p.role for p in state.players},
        "ended": state.ended,
        "winners": list(state.winners),
    }


def _apply_before(state: GameState, changes: Any, label: str) -> tuple[GameState, dict | None]:
    """Apply a phase's `before` list; returns the state and, when a modkill ended the
    game, that modkill's record."""
    if not isinstance(changes, list) or not all(isinstance(c, dict) for c in changes):
        raise ScenarioError(f"{label}: before must be a list of {{will|modkill|leave: NAME}}")
    for change in changes:
        kinds = [k for k in ("will", "modkill", "leave") if k in change]
        if len(kinds) != 1:
            raise ScenarioError(
                f"{label}: each change before the close is a will, modkill or leave"
            )
        kind, name = kinds[0], change[kinds[0]]
        try:
            if kind == "will":
                state = write_will(state, name, change.get("text", ""))
            elif kind == "leave":
                state = leave(state, name)
            else:
                result = modkill(state, name)
                state = result.state
                if state.ended:
                    return state, result.record
        except IllegalAction as exc:
            raise ScenarioError(f"{label}: {kind} {name}: {exc.reason}") from None
    return state, None
