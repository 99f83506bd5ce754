"""sc2 random categories, unique and excluded roles, constraints: data for the setup builder.

sc2-reference 3.1 (categories and their exclusion options), 3.2 (Unique roles,
"Excluded from randoms"), 002 "Random Role Constraints" and "Impossible Randoms",
sc2-notes "Random role constraints and impossible randoms". The engine does not
deal random slots itself; the setup builder reads these tables and `draw_slot`
shows how they combine (and is what the tests check).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from ..ruleset import Category, ExclusionFlag, SpawnRule

# Category -> members (of the sc2 roles), sc2-reference 3.1 as of 002 (2011): the
# Mayor and the Mason Leader are Town Power ("2011: Power"), the Spy is Town Random
# only ("earlier Town Random only") and the Bus Driver Town Protective. 002's
# impossible-random example needs exactly this: with killing roles excluded, the
# Mason Leader excluded and the Mayor taken, Town Power has no role left.
CATEGORIES: dict[str, tuple[str, ...]] = {
    "town_government": ("citizen", "mason"),
    "town_investigative": ("sheriff", "investigator", "lookout", "coroner"),
    "town_protective": ("doctor", "bodyguard", "escort", "bus_driver"),
    "town_killing": ("vigilante", "veteran", "jailor", "bodyguard"),
    "town_power": ("mason_leader", "mayor", "jailor", "veteran"),
    "mafia_killing": ("godfather", "mafioso"),
    "mafia_support": ("consort", "consigliere"),
    "mafia_deception": ("framer", "janitor", "disguiser"),
    "neutral_benign": ("survivor", "jester", "executioner", "amnesiac"),
    "neutral_evil": ("witch", "cultist"),
    "neutral_killing": ("serial_killer", "arsonist", "mass_murderer"),
}


def _union(*names: str) -> tuple[str, ...]:
    seen: list[str] = []
    for name in names:
        for role in CATEGORIES[name]:
            if role not in seen:
                seen.append(role)
    return tuple(seen)


CATEGORIES["town_random"] = _union(
    "town_government", "town_investigative", "town_protective", "town_killing", "town_power"
) + ("spy",)
CATEGORIES["mafia_random"] = _union("mafia_killing", "mafia_support", "mafia_deception")
CATEGORIES["neutral_random"] = _union("neutral_benign", "neutral_evil", "neutral_killing")
CATEGORIES["any_random"] = (
    CATEGORIES["town_random"] + CATEGORIES["mafia_random"] + (CATEGORIES["neutral_random"])
)

# The killing roles a "exclude killing roles" option removes.
KILLING = (
    frozenset(CATEGORIES["town_killing"] + CATEGORIES["mafia_killing"])
    | frozenset(CATEGORIES["neutral_killing"])
    | {"disguiser"}
)


def _exclude_each(*role_ids: str) -> dict[str, Any]:
    """sc2-reference 3.1 'port: exclude each': one `exclude_<role>` flag per member, off."""
    return {f"exclude_{role}": False for role in role_ids}


# Exclusion options (setup-builder options, defaults from sc2-reference 3.1): the
# wiki's (Town Government's Citizen and Mason, Town Power's killing roles, Neutral
# Evil's neutral killers) and the port's per-role flags ('port: exclude each',
# Town Protective 'port: exclude Bodyguard/Doctor/Escort').
EXCLUSION_OPTIONS: dict[str, dict[str, Any]] = {
    "town_government": {"exclude_citizen": False, "exclude_mason": False},
    "town_investigative": _exclude_each(*CATEGORIES["town_investigative"]),
    "town_protective": _exclude_each("bodyguard", "doctor", "escort"),
    "town_killing": _exclude_each(*CATEGORIES["town_killing"]),
    "town_power": {"exclude_killing": False},
    "mafia_killing": _exclude_each(*CATEGORIES["mafia_killing"]),
    "mafia_support": _exclude_each(*CATEGORIES["mafia_support"]),
    "mafia_deception": _exclude_each(*CATEGORIES["mafia_deception"]),
    "neutral_benign": _exclude_each(*CATEGORIES["neutral_benign"]),
    "neutral_evil": {"include_neutral_killing": False},
    "neutral_killing": _exclude_each(*CATEGORIES["neutral_killing"]),
    "any_random": {
        "exclude_town": False,
        "exclude_mafia": False,
        "exclude_neutral": False,
        "exclude_killing": False,
    },
}

# sc2-reference 3.2: at most one per game.
UNIQUE = frozenset({"mason_leader", "mayor", "godfather"})

# Per-role "Excluded from randoms" flags and the ruleset options that hold them.
EXCLUDED_FROM_RANDOMS_OPTIONS = {
    "mason_leader": "mason_leader_excluded_from_randoms",
    "cultist": "cultist_excluded_from_randoms",
}

# sc2-notes: 'A Town Power slot with no possible role falls back to Town Random;
# SC2's Town Government falls back to Citizen.'
FALLBACKS = {"town_power": "town_random", "town_government": "citizen"}

# 002 'Random Role Constraints' (roles that would have no effect) and pairs.
CONSTRAINTS = (
    "coroner: only with a janitor in the game, the Clue variant, or every coroner option on",
    "mason_leader: only when a citizen or a cultist is in the game, or forced",
    "mason: masons spawn as a pair",
    "spy, sheriff: spawn even without mafia",
)

CORONER_OPTIONS = (
    "coroner_discovers_targets",
    "coroner_discovers_last_will",
    "coroner_discovers_death_type",
    "coroner_discovers_visitor_roles",
)


TITLES = {cid: cid.replace("_", " ").title() for cid in CATEGORIES}

# The sides "Any Random: Exclude Town/Mafia/Neutral" remove.
SIDES = {"exclude_town": "town_random", "exclude_mafia": "mafia_random"}
SIDES["exclude_neutral"] = "neutral_random"


def _flag(category: str, flag: str, default: bool) -> ExclusionFlag:
    """What each exclusion option of EXCLUSION_OPTIONS removes (or, for Neutral Evil's
    "include neutral killing", adds)."""
    if flag == "include_neutral_killing":
        return ExclusionFlag(flag, default, adds=CATEGORIES["neutral_killing"])
    if flag == "exclude_killing":
        members = CATEGORIES[category]
        return ExclusionFlag(flag, default, removes=tuple(r for r in members if r in KILLING))
    if flag in SIDES:
        return ExclusionFlag(flag, default, removes=CATEGORIES[SIDES[flag]])
    return ExclusionFlag(flag, default, removes=(flag.removeprefix("exclude_"),))


# The tables above as the setup builder's data (Ruleset.categories); the random sides
# have a flag per member too, like the port's "exclude each".
SETUP_CATEGORIES: dict[str, Category] = {
    cid: Category(
        cid,
        TITLES[cid],
        members,
        tuple(
            _flag(cid, flag, default)
            for flag, default in EXCLUSION_OPTIONS.get(cid, _exclude_each(*members)).items()
        ),
        FALLBACKS.get(cid),
    )
    for cid, members in CATEGORIES.items()
}

# 002 "Random Role Constraints" as data. The Clue variant is the option reveal_roles
# off (sc2-reference 3.3: Clue = "no last wills, roles not revealed at death").
SPAWN_RULES = (
    SpawnRule(
        "coroner",
        with_roles=("janitor",),
        when_options=({"reveal_roles": False}, {o: True for o in CORONER_OPTIONS}),
        text="needs a Janitor in the game, the Clue variant or every Coroner option on",
    ),
    SpawnRule(
        "mason_leader",
        with_roles=("citizen", "cultist"),
        text="needs a Citizen or a Cultist in the game",
    ),
)


def candidates(
    category: str,
    chosen: Iterable[str],
    options: Mapping[str, Any],
    exclusions: Mapping[str, Any] | None = None,
    clue_variant: bool = False,
) -> list[str]:
    """The roles a random slot of `category` may become, given the roles already in
    the setup (`chosen`), the ruleset options and the slot's exclusion options."""
    exclusions = dict(EXCLUSION_OPTIONS.get(category, {}), **(exclusions or {}))
    chosen = list(chosen)
    members = list(CATEGORIES[category])
    if category == "neutral_evil" and exclusions.get("include_neutral_killing"):
        members += list(CATEGORIES["neutral_killing"])
    if category == "any_random":
        for side, key in (
            ("town_random", "exclude_town"),
            ("mafia_random", "exclude_mafia"),
            ("neutral_random", "exclude_neutral"),
        ):
            if exclusions.get(key):
                members = [r for r in members if r not in CATEGORIES[side]]
    if exclusions.get("exclude_killing"):
        members = [r for r in members if r not in KILLING]
    # 'Exclude Citizen', 'Exclude Mason' and the port's flag for each role.
    members = [r for r in members if not exclusions.get(f"exclude_{r}")]
    out = []
    for role in members:
        flag = EXCLUDED_FROM_RANDOMS_OPTIONS.get(role)
        if flag and options.get(flag):
            continue
        if role in UNIQUE and role in chosen:
            continue
        if role == "coroner" and not (
            "janitor" in chosen or clue_variant or all(options.get(o) for o in CORONER_OPTIONS)
        ):
            continue
        if role == "mason_leader" and not ({"citizen", "cultist"} & set(chosen)):
            continue
        out.append(role)
    return out


def draw_slot(
    category: str,
    chosen: Iterable[str],
    options: Mapping[str, Any],
    rng: random.Random,
    exclusions: Mapping[str, Any] | None = None,
    clue_variant: bool = False,
) -> str | None:
    """One role for a random slot, with 002's impossible-random fallbacks; None if even
    the fallback has no role (002's 'Any Random' with every side excluded: '???')."""
    chosen = list(chosen)
    pool = candidates(category, chosen, options, exclusions, clue_variant)
    if pool:
        return pool[rng.randrange(len(pool))]
    fallback = FALLBACKS.get(category)
    if fallback is None:
        return None
    if fallback in CATEGORIES:
        return draw_slot(fallback, chosen, options, rng, None, clue_variant)
    return fallback
