"""A reader's language, time zone and pronoun (games.models.Profile), with the defaults
for readers without a profile: the browser's language, UTC, "they".

>>> from django.contrib.auth.models import AnonymousUser
>>> pronoun_of(AnonymousUser()), time_zone_of(AnonymousUser())
('they', 'UTC')
"""

from __future__ import annotations

import functools
import zoneinfo
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from urllib.parse import unquote

from django.conf import settings
from django.utils import translation

from games.models import Profile, Pronoun

DEFAULT_TIME_ZONE = "UTC"
# The browser's time zone, written by static/games/reader.js (an IANA name).
TIME_ZONE_COOKIE = "mafia_tz"


def profile_of(user) -> Profile | None:
    """The account's saved profile, or None (anonymous, or never saved)."""
    if user is None or not user.is_authenticated:
        return None
    try:
        return user.profile
    except Profile.DoesNotExist:
        return None


def editable_profile(user) -> Profile:
    """The account's profile, a new unsaved one with the defaults if it has none."""
    return profile_of(user) or Profile(user=user)


def language_of(user, request=None) -> str:
    """The account's language; else the browser's (the language cookie, then
    Accept-Language) when a request is given; else the site's default."""
    profile = profile_of(user)
    if profile is not None and profile.language:
        return profile.language
    if request is not None:
        return translation.get_language_from_request(request)
    return settings.LANGUAGE_CODE


def time_zone_of(user, request=None) -> str:
    """The account's time zone; else the browser's (its cookie) when a request is
    given and names a real zone; else UTC."""
    profile = profile_of(user)
    if profile is not None and profile.time_zone:
        return profile.time_zone
    if request is not None:
        # reader.js writes it URL-encoded ("Asia%2FTokyo"); Django does not decode it.
        from_browser = unquote(request.COOKIES.get(TIME_ZONE_COOKIE, ""))
        if is_time_zone(from_browser):
            return from_browser
    return DEFAULT_TIME_ZONE


def pronoun_of(user) -> str:
    """ "they", "he" or "she": how the game's texts speak of this player."""
    profile = profile_of(user)
    return profile.pronoun if profile is not None else Pronoun.THEY.value


# Within a batch (a request: games/web/reader_locale.py; a commit's pushes:
# games/services/push.py), game id -> its seats' pronouns, read once.
_BATCH: ContextVar[dict[int, dict[str, str]] | None] = ContextVar("pronouns", default=None)


@contextmanager
def pronoun_batch() -> Iterator[None]:
    """Read each game's pronouns once for everything rendered inside (a page of event
    lines, a commit's lines in every language); nested batches share the outer one."""
    if _BATCH.get() is not None:
        yield
        return
    token = _BATCH.set({})
    try:
        yield
    finally:
        _BATCH.reset(token)


def pronouns_in_game(game_id: int) -> dict[str, str]:
    """Seat name -> pronoun for the seats of one game whose player set one (once per
    batch: `pronoun_batch`)."""
    from games import rows
    from games.models import Seat

    batch = _BATCH.get()
    if batch is not None and game_id in batch:
        return dict(batch[game_id])
    # One plain statement: every phase close that describes a death reads this (the
    # ORM would build a model per seat for two columns).
    pronouns = dict(rows.values(Seat, PRONOUNS_IN_GAME, [game_id]))
    if batch is not None:
        batch[game_id] = pronouns
    return dict(pronouns)


PRONOUNS_IN_GAME = (
    "SELECT s.name, p.pronoun FROM games_seat s"
    " JOIN games_profile p ON p.user_id = s.user_id WHERE s.game_id = %s"
)


@functools.cache
def time_zone_names() -> frozenset[str]:
    """Every IANA zone name this machine knows (read from disk once)."""
    return frozenset(zoneinfo.available_timezones())


def is_time_zone(name: str) -> bool:
    return name in time_zone_names()


def language_of_socket(scope) -> str:
    """A socket's reader's language: his account's, else his browser's (the language
    cookie, then Accept-Language, as the pages read them), else the site's default."""
    user = scope.get("user")
    profile = profile_of(user)
    if profile is not None and profile.language:
        return profile.language
    return browser_language(scope)


def time_zone_of_socket(scope) -> str:
    """A socket's reader's time zone, as his pages read it (`time_zone_of`: his
    account's, else his browser's cookie, else UTC)."""
    return time_zone_of(scope.get("user"), _request_of(scope))


def browser_language(scope) -> str:
    """A socket's browser's language (the language cookie, then Accept-Language, as
    the pages read them), else the site's default; reads no database."""
    return translation.get_language_from_request(_request_of(scope))


def _request_of(scope):
    """A socket's headers and cookies as a request, for the pages' own readings."""
    from django.http import HttpRequest

    request = HttpRequest()
    for name, value in scope.get("headers", []):
        key = name.decode("latin-1").upper().replace("-", "_")
        request.META[f"HTTP_{key}"] = value.decode("latin-1")
    request.COOKIES = _cookies(request.META.get("HTTP_COOKIE", ""))
    return request


def _cookies(header: str) -> dict[str, str]:
    from django.http.cookie import parse_cookie

    return parse_cookie(header)
