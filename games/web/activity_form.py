"""The create form's activity fields (games/services/activity.py): each starts at the
chosen ruleset's defaults (roles.Ruleset.activity: ru_classic asks 10 game posts in
each of the first three days), no substitute and no reminder."""

from __future__ import annotations

from django import forms

from games.services import default_settings
from roles.activity import MAX_MIN_POSTS, MAX_POST_DAYS, MAX_REMIND_MINUTES

NAMES = ("min_posts", "post_days", "substitute_instead", "remind_minutes")


def activity_fields(ruleset) -> dict[str, forms.Field]:
    start = default_settings(ruleset)
    return {
        "min_posts": forms.IntegerField(
            label="Game posts a day (minimum)",
            min_value=0,
            max_value=MAX_MIN_POSTS,
            required=False,
            initial=start["min_posts"],
            help_text="Posts in the day thread by each living player during the day, counted "
            "at its close: a warning the first time, a modkill when repeated. 0: no minimum.",
        ),
        "post_days": forms.IntegerField(
            label="For the first … days",
            min_value=0,
            max_value=MAX_POST_DAYS,
            required=False,
            initial=start["post_days"],
            help_text="How many days (from day 1) the minimum holds.",
        ),
        "substitute_instead": forms.BooleanField(
            label="Ask me for a substitute instead of a modkill",
            required=False,
            initial=start["substitute_instead"],
            help_text="A repeated shortfall marks the seat 'substitute wanted'; you replace "
            "the player with the Replace tool.",
        ),
        "remind_minutes": forms.IntegerField(
            label="Remind minutes before the deadline",
            min_value=0,
            max_value=MAX_REMIND_MINUTES,
            required=False,
            initial=start["remind_minutes"],
            help_text="Each player who still owes a vote or a move is reminded privately, "
            "once a phase. 0: no reminder.",
        ),
    }


def activity_from(cleaned: dict) -> dict:
    """The settings a valid form posted, as services.create_game takes them; a number
    left empty (or a post without the field) keeps the ruleset's default."""
    given = {name: cleaned.get(name) for name in ("min_posts", "post_days", "remind_minutes")}
    settings = {name: value for name, value in given.items() if value is not None}
    settings["substitute_instead"] = bool(cleaned.get("substitute_instead"))
    return settings
