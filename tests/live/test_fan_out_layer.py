"""The pub/sub channel layer with one copy per web process (games/live/layer.py), on a
real Redis (services run).

Issue 17's load: the list layer stored a group message once per socket and each web
process popped them one Redis round trip at a time; a close of 50 games was ~1,300
pops. Here a group message is published once, reaches each process once and is
decoded once; a lost subscription is told to the sockets instead of swallowed.
"""

import asyncio
import uuid

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from redis import asyncio as aioredis

from games import services
from games.live.layer import LAYER_DOWN, LAYER_RESUMED, FanOutLayer, serve
from games.services import push
from tests.kit.sockets import Socket

pytestmark = pytest.mark.services


def new_layer(name: str) -> FanOutLayer:
    host = {"address": settings.REDIS_URL, "socket_timeout": None, "client_name": name}
    return FanOutLayer(hosts=[host])


def redis_client():
    return aioredis.from_url(settings.REDIS_URL)


def test_a_group_message_crosses_redis_once_and_is_decoded_once():
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
        got_first = await asyncio.wait_for(layer.receive(first), 5)
        got_second = await asyncio.wait_for(layer.receive(second), 5)
        await layer.flush()
        return subscribers, got_first, got_second

    subscribers, got_first, got_second = async_to_sync(scenario)()
    assert subscribers == {f"asgi__group__{group}".encode(): 1}  # one for both sockets
    assert got_first == {"type": "game.commit", "events": [{"seq": 1}]}
    assert got_first is got_second  # decoded once, shared read-only


def test_a_commits_messages_go_out_in_one_pipeline_and_arrive_in_order(monkeypatch):
    """push.send_batch hands a commit's messages to the layer at once: published in one
    round trip (a pipeline, not a publish each), and a socket in several of the groups
    receives them in the commit's order, its private batches before the public one."""
    from games.live.layer import Shard

    private, public = f"test-{uuid.uuid4().hex}", f"test-{uuid.uuid4().hex}"
    single = []
    monkeypatch.setattr(Shard, "publish", lambda *args: single.append(args))
    messages = [
        (private, {"type": "game.batch", "n": 1}),
        (public, {"type": "game.batch", "n": 2}),
        (private, {"type": "game.batch", "n": 3}),
        (public, {"type": "game.commit", "n": 4}),
    ]

    async def scenario():
        layer = new_layer("fan-out-pipeline")
        channel = await layer.new_channel()
        await layer.group_add(private, channel)
        await layer.group_add(public, channel)
        await push.send_batch(layer, messages)
        got = [await asyncio.wait_for(layer.receive(channel), 5) for _ in messages]
        await layer.flush()
        return got

    got = async_to_sync(scenario)()
    assert [m["n"] for m in got] == [1, 2, 3, 4]
    assert single == []


def test_a_subscription_cut_by_redis_tells_every_socket_and_comes_back():
    """Redis drops the process's subscriber connection (a restart, a network blip);
    redis-py reconnects and subscribes again on its own, but what was published
    meanwhile is gone: each socket is told (`layer.resumed`) so it reads the log."""
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
        finally:
            await redis.aclose()
        told = await asyncio.wait_for(layer.receive(channel), 10)
        await layer.group_send(group, {"type": "game.batch", "events": []})
        after = await asyncio.wait_for(layer.receive(channel), 5)
        await layer.flush()
        return mine, told, after

    mine, told, after = async_to_sync(scenario)()
    assert mine, "the layer's subscriber connection was not found"
    assert told == LAYER_RESUMED
    assert after == {"type": "game.batch", "events": []}  # subscribed again


def test_a_socket_told_redis_came_back_reads_the_close_it_missed(live_table, monkeypatch):
    gid = live_table.game.id
    alice = Socket(gid, live_table.users["alice"])

    async def scenario():
        assert await alice.open()
        await alice.drain(0.3)
        # The close's push is lost (published while the subscription was down).
        monkeypatch.setattr(push, "send_all", lambda messages: None)
        await database_sync_to_async(services.gm_close_phase)(live_table.gm, gid)
        assert await alice.drain(0.3) == []
        get_channel_layer()._get_layer().tell_every_socket(LAYER_RESUMED)
        got = await alice.drain(0.5)
        await alice.close()
        return got

    got = async_to_sync(scenario)()
    kinds = [e["kind"] for m in got if m["type"] == "events" for e in m["events"]]
    assert "phase_closed" in kinds and "phase_opened" in kinds


def test_a_socket_told_redis_was_lost_closes_to_try_again_later(live_table):
    gid = live_table.game.id
    alice = Socket(gid, live_table.users["alice"])

    async def scenario():
        assert await alice.open()
        await alice.drain(0.3)
        get_channel_layer()._get_layer().tell_every_socket(LAYER_DOWN)
        return await alice.communicator.receive_output(timeout=5)

    closed = async_to_sync(scenario)()
    # As under the list layer: the page reads the log over HTTP and reconnects.
    assert closed == {"type": "websocket.close", "code": 1013}


class Browser:
    """The server's side of a socket for `serve`: what the browser sent, one at a time,
    and when each was read."""

    def __init__(self) -> None:
        self.sent: asyncio.Queue = asyncio.Queue()
        self.reads = 0

    async def receive(self) -> dict:
        message = await self.sent.get()
        self.reads += 1
        if isinstance(message, BaseException):
            raise message
        return message


def test_a_socket_handles_the_layer_and_its_browser_in_order_one_at_a_time():
    """`serve` (the GameConsumer's loop on this layer) stands in for Channels'
    await_many_dispatch: the layer's messages and the browser's are handled in the
    order they came, one at a time; the browser's next message is read only once its
    last is handled (the server's flow control holds); when the socket ends, its
    channel is forgotten and unsubscribed."""
    group = f"test-{uuid.uuid4().hex}"

    async def scenario():
        layer = new_layer("fan-out-serve")
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        browser = Browser()
        handled, running = [], []
        post_may_finish = asyncio.Event()
        reads_while_posting = []

        async def dispatch(message):
            assert not running, "two messages handled at once"
            running.append(message)
            try:
                if message.get("text") == "post":
                    reads_while_posting.append(browser.reads)
                    await post_may_finish.wait()
                    reads_while_posting.append(browser.reads)
                handled.append(message.get("n", message.get("text")))
                if message.get("text") == "bye":
                    raise StopConsumer
            finally:
                running.pop()

        socket = asyncio.ensure_future(serve(layer, channel, browser.receive, dispatch))
        await layer.group_send(group, {"type": "game.commit", "n": 1})
        await asyncio.sleep(0.2)
        browser.sent.put_nowait({"type": "websocket.receive", "text": "post"})
        browser.sent.put_nowait({"type": "websocket.receive", "text": "bye"})
        await asyncio.sleep(0.1)
        await layer.group_send(group, {"type": "game.commit", "n": 2})
        await asyncio.sleep(0.2)
        still_posting = list(handled)
        post_may_finish.set()
        with pytest.raises(StopConsumer):
            await asyncio.wait_for(socket, 5)
        inner = layer._get_layer()
        redis = redis_client()
        try:
            subscribers = dict(await redis.pubsub_numsub(channel))
        finally:
            await redis.aclose()
        await layer.flush()
        kept = channel in inner.channels
        return channel, handled, still_posting, reads_while_posting, kept, subscribers

    channel, handled, still_posting, reads_while_posting, kept, subscribers = async_to_sync(
        scenario
    )()
    assert still_posting == [1]  # the layer's second message waited for the post
    assert reads_while_posting == [1, 1]  # "bye" was not read while "post" was handled
    assert handled == [1, "post", 2, "bye"]
    assert not kept
    assert subscribers == {channel.encode(): 0}


def test_an_error_reading_the_browser_ends_the_socket_as_under_channels():
    async def scenario():
        layer = new_layer("fan-out-serve-error")
        channel = await layer.new_channel()
        browser = Browser()
        browser.sent.put_nowait(ConnectionResetError("gone"))

        async def dispatch(message):
            raise AssertionError("nothing to handle")

        try:
            await asyncio.wait_for(serve(layer, channel, browser.receive, dispatch), 5)
        except ConnectionResetError as error:
            raised = error
        kept = channel in layer._get_layer().channels
        await layer.flush()
        return raised, kept

    raised, kept = async_to_sync(scenario)()
    assert str(raised) == "gone"  # raised where Channels raises it: out of the socket
    assert not kept
