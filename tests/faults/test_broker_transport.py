"""The Celery broker's transport (mafiasite/broker.py) on a real Redis (services run).

A channel whose broker connection was collected after a connection loss (the worker
does that when Redis goes away) restores nothing and says "connection error" to
anything else, which the worker survives. kombu's own transport (5.7.0, pinned exactly
in pyproject.toml) still fails there with an AttributeError the worker takes for an
unrecoverable error: the last test shows it, and fails once kombu mends it (then
mafiasite/broker.py can go). tests/faults/test_redis_restart.py restarts a real Redis
under a real worker.
"""

import kombu
import pytest
from django.conf import settings
from kombu.transport import redis as kombu_redis

from mafiasite.broker import DetachedChannel

pytestmark = pytest.mark.services


def detached_channel(transport):
    """A channel holding one unacknowledged message, its connection then collected."""
    connection = kombu.Connection(settings.REDIS_URL, transport=transport)
    channel = connection.default_channel
    channel.qos._delivered["tag"] = ("message", "exchange", "routing key")
    channel.connection.client = None  # what collecting the connection leaves
    return connection, channel


def test_a_detached_channel_restores_nothing_and_says_connection_error():
    connection, channel = detached_channel(settings.CELERY_BROKER_TRANSPORT)
    assert channel.qos.restore_unacked() is None
    assert channel.qos._delivered == {}  # left to Redis's unacked index and the sweeper
    with pytest.raises(DetachedChannel):
        channel._connparams()
    assert issubclass(DetachedChannel, connection.connection_errors)


def test_kombus_own_transport_still_fails_there():
    _, channel = detached_channel(kombu_redis.Transport)
    try:
        with pytest.raises(AttributeError, match="hostname"):
            channel.qos.restore_unacked()
    finally:
        channel.qos._delivered.clear()
