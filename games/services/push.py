"""The one way out: every outward event goes through `send_on_commit`.

Events are stored first (the event log is the truth); after the transaction
commits, one message per channel-layer group carries that group's events, and
the public group's message comes last with the commit's manifest (every seq of
the commit and its audience). A consumer (games/live/consumers.py) checks the events
it holds against what the manifest says it may read: anything missing (a
dropped message, a group joined a moment too late) is fetched from the log.
The manifest never leaves the server.

Groups: "game-<id>.public", ".gm", ".dead" (the graveyard), ".seat-<seat id>",
".faction-<faction>", a night room's ".room-<room id>" and ".room-read-<room id>".
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections import defaultdict
from collections.abc import Callable

from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import translation

import roles
from games import profiles, rooms
from games.clocks import clocks_for_each_reader
from games.text import (
    event_text,
    gm_event_text,
    pronouns_for,
)

logger = logging.getLogger(__name__)

BATCH = "game.batch"
COMMIT = "game.commit"


def group_for(game_id: int, audience: str, seat_ids: dict[str, int]) -> str:
    """The channel-layer group of an audience (group names must be ASCII-safe)."""
    if audience.startswith("seat:"):
        return f"game-{game_id}.seat-{seat_ids[audience[5:]]}"
    if audience.startswith("faction:"):
        faction = "".join(c if c.isalnum() else "_" for c in audience[8:])
        return f"game-{game_id}.faction-{faction}"
    if rooms.is_room_audience(audience):  # "room:jail:2" -> ".room-jail.2"
        kind, room_id = audience.split(":", 1)
        safe = "".join(c if c.isalnum() or c in "_-" else "." for c in room_id)
        return f"game-{game_id}.{kind}-{safe}"
    return f"game-{game_id}.{audience}"


def event_message(event, named: bool = False, texts: dict[str, str] | None = None) -> dict:
    """An event as a consumer receives it. Its numbers and audience stay on the server:
    each consumer names it by its viewer's own stream (games/live/consumers.py).
    `named`: the GM's copy, whose line names the seat it was for (text.gm_event_text).
    Its line in every reader's language (`texts`, said here unless the caller said
    them: `event_texts`): each consumer sends its own reader's (a group's readers do
    not share one). Inside `profiles.pronoun_batch` (a commit, a socket's catch-up) the
    players' pronouns are read once for them all."""
    if texts is None:
        texts = event_texts([event], named)[0]
    return {
        "seq": event.seq,
        "audience": event.audience,
        "audience_seq": event.audience_seq,
        "gm_seq": event.gm_seq,
        "kind": event.kind,
        "payload": event.payload,
        "phase": event.phase_id,
        "at": event.created_at.isoformat(),
        "texts": texts,
    }


def event_texts(
    events: list, named: bool = False, own: list[dict[str, str]] | None = None
) -> list[dict[str, str]]:
    """Each event's line in every language, said one language at a time (Django's
    language switched once per language, not once per line: a realistic close says
    some forty lines). `named`: the GM's lines (text.gm_event_text), built on `own`,
    the same events' own lines, when the caller has them (not said twice)."""
    pronouns = [pronouns_for(event) for event in events]
    texts: list[dict[str, str]] = [{} for _ in events]
    with clocks_for_each_reader():  # each socket sets them on its reader's clock
        for lang in roles.LANGUAGES:
            with translation.override(lang):
                for index, event in enumerate(events):
                    if not named:
                        line = event_text(event, lang, pronouns[index])
                    else:
                        said = own[index][lang] if own is not None else None
                        line = gm_event_text(event, lang, pronouns[index], line=said)
                    texts[index][lang] = line
    return texts


def commit_messages(
    game_id: int,
    events: list,
    seat_ids: dict[str, int],
    regroup: dict[str, dict] | None = None,
    counters: dict[str, int] | None = None,
) -> list[tuple]:
    """(group, message) pairs for one commit: private groups first, public last.
    `regroup`: the seats whose groups the commit changed, when the change knows them
    (a phase close), with what each reads now; `counters`: the game's stream counters
    once the commit is written (`Game.audience_seqs`). With them a regrouped socket
    rebuilds its groups in memory and knows whether a stream it newly reads holds
    anything (games/live/consumers.py). Like the manifest, they never leave the server.

    The game's pronouns are read once for the whole commit, not once per event and
    language (a realistic night's close spent a quarter of its time there)."""
    with profiles.pronoun_batch():
        return _commit_messages(game_id, events, seat_ids, regroup, counters or {})


def _commit_messages(game_id, events, seat_ids, regroup, counters) -> list[tuple]:
    by_group: dict[str, list[dict]] = defaultdict(list)
    gm_group = group_for(game_id, "gm", seat_ids)
    public_group = group_for(game_id, "public", seat_ids)
    own = dict(zip(map(id, events), event_texts(events), strict=True))
    # The GM reads every event but players' private messages (consumers filter those
    # by kind: the "gm" copy of a PM is its own event) and the rooms' copies for
    # players (games/rooms.py: his copy has real names); his lines name the seat.
    for_gm = [
        e
        for e in events
        if e.audience not in ("public", "gm")
        and e.kind != "pm"
        and not rooms.is_room_audience(e.audience)
    ]
    gm_lines = event_texts(for_gm, named=True, own=[own[id(e)] for e in for_gm])
    named = dict(zip(map(id, for_gm), gm_lines, strict=True))
    for event in events:
        if event.audience != "public":
            # An event for the GM alone reads the same named or not (gm_event_text).
            group = group_for(game_id, event.audience, seat_ids)
            by_group[group].append(event_message(event, texts=own[id(event)]))
            if id(event) in named:
                by_group[gm_group].append(event_message(event, texts=named[id(event)]))
    messages = [
        (group, {"type": BATCH, "game": game_id, "events": batch})
        for group, batch in by_group.items()
    ]
    commit = {
        "type": COMMIT,
        "game": game_id,
        "first": events[0].seq,
        "last": events[-1].seq,
        "manifest": [[e.seq, e.audience, e.kind] for e in events],
        "events": [event_message(e, texts=own[id(e)]) for e in events if e.audience == "public"],
    }
    if regroup is not None:
        commit["regroup"] = regroup
        # A seat's own stream never opens at a close: the others' counters only.
        commit["counters"] = {a: n for a, n in counters.items() if not a.startswith("seat:")}
    messages.append((public_group, commit))
    return messages


def send_on_commit(
    game_id: int,
    events: list,
    seat_ids: Callable[[], dict[str, int]],
    regroup: dict[str, dict] | None = None,
    counters: dict[str, int] | None = None,
) -> None:
    """Queue the commit's messages; `seat_ids` is asked only if a seat has an event."""
    if not events:
        return
    needs_seats = any(e.audience.startswith("seat:") for e in events)
    seats = seat_ids() if needs_seats else {}
    messages = commit_messages(game_id, events, seats, regroup, counters)
    transaction.on_commit(lambda: send_all(messages))


def send_all(messages: list[tuple[str, dict]]) -> None:
    """The commit's messages, in order, through the channel layer's `group_send`, run
    on the process's delivery loop (`delivery_loop`): the same path for the in-memory
    layer and Redis's, from a request, the embedded timer or a Celery worker."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = delivery_loop()
    try:
        if _running_loop() is loop:  # called on the loop itself: it cannot wait here
            loop.create_task(send_batch(layer, messages))
            return
        sent = asyncio.run_coroutine_threadsafe(send_batch(layer, messages), loop)
        sent.result(timeout=SEND_SECONDS)
    except Exception:  # the event is stored; a client that missed it will resync
        logger.exception("could not push %d messages", len(messages))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


async def send_batch(layer, messages: list[tuple[str, dict]]) -> None:
    for group, message in messages:
        await layer.group_send(group, message)


# How long a commit waits for its pushes before giving up on them (they are stored).
SEND_SECONDS = 10

# Where the pushes run. A channel layer belongs to an event loop: the in-memory
# layer's queues are the ASGI server's loop's (asyncio queues are not thread-safe:
# a message put there from another loop wakes no socket), and the Redis layer keeps
# one connection per loop. So in a process that serves sockets every push runs on
# the server's loop (mafiasite/asgi.py hands it over: `serve_from`), and elsewhere (a
# Celery worker, a command) on one loop the process keeps for its life, in a thread
# of its own, so that its Redis connection is made once rather than at every commit.
_server_loop: asyncio.AbstractEventLoop | None = None
_own_loop: tuple[int, asyncio.AbstractEventLoop] | None = None
_own_loop_lock = threading.Lock()


def serve_from(loop: asyncio.AbstractEventLoop) -> None:
    """The loop that serves this process's sockets (called with each new connection:
    a test's application runs in a loop of its own each time)."""
    global _server_loop
    _server_loop = loop


def delivery_loop() -> asyncio.AbstractEventLoop:
    loop = _server_loop
    if loop is not None and loop.is_running():
        return loop
    global _own_loop
    with _own_loop_lock:
        if _own_loop is None or _own_loop[0] != os.getpid():  # a fork has no threads
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="push-loop", daemon=True).start()
            _own_loop = (os.getpid(), loop)
        return _own_loop[1]
