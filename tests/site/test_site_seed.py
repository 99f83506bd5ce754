"""The game's seed (issue 18, item 8): "The deal's seed is 31 bits of Mersenne Twister:
a player who knows a few seat/role pairs could search the seeds and read every role.
Seeds from `secrets`, at least 128 bits." """

from __future__ import annotations

import pytest

from games import services
from games.models import Game
from tests.kit.games import make_user, seat_players

pytestmark = pytest.mark.django_db


def new_game(gm, seed=None):
    return services.create_game(
        gm,
        name="Seeded",
        ruleset_id="bay12",
        preset_id="classic7",
        day_seconds=600,
        night_seconds=600,
        reveal_mode="role",
        seed=seed,
    )


def test_seeds_have_128_bits_from_secrets(monkeypatch):
    drawn = []
    real = services.lobby.secrets.randbits

    def spy(bits):
        drawn.append(bits)
        return real(bits)

    monkeypatch.setattr(services.lobby.secrets, "randbits", spy)
    gm = make_user("gemma")
    game = new_game(gm)
    assert drawn == [128]
    game.refresh_from_db()
    assert isinstance(game.seed, int) and 0 <= game.seed < 2**128


def test_a_seed_beyond_64_bits_is_kept_exactly_and_deals_the_same():
    gm = make_user("gemma")
    huge = 2**127 + 12345
    game = new_game(gm, seed=huge)
    assert Game.objects.get(pk=game.pk).seed == huge
    users = [make_user(f"p{i}") for i in range(7)]
    seat_players(gm, game, users, start=True)
    game.refresh_from_db()
    assert game.seed == huge and game.state["seed"] == huge
    again = new_game(gm, seed=huge)
    seat_players(gm, again, [make_user(f"q{i}") for i in range(7)], start=True)
    again.refresh_from_db()
    roles_first = [p["role"] for p in game.state["players"]]
    roles_again = [p["role"] for p in again.state["players"]]
    assert roles_first == roles_again  # the same seed deals the same roles to the seats


def test_small_seeds_deal_as_before():
    """Tests and replays that fix a small seed keep their deals (same digits, same draws)."""
    gm = make_user("gemma")
    game = new_game(gm, seed=7)
    assert Game.objects.get(pk=game.pk).seed == 7
