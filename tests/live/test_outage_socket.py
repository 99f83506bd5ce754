"""Issue 17, item 4, on the socket: the database unreachable never kills a socket
silently; the browser gets an error frame that says so (and, for a post, that it was
NOT recorded), and the page reconnects once the socket closes."""

from unittest import mock

from django.db import OperationalError

from games.live.database_down import DATABASE_DOWN_CODE
from games.models import Post
from tests.kit.sockets import Socket, run

REFUSED = OperationalError("connection failed: Connection refused")


def test_a_socket_opened_while_the_session_cannot_be_read_says_so(live_table):
    sock = Socket(live_table.game.id, live_table.users["alice"])

    async def scenario():
        with mock.patch("channels.auth.get_user", side_effect=REFUSED):
            assert await sock.open()
            closed = await sock.closed()
        return sock.messages, closed

    (frame,), closed = run(scenario)  # one frame, then the close
    assert frame["type"] == "error" and frame["database"] == "unreachable"
    assert frame["message"].startswith("The database is unreachable")
    assert closed == DATABASE_DOWN_CODE


def test_a_socket_whose_game_cannot_be_read_says_so(live_table):
    sock = Socket(live_table.game.id, live_table.users["alice"])

    async def scenario():
        with mock.patch("games.live.consumers.opening", side_effect=REFUSED):
            assert await sock.open()
            closed = await sock.closed()
        return sock.messages, closed

    (frame,), closed = run(scenario)  # one frame, then the close
    assert frame["type"] == "error" and "unreachable" in frame["message"]
    assert closed == DATABASE_DOWN_CODE


def test_a_post_sent_while_the_database_is_down_is_not_recorded_and_says_so(live_table):
    gm = live_table.gm
    sock = Socket(live_table.game.id, gm)

    async def scenario():
        assert await sock.open()
        await sock.catch_up()
        with mock.patch("games.services.post_message", side_effect=REFUSED):
            frame = await sock.ask({"type": "post", "ref": 1, "channel": "announce", "text": "hi"})
        # The socket lives on: the same post, sent again, goes through.
        post = {"type": "post", "ref": 2, "channel": "announce", "text": "hi"}
        answer = await sock.ask(post, answer=("posted",))
        await sock.close()
        return frame, answer

    frame, answer = run(scenario)
    assert frame["type"] == "error"
    assert "NOT recorded" in frame["message"] and "send it again" in frame["message"]
    assert answer["ref"] == 2
    assert Post.objects.filter(text="hi").count() == 1


def test_a_post_sent_twice_on_the_socket_with_its_key_is_posted_once(live_table):
    """live.js sends the form's submission key with a socket post: the same post sent
    again (its answer was lost) is answered with the first post, not posted twice."""
    sock = Socket(live_table.game.id, live_table.gm)
    key = "0123456789abcdef" * 2

    async def scenario():
        assert await sock.open()
        await sock.catch_up()
        answers = []
        for ref in (1, 2):
            post = {"type": "post", "ref": ref, "channel": "announce", "text": "once", "key": key}
            answers.append(await sock.ask(post, answer=("posted",)))
        await sock.close()
        return answers

    first, again = run(scenario)
    assert first["post"] == again["post"]
    assert Post.objects.filter(text="once").count() == 1


def test_the_error_frame_is_in_the_readers_language(live_table):
    """Issue 16 (every message in the reader's language): the frame of a socket that
    could not read the session is in the browser's language (the account's is in the
    database), and a refused post's in the account's."""
    from games.models import Profile

    sock = Socket(live_table.game.id, live_table.users["alice"])
    sock.communicator.scope["headers"].append((b"accept-language", b"ru-RU,ru;q=0.9"))

    async def opening():
        with mock.patch("channels.auth.get_user", side_effect=REFUSED):
            assert await sock.open()
            assert await sock.closed() == DATABASE_DOWN_CODE
        (frame,) = sock.messages
        return frame

    frame = run(opening)
    assert frame["message"].startswith("База данных недоступна: страница может отставать")

    Profile.objects.update_or_create(user=live_table.gm, defaults={"language": "ru"})
    gm_sock = Socket(live_table.game.id, live_table.gm)

    async def posting():
        assert await gm_sock.open()
        await gm_sock.catch_up()
        with mock.patch("games.services.post_message", side_effect=REFUSED):
            post = {"type": "post", "ref": 1, "channel": "announce", "text": "hi"}
            answer = await gm_sock.ask(post)
        await gm_sock.close()
        return answer

    frame = run(posting)
    assert frame["message"].startswith("База данных недоступна: отправленное НЕ записано")
