"""A browser tab's socket in the test process (channels' WebsocketCommunicator on
mafiasite.asgi), and what a viewer's cursor and the log's seqs are."""

import json
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


class Socket:
    """A browser tab's socket: collects every event it is sent, in order.

    `after`: a cursor (a dict), a raw query value (a string, as a hostile client
    sends), or the log's game-wide seq the viewer has read up to (turned into his
    cursor as his page would have had it)."""

    def __init__(
        self, game_id: int, user=None, after=0, origin: bool = True, cookie=b"", headers=()
    ):
        from mafiasite.asgi import application

        headers = [HOST, ORIGIN, *headers] if origin else [HOST, *headers]
        if user is not None:  # `cookie`: more of them ("django_language=ru")
            headers.append((b"cookie", b"; ".join(filter(None, [session_cookie(user), cookie]))))
        if isinstance(after, int):
            after = position_at(game_id, user, after) if after else {}
        raw = after if isinstance(after, str) else json.dumps(after)
        self.communicator = WebsocketCommunicator(
            application, f"/ws/games/{game_id}/?after={quote(raw)}", headers=headers
        )
        self.game_id, self.user = game_id, user
        self.messages: list[dict] = []
        self.upto = after if isinstance(after, dict) else None  # None: not known yet

    async def open(self) -> bool:
        # Generous: the test process opens sockets through one database thread with a
        # new connection each (no pool here, unlike the web process: mafiasite/asgi.py),
        # so fifty opened at once on a loaded machine took more than 5 s.
        connected, _ = await self.communicator.connect(timeout=30)
        return connected

    async def drain(self, quiet: float = 0.3) -> list[dict]:
        """Everything that arrives until the socket has been quiet for `quiet` seconds."""
        got = []
        while not await self.communicator.receive_nothing(timeout=quiet, interval=0.02):
            got.append(await self._receive(timeout=5))
        return got

    async def catch_up(self, timeout: float = 30) -> list[dict]:
        """Everything until the socket holds all its viewer may read of the log as it
        stands now (the cursor his page would be given), however slow the machine."""
        from games.models import Game

        def wanted() -> dict[str, int]:
            last = Game.objects.get(pk=self.game_id).last_event_seq
            return position_at(self.game_id, self.user, last) if last else {}

        target = await database_sync_to_async(wanted)()
        got = []
        while self.upto is None or _behind(target, self.upto):
            got.append(await self._receive(timeout=timeout))
        return got

    async def _receive(self, timeout: float) -> dict:
        message = await self.communicator.receive_json_from(timeout=timeout)
        if message.get("type") == "events":
            if self.upto is not None:
                assert _behind(message["prev"], self.upto) == [], "the consumer skipped"
            self.upto = message["upto"]
        elif message.get("type") == "membership" and "cursor" in message:
            self.upto = message["cursor"]
        self.messages.append(message)
        return message

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
        await self.communicator.disconnect(timeout=10)


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
