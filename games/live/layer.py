"""The channel layer on Redis: channels_redis's pub/sub layer, told when Redis goes away.

The pub/sub layer publishes a group's message once; Redis hands it to each web
process holding a member once, and the process fans it out to its own sockets
(channels_redis's list layer stores it once per socket instead, and each process pops
them one round trip at a time).

One thing is added: Redis going away is said, not swallowed. The library's receiver
logs the error and tries again (redis-py reconnects and subscribes again on its own),
and what was published meanwhile is lost without a word. Here every socket of the
process is told `layer.down` instead: it closes with 1013 (try again later), the page
reads the log over HTTP and reconnects with its cursor, missing nothing. A socket
opened while Redis is down opens unsubscribed, and its first `group_add` fails: the
consumer then says "unavailable" and closes with 1013, as above, rather than refuse
the handshake (games/live/consumers.py).

This leans on six private names of channels_redis 4.3.0 (pinned exactly in
pyproject.toml; tests/live/test_fan_out_layer.py exercises each): the channel
layer's `_get_layer`, the loop layer's `_shards` and `_get_shard`, the shard's
`_do_receiving`, `_pubsub` and `_receive_message`. The proposal to upstream
(README.md, "Scaling out"): a hook the receiver calls when it loses its connection.

Pub/sub delivers at most once and keeps nothing for a process that is not listening:
the event log stays the truth, and each commit's manifest lets a socket see a gap
(games/services/push.py).
"""

from __future__ import annotations

import asyncio
import logging
import uuid

import redis
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection

logger = logging.getLogger(__name__)

# What redis-py raises when Redis is down or refuses.
REDIS_ERRORS = (OSError, TimeoutError, redis.exceptions.RedisError)
LAYER_DOWN = {"type": "layer.down"}
# How long the receiver waits for a message before looking again (the library's).
POLL_SECONDS = 0.1


class FanOutLayer(RedisPubSubChannelLayer):
    """What settings.CHANNEL_LAYERS names when REDIS_URL is set."""

    def _get_layer(self):
        layer = super()._get_layer()
        if not isinstance(layer._shards[0], Shard):  # a new loop's layer, not used yet
            layer._shards = [Shard(shard.host, layer) for shard in layer._shards]
        return layer

    async def new_channel(self, prefix="specific."):
        """A socket's own channel. Redis down here is not an error yet: the socket's
        first group_add fails the same way, and the consumer answers that with
        "unavailable" and 1013, not a refused handshake. The site sends only to
        groups, never to a socket's own channel, so one left unsubscribed misses
        nothing."""
        layer = self._get_layer()
        channel = f"{layer.prefix}{prefix}{uuid.uuid4().hex}"
        layer.channels[channel] = asyncio.Queue()
        try:
            await layer._get_shard(channel).subscribe(channel)
        except REDIS_ERRORS:
            logger.warning("Redis is down: %s opens unsubscribed", channel)
        return channel


class Shard(RedisSingleShardConnection):
    """The library's receiver, but a lost connection is told to every socket (once
    per outage) before redis-py reconnects."""

    told_down = False

    async def _do_receiving(self):
        while True:
            try:
                if self._pubsub is not None and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=POLL_SECONDS
                    )
                    self.told_down = False
                    self._receive_message(message)
                else:
                    await asyncio.sleep(POLL_SECONDS)
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except REDIS_ERRORS:
                if not self.told_down:
                    logger.warning("the channel layer lost Redis: sockets are told", exc_info=True)
                    self.tell_every_socket(LAYER_DOWN)
                    self.told_down = True
                await asyncio.sleep(POLL_SECONDS)  # redis-py reconnects at the next read
            except Exception:  # a message that does not decode: dropped, logged
                logger.exception("the channel layer dropped a message")

    def tell_every_socket(self, message: dict) -> None:
        data = self.channel_layer.channel_layer.serialize(message)
        for queue in self.channel_layer.channels.values():
            queue.put_nowait(data)
