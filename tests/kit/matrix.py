"""The leak matrix's common part: each viewer's socket, page and event feed hold
exactly the events of the audiences that viewer may read (issue 7; issue 5's rooms)."""

from __future__ import annotations

import json
import re

from asgiref.sync import async_to_sync
from django.test import Client
from django.urls import reverse

from tests.kit.sockets import Socket, log_seqs


def sockets_after_catch_up(game_id: int, viewers: dict) -> dict[str, Socket]:
    """One socket per viewer (None: logged out), opened once: what the log gives it."""
    sockets = {who: Socket(game_id, user) for who, user in viewers.items()}

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
            await sock.close()

    async_to_sync(scenario)()
    return sockets


def expected_seqs(log: dict, readable: set[str] | None) -> set[int]:
    """The seqs of the audiences in `readable`; None is the GM: everything but players'
    private messages and the rooms' copies for players (his copy has real names)."""
    if readable is None:
        return {
            seq
            for seq, e in log.items()
            if (e.kind != "pm" or e.audience == "gm") and not e.audience.startswith("room")
        }
    return {seq for seq, e in log.items() if e.audience in readable}


def checked_page(game_id: int, who: str, user, socket: Socket, expected: set[int]) -> str:
    """Assert the socket and the event feed hold `expected`, no more, no less, no
    repeat; return the viewer's page for the caller's own checks."""
    got = socket.seqs()
    assert len(got) == len(set(got)), f"{who} got a duplicate"
    assert set(got) == expected, f"{who}: extra {set(got) - expected}, lost {expected - set(got)}"
    client = Client()
    if user is not None:
        client.force_login(user)
    page = client.get(reverse("game", args=[game_id])).content.decode()
    feed = client.get(reverse("events_after", args=[game_id])).json()["events"]
    assert set(log_seqs(game_id, user, [tuple(e["id"]) for e in feed])) == expected, who
    return page


VOLATILE = [
    re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'),  # masked anew per request
    re.compile(r'data-now="[^"]*"'),  # the server's clock
    re.compile(r'name="submission_key" value="[^"]*"'),  # random at each render of a form
]


def client_of(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def observe(game_id: int, user) -> dict:
    """Everything a viewer can read outside his socket: the page's whole source and
    every number in it, and the events/ JSON (with its cursor)."""
    client = client_of(user)
    page = client.get(reverse("game", args=[game_id])).content.decode()
    for pattern in VOLATILE:
        page = pattern.sub("", page)
    feed = client.get(reverse("events_after", args=[game_id])).json()
    return {
        "page": page,
        "cursor": json.loads(re.search(r'data-cursor="([^"]*)"', page)[1].replace("&quot;", '"')),
        "event ids": re.findall(r'data-event="([^"]*)"', page),
        "post ids": re.findall(r'data-post="([^"]*)"', page),
        "feed": feed,
    }
