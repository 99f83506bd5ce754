"""The site's words that depend on a value: a phase's name ("Night 2", "Ночь 2") in
the reader's language. Engine text has its own filters (game_tags)."""

from django import template
from django.utils.translation import gettext, pgettext

register = template.Library()


@register.simple_tag
def phase_name(kind, number=None) -> str:
    """ "Day 3", "Night 1"; without a number "Day", "Night"."""
    if number in (None, ""):
        return pgettext("phase", "Night") if kind == "night" else pgettext("phase", "Day")
    from games.models import phase_name as name

    return name(kind, number)


@register.filter
def phase_label(label: str) -> str:
    """A phase as stored in a post's payload ("night 1", "sign-ups", "after the game")
    in the reader's language."""
    from games.models import outside_phases_words, phase_words

    kind, _, number = str(label).partition(" ")
    if kind in ("day", "night") and number.isdigit():
        return phase_words(kind, number)
    return outside_phases_words().get(label, label)


@register.filter
def table_name(name) -> str:
    """A name at a graveyard table: a spectator's mark in the reader's language
    ("sam (spectator)" is stored as such; it reads "sam (зритель)")."""
    from games.services import SPECTATOR_MARK

    name = str(name or "")
    if name.endswith(SPECTATOR_MARK):
        return gettext("%(name)s (spectator)") % {"name": name[: -len(SPECTATOR_MARK)]}
    return name


@register.filter
def reveal_label(mode) -> str:
    """A game's reveal mode ("role", "half_light") as the create form names it."""
    from games.web.forms import reveal_label as label

    return label(mode)
