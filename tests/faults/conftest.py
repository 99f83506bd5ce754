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

import time
import uuid
from datetime import timedelta

import pytest
from channels.layers import channel_layers
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.faults.pages import Page
from tests.faults.processes import RedisServer, Site, wait_for
from tests.live.site_server import database_url
from tests.site.helpers import PLAYER_NAMES, SEVEN, new_classic7, seat_players

# Every phase of the fault tests' games: long enough for a close and its push on two
# busy cores, short enough to see several closes in a test.
PHASE_SECONDS = 3
# The target (issue 17): a phase closes within 2 s of its deadline even when its task
# is lost.
LOST_TASK_SECONDS = 2.0


@pytest.fixture(scope="package")
def running_site(django_db_setup, django_db_blocker, tmp_path_factory):
    """Redis and the site's processes, started once for all the fault tests (each test
    that kills one starts it again; `site` checks), and stopped after the last of them:
    their beat sweeps the shared test database every second, and would close (and
    remind) the later tests' games through its own Redis, which their pages never read."""
    from django.db import connection

    redis = RedisServer(tmp_path_factory.mktemp("redis")).start()
    live = Site(database_url(connection.settings_dict), redis)
    try:
        live.start()
        yield live
    finally:
        live.stop()
        redis.kill()
        live.cleanup()
        with django_db_blocker.unblock():
            # The killed processes' backends go a moment later: give them that moment
            # before the test database is dropped.
            deadline = time.monotonic() + 10
            while other_sessions(connection) and time.monotonic() < deadline:
                time.sleep(0.1)


def other_sessions(connection) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


@pytest.fixture
def redis_server(running_site):
    return running_site.redis


@pytest.fixture
def site(transactional_db, running_site, settings, request):
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
            "BACKEND": "games.live.layer.FanOutLayer",
            "CONFIG": {"hosts": [{"address": running_site.redis.url(), "socket_timeout": None}]},
        }
    }
    channel_layers.backends.clear()
    running_site.ensure_running()
    try:
        yield running_site
    finally:
        if getattr(request.node, "failed", False):
            print(running_site.report())
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

    def first_close(self):
        """The first phase, closed by the sweeper (its task was lost) in time."""
        first = wait_for(lambda: self.closed(), 10 + PHASE_SECONDS, "the first close")[0]
        late = (first.closed_at - first.deadline).total_seconds()
        assert 0 <= late < LOST_TASK_SECONDS, f"a lost task's phase closed {late:.2f} s late"
        return first

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
