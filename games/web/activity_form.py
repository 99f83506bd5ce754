"""The create form's activity fields (games/services/activity.py): each starts at the
chosen ruleset's defaults (roles.Ruleset.activity: ru_classic asks 10 game posts in
each of the first three days), no substitute and no reminder."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.services import default_settings
from roles.activity import MAX_MIN_POSTS, MAX_POST_DAYS, MAX_REMIND_MINUTES

NAMES = ("min_posts", "post_days", "substitute_instead", "remind_minutes")


def activity_fields(ruleset) -> dict[str, forms.Field]:
    start = default_settings(ruleset)
    return {
        "min_posts": forms.IntegerField(
            label=_("Game posts a day (minimum)"),
            min_value=0,
            max_value=MAX_MIN_POSTS,
            required=False,
            initial=start["min_posts"],
            help_text=_(
                "Posts in the day thread by each living player during the day, counted "
                "at its close: a warning the first time, a modkill when repeated. "
                "0: no minimum."
            ),
        ),
        "post_days": forms.IntegerField(
            label=_("For the first … days"),
            min_value=0,
            max_value=MAX_POST_DAYS,
            required=False,
            initial=start["post_days"],
            help_text=_("How many days (from day 1) the minimum holds."),
        ),
        "substitute_instead": forms.BooleanField(
            label=_("Ask me for a substitute instead of a modkill"),
            required=False,
            initial=start["substitute_instead"],
            help_text=_(
                "A repeated shortfall marks the seat 'substitute wanted'; you replace "
                "the player with the Replace tool."
            ),
        ),
        "remind_minutes": forms.IntegerField(
            label=_("Remind minutes before the deadline"),
            min_value=0,
            max_value=MAX_REMIND_MINUTES,
            required=False,
            initial=start["remind_minutes"],
            help_text=_(
                "Each player who still owes a vote or a move is reminded privately, "
                "once a phase. 0: no reminder."
            ),
        ),
    }


def activity_from(cleaned: dict) -> dict:
    """The settings a valid form posted, as services.create_game takes them; a number
    left empty (or a post without the field) keeps the ruleset's default."""
    given = {name: cleaned.get(name) for name in ("min_posts", "post_days", "remind_minutes")}
    settings = {name: value for name, value in given.items() if value is not None}
    settings["substitute_instead"] = bool(cleaned.get("substitute_instead"))
    return settings


def rule_text(activity) -> str:
    """A ruleset's posts rule in the reader's words (roles.activity.Activity: the
    engine's own text is English)."""
    if not activity.counts_posts:
        return str(_("no minimum of posts"))
    values = {"posts": activity.min_posts, "days": activity.post_days}
    if activity.post_days == 1:
        rule = ngettext(
            "at least %(posts)s game post in the first day; a warning the first time, "
            "a modkill when repeated",
            "at least %(posts)s game posts in the first day; a warning the first time, "
            "a modkill when repeated",
            activity.min_posts,
        )
    else:
        rule = ngettext(
            "at least %(posts)s game post in each of the first %(days)s days; a warning "
            "the first time, a modkill when repeated",
            "at least %(posts)s game posts in each of the first %(days)s days; a warning "
            "the first time, a modkill when repeated",
            activity.min_posts,
        )
    return rule % values
