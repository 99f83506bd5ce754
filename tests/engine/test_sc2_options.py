"""sc2: the port's host flags that sc2-reference lists without a default (issue 5).

The night rules of each flag are scenario fixtures (scenarios/sc2/170-190, default
and non-default value); these tests cover what a fixture cannot state: the
defaults, what the engine offers a player, and the flags' interactions with other
options.
"""

from __future__ import annotations

import pytest

import roles
from roles.rulesets import sc2_categories as categories
from tests.kit.engine import sc2_roster as roster


def night(players, actions, options=None) -> dict:
    outcome = roles.simulate(
        {
            "ruleset": "sc2",
            "seed": 1,
            "options": options or {},
            "players": players,
            "phases": [{"night": actions}],
        }
    )
    return outcome["phases"][0]


@pytest.mark.parametrize(
    "option_id, default",
    [
        # Defaults that keep the wiki's rule where only the port has the flag.
        ("citizen_recruitable", True),  # W-ML: 'This ability only works on Citizens'
        ("escort_recruitable", False),
        ("lookout_ignores_detection_immune", True),
        ("witch_can_control_self", False),
        ("arsonist_fire_spreads", False),
        ("veteran_shoots_visitors_doctors", False),
        ("jester_annoys", False),  # W-JEST-411 (2011): 'no active abilities'
        # W-FRAMER: 'Becomes Mafioso if alone (D: On)'; the port's other becomes_mafioso.
        ("framer_becomes_mafioso", True),
        ("consort_becomes_mafioso", True),
        ("consigliere_becomes_mafioso", True),
    ],
)
def test_port_flag_defaults(option_id, default):
    options = {o.id: o for o in roles.get_ruleset("sc2").options}
    assert options[option_id].default == default
    assert set(options[option_id].choices) == {True, False}


@pytest.mark.parametrize("allowed", [False, True])
def test_witch_offered_herself_only_with_the_option(allowed):
    """sc2-reference 2.3 Witch: port `can_control_self`."""
    state = roles.new_game(
        "sc2", roster("witch", "doctor", "mafioso"), 1, {"witch_can_control_self": allowed}
    )
    (control,) = [c for c in roles.choices(state, "Ann") if c.ability == "control"]
    assert ("Ann" in control.targets) is allowed
    assert "Bob" in control.targets


@pytest.mark.parametrize("allowed", [False, True])
def test_jester_offered_annoy_only_with_the_option(allowed):
    """sc2-reference 2.3 Jester: 'Later versions: "Annoy" a player at night'."""
    state = roles.new_game("sc2", roster("jester", "mafioso"), 1, {"jester_annoys": allowed})
    offered = {c.ability: c for c in roles.choices(state, "Ann")}
    assert ("annoy" in offered) is allowed
    if allowed:
        assert "Ann" not in offered["annoy"].targets


def test_lookout_without_detection_sees_a_framer_only_when_not_immune():
    """sc2-reference 2.2 Framer: 'Immune to detection (D: Off)'; with the Lookout not
    ignoring detection immunity, the option decides whether he is seen."""
    players = roster("lookout", "framer", "citizen", "mafioso")
    actions = [{"actor": "Ann", "targets": ["Cid"]}, {"actor": "Bob", "targets": ["Cid"]}]
    blind = {"lookout_ignores_detection_immune": False}
    seen = night(players, actions, blind)["results"]
    hidden = night(players, actions, {**blind, "framer_detection_immune": True})["results"]
    assert {"to": "Ann", "kind": "visitors", "target": "Cid", "value": ["Bob"]} in seen
    assert {"to": "Ann", "kind": "visitors", "target": "Cid", "value": []} in hidden


def test_spreading_fire_follows_the_arsonist_immunity_option():
    """sc2-reference 2.3 Arsonist: 'Ignores immunity (D: On)'; the spread fire is the
    same fire: a night-immune visitor burns only while the option is on."""
    players = roster("arsonist", "serial_killer", "citizen", "mafioso")
    doused = {"actor": "Ann", "targets": ["Cid"]}
    ignite = {"actor": "Ann", "ability": "ignite"}
    stab = {"actor": "Bob", "targets": ["Cid"]}
    quiet_day = {"day": {"votes": [], "rounds": [], "actions": []}}

    def deaths(options):
        outcome = roles.simulate(
            {
                "ruleset": "sc2",
                "seed": 1,
                "options": {"arsonist_fire_spreads": True, **options},
                "players": players,
                "phases": [{"night": [doused]}, quiet_day, {"night": [ignite, stab]}],
            }
        )
        return {d["player"] for d in outcome["phases"][2]["deaths"]}

    assert deaths({}) == {"Cid", "Bob"}
    assert deaths({"arsonist_ignores_immunity": False}) == {"Cid"}


def test_doctor_of_a_vet_visitor_is_shot_even_when_the_heal_fails():
    """sc2-reference 2.1 Veteran: 'Doctor whose target visits the Vet dies' -- the
    Doctor is shot whether or not his patient is: a night-immune Serial Killer who
    visits the Veteran lives, his Doctor does not."""
    players = roster("veteran", "serial_killer", "doctor", "mafioso")
    actions = [
        {"actor": "Ann", "ability": "alert"},
        {"actor": "Bob", "targets": ["Ann"]},
        {"actor": "Cid", "targets": ["Bob"]},
    ]
    phase = night(players, actions, {"veteran_shoots_visitors_doctors": True})
    assert {d["player"] for d in phase["deaths"]} == {"Cid"}


@pytest.mark.parametrize(
    "category, role_id",
    [
        ("town_investigative", "sheriff"),
        ("town_protective", "doctor"),
        ("town_killing", "vigilante"),
        ("mafia_support", "consort"),
        ("neutral_killing", "arsonist"),
    ],
)
def test_port_excludes_each_role_of_a_category(category, role_id):
    """sc2-reference 3.1: per-category exclusions, 'port: exclude each' (Town
    Protective: 'port: exclude Bodyguard/Doctor/Escort'), all off by default."""
    flag = f"exclude_{role_id}"
    assert categories.EXCLUSION_OPTIONS[category][flag] is False
    assert role_id in categories.candidates(category, ["janitor", "citizen"], {})
    left = categories.candidates(category, ["janitor", "citizen"], {}, {flag: True})
    assert role_id not in left and left


def test_bus_driver_has_no_port_exclusion_flag():
    """sc2-reference 3.1 Town Protective lists the port's flags for Bodyguard, Doctor and
    Escort only."""
    assert "exclude_bus_driver" not in categories.EXCLUSION_OPTIONS["town_protective"]


def test_trial_asks_every_other_living_player_for_the_verdict():
    """sc2-reference 3.3 'Majority + Trial (defence then verdict)': the site opens the
    verdict round the engine asks for; the accused is not among its voters."""
    players = roster("citizen", "mafioso", "citizen", "citizen", "citizen", "citizen")[:6]
    state = roles.new_game("sc2", players, 1, {"day_type": "majority_trial"}, "day")
    votes = [[n, "Bob"] for n in ("Ann", "Cid", "Dan", "Eve")]
    with pytest.raises(roles.PendingDecision) as asked:
        roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}})
    assert asked.value.kind == "round" and asked.value.index == 0
    assert asked.value.choices == ["execute", "pardon"]
    assert asked.value.voters == ["Ann", "Cid", "Dan", "Eve", "Fay"]


def test_plurality_and_majority_days_ask_no_verdict():
    """Only majority_trial holds a trial: the other day types lynch without a round."""
    players = roster("citizen", "mafioso", "citizen", "citizen", "citizen", "citizen")[:6]
    votes = [[n, "Bob"] for n in ("Ann", "Cid", "Dan", "Eve")]
    for day_type in ("plurality", "majority"):
        state = roles.new_game("sc2", players, 1, {"day_type": day_type}, "day")
        result = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}})
        assert result.record["lynched"] == ["Bob"]
