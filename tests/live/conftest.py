"""Fixtures for the live tests: a started bay12 classic7 game and one socket per persona;
for the browser tests, the live site and Chromium (their helpers: tests/kit/browser.py).

Personas as in tests/site: gemma is the GM, alice..grace play, mallory is a
logged-in stranger, sam watches as a spectator, and a logged-out visitor.
"""

import uuid
from pathlib import Path

import pytest
from channels.layers import channel_layers

from tests.kit.browser import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS_DIR
from tests.kit.games import PLAYER_NAMES, SEVEN, Table, make_user, new_classic7, seat_players
from tests.kit.live_site import LiveSite, database_url
from tests.kit.services import services_configured


@pytest.fixture(autouse=True)
def _phase_timers_off(settings):
    settings.PHASE_TIMER = "off"
    # Personas are created by the dozen: a fast hasher (never in production).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # A cache of its own per test: sign-up counters (games/web/accounts.py) never
    # carry over from one test to the next, nor into the services run's Redis.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"test-{uuid.uuid4()}",
        }
    }


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """Each test starts with an empty in-memory layer (as after a server restart)."""
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def live_table(transactional_db):
    """Seven players, sign-ups closed, night 1 open; sam spectates; mallory is a stranger."""
    from games import services

    table = _table()
    services.watch_game(table.sam, table.game.id)
    return table


@pytest.fixture
def unwatched_table(transactional_db):
    """live_table with nobody watching: its graveyard holds nothing until someone dies."""
    return _table()


def _table() -> Table:
    gemma = make_user("gemma")
    users = {name: make_user(name) for name in PLAYER_NAMES}
    game = new_classic7(gemma, users, private_messages="gm")
    seated = {name: users[name] for name in SEVEN}
    seat_players(gemma, game, seated.values(), start=True)
    table = Table(game, seated, gemma)
    table.mallory = make_user("mallory")
    table.sam = make_user("sam")
    return table


# -- browser tests: the live site and Chromium ----------------------------------------


@pytest.fixture
def browser(monkeypatch):
    """Chromium, launched for the test (a quarter of a second). Not kept for the
    session: Playwright's sync API leaves an asyncio loop running in this thread while
    it is started, and every later test of the worker that calls async_to_sync (the
    socket tests) would fail."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    # Playwright's sync API keeps an event loop in this thread; the test's own ORM
    # calls are plain synchronous code between browser steps.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def live_site(django_db_setup, django_db_blocker):
    """The site's processes on this worker's test database, started once: each test's
    rows are flushed after it (transactional_db), and ids are never reused, so what a
    process still holds of an earlier test's games names nothing a later test makes."""
    from django.db import connection

    live = LiveSite(database_url(connection.settings_dict), services=services_configured())
    live.start()
    yield live
    live.stop()
    if connection.vendor == "postgresql":
        with django_db_blocker.unblock():
            # Their backends go a moment after the processes: the test database is
            # dropped next.
            live.wait_disconnected(connection)


@pytest.fixture
def site(transactional_db, live_site, request):
    live_site.ensure_running()
    yield live_site
    if getattr(request.node, "failed", False):
        print(live_site.logs())  # pytest shows it with the failure
        if SCREENSHOTS_DIR is not None:
            SCREENSHOTS_DIR.mkdir(parents=True, exist_ok=True)
            (SCREENSHOTS_DIR / f"live-site-{request.node.name}.log").write_text(live_site.logs())
