"""sc2 random categories, unique and excluded roles, constraints: data for the setup builder.

sc2-reference 3.1 (categories and their exclusion options), 3.2 (Unique roles,
"Excluded from randoms"), 002 "Random Role Constraints" and "Impossible Randoms",
sc2-notes "Random role constraints and impossible randoms". The setup builder
(roles/setup/) reads them as SETUP_CATEGORIES and SPAWN_RULES on the Ruleset;
`candidates` and `draw_slot` ask its resolver about one slot.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from ..ruleset import Category, ExclusionFlag, SpawnRule, get_ruleset
from ..setup.draws import Draws, signature
from ..setup.parse import Setup, Slot

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

# 002 'Random Role Constraints' (roles that would have no effect), as the sheet prints them.
CONSTRAINTS = (
    "coroner: only with a janitor in the game, the Clue variant (reveal_roles off), or every "
    "coroner option on",
    "mason_leader: only when a citizen or a cultist is in the game, or forced (a fixed slot)",
    "spy, sheriff: spawn even without mafia (002: 'exempt from this rule')",
    "mason: no pair is forced; a lone Mason is what mason_promoted_to_leader is for",
)

# The setup builder's rulings for sc2, printed in `python -m roles rules sc2`.
SETUP_RULINGS = """Setup builder rulings (002 "Random Role Constraints" and "Impossible Randoms"):
- The Clue variant is the option reveal_roles off (sc2-reference 3.3: Clue = "no last
  wills, roles not revealed at death"): with it a random slot may draw the Coroner
  without a Janitor, as it may with every coroner_discovers_* option on.
- "There is a Janitor in the game" and "when a Citizen or Cultist spawns" are satisfied
  only by a role already in the game when the slot is drawn: a fixed slot anywhere, or a
  random slot earlier in the list. A later slot does not count, so a GM who wants a
  Coroner possible next to a randomed Janitor puts the Mafia Deception slot before the
  Town Investigative one. A fixed Coroner or Mason Leader is "forced" and always allowed.
- "Spy and some other roles such as Sheriff are exempt from this rule": no role needs the
  Mafia in the game; the Spy, the Sheriff and every other role spawn without it.
- "Masons spawn as a pair" (sc2-notes) is not in 002, which lists no such constraint:
  the roller does not force a second Mason. A lone Mason is what the Mason's option
  mason_promoted_to_leader ("promoted if alone") is for; a GM who wants a pair fixes two
  Masons.
- Unique roles (sc2-reference 3.2): the Mayor, the Mason Leader and the Godfather, at
  most one each whatever the GM's limits say. "Excluded from randoms": the options
  mason_leader_excluded_from_randoms and cultist_excluded_from_randoms.
- Impossible randoms: a Town Power slot with nothing possible is a Town Random; a Town
  Government slot with nothing possible is a Citizen (sc2-notes); any other slot with
  nothing possible (002's Any Random with Town, Mafia and Neutral excluded: "???") makes
  the setup invalid, and `setup check` names it.
- Presets: the references give no smaller SC2 setups (sc2-reference and sc2-notes name
  no role list for fewer players), so none is invented; the presets are the Classic and
  Clue variants and the standard 15."""

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
        text="needs a Janitor already in the game, the Clue variant or every Coroner option on",
    ),
    SpawnRule(
        "mason_leader",
        with_roles=("citizen", "cultist"),
        text="needs a Citizen or a Cultist already in the game",
    ),
)


def candidates(
    category: str,
    chosen: Iterable[str],
    options: Mapping[str, Any],
    exclusions: Mapping[str, Any] | None = None,
    clue_variant: bool = False,
) -> list[str]:
    """The roles a random slot of `category` may become (without its fallback), given
    the roles already in the setup (`chosen`), the ruleset options and the slot's
    exclusion options: the setup builder's resolver (roles/setup/draws.py) on sc2."""
    draws, slot = _draws(category, chosen, options, exclusions, clue_variant)
    _, pool = draws.pools(signature(slot))[0]
    return [r for r in pool if draws.allowed(r, draws.initial)]


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
    draws, slot = _draws(category, chosen, options, exclusions, clue_variant)
    _, roles = draws.options(signature(slot), draws.initial)
    return roles[rng.randrange(len(roles))] if roles else None


def _draws(
    category: str,
    chosen: Iterable[str],
    options: Mapping[str, Any],
    exclusions: Mapping[str, Any] | None,
    clue_variant: bool,
) -> tuple[Draws, Slot]:
    ruleset = get_ruleset("sc2")
    given = dict(options, **({"reveal_roles": False} if clue_variant else {}))
    flags = {f.id: f.default for f in SETUP_CATEGORIES[category].flags}
    flags.update({k: bool(v) for k, v in (exclusions or {}).items() if k in flags})
    fixed = [Slot(i, role=role) for i, role in enumerate(chosen)]
    slot = Slot(len(fixed), category=category, flags=tuple(flags.items()))
    setup = Setup(ruleset, ruleset.resolved_options(given), (*fixed, slot), {})
    return Draws(setup), slot
