"""Small template filters: event and result lines (games/text.py), list indexing,
dict lookup, a paused phase's time left."""

import re
import secrets
from urllib.parse import urlencode

from django import template
from django.template.defaultfilters import date as date_filter
from django.template.defaultfilters import linebreaksbr
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.text import normalize_newlines
from django.utils.translation import pgettext_lazy

from games import gm_text, text

register = template.Library()
register.filter("event_text", text.event_text)
register.filter("result_text", text.result_text)
register.filter("own_result_text", text.own_result_text)


# The "dead" tag by the player's pronoun (Russian: мёртв, мертва, мёртв(а)).
DEAD_TAGS = {
    "he": pgettext_lazy("a player who chose he", "dead"),
    "she": pgettext_lazy("a player who chose she", "dead"),
    "they": pgettext_lazy("a player who chose they", "dead"),
}


@register.filter
def dead_tag(pronoun) -> str:
    """The tag of a dead player in words that agree with his pronoun (games/profiles.py:
    `pronouns`, seat name -> pronoun, in the page's context; "they" when unknown)."""
    return _agreeing(DEAD_TAGS, pronoun)


ALIVE_TAGS = {
    "he": pgettext_lazy("a player who chose he", "alive"),
    "she": pgettext_lazy("a player who chose she", "alive"),
    "they": pgettext_lazy("a player who chose they", "alive"),
}


@register.filter
def alive_tag(pronoun) -> str:
    """The same for a living player (Russian: жив, жива, жив(а))."""
    return _agreeing(ALIVE_TAGS, pronoun)


def _agreeing(tags: dict, pronoun) -> str:
    return str(tags.get(str(pronoun or ""), tags["they"]))


# The formats of a time on a page, server-side (Django's `date`) and for reader.js,
# which shows the same time in the browser's zone on a reader's first page.
TIME_FORMATS = {"clock": "H:i:s", "clock-zone": "H:i:s T", "date-time": "j M Y, H:i"}


@register.filter
def local_time(value, kind: str = "clock"):
    """A moment as the page shows it: `<time datetime=ISO data-format=kind>` in the
    reader's zone (the server's when it knows it; else reader.js on the first page)."""
    if not value:
        return ""
    return format_html(
        '<time datetime="{}" data-format="{}">{}</time>',
        value.isoformat(),
        kind,
        date_filter(value, TIME_FORMATS[kind]),
    )


@register.filter
def times(count):
    return range(int(count or 0))


@register.filter
def index(sequence, position):
    try:
        return sequence[int(position)]
    except (IndexError, TypeError, ValueError, KeyError):
        return None


@register.filter
def lookup(mapping, key):
    return (mapping or {}).get(key)


@register.filter
def time_left(phase) -> str:
    """What a paused phase has left, e.g. "4:59"."""
    if phase is None or phase.paused_at is None:
        return ""
    return gm_text.duration(max(0, (phase.deadline - phase.paused_at).total_seconds()))


@register.simple_tag
def submission_key():
    """A form's hidden submission key, new at each render (games/services/submissions.py:
    a retry of the same form is the same submission)."""
    return format_html(
        '<input type="hidden" name="submission_key" value="{}">', secrets.token_hex(16)
    )


# -- paged threads (games/threads.py) --------------------------------------------------


@register.filter
def highlighted(text, search=""):
    """A post's text as `linebreaksbr` shows it, each occurrence of `search` (a search
    in the thread) marked. The search is matched as typed, never as a pattern, and
    every piece is escaped."""
    text = normalize_newlines(str(text))
    if not search:
        return linebreaksbr(text, autoescape=True)
    pieces, last = [], 0
    for found in re.finditer(re.escape(str(search)), text, re.IGNORECASE):
        pieces.append(escape(text[last : found.start()]))
        pieces.append(format_html("<mark>{}</mark>", found.group()))
        last = found.end()
    pieces.append(escape(text[last:]))
    return mark_safe("".join(pieces).replace("\n", "<br>"))  # every piece escaped above


@register.simple_tag
def thread_link(game, page, cursor: str, ref: str) -> str:
    """A link to the page of `page`'s thread before or after the post `ref`, with
    its filters (without script, the older and newer controls are these links)."""
    params = {**page.query.params(), cursor: ref}
    return f"{reverse('game', args=[game.id])}?{urlencode(params)}#thread-{page.query.thread}"


@register.simple_tag
def post_link(game, post, thread: str) -> str:
    """A post's permalink: the game page opened at the page holding it."""
    params = {"post": post.ref} if thread == "day" else {"thread": thread, "post": post.ref}
    return f"{reverse('game', args=[game.id])}?{urlencode(params)}#post-{post.ref}"
