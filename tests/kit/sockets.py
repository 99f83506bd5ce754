"""A browser tab's socket in the test process (channels' WebsocketCommunicator on
mafiasite.asgi), and what a viewer's cursor and the log's seqs are."""

import asyncio
import contextlib
import json
from collections.abc import Callable
from urllib.parse import quote

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games.models import Event, Game

ORIGIN = (b"origin", b"http://testserver")
HOST = (b"host", b"testserver")  # the socket's own origin is http://testserver


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def position_at(game_id: int, user, seq: int) -> dict[str, int]:
    """The cursor (games/cursors.py) of a viewer who has read everything he may read up
    to the log's game-wide `seq`: what his page would have been given then."""
    from games.viewer import position_of, viewer_for

    viewer = viewer_for(Game.objects.get(pk=game_id), user, with_view=False)
    return position_of(viewer, seq)


def log_seqs(game_id: int, user, ids) -> list[int]:
    """The game-wide seqs of the events a viewer was sent as [label, number] (the
    tests compare them with the log; browsers never see them)."""
    from games.cursors import GM_STREAM, label_of

    game = Game.objects.get(pk=game_id)
    seat = game.seats.filter(user=user).first() if user is not None else None
    own = seat.name if seat is not None else ""
    events = list(Event.objects.filter(game=game))
    by_gm = {e.gm_seq: e.seq for e in events if e.gm_seq is not None}
    by_stream = {(label_of(game.id, e.audience, own), e.audience_seq): e.seq for e in events}
    return [by_gm[n] if label == GM_STREAM else by_stream[label, n] for label, n in ids]


# How long a test waits for what it expects before it fails: generous, as a loaded
# machine (four test workers on two busy cores) is slow; a passing test never waits
# it out, since every wait ends on what it waits for, never on a quiet spell.
WAIT = 60.0
# How long a test that asserts that nothing (more) arrives listens, once everything
# due has arrived (`Socket.nothing_more`): a frame sent late is missed, a slow machine
# never fails it.
QUIET = 0.3

# The socket's answers to a browser's frame (a post, a bad frame).
ANSWERS = ("posted", "error")


class Socket:
    """A browser tab's socket: collects every message it is sent, in order.

    `after`: a cursor (a dict), a raw query value (a string, as a hostile client
    sends), or the log's game-wide seq the viewer has read up to (turned into his
    cursor as his page would have had it).

    Waits end on a condition, never on a quiet spell: `catch_up` (everything the
    viewer may read of the log as it stands), `until` (a given message), `ask` (a
    frame's answer), `closed` (the server closed it); `nothing_more` only where a test
    asserts that nothing more arrives."""

    def __init__(
        self, game_id: int, user=None, after=0, origin: bool = True, cookie=b"", headers=()
    ):
        from mafiasite.asgi import application

        headers = [HOST, ORIGIN, *headers] if origin else [HOST, *headers]
        self.client = None  # the browser's session (a test logs it out), if logged in
        if user is not None:  # `cookie`: more of them ("django_language=ru")
            self.client = Client()
            self.client.force_login(user)
            session = f"sessionid={self.client.cookies['sessionid'].value}".encode()
            headers.append((b"cookie", b"; ".join(filter(None, [session, cookie]))))
        if isinstance(after, int):
            after = position_at(game_id, user, after) if after else {}
        raw = after if isinstance(after, str) else json.dumps(after)
        self.communicator = WebsocketCommunicator(
            application, f"/ws/games/{game_id}/?after={quote(raw)}", headers=headers
        )
        self.game_id, self.user = game_id, user
        self.messages: list[dict] = []
        self.upto = after if isinstance(after, dict) else None  # None: not known yet
        self.close_code: int | None = None  # set once the server closed the socket

    async def open(self) -> bool:
        # Generous: the test process opens sockets through one database thread with a
        # new connection each (no pool here, unlike the web process: mafiasite/asgi.py),
        # and a loaded machine opens fifty at once slowly.
        connected, _ = await self.communicator.connect(timeout=WAIT)
        return connected

    async def catch_up(self, timeout: float = WAIT) -> list[dict]:
        """Everything until the socket holds all its viewer may read of the log as it
        stands now (the cursor his page would be given), in the streams he reads now
        (a death, a recruit, a co-GM made or unmade: the socket has regrouped),
        however slow the machine."""
        from games.models import Game, Status

        def wanted() -> tuple[dict[str, int], bool]:
            game = Game.objects.get(pk=self.game_id)
            last = game.last_event_seq
            target = position_at(self.game_id, self.user, last) if last else {}
            return target, game.status == Status.FINISHED

        target, finished = await database_sync_to_async(wanted)()

        def held() -> bool:
            if self.upto is None or _behind(target, self.upto):
                return False
            if not target:  # nothing logged yet: the first frame says the streams
                return True
            # Its streams are his now. A finished game's reader may also hold streams
            # first logged after the end (games/viewer.py Streams.key): more, not fewer.
            return set(target) <= set(self.upto) and (finished or set(self.upto) == set(target))

        got = []
        async with _deadline(timeout, f"socket {self.who()} to catch up with {target}"):
            while not held():
                got.append(await self._receive())
        return got

    async def until(self, found: Callable[[dict], bool], since: int = 0, timeout: float = WAIT):
        """The first message, from the `since`-th received on (those held count too),
        for which `found` holds: received until it arrives."""
        for message in self.messages[since:]:
            if found(message):
                return message
        async with _deadline(timeout, f"socket {self.who()} to receive the message awaited"):
            while True:
                message = await self._receive()
                if found(message):
                    return message

    async def ask(self, frame, answer=ANSWERS, timeout: float = WAIT) -> dict:
        """Send `frame` (a dict, or text sent as it is) and receive until its answer:
        the first message after it whose type is in `answer`."""
        since = len(self.messages)
        if isinstance(frame, str):
            await self.communicator.send_to(text_data=frame)
        else:
            await self.send(frame)
        return await self.until(lambda m: m.get("type") in answer, since, timeout)

    async def closed(self, timeout: float = WAIT) -> int:
        """Everything until the server closes the socket; its close code."""
        async with _deadline(timeout, f"socket {self.who()} to be closed"):
            while self.close_code is None:
                await self._receive()
        return self.close_code

    async def nothing_more(self, quiet: float = QUIET) -> list[dict]:
        """Catch up, then whatever else arrives within `quiet` seconds: for a test that
        asserts nothing more comes (what was due has been waited for first)."""
        await self.catch_up()
        got = []
        while not await self.communicator.receive_nothing(timeout=quiet, interval=0.02):
            got.append(await self._receive())
            if self.close_code is not None:
                break
        return got

    async def _receive(self) -> dict:
        """The next message (its deadline is the caller's: `_deadline`)."""
        if self.close_code is not None:
            raise AssertionError(f"socket {self.who()} was closed ({self.close_code})")
        return self._record(await self.communicator.receive_output(timeout=WAIT * 10))

    def _record(self, output: dict) -> dict:
        if output["type"] == "websocket.close":
            self.close_code = output.get("code", 1000)
            return output
        assert output["type"] == "websocket.send", output
        message = json.loads(output["text"])
        if message.get("type") == "events":
            if self.upto is not None:
                assert _behind(message["prev"], self.upto) == [], "the consumer skipped"
            self.upto = message["upto"]
        elif message.get("type") == "membership" and "cursor" in message:
            self.upto = message["cursor"]
        self.messages.append(message)
        return message

    def who(self) -> str:
        return getattr(self.user, "username", "anonymous")

    def events(self) -> list[dict]:
        return [e for m in self.messages if m.get("type") == "events" for e in m["events"]]

    def ids(self) -> list[tuple[str, int]]:
        return [tuple(e["id"]) for e in self.events()]

    def seqs(self) -> list[int]:
        """The log's game-wide seqs of the events received (read from the database)."""
        return log_seqs(self.game_id, self.user, self.ids())

    async def send(self, content: dict) -> None:
        await self.communicator.send_json_to(content)

    async def close(self) -> None:
        """Close it as a browser tab does (or, closed by the server, end it as the
        server does), once the consumer has handled what it was handling: the frames of
        a layer message it was handling come before the close, and are kept."""
        await self.communicator.disconnect(timeout=WAIT)
        queue = self.communicator.output_queue
        while not queue.empty():
            self._record(queue.get_nowait())


async def nothing_more_on(sockets, quiet: float = QUIET) -> list[list[dict]]:
    """`Socket.nothing_more` on each of `sockets` at once (one quiet spell for all)."""
    return list(await asyncio.gather(*(sock.nothing_more(quiet) for sock in sockets)))


@contextlib.asynccontextmanager
async def _deadline(seconds: float, what: str):
    """A wait that fails after `seconds`, saying what it waited for."""
    try:
        async with asyncio.timeout(seconds):
            yield
    except TimeoutError:
        raise AssertionError(f"waited {seconds:g} s for the {what}") from None


def _behind(prev: dict, held: dict) -> list[str]:
    """The streams in which a frame's `prev` is ahead of what the client holds."""
    return [label for label, n in prev.items() if n > held.get(label, 0)]


def roles_of(table) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for p in table.state().players:
        found.setdefault(p.role, []).append(p.name)
    return found


def db(fn, *args, **kwargs):
    return database_sync_to_async(fn)(*args, **kwargs)


def run(coro_fn):
    return async_to_sync(coro_fn)()
