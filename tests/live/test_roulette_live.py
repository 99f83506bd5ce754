"""The graveyard's roulette on the socket: pushed live to the graveyard's readers only.

docs/design.md: "spectators and the dead watch the public thread and talk in the
graveyard chat, where the dead can play Russian roulette for points"; the socket
joins "the graveyard group when dead or spectating", so a living player never
receives a roulette event, while the dead and spectators see the table move.
"""

from games import services
from tests.kit.sockets import Socket, db, nothing_more_on, roles_of, run


def test_roulette_commands_reach_the_dead_and_spectators_live_never_the_living(live_table):
    r = roles_of(live_table)
    gid = live_table.game.id
    mafioso, sheriff = r["mafioso"][0], r["sheriff"][0]
    victim = r["townie"][0]
    users = live_table.users
    services.submit_action(users[mafioso], gid, ability="kill", targets=[victim])
    services.gm_close_phase(live_table.gm, gid)
    sockets = {
        "dead": Socket(gid, users[victim]),
        "spectator": Socket(gid, live_table.sam),
        "gm": Socket(gid, live_table.gm),
        "living": Socket(gid, users[sheriff]),
        "mafia": Socket(gid, users[mafioso]),
        "stranger": Socket(gid, live_table.mallory),
    }

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        marks = {who: len(sock.events()) for who, sock in sockets.items()}
        await db(services.post_message, users[victim], gid, channel="graveyard", text="-roulette")
        await db(services.post_message, live_table.sam, gid, channel="graveyard", text="-observe")
        # a living player's command is refused on the socket, and changes nothing
        await sockets["living"].ask({"type": "post", "channel": "graveyard", "text": "-join"})
        await nothing_more_on(sockets.values())  # the table's readers have it, no one else
        for sock in sockets.values():
            await sock.close()
        return marks

    marks = run(scenario)
    new = {who: sock.events()[marks[who] :] for who, sock in sockets.items()}
    for who in ("dead", "spectator", "gm"):
        tables = [e for e in new[who] if e["kind"] == "roulette"]
        assert [e["payload"]["actor"] for e in tables] == [victim, "sam (spectator)"], who
        assert tables[-1]["payload"]["table"]["observers"] == ["sam (spectator)"]
        assert "bullet" not in tables[-1]["payload"]["table"]
        assert "opens a roulette table" in tables[0]["text"], who
    for who in ("living", "mafia", "stranger"):
        assert not [e for e in new[who] if e["kind"] in ("roulette", "post")], who
    errors = [m for m in sockets["living"].messages if m.get("type") == "error"]
    assert errors and "graveyard chat is for the dead" in errors[-1]["message"]


def test_a_spectator_plays_with_two_dead_over_the_socket_and_the_living_get_nothing(
    live_table,
):
    """Issue 20: a spectator joins, bets and plays a round with two dead players; the
    typed commands come back as moves ("posted" names the move, no post is pushed);
    the payout follows 002; the living and strangers receive nothing of the table."""
    from games.models import Post
    from tests.kit.roulette import bury_two, rig

    users, gid = live_table.users, live_table.game.id
    first, second = bury_two(live_table)
    rig(live_table.game, 1)  # the second pull of the round is the bang
    sam = live_table.sam
    sockets = {
        "first": Socket(gid, users[first]),
        "second": Socket(gid, users[second]),
        "sam": Socket(gid, sam),
        "gm": Socket(gid, live_table.gm),
        "living": Socket(gid, users[live_table.alive()[0]]),
        "stranger": Socket(gid, live_table.mallory),
    }
    moves = [
        ("first", "-roulette"),
        ("sam", "-join"),
        ("second", "-join"),
        ("sam", "-bet 20"),
        ("second", "-bet 10"),
        ("first", "-start"),
        ("first", "-pull"),
        ("first", "-pass"),
        ("sam", "-pull"),
    ]

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        marks = {who: len(sock.events()) for who, sock in sockets.items()}
        for ref, (who, text) in enumerate(moves):
            post = {"type": "post", "channel": "graveyard", "text": text, "ref": ref}
            await sockets[who].ask(post)  # made (or refused) before the next
        # the GM's option, told to the graveyard; a living player tries to join
        await db(services.set_roulette_spectators, live_table.gm, gid, False)
        await sockets["living"].ask({"type": "post", "channel": "graveyard", "text": "-join"})
        await nothing_more_on(sockets.values())  # the table's readers have it, no one else
        for sock in sockets.values():
            await sock.close()
        return marks

    marks = run(scenario)
    new = {who: sock.events()[marks[who] :] for who, sock in sockets.items()}
    for who in ("first", "second", "sam", "gm"):
        table = [e for e in new[who] if e["kind"] == "roulette"]
        assert [e["payload"]["command"] for e in table] == [t for _, t in moves], who
        assert not [e for e in new[who] if e["kind"] == "post"], who
        assert "sam (spectator) pulls: BANG!" in table[-1]["text"], who
        assert [e["kind"] for e in new[who]][-1] == "roulette_option", who
    last = [e for e in new["sam"] if e["kind"] == "roulette"][-1]["payload"]
    # bets 10 (first, the minimum), 20 (sam, cut to the others' 20), 10 (second): sam's
    # 20 is the pot, split 10 x 1 : 10 x 1 -> each +10 with the bet back
    assert last["shot"] == "sam (spectator)"
    assert last["points"] == {first: 110, second: 110, "sam (spectator)": 80}
    posted = [m for m in sockets["sam"].messages if m.get("type") == "posted"]
    assert posted and all("move" in m and "post" not in m for m in posted)
    for who in ("living", "stranger"):
        kinds = {e["kind"] for e in new[who]}
        assert not kinds & {"roulette", "roulette_option", "post"}, who
        assert "sam (spectator)" not in str(sockets[who].messages), who
    errors = [m for m in sockets["living"].messages if m.get("type") == "error"]
    assert errors and "graveyard chat is for the dead" in errors[-1]["message"]
    assert not Post.objects.filter(game=live_table.game).exists()
