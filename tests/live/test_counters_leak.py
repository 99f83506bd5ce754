"""Issue 18, item 1: no number a viewer reads counts events he may not read.

A game-wide seq (`last_seq` on events/, `seq`/`upto` on the socket, `data-seq` in
pages) let an anonymous visitor count the secret night actions, chats, private
messages and results; a prisoner learn where the Jailor sits; the mafia learn whether
a Spy lives. Now each viewer reads his own streams (games/cursors.py).

The leak matrix of numbers: for every viewer kind (the GM, a co-GM, each faction's living
players, a prisoner, the Spy, the dead, a spectator, a signed-in stranger, an
anonymous visitor) everything he can read (the page's source with every attribute,
the events/ JSON, the frames of an open socket) is recorded before and after each
hidden event; for anyone who may not read it nothing moves and no frame arrives. After
a night's close (private results) every stream a viewer reads is numbered 1..k
without a gap, so its numbers are a function of what he reads alone.

sc2 table (tests/kit/rooms.py): xena Jailor, bob Mafioso (jailed tonight),
cid Spy, dan Mason, eve Mason Leader, fay Cultist, gus..jon Citizens, kay SK, lou
Consort, max Doctor, ned Sheriff, oli Godfather; jon is modkilled (the dead).
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync

from games import services
from games.models import Post
from tests.kit.games import make_user
from tests.kit.matrix import observe
from tests.kit.rooms import CAST, jail, new_sc2_rooms_game
from tests.kit.sockets import Socket, db, nothing_more_on

VIEWERS = [
    "gemma",  # the GM
    "heidi",  # a co-GM: reads what the GM reads
    "xena",  # Jailor (town)
    "bob",  # Mafioso, the prisoner tonight
    "lou",  # Consort (mafia)
    "cid",  # Spy (reads the Mafia, Cult and Mason chats)
    "dan",  # Mason
    "fay",  # Cultist
    "kay",  # Serial Killer
    "gus",  # Citizen
    "hal",  # Citizen
    "ned",  # Sheriff
    "jon",  # dead
    "sam",  # spectator
    "mallory",  # signed-in stranger
    "anonymous",
]


@pytest.fixture
def night_table(transactional_db, monkeypatch):
    """Night 1 of the sc2 table, private messages on (the GM does not read them), bob
    in the Jailor's cell, jon modkilled by day, sam watching."""
    gm = make_user("gemma")
    users = {name: make_user(name) for name in CAST}
    game = new_sc2_rooms_game(gm, users, monkeypatch, private_messages="on")
    users["gemma"] = gm
    users["heidi"] = make_user("heidi")
    services.add_cogm(gm, game.id, "heidi")
    users["sam"] = make_user("sam")
    users["mallory"] = make_user("mallory")
    users["anonymous"] = None
    services.watch_game(users["sam"], game.id)
    services.modkill_player(gm, game.id, "jon")
    jail(users, game.id)
    services.gm_close_phase(gm, game.id)  # night 1: bob in jail
    return game, users


# Hidden events of one night, each with who may read it.
HIDDEN = {
    "a night action": (
        lambda u, gid: services.submit_action(u["ned"], gid, ability="check", targets=["kay"]),
        {"ned", "gemma"},
    ),
    "a mafia chat post (the Spy reads it)": (
        lambda u, gid: services.post_message(
            u["lou"], gid, channel="room", room="faction:mafia", text="kill gus"
        ),
        {"bob", "lou", "cid", "gemma"},
    ),
    "the Jailor's question": (
        lambda u, gid: services.post_message(
            u["xena"], gid, channel="room", room="jail:1", text="who are you?"
        ),
        {"xena", "bob", "gemma"},
    ),
    "a Mason post (the Spy reads it)": (
        lambda u, gid: services.post_message(
            u["dan"], gid, channel="room", room="masons", text="handshake"
        ),
        {"dan", "cid", "gemma"},
    ),
    "a private message (not the GM's)": (
        lambda u, gid: services.post_message(u["gus"], gid, channel="pm", to="hal", text="psst"),
        {"gus", "hal"},
    ),
    "a cult chat post (the Spy reads it)": (
        lambda u, gid: services.post_message(
            u["fay"], gid, channel="room", room="faction:cult", text="convert ivy"
        ),
        {"fay", "cid", "gemma"},
    ),
}

# A co-GM "sees and does everything a GM does" (issue 15): he reads what the GM reads.
for _event, (_act, readers) in HIDDEN.items():
    if "gemma" in readers:
        readers.add("heidi")


def observe_all(game_id: int, users: dict) -> dict:
    return {who: observe(game_id, users[who]) for who in VIEWERS}


def test_no_number_moves_for_a_viewer_who_may_not_read_a_hidden_event(night_table):
    game, users = night_table
    gid = game.id
    sockets = {who: Socket(gid, users[who]) for who in VIEWERS}

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        for what, (do, readers) in HIDDEN.items():
            before = await db(observe_all, gid, users)
            frames = {who: len(sock.messages) for who, sock in sockets.items()}
            await db(do, users, gid)
            for who, sock in sockets.items():
                if who in readers:
                    await sock.catch_up()
            # The readers have theirs: nothing comes to anyone else.
            await nothing_more_on(s for who, s in sockets.items() if who not in readers)
            after = await db(observe_all, gid, users)
            for who in VIEWERS:
                pushed = sockets[who].messages[frames[who] :]
                if who in readers:
                    assert after[who]["cursor"] != before[who]["cursor"], (what, who)
                    assert pushed, (what, who)
                    continue
                # Not one frame: its mere arrival would time the hidden event.
                assert pushed == [], (what, who, pushed)
                for part in before[who]:
                    assert after[who][part] == before[who][part], (what, who, part)
        for sock in sockets.values():
            await sock.close()

    async_to_sync(scenario)()


def assert_gap_free(who: str, ids: list[tuple[str, int]]) -> dict[str, int]:
    """Each stream's numbers are 1..k in the log's order: they count what he reads."""
    streams: dict[str, list[int]] = {}
    for label, number in ids:
        streams.setdefault(label, []).append(number)
    for label, numbers in streams.items():
        assert numbers == list(range(1, len(numbers) + 1)), (who, label, numbers)
    return {label: len(numbers) for label, numbers in streams.items()}


def test_after_the_night_every_stream_a_viewer_reads_is_gap_free(night_table):
    """The close logs private results, the GM's record, the rooms' changes: whatever
    a viewer reads is numbered by what he reads alone, on the page, in events/ and on
    the socket; and no post is named by its site-wide id."""
    game, users = night_table
    gid = game.id
    for do, _ in HIDDEN.values():
        do(users, gid)
    services.gm_close_phase(users["gemma"], gid)  # the results of the night
    post_ids = {str(pk) for pk in Post.objects.values_list("pk", flat=True)}
    sockets = {who: Socket(gid, users[who]) for who in VIEWERS}

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
            await sock.close()

    async_to_sync(scenario)()
    for who in VIEWERS:
        seen = observe(gid, users[who])
        feed_ids = [tuple(e["id"]) for e in seen["feed"]["events"]]
        counts = assert_gap_free(who, feed_ids)
        cursor = seen["cursor"]
        assert seen["feed"]["cursor"] == cursor, who
        assert {label: n for label, n in cursor.items() if n} == counts, who
        assert sockets[who].ids() == feed_ids, who
        assert sockets[who].upto == cursor, who
        page_ids = {tuple(key.split(":")) for key in seen["event ids"]}
        assert page_ids <= {(label, str(n)) for label, n in feed_ids}, who
        assert not post_ids & set(seen["post ids"]), who
        if who in ("gemma", "cid", "gus"):  # rooms and private messages they read
            assert seen["post ids"], who
    # The Spy reads three rooms (one number each) and nobody's name labels a stream.
    assert not any(name in json.dumps(observe(gid, users["cid"])["cursor"]) for name in CAST)


def test_a_reconnect_is_gap_free_for_players_whose_audiences_change(night_table):
    """hal's socket drops and he is killed in the night (the graveyard opens to him, his
    living streams close); gus's drops and he is recruited (the Masons' room opens).
    Reconnecting with their cursors, each gets every event he may read now, the new
    audience from its start, and nothing twice."""
    game, users = night_table
    gid = game.id
    services.post_message(users["dan"], gid, channel="room", room="masons", text="before gus")
    services.post_message(users["jon"], gid, channel="graveyard", text="before hal")
    first = {who: Socket(gid, users[who]) for who in ("hal", "gus")}

    async def open_and_drop(sockets):
        for sock in sockets.values():
            assert await sock.open()
            await sock.nothing_more()  # and nothing twice
            await sock.close()

    async_to_sync(open_and_drop)(first)
    services.submit_action(users["kay"], gid, ability="kill", targets=["hal"])
    services.submit_action(users["eve"], gid, ability="recruit", targets=["gus"])
    services.gm_close_phase(users["gemma"], gid)  # day 2: hal dead, gus a Mason
    services.gm_close_phase(users["gemma"], gid)  # night 2: the Masons' room is open
    services.post_message(users["dan"], gid, channel="room", room="masons", text="hi gus")
    services.post_message(users["jon"], gid, channel="graveyard", text="hi hal")
    again = {who: Socket(gid, users[who], after=first[who].upto) for who in first}
    async_to_sync(open_and_drop)(again)
    assert not services.engine_state(game.__class__.objects.get(pk=gid)).player("hal").alive
    for who in first:
        feed = observe(gid, users[who])["feed"]
        now_read = [tuple(e["id"]) for e in feed["events"]]
        labels = {label for label, _ in now_read} | set(feed["cursor"])
        before = [i for i in first[who].ids() if i[0] in labels]
        got = before + again[who].ids()
        assert len(got) == len(set(got)), f"{who} got an event twice"
        assert sorted(got) == sorted(now_read), f"{who} lost or gained events"
        assert again[who].upto == feed["cursor"], who
    texts = {
        who: [e["payload"].get("text") for e in again[who].events() if e["kind"] == "post"]
        for who in again
    }
    assert texts["gus"] == ["before gus", "hi gus"]  # the room read from its start
    assert texts["hal"] == ["before hal", "hi hal"]  # the graveyard too
