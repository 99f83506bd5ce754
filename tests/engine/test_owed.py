"""What a seat still owes this phase (roles.owed): the site's "has acted" and early
close are the engine's answer, never a count of rows (issue 13)."""

import roles
from roles.cards import rules_text

SPORT = ["don", "mafia", "mafia", "commissar", *["civilian"] * 6]


def sport_night() -> roles.GameState:
    players = [{"name": f"p{i}", "role": role} for i, role in enumerate(SPORT)]
    return roles.new_game("ru_sport", players, seed=1)


def test_the_sport_don_owes_his_kill_vote_and_his_check():
    state = sport_night()
    assert sorted(roles.owed(state, "p0", set())) == ["check", "kill"]
    assert roles.owed(state, "p0", {"kill"}) == ["check"]
    assert roles.owed(state, "p0", {"kill", "check"}) == []


def test_nothing_more_settles_what_is_owed():
    assert roles.owed(sport_night(), "p0", {roles.DONE}) == []
    assert roles.owed(sport_night(), "p0", {"kill", roles.DONE}) == []


def test_a_seat_the_engine_offers_nothing_owes_nothing():
    state = sport_night()
    assert roles.owed(state, "p4", set()) == []  # a civilian of ru_sport sleeps
    state.player("p3").alive = False
    assert roles.owed(state, "p3", set()) == []  # a dead commissar checks nobody


def test_every_ruleset_prints_the_moves_ruling():
    for ruleset in roles.list_rulesets():
        text = rules_text(ruleset.id)
        assert "A player owes each ability offered to him this phase" in text
        assert "after the phase's stored deadline is refused" in text
