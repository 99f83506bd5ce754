"""Personas and fixtures for the site tests.

Named personas (healthchecks-style): gemma is the GM; alice, bob, carol, dave,
erin, frank and grace are players; mallory is a logged-in stranger.
"""

import uuid

import pytest

from tests.site.helpers import (
    PLAYER_NAMES,  # noqa: E402
    SEVEN,
    Table,
    make_user,
    new_classic7,
    seat_players,
)


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
