"""The Celery broker's transport: kombu's Redis transport, made to survive a Redis restart.

On a lost broker connection the worker's consumer (celery 5.7) first collects the
connection, which detaches the transport from it, then closes it. Closing the channel
hands back the messages the worker holds unacknowledged (the ETA close tasks it
keeps until their deadline) through a Redis client it builds from the detached
transport's settings: `AttributeError: 'NoneType' object has no attribute 'hostname'`
in `restore_unacked_once`, which the worker takes for an unrecoverable error and
stops, and no phase closes again until someone restarts it (issue 17, item 1).

Here a detached channel restores nothing: Redis itself keeps those messages in its
unacknowledged index, where kombu's `restore_visible` finds them after the visibility
timeout, and a Redis that restarted without them has lost them anyway; either way
the beat sweeper closes every phase whose task is late (games/tasks.py).
Used through `CELERY_BROKER_TRANSPORT` (mafiasite/settings.py).
"""

from kombu.transport import redis


class QoS(redis.QoS):
    def restore_unacked(self, client=None):
        transport = self.channel.connection
        if client is None and getattr(transport, "client", None) is None:
            self._delivered.clear()  # detached: nothing to restore through
            return None
        return super().restore_unacked(client)


class Channel(redis.Channel):
    QoS = QoS


class Transport(redis.Transport):
    Channel = Channel
