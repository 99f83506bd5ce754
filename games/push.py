"""The one way out: every outward event goes through `send_on_commit`.

Events are stored first (the event log is the truth); after the transaction
commits, each is sent to the channel-layer group of its audience. The socket is
only a hint: a client that misses one fetches everything after its last seq.
"""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)


def group_for(game_id: int, audience: str, seat_ids: dict[str, int]) -> str:
    """The channel-layer group of an audience (group names must be ASCII-safe)."""
    if audience.startswith("seat:"):
        return f"game-{game_id}.seat-{seat_ids[audience[5:]]}"
    if audience.startswith("faction:"):
        faction = "".join(c if c.isalnum() else "_" for c in audience[8:])
        return f"game-{game_id}.faction-{faction}"
    return f"game-{game_id}.{audience}"


def send_on_commit(game_id: int, events: list, seat_ids: dict[str, int]) -> None:
    if not events:
        return
    messages = [
        (
            group_for(game_id, e.audience, seat_ids),
            {"type": "game.event", "game": game_id, "seq": e.seq, "kind": e.kind},
        )
        for e in events
    ]
    transaction.on_commit(lambda: _send_all(messages))


def _send_all(messages: list[tuple[str, dict]]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return

    async def send() -> None:  # one loop for the whole batch
        for group, message in messages:
            await layer.group_send(group, message)

    try:
        async_to_sync(send)()
    except Exception:  # the event is stored; a client that missed it will resync
        logger.exception("could not push %d events", len(messages))
