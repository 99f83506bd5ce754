"""Random categories as data: builders the rulesets use, and the lookups of docs/setup.md.

A category is its members, its exclusion flags (each saying what it removes or adds)
and its fallback. The resolver (draws.py) reads only this data, so every ruleset
gets the same setup builder.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..ruleset import Category, ExclusionFlag, Role, get_ruleset

# The general note every ruleset's sheet prints (cards.py) under "The setup builder".
SETUP_RULINGS = """\
- A setup is a list of slots, fixed roles or random slots of a category (`python -m roles
  setup categories RULESET`), rolled with the game's seed: every fixed slot is placed
  first, wherever it stands, then each random slot in slot order draws uniformly among
  the roles its category may still yield.
- A constraint ("only with a Janitor in the game") is satisfied only by a role already
  in the game when the slot is drawn: a fixed slot anywhere, or a random slot earlier in
  the list. A later slot does not count: a GM who wants a role to be possible next to a
  randomed partner puts the partner's slot first.
- Unique roles and per-role maxima (the ruleset's and the GM's) hold across fixed and
  random slots together: a random slot never draws a role at its limit, and fixed slots
  beyond a limit make the setup invalid. A role "excluded from randoms" may still be a
  fixed slot.
- A random slot with no possible role follows its category's fallback (a category or a
  role) and, failing that too, makes the setup invalid; `setup check` says so whenever
  this can happen in any roll ("in any roll" when it always does, else "in some rolls")."""


def exclude_each(role_ids: Iterable[str]) -> tuple[ExclusionFlag, ...]:
    """One `exclude_<role>` flag per member, off by default."""
    return tuple(ExclusionFlag(f"exclude_{r}", False, removes=(r,)) for r in role_ids)


def kind(
    category_id: str,
    title: str,
    members: Iterable[str],
    killing: Iterable[str] = (),
    fallback: str | None = None,
) -> Category:
    """A category with a flag per member, and `exclude_killing` where it mixes killing
    roles with others (where it would remove only some of its members)."""
    members = tuple(members)
    flags = exclude_each(members)
    killers = tuple(r for r in members if r in set(killing))
    if killers and len(killers) < len(members):
        flags += (ExclusionFlag("exclude_killing", False, removes=killers),)
    return Category(category_id, title, members, flags, fallback)


def faction_randoms(
    roles: Mapping[str, Role],
    town: Iterable[str] = ("town",),
    mafia: Iterable[str] = ("mafia",),
    killing: Iterable[str] = (),
    titles: Mapping[str, str] | None = None,
) -> dict[str, Category]:
    """`town_random`, `mafia_random`, `neutral_random` (the roles of every other faction,
    where there are any) and `any_random` over the ruleset's roles, in their order."""
    titles = {
        "town_random": "Town Random",
        "mafia_random": "Mafia Random",
        "neutral_random": "Neutral Random",
        "any_random": "Any Random",
        **(titles or {}),
    }
    town, mafia, killing = set(town), set(mafia), tuple(killing)
    sides = {
        "town": tuple(r.id for r in roles.values() if r.faction in town),
        "mafia": tuple(r.id for r in roles.values() if r.faction in mafia),
        "neutral": tuple(r.id for r in roles.values() if r.faction not in town | mafia),
    }
    out: dict[str, Category] = {}
    for side, members in sides.items():
        if members:
            cid = f"{side}_random"
            out[cid] = kind(cid, titles[cid], members, killing)
    flags = [ExclusionFlag(f"exclude_{side}", False, removes=m) for side, m in sides.items() if m]
    killers = tuple(r for r in roles if r in set(killing))
    if killers:
        flags.append(ExclusionFlag("exclude_killing", False, removes=killers))
    out["any_random"] = Category("any_random", titles["any_random"], tuple(roles), tuple(flags))
    return out


def categories_text(ruleset_id: str) -> str:
    """The ruleset's categories, unique roles and limits for its sheet (cards.py)."""
    ruleset = get_ruleset(ruleset_id)
    lines = ["Categories (`setup categories`):"]
    for c in ruleset.categories.values():
        flags = f"; flags: {', '.join(f.id for f in c.flags)}" if c.flags else ""
        fallback = f"; falls back to {c.fallback}" if c.fallback else ""
        lines.append(f"- {c.id} ({c.title}): {', '.join(c.roles)}{flags}{fallback}")
    if ruleset.unique_roles:
        unique = ", ".join(r for r in ruleset.roles if r in ruleset.unique_roles)
        lines.append(f"- unique (at most one per game): {unique}")
    for role, most in ruleset.role_limits.items():
        lines.append(f"- at most {most} {role} per game")
    for role, option in ruleset.excluded_from_randoms_options.items():
        lines.append(f"- {role} is excluded from randoms while the option {option} is on")
    return "\n".join(lines)


def categories_of(ruleset_id: str) -> dict[str, Category]:
    """The ruleset's categories (KeyError for an unknown ruleset)."""
    return get_ruleset(ruleset_id).categories


def setup_categories(ruleset_id: str) -> dict[str, Any]:
    """What `setup categories RULESET` prints: members, flags with defaults, fallback.

    >>> setup_categories("sc2")["town_power"]["fallback"]
    'town_random'
    """
    return {
        c.id: {
            "roles": list(c.roles),
            "exclude": {f.id: f.default for f in c.flags},
            "fallback": c.fallback,
        }
        for c in categories_of(ruleset_id).values()
    }


def category_title(ruleset_id: str, category_id: str) -> str:
    """A category's title for people: category_title("sc2", "town_power") -> "Town Power"."""
    return categories_of(ruleset_id)[category_id].title


def status_categories(
    roles: Mapping[str, Role],
    plain: Iterable[str],
    killing: Iterable[str] = (),
    titles: Mapping[str, str] | None = None,
) -> dict[str, Category]:
    """The Russian variants' statuses: the faction randoms, plus `town_special` and
    `mafia_special` (every status of the side but its plain one, `plain`) falling back
    to the side's random once its specials, one of each, are all dealt."""
    titles = {
        "town_random": "Civilian Random",
        "town_special": "Civilian Special",
        "mafia_special": "Mafia Special",
        "neutral_random": "Maniac",
        **(titles or {}),
    }
    out = faction_randoms(roles, killing=killing, titles=titles)
    plain = set(plain)
    for side in ("town", "mafia"):
        random_id = f"{side}_random"
        specials = [r for r in out[random_id].roles if r not in plain] if random_id in out else []
        if specials:
            cid = f"{side}_special"
            out[cid] = kind(cid, titles[cid], specials, killing, fallback=random_id)
    order = ["town_random", "town_special", "mafia_random", "mafia_special"]
    return {cid: out[cid] for cid in [*order, *out] if cid in out}
