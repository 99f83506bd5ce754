"""Issue 18, item 4: logging out stops the open socket listening.

A tab's socket is authenticated once, from the session, when it opens. It used to
stay in its seat's groups after the session logged out, reading that seat's private
messages. Now logout closes every socket of the session that logged out (the
consumer joins its session's group; the logout signal sends it the end), and a
socket of the same account in another browser (another session) lives on."""

from django.urls import reverse

from games import services
from tests.kit.sockets import QUIET, Socket, db, run


def test_no_private_message_reaches_a_socket_after_its_session_logged_out(live_table):
    from games.models import Game, PrivateMessages

    gid = live_table.game.id
    Game.objects.filter(pk=gid).update(private_messages=PrivateMessages.ON)
    alice, bob = live_table.users["alice"], live_table.users["bob"]
    # alice in two browsers: a session each.
    sock, other = Socket(gid, alice), Socket(gid, alice)

    async def scenario():
        assert await sock.open()
        assert await other.open()
        await sock.catch_up()
        await other.catch_up()
        # Before logging out the socket reads alice's private messages.
        await db(services.post_message, bob, gid, channel="pm", text="before logout", to="alice")
        await sock.catch_up()
        before = list(sock.messages)
        response = await db(sock.client.post, reverse("logout"))
        assert response.status_code == 302
        code = await sock.closed()
        await db(services.post_message, bob, gid, channel="pm", text="after logout", to="alice")
        await other.catch_up()
        # Closed, out of its groups: nothing more reaches it.
        assert await sock.communicator.receive_nothing(timeout=QUIET)
        await sock.close()
        await other.close()
        return before, code

    before, code = run(scenario)
    assert "before logout" in str(before)
    assert code == 4401
    assert sock.messages[-1]["type"] == "logged_out"  # said, then closed
    assert "after logout" not in str(sock.messages)
    # The same account's socket in another browser (another session) still reads them.
    assert "after logout" in str(other.messages)
