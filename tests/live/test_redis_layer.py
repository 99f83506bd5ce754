"""The Redis channel layer under the game socket (services run only).

DESIGN.md's measured pitfalls: redis-py 8's 5-second socket timeout "kills idle
consumers every few seconds" and its 100-connection pool "makes group_discard
fail when many clients leave at once"; issue 7: "a test that an idle socket stays
connected for two minutes on the Redis back end, and that 750 clients
disconnecting at once leave no stale group membership".
"""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import services
from tests.live.conftest import Socket

pytestmark = pytest.mark.services

IDLE_SECONDS = 120
CLIENTS = int(__import__("os").environ.get("LIVE_CLIENTS", "750"))


def test_an_idle_socket_stays_connected_for_two_minutes(live_table):
    assert type(get_channel_layer()).__module__.startswith("channels_redis")
    gid = live_table.game.id
    alice = live_table.users["alice"]
    sock = Socket(gid, alice)

    async def scenario():
        assert await sock.open()
        await sock.drain(0.2)
        # Two minutes of silence: nothing may arrive, and the socket must not close.
        assert await sock.communicator.receive_nothing(timeout=IDLE_SECONDS, interval=1)
        await database_sync_to_async(services.gm_close_phase)(live_table.gm, gid)
        await sock.drain(0.5)
        await sock.close()

    run = async_to_sync(scenario)
    run()
    kinds = [e["kind"] for e in sock.events()]
    assert kinds[-2:] == ["phase_closed", "phase_opened"] or "phase_closed" in kinds


def test_750_clients_leaving_at_once_leave_no_group_membership(live_table):
    from channels_redis.core import RedisChannelLayer

    gid = live_table.game.id
    users = [live_table.users["alice"], live_table.sam, live_table.mallory, None]
    sockets = [Socket(gid, users[i % len(users)]) for i in range(CLIENTS)]
    layer = get_channel_layer()
    assert isinstance(layer, RedisChannelLayer)

    async def members() -> dict[str, int]:
        connection = layer.connection(0)
        keys = await connection.keys(f"{layer.prefix}:group:game-{gid}.*")
        return {key.decode(): await connection.zcard(key) for key in keys}

    async def scenario():
        # Test databases restart their ids: groups of an earlier run's game-<id> (a
        # server killed without disconnecting) may still be in Redis until they expire.
        connection = layer.connection(0)
        for key in await connection.keys(f"{layer.prefix}:group:game-{gid}.*"):
            await connection.delete(key)
        for start in range(0, CLIENTS, 50):
            opened = await asyncio.gather(*(s.open() for s in sockets[start : start + 50]))
            assert all(opened)
        during = await members()
        # Every socket drops at the same moment; each consumer leaves its groups.
        for sock in sockets:
            await sock.communicator.send_input({"type": "websocket.disconnect", "code": 1001})
        _, pending = await asyncio.wait([s.communicator.future for s in sockets], timeout=60)
        assert not pending
        after = await members()
        return during, after

    during, after = async_to_sync(scenario)()
    public = f"{get_channel_layer().prefix}:group:game-{gid}.public"
    assert during[public] == CLIENTS
    assert sum(during.values()) > CLIENTS  # the seat and graveyard groups too
    assert all(count == 0 for count in after.values()), after
