"""Small template filters: event and result lines (games/text.py), list indexing,
dict lookup, a paused phase's time left."""

import secrets

from django import template
from django.utils.html import format_html

from games import text

register = template.Library()
register.filter("event_text", text.event_text)
register.filter("result_text", text.result_text)


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
    return text.duration(max(0, (phase.deadline - phase.paused_at).total_seconds()))


@register.simple_tag
def submission_key():
    """A form's hidden submission key, new at each render (games/services/submissions.py:
    a retry of the same form is the same submission)."""
    return format_html(
        '<input type="hidden" name="submission_key" value="{}">', secrets.token_hex(16)
    )
