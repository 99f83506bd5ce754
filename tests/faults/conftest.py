"""Fixtures for the fault tests: a Redis of their own, the site on it as deployed
(tests/faults/processes.py), a quiet game whose phases last a few seconds, and open
pages on it (tests/faults/pages.py).

The test process changes the game through the services like any web process: its
channel layer is the site's Redis (its pushes reach the pages), and it schedules no
Celery task of its own (PHASE_TIMER "off"): the first phase's close is a lost task,
the worker's sweeper must find it; every later phase is opened by the worker, which
schedules its ETA task as in production.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from channels.layers import channel_layers
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.faults.pages import Page
from tests.faults.processes import RedisServer, Site
from tests.live.site_server import database_url
from tests.site.helpers import PLAYER_NAMES, SEVEN, new_classic7, seat_players

# Every phase of the fault tests' games: long enough for a close and its push on two
# busy cores, short enough to see several closes in a test.
PHASE_SECONDS = 3


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path).start()
    yield server
    server.kill()


@pytest.fixture
def site(transactional_db, redis_server, settings, request):
    from django.db import connection

    settings.PHASE_TIMER = "off"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"faults-{uuid.uuid4()}",
        }
    }
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": redis_server.url(), "socket_timeout": None}]},
        }
    }
    channel_layers.backends.clear()
    live = Site(database_url(connection.settings_dict), redis_server)
    try:
        live.start()
        yield live
    finally:
        live.stop()
        if getattr(request.node, "failed", False):
            print(live.report())
        live.cleanup()
        channel_layers.backends.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    if outcome.get_result().failed:
        item.failed = True  # the site fixture prints the processes' logs


def make_user(name: str):
    return get_user_model().objects.create_user(name, password=f"{name}-secret-pw")


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


class FastGame:
    """A bay12 classic7 game in which nobody acts: every phase closes at its deadline,
    PHASE_SECONDS apart, and the game runs on (no lynch, no kill)."""

    def __init__(self, spectators: int = 0) -> None:
        from games import services
        from games.models import Game, Phase

        self.gm = make_user("gemma")
        self.users = {name: make_user(name) for name in PLAYER_NAMES[:7]}
        game = new_classic7(self.gm, self.users, night_seconds=60, day_seconds=60)
        seat_players(self.gm, game, [self.users[n] for n in SEVEN], start=True)
        self.spectators = [make_user(f"watcher{i}") for i in range(spectators)]
        for user in self.spectators:
            services.watch_game(user, game.id)
        # A clock of a few seconds (the create form allows ten at least).
        Game.objects.filter(pk=game.id).update(
            day_seconds=PHASE_SECONDS, night_seconds=PHASE_SECONDS
        )
        self.id = game.id
        # The first deadline was handed to no clock: only the sweeper can close it.
        self.first_deadline = timezone.now() + timedelta(seconds=PHASE_SECONDS)
        Phase.objects.filter(game_id=game.id, closed_at__isnull=True).update(
            deadline=self.first_deadline
        )

    def everyone(self) -> list:
        return [self.gm, *self.users.values(), *self.spectators]

    def open_pages(self, site: Site, users=None) -> list[Page]:
        pages = []
        for user in users or self.everyone():
            page = Page(
                site.url, self.id, session_cookie(user), self.first_deadline, name=user.username
            )
            page.start()
            pages.append(page)
        return pages

    def phases(self) -> list:
        from games.models import Phase

        return list(Phase.objects.filter(game_id=self.id).order_by("seq"))

    def closed(self) -> list:
        return [p for p in self.phases() if p.closed_at is not None]

    def close_events(self) -> list:
        from games.models import Event

        return list(Event.objects.filter(game_id=self.id, kind="phase_closed").order_by("seq"))
