"""The day's vote (roles/day.py): the tally, the leaders, vote changes, extra rounds
and their questions, the lynch's record, and the refusals of a ballot.
"""

from __future__ import annotations

import pytest

import roles
from roles import render
from roles.day import leaders, round_events
from tests.kit.engine import (
    TOWN6,
    bay12_seven,
    bay12_sim,
    day,
    phase_context,
    sport_game,
    vote_refused,
)


def test_an_extra_round_not_given_yet_asks_for_that_round():
    """The question names the round to add (catches: `index` dropped from the decision)."""
    with pytest.raises(roles.PendingDecision) as asked:
        round_events([[]], 1, ["Ann", "Bob"], ("guilty", "innocent"), "trial", "Guilty?")
    assert asked.value.index == 1
    assert asked.value.voters == ["Ann", "Bob"]
    assert asked.value.choices == ["guilty", "innocent"]


def test_an_extra_round_ballot_of_three_items_is_refused_as_malformed():
    """A ballot is exactly a [voter, choice] pair (catches: `and` -> `or` let any list by,
    and unpacking three items then raised a ValueError, not a refusal)."""
    with pytest.raises(roles.IllegalAction) as refused:
        round_events([[["Ann", "guilty", "x"]]], 0, ["Ann"], ("guilty",), "trial", "Guilty?")
    assert refused.value.message == {"id": "refusal.round_pair", "params": {"label": "trial"}}


def test_a_candidate_whose_weighted_votes_sum_to_zero_does_not_lead():
    """A candidate is a leader only with votes (a -1 vote can bring one to zero; catches:
    `v > 0` -> `v >= 0`)."""
    assert leaders({"Ann": 0}) == []
    assert leaders({"Ann": 0, "Bob": 1, "pass": 3}) == ["Bob"]


def test_a_vote_by_an_unknown_player_is_refused_by_name():
    """Bad input gets a clear error (catches: the refusal without its reason)."""
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_vote(bay12_seven(), "Zed", "Ann")
    assert refused.value.message == {"id": "refusal.unknown_player", "params": {"player": "Zed"}}


def test_a_second_vote_change_is_refused_in_the_voters_name():
    """ru_sport: 'Переголосовывать можно только 1 раз.' (a vote may be changed once); the
    refusal names the voter, not his target (catches: the target's name)."""
    votes = [["Eve", "Bob"], ["Eve", None], ["Eve", "Cid"]]
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(sport_game(first="day"), {"day": {"votes": votes}})
    assert refused.value.message == {
        "id": "refusal.vote_changes",
        "params": {"voter": "Eve", "n": 1},
    }


def test_a_lynch_is_recorded_with_the_cause_lynch():
    """docs/scenario.md: "`by` holds cause ids: the killer's role id, or `lynch`, ..."
    (catches: `lynch`'s default cause renamed; bay12, sc2 and ru_19 lynch with it)."""
    voters = ["Townie", "Townie2", "Townie3"]
    out = bay12_sim(["mafioso", *TOWN6], [day(*[(v, "Mafioso") for v in voters])])
    assert out["phases"][0]["lynched"] == ["Mafioso"]
    assert [(d["player"], d["by"]) for d in out["phases"][0]["deaths"]] == [("Mafioso", ["lynch"])]


def test_the_tally_lists_the_candidates_in_seat_order_and_pass_last():
    """docs/scenario.md's `tally` is in seat order, and `tally` says "Votes per candidate
    in seat order (and "pass" last when it counts)" (catches: sorted by name, by the
    ballots' order, or a pass compared with a seat and failing)."""
    from roles.day import PASS, tally

    ctx = phase_context(
        "bay12", [("Zed", "townie"), ("Amy", "townie"), ("Maf", "mafioso"), ("Bob", "townie")]
    )
    ballots = {"Zed": PASS, "Amy": "Bob", "Maf": "Amy", "Bob": "Zed"}
    assert list(tally(ctx, ballots, count_pass=True)) == ["Zed", "Amy", "Bob", PASS]
    assert tally(ctx, ballots) == {"Zed": 1, "Amy": 1, "Bob": 1}


ROUND = (["Ann", "Bob"], ("guilty", "innocent"), "trial", "Guilty?")


@pytest.mark.parametrize(
    ("ballot", "message"),
    [
        (["Ann"], {"id": "refusal.round_pair", "params": {"label": "trial"}}),
        (
            ["Cid", "guilty"],
            {"id": "refusal.round_voter", "params": {"voter": "Cid", "label": "trial"}},
        ),
        (
            ["Bob", "maybe"],
            {
                "id": "refusal.round_choice",
                "params": {"voter": "Bob", "label": "trial", "choices": "guilty, innocent"},
            },
        ),
    ],
)
def test_a_wrong_extra_round_ballot_is_refused_naming_what_is_wrong(ballot, message):
    """An extra round's ballot "must be a [voter, choice] pair from one of `voters`, the
    choice one of `allowed`" (roles/day.py): the refusal names the voter, the round and
    the choices, in every language (catches: each parameter or the id dropped)."""
    with pytest.raises(roles.IllegalAction) as refused:
        round_events([[ballot]], 0, *ROUND)
    assert refused.value.message == message
    assert render(refused.value.message, "ru") != render(refused.value.message, "en")


def test_an_extra_round_takes_a_withdrawal_and_asks_its_question():
    """ "... the choice one of `allowed` (or None, a withdrawal)"; a round not given yet
    is asked with its question (catches: the None test inverted, the question dropped)."""
    assert round_events([[["Ann", None], ["Bob", "guilty"]]], 0, *ROUND) == [
        ["Ann", None],
        ["Bob", "guilty"],
    ]
    with pytest.raises(roles.PendingDecision) as asked:
        round_events([], 0, *ROUND)
    assert str(asked.value) == "Guilty?"


def test_a_vote_after_the_end_or_by_a_leaver_is_refused_naming_him():
    """002: a leaver is out of the game ("Leaver Suicide"): his vote that day is refused,
    naming him; and no vote is taken once the game is over (catches: the refusals'
    message or player dropped)."""
    ended = roles.modkill(roles.modkill(bay12_seven(), "Ann").state, "Bob").state
    assert vote_refused(ended, "Cid", "Dan") == {"id": "refusal.ended", "params": {}}
    gone = roles.leave(bay12_seven(), "Fay")
    assert vote_refused(gone, "Fay", "Ann") == {"id": "refusal.left", "params": {"player": "Fay"}}
