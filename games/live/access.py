"""What a game socket may read, and what it reads: its access (groups, audiences,
streams) built from the viewer (games/viewer.py), and the log after its cursor.

These run in a thread (Channels' database_sync_to_async) and touch the database,
except `access_regrouped`, which rebuilds a seat's access in memory from what a phase
close says it reads now. games/live/consumers.py is the socket itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from asgiref.sync import async_to_sync

from games import masks, profiles, rows
from games.models import Game, Status
from games.services import push
from games.viewer import (
    Streams,
    Viewer,
    position_of,
    read_seat,
    streams_of,
    viewer_for,
    visible_events,
)

# The log's end and the game's stream counters (games/services/core.py `Change.log`),
# written in one transaction: read together, they say whether a stream holds anything
# after a cursor without reading the log.
LOG_END = "SELECT last_event_seq, last_gm_seq, audience_seqs FROM games_game WHERE id = %s"


@dataclass
class Access:
    viewer: Viewer
    groups: frozenset[str]
    audiences: frozenset[str]
    streams: Streams
    # mask -> account for the GM of a masked game while it runs (games/masks.py).
    accounts: dict = field(default_factory=dict)


def access_for(game_id: int, user) -> Access | None:
    game = Game.objects.filter(pk=game_id).select_related("gm").first()
    if game is None:
        return None
    viewer = viewer_for(game, user, with_view=False)
    return _access(viewer, dict(game.seats.values_list("name", "id")))


def _access(viewer: Viewer, seat_ids: dict[str, int]) -> Access:
    game = viewer.game
    audiences = frozenset(viewer.audiences())
    return Access(
        viewer=viewer,
        groups=frozenset(push.group_for(game.id, a, seat_ids) for a in audiences),
        audiences=audiences,
        streams=streams_of(viewer),
        accounts=masks.gm_accounts(game, viewer.is_gm),
    )


def access_after_close(game_id: int, before: Access) -> Access | None:
    """A seat's access after a phase close that named it (rooms.regrouped): a close
    changes the game and the seat's life, faction and rooms, never who the account is
    (GM, co-GM, spectator, its seat), so only the game's row is read again, not the
    four statements of `access_for`: every dead seat's socket does this at every close."""
    game = rows.first(Game, "id = %s", [game_id])
    if game is None or before.viewer.seat is None or not game.state:
        return None
    viewer = replace(before.viewer, game=game)
    read_seat(viewer)
    try:
        return _access(viewer, {viewer.seat.name: viewer.seat.id})
    except KeyError:  # another seat's audience: only the full read knows its group
        return None


def access_regrouped(before: Access, groups: dict) -> Access:
    """A seat's access after a phase close that named it, built in memory from what the
    close says the seat reads now (rooms.regrouped: life, faction, rooms): no trip to the
    database (a thread hop, the game's row and state, a hop back to join) for each dead
    seat's socket at each close."""
    viewer = replace(
        before.viewer,
        alive=groups["alive"],
        faction=groups["faction"],
        rooms=frozenset(groups["rooms"]),
    )
    return _access(viewer, {viewer.seat.name: viewer.seat.id})


def opening(game_id: int, user, after: dict, join) -> tuple[Access | None, list[dict], int]:
    """Everything a socket needs to open, in one trip to the database (one
    connection): its access; then, once `join` has put it in its groups, what it
    missed after `after`. Joining first means nothing committed meanwhile is lost."""
    access = access_for(game_id, user)
    if access is None:
        return None, [], 0
    async_to_sync(join)(access)
    return (access, *events_for(access, after))


def events_for(access: Access, after: dict[str, int]) -> tuple[list[dict], int]:
    """What this viewer may read after his cursor `after`, up to the log's end read
    first; and that end (the game-wide seq, for this consumer only).

    The end first: a change writes its events and the game's last seq in one
    transaction, so every event up to the end read is there to be read. Read the
    other way round, a change committed between the two reads would count as
    delivered without having been read, and its pushed message would be dropped as
    old: the sign-up page that did not follow the game's start (browser test)."""
    last, last_gm_seq, counters = log_end(access.viewer.game.id)
    if not access.streams.news_after(after, counters, last_gm_seq):
        # Nothing to read (a graveyard opened to a seat who died, a page's resync
        # before the close): no query of the log, which every dead seat's socket
        # would otherwise make at every close.
        return [], last
    found = list(visible_events(access.viewer, after, upto_seq=last, streams=access.streams))
    with profiles.pronoun_batch():  # the pronouns read once for the lot
        texts = push.event_texts(found, named=access.viewer.is_gm)  # one language at a time
        return [push.event_message(e, texts=t) for e, t in zip(found, texts, strict=True)], last


def log_end(game_id: int) -> tuple[int, int, dict]:
    """The game's last seq, last GM seq and stream counters (a plain statement: at a
    close every dead seat's socket reads it)."""
    ends = rows.json_values(Game, LOG_END, [game_id], json_columns=[2])
    return ends[0] if ends else (0, 0, {})


@dataclass
class Regrouped:
    access: Access
    finished: bool = False  # the game ended: `position` is the cursor over all of it
    position: dict[str, int] | None = None  # None: the audiences did not change
    events: list[dict] = field(default_factory=list)


def regrouping(
    game_id: int,
    user,
    before: Access,
    position: dict,
    synced: int,
    join,
    after_close: bool = False,
) -> Regrouped | None:
    """A socket's groups re-read and joined, then what a stream it newly reads holds, in
    one trip to the database (one connection: the web process keeps none, and at a
    phase close every dead seat's socket comes here through one shared thread).
    Joining first means nothing committed meanwhile is lost. `after_close`: a phase
    close named this seat (`access_after_close`)."""
    access = access_after_close(game_id, before) if after_close else None
    access = access or access_for(game_id, user)
    if access is None:
        return None
    finished_now = (
        access.viewer.game.status == Status.FINISHED
        and before.viewer.game.status != Status.FINISHED
    )
    async_to_sync(join)(access)
    if finished_now:
        return Regrouped(access, True, position_of(access.viewer, synced, access.streams))
    if access.audiences == before.audiences:
        return Regrouped(access)
    start = start_position(access.streams, position)
    events, _ = events_for(access, start)
    return Regrouped(access, position=start, events=events)


def start_position(streams: Streams, given: dict[str, int]) -> dict[str, int]:
    """The cursor a browser gave, over this viewer's own streams only (a label he
    does not read is dropped; one he does not name starts at 0)."""
    position = streams.start()
    if streams.everything:
        position.update(given)
    else:
        position.update({label: n for label, n in given.items() if label in position})
    return position
