"""Reading the GM's flavour texts (set by games.services.set_flavour): all of a game's
for the GM, and the one a seat reads above its card: the flavour of the role the seat
is told it holds (Ruleset.told_role: a Paranoid reads the Townie's), never another's."""

from __future__ import annotations

import roles
from games import text
from games.models import Game, RoleFlavour
from games.services import engine_state


def flavours_of(game: Game) -> dict[str, str]:
    """role id -> flavour text (the GM's view)."""
    return dict(RoleFlavour.objects.filter(game=game).values_list("role_id", "text"))


def seat_flavour(game: Game, seat_name: str) -> str:
    """The flavour text the seat reads above its role card, or ""."""
    if not game.state:
        return ""
    state = engine_state(game)
    if not state.has_player(seat_name):
        return ""
    told = roles.get_ruleset(game.ruleset_id).told_role(state, state.player(seat_name))
    found = RoleFlavour.objects.filter(game=game, role_id=told.id).values_list("text", flat=True)
    return found.first() or ""


def flavour_rows(game: Game) -> dict:
    """The GM's flavour box: the roles to choose from (the game's own first: its setup's
    fixed slots, or once dealt the roles in play and the cards they are shown as), and
    the texts set so far."""
    ruleset = roles.get_ruleset(game.ruleset_id)
    in_game: list[str] = []
    if game.state:
        state = engine_state(game)
        for player in state.players:
            in_game.append(player.role)
            in_game.append(ruleset.told_role(state, player).id)
    for slot in game.setup.get("slots", ()):
        if isinstance(slot, dict) and slot.get("role"):
            in_game.append(slot["role"])
    ordered = [r for r in dict.fromkeys(in_game) if r in ruleset.roles]
    others = [r for r in ruleset.roles if r not in ordered]
    texts = flavours_of(game)
    return {
        "roles": [(r, text.role_label(ruleset.id, r)) for r in ordered],
        "other_roles": [(r, text.role_label(ruleset.id, r)) for r in others],
        "set": [
            {"role": r, "name": text.role_label(ruleset.id, r), "text": t}
            for r, t in sorted(texts.items())
            if r in ruleset.roles
        ],
    }
