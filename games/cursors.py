"""A client's event cursor ("everything after event N"), read strictly.

A cursor comes from a socket frame or a query string, so anything may arrive: a
float that overflows (1e400), NaN, a negative number, a string, an object, an
integer the database cannot hold. Only a whole number from 0 to MAX_SEQ is a
cursor; anything else is refused with one clear message, and nothing else happens.

>>> read_cursor(12), read_cursor("12", from_text=True)
(12, 12)
>>> try:
...     read_cursor(float("inf"))
... except BadCursor as refusal:
...     print(refusal)
after must be a whole number from 0 to 9007199254740991.
"""

from __future__ import annotations

# The largest integer a browser's JSON numbers hold exactly (2**53 - 1); far below
# what a 64-bit database column holds, far above any game's event count.
MAX_SEQ = 2**53 - 1

MAX_DIGITS = len(str(MAX_SEQ))


class BadCursor(ValueError):
    """Not a cursor: the message says what one is."""

    def __init__(self) -> None:
        super().__init__(f"after must be a whole number from 0 to {MAX_SEQ}.")


def read_cursor(value, *, from_text: bool = False) -> int:
    """The cursor in `value`: a JSON integer (a socket frame) or, with
    `from_text`, the digits of a query string."""
    if from_text and isinstance(value, str):
        text = value.strip()
        if not (text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS):
            raise BadCursor()
        value = int(text)
    elif isinstance(value, bool) or not isinstance(value, int):
        raise BadCursor()
    if not 0 <= value <= MAX_SEQ:
        raise BadCursor()
    return value
