"""The pub/sub channel layer (games/live/layer.py) on a real Redis (services run).

A group message is published once and reaches each process once; a lost subscription
is told to the sockets instead of swallowed. Between them these tests go through
every private name of channels_redis the layer leans on (`_get_layer`, `_shards`,
`_get_shard`, `_do_receiving`, `_pubsub`, `_receive_message`), so that a new
channels_redis that renames one fails here.
"""

import asyncio
import uuid

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from redis import asyncio as aioredis

from games.live.layer import LAYER_DOWN, REDIS_ERRORS, FanOutLayer, Shard
from games.services import push
from tests.kit.sockets import WAIT, Socket

pytestmark = pytest.mark.services


def new_layer(name: str, address: str | None = None) -> FanOutLayer:
    host = {"address": address or settings.REDIS_URL, "socket_timeout": None, "client_name": name}
    return FanOutLayer(hosts=[host])


def redis_client():
    return aioredis.from_url(settings.REDIS_URL)


def test_a_group_message_crosses_redis_once_for_all_of_a_process_sockets():
    group = f"test-{uuid.uuid4().hex}"

    async def scenario():
        layer = new_layer("fan-out-once")
        first, second = await layer.new_channel(), await layer.new_channel()
        await layer.group_add(group, first)
        await layer.group_add(group, second)
        redis = redis_client()
        try:
            subscribers = dict(await redis.pubsub_numsub(f"asgi__group__{group}"))
        finally:
            await redis.aclose()
        await layer.group_send(group, {"type": "game.commit", "events": [{"seq": 1}]})
        got_first = await asyncio.wait_for(layer.receive(first), WAIT)
        got_second = await asyncio.wait_for(layer.receive(second), WAIT)
        shards = [type(shard) for shard in layer._get_layer()._shards]
        await layer.flush()
        return subscribers, got_first, got_second, shards

    subscribers, got_first, got_second, shards = async_to_sync(scenario)()
    assert subscribers == {f"asgi__group__{group}".encode(): 1}  # one for both sockets
    assert got_first == got_second == {"type": "game.commit", "events": [{"seq": 1}]}
    assert shards == [Shard]


def test_a_commits_messages_arrive_in_order():
    """push.send_batch sends a commit's messages one group_send at a time: a socket in
    several of the groups receives them in the commit's order, its private batches
    before the public message that checks them."""
    private, public = f"test-{uuid.uuid4().hex}", f"test-{uuid.uuid4().hex}"
    messages = [
        (private, {"type": "game.batch", "n": 1}),
        (public, {"type": "game.batch", "n": 2}),
        (private, {"type": "game.batch", "n": 3}),
        (public, {"type": "game.commit", "n": 4}),
    ]

    async def scenario():
        layer = new_layer("fan-out-order")
        channel = await layer.new_channel()
        await layer.group_add(private, channel)
        await layer.group_add(public, channel)
        await push.send_batch(layer, messages)
        got = [await asyncio.wait_for(layer.receive(channel), WAIT) for _ in messages]
        await layer.flush()
        return got

    assert [m["n"] for m in async_to_sync(scenario)()] == [1, 2, 3, 4]


def test_a_subscription_cut_by_redis_tells_every_socket_and_comes_back():
    """Redis drops the process's subscriber connection (a restart, a network blip):
    what was published meanwhile is gone, so each socket is told (`layer.down`: it
    closes, and the page reconnects with its cursor); redis-py reconnects and
    subscribes again on its own, and later messages arrive again."""
    group = f"test-{uuid.uuid4().hex}"
    name = f"fan-out-cut-{uuid.uuid4().hex[:8]}"

    async def scenario():
        layer = new_layer(name)
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        redis = redis_client()
        try:
            clients = await redis.client_list(_type="pubsub")
            mine = [c["id"] for c in clients if c.get("name") == name]
            for client_id in mine:
                await redis.client_kill_filter(_id=client_id)
            told = await asyncio.wait_for(layer.receive(channel), WAIT)
            # redis-py reconnects at the receiver's next read and subscribes again;
            # published before that, a message would reach nobody (pub/sub keeps none).
            async with asyncio.timeout(WAIT):
                while not dict(await redis.pubsub_numsub(f"asgi__group__{group}")).get(
                    f"asgi__group__{group}".encode()
                ):
                    await asyncio.sleep(0.05)
        finally:
            await redis.aclose()
        await layer.group_send(group, {"type": "game.batch", "events": []})
        after = await asyncio.wait_for(layer.receive(channel), WAIT)
        await layer.flush()
        return mine, told, after

    mine, told, after = async_to_sync(scenario)()
    assert mine, "the layer's subscriber connection was not found"
    assert told == LAYER_DOWN
    assert after == {"type": "game.batch", "events": []}  # subscribed again


def test_a_channel_opened_while_redis_is_down_opens_and_its_first_join_fails():
    """The handshake is not refused: the consumer's first group_add raises, and the
    socket says "unavailable" and closes with 1013 (tests/faults/test_layer_down_socket.py)."""

    async def scenario():
        layer = new_layer("fan-out-down", address="redis://127.0.0.1:9")  # nothing listens
        channel = await layer.new_channel()
        try:
            await layer.group_add("test-down", channel)
        except REDIS_ERRORS as error:
            refused = error
        await layer.flush()
        return channel, refused

    channel, refused = async_to_sync(scenario)()
    assert channel.startswith("asgi") and "specific." in channel
    assert isinstance(refused, REDIS_ERRORS)


def test_a_socket_told_redis_was_lost_closes_to_try_again_later(live_table):
    gid = live_table.game.id
    alice = Socket(gid, live_table.users["alice"])

    async def scenario():
        assert await alice.open()
        await alice.catch_up()
        held = len(alice.messages)
        (shard,) = get_channel_layer()._get_layer()._shards
        shard.tell_every_socket(LAYER_DOWN)
        return await alice.closed(), alice.messages[held:]

    code, before_the_close = async_to_sync(scenario)()
    # The page reads the log over HTTP and reconnects with its cursor.
    assert code == 1013 and before_the_close == []
