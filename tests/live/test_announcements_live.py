"""Outside the phases on the socket: the lobby's GM announcements.

The lobby page reloads on any pushed event (static/games/live.js), so its sockets
must receive the announcement.
"""

from games import services
from tests.live.conftest import Socket, make_user
from tests.live.test_consumers import db, run
from tests.site.helpers import new_classic7


def posts_in(sock) -> list[dict]:
    return [e["payload"] for e in sock.events() if e["kind"] == "post"]


def test_a_lobby_announcement_is_pushed_to_every_lobby_socket(transactional_db):
    gemma = make_user("gemma")
    users = {name: make_user(name) for name in ["alice", "bob", "sam", "mallory"]}
    game = new_classic7(gemma, users)
    services.join_game(users["alice"], game.id)
    services.join_game(users["bob"], game.id)
    services.watch_game(users["sam"], game.id)
    after = game.__class__.objects.get(pk=game.id).last_event_seq
    sockets = {
        "player": Socket(game.id, users["alice"], after=after),
        "spectator": Socket(game.id, users["sam"], after=after),
        "stranger": Socket(game.id, users["mallory"], after=after),
        "logged_out": Socket(game.id, None, after=after),
        "gm": Socket(game.id, gemma, after=after),
    }

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.drain(0.1)
        await db(
            services.post_message, gemma, game.id, channel="announce", text="<b>20:00</b> start"
        )
        # The GM's form may also go through the socket; a player's is refused.
        await sockets["gm"].send(
            {"type": "post", "ref": 1, "channel": "announce", "text": "2 left"}
        )
        await sockets["player"].send({"type": "post", "ref": 2, "channel": "announce", "text": "x"})
        for sock in sockets.values():
            await sock.drain(0.3)
            await sock.close()

    run(scenario)
    for who, sock in sockets.items():
        texts = [(p["text"], p["phase"], p.get("gm")) for p in posts_in(sock)]
        assert texts == [("<b>20:00</b> start", "sign-ups", True), ("2 left", "sign-ups", True)], (
            who
        )
    assert {"type": "posted", "ref": 1} in [
        {k: m.get(k) for k in ("type", "ref")} for m in sockets["gm"].messages
    ]
    errors = [m for m in sockets["player"].messages if m.get("type") == "error"]
    assert errors and errors[-1]["message"] == "Only the GM makes announcements."
    assert errors[-1]["ref"] == 2
