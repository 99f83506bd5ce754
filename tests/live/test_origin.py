"""Issue 18, item 5: the socket's Origin check compares scheme, host and port.

A page's socket comes from the page's own origin (scheme://host:port, as the
browser loaded it), or from an origin listed in CSRF_TRUSTED_ORIGINS (the same
list Django's CSRF check trusts for form posts). Any port of an allowed host used
to pass (channels' AllowedHostsOriginValidator compares host names only)."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from tests.kit.sockets import WAIT, session_cookie


def opens(game_id, user, *, origin=None, host=b"localhost:8000", extra=()) -> bool:
    from mafiasite.asgi import application

    headers = [(b"cookie", session_cookie(user)), *extra]
    if host is not None:
        headers.append((b"host", host))
    if origin is not None:
        headers.append((b"origin", origin))
    communicator = WebsocketCommunicator(application, f"/ws/games/{game_id}/", headers=headers)

    async def attempt():
        connected, _ = await communicator.connect(timeout=WAIT)
        await communicator.disconnect(timeout=WAIT)
        return connected

    return async_to_sync(attempt)()


@pytest.fixture
def alice_at(live_table, settings):
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "testserver"]
    settings.CSRF_TRUSTED_ORIGINS = []
    return live_table.game.id, live_table.users["alice"]


def test_the_page_own_origin_opens_the_socket(alice_at):
    game_id, alice = alice_at
    assert opens(game_id, alice, origin=b"http://localhost:8000")
    assert opens(game_id, alice, origin=b"http://testserver", host=b"testserver")


@pytest.mark.parametrize(
    "origin",
    [
        b"http://localhost:9999",  # another port of an allowed host
        b"http://localhost",  # port 80 is another origin than 8000
        b"https://localhost:8000",  # another scheme
        b"http://127.0.0.1:8000",  # another host, though allowed
        b"http://evil.example:8000",
        b"null",
        b"http://localhost:8000.evil.example",
    ],
)
def test_another_origin_is_refused(alice_at, origin):
    game_id, alice = alice_at
    assert not opens(game_id, alice, origin=origin)


def test_no_origin_or_no_allowed_host_is_refused(alice_at):
    game_id, alice = alice_at
    assert not opens(game_id, alice, origin=None)
    assert not opens(game_id, alice, origin=b"http://localhost:8000", host=None)
    assert not opens(game_id, alice, origin=b"http://evil.example", host=b"evil.example")


def test_behind_a_tls_proxy_the_origin_is_https(alice_at, settings):
    game_id, alice = alice_at
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    proxied = [(b"x-forwarded-proto", b"https")]
    assert opens(game_id, alice, origin=b"https://localhost", host=b"localhost", extra=proxied)
    assert not opens(game_id, alice, origin=b"http://localhost", host=b"localhost", extra=proxied)
    # Without the proxy's header the socket is plain ws://: an https origin is another one.
    assert not opens(game_id, alice, origin=b"https://localhost", host=b"localhost")


def test_csrf_trusted_origins_may_open_sockets_too(alice_at, settings):
    game_id, alice = alice_at
    settings.CSRF_TRUSTED_ORIGINS = ["https://mafia.example", "https://*.games.example"]
    assert opens(game_id, alice, origin=b"https://mafia.example")
    assert opens(game_id, alice, origin=b"https://eu.games.example")
    assert not opens(game_id, alice, origin=b"https://mafia.example:8443")
    assert not opens(game_id, alice, origin=b"http://mafia.example")
