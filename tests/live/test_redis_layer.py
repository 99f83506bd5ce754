"""The Redis channel layer under the game socket (services run only).

docs/design.md's measured pitfalls: redis-py 8's 5-second socket timeout "kills idle
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
from django.conf import settings

from games import services
from tests.kit.sockets import Socket

pytestmark = pytest.mark.services

IDLE_SECONDS = 120
CLIENTS = int(__import__("os").environ.get("LIVE_CLIENTS", "750"))


def test_an_idle_socket_stays_connected_for_two_minutes(live_table):
    from games.live.layer import FanOutLayer

    assert isinstance(get_channel_layer(), FanOutLayer)
    gid = live_table.game.id
    alice = live_table.users["alice"]
    sock = Socket(gid, alice)

    async def scenario():
        assert await sock.open()
        await sock.catch_up()
        # Two minutes of silence: nothing may arrive, and the socket must not close.
        assert await sock.communicator.receive_nothing(timeout=IDLE_SECONDS, interval=1)
        await database_sync_to_async(services.gm_close_phase)(live_table.gm, gid)
        await sock.catch_up()
        await sock.close()

    run = async_to_sync(scenario)
    run()
    kinds = [e["kind"] for e in sock.events()]
    assert kinds[-2:] == ["phase_closed", "phase_opened"] or "phase_closed" in kinds


def test_750_clients_leaving_at_once_leave_no_group_membership(live_table):
    """The pub/sub layer (games/live/layer.py) keeps a process's members in memory and
    one Redis subscription per group for all of them: while 750 sockets are open, Redis
    counts one subscriber of the game's public group; once they all drop at the same
    moment, neither the process nor Redis holds any of the game's groups."""
    from redis import asyncio as aioredis

    from games.live.layer import FanOutLayer

    gid = live_table.game.id
    users = [live_table.users["alice"], live_table.sam, live_table.mallory, None]
    sockets = [Socket(gid, users[i % len(users)]) for i in range(CLIENTS)]
    layer = get_channel_layer()
    assert isinstance(layer, FanOutLayer)

    async def members() -> tuple[dict[str, int], dict[str, int]]:
        here = layer._get_layer()
        mine = f"{here.prefix}__group__game-{gid}."
        local = {name: len(chans) for name, chans in here.groups.items() if name.startswith(mine)}
        redis = aioredis.from_url(settings.REDIS_URL)
        try:
            names = await redis.pubsub_channels(f"{mine}*")
            counted = dict(await redis.pubsub_numsub(*names)) if names else {}
        finally:
            await redis.aclose()
        return local, {name.decode(): n for name, n in counted.items()}

    async def scenario():
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

    (local, in_redis), after = async_to_sync(scenario)()
    public = f"asgi__group__game-{gid}.public"
    assert local[public] == CLIENTS
    assert sum(local.values()) > CLIENTS  # the seat and graveyard groups too
    assert in_redis[public] == 1  # one subscription for the whole process
    assert after == ({}, {}), after
