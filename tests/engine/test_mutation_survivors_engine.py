"""Tests the mutation run over roles/ showed missing in the engine core: legal moves and
their refusals, the day's votes and extra rounds, modkills and leavers, the phase records
and events, the state's lookups and roles/scenario.py (bench/mutation.py; bench/README.md,
"Mutation testing"). Each names the surviving mutant it kills; where it checks a rule it
quotes the rule sentence. `_act` here builds a move for the ruleset files too.
"""

from __future__ import annotations

from dataclasses import fields

import pytest

import roles
from roles import render
from roles.day import leaders, round_events
from roles.modkill import void_modkilled
from tests.engine.test_bay12 import TOWN6, day, deaths, night, results, sim
from tests.engine.test_modkill import bay12
from tests.engine.test_ru_hunt import TIE_DAY as HUNT_TIE_DAY
from tests.engine.test_ru_hunt import game as hunt_game
from tests.engine.test_ru_hunt import hunt
from tests.engine.test_ru_hunt import play as hunt_play
from tests.engine.test_ru_sport import game
from tests.engine.test_sc2 import game as sc2_new_game
from tests.engine.test_sc2 import offered
from tests.engine.test_sc2_options import roster

# -- the core sample's survivors (bench/README.md, "Survivors after the new tests") --------


def test_an_extra_round_not_given_yet_asks_for_that_round():
    """The question names the round to add (mutant: `index` dropped from the decision)."""
    with pytest.raises(roles.PendingDecision) as asked:
        round_events([[]], 1, ["Ann", "Bob"], ("guilty", "innocent"), "trial", "Guilty?")
    assert asked.value.index == 1
    assert asked.value.voters == ["Ann", "Bob"]
    assert asked.value.choices == ["guilty", "innocent"]


def test_an_extra_round_ballot_of_three_items_is_refused_as_malformed():
    """A ballot is exactly a [voter, choice] pair (mutant: `and` -> `or` let any list by,
    and unpacking three items then raised a ValueError, not a refusal)."""
    with pytest.raises(roles.IllegalAction, match="a ballot is a \\[voter, choice\\] pair"):
        round_events([[["Ann", "guilty", "x"]]], 0, ["Ann"], ("guilty",), "trial", "Guilty?")


def test_the_modkill_record_and_its_public_event_name_the_phase_number():
    """The record: {"phase", "number", "modkill", ...} (roles/modkill.py; mutant: the
    "number" key renamed)."""
    result = roles.modkill(bay12(), "Fay")
    assert (result.record["phase"], result.record["number"]) == ("day", 1)
    public = result.events[0].payload
    assert (public["phase"], public["number"]) == ("day", 1)


def test_a_malformed_ballot_of_a_modkilled_voter_is_still_refused():
    """Voiding the modkilled player's ballots removes ballots, never a malformed event
    that the day then refuses (mutant: a three-item list read as his ballot)."""
    state = roles.modkill(bay12(), "Fay").state
    with pytest.raises(roles.IllegalAction):
        roles.resolve_phase(
            state, {"day": {"votes": [["Fay", "Ann", "Bob"]], "rounds": [], "actions": []}}
        )


def test_the_game_over_event_names_the_winners_and_reveals_every_role():
    """The public "game_over" event: the winners and every player's role (mutant: the
    "winners" key renamed)."""
    state = roles.modkill(bay12(), "Ann").state
    result = roles.modkill(state, "Bob")
    over = next(e for e in result.events if e.kind == "game_over")
    assert over.audience == "public"
    assert over.payload["winners"] == ["Cid", "Dan", "Eve", "Fay", "Gil"]
    assert over.payload["roles"]["Ann"] == "mafioso"
    assert len(over.payload["roles"]) == 7


def test_a_candidate_whose_weighted_votes_sum_to_zero_does_not_lead():
    """A candidate is a leader only with votes (a -1 vote can bring one to zero; mutant:
    `v > 0` -> `v >= 0`)."""
    assert leaders({"Ann": 0}) == []
    assert leaders({"Ann": 0, "Bob": 1, "pass": 3}) == ["Bob"]


def test_a_vote_by_an_unknown_player_is_refused_by_name():
    """Bad input gets a clear error (mutant: the refusal without its reason)."""
    with pytest.raises(roles.IllegalAction, match="unknown player 'Zed'"):
        roles.check_vote(bay12(), "Zed", "Ann")


def test_a_no_target_ability_is_offered_with_its_label():
    """000 Arsonist: 'If you target yourself, you will unpreventably kill all doused
    players.' bay12 offers that as the no-target ability "Ignite", under its label
    (mutant: the choice without a label)."""
    players = [{"name": n, "role": r} for n, r in [("Ann", "arsonist"), ("Bob", "townie")]]
    players += [{"name": f"T{i}", "role": "townie"} for i in range(4)]
    state = roles.new_game("bay12", players, seed=1, first_phase="night")
    ignite = next(c for c in roles.choices(state, "Ann") if c.ability == "ignite")
    assert (ignite.label, ignite.min_targets, ignite.max_targets) == ("Ignite", 0, 0)


def test_the_modkilled_players_round_ballots_and_day_actions_are_void_too():
    """roles.modkill's ruling: 'What he submitted in that phase is void, so are moves
    aimed at him and ballots naming him.' That holds in the day's extra rounds and its
    day actions as in its votes (mutants: rounds left as given, actions under another
    key)."""
    day = {
        "votes": [["Fay", "Ann"]],
        "rounds": [[["Fay", "Ann"], ["Cid", "Ann"], ["Dan", "Fay"]]],
        "actions": [{"actor": "Fay", "targets": ["Ann"]}, {"actor": "Gil", "targets": ["Fay"]}],
    }
    assert void_modkilled({"day": day}, {"Fay"}) == {
        "day": {"votes": [], "rounds": [[["Cid", "Ann"]]], "actions": []}
    }


def test_a_second_vote_change_is_refused_in_the_voters_name():
    """ru_sport: 'Переголосовывать можно только 1 раз.' (a vote may be changed once); the
    refusal names the voter, not his target (mutant: the target's name)."""
    votes = [["Eve", "Bob"], ["Eve", None], ["Eve", "Cid"]]
    with pytest.raises(roles.IllegalAction, match="^Eve: a vote may be changed only once$"):
        roles.resolve_phase(game(first="day"), {"day": {"votes": votes}})


def test_the_public_phase_closed_event_names_the_phase():
    """The public record of a closed phase says which phase it was (mutant: the "phase"
    key renamed)."""
    result = roles.resolve_phase(bay12(), {"day": {"votes": [], "rounds": [], "actions": []}})
    closed = next(e for e in result.events if e.kind == "phase_closed")
    assert (closed.payload["phase"], closed.payload["number"]) == ("day", 1)


def test_one_ability_used_twice_in_one_night_is_refused():
    """A player uses an ability once a phase, also where a ruleset has no one-action rule
    (ru_sport; mutant: the (actor, ability) pair never remembered)."""
    night = [{"actor": "Ann", "targets": ["Eve"]}, {"actor": "Ann", "targets": ["Fay"]}]
    with pytest.raises(roles.IllegalAction, match="^Ann: Ann has already acted this night$"):
        roles.resolve_phase(game(), {"night": night})


# -- the modules first sampled on 2026-12-03 (second session) ------------------------------


def test_a_first_phase_with_both_keys_is_refused_as_the_games_first_night():
    """docs/scenario.md: a phase is {"day": ...} or {"night": ...}; a game opens by night
    unless its first phase is a day. A first phase naming both is the first night's
    error (mutant: read as a day, the error named day 1)."""
    scenario = {
        "ruleset": "bay12",
        "seed": 1,
        "players": [{"name": n, "role": "townie"} for n in "abcdef"],
        "phases": [{"day": {"votes": []}, "night": []}],
    }
    with pytest.raises(roles.ScenarioError, match=r'^night 1: a phase is \{"day"'):
        roles.simulate(scenario)


@pytest.mark.parametrize(
    "item",
    [
        roles.ChatGroup("jail:1", "Jail", ("Bob", "Ann"), False, aliases={"Ann": "Jailor"}),
        roles.Event("role_change", ("seat", "Ann"), {"role": "mafioso"}),
    ],
    ids=["chat", "event"],
)
def test_the_dict_form_names_every_field(item):
    """The dict forms the site stores and sends keep each field under its own name, a
    tuple as a list (mutants: "aliases" and "audience" renamed)."""
    as_dict = item.to_dict()
    for field in fields(item):
        value = getattr(item, field.name)
        expected = list(value) if isinstance(value, tuple) else value
        assert as_dict[field.name] == expected, field.name
    assert set(as_dict) == {f.name for f in fields(item)}


def test_faction_members_are_the_living_unless_asked_for_all():
    """GameState.faction_members (no engine caller today; mutants: the default, `!=`)."""
    state = roles.modkill(bay12(), "Ann").state  # Ann the Mafioso modkilled, Bob the Consort
    assert [p.name for p in state.faction_members("mafia")] == ["Bob"]
    assert [p.name for p in state.faction_members("mafia", alive_only=False)] == ["Ann", "Bob"]
    assert "Ann" not in [p.name for p in state.faction_members("town", alive_only=False)]


# -- roles/day.py, the full run of 2026-12-03 (fourth session) -------------------------------


def test_a_lynch_is_recorded_with_the_cause_lynch():
    """docs/scenario.md: "`by` holds cause ids: the killer's role id, or `lynch`, ..."
    (mutants: `lynch`'s default cause renamed; bay12, sc2 and ru_19 lynch with it)."""
    voters = ["Townie", "Townie2", "Townie3"]
    out = sim(["mafioso", *TOWN6], [day(*[(v, "Mafioso") for v in voters])])
    assert out["phases"][0]["lynched"] == ["Mafioso"]
    assert [(d["player"], d["by"]) for d in out["phases"][0]["deaths"]] == [("Mafioso", ["lynch"])]


def test_the_tally_lists_the_candidates_in_seat_order_and_pass_last():
    """docs/scenario.md's `tally` is in seat order, and `tally` says "Votes per candidate
    in seat order (and "pass" last when it counts)" (mutants: sorted by name, by the
    ballots' order, or a pass compared with a seat and failing)."""
    from roles.day import PASS, tally
    from tests.engine.test_night_rules import context

    ctx = context(
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
    the choices, in every language (mutants: each parameter or the id dropped)."""
    with pytest.raises(roles.IllegalAction) as refused:
        round_events([[ballot]], 0, *ROUND)
    assert refused.value.message == message
    assert render(refused.value.message, "ru") != render(refused.value.message, "en")


def test_an_extra_round_takes_a_withdrawal_and_asks_its_question():
    """ "... the choice one of `allowed` (or None, a withdrawal)"; a round not given yet
    is asked with its question (mutants: the None test inverted, the question dropped)."""
    assert round_events([[["Ann", None], ["Bob", "guilty"]]], 0, *ROUND) == [
        ["Ann", None],
        ["Bob", "guilty"],
    ]
    with pytest.raises(roles.PendingDecision) as asked:
        round_events([], 0, *ROUND)
    assert str(asked.value) == "Guilty?"


def test_a_townston_death_shows_the_dead_role_and_team_to_everyone():
    """townston's rulings: "Roles are revealed on death." Townston has no reveal mode of
    its own, so the public deaths show the role (mutants: public_deaths' default reveal
    "role" renamed, which hid the role and the team)."""
    from tests.engine.test_townston import PSYCHO, night, players

    state = roles.new_game("townston", players(PSYCHO), 1, {"psychopath_idle": "random"}, "night")
    result = roles.resolve_phase(state, night())
    closed = next(e for e in result.events if e.kind == "phase_closed")
    dead = closed.payload["deaths"]
    assert len(dead) == 1
    victim = result.state.player(dead[0]["player"])
    assert dead == [{"player": victim.name, "role": victim.role, "faction": victim.faction}]


# -- roles/legal.py, the full run of 2026-12-03 (fourth session) -----------------------------


def refused(state, action) -> dict:
    with pytest.raises(roles.IllegalAction) as refusal:
        roles.check_action(state, action)
    return refusal.value.message


def test_a_move_after_the_end_is_refused_as_the_game_over():
    """check_action: "Validate one action against the current phase" - once the game is
    over there is none (mutant: the refusal dropped)."""
    ended = roles.modkill(roles.modkill(bay12(), "Ann").state, "Bob").state
    assert refused(ended, {"actor": "Cid", "targets": ["Dan"]}) == {
        "id": "refusal.ended",
        "params": {},
    }


@pytest.mark.parametrize("targets", ["Dan", ["Dan", 3]])
def test_targets_that_are_not_a_list_of_names_are_refused_as_such(targets):
    """docs/scenario.md: an action's `targets` is a list of names; a string, or a list
    holding a number, is refused as not one (mutants: `or` -> `and` read a string as
    its letters; the refusal's id dropped or renamed)."""
    state = bay12(first="night")
    assert refused(state, {"actor": "Ann", "targets": targets}) == {
        "id": "refusal.targets_list",
        "params": {},
    }


def test_a_dead_target_is_refused_naming_him():
    """000: a night action targets a living player; the refusal names the dead one in
    every language (mutants: the id or the player dropped)."""
    state = roles.modkill(bay12(first="night"), "Fay").state
    assert refused(state, {"actor": "Ann", "targets": ["Fay"]}) == {
        "id": "refusal.dead",
        "params": {"player": "Fay"},
    }


def test_a_living_target_of_an_ability_for_the_dead_is_refused_naming_both():
    """sc2 Coroner: "Learn the exact role of a dead player" - a living one is refused,
    naming the ability and the player (mutants: either parameter dropped)."""
    state = sc2_new_game(roster("coroner", "mafioso"))
    assert refused(state, {"actor": "Ann", "ability": "autopsy", "targets": ["Cid"]}) == {
        "id": "refusal.needs_dead",
        "params": {"ability": "autopsy", "player": "Cid"},
    }


def test_a_hunt_with_a_guess_not_offered_is_refused_naming_the_guesses():
    """003 (ru_hunt): the hunter names the target and its status, mafia or maniac; any
    other guess is refused naming the ability, the field and the guesses (mutants:
    each parameter dropped or changed, the player's extras not read)."""
    state, _ = hunt_play(hunt_game("day"), HUNT_TIE_DAY)
    assert any(c.ability == "hunt" for c in roles.choices(state, "Hal"))  # offered
    assert refused(state, hunt("Hal", "Ann", "vampire")) == {
        "id": "refusal.extra",
        "params": {"ability": "hunt", "key": "guess", "values": "mafia, maniac"},
    }


def test_a_second_move_of_the_one_action_replaces_the_first_and_done_replaces_none():
    """bay12 gives a player one action a night (Ruleset.one_action_per_phase): the
    Arsonist douses or ignites, and a second move replaces the first
    (`replaced_moves`: "his one action's earlier move"); "nothing more" and an ability he
    does not hold replace nothing (mutants: each test of `_spends` inverted or emptied)."""
    from tests.engine.test_bay12 import roster

    state = roles.new_game("bay12", roster(["arsonist", "mafioso", *TOWN6]), 0, {}, "night")
    assert roles.replaced_moves(state, "Arsonist", "ignite", ["douse"]) == ["douse"]
    assert roles.replaced_moves(state, "Arsonist", roles.DONE, ["douse"]) == []
    assert roles.replaced_moves(state, "Arsonist", "heal", ["douse"]) == []


def test_a_doctor_who_healed_himself_once_is_refused_a_second_self_heal():
    """000 Doctor (bay12's card): he may heal himself once; the second time the refusal
    names his role and the ability (mutants: either parameter dropped)."""
    state = bay12(first="night")
    state = roles.resolve_phase(state, {"night": [{"actor": "Dan", "targets": ["Dan"]}]}).state
    quiet = {"day": {"votes": [], "rounds": [], "actions": []}}
    state = roles.resolve_phase(state, quiet).state
    assert refused(state, {"actor": "Dan", "targets": ["Dan"]}) == {
        "id": "refusal.self_used",
        "params": {"role": "doctor", "ability": "heal"},
    }


def test_a_haunt_of_a_player_who_did_not_vote_for_the_jester_is_refused_naming_him():
    """000 Jester: "your target must be a player who was voting for you at the end of the
    day"; another is refused naming him and the ability (mutants: either dropped)."""
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


def vote_refused(state, voter, target) -> dict:
    with pytest.raises(roles.IllegalAction) as refusal:
        roles.check_vote(state, voter, target)
    return refusal.value.message


def phase_refused(state, phase_input) -> dict:
    with pytest.raises(roles.IllegalAction) as refusal:
        roles.resolve_phase(state, phase_input)
    return refusal.value.message


def test_a_vote_after_the_end_or_by_a_leaver_is_refused_naming_him():
    """002: a leaver is out of the game ("Leaver Suicide"): his vote that day is refused,
    naming him; and no vote is taken once the game is over (mutants: the refusals'
    message or player dropped)."""
    ended = roles.modkill(roles.modkill(bay12(), "Ann").state, "Bob").state
    assert vote_refused(ended, "Cid", "Dan") == {"id": "refusal.ended", "params": {}}
    gone = roles.leave(bay12(), "Fay")
    assert vote_refused(gone, "Fay", "Ann") == {"id": "refusal.left", "params": {"player": "Fay"}}


def test_each_move_is_offered_with_its_phase_and_description_and_one_without_targets():
    """The offer (`roles.choices`) is what the site shows a seat: each ability with the
    phase it is used in and its card's description; an ability that takes no target
    (the Arsonist's ignite) is offered too (mutants: phase or description dropped, the
    no-target test made to skip every ability)."""
    from tests.engine.test_bay12 import roster

    state = roles.new_game(
        "bay12", roster(["arsonist", "doctor", "mafioso", *TOWN6]), 0, {}, "night"
    )
    offered = {c.ability: c for c in roles.choices(state, "Arsonist")}
    assert set(offered) == {"douse", "ignite"}
    assert offered["ignite"].min_targets == offered["ignite"].max_targets == 0
    [heal] = roles.choices(state, "Doctor")
    assert heal.phase == "night"
    assert heal.description.startswith("Prevent your target from being killed tonight")


def test_a_transport_naming_one_player_twice_is_refused_naming_the_ability():
    """000 Transporter: "Swap your two targets": two players, not one named twice; the
    refusal names the ability (mutants: the refusal's id or ability dropped)."""
    from tests.engine.test_bay12 import roster

    state = roles.new_game("bay12", roster(["transporter", "mafioso", *TOWN6]), 0, {}, "night")
    action = {"actor": "Transporter", "targets": ["Townie", "Townie"]}
    assert refused(state, action) == {"id": "refusal.twice", "params": {"ability": "transport"}}


def test_an_ability_with_no_target_now_does_not_hide_the_abilities_after_it():
    """townston, Welcome to the family: 'The target has to be a willing applicant': the
    recruited Paramedic is asked the next day. With no fresh corpse his revive ('ONLY
    ... on a player who died during yesterday's lynching complications or the previous
    night') has no target; the accept and decline listed after it are still offered
    (mutant `choices__mutmut_30`: `continue` -> `break` past an ability with no target)."""
    from tests.engine.test_townston import act, night
    from tests.engine.test_townston import play as townston_play

    state = townston_play([night(act("Fay", "recruit", "Jon"))])
    assert state.phase_label == "day 1"
    assert set(offered(state, "Jon")) == {"accept", "decline"}


def test_an_answer_to_an_offer_spends_no_action_and_replaces_nothing():
    """townston gives one action a phase; answering the Godfather's offer ("The target has
    to be a willing applicant") is free (the rulings: "answering an offer spends
    nothing"). The recruited Detective who has accepted still owes his day's checks, and
    his check replaces nothing; a move of the same ability is not listed as replaced
    (mutants: `_spends` asked about no ability in `owed` and `replaced_moves`, the
    same-ability test made an `or`)."""
    from tests.engine.test_townston import act, night
    from tests.engine.test_townston import play as townston_play

    state = townston_play([night(act("Fay", "recruit", "Eve"))])
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
    values, the uses left and the card's description, under those names (mutants: each
    key renamed)."""
    from dataclasses import asdict

    from tests.engine.test_townston import act, night
    from tests.engine.test_townston import play as townston_play

    state, _ = hunt_play(hunt_game("day"), HUNT_TIE_DAY)
    [hunt_choice] = [c for c in roles.choices(state, "Hal") if c.ability == "hunt"]
    assert hunt_choice.extra == {"guess": ["mafia", "maniac"]}
    detective = roles.choices(townston_play([night(act("Fay", "recruit", "Eve"))]), "Eve")
    assert any(c.uses_left == 2 for c in detective)
    for choice in [hunt_choice, *detective]:
        assert choice.to_dict() == asdict(choice)
        assert list(choice.to_dict()) == [f.name for f in fields(choice)]


def test_a_modkill_of_a_dead_player_is_refused_naming_him():
    """The host's modkill removes a living player; a dead one is refused, naming him
    (mutants: the refusal's player dropped)."""
    state = roles.modkill(bay12(), "Fay").state
    with pytest.raises(roles.IllegalAction) as refusal:
        roles.modkill(state, "Fay")
    assert refusal.value.message == {"id": "refusal.dead", "params": {"player": "Fay"}}


def test_two_modkills_in_one_phase_are_both_remembered_and_both_voided():
    """roles.modkill: "The modkilled players of the open phase are remembered in the state
    until that phase is resolved": a second modkill in the same phase adds to the first
    (mutant: each modkill started a new list, forgetting the first)."""
    from roles.modkill import modkilled_now

    state = roles.modkill(roles.modkill(bay12(), "Fay").state, "Gil").state
    assert modkilled_now(state) == ["Fay", "Gil"]
    votes = [["Fay", "Ann"], ["Gil", "Ann"], ["Cid", "Ann"], ["Dan", "Bob"]]
    result = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}})
    assert result.record["tally"] == {"Ann": 1, "Bob": 1}


def test_void_modkilled_drops_the_ballots_naming_the_modkilled_and_keeps_the_rest():
    """roles.modkill: "What he submitted in that phase is void, so are moves aimed at him
    and ballots naming him (that voter has no ballot until he votes again)"; a move whose
    targets are not a list, or a ballot that is not a pair, is left for the engine to
    refuse (mutants: a voter's last target forgotten, so his earlier ballot stood; any
    targets field read as names; any ballot read as a pair)."""
    day = {
        "votes": [["Gil", "Fay"], ["Cid", "Fay"], ["Cid", "Ann"], ["Fay", "Ann"], ["Dan", "Ann"]],
        "rounds": [[["Eve", "Fay"]]],
        "actions": [],
    }
    voided = void_modkilled({"day": day}, {"Fay"})["day"]
    assert voided["votes"] == [["Cid", "Ann"], ["Dan", "Ann"]]
    # Gil's last ballot named Fay: his earlier one for Ann is void with it.
    votes = [["Gil", "Ann"], ["Gil", "Fay"], ["Dan", "Ann"]]
    assert void_modkilled({"day": {"votes": votes}}, {"Fay"})["day"]["votes"] == [["Dan", "Ann"]]
    # What is not a [voter, target] pair is not a ballot: left as it is.
    assert void_modkilled({"day": {"votes": ["xy", None]}}, {"y"})["day"]["votes"] == ["xy", None]
    assert voided["rounds"] == [[]]
    night = [{"actor": "Ann", "targets": "F"}, {"actor": "Bob", "targets": ["F"]}]
    assert void_modkilled({"night": night}, {"F"}) == {"night": night[:1]}


def test_each_record_has_the_fields_the_scenario_spec_shows_in_its_order():
    """docs/scenario.md, Output: a night's record is phase, number, deaths, headline,
    descriptions, results, events; a day's is phase, number, tally, lynched, deaths,
    results, events; "`headline`, `descriptions`: the day-break headline and the death
    descriptions ..., where the ruleset announces them": a quiet bay12 night has both
    (no description), a day has neither, and ru_sport, which describes no death, has no
    descriptions (mutants: the tally under another key, a headline on a day, the empty
    descriptions on the wrong phase or for a ruleset that has none)."""
    state = bay12(first="night")
    night_record = roles.resolve_phase(state, {"night": []})
    assert list(night_record.record) == [
        "phase", "number", "deaths", "headline", "descriptions", "results", "events"
    ]  # fmt: skip
    assert night_record.record["descriptions"] == {}
    day_input = {"day": {"votes": [["Cid", "Fay"]], "rounds": [], "actions": []}}
    day_record = roles.resolve_phase(night_record.state, day_input).record
    assert list(day_record) == [
        "phase",
        "number",
        "tally",
        "lynched",
        "deaths",
        "results",
        "events",
    ]
    sport_night = roles.resolve_phase(game(), {"night": []}).record
    assert "headline" in sport_night and "descriptions" not in sport_night


def test_the_refusals_of_a_move_name_the_role_the_ability_the_phase_and_the_player():
    """What the site shows a player whose move is refused (roles.Reason): the Godfather
    who names no ability is told his role and the abilities to choose from ('has several
    special abilities in his arsenal'); the Doctor healing by day, his role, the ability
    and the phase; a leaver (002's "Leaver Suicide"), his name; the Godfather recruiting
    twice ('This power can only be used once'), his role and the ability (mutants: each
    parameter dropped or emptied, the list's separator changed, the spent ability listed)."""
    from tests.engine.test_bay12 import roster
    from tests.engine.test_townston import act, night
    from tests.engine.test_townston import play as townston_play

    town = townston_play([])
    assert refused(town, {"actor": "Fay", "targets": ["Hal"]}) == {
        "id": "refusal.name_ability",
        "params": {"role": "godfather", "names": "horse_head, recruit, kill"},
    }
    cast = roster(["arsonist", "doctor", "mafioso", *TOWN6])
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
    again = townston_play([night(act("Fay", "recruit", "Hal")), quiet])
    assert refused(again, act("Fay", "recruit", "Eve")) == {
        "id": "refusal.no_uses",
        "params": {"role": "godfather", "ability": "recruit"},
    }
    # The abilities he is told to choose from are those he may still use.
    assert refused(again, {"actor": "Fay", "targets": ["Eve"]})["params"]["names"] == (
        "horse_head, kill"
    )


def test_a_blocked_or_killed_investigator_does_not_stop_the_next_one_detecting():
    """002, Order of Night actions: "Killing roles ... act simultaneously", then
    "Investigative roles detect (Sheriff, Investigator, Consigliere)". The Sheriff
    role-blocked by the Escort, or shot by the Mafioso before the detection, detects
    nothing; the Investigator seated after him still detects (mutants: `continue` ->
    `break` past a blocked or a dead actor, which skipped everyone after him)."""
    cast = ["escort", "sheriff", "investigator", "mafioso", *TOWN6[:4]]
    blocked = sim(
        cast, [night(("Escort", "Sheriff"), ("Sheriff", "Mafioso"), ("Investigator", "Mafioso"))]
    )
    assert results(blocked, 0, to="Sheriff") == [{"to": "Sheriff", "kind": "blocked"}]
    assert results(blocked, 0, to="Investigator", kind="roles")
    cast = ["mafioso", "sheriff", "investigator", "doctor", *TOWN6[:4]]
    shot = sim(
        cast, [night(("Mafioso", "Sheriff"), ("Sheriff", "Mafioso"), ("Investigator", "Mafioso"))]
    )
    assert deaths(shot, 0) == {"Sheriff"}
    assert results(shot, 0, to="Sheriff") == []
    assert results(shot, 0, to="Investigator", kind="roles")


def test_a_phase_input_that_is_not_a_move_or_a_gm_decision_is_refused_exactly():
    """docs/scenario.md: a night is a list of actions, each an object; the host's
    decisions are actions of actor "GM" in the rulesets that take them (ru_sport: the
    modkill), and anything else from "GM" is refused naming the decisions it may be. A
    player who is himself called GM is a player: his move is his role's (mutants: each
    refusal emptied or renamed, the decisions' ids renamed, the GM's own name not
    looked up among the players)."""
    from tests.engine.test_ru_sport import NAMES as SPORT_NAMES
    from tests.engine.test_ru_sport import ROLES as SPORT_ROLES

    assert phase_refused(game(), {"night": ["Ann"]}) == {"id": "refusal.action_input", "params": {}}
    decision = {"actor": "GM", "ability": "bless", "targets": ["Ann"]}
    assert phase_refused(game(), {"night": [decision]}) == {
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
        game(players=renamed), {"night": [{"actor": "GM", "targets": ["Bob"]}]}
    )
    assert check.record["results"] == [
        {"to": "GM", "kind": "check", "target": "Bob", "value": "mafia"}
    ]


def test_the_private_results_are_listed_in_the_seat_order_of_who_receives_them():
    """docs/scenario.md: "`results`: every private result a player receives", listed like
    the deaths in seat order (the Sheriff, seated first, checks after the kills are
    settled, yet his result comes first; one player's results keep the order they came
    in) (mutants: the sort key dropped or made the same for every player)."""
    cast = ["sheriff", "mafioso", "doctor", *TOWN6]
    out = sim(cast, [night(("Sheriff", "Mafioso"), ("Mafioso", "Townie"), ("Doctor", "Townie"))])
    assert [r["to"] for r in out["phases"][0]["results"]] == ["Sheriff", "Doctor", "Townie"]


def test_a_phase_input_of_the_wrong_shape_or_kind_is_refused_naming_what_was_expected():
    """docs/scenario.md: each phase is `{"night": [...]}` or `{"day": {...}}`, in turn; an
    input with both or neither is refused, and one of the wrong kind names the phase
    expected and what came (mutants: each refusal and parameter dropped or renamed)."""
    state = bay12(first="night")

    assert phase_refused(state, {}) == {"id": "refusal.phase_input", "params": {}}
    # Not an object at all: the same refusal, not a crash (found by reading these mutants).
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
    himself, not of every heal (mutant: any heal counted as a self-heal)."""
    state = bay12(first="night")
    quiet = {"day": {"votes": [], "rounds": [], "actions": []}}
    state = roles.resolve_phase(state, {"night": [{"actor": "Dan", "targets": ["Eve"]}]}).state
    state = roles.resolve_phase(state, quiet).state
    roles.check_action(state, {"actor": "Dan", "targets": ["Dan"]})  # still allowed


def test_each_phase_draws_from_the_seed_its_kind_and_its_number(monkeypatch):
    """A stored game is replayed from its seed and inputs: each phase's random draws come
    from a generator seeded from the game's seed, the phase's kind and its number, so
    night 1 and day 1, or night 1 and night 2, never share their draws (mutants: the
    kind or the number left out of the salt)."""
    from roles.model import GameState

    salts = []
    real_rng = GameState.rng

    def spy(self, *salt):
        salts.append(salt)
        return real_rng(self, *salt)

    monkeypatch.setattr(GameState, "rng", spy)
    state = roles.resolve_phase(bay12(first="night"), {"night": []}).state
    roles.resolve_phase(state, {"day": {"votes": [], "rounds": [], "actions": []}})
    assert ("night", 1) in salts and ("day", 1) in salts


def test_void_modkilled_leaves_what_is_not_a_phase_or_a_round_to_the_engine():
    """void_modkilled voids only well-formed moves and ballots; an input that is not an
    object, or a round that is not a list, is left as it came, for the engine's own
    refusal (mutants: the shape tests made `and` / always true)."""
    assert void_modkilled(["night"], {"Fay"}) == ["night"]
    rounds = void_modkilled({"day": {"rounds": ["xy", [["Ann", "y"]]]}}, {"y"})["day"]["rounds"]
    assert rounds == ["xy", []]


def test_the_public_close_carries_the_headline_and_the_descriptions_for_every_player():
    """002's day-break headline and death descriptions are what every player reads when
    the night closes (the site pushes the public `phase_closed` event): they are in it,
    not only in the GM's record (mutants: either key renamed, so it never reached the
    public event)."""
    result = roles.resolve_phase(
        bay12(first="night"), {"night": [{"actor": "Ann", "targets": ["Gil"]}]}
    )
    [public] = [e for e in result.events if e.audience == "public"]
    assert public.payload["headline"] == result.record["headline"]
    assert public.payload["descriptions"] == result.record["descriptions"] != {}


def test_a_night_or_day_input_of_the_wrong_type_and_a_ballot_not_a_pair_are_refused():
    """docs/scenario.md: a night is a list of actions, a day an object, each vote a
    [voter, target] pair; anything else is refused, with its own reason (mutants: the
    refusals emptied or renamed, a pair test made an `or`)."""
    night_state, day_state = bay12(first="night"), bay12()

    assert phase_refused(night_state, {"night": {}}) == {"id": "refusal.night_input", "params": {}}
    assert phase_refused(day_state, {"day": ["Ann"]}) == {"id": "refusal.day_input", "params": {}}
    for ballot in ["AB", ["Ann"], ["Ann", "Bob", "Cid"]]:
        refused_day = {"day": {"votes": [ballot], "rounds": [], "actions": []}}
        assert phase_refused(day_state, refused_day) == {"id": "refusal.vote_pair", "params": {}}


def test_a_new_game_refuses_a_bad_table_with_a_plain_reason_and_keeps_only_the_extras():
    """docs/scenario.md: players in seating order, each with a name and a role (plus a
    role's own fields, an Executioner's target); at least three; by day or by night.
    Each refusal names what is wrong, counting seats from 1; a player's extra fields
    are what is left after the name and the role; the seed defaults to 0 (mutants: the
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


def test_a_close_is_split_by_audience_public_close_seat_results_and_the_gms_record():
    """What the site pushes from a close (roles.engine `_events`: "the record split by
    audience"): one public `phase_closed` with the tally and the lynch on a day, one
    `result` to each receiving seat with that result, and the GM's `phase_record`, the
    whole record (mutants: each kind, audience and payload emptied or renamed)."""
    night_input = {
        "night": [{"actor": "Ann", "targets": ["Gil"]}, {"actor": "Cid", "targets": ["Ann"]}]
    }
    night_result = roles.resolve_phase(bay12(first="night"), night_input)
    check = {"to": "Cid", "kind": "check", "target": "Ann", "value": "suspicious"}
    assert [(e.kind, e.audience, e.payload) for e in night_result.events[1:]] == [
        ("result", ("seat", "Cid"), check),
        ("phase_record", "gm", night_result.record),
    ]
    assert night_result.events[0].kind == "phase_closed"
    assert night_result.events[0].audience == "public"
    votes = [["Cid", "Bob"], ["Dan", "Bob"]]
    day_result = roles.resolve_phase(
        night_result.state, {"day": {"votes": votes, "rounds": [], "actions": []}}
    )
    closed = day_result.events[0].payload
    assert (closed["tally"], closed["lynched"]) == ({"Bob": 2}, ["Bob"])


def test_the_state_and_ruleset_lookups_answer_exactly():
    """The small lookups every rule goes through (roles.model, roles.ruleset): a name that
    is not a player, even an unhashable one, is no player; a missing player or ruleset
    is a KeyError naming it; `with_role` lists the living by default, the dead on
    request; an option not set takes its default, an unknown one is a KeyError naming
    it, a bad choice names the allowed ones; an event's audience stays a word or becomes
    a list; the draws of a purpose are seeded "seed:salt" (a stored game replays the
    same) (mutants: each answer or name dropped or inverted)."""
    import random

    from roles.model import Event
    from roles.ruleset import get_ruleset

    state = roles.modkill(bay12(), "Fay").state
    assert not state.has_player(["Ann"])
    with pytest.raises(KeyError) as missing:
        state.player("Zed")
    assert missing.value.args == ("Zed",)
    assert [p.name for p in state.with_role("townie")] == ["Gil"]
    assert [p.name for p in state.with_role("townie", alive_only=False)] == ["Fay", "Gil"]
    assert state.rng("x", 1).random() == random.Random(f"{state.seed}:x:1").random()
    bay = get_ruleset("bay12")
    assert bay.option({}, "reveal") == "role" and bay.option({"reveal": "team"}, "reveal") == "team"
    assert bay.option({}, "tie") == "no_lynch"
    with pytest.raises(KeyError) as unknown_option:
        bay.option({}, "weather")
    assert unknown_option.value.args == ("weather",)
    with pytest.raises(
        ValueError, match=r"^option reveal must be one of role, team, none, not 'x'$"
    ):
        bay.resolved_options({"reveal": "x"})
    with pytest.raises(KeyError) as unknown_ruleset:
        get_ruleset("bay13")
    assert unknown_ruleset.value.args == ("bay13",)
    assert Event("phase_closed", "public", {}).to_dict()["audience"] == "public"
    assert Event("result", ("seat", "Ann"), {}).to_dict()["audience"] == ["seat", "Ann"]


def test_the_refusals_of_a_leave_name_the_host_the_reason_and_the_player():
    """002's leavers ("Leaver Suicide: (name) committed suicide."): the host records a
    leave (`roles.leave`, or `{"actor": "GM", "ability": "leave", "targets": [names]}`).
    An unknown, dead or already-gone player is refused naming him, as the host's
    refusal; a leave naming nobody, or names not given as a list, is refused; a ruleset
    without leavers, or a game over, refuses any leave (mutants: each name, actor,
    reason and ruleset dropped or renamed, the list test made an `and`)."""
    from tests.engine.test_ru_sport import game as sport_game

    state = bay12(first="night")

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
    over = roles.modkill(roles.modkill(bay12(), "Ann").state, "Bob").state
    assert refusal(lambda: roles.leave(over, "Cid")) == {"id": "refusal.ended", "params": {}}
    for targets in ([], "Gil"):
        night_input = {"night": [{"actor": "GM", "ability": "leave", "targets": targets}]}
        assert phase_refused(state, night_input) == by_host("refusal.leave_names")


def test_a_seats_view_names_its_fields_and_the_winners_only_once_the_game_is_over():
    """roles.view.observe, "A seat's view (None: a spectator's)", is what the site shows:
    the ruleset, the phase (kind and number), the players, whether it ended and who won
    (nobody while it goes on), the history; a seat's own part adds whether he lives; an
    unknown name gets the spectator's view (mutants: each key renamed, the winners
    shown early or never, the unknown-name test made an `and`)."""
    from roles.view import observe

    state = roles.modkill(bay12(), "Ann").state
    spectator = observe(state, None)
    assert list(spectator) == ["ruleset", "phase", "players", "ended", "winners", "history"]
    assert spectator["ruleset"] == "bay12"
    assert spectator["phase"] == {"kind": "day", "number": 1}
    assert (spectator["ended"], spectator["winners"]) == (False, [])
    assert observe(state, "Zed") == spectator
    assert observe(state, "Ann")["me"]["alive"] is False
    over = roles.modkill(state, "Bob").state
    assert observe(over, None)["winners"] == ["Cid", "Dan", "Eve", "Fay", "Gil"]


def test_void_leavers_voids_the_leavers_ballots_in_every_round_and_their_day_moves():
    """002's leaver is out from his leave on: his ballots in the day's vote and in each
    extra round, and his day moves, are void; what is not a round is left as it came
    (mutants: the rounds or the actions written under another key, or not voided)."""
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


def test_once_the_game_is_over_the_paranoid_learns_he_was_the_paranoid():
    """townston: the Paranoid is told he is a Townie ('He thinks he's a townie'); the
    truth is public once the game is over (`Ruleset.told_role`: "until the truth is
    public, when the game is over"; written with the mutants of `public_reveal`)."""
    from roles.ruleset import get_ruleset
    from tests.engine.test_townston import play as townston_play

    state = townston_play([])
    townston = get_ruleset("townston")
    assert townston.told_role(state, state.player("Kim")).id == "townie"
    for name in ("Bob", "Fay", "Ivy"):  # the mafia, modkilled
        state = roles.modkill(state, name).state
    assert state.ended
    assert townston.told_role(state, state.player("Kim")).id == "paranoid"


def test_once_the_game_is_over_every_role_is_public_whatever_the_reveal_mode():
    """`Ruleset.public_reveal`: "the role, of everyone, once the game is over": with
    bay12's reveal "none" the dead show no role while the game goes on, and every seat,
    dead or alive, shows its role and faction at the end (mutants: the end's reveal
    word changed, so no role was shown)."""
    from roles.view import observe

    state = roles.modkill(bay12(reveal="none"), "Ann").state
    assert "role" not in observe(state, None)["players"][0]
    over = roles.modkill(state, "Bob").state
    assert over.ended
    shown = observe(over, None)["players"]
    assert [(p["name"], p["role"], p["faction"]) for p in shown][:3] == [
        ("Ann", "mafioso", "mafia"),
        ("Bob", "consort", "mafia"),
        ("Cid", "sheriff", "town"),
    ]


def test_a_will_by_someone_not_at_the_table_is_refused_naming_him():
    """sc2's last wills are written by a player of the game; any other name is refused,
    naming it (mutants: the refused name dropped)."""
    from tests.engine.test_sc2 import table

    state = sc2_new_game(table("sheriff", "mafioso"))
    with pytest.raises(roles.IllegalAction) as refused_will:
        roles.write_will(state, "Zed", "N1: nothing")
    assert refused_will.value.message == {
        "id": "refusal.unknown_player",
        "params": {"player": "Zed"},
    }


def test_a_player_reads_his_factions_night_chat_and_a_townie_reads_none():
    """sc2: the mafia talk at night in their chat ('Mafia chat'); the Sheriff reads no
    room (`chats.rooms_of`: "The rooms this player reads now") (mutants: the reader's
    name not passed, so nobody read any room)."""
    from roles import chats
    from tests.engine.test_sc2 import table

    state = sc2_new_game(table("sheriff", "mafioso", "consort"))
    assert [(r.id, r.title) for r in chats.rooms_of(state, "Bob")] == [
        ("faction:mafia", "Mafia chat")
    ]
    assert chats.rooms_of(state, "Ann") == []


# -- roles/model.py's name index, session 30 -----------------------------------------------


def test_the_name_index_is_built_once_per_roster_and_follows_a_new_one():
    """roles.model: every rule looks players up by name, so the state keeps one name
    index per roster (a dict read, not a scan of the seats). It is built once and then
    reused; it is rebuilt when the roster list is replaced or grown, and a copy's index
    points at the copy's own players (mutants of `_by_name`: the index rebuilt on every
    lookup, never rebuilt, or rebuilt on the wrong test)."""
    from roles.model import Player

    state = roles.modkill(bay12(), "Fay").state
    index = state._by_name()
    assert state._by_name() is index
    assert state.player("Gil") is index["Gil"]
    assert state._by_name() is index

    copy = state.copy()
    assert copy.player("Gil") is copy.players[[p.name for p in copy.players].index("Gil")]
    assert copy.player("Gil") is not state.player("Gil")
    assert copy._by_name() is copy._by_name()

    newcomer = Player(name="Zed", seat=len(state.players) + 1, role="townie", faction="town")
    state.players.append(newcomer)
    assert state.player("Zed") is newcomer and state.has_player("Zed")
    grown = state._by_name()
    assert grown is not index and state._by_name() is grown

    state.players = [p for p in state.players if p.name != "Gil"]
    assert not state.has_player("Gil") and state.player("Zed") is newcomer
    with pytest.raises(KeyError):
        state.player("Gil")
    swapped = list(state.players)
    swapped[0] = Player(name="Ada", seat=swapped[0].seat, role="townie", faction="town")
    state.players = swapped
    assert state.player("Ada") is swapped[0]


# -- roles/scenario.py: survivors read in session 32 -------------------------------------


def _act(actor, ability, *targets):
    return {"actor": actor, "ability": ability, "targets": list(targets)}


def test_a_scenarios_setup_errors_are_one_line_each():
    """docs/scenario.md: invalid input is refused with one line saying what is wrong --
    not an object, an unknown ruleset (with the nearest name when there is one),
    players or phases not lists of objects, a seed that is no integer, a `before` that
    is no list of changes (`simulate_2-5/23/25/46/50-53/58/63`, `_apply_before_1`)."""
    from tests.engine.test_bay12 import TOWN6, roster

    base = {"ruleset": "bay12", "players": roster(["mafioso", "doctor", *TOWN6])}

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


def test_a_scenario_without_a_seed_plays_seed_zero():
    """docs/scenario.md: the seed is optional, 0 by default: a townston street conflict
    drawn without a seed is seed 0's (`simulate_45`)."""
    from tests.engine.test_townston import FULL

    votes = [["Ann", "Bob"], ["Dan", "Bob"], ["Lou", "Bob"], ["Hal", "Gil"], ["Jon", "Gil"]]
    votes.append(["Eve", "Gil"])
    scenario = {
        "ruleset": "townston",
        "players": [{"name": n, "role": r} for n, r in FULL],
        "phases": [{"day": {"votes": votes, "rounds": [], "actions": []}}],
    }
    assert roles.simulate(scenario) == roles.simulate({**scenario, "seed": 0})
    assert roles.simulate(scenario) != roles.simulate({**scenario, "seed": 1})


def test_a_scenarios_before_writes_erases_a_will_and_lets_a_player_leave():
    """docs/scenario.md, `before`: `{will: NAME, text}` writes the will (no text erases
    it) and `{leave: NAME}` is the player leaving, who dies as a leaver, not a modkill
    (`_apply_before_31/33/36/38/39/42`)."""
    from tests.engine.test_sc2_options import roster

    def night(before, actions=()):
        phases = [{"night": list(actions), "before": before}]
        return roles.simulate({"ruleset": "sc2", "players": roster("mafioso"), "phases": phases})

    shot = [_act("Ann", "kill", "Bob")]
    written = night([{"will": "Bob", "text": "hi"}], shot)["phases"][0]["events"]
    erased = night([{"will": "Bob", "text": "hi"}, {"will": "Bob"}], shot)["phases"][0]["events"]
    assert [e for e in written if e["kind"] == "last_will"] == [
        {"kind": "last_will", "player": "Bob", "text": "hi"}
    ]
    assert not [e for e in erased if e["kind"] == "last_will"]
    left = night([{"leave": "Cid"}])["phases"][0]["deaths"]
    assert left == [{"player": "Cid", "role": "citizen", "by": ["leaver"]}]
