"""The lines of the GM's tools (games/services/gm.py, games/services/activity.py): a
deadline moved, a pause, a reminder, the posts rule, a replacement, a co-GM. Each needs
only the event's payload; its words are the site's own (Django's catalogues), said in
the active language. games/text.py puts them in its table of lines by kind."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from games.clocks import local_clock


def _listed(names) -> str:
    return ", ".join(str(name) for name in names or [])


def _clock(iso: str) -> str:
    return local_clock(iso) if iso else "?"


def duration(seconds) -> str:
    minutes, secs = divmod(int(seconds or 0), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _extended_text(p: dict) -> str:
    if not p.get("gm"):
        return _("The deadline moved to %(deadline)s (waiting for a decision).") % {
            "deadline": _clock(p.get("deadline"))
        }
    if p.get("paused"):
        return _("The GM added %(added)s: %(remaining)s left when the game resumes.") % {
            "added": duration(p.get("by")),
            "remaining": duration(p.get("remaining")),
        }
    return _("The GM added %(added)s: the phase now closes at %(deadline)s.") % {
        "added": duration(p.get("by")),
        "deadline": _clock(p.get("deadline")),
    }


def posts_counts(p: dict) -> dict:
    return {"posts": p.get("posts"), "needed": p.get("needed"), "day": p.get("day")}


def _substitute_text(p: dict) -> str:
    if p.get("you"):
        return _(
            "Inactive again (%(posts)s of %(needed)s game posts on day %(day)s, after a "
            "warning): the GM is looking for a substitute to take your seat."
        ) % posts_counts(p)
    return _(
        "Substitute wanted for %(player)s (%(posts)s of %(needed)s game posts on day "
        "%(day)s, warned before): replace the player (Step in, Replace) instead of a modkill."
    ) % {"player": p.get("player"), **posts_counts(p)}


def _reminder_text(p: dict) -> str:
    said = {
        "phase": pgettext("reminder", p.get("kind") or "phase"),
        "number": p.get("number"),
        "deadline": _clock(p.get("deadline")),
        "minutes": p.get("minutes"),
    }
    if p.get("owes") == "vote":
        return (
            _(
                "Reminder: %(phase)s %(number)s closes at %(deadline)s (in %(minutes)s min) "
                "and your vote is still missing."
            )
            % said
        )
    return (
        _(
            "Reminder: %(phase)s %(number)s closes at %(deadline)s (in %(minutes)s min) "
            "and your move is still missing."
        )
        % said
    )


# The phase kinds a reminder names, in the catalogue (pgettext "reminder" above).
REMINDER_PHASES = (pgettext_lazy("reminder", "day"), pgettext_lazy("reminder", "night"))


def _posts_rule_text(p: dict) -> str:
    """The GM changed the posts rule (games/services/activity.py set_posts_rule)."""
    said = {"day": p.get("from_day"), "posts": p.get("min_posts"), "days": p.get("post_days")}
    if not p.get("min_posts") or not p.get("post_days"):
        return _("The GM turned the posts rule off from day %(day)s.") % said
    line = (
        _(
            "The GM changed the posts rule from day %(day)s: at least %(posts)s game posts a "
            "day, through day %(days)s."
        )
        % said
    )
    if p.get("substitute_instead"):
        return line + " " + _("A second shortfall: the GM looks for a substitute, no modkill.")
    return line + " " + _("A second shortfall is a modkill.")


def _replaced_text(p: dict) -> str:
    if p.get("masked"):
        return _("%(player)s has a new player.") % {"player": p.get("player")}
    return _("%(by)s replaces %(player)s.") % {"by": p.get("by"), "player": p.get("player")}


def _handed_over_text(p: dict) -> str:
    return _(
        "%(was)s handed the game over: %(account)s is its GM now (%(was)s stays on as a co-GM)."
    ) % {"was": p.get("was"), "account": p.get("account")}


GM_TOOL_TEXTS = {
    "activity_warning": lambda p: (
        _(
            "Warning to %(player)s for inactivity: %(posts)s of %(needed)s game posts on day "
            "%(day)s. Missing the minimum again is a modkill."
        )
        % {"player": p.get("player"), **posts_counts(p)}
    ),
    "substitute_wanted": _substitute_text,
    "reminder": _reminder_text,
    "posts_rule": _posts_rule_text,
    "deadline_extended": _extended_text,
    "paused": lambda p: (
        _("The GM paused the game (%(remaining)s left).")
        % {"remaining": duration(p.get("remaining"))}
    ),
    "resumed": lambda p: (
        _("The GM resumed the game: it closes at %(deadline)s.")
        % {"deadline": _clock(p.get("deadline"))}
    ),
    "replaced": _replaced_text,
    "cogm_added": lambda p: (
        _("%(account)s is now a co-GM of this game.") % {"account": p.get("account")}
    ),
    "cogm_removed": lambda p: (
        _("%(account)s is no longer a co-GM of this game.") % {"account": p.get("account")}
    ),
    "gm_handed_over": _handed_over_text,
    "bots_added": lambda p: (
        _("Practice seats (bots): %(players)s.") % {"players": _listed(p.get("players"))}
    ),
    "bot_removed": lambda p: _("%(player)s (a bot) left.") % {"player": p.get("player")},
    "action_void": lambda p: (
        _("Your action on %(player)s is void (%(player)s was modkilled): choose again.")
        % {"player": p.get("player")}
    ),
}
