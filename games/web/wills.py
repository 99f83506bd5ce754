"""What the game page shows of last wills (sc2, and any ruleset whose options have
them): the writer's own box, the GM's list, the wills read out with the latest deaths,
and every will once the game is over.

The engine says whether a game has wills (`roles.wills_on`) and what each player's
will is (`roles.will_of`); which will is read out with a death is the engine's
public `last_will` entry, logged as its own event (games/services/notes.py). A will
is user text: the templates escape it, and static/games/live.js sets it as text.
"""

from __future__ import annotations

import roles
from games import services
from games.models import Event, Game
from games.viewer import Viewer


def news_wills(game: Game, latest: Event | None) -> dict[str, str]:
    """The wills read out with the deaths of the latest phase (public)."""
    if latest is None:
        return {}
    read_out = game.events.filter(
        audience="public", kind=services.LAST_WILL_KIND, phase_id=latest.phase_id
    )
    return {e.payload.get("player"): e.payload.get("text", "") for e in read_out}


def will_panel(game: Game, viewer: Viewer, state: roles.GameState) -> dict:
    """The viewer's own will (his seat only) and, for the GM, everyone's."""
    if not roles.wills_on(state):
        return {}
    context: dict = {"will_max": roles.MAX_WILL_CHARS}
    if viewer.seat is not None and state.has_player(viewer.seat.name):
        context["has_will_box"] = True
        context["my_will"] = roles.will_of(state, viewer.seat.name)
    if viewer.is_gm:
        context["gm_wills"] = [
            {"name": p.name, "text": roles.will_of(state, p.name), "alive": p.alive}
            for p in state.players
            if roles.will_of(state, p.name)
        ]
    return context


def final_wills(game: Game, state: roles.GameState) -> list[dict]:
    """After the game, every will a player left, and whether it was read out."""
    if not roles.offers_wills(roles.get_ruleset(game.ruleset_id)):
        return []
    # A will read out under another name (a Disguiser's victim is read out with the
    # Disguiser's will) does not count as its writer's.
    read_out = {
        (p.get("player"), p.get("text"))
        for p in game.events.filter(audience="public", kind=services.LAST_WILL_KIND).values_list(
            "payload", flat=True
        )
    }
    wills = []
    for player in state.players:
        text = roles.will_of(state, player.name)
        if text:
            read = (player.name, text) in read_out
            wills.append({"name": player.name, "text": text, "alive": player.alive, "read": read})
    return wills
