"""Personas and helpers for the site tests.

Named personas (healthchecks-style): gemma is the GM; alice, bob, carol, dave,
erin, frank and grace are players; mallory is a logged-in stranger.
"""

import pytest
from django.contrib.auth import get_user_model

PLAYER_NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan"]


@pytest.fixture(autouse=True)
def _phase_timers_off(settings):
    """Tests close phases themselves: no ETA task is sent unless a test asks for it."""
    settings.PHASE_TIMER = "off"


def make_user(name: str):
    return get_user_model().objects.create_user(name, password=f"{name}-secret-pw")


@pytest.fixture
def gemma(db):
    return make_user("gemma")


@pytest.fixture
def mallory(db):
    return make_user("mallory")


@pytest.fixture
def players(db):
    return {name: make_user(name) for name in PLAYER_NAMES}
