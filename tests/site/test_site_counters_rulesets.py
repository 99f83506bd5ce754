"""The leak matrix of numbers in every ruleset's own private data (issue 18: "Extend the
leak matrix to every number and attribute a viewer can read ... for every viewer kind
... and every ruleset's private data").

tests/live/test_counters_leak.py reads every viewer kind of an sc2 game, sockets
included; here each other ruleset's secret night moves are made by each seat the engine
offers one to, and a civilian of that game, a spectator and an anonymous visitor read
the page (every attribute), the events/ feed and its cursor before and after: nothing
they can read moves."""

from __future__ import annotations

import pytest

import roles
from games import services
from tests.kit.games import dealt_game, make_user
from tests.kit.matrix import observe

pytestmark = pytest.mark.django_db

# Each ruleset's document table (a preset), seated in its order as p00, p01, ...
PRESETS = {
    "bay12": "classic7",
    "ru_classic": "classic_11",
    "ru_eleven": "11",
    "ru_hunt": "hunt_12",
    "ru_sport": "sport_10",
    "ru_19": "19",
    "ru_two_clans": "20",
    "sc2": "standard15",
    "townston": "twenty",
}
PLAIN = ("civilian", "townie", "citizen")


def table_of(ruleset_id: str) -> tuple[str, dict, str]:
    preset = PRESETS[ruleset_id]
    dealt = roles.get_ruleset(ruleset_id).presets[preset].roles
    cast = {f"p{i:02d}": role for i, role in enumerate(dealt)}
    civilian = next(name for name, role in cast.items() if role in PLAIN)
    return preset, cast, civilian


def secret_moves(game):
    """Every seat's first move the engine offers this night (not a civilian's)."""
    game.refresh_from_db()
    state = services.engine_state(game)
    moves = []
    for player in state.players:
        for choice in services.choices_now(state, player.name):
            others = [t for t in choice["targets"] if t != player.name]
            wanted = max(choice["min_targets"], 1 if choice["max_targets"] else 0)
            if len(others) < wanted or choice["extra"]:
                continue
            moves.append((player.name, choice["ability"], others[:wanted]))
            break
    return moves


@pytest.mark.parametrize("ruleset_id", sorted(PRESETS))
def test_no_number_moves_for_outsiders_when_secret_moves_are_made(monkeypatch, ruleset_id):
    preset, cast, civilian = table_of(ruleset_id)
    gm = make_user("host")
    game, users = dealt_game(gm, monkeypatch, ruleset_id, preset, cast)
    sam = make_user("sam")
    services.watch_game(sam, game.id)
    outsiders = {"a civilian": users[civilian], "a spectator": sam, "a visitor": None}
    moves = [m for m in secret_moves(game) if m[0] != civilian]
    assert len(moves) > 1, "the night offers secret moves"
    # The last seat never moves: the night would close for everyone (a public change).
    moves = moves[:-1]
    for actor, ability, targets in moves:
        before = {who: observe(game.id, user) for who, user in outsiders.items()}
        try:
            services.submit_action(users[actor], game.id, ability=ability, targets=targets)
        except services.ServiceError:
            continue  # a move the engine refuses in this seating changes nothing
        after = {who: observe(game.id, user) for who, user in outsiders.items()}
        for who in outsiders:
            assert after[who] == before[who], (ruleset_id, actor, ability, who)
