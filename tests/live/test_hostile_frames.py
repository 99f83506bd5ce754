"""Issue 18, item 7: hostile numbers in a socket frame or a resync cursor never kill
the socket. `{"type": "resync", "after": 1e400}` used to raise OverflowError in the
consumer (the socket died); each hostile value now gets a clear error frame, and the
same socket still answers a good resync afterwards."""

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.urls import reverse

from tests.kit.sockets import ANSWERS, Socket

# Whatever the socket answers a resync with: an error, or the events (a good one).
ANSWERS_AND_EVENTS = (*ANSWERS, "events")

HOSTILE_AFTERS = [
    "1e400",  # float overflow: int(inf) raised OverflowError
    "-1e400",
    "NaN",
    "Infinity",
    "-1",
    "1.5",
    str(10**30),  # fits Python, not the database
    "9" * 5000,  # more digits than int() takes from a string
    '"12"',
    '"x"',
    "true",
    "null",
    "12",  # a game-wide seq: no longer a cursor (issue 18, item 1)
    '{"public": 1e400}',
    '{"public": -1}',
    '{"public": "3"}',
    '{"public": NaN}',
    '{"' + "x" * 100 + '": 1}',
    "[1]",
]


def test_hostile_resync_numbers_get_an_error_and_the_socket_lives(live_table):
    game = live_table.game
    sock = Socket(game.id, live_table.users["alice"])

    async def scenario():
        assert await sock.open()
        await sock.catch_up()
        replies = {}
        for raw in HOSTILE_AFTERS:
            frame = '{"type": "resync", "after": ' + raw + "}"
            replies[raw] = await sock.ask(frame, answer=ANSWERS_AND_EVENTS)
        # Deeply nested JSON: a RecursionError in the decoder is not a ValueError.
        nested = "[" * 100_000 + "]" * 100_000
        replies["nested"] = await sock.ask(nested, answer=ANSWERS_AND_EVENTS)
        good = await sock.ask({"type": "resync", "after": 0}, answer=ANSWERS_AND_EVENTS)
        await sock.close()
        return replies, good

    replies, good = async_to_sync(scenario)()
    for raw, reply in replies.items():
        assert reply["type"] == "error", (raw, reply)
        assert reply["message"], raw
    assert "whole number" in replies["1e400"]["message"]
    assert good["type"] == "events" and good["events"]  # the socket still works


@pytest.mark.parametrize("after", ["1e400", str(10**30), "-5", "9" * 5000])
def test_a_hostile_cursor_on_connect_reads_from_the_start(live_table, after):
    sock = Socket(live_table.game.id, live_table.users["alice"], after=after)

    async def scenario():
        assert await sock.open()
        first = await sock.until(bool)
        await sock.close()
        return first

    first = async_to_sync(scenario)()
    assert first["type"] == "events" and first["events"]


@pytest.mark.parametrize("after", ["1e400", str(10**30), "-5", "NaN", "x"])
def test_the_events_page_refuses_a_hostile_cursor_clearly(live_table, after):
    client = Client()
    client.force_login(live_table.users["alice"])
    response = client.get(reverse("events_after", args=[live_table.game.id]), {"after": after})
    assert response.status_code == 400
    assert "whole number" in response.json()["error"]
