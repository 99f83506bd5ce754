"""Last wills over the game socket (issue 13): a will is read by its writer and the GM
only while he lives (no other seat's socket, no spectator's, receives a word of it);
the will the engine reads out with his death reaches every socket without a reload.
"""

import json

from games import services
from games.models import Game
from tests.kit.games import make_user, sc2_day_one
from tests.kit.sockets import Socket, db, run

WILL = "N1: p04 visited p07.\n<img src=x onerror=alert(1)>"
MARK = "p04 visited p07"


def lynch(game, gm, users, victim: str) -> None:
    state = services.engine_state(Game.objects.get(pk=game.id))
    for name in state.alive_names():
        if name != victim:
            services.cast_vote(users[name], game.id, victim)
    services.gm_close_phase(gm, game.id)


def test_a_will_reaches_only_its_writer_and_the_gm_until_it_is_read_out(transactional_db):
    game, gm, users = sc2_day_one()
    state = services.engine_state(Game.objects.get(pk=game.id))
    writer, witness = [p.name for p in state.players if p.faction == "town"][:2]
    sam = make_user("sam")
    services.watch_game(sam, game.id)
    sockets = {
        "writer": Socket(game.id, users[writer]),
        "gm": Socket(game.id, gm),
        "witness": Socket(game.id, users[witness]),
        "spectator": Socket(game.id, sam),
    }

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        await db(services.write_will, users[writer], game.id, WILL)
        await db(services.write_will, users[writer], game.id, WILL + " (edited)")
        for sock in sockets.values():
            await sock.catch_up()
        before = {who: list(sock.messages) for who, sock in sockets.items()}
        await db(lynch, game, gm, users, writer)
        for sock in sockets.values():
            await sock.catch_up()
            await sock.close()
        return before

    before = run(scenario)
    for who in ("writer", "gm"):
        versions = [e for e in sockets[who].events() if e["kind"] == services.WILL_KIND]
        assert [e["payload"]["text"] for e in versions] == [WILL, WILL + " (edited)"], who
    for who in ("witness", "spectator"):
        assert MARK not in json.dumps(before[who]), who  # not a word while he lived
        kinds = [e["kind"] for e in sockets[who].events()]
        assert services.WILL_KIND not in kinds, who
    # Read out with the death: every socket gets the public line, the latest version.
    for who, sock in sockets.items():
        # By seq: a socket that changes groups (the dead writer's) may be sent an event
        # again from the log; the browser ignores repeats.
        shown = list(
            {
                tuple(e["id"]): e for e in sock.events() if e["kind"] == services.LAST_WILL_KIND
            }.values()
        )
        assert [e["payload"] for e in shown] == [{"player": writer, "text": WILL + " (edited)"}], (
            who
        )
        assert shown[0]["text"].endswith(WILL + " (edited)")  # its line carries it whole
        closed = [e for e in sock.events() if e["kind"] == "phase_closed"]
        assert closed and all(MARK not in e["text"] for e in closed), "told on its own line"
