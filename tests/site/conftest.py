"""Personas and fixtures for the site tests.

Named personas (healthchecks-style): gemma is the GM; alice, bob, carol, dave,
erin, frank and grace are players; mallory is a logged-in stranger.
"""

from __future__ import annotations

import uuid

import pytest

from tests.kit.games import (
    PLAYER_NAMES,  # noqa: E402
    SEVEN,
    Table,
    dealt_game,
    make_user,
    new_classic7,
    seat_players,
)
from tests.kit.i18n import russian_account


@pytest.fixture(autouse=True)
def _phase_timers_off(settings):
    """Tests close phases themselves: no ETA task is sent unless a test asks for it."""
    settings.PHASE_TIMER = "off"
    # Real hashing costs ~0.5 s per persona; the tests are not about password strength.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # A cache of its own per test: sign-up counters (games/web/accounts.py) never
    # carry over from one test to the next, nor into the services run's Redis.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"test-{uuid.uuid4()}",
        }
    }


@pytest.fixture
def gemma(db):
    return make_user("gemma")


@pytest.fixture
def gm(db):
    """gemma, named for what she is in the tests of the rules she runs."""
    return make_user("gemma")


@pytest.fixture
def mallory(db):
    return make_user("mallory")


@pytest.fixture
def players(db):
    return {name: make_user(name) for name in PLAYER_NAMES}


@pytest.fixture
def table(gemma, players):
    """Seven players joined, sign-ups closed, game started (night 1 open)."""
    game = new_classic7(gemma, players)
    seated = {name: players[name] for name in SEVEN}
    seat_players(gemma, game, seated.values(), start=True)
    return Table(game, seated, gemma)


CAST = {
    "ann": "doctor",
    "bob": "mafia",
    "cid": "mafia",
    "dan": "mafia",
    "eve": "maniac",
    **{name: "civilian" for name in ("fay", "gil", "hal", "ian", "jon", "kay", "lou")},
}


@pytest.fixture
def hunt_day(monkeypatch):
    gm = make_user("host")
    game, users = dealt_game(gm, monkeypatch, "ru_hunt", "hunt_12", CAST, first_phase="day")
    return gm, game, users


@pytest.fixture
def russian_table(gemma, players):
    """The classic7 table, night 1; every account reads Russian (the GM by his
    account, the players by theirs)."""
    for user in [gemma, *players.values()]:
        russian_account(user)
    game = new_classic7(gemma, players, private_messages="on")
    seated = {name: players[name] for name in SEVEN}
    seat_players(gemma, game, seated.values(), start=True)
    return Table(game, seated, gemma)
