"""The activity rules on the site: a game's settings, the posts rule at a day's close,
and each seat's counter of game posts.

The engine holds the rule and each ruleset's defaults (roles/activity.py); the site
counts the posts (a game post: a post in the day thread by a living player during that
day) and applies the engine's verdicts inside the close's own locked transaction
(`judge_posts`, called by games/services/phases.py through `use_day_close_rule`): a
public warning, or the host's modkill (games/services/gm.py `modkill_seat`), or, when
the GM chose it, a "substitute wanted" mark the GM resolves with the replace tool.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Max
from django.utils.translation import gettext

import roles
from games.models import Event, Game, Phase, Post
from games.services.core import Change, ServiceError, engine_state, gm_change
from games.services.gm import modkill_seat
from roles.activity import (
    MAX_MIN_POSTS,
    MAX_POST_DAYS,
    MAX_REMIND_MINUTES,
    MODKILL,
    WARNING,
    Activity,
    post_verdicts,
)

SETTINGS = ("min_posts", "post_days", "substitute_instead", "remind_minutes")
# The posts rule's own settings, which the GM may change while the game runs.
POSTS_RULE = ("min_posts", "post_days", "substitute_instead")
POSTS_RULE_KIND = "posts_rule"


def default_settings(ruleset) -> dict:
    """The create form's starting values: the ruleset's posts rule, no substitute, no
    reminder."""
    return {
        "min_posts": ruleset.activity.min_posts,
        "post_days": ruleset.activity.post_days,
        "substitute_instead": False,
        "remind_minutes": 0,
    }


def _whole(value, label: str, top: int) -> int:
    """`label`: the setting's name, already in the reader's words."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ServiceError(
            gettext("%(setting)s must be a whole number.") % {"setting": label}
        ) from None
    if not 0 <= number <= top:
        raise ServiceError(
            gettext("%(setting)s is between 0 and %(top)s.") % {"setting": label, "top": top}
        )
    return number


def checked_settings(ruleset, given: dict | None) -> dict:
    """A game's activity settings: the ruleset's defaults where `given` is silent,
    every value checked (a ServiceError names the first bad one)."""
    settings = default_settings(ruleset)
    unknown = set(given or {}) - set(SETTINGS)
    if unknown:
        raise ServiceError(
            gettext("Unknown activity setting %(setting)s.") % {"setting": repr(sorted(unknown)[0])}
        )
    settings.update(given or {})
    return {
        "min_posts": _whole(
            settings["min_posts"], gettext("The minimum of posts a day"), MAX_MIN_POSTS
        ),
        "post_days": _whole(
            settings["post_days"], gettext("The days the minimum holds"), MAX_POST_DAYS
        ),
        "substitute_instead": bool(settings["substitute_instead"]),
        "remind_minutes": _whole(
            settings["remind_minutes"], gettext("The reminder's minutes"), MAX_REMIND_MINUTES
        ),
    }


def rules_of(game: Game) -> Activity:
    return Activity(min_posts=game.min_posts, post_days=game.post_days)


def day_posts(phase: Phase) -> dict[str, int]:
    """Each seat's game posts of this day: its posts in the day thread of the phase."""
    rows = (
        Post.objects.filter(phase=phase, channel=Post.DAY, seat__isnull=False)
        .values_list("seat__name")
        .annotate(posts=Count("id"))
    )
    return dict(rows)


def post_counter(game: Game, phase: Phase | None, seat) -> dict | None:
    """A seat's counter on the game page ("posts today: 4 of 10"), while the posts rule
    counts the open day and the seat's player is alive; None otherwise."""
    if phase is None or phase.kind != Phase.DAY or not phase.is_open or seat is None:
        return None
    if seat.is_bot or not rules_of(game).applies_on(phase.number):
        return None
    state = engine_state(game)
    if not state.has_player(seat.name) or not state.player(seat.name).alive:
        return None
    posts = Post.objects.filter(phase=phase, channel=Post.DAY, seat=seat).count()
    return {
        "posts": posts,
        "needed": game.min_posts,
        "day": phase.number,
        "warned": seat.activity_warned,
        "next": "substitute" if game.substitute_instead else "modkill",
    }


def gm_activity(game: Game, phase: Phase | None) -> dict[str, dict]:
    """For the GM's table: each seat's warning and substitute mark, and its game posts
    of the open day while the posts rule counts it ("posts" None otherwise)."""
    counting = (
        phase is not None and phase.kind == Phase.DAY and rules_of(game).applies_on(phase.number)
    )
    posts = day_posts(phase) if counting else {}
    return {
        name: {
            "warned": warned,
            "substitute": wanted,
            "posts": posts.get(name, 0) if counting else None,
        }
        for name, warned, wanted in game.seats.values_list(
            "name", "activity_warned", "substitute_wanted"
        )
    }


def judge_posts(change: Change, day: Phase, after: Phase | None, state: roles.GameState) -> None:
    """At a day's close (in its transaction, once: a closed day is never closed again):
    count each living player's posts and apply the engine's verdicts. `state` is the
    state after the day; `after` the phase it opened (None: the game is over, and a
    finished game has nothing to judge)."""
    game = change.game
    rules = rules_of(game)
    if after is None or day.kind != Phase.DAY or not rules.applies_on(day.number):
        return
    seats = {s.name: s for s in game.seats.all()}
    living = [n for n in state.alive_names() if n in seats and not seats[n].is_bot]
    posts = day_posts(day)
    counts = {name: posts.get(name, 0) for name in living}
    warned = {name for name in living if seats[name].activity_warned}
    verdicts = post_verdicts(rules, day.number, counts, warned)
    judged = [  # in seat order, as the verdicts are announced
        (seats[name], verdicts[name], {"player": name, "posts": counts[name]})
        for name in living
        if name in verdicts
    ]
    # The rule acts here, not the GM or co-GM who closed the day: no "by co-GM" lines.
    acting, change.acting = change.acting, {}
    try:
        for seat, verdict, why in judged:
            why.update(needed=rules.min_posts, day=day.number)
            _apply_verdict(change, day, after, seat, verdict, why)
    finally:
        change.acting = acting


def _apply_verdict(change: Change, day: Phase, after: Phase, seat, verdict: str, why) -> None:
    """A public warning; or the GM's call for a substitute; or the host's modkill at the
    opening of the phase after the day (unless an earlier one ended the game)."""
    if verdict == WARNING:
        seat.activity_warned = True
        seat.save(update_fields=["activity_warned"])
        change.log("activity_warning", "public", why, phase=day)
    elif verdict == MODKILL and change.game.substitute_instead:
        if not seat.substitute_wanted:
            seat.substitute_wanted = True
            seat.save(update_fields=["substitute_wanted"])
            change.log("substitute_wanted", "gm", why, phase=day)
            change.log("substitute_wanted", f"seat:{seat.name}", {**why, "you": True}, phase=day)
    elif verdict == MODKILL and after.is_open:
        modkill_seat(change, after, seat, day.closed_at, why={"reason": "posts", **why})


def substitutes_wanted(game: Game) -> list[str]:
    """The seats the GM is asked to find a substitute for (the replace tool clears it)."""
    return list(game.seats.filter(substitute_wanted=True).values_list("name", flat=True))


# -- the GM changes the posts rule while the game runs ---------------------------------


def posts_rule_of(game: Game) -> dict:
    return {name: getattr(game, name) for name in POSTS_RULE}


def _next_day(game: Game) -> int:
    """The number of the next day to open: one after the last day opened so far (the
    open day's own number + 1 while a day runs)."""
    last = game.phases.filter(kind=Phase.DAY).aggregate(last=Max("number"))["last"]
    return (last or 0) + 1


def pending_posts_rule(game: Game, phase: Phase | None) -> dict | None:
    """The GM's change made during the open day (it waits for the day's close), or None."""
    if phase is None or phase.kind != Phase.DAY or not phase.is_open:
        return None
    return _changed_during(game, phase)


def _changed_during(game: Game, day: Phase) -> dict | None:
    """The GM's last change of the posts rule made during `day`, or None."""
    event = Event.objects.filter(game=game, phase=day, kind=POSTS_RULE_KIND).order_by("-seq")
    first = event.first()
    return {name: first.payload[name] for name in POSTS_RULE} if first else None


def set_posts_rule(gm, game_id: int, min_posts, post_days, substitute_instead) -> dict:
    """The GM (or a co-GM) changes the posts rule of a running game. It takes effect
    from the next day's count: at once between days, at the open day's close while a
    day runs (that day is judged by the rule it began with: `apply_posts_rule_change`).
    A public line says the new rule and the day it counts from; returns the payload."""
    with transaction.atomic():
        change, phase = gm_change(gm, game_id, None)
        game = change.game
        rule = {
            "min_posts": _whole(min_posts, gettext("The minimum of posts a day"), MAX_MIN_POSTS),
            "post_days": _whole(post_days, gettext("The days the minimum holds"), MAX_POST_DAYS),
            "substitute_instead": bool(substitute_instead),
        }
        waiting = phase.kind == Phase.DAY
        now_in_force = pending_posts_rule(game, phase) or posts_rule_of(game)
        if rule == now_in_force:
            raise ServiceError(gettext("The posts rule is already so: nothing changed."))
        payload = {**rule, "from_day": _next_day(game)}
        change.log(POSTS_RULE_KIND, "public", payload, phase=phase)
        if not waiting:
            for name, value in rule.items():
                setattr(game, name, value)
        change.finish()  # saves the game row, the rule with it
    return payload


def apply_posts_rule_change(
    change: Change, day: Phase, after: Phase | None, state: roles.GameState
) -> None:
    """At a day's close, after the day was judged (`judge_posts`): the GM's change made
    during that day now holds, from the next day's count."""
    pending = _changed_during(change.game, day) if day.kind == Phase.DAY else None
    if pending is None:
        return
    for name, value in pending.items():
        setattr(change.game, name, value)


# -- the desk's preview: the verdicts the posts rule would give ---------------------


def preview_verdicts(game: Game, phase: Phase, living: list[str]) -> list[dict]:
    """ "If this day closed now": what the posts rule would give each player alive
    after the vote (`living`), in seat order: a warning, a modkill, or (the GM's
    option) a substitute wanted. As `judge_posts`, never stored."""
    rules = rules_of(game)
    if phase.kind != Phase.DAY or not rules.applies_on(phase.number):
        return []
    seats = {s.name: s for s in game.seats.all()}
    judged = [name for name in living if name in seats and not seats[name].is_bot]
    posts = day_posts(phase)
    counts = {name: posts.get(name, 0) for name in judged}
    warned = {name for name in judged if seats[name].activity_warned}
    verdicts = post_verdicts(rules, phase.number, counts, warned)
    preview = []
    for name in judged:
        verdict = verdicts.get(name)
        if verdict is None:
            continue
        if verdict == MODKILL and game.substitute_instead:
            verdict = "substitute"
        preview.append(
            {"player": name, "verdict": verdict, "posts": counts[name], "needed": rules.min_posts}
        )
    return preview
