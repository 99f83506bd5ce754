"""The Celery broker's transport: kombu's Redis transport, made to survive a Redis restart.

On a lost broker connection the worker's consumer (celery 5.7) first collects the
connection, which detaches the transport from it, then closes it. Closing the channel
hands back the messages the worker holds unacknowledged (the ETA close tasks it
keeps until their deadline) through a Redis client it builds from the detached
transport's settings: `AttributeError: 'NoneType' object has no attribute 'hostname'`
in `restore_unacked_once`, which the worker takes for an unrecoverable error and
stops, and no phase closes again until someone restarts it.

The same happens once the worker has reconnected, when an ETA task it received
before the outage runs and acknowledges itself on the old channel (`'NoneType' object
has no attribute 'client'`).

Here a detached channel restores nothing, and anything else it is asked to do is a
broker connection error, which the worker logs and survives. Redis itself keeps those
messages in its unacknowledged index, where kombu's `restore_visible` finds them after
the visibility timeout (the close is idempotent), and a Redis that restarted empty has
lost them anyway; either way the beat sweeper closes every phase whose task is late
(games/tasks.py). Used through `CELERY_BROKER_TRANSPORT` (mafiasite/settings.py).
"""

import redis as redis_py
from kombu.transport import redis


class DetachedChannel(redis_py.exceptions.ConnectionError):
    """The channel's broker connection was closed after a connection loss."""


def _detached(channel) -> bool:
    return getattr(channel.connection, "client", None) is None


class QoS(redis.QoS):
    def restore_unacked(self, client=None):
        if client is None and _detached(self.channel):
            self._delivered.clear()  # nothing to restore through; see above
            return None
        return super().restore_unacked(client)


class Channel(redis.Channel):
    QoS = QoS

    def _connparams(self, asynchronous=False):
        if _detached(self):
            raise DetachedChannel("this channel's broker connection was closed")
        return super()._connparams(asynchronous=asynchronous)


class Transport(redis.Transport):
    Channel = Channel
