"""What a player may do now and why a move is refused (roles/legal.py): the offers
`roles.choices` makes, and each refusal of `roles.check_action` and of a phase's input
as a message id and its parameters, naming the role, the ability, the phase and the
player. docs/scenario.md: "Invalid input is never guessed at."
"""

from __future__ import annotations

from dataclasses import fields

import pytest

import roles
from tests.kit.engine import (
    HUNT_TIE_DAY,
    SPORT_NAMES,
    SPORT_ROLES,
    TOWN6,
    act,
    bay12_roster,
    bay12_seven,
    hunt,
    hunt_game,
    offered,
    phase_refused,
    refused,
    ru_play,
    sc2_game,
    sc2_roster,
    sport_game,
    townston_night,
    townston_play,
)


def test_a_no_target_ability_is_offered_with_its_label():
    """000 Arsonist: 'If you target yourself, you will unpreventably kill all doused
    players.' bay12 offers that as the no-target ability "Ignite", under its label
    (catches: the choice without a label)."""
    players = [{"name": n, "role": r} for n, r in [("Ann", "arsonist"), ("Bob", "townie")]]
    players += [{"name": f"T{i}", "role": "townie"} for i in range(4)]
    state = roles.new_game("bay12", players, seed=1, first_phase="night")
    ignite = next(c for c in roles.choices(state, "Ann") if c.ability == "ignite")
    assert (ignite.label, ignite.min_targets, ignite.max_targets) == ("Ignite", 0, 0)


def test_one_ability_used_twice_in_one_night_is_refused():
    """A player uses an ability once a phase, also where a ruleset has no one-action rule
    (ru_sport; catches: the (actor, ability) pair never remembered)."""
    night = [{"actor": "Ann", "targets": ["Eve"]}, {"actor": "Ann", "targets": ["Fay"]}]
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(sport_game(), {"night": night})
    assert refused.value.message == {
        "id": "refusal.by",
        "params": {
            "actor": "Ann",
            "reason": {"id": "refusal.acted", "params": {"player": "Ann", "phase": "night"}},
        },
    }


def test_a_move_after_the_end_is_refused_as_the_game_over():
    """check_action: "Validate one action against the current phase" - once the game is
    over there is none (catches: the refusal dropped)."""
    ended = roles.modkill(roles.modkill(bay12_seven(), "Ann").state, "Bob").state
    assert refused(ended, {"actor": "Cid", "targets": ["Dan"]}) == {
        "id": "refusal.ended",
        "params": {},
    }


@pytest.mark.parametrize("targets", ["Dan", ["Dan", 3]])
def test_targets_that_are_not_a_list_of_names_are_refused_as_such(targets):
    """docs/scenario.md: an action's `targets` is a list of names; a string, or a list
    holding a number, is refused as not one (catches: `or` -> `and` read a string as
    its letters; the refusal's id dropped or renamed)."""
    state = bay12_seven(first="night")
    assert refused(state, {"actor": "Ann", "targets": targets}) == {
        "id": "refusal.targets_list",
        "params": {},
    }


def test_a_dead_target_is_refused_naming_him():
    """000: a night action targets a living player; the refusal names the dead one in
    every language (catches: the id or the player dropped)."""
    state = roles.modkill(bay12_seven(first="night"), "Fay").state
    assert refused(state, {"actor": "Ann", "targets": ["Fay"]}) == {
        "id": "refusal.dead",
        "params": {"player": "Fay"},
    }


def test_a_living_target_of_an_ability_for_the_dead_is_refused_naming_both():
    """sc2 Coroner: "Learn the exact role of a dead player" - a living one is refused,
    naming the ability and the player (catches: either parameter dropped)."""
    state = sc2_game(sc2_roster("coroner", "mafioso"))
    assert refused(state, {"actor": "Ann", "ability": "autopsy", "targets": ["Cid"]}) == {
        "id": "refusal.needs_dead",
        "params": {"ability": "autopsy", "player": "Cid"},
    }


def test_a_hunt_with_a_guess_not_offered_is_refused_naming_the_guesses():
    """003 (ru_hunt): the hunter names the target and its status, mafia or maniac; any
    other guess is refused naming the ability, the field and the guesses (catches:
    each parameter dropped or changed, the player's extras not read)."""
    state, _ = ru_play(hunt_game("day"), HUNT_TIE_DAY)
    assert any(c.ability == "hunt" for c in roles.choices(state, "Hal"))  # offered
    assert refused(state, hunt("Hal", "Ann", "vampire")) == {
        "id": "refusal.extra",
        "params": {"ability": "hunt", "key": "guess", "values": "mafia, maniac"},
    }


def test_a_second_move_of_the_one_action_replaces_the_first_and_done_replaces_none():
    """bay12 gives a player one action a night (Ruleset.one_action_per_phase): the
    Arsonist douses or ignites, and a second move replaces the first
    (`replaced_moves`: "his one action's earlier move"); "nothing more" and an ability he
    does not hold replace nothing (catches: each test of `_spends` inverted or emptied)."""

    state = roles.new_game("bay12", bay12_roster(["arsonist", "mafioso", *TOWN6]), 0, {}, "night")
    assert roles.replaced_moves(state, "Arsonist", "ignite", ["douse"]) == ["douse"]
    assert roles.replaced_moves(state, "Arsonist", roles.DONE, ["douse"]) == []
    assert roles.replaced_moves(state, "Arsonist", "heal", ["douse"]) == []


def test_a_doctor_who_healed_himself_once_is_refused_a_second_self_heal():
    """000 Doctor (bay12's card): he may heal himself once; the second time the refusal
    names his role and the ability (catches: either parameter dropped)."""
    state = bay12_seven(first="night")
    state = roles.resolve_phase(state, {"night": [{"actor": "Dan", "targets": ["Dan"]}]}).state
    quiet = {"day": {"votes": [], "rounds": [], "actions": []}}
    state = roles.resolve_phase(state, quiet).state
    assert refused(state, {"actor": "Dan", "targets": ["Dan"]}) == {
        "id": "refusal.self_used",
        "params": {"role": "doctor", "ability": "heal"},
    }


def test_a_haunt_of_a_player_who_did_not_vote_for_the_jester_is_refused_naming_him():
    """000 Jester: "your target must be a player who was voting for you at the end of the
    day"; another is refused naming him and the ability (catches: either dropped)."""
    state = roles.new_game(
        "bay12",
        [
            {"name": n, "role": r}
            for n, r in zip(
                ["Jes", "Maf", "Doc", "Ann", "Bob", "Cid", "Dee"],
                ["jester", "mafioso", "doctor", "townie", "townie", "townie", "townie"],
                strict=True,
            )
        ],
        0,
        {},
        "day",
    )
    votes = [["Ann", "Jes"], ["Bob", "Jes"], ["Doc", "Maf"]]
    state = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}}).state
    assert not state.player("Jes").alive
    assert refused(state, {"actor": "Jes", "ability": "haunt", "targets": ["Doc"]}) == {
        "id": "refusal.target",
        "params": {"player": "Doc", "ability": "haunt"},
    }


def test_each_move_is_offered_with_its_phase_and_description_and_one_without_targets():
    """The offer (`roles.choices`) is what the site shows a seat: each ability with the
    phase it is used in and its card's description; an ability that takes no target
    (the Arsonist's ignite) is offered too (catches: phase or description dropped, the
    no-target test made to skip every ability)."""

    state = roles.new_game(
        "bay12", bay12_roster(["arsonist", "doctor", "mafioso", *TOWN6]), 0, {}, "night"
    )
    offered = {c.ability: c for c in roles.choices(state, "Arsonist")}
    assert set(offered) == {"douse", "ignite"}
    assert offered["ignite"].min_targets == offered["ignite"].max_targets == 0
    [heal] = roles.choices(state, "Doctor")
    assert heal.phase == "night"
    assert heal.description.startswith("Prevent your target from being killed tonight")


def test_a_transport_naming_one_player_twice_is_refused_naming_the_ability():
    """000 Transporter: "Swap your two targets": two players, not one named twice; the
    refusal names the ability (catches: the refusal's id or ability dropped)."""

    state = roles.new_game(
        "bay12", bay12_roster(["transporter", "mafioso", *TOWN6]), 0, {}, "night"
    )
    action = {"actor": "Transporter", "targets": ["Townie", "Townie"]}
    assert refused(state, action) == {"id": "refusal.twice", "params": {"ability": "transport"}}


def test_an_ability_with_no_target_now_does_not_hide_the_abilities_after_it():
    """townston, Welcome to the family: 'The target has to be a willing applicant': the
    recruited Paramedic is asked the next day. With no fresh corpse his revive ('ONLY
    ... on a player who died during yesterday's lynching complications or the previous
    night') has no target; the accept and decline listed after it are still offered
    (catches, in `choices`: `continue` -> `break` past an ability with no target)."""

    state = townston_play([townston_night(act("Fay", "recruit", "Jon"))])
    assert state.phase_label == "day 1"
    assert set(offered(state, "Jon")) == {"accept", "decline"}


def test_an_answer_to_an_offer_spends_no_action_and_replaces_nothing():
    """townston gives one action a phase; answering the Godfather's offer ("The target has
    to be a willing applicant") is free (the rulings: "answering an offer spends
    nothing"). The recruited Detective who has accepted still owes his day's checks, and
    his check replaces nothing; a move of the same ability is not listed as replaced
    (catches: `_spends` asked about no ability in `owed` and `replaced_moves`, the
    same-ability test made an `or`)."""

    state = townston_play([townston_night(act("Fay", "recruit", "Eve"))])
    assert {"accept", "check", "infiltrate"} <= set(offered(state, "Eve"))
    assert "check" in roles.owed(state, "Eve", frozenset({"accept"}))
    assert "accept" not in roles.owed(state, "Eve", frozenset({"accept"}))
    assert roles.replaced_moves(state, "Eve", "check", ["accept"]) == []
    assert roles.replaced_moves(state, "Eve", "check", ["check"]) == []
    assert roles.replaced_moves(state, "Eve", "infiltrate", ["accept", "check"]) == ["check"]
    assert roles.owed(state, "Eve", frozenset({"accept", "check"})) == []


def test_the_offer_the_site_receives_names_every_field_of_the_choice():
    """`Choice.to_dict` is what the site shows a seat (games.services `choices_now`): the
    ability, its label and phase, the target bounds and names, the extra keys with their
    values, the uses left and the card's description, under those names (catches: each
    key renamed)."""
    from dataclasses import asdict

    state, _ = ru_play(hunt_game("day"), HUNT_TIE_DAY)
    [hunt_choice] = [c for c in roles.choices(state, "Hal") if c.ability == "hunt"]
    assert hunt_choice.extra == {"guess": ["mafia", "maniac"]}
    detective = roles.choices(townston_play([townston_night(act("Fay", "recruit", "Eve"))]), "Eve")
    assert any(c.uses_left == 2 for c in detective)
    for choice in [hunt_choice, *detective]:
        assert choice.to_dict() == asdict(choice)
        assert list(choice.to_dict()) == [f.name for f in fields(choice)]


def test_the_refusals_of_a_move_name_the_role_the_ability_the_phase_and_the_player():
    """What the site shows a player whose move is refused (roles.Reason): the Godfather
    who names no ability is told his role and the abilities to choose from ('has several
    special abilities in his arsenal'); the Doctor healing by day, his role, the ability
    and the phase; a leaver (002's "Leaver Suicide"), his name; the Godfather recruiting
    twice ('This power can only be used once'), his role and the ability (catches: each
    parameter dropped or emptied, the list's separator changed, the spent ability listed)."""

    town = townston_play([])
    assert refused(town, {"actor": "Fay", "targets": ["Hal"]}) == {
        "id": "refusal.name_ability",
        "params": {"role": "godfather", "names": "horse_head, recruit, kill"},
    }
    cast = bay12_roster(["arsonist", "doctor", "mafioso", *TOWN6])
    by_day = roles.new_game("bay12", cast, 0, {}, "day")
    assert refused(by_day, {"actor": "Doctor", "ability": "heal", "targets": ["Mafioso"]}) == {
        "id": "refusal.phase",
        "params": {"role": "doctor", "ability": "heal", "phase": "day"},
    }
    gone = roles.leave(roles.new_game("bay12", cast, 0, {}, "night"), "Doctor")
    assert refused(gone, {"actor": "Doctor", "targets": ["Mafioso"]}) == {
        "id": "refusal.left",
        "params": {"player": "Doctor"},
    }
    quiet = {"day": {"votes": [], "rounds": [], "actions": []}}
    again = townston_play([townston_night(act("Fay", "recruit", "Hal")), quiet])
    assert refused(again, act("Fay", "recruit", "Eve")) == {
        "id": "refusal.no_uses",
        "params": {"role": "godfather", "ability": "recruit"},
    }
    # The abilities he is told to choose from are those he may still use.
    assert refused(again, {"actor": "Fay", "targets": ["Eve"]})["params"]["names"] == (
        "horse_head, kill"
    )


def test_a_phase_input_that_is_not_a_move_or_a_gm_decision_is_refused_exactly():
    """docs/scenario.md: a night is a list of actions, each an object; the host's
    decisions are actions of actor "GM" in the rulesets that take them (ru_sport: the
    modkill), and anything else from "GM" is refused naming the decisions it may be. A
    player who is himself called GM is a player: his move is his role's (catches: each
    refusal emptied or renamed, the decisions' ids renamed, the GM's own name not
    looked up among the players)."""

    assert phase_refused(sport_game(), {"night": ["Ann"]}) == {
        "id": "refusal.action_input",
        "params": {},
    }
    decision = {"actor": "GM", "ability": "bless", "targets": ["Ann"]}
    assert phase_refused(sport_game(), {"night": [decision]}) == {
        "id": "refusal.gm_decisions",
        "params": {"actor": "GM", "known": "modkill", "decisions": [{"id": "decision.modkill"}]},
    }
    # ru_hunt takes three: "Give the input a way to record 'voted, but not accepted'".
    assert phase_refused(hunt_game("night"), {"night": [decision]})["params"] == {
        "actor": "GM",
        "known": "modkill, reject_vote, urged",
        "decisions": [
            {"id": "decision.modkill"},
            {"id": "decision.reject_vote"},
            {"id": "decision.urged"},
        ],
    }
    renamed = [
        {"name": "GM" if name == "Ann" else name, "role": role}
        for name, role in zip(SPORT_NAMES, SPORT_ROLES, strict=True)
    ]
    check = roles.resolve_phase(
        sport_game(players=renamed), {"night": [{"actor": "GM", "targets": ["Bob"]}]}
    )
    assert check.record["results"] == [
        {"to": "GM", "kind": "check", "target": "Bob", "value": "mafia"}
    ]


def test_a_phase_input_of_the_wrong_shape_or_kind_is_refused_naming_what_was_expected():
    """docs/scenario.md: each phase is `{"night": [...]}` or `{"day": {...}}`, in turn; an
    input with both or neither is refused, and one of the wrong kind names the phase
    expected and what came (catches: each refusal and parameter dropped or renamed)."""
    state = bay12_seven(first="night")

    assert phase_refused(state, {}) == {"id": "refusal.phase_input", "params": {}}
    # Not an object at all: the same refusal, not a crash.
    assert phase_refused(state, ["night"]) == {"id": "refusal.phase_input", "params": {}}
    assert phase_refused(state, "night") == {"id": "refusal.phase_input", "params": {}}
    assert phase_refused(state, {"night": [], "day": {}}) == {
        "id": "refusal.phase_input",
        "params": {},
    }
    assert phase_refused(state, {"day": {}}) == {
        "id": "refusal.expected",
        "params": {"phase": "night", "n": 1, "kind": "day"},
    }


def test_healing_others_does_not_use_up_the_doctors_one_self_heal():
    """000 Doctor (bay12's card): he may heal himself once; the count is of heals on
    himself, not of every heal (catches: any heal counted as a self-heal)."""
    state = bay12_seven(first="night")
    quiet = {"day": {"votes": [], "rounds": [], "actions": []}}
    state = roles.resolve_phase(state, {"night": [{"actor": "Dan", "targets": ["Eve"]}]}).state
    state = roles.resolve_phase(state, quiet).state
    roles.check_action(state, {"actor": "Dan", "targets": ["Dan"]})  # still allowed


def test_a_night_or_day_input_of_the_wrong_type_and_a_ballot_not_a_pair_are_refused():
    """docs/scenario.md: a night is a list of actions, a day an object, each vote a
    [voter, target] pair; anything else is refused, with its own reason (catches: the
    refusals emptied or renamed, a pair test made an `or`)."""
    night_state, day_state = bay12_seven(first="night"), bay12_seven()

    assert phase_refused(night_state, {"night": {}}) == {"id": "refusal.night_input", "params": {}}
    assert phase_refused(day_state, {"day": ["Ann"]}) == {"id": "refusal.day_input", "params": {}}
    for ballot in ["AB", ["Ann"], ["Ann", "Bob", "Cid"]]:
        refused_day = {"day": {"votes": [ballot], "rounds": [], "actions": []}}
        assert phase_refused(day_state, refused_day) == {"id": "refusal.vote_pair", "params": {}}
