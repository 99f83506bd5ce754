"""Outside the phases on the socket: the lobby's GM announcements, and the game-over
page's graveyard, whose roulette plays on (002: "If the game of Mafia comes to a
conclusion during a game of Russian Roulette the game will NOT be aborted").

The lobby page reloads on any pushed event (static/games/live.js), so its sockets
must receive the announcement; after the game everyone reads everything
(games/viewer.py), so every game-over socket follows the graveyard's table.
"""

from django.contrib.auth import get_user_model

from games import services
from games.live import access as live_access
from games.live import consumers
from games.services import push
from tests.kit.games import make_user, new_classic7
from tests.kit.play import end_by_modkills
from tests.kit.roulette import bury_two
from tests.kit.sockets import Socket, db, nothing_more_on, run


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
            await sock.catch_up()
        await db(
            services.post_message, gemma, game.id, channel="announce", text="<b>20:00</b> start"
        )
        # The GM's form may also go through the socket; a player's is refused.
        await sockets["gm"].ask({"type": "post", "ref": 1, "channel": "announce", "text": "2 left"})
        await sockets["player"].ask({"type": "post", "ref": 2, "channel": "announce", "text": "x"})
        await nothing_more_on(sockets.values())  # the two announcements, and no more
        for sock in sockets.values():
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


def game_over_with_a_round_on(table) -> tuple[str, str]:
    """Two of the dead sit at a table, the round starts, then the GM modkills the
    mafia: the Mafia game is over while the roulette round plays on."""
    first, second = bury_two(table)
    gid = table.game.id
    for name, command in ((first, "-roulette"), (second, "-join"), (first, "-start")):
        services.post_message(table.users[name], gid, channel="graveyard", text=command)
    end_by_modkills(table)
    return first, second


def test_after_the_game_every_socket_follows_the_roulette_and_the_wrap_up(live_table):
    first, second = game_over_with_a_round_on(live_table)
    gid = live_table.game.id
    users = live_table.users
    living = live_table.alive()[0]
    after = live_table.refresh().last_event_seq
    sockets = {
        "dead": Socket(gid, users[second], after=after),
        "living": Socket(gid, users[living], after=after),
        "stranger": Socket(gid, live_table.mallory, after=after),
        "logged_out": Socket(gid, None, after=after),
    }
    caught_up = []
    real_events_for = consumers.events_for

    def counting_events_for(access, since):
        caught_up.append(since)
        return real_events_for(access, since)

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        consumers.events_for = live_access.events_for = counting_events_for
        try:
            await db(services.post_message, users[first], gid, channel="graveyard", text="-pull")
            await db(services.post_message, live_table.gm, gid, channel="announce", text="GG!")
            await nothing_more_on(sockets.values())  # the pull and the post, and no more
            for sock in sockets.values():
                await sock.close()
        finally:
            consumers.events_for = live_access.events_for = real_events_for

    run(scenario)
    for who, sock in sockets.items():
        kinds = [e["kind"] for e in sock.events()]
        assert kinds == ["roulette", "post"], who  # the pull is a move, not a post
        roulette = sock.events()[0]["payload"]
        assert roulette["actor"] == first and "bullet" not in roulette["table"], who
        assert [p["text"] for p in posts_in(sock)] == ["GG!"], who
        assert posts_in(sock)[-1]["phase"] == "after the game", who
    # Pushed through the graveyard group, which game-over sockets join: not fetched
    # from the log socket by socket.
    assert caught_up == []


def test_a_game_over_socket_joins_the_graveyard_group(live_table):
    game_over_with_a_round_on(live_table)
    gid = live_table.game.id
    dead_group = push.group_for(gid, "dead", {})
    stranger = get_user_model().objects.get(username="mallory")
    for user in (live_table.users[live_table.alive()[0]], stranger, None):
        assert dead_group in live_access.access_for(gid, user).groups
