"""Issue 18, item 2: a revived player and the graveyard (townston's Paramedic).

The ruling (games/viewer.py, Viewer.reads_graveyard; README "graveyard"): the dead
read the graveyard; a player revived is alive again and the graveyard closes to him
at once, as it is closed to every living player. While alive he is told nothing
from it: no graveyard post on his page, in events/ or on his socket, whether it was
written before or after his revival. What he read while dead he has read (a forum
GM cannot unsend the dead thread either); he cannot post there any more.

Before, the socket a dead player opened stayed in the graveyard's group after his
revival (a revival is neither a death nor a private event of his): every graveyard
post went on reaching the living player."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from games import services
from tests.kit.games import dealt_game, make_user
from tests.kit.sockets import Socket

TOWNSTON = {
    "ann": "townie",
    "bob": "hitman",
    "jon": "paramedic",
    **{f"t{i}": "townie" for i in range(7)},
    "bg1": "bodyguard",
    "bg2": "bodyguard",
    "vet": "veteran",
    "det": "detective",
    "vig": "vigilante",
    "par": "paranoid",
    "god": "godfather",
    "mad": "mad_hatter",
    "hit": "hitman",
    "psy": "psychopath",
}


@pytest.fixture
def ann_killed(transactional_db, monkeypatch):
    """Night 1: the hitman kills ann; sam watches; day 1 is open."""
    gm = make_user("gemma")
    game, users = dealt_game(gm, monkeypatch, "townston", "twenty", TOWNSTON)
    game.refresh_from_db()
    state = services.engine_state(game)
    kill = next(c for c in services.choices_now(state, "bob") if "ann" in c["targets"])
    services.submit_action(users["bob"], game.id, ability=kill["ability"], targets=["ann"])
    services.gm_close_phase(gm, game.id)
    assert not services.engine_state(game.__class__.objects.get(pk=game.id)).player("ann").alive
    sam = make_user("sam")
    services.watch_game(sam, game.id)
    return game, gm, users, sam


def test_a_revived_player_reads_nothing_of_the_graveyard(ann_killed):
    game, gm, users, sam = ann_killed
    ann = users["ann"]
    services.post_message(ann, game.id, channel="graveyard", text="ann while dead")
    sock = Socket(game.id, ann)

    async def scenario():
        assert await sock.open()
        await sock.catch_up()
        await database_sync_to_async(services.post_message)(
            sam, game.id, channel="graveyard", text="before the revival"
        )
        await sock.catch_up()
        await database_sync_to_async(services.submit_action)(
            users["jon"], game.id, ability="revive", targets=["ann"]
        )
        await database_sync_to_async(services.gm_close_phase)(gm, game.id)
        await sock.catch_up()  # out of the graveyard's stream now
        await database_sync_to_async(services.post_message)(
            sam, game.id, channel="graveyard", text="after the revival"
        )
        await sock.nothing_more()  # not a word of it
        await sock.close()

    async_to_sync(scenario)()
    state = services.engine_state(game.__class__.objects.get(pk=game.id))
    assert state.player("ann").alive, "the Paramedic revived ann"
    texts = [str(e["payload"].get("text", "")) for e in sock.events()]
    assert "before the revival" in texts  # dead, she read the graveyard
    assert "after the revival" not in texts  # alive again, nothing reaches her socket
    membership = [m for m in sock.messages if m.get("type") == "membership"]
    assert membership and "dead" not in membership[-1]["audiences"]

    client = Client()
    client.force_login(ann)
    page = client.get(reverse("game", args=[game.id])).content.decode()
    for text in ("ann while dead", "before the revival", "after the revival"):
        assert text not in page
    log = client.get(reverse("events_after", args=[game.id])).json()["events"]
    assert not any("revival" in str(e["payload"]) or "while dead" in str(e["payload"]) for e in log)
    # A fresh socket of hers reads none of it either.
    fresh = Socket(game.id, ann)

    async def reopen():
        assert await fresh.open()
        await fresh.nothing_more()
        await fresh.close()

    async_to_sync(reopen)()
    assert not any("revival" in str(e) or "while dead" in str(e) for e in fresh.events())
    with pytest.raises(services.ServiceError, match="graveyard chat is for the dead"):
        services.post_message(ann, game.id, channel="graveyard", text="back from the dead")
