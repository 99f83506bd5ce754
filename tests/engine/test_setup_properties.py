"""Properties of the setup builder over every ruleset (hypothesis), and the exact odds
against every roll the roller can make."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import roles
from roles.setup import roll
from roles.setup.roll import Roller

RULESETS = [r.id for r in roles.list_rulesets()]


class Pieces:
    """A ruleset's strategies, built once: hypothesis caches no strategy built from a list,
    and building them anew for every slot of every example took most of the run."""

    def __init__(self, ruleset_id: str):
        categories = roles.setup_categories(ruleset_id)
        self.role = st.sampled_from(tuple(roles.get_ruleset(ruleset_id).roles))
        self.category = st.sampled_from(tuple(categories))
        self.flags = {
            category: st.lists(st.sampled_from(tuple(flags)), unique=True)
            for category, info in categories.items()
            if (flags := list(info["exclude"]))
        }
        self.limited = st.lists(self.role, max_size=3, unique=True)


PIECES = {ruleset_id: Pieces(ruleset_id) for ruleset_id in RULESETS}
LIMIT = st.fixed_dictionaries(
    {},
    optional={
        "unique": st.booleans(),
        "max": st.integers(0, 3),
        "excluded_from_randoms": st.booleans(),
    },
)


@st.composite
def setups(draw):
    """A legal setup: any ruleset, fixed and random slots with any flags, GM limits and
    (for sc2) the options the setup builder reads."""
    ruleset_id = draw(st.sampled_from(RULESETS))
    pieces = PIECES[ruleset_id]

    def slot():
        if draw(st.booleans()):
            return {"role": draw(pieces.role)}
        category = draw(pieces.category)
        chosen = draw(pieces.flags[category]) if category in pieces.flags else []
        return {"category": category, "exclude": {f: draw(st.booleans()) for f in chosen}}

    slots = [slot() for _ in range(draw(st.integers(0, 12)))]
    limits = {}
    for role in draw(pieces.limited):
        limits[role] = draw(LIMIT)
    options = {}
    if ruleset_id == "sc2":
        for option in (
            "reveal_roles",
            "mason_leader_excluded_from_randoms",
            "cultist_excluded_from_randoms",
            "coroner_discovers_targets",
        ):
            if draw(st.booleans()):
                options[option] = draw(st.booleans())
    return {"ruleset": ruleset_id, "options": options, "slots": slots, "roles": limits}


FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(setups(), st.integers(0, 10**6))
def test_an_accepted_setup_rolls_to_an_accepted_role_list(setup, seed):
    """Any setup check_setup accepts rolls to a role list of its size, which check_setup
    accepts again as fixed slots (with the same options and limits); the same seed
    gives the same roll; a refused one is refused by roll and odds too."""
    report = roles.check_setup(setup)
    assert report["players"] == len(setup["slots"])
    event("accepted" if report["ok"] else "refused")
    if not report["ok"]:
        with pytest.raises(roles.InvalidSetup):
            roles.roll_setup(setup, seed)
        with pytest.raises(roles.InvalidSetup):
            roles.setup_odds(setup)
        return
    rolled = roles.roll_setup(setup, seed)
    assert len(rolled["roles"]) == len(setup["slots"])
    assert rolled == roles.roll_setup(setup, seed)
    for given_slot, slot in zip(setup["slots"], rolled["slots"], strict=True):
        if "role" in given_slot:
            assert slot == {"slot": slot["slot"], "role": given_slot["role"], "fallback": None}
    as_fixed = dict(setup, slots=[{"role": r} for r in rolled["roles"]])
    assert roles.check_setup(as_fixed)["ok"]


@FAST
@given(setups())
def test_odds_sum_to_one_and_match_the_factions(setup):
    if not roles.check_setup(setup)["ok"]:
        return
    odds = roles.setup_odds(setup)
    assert len(odds["slots"]) == len(setup["slots"])
    for slot in odds["slots"]:
        assert sum(slot["odds"].values()) == pytest.approx(1, abs=1e-4)
        assert all(p > 0 for p in slot["odds"].values())
    assert sum(odds["factions"].values()) == pytest.approx(len(setup["slots"]), abs=1e-3)


class ScriptedRandom:
    """Stands in for `random.Random` in roles/setup/roll.py: each `randrange` answers the
    next number of `script` (0 past its end) and records the size it was asked for."""

    script: list[int] = []
    sizes: list[int] = []

    def __init__(self, seed):
        self.draws = 0

    def randrange(self, n):
        ScriptedRandom.sizes.append(n)
        self.draws += 1
        script = ScriptedRandom.script
        return script[self.draws - 1] if self.draws <= len(script) else 0


def every_roll(setup, monkeypatch) -> list[dict[str, float]]:
    """The exact odds of each slot's role over every roll the roller can make: each
    draw's every answer is followed (a tree of rolls), a roll weighing the product of
    1/size of its draws. A uniform draw is Python's `randrange`; everything else
    (the slots in order, the state after each role, the fallbacks) is the roller's."""
    roller = Roller(setup)
    monkeypatch.setattr(roll, "random", SimpleNamespace(Random=ScriptedRandom))
    odds = [Counter() for _ in setup["slots"]]
    scripts = [[]]
    while scripts:
        ScriptedRandom.script, ScriptedRandom.sizes = scripts.pop(), []
        rolled = roller.roll(0)
        sizes, script = ScriptedRandom.sizes, ScriptedRandom.script
        if len(script) < len(sizes):
            scripts.extend([*script, answer] for answer in range(sizes[len(script)]))
            continue
        weight = 1.0
        for size in sizes:
            weight /= size
        for i, role in enumerate(rolled["roles"]):
            odds[i][role] += weight
    return [dict(c) for c in odds]


def assert_odds_match(setup, monkeypatch):
    odds = roles.setup_odds(setup)["slots"]
    for exact, rolled in zip(odds, every_roll(setup, monkeypatch), strict=True):
        assert set(exact["odds"]) == set(rolled)
        for role, p in rolled.items():
            assert exact["odds"][role] == pytest.approx(p, abs=1e-6), role  # odds: 6 decimals


def test_sc2_odds_are_those_of_every_roll(monkeypatch):
    """Constraints (Coroner after a randomed Janitor, Mason Leader after a randomed
    Citizen), unique roles and both fallbacks in play."""
    setup = {
        "ruleset": "sc2",
        "options": {"mason_leader_excluded_from_randoms": False},
        "slots": [
            {"category": "mafia_deception"},
            {"category": "town_investigative"},
            {"category": "town_government", "exclude": {"exclude_mason": True}},
            {"category": "town_power", "exclude": {"exclude_killing": True}},
            {"category": "town_power", "exclude": {"exclude_killing": True}},
            {"category": "town_power", "exclude": {"exclude_killing": True}},
            {"role": "godfather"},
            {"category": "mafia_killing"},
            {"category": "any_random", "exclude": {"exclude_town": True}},
        ],
        "roles": {"jester": {"max": 1}},
    }
    odds = roles.setup_odds(setup)["slots"]
    assert odds[5]["odds"]["citizen"] > 0  # the third Town Power fell back at times
    assert_odds_match(setup, monkeypatch)


def test_ru_two_clans_odds_are_those_of_every_roll(monkeypatch):
    """Specials one of each (two Advocates, one per clan) with their fallbacks."""
    setup = {
        "ruleset": "ru_two_clans",
        "slots": [{"category": "mafia_special"}] * 4
        + [{"category": "town_special"}] * 3
        + [{"category": "any_random"}, {"role": "maniac"}],
    }
    assert_odds_match(setup, monkeypatch)
