"""Leavers (002): a player who leaves a running game dies as a leaver in the night.

002, 'Order of Night actions': "Jailor, Vigilante, Mafioso and Godfather, Serial Killer,
Arsonist, Mass Murderer, Jester, Disguiser, and leavers in that order"; its death
descriptions: "Leaver Suicide: (name) committed suicide."

A leave comes two ways, and both end in the state's memory (`LEFT`): `leave(state,
name)` at once (the site: the player's confirmed leave, or the GM recording it), or a
host decision in a phase's input, `{"actor": "GM", "ability": "leave", "targets":
[name]}` (a scenario). From then on the leaver is offered nothing and his moves and
ballots of that phase are void (he has gone); what others aim at him still happens. He
dies at the `die` stage of the night he left in, or of the next night if he left by
day, unless something killed him first.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, Reason
from .model import GameState
from .night import PhaseContext
from .ruleset import get_ruleset

LEAVE = "leave"  # the host's decision in a phase's input
CAUSE = "leaver"  # the cause id of the death
LEFT = "left"  # state memory: everyone who left, in order (kept after his death)
GM_ACTOR = "GM"


def has_leavers(ruleset) -> bool:
    """Does this ruleset play 002's leavers (its night order has the leavers' stage)?"""
    return LEAVE in ruleset.gm_decisions


def left(state: GameState) -> list[str]:
    return list(state.memory.get(LEFT, []))


def has_left(state: GameState, name: str) -> bool:
    return name in state.memory.get(LEFT, ())


def leave(state: GameState, name: str) -> GameState:
    """`name` leaves the game now; returns the new state (the old one is unchanged)."""
    if state.ended:
        raise IllegalAction(Reason("refusal.ended"))
    ruleset = get_ruleset(state.ruleset)
    if not has_leavers(ruleset):
        raise IllegalAction(Reason("refusal.no_leavers", ruleset=ruleset.id))
    _check_leaver(state, name)
    new = state.copy()
    new.memory[LEFT] = [*left(new), name]
    return new


def _check_leaver(state: GameState, name: Any) -> None:
    if not isinstance(name, str) or not state.has_player(name):
        refusal = Reason("refusal.unknown_player", player=name)
    elif not state.player(name).alive:
        refusal = Reason("refusal.dead", player=name)
    elif has_left(state, name):
        refusal = Reason("refusal.left.already", player=name)
    else:
        return
    raise IllegalAction(Reason("refusal.by", actor=GM_ACTOR, reason=refusal))


def leaving_in(state: GameState, phase_input: dict[str, Any]) -> set[str]:
    """Everyone whose input this phase is void: those who left before and those the
    host's decisions in this input name."""
    names = set(left(state))
    if not has_leavers(get_ruleset(state.ruleset)) or state.has_player(GM_ACTOR):
        return names
    for action in _actions_of(phase_input):
        if action.get("actor") == GM_ACTOR and action.get("ability") == LEAVE:
            targets = action.get("targets")
            if isinstance(targets, list):
                names.update(t for t in targets if isinstance(t, str))
    return names


def _actions_of(phase_input: dict[str, Any]) -> list[dict]:
    night = phase_input.get("night")
    if isinstance(night, list):
        return [a for a in night if isinstance(a, dict)]
    day = phase_input.get("day")
    if isinstance(day, dict) and isinstance(day.get("actions"), list):
        return [a for a in day["actions"] if isinstance(a, dict)]
    return []


def void_leavers(phase_input: dict[str, Any], gone: set[str]) -> dict[str, Any]:
    """The phase's input without the leavers' own moves and ballots."""
    if not gone:
        return phase_input

    def kept(actions: list) -> list:
        return [a for a in actions if not (isinstance(a, dict) and a.get("actor") in gone)]

    def ballots(events: list) -> list:
        return [e for e in events if not (isinstance(e, (list, tuple)) and e and e[0] in gone)]

    if isinstance(phase_input.get("night"), list):
        return {**phase_input, "night": kept(phase_input["night"])}
    day = phase_input.get("day")
    if not isinstance(day, dict):
        return phase_input
    day = dict(day)
    if isinstance(day.get("votes"), list):
        day["votes"] = ballots(day["votes"])
    if isinstance(day.get("rounds"), list):
        day["rounds"] = [ballots(r) if isinstance(r, list) else r for r in day["rounds"]]
    if isinstance(day.get("actions"), list):
        day["actions"] = kept(day["actions"])
    return {**phase_input, "day": day}


def note(ctx: PhaseContext) -> None:
    """A procedure (first stage of a day and a night): the host's leave decisions of this
    phase join the state's list of leavers."""
    for action in ctx.flags.get("gm_actions", []):
        if action.get("ability") != LEAVE:
            continue
        targets = action.get("targets")
        if not isinstance(targets, list) or not targets:
            raise IllegalAction(
                Reason("refusal.by", actor=GM_ACTOR, reason=Reason("refusal.leave_names"))
            )
        for name in targets:
            _check_leaver(ctx.state, name)
            ctx.state.memory[LEFT] = [*left(ctx.state), name]
            ctx.event("left", player=name)


def die(ctx: PhaseContext) -> None:
    """A procedure (the leavers' place in the night order): every leaver still alive
    dies, cause 'leaver'; nothing prevents it."""
    for name in left(ctx.state):
        if ctx.is_alive_now(name):
            ctx.kill(name, CAUSE)


DESCRIPTION = "{name} committed suicide."  # 002 'Leaver Suicide: (name) committed suicide.'

DOCUMENTATION = """\
Leavers (002: "... Jester, Disguiser, and leavers in that order"; "Leaver Suicide: (name)
committed suicide."): a player who leaves the running game (on the site: his confirmed
leave, or the GM recording it; in a scenario the host's decision {"actor": "GM",
"ability": "leave", "targets": [name]} in that phase's input) is offered nothing more;
his moves and ballot of that phase are void, while what others aim at him still
happens. He dies at the leavers' place of the night he left in, or of the next night if
he left by day (cause 'leaver', unpreventable), with the death line "(name) committed
suicide."; a leaver something killed first that night dies of that alone."""
