"""The night chat rooms over the socket: the consumer leak matrix for the jail, the
Masons, the Mafia and the Cult (read by the Spy), and membership that follows a
jailing and a recruit without a reconnect.

sc2 table (tests/kit/rooms.py): xena Jailor, bob Mafioso, cid Spy, dan Mason,
eve Mason Leader, fay Cultist, gus..jon Citizens, kay SK, lou Consort, oli Godfather.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync

from games import services
from games.models import Event
from tests.kit.games import make_user
from tests.kit.matrix import checked_page, expected_seqs, sockets_after_catch_up
from tests.kit.rooms import CAST, jail, new_sc2_rooms_game
from tests.kit.sockets import Socket, db, nothing_more_on

JAIL_QUESTION = "jailor asks a question"
JAIL_ANSWER = "prisoner answers"
MASON_SECRET = "mason secret handshake"
MAFIA_SECRET = "mafia plan for tonight"
CULT_SECRET = "cult chooses a convert"

# Who reads which room copy (sc2-reference 2.1 Spy, Mason, Jailor; sc2 RULINGS).
ROOM_READERS = {
    "xena": {"room:jail:1"},
    "bob": {"room:jail:1", "room:faction:mafia", "faction:mafia"},
    "lou": {"room:faction:mafia", "faction:mafia"},
    "oli": {"room:faction:mafia", "faction:mafia"},
    "fay": {"room:faction:cult", "faction:cult"},
    "cid": {"room-read:faction:mafia", "room-read:faction:cult", "room-read:masons"},
    "dan": {"room:masons"},
    "eve": {"room:masons"},
}
SECRETS = {
    JAIL_QUESTION: {"xena", "bob"},
    JAIL_ANSWER: {"xena", "bob"},
    MASON_SECRET: {"dan", "eve", "cid"},
    MAFIA_SECRET: {"bob", "lou", "oli", "cid"},
    CULT_SECRET: {"fay", "cid"},
}


@pytest.fixture
def rooms_table(transactional_db, monkeypatch):
    gm = make_user("gemma")
    users = {name: make_user(name) for name in CAST}
    game = new_sc2_rooms_game(gm, users, monkeypatch)
    sam = make_user("sam")
    services.watch_game(sam, game.id)
    return {"game": game, "gm": gm, "users": users, "sam": sam, "mallory": make_user("mallory")}


def say(t, name: str, room: str, text: str) -> None:
    services.post_message(t["users"][name], t["game"].id, channel="room", room=room, text=text)


def allowed(who: str) -> set[str] | None:
    if who == "gemma":
        return None
    if who in ("mallory", "anonymous"):
        return {"public"}
    if who == "sam":
        return {"public", "dead"}
    return {"public", f"seat:{who}", *ROOM_READERS.get(who, set())}


def test_the_rooms_leak_matrix_sockets_pages_and_feeds(rooms_table):
    """No room message reaches a socket, page or feed that may not read it; the
    prisoner never receives the Jailor's name (sc2-reference 2.1 Jailor: 'anonymous
    chat'); the Spy reads without names."""
    t = rooms_table
    gid = t["game"].id
    jail(t["users"], gid)
    services.gm_close_phase(t["gm"], gid)
    say(t, "xena", "jail:1", JAIL_QUESTION)
    say(t, "bob", "jail:1", JAIL_ANSWER)
    say(t, "dan", "masons", MASON_SECRET)
    say(t, "lou", "faction:mafia", MAFIA_SECRET)
    say(t, "fay", "faction:cult", CULT_SECRET)
    viewers = {
        **t["users"],
        "gemma": t["gm"],
        "sam": t["sam"],
        "mallory": t["mallory"],
        "anonymous": None,
    }
    sockets = sockets_after_catch_up(gid, viewers)
    log = {e.seq: e for e in Event.objects.filter(game=gid)}
    for who, user in viewers.items():
        page = checked_page(gid, who, user, sockets[who], expected_seqs(log, allowed(who)))
        for text, readers in SECRETS.items():
            assert (text in page) == (who in readers or who == "gemma"), (who, text)
    # The prisoner's socket: every room message and room notice without the Jailor's name.
    for event in sockets["bob"].events():
        if event["kind"] in ("post", "rooms"):
            assert "xena" not in json.dumps(event), event
    jail_posts = [e for e in sockets["bob"].events() if e["payload"].get("room") == "jail:1"]
    assert [e["payload"]["author"] for e in jail_posts] == ["Jailor", "bob"]
    spied = {e["payload"]["author"] for e in sockets["cid"].events() if e["kind"] == "post"}
    assert spied == {"Mason", "Mafia", "Cultist"}
    gm_jail = [e for e in sockets["gemma"].events() if e["payload"].get("room") == "jail:1"]
    assert [e["payload"]["author"] for e in gm_jail] == ["xena (as Jailor)", "bob"]


def test_a_jailing_and_a_recruit_regroup_open_sockets(rooms_table):
    """The prisoner's open socket joins the jail when the day closes, and a recruit's
    joins the Masons when the night closes, without a reconnect."""
    t = rooms_table
    gid, users = t["game"].id, t["users"]
    sockets = {name: Socket(gid, users[name]) for name in ("bob", "gus", "hal")}

    async def catch_up_all():
        for sock in sockets.values():
            await sock.catch_up()

    def texts(name: str, start: int) -> list[tuple[str, str]]:
        return [
            (e["payload"].get("author"), e["payload"].get("text"))
            for e in sockets[name].events()[start:]
            if e["kind"] == "post"
        ]

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
        await catch_up_all()
        await db(jail, users, gid)
        await db(services.gm_close_phase, t["gm"], gid)  # night 1: bob in jail
        await catch_up_all()  # bob's socket in the jail's room now
        marks = {n: len(s.events()) for n, s in sockets.items()}
        await db(say, t, "xena", "jail:1", "talk")
        await db(services.submit_action, users["eve"], gid, ability="recruit", targets=["gus"])
        await nothing_more_on(sockets.values())  # the jail's talk for bob alone
        jail_texts = {n: texts(n, marks[n]) for n in sockets}
        await db(services.gm_close_phase, t["gm"], gid)  # day 2: gus is a Mason
        await db(services.gm_close_phase, t["gm"], gid)  # night 2
        await catch_up_all()  # gus's socket in the Masons' room now
        marks = {n: len(s.events()) for n, s in sockets.items()}
        await db(say, t, "dan", "masons", "welcome gus")
        await nothing_more_on(sockets.values())  # the Masons' word for gus alone
        for sock in sockets.values():
            await sock.close()
        return jail_texts, {n: texts(n, marks[n]) for n in sockets}

    jail_texts, mason_texts = async_to_sync(scenario)()
    assert jail_texts == {"bob": [("Jailor", "talk")], "gus": [], "hal": []}
    assert mason_texts == {"bob": [], "gus": [("dan", "welcome gus")], "hal": []}
    for name in ("bob", "gus"):
        membership = [m for m in sockets[name].messages if m["type"] == "membership"]
        assert membership and "room" in membership[-1]["audiences"], name
