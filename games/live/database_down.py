"""Sockets while the database is unreachable: a clear error frame,
never a socket that dies silently or a handshake answered with HTTP 500.

The consumer (games/live/consumers.py) sends `outage_frame` when a handler fails on
the database; `DatabaseDownSocket` covers what runs before it, the session and user
read from the database by AuthMiddlewareStack: the socket opens, says so and closes
with DATABASE_DOWN_CODE, and the page reconnects with its cursor, as after any close.
"""

from __future__ import annotations

import json

from django.utils import translation
from django.utils.translation import gettext

from games.profiles import browser_language
from games.web.outage import OUTAGE_ERRORS

DATABASE_DOWN_CODE = 4503


def outage_frame(sent_something: bool) -> dict:
    """The error frame: for what the browser sent (a post), that it was NOT recorded.
    In the active language (the caller's reader's)."""
    if sent_something:
        text = gettext(
            "The database is unreachable: what you sent was NOT recorded; send it again "
            "in a few seconds."
        )
    else:
        text = gettext(
            "The database is unreachable: this page may be behind; it catches up when "
            "the database is back."
        )
    return {"type": "error", "message": text, "database": "unreachable"}


class DatabaseDownSocket:
    """ASGI middleware around the socket stack: a database failure before the socket
    was answered opens it only to say so, then closes it."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.inner(scope, receive, send)
        answered = False

        async def watched_send(message):
            nonlocal answered
            if message["type"] in ("websocket.accept", "websocket.close"):
                answered = True
            await send(message)

        # The consumer sends its event frames straight to `send` (consumers.py `_frame`):
        # only the handshake's answer matters here.
        scope = {**scope, "frame_send": send}
        try:
            return await self.inner(scope, receive, watched_send)
        except OUTAGE_ERRORS:
            if answered:
                raise
        # Nothing of the handshake was read or answered yet: the connect comes first.
        await receive()
        await send({"type": "websocket.accept"})
        # The account's language is in the database: the browser's, as the pages read it.
        with translation.override(browser_language(scope)):
            frame = outage_frame(False)
        await send({"type": "websocket.send", "text": json.dumps(frame)})
        await send({"type": "websocket.close", "code": DATABASE_DOWN_CODE})
