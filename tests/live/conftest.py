"""Fixtures for the live tests: a started bay12 classic7 game and one socket per persona;
for the browser tests, the live site and Chromium (their helpers: browser_helpers.py).

Personas as in tests/site: gemma is the GM, alice..grace play, mallory is a
logged-in stranger, sam watches as a spectator, and a logged-out visitor.
"""

import json
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import Client

from tests.conftest import services_configured
from tests.live.browser_helpers import SCREENSHOTS_DIR
from tests.live.site_server import LiveSite, database_url
from tests.site.helpers import PLAYER_NAMES, SEVEN, Table, new_classic7, seat_players

ORIGIN = (b"origin", b"http://testserver")
HOST = (b"host", b"testserver")  # the socket's own origin is http://testserver
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


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


def make_user(name: str):
    return get_user_model().objects.create_user(name, password=f"{name}-secret-pw")


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


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def position_at(game_id: int, user, seq: int) -> dict[str, int]:
    """The cursor (games/cursors.py) of a viewer who has read everything he may read up
    to the log's game-wide `seq`: what his page would have been given then."""
    from games.models import Game
    from games.viewer import position_of, viewer_for

    viewer = viewer_for(Game.objects.get(pk=game_id), user, with_view=False)
    return position_of(viewer, seq)


def log_seqs(game_id: int, user, ids) -> list[int]:
    """The game-wide seqs of the events a viewer was sent as [label, number] (the
    tests compare them with the log; browsers never see them)."""
    from games.cursors import GM_STREAM, label_of
    from games.models import Event, Game

    game = Game.objects.get(pk=game_id)
    seat = game.seats.filter(user=user).first() if user is not None else None
    own = seat.name if seat is not None else ""
    events = list(Event.objects.filter(game=game))
    by_gm = {e.gm_seq: e.seq for e in events if e.gm_seq is not None}
    by_stream = {(label_of(game.id, e.audience, own), e.audience_seq): e.seq for e in events}
    return [by_gm[n] if label == GM_STREAM else by_stream[label, n] for label, n in ids]


class Socket:
    """A browser tab's socket: collects every event it is sent, in order.

    `after`: a cursor (a dict), a raw query value (a string, as a hostile client
    sends), or the log's game-wide seq the viewer has read up to (turned into his
    cursor as his page would have had it)."""

    def __init__(
        self, game_id: int, user=None, after=0, origin: bool = True, cookie=b"", headers=()
    ):
        from mafiasite.asgi import application

        headers = [HOST, ORIGIN, *headers] if origin else [HOST, *headers]
        if user is not None:  # `cookie`: more of them ("django_language=ru")
            headers.append((b"cookie", b"; ".join(filter(None, [session_cookie(user), cookie]))))
        if isinstance(after, int):
            after = position_at(game_id, user, after) if after else {}
        raw = after if isinstance(after, str) else json.dumps(after)
        self.communicator = WebsocketCommunicator(
            application, f"/ws/games/{game_id}/?after={quote(raw)}", headers=headers
        )
        self.game_id, self.user = game_id, user
        self.messages: list[dict] = []
        self.upto = after if isinstance(after, dict) else None  # None: not known yet

    async def open(self) -> bool:
        # Generous: the test process opens sockets through one database thread with a
        # new connection each (no pool here, unlike the web process: mafiasite/asgi.py),
        # so fifty opened at once on a loaded machine took more than 5 s.
        connected, _ = await self.communicator.connect(timeout=30)
        return connected

    async def drain(self, quiet: float = 0.3) -> list[dict]:
        """Everything that arrives until the socket has been quiet for `quiet` seconds."""
        got = []
        while not await self.communicator.receive_nothing(timeout=quiet, interval=0.02):
            message = await self.communicator.receive_json_from(timeout=5)
            got.append(message)
            if message.get("type") == "events":
                if self.upto is not None:
                    assert _behind(message["prev"], self.upto) == [], "the consumer skipped"
                self.upto = message["upto"]
            elif message.get("type") == "membership" and "cursor" in message:
                self.upto = message["cursor"]
        self.messages.extend(got)
        return got

    def events(self) -> list[dict]:
        return [e for m in self.messages if m.get("type") == "events" for e in m["events"]]

    def ids(self) -> list[tuple[str, int]]:
        return [tuple(e["id"]) for e in self.events()]

    def seqs(self) -> list[int]:
        """The log's game-wide seqs of the events received (read from the database)."""
        return log_seqs(self.game_id, self.user, self.ids())

    async def send(self, content: dict) -> None:
        await self.communicator.send_json_to(content)

    async def close(self) -> None:
        await self.communicator.disconnect(timeout=10)


def _behind(prev: dict, held: dict) -> list[str]:
    """The streams in which a frame's `prev` is ahead of what the client holds."""
    return [label for label, n in prev.items() if n > held.get(label, 0)]


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


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    if outcome.get_result().failed:
        item.failed = True  # the site fixture prints the processes' logs
