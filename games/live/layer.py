"""The channel layer on Redis: channels_redis's pub/sub layer, one copy per web process.

channels_redis's list layer (`RedisChannelLayer`) stores a group message once per
socket and each web process pops them one Redis round trip at a time: a close of 50
games was ~1,300 pops, a fifth of the web process's CPU, and its last headline came
1.5-2 s after the deadline (bench/README.md, "one message per web process"). The
pub/sub layer publishes a group's message once; Redis hands it to each web process
holding a member once, and the process fans it out to its own sockets.

Two things are added here:

- A message is decoded once per web process, not once per socket. Consumers read
  a layer message and never change it (games/live/consumers.py), so its sockets
  share the one dict.
- Redis going away is said, not swallowed. The library's receiver logs the error and
  tries again, and messages published meanwhile are lost without a word. Here every
  socket of the process is told instead: `layer.down` when the connection failed
  (the socket closes with 1013, as it did under the list layer; the page reads the
  log over HTTP and reconnects with its cursor), `layer.resumed` when redis-py
  reconnected on its own (the socket reads what it missed from the log).

Pub/sub delivers at most once and keeps nothing for a process that is not listening:
the event log stays the truth, and each commit's manifest lets a socket see a gap
(games/services/push.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid

import redis
from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
    RedisSingleShardConnection,
)
from channels_redis.utils import _close_redis, _wrap_close, decode_hosts

logger = logging.getLogger(__name__)

# What redis-py raises when Redis is down or refuses.
REDIS_ERRORS = (OSError, TimeoutError, redis.exceptions.RedisError)
LAYER_DOWN = {"type": "layer.down"}
LAYER_RESUMED = {"type": "layer.resumed"}
# How long the receiver waits for a message before looking again (the library's).
POLL_SECONDS = 0.1


class FanOutLayer(RedisPubSubChannelLayer):
    """What settings.CHANNEL_LAYERS names when REDIS_URL is set."""

    def deserialize(self, message):
        # The shard decoded it once already (`Shard._receive_message`).
        if isinstance(message, dict):
            return message
        return super().deserialize(message)

    async def group_send_many(self, messages: list[tuple[str, dict]]) -> None:
        """A commit's messages (games/services/push.py), published in their order."""
        await self._get_layer().group_send_many(messages)

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        if loop not in self._layers:
            self._layers[loop] = LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            _wrap_close(self, loop)
        return self._layers[loop]


class FromClient:
    """A browser's message in a socket's inbox, and the moment it has been handled."""

    __slots__ = ("message", "error", "handled")

    def __init__(self, message=None, error: BaseException | None = None) -> None:
        self.message, self.error = message, error
        self.handled = asyncio.get_running_loop().create_future()


async def serve(channel_layer: FanOutLayer, channel: str, receive, dispatch) -> None:
    """Channels' `await_many_dispatch` for one socket of this layer, one wake per message.

    Channels waits on the browser and the layer with a task for each and an
    `asyncio.wait` over both, and makes a new task for every message (through the
    layer's per-loop proxy): at a close of 100 games, 3,000 messages, a tenth of the web
    process's CPU. Here the layer's messages land in the socket's queue as before, and
    the browser's are put in the same queue by one task that lives as long as the
    socket; the socket handles the queue in order, one message at a time, as Channels
    does. The browser's next message is read only once its last is handled (the
    server's flow control holds, as under Channels)."""
    layer = channel_layer._get_layer()
    inbox = layer.channels[channel]

    async def from_client() -> None:
        while True:
            try:
                item = FromClient(await receive())
            except asyncio.CancelledError:
                raise
            except BaseException as error:  # said where Channels says it: in the loop
                inbox.put_nowait(FromClient(error=error))
                return
            inbox.put_nowait(item)
            await item.handled

    client = asyncio.ensure_future(from_client())
    try:
        while True:
            item = await inbox.get()
            if type(item) is not FromClient:
                await dispatch(item)
                continue
            if item.error is not None:
                raise item.error
            try:
                await dispatch(item.message)
            finally:
                if not item.handled.done():  # cancelled with the client's task
                    item.handled.set_result(None)
    finally:
        client.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await client
        await layer.release(channel)


class LoopLayer(RedisPubSubLoopLayer):
    def __init__(self, hosts=None, prefix="asgi", channel_layer=None, **kwargs):
        # Options of the list layer (capacity, expiry) mean nothing to pub/sub.
        super().__init__(hosts=hosts, prefix=prefix, channel_layer=channel_layer)
        self._shards = [Shard(host, self) for host in decode_hosts(hosts)]

    async def new_channel(self, prefix="specific."):
        """A socket's own channel. Redis down here is not an error yet: the socket's
        first group_add fails the same way, and the consumer answers that with
        "unavailable" and 1013, not a refused handshake (the list layer named its
        channels without asking Redis). The site sends only to groups, never to a
        socket's own channel, so one left unsubscribed misses nothing."""
        channel = f"{self.prefix}{prefix}{uuid.uuid4().hex}"
        self.channels[channel] = asyncio.Queue()
        try:
            await self._get_shard(channel).subscribe(channel)
        except REDIS_ERRORS:
            logger.warning("Redis is down: %s opens unsubscribed", channel)
        return channel

    async def release(self, channel: str) -> None:
        """A socket's channel forgotten and unsubscribed, as the library's `receive`
        does when a consumer's receive task is cancelled."""
        if self.channels.pop(channel, None) is None:
            return
        try:
            await self._get_shard(channel).unsubscribe(channel)
        except (Exception, asyncio.CancelledError):  # Redis down: it goes with the connection
            logger.warning("%s left subscribed", channel, exc_info=True)

    async def group_send_many(self, messages: list[tuple[str, dict]]) -> None:
        """Publish (group, message) pairs in one round trip per Redis: a close's eight
        or so messages one publish at a time cost a closer 0.6 ms of CPU, pipelined
        0.2 ms (bench/README.md). Redis runs a pipeline's commands in order, so each
        web process still receives a commit's private batches before its public
        message."""
        published: dict[Shard, list[tuple[str, bytes]]] = {}
        for group, message in messages:
            channel = self._get_group_channel_name(group)
            data = self.channel_layer.serialize(message)
            published.setdefault(self._get_shard(channel), []).append((channel, data))
        for shard, pairs in published.items():
            await shard.publish_many(pairs)

    def tell_every_socket(self, message: dict) -> None:
        for queue in self.channels.values():
            queue.put_nowait(message)


class Shard(RedisSingleShardConnection):
    _connected = False  # the pub/sub connection came up once: a later connect is a reconnect

    def _ensure_redis(self):
        fresh = self._redis is None
        super()._ensure_redis()
        if fresh:
            self._connected = False

    async def publish_many(self, pairs: list[tuple[str, bytes]]) -> None:
        async with self._lock:
            self._ensure_redis()
            pipeline = self._redis.pipeline(transaction=False)
            for channel, data in pairs:
                pipeline.publish(channel, data)
            await pipeline.execute()

    def _receive_message(self, message):
        if message is None:
            return
        data = self.channel_layer.channel_layer.deserialize(message["data"])
        super()._receive_message({**message, "data": data})

    async def _do_receiving(self):
        while True:
            try:
                if self._pubsub is not None and self._pubsub.subscribed:
                    self._watch_reconnects()
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=POLL_SECONDS
                    )
                    self._receive_message(message)
                else:
                    await asyncio.sleep(POLL_SECONDS)
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except REDIS_ERRORS:
                if self._connected_again():
                    continue  # redis-py reconnected before raising; sockets were told
                logger.warning("the channel layer lost Redis: every socket is told", exc_info=True)
                await self._start_over()
                return
            except Exception:  # a message that does not decode: dropped, logged
                logger.exception("the channel layer dropped a message")

    def _watch_reconnects(self) -> None:
        """Once the pub/sub connection is up, a later connect is a reconnect."""
        connection = self._pubsub.connection
        if connection is not None and not self._connected:
            connection.register_connect_callback(self._reconnected)
            self._connected = True

    def _connected_again(self) -> bool:
        """redis-py reconnects (and subscribes again) in its failure handler, then
        raises the error all the same: a blip, not an outage."""
        connection = self._pubsub.connection if self._pubsub is not None else None
        return connection is not None and connection.is_connected

    async def _reconnected(self, connection) -> None:
        self.channel_layer.tell_every_socket(LAYER_RESUMED)

    async def _start_over(self) -> None:
        """Forget the broken connection and its subscriptions; the sockets close and
        their pages reconnect, subscribing anew on a new connection."""
        async with self._lock:
            client, self._redis, self._pubsub = self._redis, None, None
            self._subscribed_to = set()
            self._receive_task = None
        self.channel_layer.tell_every_socket(LAYER_DOWN)
        if client is not None:
            try:
                await _close_redis(client)
            except Exception:  # already broken
                pass
