"""A viewer's event cursor: where he is in each stream of events he reads.

A game-wide sequence number would tell every viewer how many events he may not read
happened (an anonymous visitor counted the night actions, the chats, the
private results; a prisoner learned where the Jailor sits). So no viewer is ever
shown one. Each event is numbered within its audience (`Event.audience_seq`, gap-free
per game and audience) and, if the GM reads it, within the GM's stream
(`Event.gm_seq`); both are handed out by `Change.log` inside the game's lock.

A viewer reads a few streams (games/viewer.py): one per audience he reads ("public",
his own seat as "me", "dead", his faction and rooms under opaque labels), or the GM's
one stream "all" while the game runs. His cursor is a small JSON object
{label: last number read}; an event reaches him as (label, number). A number only
moves when an event he reads is logged, so nothing he can read counts anything else.
A label missing from a cursor is a stream read from its start: an audience joined
mid-game (a death opens the graveyard) is read in full, and catch-up stays gap-free.

A cursor comes from a socket frame or a query string, so anything may arrive: floats
that overflow (1e400), NaN, negative numbers, strings, lists, labels of audiences
the viewer may not read. Only an object of whole numbers from 0 to MAX_SEQ is a
cursor (0 alone, or nothing, means "from the start"); a label the viewer does not
read is ignored: the server always re-derives what the viewer reads.

>>> read_position('{"public": 12, "me": 3}', from_text=True)
{'public': 12, 'me': 3}
>>> read_position(0), read_position("", from_text=True)
({}, {})
>>> try:
...     read_position({"public": float("inf")})
... except BadCursor as refusal:
...     print(refusal)
after must be the cursor the page was given: an object of whole numbers from 0 to 9007199254740991.
"""

from __future__ import annotations

import json

from django.utils.crypto import salted_hmac

from games import rooms

# The largest integer a browser's JSON numbers hold exactly (2**53 - 1); far below
# what a 64-bit database column holds, far above any game's event count.
MAX_SEQ = 2**53 - 1

MAX_TEXT = 8000  # a cursor in a query string: a finished game names every audience

MAX_LABELS = 200  # a finished game's every audience (every seat, room and faction)

MAX_LABEL_CHARS = 40

PUBLIC, DEAD, ME, GM_STREAM = "public", "dead", "me", "all"


class BadCursor(ValueError):
    """Not a cursor: the message says what one is."""

    def __init__(self) -> None:
        super().__init__(
            "after must be the cursor the page was given: an object of whole numbers "
            f"from 0 to {MAX_SEQ}."
        )


def read_number(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEQ:
        raise BadCursor()
    return value


def read_position(value, *, from_text: bool = False) -> dict[str, int]:
    """The cursor in `value`: a JSON object (a socket frame) or, with `from_text`,
    its text (a query string). 0, "0" or "" is the start of every stream."""
    if from_text and isinstance(value, str):
        text = value.strip()
        if text in ("", "0"):
            return {}
        if len(text) > MAX_TEXT:
            raise BadCursor()
        try:
            value = json.loads(text, parse_constant=_refuse_constant)
        except (ValueError, RecursionError):
            raise BadCursor() from None
    if value == 0 and not isinstance(value, bool) and isinstance(value, int):
        return {}
    if not isinstance(value, dict) or len(value) > MAX_LABELS:
        raise BadCursor()
    position = {}
    for label, number in value.items():
        if not isinstance(label, str) or len(label) > MAX_LABEL_CHARS:
            raise BadCursor()
        position[label] = read_number(number)
    return position


def _refuse_constant(name: str):
    raise BadCursor()  # NaN, Infinity


def gm_reads(audience: str, kind: str) -> bool:
    """The GM reads every event but players' private messages (the "gm" copy of a PM
    is its own event, when the game lets him read them) and the rooms' copies for
    players (he has his own, under real names: games/rooms.py)."""
    if audience == "gm":
        return True
    return kind != "pm" and not rooms.is_room_audience(audience)


def label_of(game_id: int, audience: str, own_seat: str = "") -> str:
    """What a viewer calls the stream of an audience he reads: "public", "dead", "me"
    for his own seat; any other audience (a faction, a room, a seat or "gm" once the
    game is over) an opaque label, so a cursor names no faction and no seat."""
    if audience in (PUBLIC, DEAD):
        return audience
    if own_seat and audience == f"seat:{own_seat}":
        return ME
    return "s" + salted_hmac("games.cursors.label", f"{game_id}:{audience}").hexdigest()[:12]
