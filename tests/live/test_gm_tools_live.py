"""The GM's tools over the sockets: who hears what, and membership after a modkill or
a replacement.

docs/design.md: the GM "can step in: extend or close a phase, pause, modkill, replace a
player, announce"; "Membership is re-checked when a player dies or changes faction."
Issue 7: a replaced player's old account loses all access at once (pages and sockets).
"""

from games import services
from tests.kit.games import make_user
from tests.kit.sockets import Socket, db, nothing_more_on, run


def role_holders(table) -> dict[str, str]:
    return {p.role: p.name for p in table.state().players}


def test_the_clock_tools_reach_every_socket(live_table):
    gid = live_table.game.id
    names = ["alice", "bob"]
    sockets = [Socket(gid, live_table.users[n]) for n in names] + [Socket(gid, live_table.mallory)]

    async def scenario():
        for sock in sockets:
            assert await sock.open()
            await sock.catch_up()
        await db(services.extend_phase, live_table.gm, gid, 300)
        await db(services.pause_phase, live_table.gm, gid)
        await db(services.resume_phase, live_table.gm, gid)
        for sock in sockets:
            await sock.catch_up()
            await sock.close()

    run(scenario)
    deadline = live_table.phase().deadline.isoformat()
    for sock in sockets:
        kinds = [e["kind"] for e in sock.events()]
        assert kinds[-3:] == ["deadline_extended", "paused", "resumed"]
        assert sock.events()[-1]["payload"] == {"deadline": deadline, "acting": "gemma"}
        assert sock.events()[-3]["payload"]["by"] == 300


def test_a_modkilled_player_leaves_the_night_chat_and_enters_the_graveyard_live(live_table):
    gid = live_table.game.id
    holders = role_holders(live_table)
    mafioso, consort, sheriff = holders["mafioso"], holders["consort"], holders["sheriff"]
    users = live_table.users
    sockets = {n: Socket(gid, users[n]) for n in (mafioso, sheriff)}
    gm = Socket(gid, live_table.gm)

    async def scenario():
        for sock in [*sockets.values(), gm]:
            assert await sock.open()
            await sock.catch_up()
        await db(services.modkill_player, live_table.gm, gid, mafioso)
        for sock in [*sockets.values(), gm]:
            await sock.catch_up()  # the modkilled one's: in the graveyard now
        before = {n: len(s.events()) for n, s in sockets.items()}
        await db(services.post_message, users[consort], gid, channel="faction", text="alone now")
        await db(services.post_message, live_table.sam, gid, channel="graveyard", text="welcome")
        await nothing_more_on([*sockets.values(), gm])  # "alone now" never reaches him
        for sock in [*sockets.values(), gm]:
            await sock.close()
        return before

    before = run(scenario)
    victim_events = sockets[mafioso].events()
    assert [e["payload"].get("text") for e in victim_events[before[mafioso] :]] == ["welcome"]
    # A membership change re-sends the commit's events (the browser drops repeats).
    mine = {tuple(e["id"]): e for e in victim_events if e["kind"] == "modkill"}.values()
    assert [e["payload"].get("you", False) for e in mine] == [False, True]
    sheriff_kinds = [e["kind"] for e in sockets[sheriff].events()]
    assert sheriff_kinds.count("modkill") == 1 and "phase_record" not in sheriff_kinds
    assert "welcome" not in [e["payload"].get("text") for e in sockets[sheriff].events()]
    assert any(e["kind"] == "phase_record" for e in gm.events())  # the GM's full record


def test_a_replaced_players_old_socket_stops_hearing_the_seat_and_the_new_one_starts(
    live_table,
):
    gid = live_table.game.id
    holders = role_holders(live_table)
    mafioso, consort, sheriff = holders["mafioso"], holders["consort"], holders["sheriff"]
    users = live_table.users
    newcomer = make_user("zoe")
    old_sock = Socket(gid, users[mafioso])
    new_sock = Socket(gid, newcomer)

    async def scenario():
        for sock in (old_sock, new_sock):
            assert await sock.open()
            await sock.catch_up()
        await db(services.replace_player, live_table.gm, gid, mafioso, "zoe")
        for sock in (old_sock, new_sock):
            await sock.catch_up()  # each in its new streams
        before = {"old": len(old_sock.events()), "new": len(new_sock.events())}
        await db(services.post_message, users[consort], gid, channel="faction", text="plan")
        await db(services.submit_action, newcomer, gid, ability="kill", targets=[sheriff])
        await nothing_more_on((old_sock, new_sock))  # nothing of the seat for the old one
        for sock in (old_sock, new_sock):
            await sock.close()
        return before

    before = run(scenario)
    after_old = old_sock.events()[before["old"] :]
    after_new = new_sock.events()[before["new"] :]
    assert all(e["kind"] not in ("post", "action_recorded") for e in after_old), after_old
    assert "plan" in [e["payload"].get("text") for e in after_new]
    assert "action_recorded" in [e["kind"] for e in after_new]
    replaced = [e for e in old_sock.events() if e["kind"] == "replaced"]
    assert replaced and replaced[0]["payload"].items() >= {"player": mafioso, "by": "zoe"}.items()
    membership = [m for m in old_sock.messages if m["type"] == "membership"]
    assert membership and membership[-1]["audiences"] == ["public"]
