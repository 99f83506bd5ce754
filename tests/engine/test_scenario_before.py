"""roles/scenario.py: a phase's `before` list (wills, modkills, leaves during the
phase), so a game played on the site is a scenario that reproduces it."""

import pytest

import roles
from tests.kit.engine import move, sc2_roster

BAY12 = [
    {"name": "Ann", "role": "doctor"},
    {"name": "Bob", "role": "mafioso"},
    {"name": "Cid", "role": "sheriff"},
    {"name": "Dan", "role": "townie"},
    {"name": "Eve", "role": "townie"},
]


def test_a_modkill_before_the_close_is_the_same_as_roles_modkill():
    scenario = {
        "ruleset": "bay12",
        "seed": 1,
        "players": BAY12,
        "phases": [
            {"night": [{"actor": "Bob", "targets": ["Dan"]}], "before": [{"modkill": "Eve"}]}
        ],
    }
    out = roles.simulate(scenario)
    state = roles.new_game("bay12", BAY12, seed=1)
    state = roles.modkill(state, "Eve").state
    expected = roles.resolve_phase(state, {"night": [{"actor": "Bob", "targets": ["Dan"]}]})
    assert out["phases"] == [expected.record]
    assert "Eve" not in out["alive"] and "Dan" not in out["alive"]


def test_a_modkill_that_ends_the_game_ends_the_phase_with_its_record():
    players = BAY12[:3]
    scenario = {
        "ruleset": "bay12",
        "players": players,
        "phases": [
            {"day": {"votes": [], "rounds": [], "actions": []}, "before": [{"modkill": "Bob"}]}
        ],
    }
    out = roles.simulate(scenario)
    assert out["ended"] and out["phases"][0]["modkill"] == "Bob"
    with pytest.raises(roles.ScenarioError, match="already ended"):
        roles.simulate({**scenario, "phases": [*scenario["phases"], {"night": []}]})


def test_a_will_written_before_the_close_is_read_out_at_the_death():
    players = [{"name": n, "role": "citizen"} for n in ("Ann", "Bob", "Cid", "Dan")]
    players[1] = {"name": "Bob", "role": "mafioso"}
    night = {"night": [{"actor": "Bob", "targets": ["Ann"]}]}
    plain = roles.simulate({"ruleset": "sc2", "players": players, "phases": [night]})
    written = roles.simulate(
        {
            "ruleset": "sc2",
            "players": players,
            "phases": [{**night, "before": [{"will": "Ann", "text": "Bob is scum."}]}],
        }
    )
    assert "Bob is scum." not in str(plain["phases"])
    assert "Bob is scum." in str(written["phases"])


@pytest.mark.parametrize(
    "before, message",
    [
        ("Eve", "before must be a list"),
        ([{"kill": "Eve"}], "is a will, modkill or leave"),
        ([{"modkill": "Zed"}], "modkill Zed: unknown player"),
        ([{"leave": "Zed"}], "leave Zed: "),
    ],
)
def test_a_bad_change_is_refused_with_one_line_naming_the_phase(before, message):
    scenario = {"ruleset": "bay12", "players": BAY12, "phases": [{"night": [], "before": before}]}
    with pytest.raises(roles.ScenarioError, match=message) as refused:
        roles.simulate(scenario)
    assert str(refused.value).startswith("night 1: ")


# -- every kind of move before the phase ---------------------------------------------------


def test_a_scenarios_before_writes_erases_a_will_and_lets_a_player_leave():
    """docs/scenario.md, `before`: `{will: NAME, text}` writes the will (no text erases
    it) and `{leave: NAME}` is the player leaving, who dies as a leaver, not a modkill
    (`_apply_before`)."""

    def night(before, actions=()):
        phases = [{"night": list(actions), "before": before}]
        return roles.simulate(
            {"ruleset": "sc2", "players": sc2_roster("mafioso"), "phases": phases}
        )

    shot = [move("Ann", "kill", "Bob")]
    written = night([{"will": "Bob", "text": "hi"}], shot)["phases"][0]["events"]
    erased = night([{"will": "Bob", "text": "hi"}, {"will": "Bob"}], shot)["phases"][0]["events"]
    assert [e for e in written if e["kind"] == "last_will"] == [
        {"kind": "last_will", "player": "Bob", "text": "hi"}
    ]
    assert not [e for e in erased if e["kind"] == "last_will"]
    left = night([{"leave": "Cid"}])["phases"][0]["deaths"]
    assert left == [{"player": "Cid", "role": "citizen", "by": ["leaver"]}]
