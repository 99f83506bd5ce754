"""A session's sockets end with the session.

A socket is authenticated once, when it opens, from the session cookie: after
the session logged out it would go on reading the seat's private messages. So
each socket also joins its session's group, and logging out sends that group
the end (`SESSION_ENDED`): the consumer leaves every group and closes with
LOGGED_OUT_CODE (the page then stops reconnecting and says so). Only the session
that logged out is closed: the same account in another browser stays live.

The group's name is a hash of the session key: the key itself never travels
through the channel layer.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

from games.services import push

SESSION_ENDED = "session.ended"

LOGGED_OUT_CODE = 4401


def session_group(session_key: str | None) -> str | None:
    if not session_key:
        return None
    digest = hashlib.sha256(f"mafia-socket-session:{session_key}".encode()).hexdigest()
    return f"session-{digest[:48]}"


@receiver(user_logged_out, dispatch_uid="games.live.sessions.close_sockets_on_logout")
def close_sockets_on_logout(sender, request, user, **kwargs) -> None:
    """Sent by django.contrib.auth.logout() before it flushes the session."""
    session = getattr(request, "session", None)
    group = session_group(getattr(session, "session_key", None))
    if group is not None:
        push.send_all([(group, {"type": SESSION_ENDED})])
