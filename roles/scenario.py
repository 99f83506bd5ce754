"""The public contract: `simulate(scenario)` (spec/scenario.md). All or nothing."""

from __future__ import annotations

import difflib
from typing import Any

from .engine import new_game, resolve_phase
from .errors import IllegalAction, ScenarioError
from .ruleset import list_rulesets


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
        if kind is None or len(phase) != 1:
            raise ScenarioError(f'{label}: a phase is {{"day": ...}} or {{"night": ...}}')
        if kind != state.phase_kind:
            given = sum(1 for r in records if r["phase"] == kind) + 1
            raise ScenarioError(
                f"{kind} {given}: phases must alternate; expected {state.phase_label}"
            )
        try:
            result = resolve_phase(state, phase)
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
