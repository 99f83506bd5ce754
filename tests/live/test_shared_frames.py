"""A commit's events are encoded for browsers once per web process and shared by its
sockets (games/live/consumers.py `_browser_json`, issue 17's load): shared only where
the readers read the same line. The GM reads a seat's event with the seat named; after
the game a player reads it as the log says it, and the two never swap."""

from asgiref.sync import async_to_sync

from tests.kit.play import end_by_modkills
from tests.kit.sockets import Socket


def test_the_gm_and_a_player_reading_one_event_after_the_game_read_their_own_lines(
    live_table,
):
    end_by_modkills(live_table)
    gid = live_table.game.id
    player = Socket(gid, live_table.users["alice"])
    gm = Socket(gid, live_table.gm)

    async def scenario():
        for sock in (player, gm):  # the player's encoding first: the GM must not reuse it
            assert await sock.open()
            await sock.catch_up()
            await sock.close()

    async_to_sync(scenario)()
    bobs_role = "bob's role"
    gm_lines = {tuple(e["id"]): e["text"] for e in gm.events() if e["kind"] == "role"}
    player_lines = {tuple(e["id"]): e["text"] for e in player.events() if e["kind"] == "role"}
    shared = set(gm_lines) & set(player_lines)
    assert shared, "both read the seats' role events after the game"
    named = [key for key in shared if gm_lines[key].startswith(bobs_role)]
    assert named, gm_lines
    for key in named:
        assert not player_lines[key].startswith(bobs_role), player_lines[key]
