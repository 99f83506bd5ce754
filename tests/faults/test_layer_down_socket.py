"""The socket's handshake while the channel layer refuses (issue 17, item 6), in both
configurations: a layer that raises as Redis does when it is down. The socket opens,
says live updates are down and closes with 1013 (try again later): never an HTTP 500,
and its disconnect raises nothing either. tests/faults/test_redis_restart.py does the
same against a real Redis killed under uvicorn."""

import pytest
import redis
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, channel_layers
from channels.testing import WebsocketCommunicator

from tests.kit.fault_game import session_cookie
from tests.kit.games import SEVEN, make_user, new_classic7, seat_players
from tests.kit.sockets import WAIT

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def refusing_layer(settings, monkeypatch):
    settings.PHASE_TIMER = "off"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()

    async def refuse(*args, **kwargs):
        raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379.")

    monkeypatch.setattr(InMemoryChannelLayer, "group_add", refuse)
    monkeypatch.setattr(InMemoryChannelLayer, "group_discard", refuse)
    yield
    channel_layers.backends.clear()


def test_a_socket_opened_while_redis_is_down_is_told_to_try_again_later(refusing_layer):
    from mafiasite.asgi import application

    gm = make_user("gemma")
    users = {name: make_user(name) for name in SEVEN}
    game = new_classic7(gm, users)
    seat_players(gm, game, users.values(), start=True)
    headers = [
        (b"host", b"testserver"),
        (b"origin", b"http://testserver"),
        (b"cookie", session_cookie(users["alice"]).encode()),
    ]

    async def scenario():
        socket = WebsocketCommunicator(application, f"/ws/games/{game.id}/", headers=headers)
        connected, _ = await socket.connect(timeout=WAIT)
        told = await socket.receive_json_from(timeout=WAIT)
        closed = await socket.receive_output(timeout=WAIT)
        await socket.disconnect(timeout=WAIT)
        return connected, told, closed

    connected, told, closed = async_to_sync(scenario)()
    assert connected  # the handshake succeeded: no HTTP 500
    assert told["type"] == "unavailable"
    assert "Live updates are down" in told["message"]
    assert closed == {"type": "websocket.close", "code": 1013}
