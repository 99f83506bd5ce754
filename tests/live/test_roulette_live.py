"""The graveyard's roulette on the socket: pushed live to the graveyard's readers only.

DESIGN.md: "spectators and the dead watch the public thread and talk in the
graveyard chat, where the dead can play Russian roulette for points"; the socket
joins "the graveyard group when dead or spectating", so a living player never
receives a roulette event, while the dead and spectators see the table move.
"""

from games import services
from tests.live.conftest import Socket
from tests.live.test_consumers import db, roles_of, run


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
            await sock.drain(0.1)
        marks = {who: len(sock.events()) for who, sock in sockets.items()}
        await db(services.post_message, users[victim], gid, channel="graveyard", text="-roulette")
        await db(services.post_message, live_table.sam, gid, channel="graveyard", text="-observe")
        # a living player's command is refused on the socket, and changes nothing
        await sockets["living"].send({"type": "post", "channel": "graveyard", "text": "-join"})
        for sock in sockets.values():
            await sock.drain(0.3)
            await sock.close()
        return marks

    marks = run(scenario)
    new = {who: sock.events()[marks[who] :] for who, sock in sockets.items()}
    for who in ("dead", "spectator", "gm"):
        tables = [e for e in new[who] if e["kind"] == "roulette"]
        assert [e["payload"]["actor"] for e in tables] == [victim, "sam"], who
        assert tables[-1]["payload"]["table"]["observers"] == ["sam"]
        assert "bullet" not in tables[-1]["payload"]["table"]
        assert "opens a roulette table" in tables[0]["text"], who
    for who in ("living", "mafia", "stranger"):
        assert not [e for e in new[who] if e["kind"] in ("roulette", "post")], who
    errors = [m for m in sockets["living"].messages if m.get("type") == "error"]
    assert errors and "graveyard chat is for the dead" in errors[-1]["message"]
