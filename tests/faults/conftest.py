"""Fixtures for the fault tests: a Redis of their own, the site on it as deployed
(tests/kit/processes.py); the quiet game whose phases last a few seconds and the pages
opened on it are in tests/kit/fault_game.py.

The test process changes the game through the services like any web process: its
channel layer is the site's Redis (its pushes reach the pages), and it schedules no
Celery task of its own (PHASE_TIMER "off"): the first phase's close is a lost task,
the worker's sweeper must find it; every later phase is opened by the worker, which
schedules its ETA task as in production.
"""

from __future__ import annotations

import time
import uuid

import pytest
from channels.layers import channel_layers

from tests.kit.fault_game import other_sessions
from tests.kit.live_site import STARTING, database_url, stop_live_sites
from tests.kit.processes import RedisServer, Site


@pytest.fixture(scope="package")
def running_site(django_db_setup, django_db_blocker, tmp_path_factory):
    """Redis and the site's processes, started once for all the fault tests (each test
    that kills one starts it again; `site` checks), and stopped after the last of them:
    their beat sweeps the shared test database every second, and would close (and
    remind) the later tests' games through its own Redis, which their pages never read."""
    from django.db import connection

    stop_live_sites()  # the browser tests' site on this worker, if it started one
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
            deadline = time.monotonic() + STARTING
            while other_sessions(connection) and time.monotonic() < deadline:
                time.sleep(0.1)


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
