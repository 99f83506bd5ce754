"""The setup builder's words and limits, exactly (docs/setup.md).

docs/setup.md: garbage "exits 2 with nothing on stdout and one line on stderr naming
what is wrong"; `roles` holds the GM's limits, "`unique` (at most one), `max` (at most
N), `excluded_from_randoms`"; "Unique roles and `max` limits hold across fixed and
random slots together"; a slot with no possible role is reported with why. Each line
below is pinned word for word and each limit by its exact odds (the odds are exact
fractions of the draws, so a limit off by one moves them).
"""

from __future__ import annotations

import pytest

import roles
from roles.errors import InvalidSetup
from roles.setup.deal import deal, deal_roles
from roles.setup.parse import parse_setup

SC2 = {"ruleset": "sc2"}
NO_SLOTS = {**SC2, "slots": []}
KILLING_ONLY = {"category": "town_power", "exclude": {"exclude_killing": 1}}

# Each garbage input and its one line (SetupError's text, what the CLI prints).
GARBAGE = {
    "not an object": ([1, 2], "setup: a setup is a JSON object"),
    "unknown top key": (
        {**SC2, "slot": []},
        "setup: unknown key 'slot' (did you mean 'slots'?)",
    ),
    "unknown ruleset": (
        {"ruleset": "sc3", "slots": []},
        "setup: unknown ruleset 'sc3' (did you mean 'sc2'?)",
    ),
    "ruleset not a string": ({"ruleset": 2, "slots": []}, "setup: unknown ruleset '2'"),
    "options not an object": (
        {**NO_SLOTS, "options": [1]},
        "setup: options must be an object of option: value",
    ),
    "bad option value": (
        {**NO_SLOTS, "options": {"day_type": "chaos"}},
        "setup: option day_type must be one of plurality, majority, majority_trial, not 'chaos'",
    ),
    "slots not a list": (
        {**SC2, "slots": {"role": "mayor"}},
        "setup: slots must be a list of {role} or {category, exclude} objects",
    ),
    "slot not an object": (
        {**SC2, "slots": [{"role": "mayor"}, "mayor"]},
        'slot 2 of 2: a slot is {"role": ID} or {"category": ID}',
    ),
    "slot with neither": (
        {**SC2, "slots": [{"role": "mayor"}, {"exclude": {}}]},
        'slot 2 of 2: a slot is {"role": ID} or {"category": ID}',
    ),
    "role slot with another key": (
        {**SC2, "slots": [{"role": "mayor", "exclud": {}}]},
        "slot 1 of 1: unknown key 'exclud'",
    ),
    "role not a string": ({**SC2, "slots": [{"role": 3}]}, "slot 1 of 1: unknown role '3' of sc2"),
    "unknown role": (
        {**SC2, "slots": [{"role": "mayr"}]},
        "slot 1 of 1: unknown role 'mayr' of sc2 (did you mean 'mayor'?)",
    ),
    "category slot with another key": (
        {**SC2, "slots": [{"category": "town_power", "excludes": {}}]},
        "slot 1 of 1: unknown key 'excludes' (did you mean 'exclude'?)",
    ),
    "unknown category": (
        {**SC2, "slots": [{"category": "town_powr"}]},
        "slot 1 of 1: unknown category 'town_powr' of sc2 (did you mean 'town_power'?)",
    ),
    "exclude not an object": (
        {**SC2, "slots": [{"category": "town_power", "exclude": ["exclude_killing"]}]},
        "slot 1 of 1 (Town Power): exclude must be an object of flag: true/false",
    ),
    "unknown flag": (
        {**SC2, "slots": [{"category": "town_power", "exclude": {"exclude_kiling": True}}]},
        "slot 1 of 1 (Town Power): town_power has no exclusion flag 'exclude_kiling'"
        " (did you mean 'exclude_killing'?)",
    ),
    "flag not true or false": (
        {**SC2, "slots": [KILLING_ONLY]},
        "slot 1 of 1 (Town Power): exclusion flag exclude_killing must be true or false",
    ),
    "roles not an object": (
        {**NO_SLOTS, "roles": ["mayor"]},
        "setup: roles must be an object of role: {unique, max, ...}",
    ),
    "limit of an unknown role": (
        {**NO_SLOTS, "roles": {"doctr": {"max": 1}}},
        "roles.doctr: unknown role 'doctr' of sc2 (did you mean 'doctor'?)",
    ),
    "limit not an object": (
        {**NO_SLOTS, "roles": {"doctor": 1}},
        "roles.doctor: a limit is {unique, max, excluded_from_randoms}",
    ),
    "limit with another key": (
        {**NO_SLOTS, "roles": {"doctor": {"maxi": 1}}},
        "roles.doctor: unknown key 'maxi' (did you mean 'max'?)",
    ),
    "unique not true or false": (
        {**NO_SLOTS, "roles": {"doctor": {"unique": 1}}},
        "roles.doctor: unique must be true or false",
    ),
    "excluded_from_randoms not true or false": (
        {**NO_SLOTS, "roles": {"doctor": {"excluded_from_randoms": "yes"}}},
        "roles.doctor: excluded_from_randoms must be true or false",
    ),
    "max below 0": (
        {**NO_SLOTS, "roles": {"doctor": {"max": -1}}},
        "roles.doctor: max must be a whole number, 0 or more",
    ),
    "max true": (
        {**NO_SLOTS, "roles": {"doctor": {"max": True}}},
        "roles.doctor: max must be a whole number, 0 or more",
    ),
    "max a fraction": (
        {**NO_SLOTS, "roles": {"doctor": {"max": 1.5}}},
        "roles.doctor: max must be a whole number, 0 or more",
    ),
}


@pytest.mark.parametrize("name", list(GARBAGE))
def test_garbage_is_refused_in_one_exact_line(name):
    setup, line = GARBAGE[name]
    with pytest.raises(roles.SetupError) as error:
        roles.check_setup(setup)
    assert str(error.value) == line


def test_a_slot_reads_as_its_role_or_its_category():
    setup = parse_setup({**SC2, "slots": [{"role": "mayor"}, {"category": "town_power"}]})
    assert [setup.label(0), setup.label(1)] == ["slot 1 of 2 (Mayor)", "slot 2 of 2 (Town Power)"]


def _problems(setup):
    report = roles.check_setup(setup)
    assert report["ok"] is False
    return [p["message"] for p in report["problems"]]


FIXED_OVER_LIMITS = {
    "the ruleset's unique role": (
        {**SC2, "slots": [{"role": "mayor"}, {"role": "mayor"}]},
        "2 fixed Mayor slots (slots 1, 2), but the Mayor is unique in sc2 (at most one per game)",
    ),
    "made unique by the GM": (
        {"slots": [{"role": "doctor"}] * 2, "roles": {"doctor": {"unique": True}}},
        "2 fixed Doctor slots (slots 1, 2), but the GM made the Doctor unique (at most one)",
    ),
    "a max of one is a max, not the GM's unique": (
        {"slots": [{"role": "doctor"}] * 2, "roles": {"doctor": {"max": 1}}},
        "2 fixed Doctor slots (slots 1, 2), but at most 1 Doctor allowed",
    ),
    "a max of two": (
        {"slots": [{"role": "doctor"}] * 3, "roles": {"doctor": {"max": 2}}},
        "3 fixed Doctor slots (slots 1, 2, 3), but at most 2 Doctor allowed",
    ),
}


@pytest.mark.parametrize("name", list(FIXED_OVER_LIMITS))
def test_fixed_slots_over_a_limit_name_the_slots_and_the_limit(name):
    setup, line = FIXED_OVER_LIMITS[name]
    assert _problems({**SC2, **setup}) == [line]


EXCLUDED = {"excluded_from_randoms": True}
TOWN_RANDOM = roles.setup_categories("sc2")["town_random"]["roles"]
ONLY_MAYOR_AND_JAILOR = {r: EXCLUDED for r in TOWN_RANDOM if r not in ("mayor", "jailor")}
INVESTIGATIVE = {"category": "town_investigative"}
SHERIFF_ONLY = {
    "category": "town_investigative",
    "exclude": {"exclude_investigator": True, "exclude_lookout": True, "exclude_coroner": True},
}

IMPOSSIBLE = {
    "a category and its fallback category, both at their limits": (
        {
            "slots": [{"role": "mayor"}, {"role": "jailor"}, {"category": "town_power"}],
            "roles": {**ONLY_MAYOR_AND_JAILOR, "jailor": {"max": 1}},
        },
        "slot 3 of 3 (Town Power): no possible role in any roll: Town Power: Mayor and Jailor"
        " at their limits; then its fallback Town Random: Jailor and Mayor at their limits",
    ),
    "a role at its limit beside a constrained role": (
        {
            "slots": [
                {"role": "mayor"},
                {
                    "category": "town_random",
                    "exclude": {
                        f"exclude_{r}": True
                        for r in TOWN_RANDOM
                        if r not in ("mayor", "mason_leader", "coroner")
                    },
                },
            ],
        },
        "slot 2 of 2 (Town Random): no possible role in any roll: Town Random: Mayor at its"
        " limit, Coroner needs a Janitor already in the game, the Clue variant or every"
        " Coroner option on; Town Random has no fallback",
    ),
    "a fallback role excluded": (
        {
            "slots": [{"category": "town_government"}, {"category": "town_government"}],
            "roles": {"mason": {"max": 1}, "citizen": EXCLUDED},
        },
        "slot 2 of 2 (Town Government): no possible role in any roll: Town Government: Mason"
        " at its limit; then its fallback the Citizen: nothing left after the exclusions",
    ),
    "a fallback role at its limit": (
        {
            "slots": [{"category": "town_government", "exclude": {"exclude_citizen": True}}],
            "roles": {"mason": {"max": 0}, "citizen": {"max": 0}},
        },
        "slot 1 of 1 (Town Government): no possible role in any roll: Town Government: Mason"
        " at its limit; then its fallback the Citizen: Citizen at its limit",
    ),
    "impossible only after some draws": (
        {"slots": [INVESTIGATIVE, SHERIFF_ONLY], "roles": {"sheriff": {"max": 1}}},
        "slot 2 of 2 (Town Investigative): no possible role in some rolls: Town Investigative:"
        " Sheriff at its limit; Town Investigative has no fallback",
    ),
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE))
def test_an_impossible_slot_says_why_pool_by_pool(name):
    setup, line = IMPOSSIBLE[name]
    assert _problems({**SC2, **setup}) == [line]


def test_a_roll_of_an_invalid_setup_carries_every_problem():
    setup = {
        **SC2,
        "slots": [
            {"role": "mayor"},
            {"role": "mayor"},
            {"category": "town_government", "exclude": {"exclude_citizen": True}},
        ],
        "roles": {"mason": {"max": 0}, "citizen": {"max": 0}},
    }
    with pytest.raises(InvalidSetup) as error:
        roles.roll_setup(setup, 1)
    problems = [p["message"] for p in error.value.problems]
    assert len(problems) == 2 and str(error.value) == "; ".join(problems)
    assert str(InvalidSetup([])) == "invalid setup"


def _odds(setup, slot):
    return roles.setup_odds({**SC2, **setup})["slots"][slot]["odds"]


PROTECTIVE = {"category": "town_protective"}  # doctor, bodyguard, escort, bus driver


def test_the_gms_unique_holds_across_random_slots():
    # 1/4 that the first slot took the Doctor; then the second may not.
    alone = _odds({"slots": [PROTECTIVE, PROTECTIVE]}, 1)
    unique = _odds({"slots": [PROTECTIVE, PROTECTIVE], "roles": {"doctor": {"unique": True}}}, 1)
    assert alone["doctor"] == 0.25 and unique["doctor"] == 0.1875


def test_a_max_counts_the_roles_drawn_before():
    limited = {"slots": [PROTECTIVE] * 3, "roles": {"doctor": {"max": 2}}}
    assert _odds(limited, 1)["doctor"] == 0.25  # one Doctor drawn is under the max of 2
    assert _odds(limited, 2)["doctor"] == 0.234375  # 1/16 that both took it: 15/16 × 1/4


def test_a_max_counts_the_fixed_slots():
    fixed = [{"role": "doctor"}, {"role": "doctor"}, PROTECTIVE]
    assert _odds({"slots": fixed, "roles": {"doctor": {"max": 3}}}, 2)["doctor"] == 0.25
    assert "doctor" not in _odds({"slots": fixed, "roles": {"doctor": {"max": 2}}}, 2)


def test_a_max_on_a_role_a_constraint_reads_is_counted_to_the_max():
    # The Citizen lets the Mason Leader spawn (a trigger) and is limited to two.
    government = {"category": "town_government"}  # citizen, mason
    odds = _odds({"slots": [government] * 3, "roles": {"citizen": {"max": 2}}}, 2)
    assert odds == {"citizen": 0.375, "mason": 0.625}  # 1/4 both took the Citizen


@pytest.mark.parametrize("clue", [False, True])
def test_the_mason_leader_needs_a_citizen_even_when_the_coroner_rule_is_off(clue):
    # 002 "Random Role Constraints"; the Clue variant (reveal_roles off) lifts only the
    # Coroner's constraint, which comes first in the ruleset's list. (The Mason Leader
    # is left out of randoms by default: the option is turned off here.)
    options = {"mason_leader_excluded_from_randoms": False, "reveal_roles": not clue}
    odds = _odds({"slots": [{"category": "town_power"}], "options": options}, 0)
    assert set(odds) == {"mayor", "jailor", "veteran"}
    with_citizen = {"slots": [{"role": "citizen"}, {"category": "town_power"}], "options": options}
    assert set(_odds(with_citizen, 1)) == {"mason_leader", "mayor", "jailor", "veteran"}


def test_odds_list_roles_in_the_rulesets_order():
    odds = _odds({"slots": [{"category": "town_investigative"}], "roles": {}}, 0)
    assert list(odds) == ["sheriff", "investigator", "lookout"]
    town = list(_odds({"slots": [{"category": "town_random"}]}, 0))
    assert town == [r for r in roles.get_ruleset("sc2").roles if r in town]
    assert town != sorted(town)


def test_a_roll_falls_back_as_the_category_says():
    # 002: an impossible Town Power becomes a Town Random.
    setup = {
        **SC2,
        "slots": [
            {"role": "mayor"},
            {"category": "town_power", "exclude": {"exclude_killing": True}},
        ],
        "roles": {"jailor": EXCLUDED, "mason_leader": EXCLUDED},
    }
    for seed in range(5):
        rolled = roles.roll_setup(setup, seed)["slots"][1]
        assert rolled["fallback"] == "town_random" and rolled["role"] in TOWN_RANDOM


def test_dealing_refuses_a_wrong_count_or_preset_in_words():
    with pytest.raises(roles.IllegalAction, match=r"^2 roles for 3 players$"):
        deal_roles(["doctor", "mafioso"], ["Ann", "Bob", "Cid"], 1)
    with pytest.raises(roles.IllegalAction, match=r"^unknown preset 'town11' of bay12$"):
        deal("bay12", "town11", ["Ann"], 1)
    with pytest.raises(roles.IllegalAction, match=r"^preset classic7 is for 7 players, not 3$"):
        deal("bay12", "classic7", ["Ann", "Bob", "Cid"], 1)


def _bay12_odds(category, exclude):
    setup = {"ruleset": "bay12", "slots": [{"category": category, "exclude": exclude}]}
    return roles.setup_odds(setup)["slots"][0]["odds"]


def test_the_generic_categories_flags_remove_what_they_name():
    # bay12's categories are built by roles/setup/categories.py (faction randoms and
    # kinds, a flag per member, "exclude_killing" where a kind mixes killers in).
    assert _bay12_odds("town_protective", {}) == {"doctor": 0.5, "bodyguard": 0.5}
    assert _bay12_odds("town_protective", {"exclude_killing": True}) == {"doctor": 1.0}
    assert _bay12_odds("town_protective", {"exclude_doctor": True}) == {"bodyguard": 1.0}
    mafia_only = _bay12_odds("any_random", {"exclude_town": True, "exclude_neutral": True})
    assert set(mafia_only) == {"mafioso", "consort", "framer", "consigliere"}
    no_killers = _bay12_odds("any_random", {"exclude_killing": True})
    assert {"mafioso", "vigilante", "serial_killer", "arsonist"}.isdisjoint(no_killers)
    assert {"townie", "doctor", "jester", "framer"} <= set(no_killers)


def test_two_constrained_roles_are_both_named():
    town = [r for r in TOWN_RANDOM if r not in ("mason_leader", "coroner")]
    setup = {
        "options": {"mason_leader_excluded_from_randoms": False},
        "slots": [{"category": "town_random", "exclude": {f"exclude_{r}": True for r in town}}],
    }
    assert _problems({**SC2, **setup}) == [
        "slot 1 of 1 (Town Random): no possible role in any roll: Town Random: Coroner needs a"
        " Janitor already in the game, the Clue variant or every Coroner option on, Mason Leader"
        " needs a Citizen or a Cultist already in the game; Town Random has no fallback"
    ]


# -- an unknown key ------------------------------------------------------------------------


def test_an_unknown_key_of_a_setup_is_refused_where_it_is():
    """docs/setup.md: a setup error is one line naming where (catches: "None: ...")."""
    with pytest.raises(roles.SetupError, match=r"^setup: unknown key 'zzz'"):
        parse_setup({"ruleset": "sc2", "slots": [], "zzz": 1})
