"""The host's modkill: a player removed at once, in the middle of a phase, in any ruleset.

`modkill(state, name)` is a transition of its own, beside `resolve_phase`: the
player dies now (cause "modkill"; 002's death descriptions: "Administrator Kick:
He/She was struck by lightning."), the death is shown as the game's reveal mode
shows deaths, and the win conditions are checked at once, so the game may end.
The phase does not advance.

A ruleset with its own modkill rule (the Russian rulesets' "gm_modkill" stage, which
also takes the host's modkills as GM actions at a phase's close) is asked to apply
it: one place per rule. Every other ruleset gets the generic kill.

The modkilled players of the open phase are remembered in the state
(`memory["modkilled"]`) until that phase is resolved: `resolve_phase` then voids
their moves and ballots and the ballots naming them (`void_modkilled`), and hands
their names to the ruleset as `ctx.flags["gm_modkilled"]` (ru_hunt: "a host modkill
during a day counts as a modkill at the vote", nobody else leaves that day).
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, Reason
from .model import Event, GameState
from .night import PhaseContext
from .outcome import PhaseResult, game_over_event, public_deaths
from .ruleset import get_ruleset

# Printed with every ruleset's rules (`python -m roles rules RULESET`).
RULINGS = """\
- The host's modkill (any ruleset) takes effect at once, mid-phase: the player dies (cause
  'modkill'; at night 002's 'He/She was struck by lightning.' where the ruleset describes
  deaths), the death is shown as the game's reveal mode shows deaths, and the win
  conditions are checked at once, so the game may end. A modkill is a death: a count of
  phases without a death starts again. The modkilled player gets no last words.
- What he submitted in that phase is void, so are moves aimed at him and ballots naming
  him (that voter has no ballot until he votes again). A ruleset with its own modkill
  rule (the Russian rulesets' GM action 'modkill') applies that rule.
"""

CAUSE = "modkill"
# The stage a ruleset names its own modkill rule with (ru_common.gm_modkills).
RULESET_STAGE = "gm_modkill"
MEMORY_KEY = "modkilled"
GM_ACTOR = "GM"


def modkill(state: GameState, name: str) -> PhaseResult:
    """Remove `name` at once; returns a PhaseResult (new state, record, events).

    The record: {"phase", "number", "modkill": name, "deaths", "descriptions"?,
    "events"}. Events: a public "modkill" (the deaths as the reveal mode shows
    them), a public "game_over" when the game ends, and the record for the GM.
    """
    if state.ended:
        raise IllegalAction(Reason("refusal.ended"))
    if not isinstance(name, str) or not state.has_player(name):
        raise IllegalAction(Reason("refusal.unknown_player", player=name))
    if not state.player(name).alive:
        raise IllegalAction(Reason("refusal.dead", player=name))
    ruleset = get_ruleset(state.ruleset)
    new = state.copy()
    ctx = PhaseContext(new, ruleset, new.rng(CAUSE, new.phase_kind, new.phase_number, name))
    own_rule = ruleset.procedures.get(RULESET_STAGE)
    if own_rule is not None:
        ctx.flags["gm_actions"] = [{"actor": GM_ACTOR, "ability": CAUSE, "targets": [name]}]
        own_rule(ctx)
    else:
        ctx.kill(name, CAUSE)
        ctx.event(CAUSE, players=[name], reason="host")
    deaths = ctx.apply_deaths()
    _remember(new, name)
    record: dict[str, Any] = {
        "phase": ctx.kind,
        "number": ctx.number,
        "modkill": name,
        "deaths": deaths,
    }
    if ruleset.describe is not None:
        descriptions = {}
        for death in deaths:
            text = ruleset.describe(ctx, death["player"], death["by"])
            if text:
                descriptions[death["player"]] = text
        record["descriptions"] = descriptions
    record["events"] = list(ctx.events)
    # A modkill is a death: the win conditions are checked now (and a count of
    # phases without a death restarts).
    ruleset.win_check(new, ctx)
    public = {
        "phase": ctx.kind,
        "number": ctx.number,
        "player": name,
        "deaths": public_deaths(new, ruleset, deaths),
        "events": record["events"],
    }
    if "descriptions" in record:
        public["descriptions"] = record["descriptions"]
    events = [Event(CAUSE, "public", public)]
    if new.ended:
        events.append(game_over_event(new))
    events.append(Event("phase_record", "gm", record))
    return PhaseResult(state=new, record=record, events=events)


def _remember(state: GameState, name: str) -> None:
    entry = modkilled_entry(state)
    if entry is None:
        entry = {"phase": state.phase_kind, "number": state.phase_number, "players": []}
        state.memory[MEMORY_KEY] = entry
    entry["players"].append(name)


def modkilled_entry(state: GameState) -> dict | None:
    entry = state.memory.get(MEMORY_KEY)
    if entry and (entry["phase"], entry["number"]) == (state.phase_kind, state.phase_number):
        return entry
    return None


def modkilled_now(state: GameState) -> list[str]:
    """The players the host modkilled during the open phase, in order."""
    entry = modkilled_entry(state)
    return list(entry["players"]) if entry else []


def void_modkilled(phase_input: dict[str, Any], gone: set[str]) -> dict[str, Any]:
    """The phase's input without what a modkill made void: the moves and ballots of the
    modkilled, moves aimed at them, and a ballot naming them (that voter has no ballot,
    unless he voted again after the modkill)."""
    if not gone or not isinstance(phase_input, dict):
        return phase_input
    if isinstance(phase_input.get("night"), list):
        return {**phase_input, "night": _void_actions(phase_input["night"], gone)}
    day = phase_input.get("day")
    if not isinstance(day, dict):
        return phase_input
    day = dict(day)
    if isinstance(day.get("votes"), list):
        day["votes"] = _void_ballots(day["votes"], gone)
    if isinstance(day.get("rounds"), list):
        day["rounds"] = [
            _void_ballots(r, gone) if isinstance(r, list) else r for r in day["rounds"]
        ]
    if isinstance(day.get("actions"), list):
        day["actions"] = _void_actions(day["actions"], gone)
    return {**phase_input, "day": day}


def _void_actions(actions: list, gone: set[str]) -> list:
    kept = []
    for action in actions:
        if isinstance(action, dict):
            targets = action.get("targets") or []
            named = (
                {t for t in targets if isinstance(t, str)} if isinstance(targets, list) else set()
            )
            if action.get("actor") in gone or named & gone:
                continue
        kept.append(action)
    return kept


def _void_ballots(events: list, gone: set[str]) -> list:
    def voter(event) -> Any:
        return event[0] if isinstance(event, (list, tuple)) and len(event) == 2 else None

    def target(event) -> Any:
        return event[1] if isinstance(event, (list, tuple)) and len(event) == 2 else None

    last: dict[Any, Any] = {}
    for event in events:
        if isinstance(voter(event), str):
            last[voter(event)] = target(event)
    void_voters = {v for v, t in last.items() if isinstance(v, str) and (v in gone or t in gone)}
    return [
        e
        for e in events
        if not (isinstance(voter(e), str) and voter(e) in void_voters)
        and not (isinstance(target(e), str) and target(e) in gone)
    ]
