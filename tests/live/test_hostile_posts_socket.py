"""Hostile strings sent as posts over the socket (issue 18: "Fuzz chat, names and every
form with hostile strings (hypothesis) in pages and socket payloads: never a crash,
never markup"). Every frame gets a "posted" or a clear "error" answer and the socket
lives on; a post stored from the socket reaches the others' sockets as data (live.js
puts posts in place as text: no script builds markup from a payload)."""

from __future__ import annotations

import re
from pathlib import Path

from asgiref.sync import async_to_sync
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.kit.hostile import MARK, hostile_text
from tests.kit.sockets import Socket

CHANNELS = ["day", "graveyard", "pm", "room", "announcement", "nonsense", ""]


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(texts=st.lists(st.tuples(st.sampled_from(CHANNELS), hostile_text), min_size=3, max_size=8))
def test_hostile_socket_posts_never_kill_the_socket(live_table, texts):
    game = live_table.game
    mafia = live_table.with_role("mafioso")[0]
    sock = Socket(game.id, live_table.users[mafia])

    async def scenario():
        assert await sock.open()
        await sock.catch_up()
        replies = []
        for ref, (channel, text) in enumerate(texts):
            frame = {"type": "post", "channel": channel, "text": text, "ref": ref, "to": text}
            if channel == "room":
                frame["room"] = text
            replies.append(await sock.ask(frame))
        await sock.catch_up()  # what the posts pushed back
        good = await sock.ask({"type": "resync", "after": 0}, answer=("events",))
        await sock.close()
        return replies, good

    replies, good = async_to_sync(scenario)()
    assert len(replies) == len(texts)
    for reply in replies:
        assert reply["type"] in ("posted", "error"), reply
        if reply["type"] == "error":
            assert reply["message"]
    assert good["events"]  # the socket still answers


def test_live_js_builds_no_markup_from_payloads():
    """The other half of 'never markup' on the socket: the page's script never turns
    pushed text into markup (no innerHTML, insertAdjacentHTML or document.write)."""
    script = Path(__file__).resolve().parents[2] / "static" / "games" / "live.js"
    source = script.read_text(encoding="utf-8")
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", source)
    assert MARK not in source
