"""docs/scenario.md: 'Invalid input is never guessed at.' Each kind of invalid scenario
raises ScenarioError with one line naming the phase, the actor and what is wrong."""

from __future__ import annotations

import copy

import pytest

import roles
from tests.kit.engine import TOWN6, bay12_roster

BASE = {
    "ruleset": "bay12",
    "seed": 1,
    "players": [
        {"name": "Ann", "role": "doctor"},
        {"name": "Bob", "role": "mafioso"},
        {"name": "Cid", "role": "sheriff"},
        {"name": "Dan", "role": "townie"},
        {"name": "Eve", "role": "vigilante"},
    ],
    "phases": [],
}


def scenario(phases, **changes):
    out = copy.deepcopy(BASE)
    out["phases"] = phases
    out.update(changes)
    return out


def fails(s, pattern):
    with pytest.raises(roles.ScenarioError, match=pattern) as info:
        roles.simulate(s)
    assert "\n" not in str(info.value)
    return str(info.value)


def test_unknown_ruleset_suggests():
    fails(scenario([], ruleset="bay21"), r"unknown ruleset 'bay21' \(did you mean 'bay12'\?\)")


def test_unknown_role_suggests():
    s = scenario([])
    s["players"][0]["role"] = "docter"
    fails(s, r"unknown role 'docter' \(did you mean 'doctor'\?\)")


def test_unknown_player():
    fails(scenario([{"night": [{"actor": "Zed", "targets": ["Ann"]}]}]), "night 1: .*Zed")
    fails(scenario([{"night": [{"actor": "Bob", "targets": ["Zed"]}]}]), "night 1: Bob: .*Zed")


def test_unknown_ability():
    fails(
        scenario([{"night": [{"actor": "Bob", "ability": "fly", "targets": ["Ann"]}]}]),
        "night 1: Bob: mafioso has no ability 'fly'",
    )


def test_dead_actor():
    phases = [
        {"night": [{"actor": "Bob", "targets": ["Ann"]}]},
        {"day": {"votes": [], "rounds": [], "actions": []}},
        {"night": [{"actor": "Ann", "targets": ["Dan"]}]},
    ]
    fails(scenario(phases), "night 2: Ann: Ann is dead")


def test_dead_voter_and_dead_candidate():
    phases = [
        {"night": [{"actor": "Bob", "targets": ["Ann"]}]},
        {"day": {"votes": [["Ann", "Bob"]], "rounds": [], "actions": []}},
    ]
    fails(scenario(phases), "day 1: Ann: Ann is dead")
    phases[1]["day"]["votes"] = [["Cid", "Ann"]]
    fails(scenario(phases), "day 1: Cid: cannot vote for Ann: Ann is dead")


def test_wrong_phase():
    fails(
        scenario(
            [
                {
                    "day": {
                        "votes": [],
                        "rounds": [],
                        "actions": [{"actor": "Bob", "targets": ["Ann"]}],
                    }
                }
            ]
        ),
        "day 1: Bob: mafioso has no day ability",
    )


def test_illegal_target():
    fails(
        scenario([{"night": [{"actor": "Bob", "targets": ["Bob"]}]}]),
        "night 1: Bob: mafioso cannot target themselves",
    )
    fails(
        scenario([{"night": [{"actor": "Bob", "targets": ["Ann", "Cid"]}]}]),
        "night 1: Bob: kill takes 1 target",
    )


def test_not_on_night_one():
    fails(
        scenario([{"night": [{"actor": "Eve", "targets": ["Bob"]}]}]),
        "night 1: Eve: vigilante cannot use kill on night 1",
    )


def test_uses_exhausted():
    phases = [
        {"night": [{"actor": "Ann", "targets": ["Ann"]}]},
        {"day": {"votes": [], "rounds": [], "actions": []}},
        {"night": [{"actor": "Ann", "targets": ["Ann"]}]},
    ]
    fails(scenario(phases), "night 2: Ann: doctor has already targeted themselves")


def test_phases_must_alternate():
    fails(scenario([{"night": []}, {"night": []}]), "night 2: phases must alternate")


def test_actions_after_the_game_ended():
    phases = [
        {
            "day": {
                "votes": [["Ann", "Bob"], ["Cid", "Bob"], ["Dan", "Bob"]],
                "rounds": [],
                "actions": [],
            }
        },
        {"night": []},
    ]
    fails(scenario(phases), "night 1: the game has already ended")


def test_two_actions_from_one_player():
    fails(
        scenario(
            [
                {
                    "night": [
                        {"actor": "Bob", "targets": ["Ann"]},
                        {"actor": "Bob", "targets": ["Cid"]},
                    ]
                }
            ]
        ),
        "night 1: Bob: Bob has already acted",
    )


def test_nothing_is_printed_for_a_partly_valid_scenario():
    """'A scenario is all or nothing': an error in phase 2 hides phase 1's outcome."""
    phases = [
        {"night": [{"actor": "Bob", "targets": ["Dan"]}]},
        {"day": {"votes": [["Dan", "Bob"]], "rounds": [], "actions": []}},
    ]
    fails(scenario(phases), "day 1: Dan: Dan is dead")


def test_malformed_shapes():
    fails(scenario("nope"), "phases must be a list")
    fails(scenario([], seed="x"), "seed must be an integer")
    fails(scenario([{"dusk": []}]), "a phase is")
    s = scenario([])
    s["players"] = s["players"][:2]
    fails(s, "at least three")
    s = scenario([])
    s["players"][1]["name"] = "Ann"
    fails(s, "two players are called Ann")


def test_unknown_role_with_nothing_close_is_named_alone():
    """docs/scenario.md's errors are one line naming the problem; with no role near the
    unknown name there is no suggestion, nor anything else after the quote (catches: the
    empty hint made text)."""
    s = scenario([])
    s["players"][0]["role"] = "zzzzzz"
    assert fails(s, r"unknown role 'zzzzzz'").endswith("unknown role 'zzzzzz'")


# -- invalid tables and phases -------------------------------------------------------------


def test_a_first_phase_with_both_keys_is_refused_as_the_games_first_night():
    """docs/scenario.md: a phase is {"day": ...} or {"night": ...}; a game opens by night
    unless its first phase is a day. A first phase naming both is the first night's
    error (catches: read as a day, the error named day 1)."""
    scenario = {
        "ruleset": "bay12",
        "seed": 1,
        "players": [{"name": n, "role": "townie"} for n in "abcdef"],
        "phases": [{"day": {"votes": []}, "night": []}],
    }
    with pytest.raises(roles.ScenarioError, match=r'^night 1: a phase is \{"day"'):
        roles.simulate(scenario)


def test_a_new_game_refuses_a_bad_table_with_a_plain_reason_and_keeps_only_the_extras():
    """docs/scenario.md: players in seating order, each with a name and a role (plus a
    role's own fields, an Executioner's target); at least three; by day or by night.
    Each refusal names what is wrong, counting seats from 1; a player's extra fields
    are what is left after the name and the role; the seed defaults to 0 (catches: the
    messages changed or emptied, the seat miscounted, the name test made an `and`, the
    name or role kept among the extras, the default seed changed)."""
    cast = [{"name": n, "role": "townie"} for n in ("Ann", "Bob", "Cid")]

    def refusal(players, first="night"):
        with pytest.raises(roles.IllegalAction) as refused_game:
            roles.new_game("bay12", players, 0, {}, first)
        return str(refused_game.value)

    assert refusal(cast, "dusk") == "a game starts by day or by night, not 'dusk'"
    assert refusal(cast[:2]) == "a game needs at least three players"
    assert refusal([*cast[:1], {"name": "", "role": "townie"}, *cast[2:]]) == "player 2 has no name"
    assert refusal([*cast[:2], {"name": 7, "role": "townie"}]) == "player 3 has no name"
    state = roles.new_game("bay12", [*cast, {"name": "Dan", "role": "townie", "note": 1}])
    assert state.seed == 0
    assert [p.extra for p in state.players] == [{}, {}, {}, {"note": 1}]


def test_a_scenarios_setup_errors_are_one_line_each():
    """docs/scenario.md: invalid input is refused with one line saying what is wrong --
    not an object, an unknown ruleset (with the nearest name when there is one),
    players or phases not lists of objects, a seed that is no integer, a `before` that
    is no list of changes (`simulate`, `_apply_before`)."""

    base = {"ruleset": "bay12", "players": bay12_roster(["mafioso", "doctor", *TOWN6])}

    def error(scenario):
        with pytest.raises(roles.ScenarioError) as refused:
            roles.simulate(scenario)
        return str(refused.value)

    assert [
        error([]),
        error({**base, "ruleset": "bay13"}),
        error({**base, "ruleset": "zzz"}),
        error({**base, "players": [1]}),
        error({**base, "phases": [1]}),
        error({**base, "seed": "1"}),
        error({**base, "phases": [{"night": [], "before": [1]}]}),
    ] == [
        "setup: a scenario is a JSON object",
        "setup: unknown ruleset 'bay13' (did you mean 'bay12'?)",
        "setup: unknown ruleset 'zzz'",
        "setup: players must be a list of {name, role} objects",
        "setup: phases must be a list of {night: ...} or {day: ...}",
        "setup: seed must be an integer",
        "night 1: before must be a list of {will|modkill|leave: NAME}",
    ]
