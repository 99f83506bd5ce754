"""What one seat may know: every page and socket message is rendered from a view."""

from __future__ import annotations

from typing import Any

from .cards import role_card
from .model import GameState
from .ruleset import get_ruleset


def _reveal(state: GameState) -> str:
    ruleset = get_ruleset(state.ruleset)
    return ruleset.reveal(state) if ruleset.reveal else "role"


def public_players(state: GameState) -> list[dict[str, Any]]:
    """Seating order, alive or dead, and what the reveal mode shows of the dead."""
    reveal = "role" if state.ended else _reveal(state)
    reveal_of = get_ruleset(state.ruleset).reveal_of
    out = []
    for p in state.players:
        entry: dict[str, Any] = {"name": p.name, "seat": p.seat, "alive": p.alive}
        if not p.alive or state.ended:
            shown = reveal if state.ended or reveal_of is None else reveal_of(state, p)
            if shown == "role":
                entry["role"] = p.role
            if shown in ("role", "team"):
                entry["faction"] = p.faction
        out.append(entry)
    return out


def observe(state: GameState, name: str | None) -> dict[str, Any]:
    """A seat's view (None: a spectator's). Never holds another seat's secrets."""
    ruleset = get_ruleset(state.ruleset)
    view: dict[str, Any] = {
        "ruleset": state.ruleset,
        "phase": {"kind": state.phase_kind, "number": state.phase_number},
        "players": public_players(state),
        "ended": state.ended,
        "winners": list(state.winners) if state.ended else [],
        "history": [_public_record(state, r) for r in state.history],
    }
    if name is None or not state.has_player(name):
        return view
    me = state.player(name)
    role = ruleset.roles[me.role]
    shown = ruleset.roles[role.shown_as] if role.shown_as else role
    view["me"] = {
        "name": me.name,
        "alive": me.alive,
        "role": shown.id,
        "role_name": shown.name,
        "faction": shown.faction if role.shown_as else me.faction,
        "card": role_card(state.ruleset, me.role),
    }
    if me.faction in ruleset.informed_factions:
        view["teammates"] = [
            {"name": p.name, "role": p.role, "alive": p.alive}
            for p in state.players
            if p.faction == me.faction and p.name != me.name
        ]
    view["results"] = [
        {"phase": r["phase"], "number": r["number"], **res}
        for r in state.history
        for res in r["results"]
        if res.get("to") == name
    ]
    return view


def _public_record(state: GameState, record: dict[str, Any]) -> dict[str, Any]:
    from .engine import _events

    ruleset = get_ruleset(state.ruleset)
    public = next(e for e in _events(state, ruleset, record) if e.kind == "phase_closed")
    return public.payload
