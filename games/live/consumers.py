"""The game socket: one per browser tab, reading only what its user may read.

On connect the consumer builds the viewer from the session (games/viewer.py,
the same rules as the pages) and joins the matching groups (games/services/push.py):
the public group always; the GM group for the GM; the seat's own group; its
faction's group and the night chat rooms it reads (roles.night_chats, as member or
reader) while alive; the graveyard when dead or spectating.

Delivery is checked, not hoped for: each commit's public message carries the
commit's manifest (seq, audience, kind of every event; it never leaves the server).
Events this viewer may read but did not receive (a dropped message, a group joined a
moment late, a socket opened after the page) are fetched from the event log.

The browser never sees the game-wide seq, which counts every event: it gets its own
cursor (games/cursors.py), {label: number} over the streams it reads, and each
event as "id": [label, number]. {"type": "events", "prev", "upto", "events", "now"}:
`prev` is the cursor of the previous message (a browser holding less asks to
resync), `upto` the cursor once these events are read, `now` the server's clock for
the countdown. A commit with nothing for this viewer sends him nothing at all: no
frame, no number, so its timing tells nothing either. After a reconnect the browser
opens the socket with ?after=<its cursor> and receives what it missed; a stream its
cursor does not name (the graveyard, after a death) is read from its start.

Membership is recomputed when a commit may have changed it (a phase closed, the
game started or ended, a seat's rooms changed): a player who dies leaves the night
chat and enters the graveyard at once, a prisoner enters the jail when the day that
jailed him closes, a recruit joins the Masons, all without a reload.

Browser -> server: {"type": "resync", "after": <cursor>} and
{"type": "post", "channel", "text", "to", "room", "key"} (games.services.post_message;
"key" is the form's submission key: a post sent again is posted once).
A page asks for a resync on its own too (static/games/live.js): a push can be lost (a
worker killed after its commit, Redis restarting), so once its countdown has run
out it checks its cursor every few seconds until the close arrives.

When the channel layer (Redis) is down or stalls, the handshake still answers: the
socket opens, says {"type": "unavailable"} and closes with 1013 (try again later),
never an HTTP 500; the page then reads the log over HTTP (`events/?after=`) every few
seconds and reconnects with backoff.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import OrderedDict
from datetime import UTC, datetime
from urllib.parse import parse_qs

import redis
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games import profiles, services
from games.clocks import readers_clocks
from games.cursors import BadCursor, read_position
from games.live.access import (
    Access,
    Regrouped,
    access_regrouped,
    events_for,
    opening,
    regrouping,
    start_position,
)
from games.live.database_down import DATABASE_DOWN_CODE, outage_frame
from games.live.layer import LAYER_DOWN
from games.live.sessions import LOGGED_OUT_CODE, session_group
from games.models import Event
from games.rooms import ROOMS_KIND, post_author
from games.services import push
from games.services.cogms import ACCESS_KINDS
from games.text import with_accounts
from games.viewer import Streams, advanced
from games.web.outage import OUTAGE_ERRORS

# The kinds of a post's events (games/services/chat.py), whose payload names its author.
POST_KINDS = frozenset({"post", "pm"})

# What the channel layer raises when Redis is down or refuses (a stalled Redis is cut
# at the socket's first join, after LAYER_SECONDS: generous, as a crowd joining at once
# on a busy server takes seconds), and the close code that tells the page to poll and
# come back.
LAYER_ERRORS = (OSError, TimeoutError, redis.exceptions.RedisError)
LAYER_SECONDS = 10.0
TRY_AGAIN_LATER = 1013

# Events encoded for browsers, shared by this process's sockets (`_browser_json`): an
# event never changes once logged; the oldest are dropped past ENCODED_KEPT.
_ENCODED: OrderedDict[tuple, str] = OrderedDict()
ENCODED_KEPT = 5_000  # a close of 100 games makes ~2,000

# Event kinds after which a socket's groups may differ (death, recruit, game over).
MEMBERSHIP_KINDS = frozenset(
    {"game_started", "phase_closed", "game_over", "modkill", "replaced", "revived", ROOMS_KIND}
)


class GameConsumer(AsyncJsonWebsocketConsumer):
    async def __call__(self, scope, receive, send) -> None:
        """Redis going away under an open socket ends it with 1013 as a refused
        handshake does, not as a server error: the page reads the HTTP feed meanwhile
        and reconnects. The pub/sub layer says so with a `layer.down` message
        (`layer_down`); a join refused while handling a message ends here."""
        try:
            await super().__call__(scope, receive, send)
        except LAYER_ERRORS:
            self.access = None
            with contextlib.suppress(Exception):  # the client may be gone already
                await send({"type": "websocket.close", "code": TRY_AGAIN_LATER})

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.access: Access | None = None
        self.language = settings.LANGUAGE_CODE
        self.time_zone = profiles.DEFAULT_TIME_ZONE
        self.joined: set[str] = set()
        self.pending: dict[int, dict] = {}
        # Logging out ends this socket (games/live/sessions.py): joined before
        # anything is read, so a logout while it opens is not missed.
        session = self.scope.get("session")
        self.session_group = session_group(getattr(session, "session_key", None))
        try:
            if self.session_group is not None:
                async with asyncio.timeout(LAYER_SECONDS):
                    await self.channel_layer.group_add(self.session_group, self.channel_name)
            await self._open()
        except LAYER_ERRORS:
            await self._live_updates_down()

    async def _open(self) -> None:
        query = parse_qs(self.scope.get("query_string", b"").decode())
        try:
            after = read_position(query.get("after", [""])[0], from_text=True)
        except BadCursor:
            after = {}  # a hostile or broken cursor: read from the start
        self.synced = 0  # the game-wide seq up to which every event is handled
        self.position: dict[str, int] = {}  # the browser's cursor: what it has been told
        # The reader's language for what this socket says in words (refusals).
        self.language = await database_sync_to_async(profiles.language_of_socket)(self.scope)
        # ... and his clock, for the times in the lines (a pushed line is said once).
        self.time_zone = await database_sync_to_async(profiles.time_zone_of_socket)(self.scope)
        access, missed, last = await database_sync_to_async(opening)(
            self.game_id, self.scope.get("user"), after, self._join
        )
        if access is None:
            await self.close(code=4404)
            return
        await self.accept()  # already in its groups
        self.position = start_position(access.streams, after)
        self.synced = last
        self._forget_pending()
        await self._deliver(missed, always=True)

    async def _live_updates_down(self) -> None:
        """Redis is down: the page is told so in words and polls the log meanwhile."""
        self.access = None  # nothing reaches this socket
        await self.accept()
        await self.send_json(
            {
                "type": "unavailable",
                "message": "Live updates are down for a moment: this page checks for news.",
            }
        )
        await self.close(code=TRY_AGAIN_LATER)

    async def disconnect(self, code) -> None:
        groups, self.joined = list(self.joined), set()
        if getattr(self, "session_group", None):
            groups.append(self.session_group)
            self.session_group = None
        # Every discard runs to its end; one refused (Redis down) leaves its entry to
        # the layer's expiry.
        await asyncio.gather(
            *(self.channel_layer.group_discard(g, self.channel_name) for g in groups),
            return_exceptions=True,
        )

    # -- groups ----------------------------------------------------------

    async def _join(self, access: Access) -> None:
        self.access = access
        for group in access.groups - self.joined:
            await self.channel_layer.group_add(group, self.channel_name)
            self.joined.add(group)
        for group in self.joined - access.groups:
            await self.channel_layer.group_discard(group, self.channel_name)
        self.joined = set(access.groups)

    async def _refresh_membership(self, since: int, closed: bool = False) -> None:
        user = self.scope.get("user")
        found = await database_sync_to_async(regrouping)(
            self.game_id, user, self.access, self.position, self.synced, self._join, closed
        )
        if found is None:
            await self.close(code=4404)
            return
        if found.finished:
            # Every audience opens: the cursor covers the game as it is now (the page
            # that follows shows it all), not each audience's history again.
            self.position = found.position
            await self.send_json({"type": "membership", "finished": True, "cursor": self.position})
            return
        await self._regrouped(found)

    async def _regroup_in_memory(self, message: dict) -> bool:
        """Regroup from what the phase close says this seat reads now, with no trip to
        the database unless a stream it newly reads holds something (the commit's
        counters say). Only for the commit this socket has just handled, in a game the
        close did not end; False: the caller re-reads."""
        regroup, seat = message.get("regroup"), self.access.viewer.seat
        if (
            not isinstance(regroup, dict)
            or seat is None
            or seat.name not in regroup
            or self.access.viewer.is_gm
            or self.synced != message["last"]
            or any(kind == "game_over" for _, _, kind in message["manifest"])
        ):
            return False
        before = self.access
        access = access_regrouped(before, regroup[seat.name])
        await self._join(access)
        if access.audiences == before.audiences:
            return True
        start = start_position(access.streams, self.position)
        counters = message["counters"]
        events = []
        if any(
            counters.get(audience, 0) > start[label]
            for audience, label in access.streams.labels.items()
            if label not in self.position
        ):
            events, _ = await database_sync_to_async(events_for)(access, start)
        await self._regrouped(Regrouped(access, position=start, events=events))
        return True

    async def _regrouped(self, found: Regrouped) -> None:
        """Tell the browser of its new streams: what they hold up to what this socket
        has handled, then its audiences and cursor."""
        access = found.access
        if found.position is not None:
            # A stream opened (a death opens the graveyard, a recruit his new faction's
            # chat) is read from its start up to what this socket has handled; one
            # closed (his old faction's) leaves the cursor.
            position = found.position
            fresh = [e for e in found.events if e["seq"] <= self.synced]
            await self._deliver(fresh, base=position)
            self.position = advanced(position, fresh, access.streams)
            await self.send_json(
                {
                    "type": "membership",
                    "audiences": sorted(_labels(access.audiences)),
                    "cursor": self.position,
                }
            )

    # -- from the channel layer ------------------------------------------

    async def session_ended(self, message: dict) -> None:
        """The session logged out: nothing more reaches this socket."""
        await self.disconnect(LOGGED_OUT_CODE)
        self.access = None
        with translation.override(self.language):
            await self.send_json({"type": "logged_out", "message": str(_("You logged out."))})
        await self.close(code=LOGGED_OUT_CODE)

    async def dispatch(self, message: dict) -> None:
        try:
            await self._dispatch(message)
        except OUTAGE_ERRORS:
            await self._database_down(message)

    async def _database_down(self, message: dict) -> None:
        """The database failed under a handler (games/web/outage.py): the browser is
        told, never left with a socket that died silently. A post was not recorded
        (its transaction failed); a socket that could not open closes after the frame
        and the page reconnects with its cursor."""
        opening = message.get("type") == "websocket.connect"
        if opening:
            await self.accept()
        # At the opening the account's language was not read: the browser's.
        language = profiles.browser_language(self.scope) if opening else self.language
        with translation.override(language):
            frame = outage_frame(message.get("type") == "websocket.receive")
        await self.send_json(frame)
        if opening:
            await self.close(code=DATABASE_DOWN_CODE)

    async def _dispatch(self, message: dict) -> None:
        # Channels closes stale database connections before every handler, through
        # one shared thread: at a phase close every socket of every game waits in
        # that queue (half the server's time at 50 games). The layer's messages are
        # handled in memory; their rare database calls go through
        # database_sync_to_async, which closes stale connections itself.
        in_memory = {
            push.BATCH: self.game_batch,
            push.COMMIT: self.game_commit,
            LAYER_DOWN["type"]: self.layer_down,
        }
        handler = in_memory.get(message.get("type"))
        if handler is not None and self.access is None:
            return  # logged out (or never opened): nothing more is delivered
        if handler is None:
            await super().dispatch(message)
        else:
            await handler(message)

    async def layer_down(self, message: dict) -> None:
        """The web process lost Redis (games/live/layer.py): as when the layer
        refuses, 1013, and the page reads the log over HTTP and reconnects."""
        self.access = None
        await self.close(code=TRY_AGAIN_LATER)

    async def _reread_log(self, always: bool = False) -> None:
        """What this socket may have missed, from the log; a close whose push was lost
        (a death, a recruit) changes its groups too."""
        synced = self.synced
        kinds = await self._catch_up(always=always)
        if kinds & MEMBERSHIP_KINDS:
            await self._refresh_membership(since=synced)

    async def game_batch(self, message: dict) -> None:
        for event in message["events"]:
            if event["seq"] > self.synced:
                self.pending[event["seq"]] = event

    async def game_commit(self, message: dict) -> None:
        first, last = message["first"], message["last"]
        if last <= self.synced:  # already caught up from the log
            self._forget_pending()
            if self._membership_may_change(message):  # a death read from the log
                await self._regroup(message)
            return
        for event in message["events"]:
            self.pending[event["seq"]] = event
        viewer = self.access.viewer
        expected = [
            seq for seq, audience, kind in message["manifest"] if viewer.may_read(audience, kind)
        ]
        if first - 1 != self.synced or any(seq not in self.pending for seq in expected):
            await self._catch_up()
        else:
            events = [self.pending[seq] for seq in expected]
            self.synced = last
            self._forget_pending()
            await self._deliver(events)  # nothing at all when none is his
        if self._membership_may_change(message):
            await self._regroup(message)

    async def _regroup(self, message: dict) -> None:
        if not await self._regroup_in_memory(message):
            await self._refresh_membership(since=message["first"] - 1, closed="regroup" in message)

    def _membership_may_change(self, message: dict) -> bool:
        """Only the seats a commit touched re-read their groups (a phase close of a
        big game must not cost a query per socket): the game started or ended, the
        close says this seat's groups changed; else (a change that does not say) this
        seat died (the public deaths list), got a private event (a recruit or a role
        change is a private result), or was revived."""
        kinds = {kind for _, _, kind in message["manifest"]}
        if kinds & {"game_started", "game_over"}:
            return True
        if kinds & ACCESS_KINDS and self._names_me(message, ACCESS_KINDS):
            return True  # made or unmade a co-GM (games/services/cogms.py): at once
        seat = self.access.viewer.seat
        if seat is None and "replaced" in kinds:
            # The account that takes over a seat (games/services/gm.py) joins its groups now.
            username = getattr(self.scope.get("user"), "username", None)
            # Behind a mask the public event names no account: every such socket re-reads.
            return any(
                e["kind"] == "replaced" and e["payload"].get("by") in (username, None)
                for e in message["events"]
            )
        if seat is None or not kinds & MEMBERSHIP_KINDS:
            return False
        if "regroup" in message:
            # A phase close names the seats whose groups it changed (rooms.regrouped):
            # at a close most seats get a private result, and a re-read each (a trip
            # to the database through one shared thread) held up every other socket.
            return seat.name in message["regroup"]
        if any(audience == f"seat:{seat.name}" for _, audience, _ in message["manifest"]):
            return True
        for event in message["events"]:
            if event["kind"] != "phase_closed":
                continue
            payload = event["payload"]
            for death in payload.get("deaths", []):
                if death.get("player") == seat.name:
                    return True
            # Revived (townston's Paramedic): the graveyard closes to him at once.
            for told in payload.get("events", []):
                if told.get("kind") == "revived" and told.get("player") == seat.name:
                    return True
        return False

    def _names_me(self, message: dict, kinds) -> bool:
        username = getattr(self.scope.get("user"), "username", None)
        return any(
            e["kind"] in kinds
            and username in (e["payload"].get("account"), e["payload"].get("was"))
            for e in message["events"]
        )

    def _forget_pending(self) -> None:
        self.pending = {seq: e for seq, e in self.pending.items() if seq > self.synced}

    async def _catch_up(self, always: bool = False) -> set[str]:
        """Everything after the browser's cursor, from the log. Run on a gap, it sends
        nothing unless something is this viewer's (a frame sent when another
        audience's commit arrived would time that commit). Returns the kinds sent."""
        events, last = await database_sync_to_async(events_for)(self.access, self.position)
        self.synced = max(self.synced, last)
        self._forget_pending()
        await self._deliver(events, always=always)
        return {e["kind"] for e in events}

    async def _deliver(
        self, events: list[dict], always: bool = False, base: dict[str, int] | None = None
    ) -> None:
        """Send `events` with the cursor before (`prev`) and after them (`upto`)."""
        if not events and not always:
            return
        streams = self.access.streams
        upto = advanced(self.position if base is None else base, events, streams)
        encoded = ", ".join(self._browser_json(e) for e in events)
        now = datetime.now(UTC).isoformat()
        prev, after = json.dumps(self.position), json.dumps(upto)
        await self._frame(
            f'{{"type": "events", "prev": {prev}, "upto": {after}, '
            f'"events": [{encoded}], "now": "{now}"}}'
        )
        self.position = upto

    async def _frame(self, text: str) -> None:
        """A frame of events, handed straight to the server: DatabaseDownSocket (games/
        live/database_down.py) passes its send down as the scope's `frame_send`. The
        wrappers in between (the session middleware's send, Channels' own) do nothing
        to a frame once the socket is open, and at a phase close of 50 games they were
        a fifteenth of the web process's CPU (bench/README.md)."""
        send = self.scope.get("frame_send")
        if send is None:  # a consumer mounted without it (a test's own stack)
            await self.send(text_data=text)
        else:
            await send({"type": "websocket.send", "text": text})

    def _browser_json(self, event: dict) -> str:
        """An event as this browser reads it, encoded. A close's public events read the
        same for every socket with the same language, clock, stream number and kind
        of reader: encoded once per web process (a close of 50 games sent each
        headline to 750 sockets)."""
        access = self.access
        if access.accounts:  # the GM of a masked game reads the accounts: his own
            return json.dumps(
                _for_browser(event, access.streams, self.language, access.accounts, self.time_zone)
            )
        key = (
            self.game_id,
            event["seq"],
            access.streams.key(event),
            access.viewer.is_gm,  # his copies name the seat they were for
            self.language,
            self.time_zone,
        )
        encoded = _ENCODED.get(key)
        if encoded is None:
            browser = _for_browser(event, access.streams, self.language, None, self.time_zone)
            encoded = _ENCODED[key] = json.dumps(browser)
            if len(_ENCODED) > ENCODED_KEPT:
                _ENCODED.popitem(last=False)
        return encoded

    # -- from the browser ------------------------------------------------

    async def receive_json(self, content, **kwargs) -> None:
        if self.access is None:
            return  # logged out: the socket is closing
        if not isinstance(content, dict):
            await self._error(_("Send a JSON object."))
            return
        kind = content.get("type")
        if kind == "resync":
            try:
                after = read_position(content.get("after", 0))
            except BadCursor as refusal:
                await self._error(str(refusal))
                return
            self.position = start_position(self.access.streams, after)
            await self._reread_log(always=True)  # asked: answered even when empty
        elif kind == "post":
            await self._post(content)
        else:
            await self._error(_("Unknown message type."))

    async def _post(self, content: dict) -> None:
        def call():
            # A refusal is written in the reader's language (the services' gettext).
            with translation.override(self.language):
                return services.post_message(
                    self.scope.get("user"),
                    self.game_id,
                    channel=str(content.get("channel", "")),
                    text=str(content.get("text", "")),
                    to=str(content.get("to", "")),
                    room=str(content.get("room", "")),
                    key=str(content.get("key", "")),
                )

        try:
            written = await database_sync_to_async(call)()
        except services.ServiceError as error:
            await self._error(str(error), ref=content.get("ref"))
            return
        # A roulette command is a move of the table (its event), not a post; the reply
        # names no number of the game's log (its counters would leak hidden events).
        if isinstance(written, Event):
            sent = {"type": "posted", "move": True}
        else:
            sent = {"type": "posted", "post": written.ref}
        await self.send_json({**sent, "ref": content.get("ref")})

    async def _error(self, message, ref=None) -> None:
        with translation.override(self.language):
            await self.send_json({"type": "error", "message": str(message), "ref": ref})

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        if text_data is None:
            await self._error(_("Send text frames."))
            return
        try:
            await super().receive(text_data=text_data, bytes_data=bytes_data, **kwargs)
        except (ValueError, RecursionError):  # not JSON, or nested past the decoder
            await self._error(_("Send a JSON object."))


def _for_browser(
    event: dict,
    streams: Streams,
    lang: str,
    accounts: dict | None = None,
    zone: str = profiles.DEFAULT_TIME_ZONE,
) -> dict:
    """A pushed event as this viewer's browser reads it: named by his own stream and
    number, without its audience or the game-wide seq; its line in his language.
    `accounts`: the GM of a masked game reads each mask with its account, in the line
    and beside a post's author."""
    payload = event["payload"]
    if accounts and event["kind"] in POST_KINDS and payload.get("author") in accounts:
        payload = {**payload, "account": accounts[payload["author"]]}
    if payload.get("alias"):  # a room's alias ("Jailor") in this reader's words
        payload = {**payload, "author": post_author(payload, lang)}
    return {
        "id": list(streams.key(event)),
        "kind": event["kind"],
        "payload": payload,
        "phase": event["phase"],
        "at": event["at"],
        "text": with_accounts(
            readers_clocks(event["texts"].get(lang, event["texts"]["en"]), zone),
            accounts or {},
            event["kind"],
        ),
    }


def _labels(audiences) -> list[str]:
    """What a browser may know of its own groups: kinds, never other seats' names."""
    labels = set()
    for audience in audiences:
        labels.add(audience.split(":", 1)[0])
    return sorted(labels)
