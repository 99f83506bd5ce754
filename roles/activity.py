"""Activity rules: how much a player must write, and what a shortfall costs.

003 (ru_classic): 'Each player must write at least 10 game posts in each of the first
three days; missing that earns a warning the first time and a modkill when repeated.'
The site counts the posts (they are not engine input); the engine holds each ruleset's
defaults (`Ruleset.activity`) and decides what a count means (`post_verdicts`). The
modkill itself is the host's modkill (roles/modkill.py).

>>> rules = Activity(min_posts=10, post_days=3)
>>> post_verdicts(rules, 1, {"ann": 10, "bob": 4}, warned=set())
{'bob': 'warning'}
>>> post_verdicts(rules, 2, {"ann": 3, "bob": 4}, warned={"bob"})
{'ann': 'warning', 'bob': 'modkill'}
>>> post_verdicts(rules, 4, {"ann": 0}, warned={"ann"})
{}
"""

from __future__ import annotations

from dataclasses import dataclass

WARNING = "warning"
MODKILL = "modkill"

# The most a GM may ask for: a forum day is rarely longer than a few hundred posts,
# and a reminder more than a day ahead is no reminder.
MAX_MIN_POSTS = 500
MAX_POST_DAYS = 99
MAX_REMIND_MINUTES = 24 * 60

# Printed with every ruleset's rules (`python -m roles rules RULESET`).
RULINGS = """\
- A game post is a post in the day thread by a living player, written during that day
  (from the day's opening to its close). Posts in night chats, the graveyard, private
  messages, last words and GM announcements do not count. The count is taken at the
  day's close, over the players still alive after the day's vote.
- The rule holds on day 1 to day N (the first N days of the game, by day number), when
  the minimum is above 0. A player below the minimum on such a day is short.
- The first shortfall is a public warning (forum warnings are posted in the thread). A
  second shortfall on a later day, by the same seat, is a modkill: the host's modkill
  (see 'The host'), taken at the opening of the phase after the day, so the day's vote
  stands as cast. A player is never warned twice: every later shortfall is a modkill.
- Instead of a modkill the GM may ask for a substitute (the 'substitute' option): the
  seat is marked 'substitute wanted' for the GM, who puts another account in it (the
  replace tool); the newcomer starts with no warning.
- A reminder (the GM sets how many minutes before the deadline; 0: none) goes privately
  to each seat that still owes a vote or a move at that moment, once per phase: the
  living voters who have not voted by day, every seat with a move still owed by night
  (a dead player's owed move too), the decider of a question the phase waits for. Bots
  are not reminded.
- The no-vote modkill, where the ruleset has it, is the ruleset option 'no_vote_modkill'.
"""


@dataclass(frozen=True)
class Activity:
    """A ruleset's activity defaults (the site's create form starts from them).

    `min_posts` game posts a day in each of the first `post_days` days (0: no rule)."""

    min_posts: int = 0
    post_days: int = 0

    @property
    def counts_posts(self) -> bool:
        return self.min_posts > 0 and self.post_days > 0

    def applies_on(self, day_number: int) -> bool:
        """Does the posts rule count this day (day 1 is the first)?"""
        return self.counts_posts and 1 <= day_number <= self.post_days

    def text(self) -> str:
        if not self.counts_posts:
            return "no minimum of posts"
        days = "the first day"
        if self.post_days > 1:
            days = f"each of the first {self.post_days} days"
        return (
            f"at least {self.min_posts} game posts in {days}; a warning the first time, "
            "a modkill when repeated"
        )


NO_RULE = Activity()


def post_verdicts(
    rules: Activity, day_number: int, counts: dict[str, int], warned: set[str]
) -> dict[str, str]:
    """What each short player earns at the close of day `day_number`: "warning" the
    first time, "modkill" once warned. `counts`: each living player's game posts of that
    day (every living player named, 0 included); `warned`: the players warned before.
    Players who met the minimum are not named."""
    if not rules.applies_on(day_number):
        return {}
    verdicts = {}
    for name, posts in counts.items():
        if posts < rules.min_posts:
            verdicts[name] = MODKILL if name in warned else WARNING
    return verdicts
