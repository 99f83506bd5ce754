"""Masks: a game played "with masks" (anonymous nicknames, rules/russian-digest:
"Games may be played 'with masks' (anonymous nicknames); revealing or hinting who is
behind a mask is forbidden.").

At the start each seat is renamed to a mask dealt at random with the game's seed, and
the engine plays under the masks: every event, result, vote and post names a mask by
construction. The engine's seating order is the masks' alphabetical order, never the
order of sign-ups (which the lobby showed under the accounts' names). Who is behind
each mask is the GM's (and co-GMs') to read while the game runs, and everyone's once
it is over (`reveals_accounts`).

>>> parse_masks("Oak, Birch\\nMaple,, oak ")
['Oak', 'Birch', 'Maple', 'oak']
>>> mask_problems(["Oak", "Oak", "Birch"], 3)
['The mask list needs at least 3 different masks (one per seat); it has 2.']
>>> trees = ["Oak", "Birch", "Maple"]
>>> deal_masks(trees, 2, seed=7) == deal_masks(trees, 2, seed=7)
True
"""

from __future__ import annotations

import random
import re

from django.utils.translation import gettext

from games.models import Status

# Neutral words (trees, stones, birds, colours): nothing that hints at a person or a role.
DEFAULT_MASKS_EN = (
    "Oak, Birch, Maple, Willow, Cedar, Aspen, Linden, Rowan, Alder, Hazel, Elm, Pine, "
    "Amber, Jade, Onyx, Opal, Quartz, Garnet, Topaz, Coral, Pearl, Agate, Flint, Slate, "
    "Heron, Finch, Robin, Swift, Wren, Lark, Plover, Kestrel"
).split(", ")

DEFAULT_MASKS_RU = (
    "Дуб, Берёза, Клён, Ива, Кедр, Осина, Липа, Рябина, Ольха, Орешник, Вяз, Сосна, "
    "Янтарь, Нефрит, Оникс, Опал, Кварц, Гранат, Топаз, Коралл, Жемчуг, Агат, Кремень, "
    "Сланец, Цапля, Зяблик, Малиновка, Стриж, Крапивник, Жаворонок, Чибис, Пустельга"
).split(", ")

# Words a mask may not be: the engine's and the site's own names in vote and action
# forms (a vote "pass", the pseudo-actor "GM"), and the roulette's spectator mark.
RESERVED = {"pass", "gm", "nobody", "none"}

MASK_MAX_CHARS = 24
MAX_MASKS = 200
# Letters (any script), digits, inner spaces, hyphens and apostrophes: a mask reads as
# a nickname and cannot pass for a username with a "(spectator)" tag or a list.
MASK_PATTERN = re.compile(r"^[^\W_](?:[\w' -]*[^\W_])?$")


def default_masks(ruleset_id: str) -> list[str]:
    """The create form's list: Russian masks for the Russian rulesets, else English."""
    return list(DEFAULT_MASKS_RU if ruleset_id.startswith("ru_") else DEFAULT_MASKS_EN)


def parse_masks(text) -> list[str]:
    """The masks a GM typed: comma- or line-separated, trimmed, blanks dropped."""
    if isinstance(text, list | tuple):
        items = [str(item) for item in text]
    else:
        items = re.split(r"[,\n]", str(text or ""))
    return [" ".join(item.split()) for item in items if item.strip()]


def mask_problems(masks: list[str], seats: int) -> list[str]:
    """Everything wrong with a mask list for a game of `seats` players (empty: fine)."""
    problems = []
    if len(masks) > MAX_MASKS:
        problems.append(gettext("A mask list has at most %(most)s masks.") % {"most": MAX_MASKS})
    bad = [m for m in masks if len(m) > MASK_MAX_CHARS or not MASK_PATTERN.match(m)]
    if bad:
        problems.append(
            gettext(
                "A mask is a word or a few words of letters and digits, at most "
                "%(chars)s characters: %(masks)s is not."
            )
            % {"chars": MASK_MAX_CHARS, "masks": ", ".join(bad[:5])}
        )
    reserved = [m for m in masks if m.casefold() in RESERVED]
    if reserved:
        problems.append(
            gettext("%(masks)s cannot be a mask (the site uses the word).")
            % {"masks": ", ".join(reserved)}
        )
    distinct = len({m.casefold() for m in masks})
    if distinct < seats:
        problems.append(
            gettext(
                "The mask list needs at least %(seats)s different masks (one per seat); "
                "it has %(distinct)s."
            )
            % {"seats": seats, "distinct": distinct}
        )
    return problems


def distinct_masks(masks: list[str]) -> list[str]:
    """The list without repeats (the first spelling of each, ignoring case)."""
    seen, kept = set(), []
    for mask in masks:
        if mask.casefold() not in seen:
            seen.add(mask.casefold())
            kept.append(mask)
    return kept


def deal_masks(masks: list[str], seats: int, seed: int) -> list[str]:
    """The masks of `seats` seats (in the order of sign-ups), drawn at random with the
    game's seed: its own stream, so the engine's draws are untouched."""
    rng = random.Random(f"masks:{seed}")
    return rng.sample(distinct_masks(masks), seats)


def seating_order(names: list[str]) -> list[str]:
    """The engine's seating order of a masked game: by mask, so no list follows the
    order of sign-ups."""
    return sorted(names, key=lambda name: (name.casefold(), name))


def reveals_accounts(game, viewer_runs_game: bool) -> bool:
    """Whether a viewer reads who plays each seat: always in a game without masks (the
    seat is the account's name); with masks, the GM and co-GMs, and everyone after the
    game."""
    if not game.masks:
        return True
    return viewer_runs_game or game.status == Status.FINISHED


def played_by(game, viewer_runs_game: bool) -> dict[str, str]:
    """Seats another account took over (public: the thread said "X replaces Y"); in a
    masked game every seat, for the GM and after the game only."""
    if not reveals_accounts(game, viewer_runs_game):
        return {}
    seats = game.seats.filter(is_bot=False).values_list("name", "user__username")
    return {name: username for name, username in seats if name != username}


def accounts_of(game) -> dict[str, str]:
    """seat name -> the account that plays it now."""
    return dict(game.seats.values_list("name", "user__username"))


# The audience of sign-up events (joined, left, bots) in a masked game: everyone reads
# them during sign-ups, only the GM once the game started (they name the accounts),
# everyone again after the game (games/viewer.py).
SIGNUPS_AUDIENCE = "signups"


def signups_audience(game) -> str:
    return SIGNUPS_AUDIENCE if game.masks else "public"


def gm_accounts(game, viewer_runs_game: bool) -> dict[str, str]:
    """mask -> account for a GM's lines while a masked game runs ("Oak (alice)"), else
    empty: a game without masks names the accounts itself, and after the game the
    record's table says who was behind each mask."""
    if not (game.masks and viewer_runs_game and game.status == Status.RUNNING):
        return {}
    return accounts_of(game)
