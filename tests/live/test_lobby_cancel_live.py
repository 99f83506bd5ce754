"""A cancelled sign-up on the socket: every open lobby page hears it.

The lobby page reloads on any pushed event (static/games/live.js), so the GM's
`game_cancelled` must reach the sockets of the players who joined and of anyone else
looking (decisions: docs/decisions/site-lobby.md); a post through the socket afterwards is
refused with the cancelled game's message.
"""

from games import services
from games.models import Game
from tests.kit.games import make_user, new_classic7
from tests.kit.sockets import Socket, db, nothing_more_on, run


def test_the_cancellation_is_pushed_to_every_lobby_socket(transactional_db):
    gemma = make_user("gemma")
    users = {name: make_user(name) for name in ["alice", "bob", "mallory"]}
    game = new_classic7(gemma, users)
    services.join_game(users["alice"], game.id)
    services.join_game(users["bob"], game.id)
    after = Game.objects.get(pk=game.id).last_event_seq
    sockets = {
        "alice": Socket(game.id, users["alice"], after=after),
        "bob": Socket(game.id, users["bob"], after=after),
        "mallory": Socket(game.id, users["mallory"], after=after),
        "logged_out": Socket(game.id, None, after=after),
        "gm": Socket(game.id, gemma, after=after),
    }

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        await db(services.cancel_game, gemma, game.id, "Two short.")
        for sock in sockets.values():
            await sock.catch_up()
        post = {"type": "post", "ref": 1, "channel": "announce", "text": "Back on?"}
        await sockets["gm"].ask(post)
        await nothing_more_on(sockets.values())  # the cancellation, and nothing else
        for sock in sockets.values():
            await sock.close()

    run(scenario)
    for who, sock in sockets.items():
        kinds = [(e["kind"], e["payload"].get("reason")) for e in sock.events()]
        assert kinds == [("game_cancelled", "Two short.")], who
        cancelled = sock.events()[0]
        assert cancelled["payload"]["gm"] == "gemma"
    errors = [m for m in sockets["gm"].messages if m.get("type") == "error"]
    assert errors and errors[-1]["message"].startswith("This game was cancelled by its GM")
