"""What one seat may know: every page and socket message is rendered from a view."""

from __future__ import annotations

from typing import Any

from .cards import role_card
from .model import GameState
from .ruleset import get_ruleset


def public_players(state: GameState) -> list[dict[str, Any]]:
    """Seating order, alive or dead, and what the reveal mode shows of the dead."""
    ruleset = get_ruleset(state.ruleset)
    out = []
    for p in state.players:
        entry: dict[str, Any] = {"name": p.name, "seat": p.seat, "alive": p.alive}
        if not p.alive or state.ended:
            shown = ruleset.public_reveal(state, p)
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
    known = known_role(state, name)
    view["me"] = {
        "name": me.name,
        "alive": me.alive,
        "role": known["role"],
        "role_name": known["name"],
        "faction": known["faction"],
        "card": known["card"],
    }
    if me.faction in ruleset.informed_factions:
        # A teammate's role as he knows it himself (a Paranoid recruited by the
        # townston mafia joins as the Townie he believes he is).
        view["teammates"] = [
            {"name": p.name, "role": ruleset.told_role(state, p).id, "alive": p.alive}
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


def known_role(state: GameState, name: str) -> dict[str, str]:
    """What a seat is told of itself: its role (id, name, card) and its faction.

    The one source for a seat's own role (its page, its role message, its card): a
    role with `shown_as` is told as that role until the truth is public
    (`Ruleset.told_role`). A faction the seat moved to knowingly (a townston recruit
    who accepted) is told as it is.

    >>> from roles import new_game
    >>> state = new_game("townston", [{"name": "Kim", "role": "paranoid"},
    ...     {"name": "Bob", "role": "hitman"}, {"name": "Ann", "role": "townie"}])
    >>> {k: v for k, v in known_role(state, "Kim").items() if k != "card"}
    {'role': 'townie', 'name': 'Townie', 'faction': 'town', 'faction_name': 'Villagers'}
    """
    ruleset = get_ruleset(state.ruleset)
    player = state.player(name)
    dealt, told = ruleset.role_of(player), ruleset.told_role(state, player)
    faction = told.faction if player.faction == dealt.faction else player.faction
    return {
        "role": told.id,
        "name": told.name,
        "faction": faction,
        "faction_name": ruleset.factions.get(faction, faction),
        "card": role_card(state.ruleset, told.id, shown=False),
    }


def _public_record(state: GameState, record: dict[str, Any]) -> dict[str, Any]:
    from .engine import _events

    ruleset = get_ruleset(state.ruleset)
    public = next(e for e in _events(state, ruleset, record) if e.kind == "phase_closed")
    return public.payload
