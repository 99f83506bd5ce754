"""A co-GM's socket (issue 15): added, it joins the GM's group at once; removed, it
leaves it at once, like a replaced player's (games/live/consumers.py).

Personas: gemma is the GM, heidi the co-GM, alice..grace play.
"""

from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model

from games import services
from tests.kit.sockets import Socket, db


def test_a_co_gms_socket_hears_the_gm_group_until_he_is_removed(live_table):
    gid = live_table.game.id
    heidi = get_user_model().objects.get(username="heidi")  # signed up, not seated
    sock = Socket(gid, heidi)
    mafioso = live_table.with_role("mafioso")[0]
    victim = live_table.with_role("townie")[0]
    users = live_table.users

    async def scenario():
        assert await sock.open()
        await sock.catch_up()
        await db(services.add_cogm, live_table.gm, gid, "heidi")
        await sock.catch_up()  # in the GM's stream now
        await db(services.submit_action, users[mafioso], gid, ability="kill", targets=[victim])
        await sock.catch_up()
        heard = len(sock.events())
        await db(services.remove_cogm, live_table.gm, gid, "heidi")
        await sock.catch_up()  # back in the public's streams (read again from the log)
        removed_at = len(sock.events())
        await db(services.withdraw_action, users[mafioso], gid)
        await db(services.extend_phase, live_table.gm, gid, 600)
        # The withdrawal commits first: had it reached her, it would have come first.
        await sock.catch_up()
        await sock.close()
        return heard, removed_at

    heard, removed_at = async_to_sync(scenario)()
    events = sock.events()
    # As co-GM she heard the mafioso's move (the GM's copy).
    assert any(e["kind"] == "action_recorded" for e in events[:heard])
    assert any(m["type"] == "membership" and "gm" in m["audiences"] for m in sock.messages)
    # Removed, she hears only what the public hears.
    after = events[removed_at:]
    assert [e["kind"] for e in after] == ["deadline_extended"], after
    membership = [m for m in sock.messages if m["type"] == "membership"]
    assert membership[-1]["audiences"] == ["public"]
