"""Game transitions: create a game, validate and resolve a phase, decide the end.

`resolve_phase` is the one transition: old state + a phase's input -> new state,
the phase record (the scenario output's entry) and the events with their
audiences. The old state is never changed.
"""

from __future__ import annotations

import copy
from typing import Any

from .errors import IllegalAction, Reason
from .leavers import leaving_in, void_leavers
from .legal import check_action, check_vote, spends_the_action
from .model import Event, GameState, Player
from .modkill import MEMORY_KEY as MODKILLED
from .modkill import modkilled_now, void_modkilled
from .night import Intent, PhaseContext
from .outcome import PhaseResult, game_over_event, public_deaths
from .ruleset import get_ruleset


def new_game(
    ruleset_id: str,
    players: list[dict[str, Any]],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    first_phase: str = "night",
) -> GameState:
    """A game at its first phase; `players` in seating order, each with name and role."""
    ruleset = get_ruleset(ruleset_id)
    if first_phase not in ("day", "night"):
        raise IllegalAction(f"a game starts by day or by night, not {first_phase!r}")
    if len(players) < 3:
        raise IllegalAction("a game needs at least three players")
    seen = set()
    roster = []
    for seat, entry in enumerate(players):
        name, role_id = entry.get("name"), entry.get("role")
        if not isinstance(name, str) or not name:
            raise IllegalAction(f"player {seat + 1} has no name")
        if name in seen:
            raise IllegalAction(f"two players are called {name}")
        seen.add(name)
        if role_id not in ruleset.roles:
            raise IllegalAction(_unknown_role(ruleset, role_id))
        role = ruleset.roles[role_id]
        extra = {k: v for k, v in entry.items() if k not in ("name", "role")}
        faction_of = role.traits.get("faction_of")
        faction = faction_of(extra) if faction_of else role.faction
        roster.append(Player(name=name, seat=seat, role=role_id, faction=faction, extra=extra))
    state = GameState(
        ruleset=ruleset_id,
        seed=int(seed),
        options=ruleset.resolved_options(options),
        players=roster,
        phase_kind=first_phase,
        phase_number=1,
    )
    for player in state.players:
        for key, value in ruleset.roles[player.role].traits.get("memory", {}).items():
            # A copy: two players of a role must not share one list (two Mad Hatters'
            # bombs), nor may a game write into the ruleset's definition.
            player.memory[key] = copy.deepcopy(value)
    ruleset.initial_memory(state)
    return state


def _unknown_role(ruleset, role_id: Any) -> str:
    import difflib

    close = difflib.get_close_matches(str(role_id), list(ruleset.roles), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"unknown role '{role_id}'{hint}"


def resolve_phase(state: GameState, phase_input: dict[str, Any]) -> PhaseResult:
    """Resolve the current phase from its input: {"night": [...]} or {"day": {...}}."""
    if state.ended:
        raise IllegalAction(Reason("refusal.ended"))
    if not isinstance(phase_input, dict):  # a list or a string would pass `in` below
        raise IllegalAction(Reason("refusal.phase_input"))
    kinds = [k for k in ("day", "night") if k in phase_input]
    if len(kinds) != 1:
        raise IllegalAction(Reason("refusal.phase_input"))
    kind = kinds[0]
    if kind != state.phase_kind:
        raise IllegalAction(
            Reason("refusal.expected", phase=state.phase_kind, n=state.phase_number, kind=kind)
        )
    ruleset = get_ruleset(state.ruleset)
    # The host's modkills during this phase (roles.modkill): their input is void.
    gone = modkilled_now(state)
    phase_input = void_modkilled(phase_input, set(gone))
    # Leavers (002): a leaver's own moves and ballots are void from his leave on.
    phase_input = void_leavers(phase_input, leaving_in(state, phase_input))
    new = state.copy()
    new.memory.pop(MODKILLED, None)
    ctx = PhaseContext(new, ruleset, new.rng(kind, new.phase_number))
    if gone:
        ctx.flags["gm_modkilled"] = gone
    if kind == "night":
        actions = phase_input["night"]
        if not isinstance(actions, list):
            raise IllegalAction(Reason("refusal.night_input"))
        _add_intents(ctx, state, actions)
        ctx.run(ruleset.night_order)
    else:
        day = phase_input["day"] or {}
        if not isinstance(day, dict):
            raise IllegalAction(Reason("refusal.day_input"))
        votes = day.get("votes") or []
        cast: dict[str, int] = {}
        for event in votes:
            if not (isinstance(event, (list, tuple)) and len(event) == 2):
                raise IllegalAction(Reason("refusal.vote_pair"))
            try:
                check_vote(state, event[0], event[1])
            except IllegalAction as exc:
                raise IllegalAction(
                    Reason("refusal.by", actor=event[0], reason=exc.reason)
                ) from None
            cast[event[0]] = cast.get(event[0], 0) + 1
            if ruleset.vote_changes is not None and cast[event[0]] > ruleset.vote_changes + 1:
                changes = ruleset.vote_changes
                raise IllegalAction(Reason("refusal.vote_changes", voter=event[0], n=changes))
        ctx.flags["votes"] = [list(v) for v in votes]
        ctx.flags["rounds"] = [list(map(list, r)) for r in (day.get("rounds") or [])]
        _add_intents(ctx, state, day.get("actions") or [])
        ctx.run(ruleset.day_order)
    return _finish(ctx, ruleset)


# The pseudo-actor of the host's decisions (Ruleset.gm_decisions).
GM_ACTOR = "GM"


def _add_intents(ctx: PhaseContext, state: GameState, actions: list[dict[str, Any]]) -> None:
    ruleset = ctx.ruleset
    taken: set[tuple[str, str, Any]] = set()
    acted: set[str] = set()  # actors who used their one action (one_action_per_phase)
    for action in actions:
        if not isinstance(action, dict):
            raise IllegalAction(Reason("refusal.action_input"))
        actor = action.get("actor")
        if actor == GM_ACTOR and ruleset.gm_decisions and not state.has_player(GM_ACTOR):
            if action.get("ability") not in ruleset.gm_decisions:
                known = ", ".join(ruleset.gm_decisions)
                decisions = [{"id": f"decision.{d}"} for d in ruleset.gm_decisions]
                refusal = Reason(
                    "refusal.gm_decisions", actor=GM_ACTOR, known=known, decisions=decisions
                )
                raise IllegalAction(refusal)
            ctx.flags.setdefault("gm_actions", []).append(dict(action))
            continue
        try:
            if ruleset.conditional_actions is not None:
                action = ruleset.conditional_actions(state, action)
                if action is None:
                    continue
            ability = check_action(state, action)
        except IllegalAction as exc:
            raise IllegalAction(Reason("refusal.by", actor=actor, reason=exc.reason)) from None
        key = (actor, ability.id, action.get("as"))
        counted = spends_the_action(ruleset, ability)
        if key in taken or (counted and actor in acted):
            acted_twice = Reason("refusal.acted", player=actor, phase=state.phase_kind)
            raise IllegalAction(Reason("refusal.by", actor=actor, reason=acted_twice))
        taken.add(key)
        if counted:
            acted.add(actor)
        player = ctx.state.player(actor)
        targets = list(action.get("targets") or [])
        extra = {k: v for k, v in action.items() if k not in ("actor", "ability", "targets")}
        ctx.add_intent(Intent(actor, ability, ruleset.roles[player.role], targets, extra=extra))
        if ability.uses is not None:
            uses = player.memory.setdefault("uses", {})
            uses[ability.id] = uses.get(ability.id, 0) + 1
        if actor in targets and ability.targets.self_uses is not None:
            self_uses = player.memory.setdefault("self_uses", {})
            self_uses[ability.id] = self_uses.get(ability.id, 0) + 1


def _finish(ctx: PhaseContext, ruleset) -> PhaseResult:
    state = ctx.state
    deaths = ctx.apply_deaths()
    record: dict[str, Any] = {"phase": ctx.kind, "number": ctx.number}
    if ctx.kind == "day":
        record["tally"] = ctx.record.get("tally", {})
        record["lynched"] = ctx.record.get("lynched", [])
    record["deaths"] = deaths
    if ctx.kind == "night" and ruleset.headline is not None:
        record["headline"] = ruleset.headline(len(deaths))
    if ruleset.describe is not None and deaths:
        descriptions = {}
        for death in deaths:
            text = ruleset.describe(ctx, death["player"], death["by"])
            if text:
                descriptions[death["player"]] = text
        if descriptions or ctx.kind == "night":
            record["descriptions"] = descriptions
    elif ctx.kind == "night" and ruleset.describe is not None:
        record["descriptions"] = {}
    # Before the record takes the phase's events and results: a win check may announce
    # the end (sc2's Three Days of Peace).
    ruleset.win_check(state, ctx)
    for key, value in ctx.record.items():
        record.setdefault(key, value)
    seat = {p.name: p.seat for p in state.players}
    order = sorted(range(len(ctx.results)), key=lambda i: (seat.get(ctx.results[i]["to"], 0), i))
    record["results"] = [ctx.results[i] for i in order]
    record["events"] = list(ctx.events)
    state.history.append(record)
    _advance(state)
    return PhaseResult(state=state, record=record, events=_events(state, ruleset, record))


def _advance(state: GameState) -> None:
    kind = "day" if state.phase_kind == "night" else "night"
    done = sum(1 for r in state.history if r["phase"] == kind)
    state.phase_kind, state.phase_number = kind, done + 1


def _events(state: GameState, ruleset, record: dict[str, Any]) -> list[Event]:
    """The record split by audience: what everyone, each seat and the GM may read."""
    public = {
        "phase": record["phase"],
        "number": record["number"],
        "deaths": public_deaths(state, ruleset, record["deaths"]),
        "events": record["events"],
    }
    for key in ("headline", "descriptions", "tally", "lynched"):
        if key in record:
            public[key] = record[key]
    events = [Event("phase_closed", "public", public)]
    for result in record["results"]:
        events.append(Event("result", ("seat", result["to"]), dict(result)))
    if state.ended:
        events.append(game_over_event(state))
    events.append(Event("phase_record", "gm", record))
    return events
