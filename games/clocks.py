"""Times on each reader's clock: "15:00:00 MSK" in the active time zone (a page's is
its reader's: games/web/reader_locale.py), and in a pushed line, said once for every
reader, a marked moment each socket sets on its own reader's clock
(games/live/consumers.py)."""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime

from django.utils import dateformat, timezone

# A pushed line is said once for every reader of a language, whatever his zone: its
# clocks travel as marked moments that each socket sets on its reader's clock
# (`readers_clocks`, games/live/consumers.py).
_CLOCK_MARK = "\u2063"  # INVISIBLE SEPARATOR: never typed, never shown
_CLOCKS_LEFT_MARKED: ContextVar[bool] = ContextVar("clocks_left_marked", default=False)
_MARKED_CLOCK = re.compile(f"{_CLOCK_MARK}([^{_CLOCK_MARK}]+){_CLOCK_MARK}")


@contextmanager
def clocks_for_each_reader() -> Iterator[None]:
    """Inside, `local_clock` leaves its moment marked for each reader's socket."""
    token = _CLOCKS_LEFT_MARKED.set(True)
    try:
        yield
    finally:
        _CLOCKS_LEFT_MARKED.reset(token)


def readers_clocks(line: str, zone: str) -> str:
    """A pushed line's marked moments on one reader's clock (his zone's name given)."""
    if _CLOCK_MARK not in line:
        return line
    with timezone.override(zone):
        return _MARKED_CLOCK.sub(lambda found: local_clock(found.group(1)), line)


def local_clock(moment) -> str:
    """A moment (a datetime or an ISO string) on the reader's clock: "15:00:00 MSK" in
    the active time zone (a page's: his own, games/web/reader_locale.py); in a pushed
    line, marked for each socket's reader (`clocks_for_each_reader`)."""
    if _CLOCKS_LEFT_MARKED.get():
        iso = moment if isinstance(moment, str) else moment.isoformat()
        return f"{_CLOCK_MARK}{iso}{_CLOCK_MARK}"
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, UTC)
    local = timezone.localtime(moment)
    return f"{local:%H:%M:%S} {dateformat.format(local, 'T')}"
