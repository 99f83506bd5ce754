"""Leavers (issue 19). 002, 'Order of Night actions': "Jailor, Vigilante, Mafioso and
Godfather, Serial Killer, Arsonist, Mass Murderer, Jester, Disguiser, and leavers in that
order"; its death descriptions: "Leaver Suicide: (name) committed suicide."
"""

from __future__ import annotations

import pytest

import roles
from tests.kit.engine import TOWN6, bay12_seven, day, deaths, phase_refused, results, sport_game
from tests.kit.engine import bay12_night as night
from tests.kit.engine import bay12_sim as sim

LEAVE_LINE = "Leaver Suicide"


def gm_leave(*names):
    return {"actor": "GM", "ability": "leave", "targets": list(names)}


def test_a_leaver_dies_that_night_with_the_leaver_line():
    """002: 'Leaver Suicide: (name) committed suicide.'"""
    out = sim(["mafioso", "doctor", *TOWN6], [night(gm_leave("Townie"))])
    assert deaths(out, 0) == {"Townie"}
    assert out["phases"][0]["deaths"][0]["by"] == ["leaver"]
    assert out["phases"][0]["descriptions"]["Townie"] == "Townie committed suicide."
    assert {"kind": "left", "player": "Townie"} in out["phases"][0]["events"]


def test_nothing_prevents_it():
    out = sim(["mafioso", "doctor", *TOWN6], [night(("Doctor", "Townie"), gm_leave("Townie"))])
    assert deaths(out, 0) == {"Townie"}
    assert not results(out, 0, kind="saved")


def test_the_leavers_moves_of_that_night_are_void():
    """He has gone: the mafioso who left kills nobody; what others aim at him happens."""
    out = sim(
        ["mafioso", "sheriff", *TOWN6],
        [night(("Mafioso", "Townie"), ("Sheriff", "Mafioso"), gm_leave("Mafioso"))],
    )
    assert deaths(out, 0) == {"Mafioso"}
    assert results(out, 0, to="Sheriff", kind="check")


def test_a_leaver_killed_first_dies_of_that_alone():
    """'being killed in a previous event does not matter': one death, the mafia's."""
    out = sim(["mafioso", *TOWN6], [night(("Mafioso", "Townie"), gm_leave("Townie"))])
    assert out["phases"][0]["deaths"] == [{"player": "Townie", "role": "townie", "by": ["mafioso"]}]


def test_a_day_leaver_loses_his_ballot_and_dies_the_next_night():
    out = sim(
        ["mafioso", "doctor", *TOWN6],
        [
            night(),
            {
                "day": {
                    "votes": [["Townie", "Doctor"], ["Townie2", "Townie3"]],
                    "rounds": [],
                    "actions": [gm_leave("Townie")],
                }
            },
            night(),
        ],
    )
    assert out["phases"][1]["lynched"] == ["Townie3"]  # Townie's vote for Doctor is void
    assert deaths(out, 2) == {"Townie"}
    assert out["phases"][2]["deaths"][0]["by"] == ["leaver"]


def test_the_leavers_stage_follows_the_disguiser():
    """'... Jester, Disguiser, and leavers in that order' (sc2); bay12 has no Disguiser:
    the leavers follow every kill."""
    sc2 = roles.get_ruleset("sc2").night_order
    assert sc2.index("leavers") == sc2.index("disguise") + 1
    bay12 = roles.get_ruleset("bay12").night_order
    assert bay12.index("leavers") == bay12.index("settle") + 1


def test_leave_at_once_offers_nothing_more():
    state = roles.new_game(
        "bay12",
        [
            {"name": f"P{i}", "role": r}
            for i, r in enumerate(["mafioso", "doctor", "sheriff", "townie", "townie"])
        ],
        1,
        {},
        "day",
    )
    gone = roles.leave(state, "P2")
    assert roles.choices(state, "P2") == roles.choices(state, "P2")  # the old state is kept
    assert roles.has_left(gone, "P2") and not roles.has_left(state, "P2")
    assert roles.choices(gone, "P2") == []
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_vote(gone, "P2", "P0")
    assert refused.value.message == {"id": "refusal.left", "params": {"player": "P2"}}
    with pytest.raises(roles.IllegalAction) as refused:
        roles.leave(gone, "P2")
    assert refused.value.message == {
        "id": "refusal.by",
        "params": {
            "actor": "GM",
            "reason": {"id": "refusal.left.already", "params": {"player": "P2"}},
        },
    }
    night_state = roles.resolve_phase(gone, {"day": {"votes": [], "rounds": [], "actions": []}})
    assert roles.choices(night_state.state, "P2") == []
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night_state.state, {"actor": "P2", "targets": ["P0"]})
    assert refused.value.message == {"id": "refusal.left", "params": {"player": "P2"}}
    after = roles.resolve_phase(night_state.state, {"night": []})
    assert [d["player"] for d in after.record["deaths"]] == ["P2"]


def test_rulesets_without_leavers_refuse():
    state = roles.new_game(
        "ru_sport",
        [
            {"name": f"P{i}", "role": r}
            for i, r in enumerate(["don", "mafia", "commissar", "civilian", "civilian"])
        ],
        1,
        {},
        "day",
    )
    with pytest.raises(roles.IllegalAction) as refused:
        roles.leave(state, "P3")
    assert refused.value.message == {"id": "refusal.no_leavers", "params": {"ruleset": "ru_sport"}}


def test_a_bad_leave_decision_is_invalid_input():
    with pytest.raises(roles.ScenarioError, match="unknown player"):
        sim(["mafioso", *TOWN6], [night(gm_leave("Nobody"))])
    with pytest.raises(roles.ScenarioError, match="dead"):
        sim(
            ["mafioso", *TOWN6],
            [night(("Mafioso", "Townie")), day(), night(gm_leave("Townie"))],
        )


@pytest.mark.parametrize("ruleset", ["bay12", "sc2"])
def test_the_ruling_is_printed(ruleset):
    assert "(name) committed suicide." in " ".join(roles.rules_text(ruleset).split())


# -- a leave's refusals and what it voids --------------------------------------------------


def test_the_refusals_of_a_leave_name_the_host_the_reason_and_the_player():
    """002's leavers ("Leaver Suicide: (name) committed suicide."): the host records a
    leave (`roles.leave`, or `{"actor": "GM", "ability": "leave", "targets": [names]}`).
    An unknown, dead or already-gone player is refused naming him, as the host's
    refusal; a leave naming nobody, or names not given as a list, is refused; a ruleset
    without leavers, or a game over, refuses any leave (catches: each name, actor,
    reason and ruleset dropped or renamed, the list test made an `and`)."""

    state = bay12_seven(first="night")

    def refusal(leave):
        with pytest.raises(roles.IllegalAction) as refused_leave:
            leave()
        return refused_leave.value.message

    def by_host(reason_id, **params):
        return {
            "id": "refusal.by",
            "params": {"actor": "GM", "reason": {"id": reason_id, "params": params}},
        }

    assert refusal(lambda: roles.leave(state, "Zed")) == by_host(
        "refusal.unknown_player", player="Zed"
    )
    dead = roles.modkill(state, "Fay").state
    assert refusal(lambda: roles.leave(dead, "Fay")) == by_host("refusal.dead", player="Fay")
    gone = roles.leave(state, "Gil")
    assert refusal(lambda: roles.leave(gone, "Gil")) == by_host(
        "refusal.left.already", player="Gil"
    )
    assert refusal(lambda: roles.leave(sport_game(), "Ann")) == {
        "id": "refusal.no_leavers",
        "params": {"ruleset": "ru_sport"},
    }
    over = roles.modkill(roles.modkill(bay12_seven(), "Ann").state, "Bob").state
    assert refusal(lambda: roles.leave(over, "Cid")) == {"id": "refusal.ended", "params": {}}
    for targets in ([], "Gil"):
        night_input = {"night": [{"actor": "GM", "ability": "leave", "targets": targets}]}
        assert phase_refused(state, night_input) == by_host("refusal.leave_names")


def test_void_leavers_voids_the_leavers_ballots_in_every_round_and_their_day_moves():
    """002's leaver is out from his leave on: his ballots in the day's vote and in each
    extra round, and his day moves, are void; what is not a round is left as it came
    (catches: the rounds or the actions written under another key, or not voided)."""
    from roles.leavers import void_leavers

    day = {
        "votes": [["Gil", "Ann"], ["Cid", "Ann"]],
        "rounds": [[["Gil", "Ann"], ["Dan", "Ann"]], "x"],
        "actions": [{"actor": "Gil", "targets": ["Ann"]}, {"actor": "Eve", "targets": ["Ann"]}],
    }
    voided = void_leavers({"day": day}, {"Gil"})["day"]
    assert voided["rounds"] == [[["Dan", "Ann"]], "x"]
    assert voided["actions"] == [{"actor": "Eve", "targets": ["Ann"]}]
    assert set(voided) == {"votes", "rounds", "actions"}
