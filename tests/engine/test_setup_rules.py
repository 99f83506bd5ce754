"""The setup builder's rules (docs/setup.md): each constraint and fallback sentence of
002 ("Random Role Constraints", "Impossible Randoms") and sc2-notes, quoted, plus the
limits and the rulings the sc2 sheet prints."""

from __future__ import annotations

import pytest

import roles
from roles.rulesets.sc2_categories import CORONER_OPTIONS

INCLUDE_MASON_LEADER = {"mason_leader_excluded_from_randoms": False}


def sc2(*slots, options=None, limits=None):
    setup = {"ruleset": "sc2", "slots": list(slots), "options": options or {}}
    if limits is not None:
        setup["roles"] = limits
    return setup


def fixed(role):
    return {"role": role}


def rand(category, **exclude):
    return {"category": category, "exclude": exclude}


def odds_of(setup, index):
    return roles.setup_odds(setup)["slots"][index]["odds"]


# -- 002 "Random Role Constraints": the Coroner ------------------------------------------------


def test_coroner_not_drawn_without_janitor_clue_or_every_option():
    """002: "Coroner will only spawn from random if one or more of these conditions are
    true: There is a Janitor in the game. The mode is the Clue variant. All options for
    the Coroner are enabled." None of them: no Coroner."""
    odds = odds_of(sc2(rand("town_investigative")), 0)
    assert "coroner" not in odds
    assert set(odds) == {"sheriff", "investigator", "lookout"}


def test_coroner_drawn_with_a_janitor_in_the_game():
    """002: "There is a Janitor in the game." (a fixed Janitor, anywhere)"""
    odds = odds_of(sc2(rand("town_investigative"), fixed("janitor")), 0)
    assert odds["coroner"] == 0.25


def test_coroner_drawn_in_the_clue_variant():
    """002: "The mode is the Clue variant." Ruling: Clue is reveal_roles off
    (sc2-reference 3.3: "roles not revealed at death")."""
    odds = odds_of(sc2(rand("town_investigative"), options={"reveal_roles": False}), 0)
    assert odds["coroner"] == 0.25


def test_coroner_drawn_with_every_coroner_option_on():
    """002: "All options for the Coroner are enabled." All of them, not some."""
    every = {o: True for o in CORONER_OPTIONS}
    assert odds_of(sc2(rand("town_investigative"), options=every), 0)["coroner"] == 0.25
    for missing in CORONER_OPTIONS:
        some = dict(every, **{missing: False})
        assert "coroner" not in odds_of(sc2(rand("town_investigative"), options=some), 0)


def test_a_fixed_coroner_needs_nothing():
    """The constraint is on randoms ("spawn from random"): a fixed Coroner is forced."""
    assert roles.check_setup(sc2(fixed("coroner")))["ok"]


def test_constraint_counts_only_roles_already_in_the_game():
    """Ruling (sc2 sheet): "a later slot does not count, so a GM who wants a Coroner
    possible next to a randomed Janitor puts the Mafia Deception slot before the Town
    Investigative one"."""
    janitor_later = sc2(rand("town_investigative"), rand("mafia_deception"))
    assert "coroner" not in odds_of(janitor_later, 0)
    janitor_first = sc2(rand("mafia_deception"), rand("town_investigative"))
    # P(Janitor) = 1/3, then one of four: 1/12.
    assert odds_of(janitor_first, 1)["coroner"] == pytest.approx(1 / 12, abs=1e-6)


# -- 002: the Mason Leader ------------------------------------------------------------------------


def test_mason_leader_only_with_a_citizen_or_cultist():
    """002: "Mason Leader spawns only when a Citizen or Cultist spawns, or when forced
    into the setup." """
    slot = rand("town_power")
    for partner, expected in (("sheriff", False), ("citizen", True), ("cultist", True)):
        setup = sc2(fixed(partner), slot, options=INCLUDE_MASON_LEADER)
        assert ("mason_leader" in odds_of(setup, 1)) is expected, partner


def test_mason_leader_after_a_randomed_citizen():
    """002: "spawns only when a Citizen ... spawns": a Citizen drawn by an earlier slot."""
    setup = sc2(rand("town_government"), rand("town_power"), options=INCLUDE_MASON_LEADER)
    # Town Government: Citizen or Mason (1/2); then one of Mason Leader, Mayor, Jailor,
    # Veteran (1/4).
    assert odds_of(setup, 1)["mason_leader"] == pytest.approx(1 / 8, abs=1e-6)


def test_forced_mason_leader_is_allowed_alone():
    """002: "... or when forced into the setup": a fixed Mason Leader without a Citizen."""
    assert roles.check_setup(sc2(fixed("mason_leader"), fixed("sheriff")))["ok"]


def test_mason_leader_excluded_from_randoms_by_default():
    """sc2-reference 3.2: the per-role "Excluded from randoms" flag on the Mason Leader;
    the ruleset's default is on, so even with a Citizen no random slot draws him."""
    assert "mason_leader" not in odds_of(sc2(fixed("citizen"), rand("town_power")), 1)


# -- 002: Spy and Sheriff ------------------------------------------------------------------------


def test_spy_and_sheriff_spawn_without_mafia():
    """002: "Note: Spy and some other roles such as Sheriff are exempt from this rule and
    still spawn even if there are no Mafia-aligned roles in the game." """
    odds = odds_of(sc2(rand("town_random")), 0)
    assert odds["spy"] > 0 and odds["sheriff"] > 0


def test_masons_are_not_forced_in_pairs():
    """sc2-notes: "Masons spawn as a pair". Ruling: 002 does not say it; the roller draws
    a lone Mason (the mason_promoted_to_leader option is for him)."""
    rolled = {tuple(roles.roll_setup(sc2(rand("town_government")), s)["roles"]) for s in range(30)}
    assert ("mason",) in rolled


# -- 002 "Impossible Randoms" --------------------------------------------------------------------


def test_town_power_with_nothing_possible_is_a_town_random():
    """002: '"Town Power: Exclude killing roles" is ON + "Mason Leader: Excluded from
    randoms" is ON + Mayor + Town Power = Town Power -> Town Random'."""
    setup = sc2(
        fixed("mayor"),
        rand("town_power", exclude_killing=True),
        options={"mason_leader_excluded_from_randoms": True},
    )
    assert roles.check_setup(setup)["ok"]
    town_random = set(roles.setup_categories("sc2")["town_random"]["roles"])
    odds = odds_of(setup, 1)
    assert set(odds) <= town_random - {"mayor", "mason_leader"}
    assert sum(odds.values()) == pytest.approx(1, abs=1e-5)
    for seed in range(5):
        slot = roles.roll_setup(setup, seed)["slots"][1]
        assert slot["fallback"] == "town_random" and slot["role"] in town_random


def test_town_government_with_nothing_possible_is_a_citizen():
    """sc2-notes: "SC2's Town Government falls back to Citizen." """
    setup = sc2(rand("town_government", exclude_citizen=True, exclude_mason=True))
    rolled = roles.roll_setup(setup, 1)
    assert rolled["slots"] == [{"slot": 0, "role": "citizen", "fallback": "citizen"}]


def test_any_random_excluding_every_side_is_refused():
    """002: '"Any Random: Exclude Town" is ON + "Any Random: Exclude Mafia" is ON + "Any
    Random: Exclude Neutral" is ON + Any Random = ???????????': the setup is invalid."""
    everything = {"exclude_town": True, "exclude_mafia": True, "exclude_neutral": True}
    setup = sc2(fixed("mayor"), rand("any_random", **everything))
    report = roles.check_setup(setup)
    assert not report["ok"] and report["players"] == 2
    [problem] = report["problems"]
    assert problem["slot"] == 1
    assert problem["message"].startswith("slot 2 of 2 (Any Random): no possible role in any roll")
    assert problem["message"] == (
        "slot 2 of 2 (Any Random): no possible role in any roll: Any Random: nothing left "
        "after the exclusions; Any Random has no fallback"
    )
    with pytest.raises(roles.InvalidSetup) as refused:
        roles.roll_setup(setup, 1)
    assert refused.value.problems == report["problems"]
    with pytest.raises(roles.InvalidSetup):
        roles.setup_odds(setup)


def test_impossible_in_some_rolls_only():
    """A slot empty only after some earlier draws is a problem too, "in some rolls"."""
    setup = {
        "ruleset": "ru_sport",
        "slots": [rand("any_random"), rand("town_special")],
        "roles": {"civilian": {"max": 0}},
    }
    [problem] = roles.check_setup(setup)["problems"]
    assert problem["slot"] == 1
    assert "slot 2 of 2 (Civilian Special): no possible role in some rolls" in problem["message"]


def test_every_problem_is_listed():
    """docs/setup.md: check "lists every problem, not the first"."""
    none = {"exclude_town": True, "exclude_mafia": True, "exclude_neutral": True}
    setup = sc2(
        fixed("mayor"), fixed("mayor"), rand("any_random", **none), rand("any_random", **none)
    )
    problems = roles.check_setup(setup)["problems"]
    assert [p["slot"] for p in problems] == [None, 2, 3]
    assert "Mayor" in problems[0]["message"] and "unique" in problems[0]["message"]


def test_no_slots_is_a_problem():
    assert roles.check_setup(sc2())["problems"] == [
        {"slot": None, "message": "the setup has no slots"}
    ]


# -- limits ---------------------------------------------------------------------------------------


def test_unique_roles_hold_across_fixed_and_random_slots():
    """sc2-reference 3.2: "Unique roles (max one per game): Mason Leader, Mayor,
    Godfather" whatever the GM's limits say."""
    assert "mayor" not in odds_of(sc2(fixed("mayor"), rand("town_power")), 1)
    # The second Mafia Killing slot: a Godfather only if the first drew the Mafioso.
    assert odds_of(sc2(rand("mafia_killing"), rand("mafia_killing")), 1)["godfather"] == 0.25
    lifted = sc2(fixed("mayor"), fixed("mayor"), limits={"mayor": {"max": 3}})
    assert not roles.check_setup(lifted)["ok"]
    two_randoms = sc2(rand("mafia_killing"), rand("mafia_killing"))
    for seed in range(20):
        assert roles.roll_setup(two_randoms, seed)["roles"].count("godfather") <= 1


def test_gm_max_and_unique():
    """docs/setup.md: `unique` (at most one), `max` (at most N) across fixed and random."""
    setup = sc2(fixed("jester"), rand("neutral_benign"), limits={"jester": {"max": 1}})
    assert "jester" not in odds_of(setup, 1)
    unique = sc2(
        rand("neutral_benign"), rand("neutral_benign"), limits={"jester": {"unique": True}}
    )
    for seed in range(20):
        assert roles.roll_setup(unique, seed)["roles"].count("jester") <= 1
    over = sc2(fixed("doctor"), fixed("doctor"), fixed("doctor"), limits={"doctor": {"max": 2}})
    [problem] = roles.check_setup(over)["problems"]
    assert problem["slot"] is None and "at most 2" in problem["message"]


def test_gm_excluded_from_randoms():
    """docs/setup.md: `excluded_from_randoms` (never drawn by a random slot; may still be
    a fixed slot)."""
    setup = sc2(
        fixed("doctor"), rand("town_protective"), limits={"doctor": {"excluded_from_randoms": True}}
    )
    assert roles.check_setup(setup)["ok"]
    assert "doctor" not in odds_of(setup, 1)


def test_cultist_excluded_from_randoms_option():
    """sc2-reference 3.2: Cultist "Excluded from randoms (D: On)"."""
    assert "cultist" not in odds_of(sc2(rand("neutral_evil")), 0)
    on = sc2(rand("neutral_evil"), options={"cultist_excluded_from_randoms": False})
    assert odds_of(on, 0) == {"witch": 0.5, "cultist": 0.5}


def test_include_neutral_killing_in_neutral_evil():
    """sc2-reference 3.1: Neutral Evil, "NK roles optionally included"."""
    odds = odds_of(sc2(rand("neutral_evil", include_neutral_killing=True)), 0)
    assert set(odds) == {"witch", "serial_killer", "arsonist", "mass_murderer"}


def test_fixed_slots_are_placed_first_wherever_they_stand():
    """Fixed slots first: a fixed Mayor after a Town Power slot still takes the Mayor."""
    assert "mayor" not in odds_of(sc2(rand("town_power"), fixed("mayor")), 0)


def test_russian_specials_are_one_of_each():
    """003: one Commissar, one Don (ru_sport's ten: "комиссар", "дон"); a second
    Civilian Special slot is a Civilian."""
    setup = {"ruleset": "ru_sport", "slots": [rand("town_special"), rand("town_special")]}
    rolled = roles.roll_setup(setup, 4)
    assert rolled["roles"] == ["commissar", "civilian"]
    assert rolled["slots"][1]["fallback"] == "town_random"


def test_factions_are_expected_counts():
    setup = sc2(fixed("mayor"), rand("any_random", exclude_town=True, exclude_neutral=True))
    assert roles.setup_odds(setup)["factions"] == {"town": 1.0, "mafia": 1.0}
