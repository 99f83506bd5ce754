"""Issue 18, item 4: logging out stops the open socket listening.

A tab's socket is authenticated once, from the session, when it opens. It used to
stay in its seat's groups after the session logged out, reading that seat's private
messages. Now logout closes every socket of the session that logged out (the
consumer joins its session's group; the logout signal sends it the end), and a
socket of the same account in another browser (another session) lives on."""

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from games import services
from tests.kit.sockets import HOST, ORIGIN


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def socket_of(client: Client, game_id: int) -> WebsocketCommunicator:
    from mafiasite.asgi import application

    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    return WebsocketCommunicator(
        application, f"/ws/games/{game_id}/", headers=[HOST, ORIGIN, (b"cookie", cookie)]
    )


async def everything(communicator, quiet=0.3) -> list[dict]:
    got = []
    while not await communicator.receive_nothing(timeout=quiet, interval=0.02):
        output = await communicator.receive_output(timeout=5)
        got.append(output)
        if output["type"] == "websocket.close":
            break
    return got


def test_no_private_message_reaches_a_socket_after_its_session_logged_out(live_table):
    from games.models import Game, PrivateMessages

    gid = live_table.game.id
    Game.objects.filter(pk=gid).update(private_messages=PrivateMessages.ON)
    alice, bob = live_table.users["alice"], live_table.users["bob"]
    tab, other_browser = logged_in(alice), logged_in(alice)
    sock, other = socket_of(tab, gid), socket_of(other_browser, gid)

    async def scenario():
        assert (await sock.connect(timeout=5))[0]
        assert (await other.connect(timeout=5))[0]
        await everything(sock)
        await everything(other)
        # Before logging out the socket reads alice's private messages.
        await database_sync_to_async(services.post_message)(
            bob, gid, channel="pm", text="before logout", to="alice"
        )
        before = await everything(sock)
        response = await database_sync_to_async(tab.post)(reverse("logout"))
        assert response.status_code == 302
        at_logout = await everything(sock)
        await database_sync_to_async(services.post_message)(
            bob, gid, channel="pm", text="after logout", to="alice"
        )
        after = await everything(sock)
        elsewhere = await everything(other)
        await other.disconnect()
        return before, at_logout, after, elsewhere

    before, at_logout, after, elsewhere = async_to_sync(scenario)()
    assert "before logout" in str(before)
    assert at_logout[-1]["type"] == "websocket.close" and at_logout[-1]["code"] == 4401
    assert "after logout" not in str(at_logout + after)
    # The same account's socket in another browser (another session) still reads them.
    assert "after logout" in str(elsewhere)
