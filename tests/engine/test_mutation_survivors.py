"""Tests the mutation run over roles/ showed missing (bench/mutation.py; bench/README.md,
"Mutation testing"). Each names the surviving mutant it kills; where it checks a rule it
quotes the rule sentence.
"""

from __future__ import annotations

from dataclasses import fields

import pytest

import roles
from roles import render, roulette
from roles.activity import Activity
from roles.announce import QUIET_NIGHT, describe, headline
from roles.day import leaders, round_events
from roles.messages import en, ru
from roles.messages.categories_ru import category_title_in
from roles.messages.derive import (
    death_message,
    event_message,
    message,
    outcome_messages,
    result_message,
)
from roles.messages.descriptions import ability_description
from roles.messages.names import role_name
from roles.messages.refusals import refusal_message
from roles.messages.roulette_ru import roulette_help
from roles.messages.rulesets_words import flag_label, option_help, preset_title
from roles.modkill import void_modkilled
from roles.roulette import RouletteRefused, payouts
from roles.setup.categories import setup_categories
from roles.setup.parse import parse_setup
from tests.engine.test_bay12 import TOWN6, day, deaths, night, results, sim
from tests.engine.test_chats import by_id, play, sc2_game
from tests.engine.test_chats import day as chat_day
from tests.engine.test_modkill import bay12
from tests.engine.test_roulette import play as roulette_play
from tests.engine.test_roulette import seated, seed_with_bullet, started
from tests.engine.test_ru_eleven import game as eleven_game
from tests.engine.test_ru_hunt import TIE_DAY as HUNT_TIE_DAY
from tests.engine.test_ru_hunt import game as hunt_game
from tests.engine.test_ru_hunt import hunt
from tests.engine.test_ru_hunt import play as hunt_play
from tests.engine.test_ru_sport import NAMES as NAMES_SPORT
from tests.engine.test_ru_sport import game
from tests.engine.test_ru_two_clans import simulate as clans_simulate
from tests.engine.test_sc2 import game as sc2_new_game
from tests.engine.test_sc2 import offered, quiet_day, table
from tests.engine.test_sc2 import sim as sc2_sim
from tests.engine.test_sc2_options import roster


def test_a_self_heal_listed_before_the_kill_stays_and_the_later_kill_still_moves():
    """000 Transporter: 'If the Doctor or Bodyguard are targeting themselves ... they will
    not be switched to another target.' Skipping the Doctor's self-target must not stop
    the swap of the actions after it (mutant: `continue` -> `break` in `transport`)."""
    out = sim(
        ["transporter", "doctor", "mafioso", *TOWN6],
        [night(("Transporter", "Doctor", "Townie"), ("Doctor", "Doctor"), ("Mafioso", "Townie"))],
    )
    # The kill moved from Townie to the Doctor, whose self-heal stayed on him.
    assert deaths(out, 0) == set()
    assert results(out, 0, to="Doctor", kind="saved")


def test_the_attacker_is_told_whose_bodyguard_stopped_him():
    """000 Bodyguard: 'You, your target, and the attacker will be told if you prevented an
    attack'. The attacker's message names the target he aimed at (mutant: the `target`
    field dropped from the "guarded" result)."""
    out = sim(
        ["bodyguard", "mafioso", *TOWN6],
        [night(("Bodyguard", "Townie"), ("Mafioso", "Townie"))],
    )
    assert results(out, 0, to="Mafioso", kind="guarded") == [
        {"to": "Mafioso", "kind": "guarded", "target": "Townie"}
    ]


def test_a_second_cause_of_death_reads_as_the_also_line():
    """002 Death Descriptions: '- He/She was also riddled with bullets at close range.'
    The first cause reads its own line, every later one its 'also' line (mutant: the
    first line for every cause)."""
    assert describe(["vigilante", "mafia"]) == (
        "He/She was shot by a high-caliber gun. "
        "He/She was also riddled with bullets at close range."
    )
    assert describe(["mafia"], struggle=True) == (
        "There were signs of struggle. He/She was shot at close range."
    )


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


def test_a_night_without_deaths_has_the_quiet_headline():
    """002's table starts at one death ('1: One of us did not survive the night.'); a
    night without deaths reads what a forum GM posts (mutant: no headline at all)."""
    assert headline(0) == QUIET_NIGHT == "Nobody died last night."
    assert headline(1) == "One of us did not survive the night."


def test_the_witchs_one_night_life_repels_a_drawn_attacker_of_several():
    """000 Witch: 'Once per game, if you would be killed at night ... you will survive'.
    With two attackers the life stops one, drawn by the game's seed, and the other kills
    her (mutant: always the first attacker repelled)."""
    repelled = set()
    for seed in range(12):
        out = sim(
            ["mafioso", "vigilante", "witch", *TOWN6],
            [night(), day(), night(("Mafioso", "Witch"), ("Vigilante", "Witch"))],
            seed=seed,
        )
        assert deaths(out, 2) == {"Witch"}
        told = {r["to"] for r in results(out, 2, kind="immune")}
        assert len(told) == 1
        repelled |= told
    assert repelled == {"Mafioso", "Vigilante"}


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


def test_sport_the_day_one_pardon_says_why():
    """003 (sport): 'Если в первый день все проголосовали пас, а 1 игрок проголосовал
    другого, игрок будет помилован - тоже никто повешен не будет.' The public event
    names the pardoned player and the reason (mutants: the reason dropped or renamed)."""
    votes = [["Ann", "Eve"], *[[n, "pass"] for n in NAMES_SPORT[1:] if n != "Eve"]]
    result = roles.resolve_phase(game(first="day"), {"day": {"votes": votes}})
    assert result.record["events"] == [
        {"kind": "pardon", "player": "Eve", "reason": "single_vote_on_day_one"}
    ]


def test_sc2_the_mason_chat_is_titled_masons():
    """sc2-reference 2.1 Mason: 'night chat with Masons + Mason Leader'. The room's title
    is what the site shows (mutants: no title, another title)."""
    masons = by_id(play(sc2_game(), chat_day()))["masons"]
    assert masons.title == "Masons"


def test_hunt_the_gms_record_keeps_the_drawn_request_whole():
    """ru_hunt: 'ведущий самостоятельно, посредством жребия, выбирает одну заявку из
    поступивших.' The GM's record keeps the drawn request: hunter, target and guess
    (mutant: the guess under another key)."""
    _, records = hunt_play(
        hunt_game(first="day", seed=0), HUNT_TIE_DAY, {"night": [hunt("Fay", "Bob", "mafia")]}
    )
    assert records[1]["hunt"] == {
        "applicants": ["Fay"],
        "drawn": "Fay",
        "target": "Bob",
        "guess": "mafia",
    }


def test_sport_the_commissars_check_is_a_private_check_result():
    """003: 'ночью может проверять статус любого игрока' and 'В личку статусам (адвокату
    мафии и комиссару) ведущий высылает результаты ночных проверок.' The Commissar's
    result is a "check" naming its target (mutant: the result's kind renamed)."""
    result = roles.resolve_phase(game(), {"night": [{"actor": "Ann", "targets": ["Bob"]}]})
    checks = [r for r in result.record["results"] if r["to"] == "Ann"]
    assert [(r["kind"], r["target"]) for r in checks] == [("check", "Bob")]


# -- the ruleset samples' survivors (bench/README.md, "Ruleset survivors") -----------------


def test_sc2_the_godfather_orders_the_kill_when_a_mafioso_lives_whatever_the_option():
    """sc2-reference 2.2 Godfather: 'Orders the Mafia kill; kills himself if no
    Mafioso (option)'. With a Mafioso alive the order is his with the option off too
    (mutant: the Mafioso looked up under no role, so the order was never offered)."""
    players = table("godfather", "mafioso")
    assert "kill" in offered(
        sc2_new_game(players, {"godfather_kills_without_mafioso": False}), "Ann"
    )


def test_sc2_a_revealed_mayor_and_a_jailor_have_their_crimes():
    """sc2-reference 2.4: 'jailing/kidnapping = Kidnapping; Mayor/Judge/Marshall reveal =
    Corruption'. The Investigators (crimes mode) that night read exactly those (mutant:
    the Mayor's crime renamed)."""
    players = table("mayor", "jailor", "investigator", "investigator", "mafioso")
    reveal = {"actor": "Ann", "ability": "reveal"}
    jail = {"actor": "Bob", "ability": "jail", "targets": ["Gus"]}
    checks = [{"actor": "Cid", "targets": ["Ann"]}, {"actor": "Dan", "targets": ["Bob"]}]
    out = sc2_sim(
        players,
        [quiet_day([reveal, jail]), {"night": checks}],
        {"investigator_results": "crimes"},
    )
    crimes = [r for r in out["phases"][1]["results"] if r["kind"] == "crimes"]
    assert [(r["target"], r["value"]) for r in crimes] == [
        ("Ann", ["corruption"]),
        ("Bob", ["kidnapping"]),
    ]


def test_sc2_a_spreading_fire_is_not_stopped_by_a_bodyguard():
    """sc2's documentation (fire_spreads): 'on, everyone who visited a burning house that
    night burns too, by the fire's rules (immunity, heals, jail and Bodyguards as for the
    doused)'; 000 Bodyguard: 'You cannot prevent a kill from the ... Arsonist'. The
    Sheriff who visited the burning house burns though a Bodyguard guards him (mutant:
    the spread fire's attack made interceptable: the Bodyguard died in his place)."""
    players = roster("arsonist", "sheriff", "citizen", "bodyguard", "mafioso")
    fire = [
        {"actor": "Ann", "ability": "ignite"},
        {"actor": "Bob", "targets": ["Cid"]},
        {"actor": "Dan", "targets": ["Bob"]},
    ]
    out = sc2_sim(
        players,
        [{"night": [{"actor": "Ann", "targets": ["Cid"]}]}, quiet_day(), {"night": fire}],
        {"arsonist_fire_spreads": True},
    )
    assert {d["player"] for d in out["phases"][2]["deaths"]} == {"Bob", "Cid"}


def test_sc2_a_bludgeoning_mason_leader_is_not_told_his_recruit_failed():
    """sc2-reference 2.1 Mason Leader: 'a Cultist visited is bludgeoned to death (uses a
    recruit)'. The visit is a kill, not a recruitment: no 'recruit failed' result
    (mutant: the bludgeon mark read under another key, the recruit went on and failed)."""
    players = table("mason_leader", "mafioso", "cultist")
    out = sc2_sim(players, [{"night": [{"actor": "Ann", "targets": ["Cid"]}]}])
    assert {d["player"] for d in out["phases"][0]["deaths"]} == {"Cid"}
    assert [r for r in out["phases"][0]["results"] if r["to"] == "Ann"] == []


def test_sc2_the_jail_transcript_is_gone_once_a_later_night_has_passed():
    """sc2's documentation (chats): 'The two may read it through the following day; a new
    night closes it.' Closed, it stays closed: the day after the next night shows no
    jail room either (mutant: `or` -> `and`, night 1's transcript came back on day 3)."""
    night = play(
        sc2_game(), chat_day(actions=[{"actor": "Ann", "ability": "jail", "targets": ["Bob"]}])
    )
    day_two = play(night, {"night": []})
    assert "jail:1" in by_id(day_two)
    day_three = play(day_two, chat_day(), {"night": []})
    assert not any(room.id.startswith("jail") for room in by_id(day_three).values())


def test_sc2_every_setup_flag_is_off_by_default_and_prints_as_false():
    """sc2-reference 3.1: 'Exclude Citizen (D: Off), Exclude Mason (D: Off)', 'Exclude
    killing roles (D: Off)', Neutral Evil's 'host option to include/exclude NK in NE'
    (ours: off). `setup categories sc2` prints each default as false (mutant: Neutral
    Evil's default None, printed null)."""
    flags = {
        (category, flag): value
        for category, entry in setup_categories("sc2").items()
        for flag, value in entry["exclude"].items()
    }
    assert flags[("neutral_evil", "include_neutral_killing")] is False
    assert all(value is False for value in flags.values())


# -- the modules first sampled on 2026-12-03 (second session) ------------------------------


def test_the_sheet_lists_a_stages_moves_in_seat_order_with_their_targets():
    """roles.order_sheet: 'within a stage in seat order, as the engine runs a bucket'.
    ru_eleven's mafia shot: the hangman (seat 10) sent first, the plain mafia member
    (seat 9) second; the sheet reads the member first. Three targets read as a list
    (mutants: the seat ignored; the line's targets dropped; the list's separator)."""
    actions = [
        {"actor": "Kay", "ability": "decoy", "targets": ["Ann", "Bob", "Cid"]},
        {"actor": "Jon", "ability": "kill", "targets": ["Eve"]},
        {"actor": "Ian", "ability": "kill", "targets": ["Fay"]},
    ]
    sheet = roles.order_sheet(eleven_game(), actions)
    assert [(s.title, [(line.text, line.targets) for line in s.lines]) for s in sheet] == [
        (
            "The mafia's kill",
            [("Ian (Mafia) kills Fay", ("Fay",)), ("Jon (Hangman) kills Eve", ("Eve",))],
        ),
        ("Decoys", [("Kay (Advocate) uses Decoys on Ann, Bob, Cid", ("Ann", "Bob", "Cid"))]),
    ]


def test_a_click_tells_the_chambers_left_and_the_choice():
    """002 Russian Roulette: 'Each player takes a turn pulling the trigger'; HELP: 'after
    a click, -pull again or -pass'. The line says so (mutant: no line)."""
    seed = seed_with_bullet(5)
    table = started("ann", "bob", seed=seed).table
    assert roulette_play(table, "ann", "-pull", seed=seed).lines == [
        "ann pulls: click. 5 chambers left; ann may -pull again or -pass."
    ]


def test_a_round_of_one_player_is_refused_in_a_sentence():
    """HELP: '-start  the host starts the round (two players at least)' (mutant: the
    refusal's first letter lower-cased)."""
    with pytest.raises(RouletteRefused, match=r"^A round needs two players at least\.$"):
        roulette_play(seated("ann"), "ann", "-start")


def test_the_pots_odd_points_go_to_the_largest_remainders():
    """roulette.payouts: 'whole points by largest remainder'. Weights 5 and 1 share a pot
    of 4: 3.33 and 0.67; the odd point goes to the 0.67 (remainder 4 of 6), not to the
    larger share (mutant: sorted by the share, `%` -> `/`)."""
    assert payouts({"a": 5, "b": 1}, {}, 4) == {"a": 8, "b": 2}


def test_a_first_phase_with_both_keys_is_refused_as_the_games_first_night():
    """spec/scenario.md: a phase is {"day": ...} or {"night": ...}; a game opens by night
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


def test_the_activity_rule_in_words_for_one_day_and_for_several():
    """003 (ru_classic): 'at least 10 game posts in each of the first three days'; the
    site shows the GM's own numbers in these words (mutants: the one-day wording)."""
    assert Activity(3, 1).text() == (
        "at least 3 game posts in the first day; a warning the first time, a modkill when repeated"
    )
    assert Activity(10, 3).text().startswith("at least 10 game posts in each of the first 3 days")


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


# -- roles/messages and roles/setup, first sampled on 2026-12-03 (second session) -----------


@pytest.mark.parametrize(
    "n, form",
    [(1, "one"), (21, "one"), (2, "few"), (3, "few"), (22, "few"), (0, "many"), (5, "many")]
    + [(11, "many"), (12, "many"), (13, "many"), (14, "many"), (111, "many"), (112, "many")],
)
def test_russian_plural_forms(n, form):
    """Russian: 1, 21 игрок; 2-4, 22 игрока; 5-20, 11-14, 111 игроков (mutants: each
    bound of the few-form and the one-form moved)."""
    assert ru.plural_form(n) == form


def test_english_plural_forms():
    """English: 1 player, 0 / 2 players (mutants: the test inverted or moved)."""
    assert [en.plural_form(n) for n in (0, 1, 2)] == ["many", "one", "many"]


def test_a_category_title_and_the_roulette_help_in_each_language():
    """The setup builder's category titles and the graveyard's roulette help in the
    reader's language; English is the engine's own text (mutants: the language test, the
    lookup's fallback)."""
    assert category_title_in("Town Random", "ru") == "Любая роль города"
    assert category_title_in("Town Random") == "Town Random"
    assert category_title_in("No such title", "ru") == "No such title"
    assert roulette_help() == roulette.HELP
    assert roulette_help("ru") != roulette.HELP and roulette_help("ru").startswith("Русская")


def test_an_abilitys_description_stays_english_by_default():
    """ability_description: "en" is the engine's own words; an unknown description
    stays as it is in Russian too (mutants: the default language, the fallback)."""
    heal = roles.get_ruleset("bay12").roles["doctor"].abilities[0].description
    assert ability_description(heal) == heal
    assert ability_description(heal, "ru") != heal
    assert ability_description("No such description.", "ru") == "No such description."


def test_the_public_lines_of_a_phase_say_each_death_its_description_and_each_event():
    """002 Death Descriptions (the description follows the death) and the ruleset's public
    events; a last will has its own line, not one here (mutants: the descriptions, the
    events and the event kind read under other keys; a modkill's id; the night
    sequence's lines dropped)."""
    payload = {
        "phase": "night",
        "number": 1,
        "deaths": [{"player": "Cid", "role": "citizen"}],
        "descriptions": {"Cid": "He/She was shot at close range."},
        "events": [
            {"kind": "mayor_revealed", "player": "Ann"},
            {"kind": "last_will", "player": "Cid", "text": "Bob is shady."},
        ],
    }
    assert [render(m, "en") for m in outcome_messages(payload, "sc2")] == [
        "Night 1 ended.",
        "Cid (Citizen) died: They were shot at close range.",
        "Ann revealed as the Mayor.",
    ]
    modkilled = death_message({"player": "Ann"}, {}, None, modkill=True)
    assert render(modkilled, "en") == "Ann was modkilled by the GM."
    fire = {"kind": "night_sequence", "lines": ["A fire broke out."]}
    assert render(event_message(fire, "sc2"), "en") == "A fire broke out."


def test_a_result_without_a_target_keeps_its_own_message():
    """Only a "saved" result without a target reads "someone saved you" (mutant: `and`
    -> `or`: every result without a target read so)."""
    approved = result_message({"to": "Ann", "kind": "hunt_approved"}, "ru_19")
    assert approved["id"] == "result.hunt_approved"


def test_a_refusal_message_names_its_ruleset():
    """A refusal read back into a message keeps the ruleset whose words it uses (mutants:
    the key renamed, for a known reason and for free text)."""
    assert refusal_message("Ann is dead", "bay12")["ruleset"] == "bay12"
    assert refusal_message("no such reason", "bay12")["ruleset"] == "bay12"


def test_names_without_a_ruleset_and_unknown_abilities_read_as_words():
    """role_name without a ruleset reads the engine's English name; an ability the
    catalogue does not know reads as its id (mutants: the lookup by None; the fallback
    None, which raised)."""
    assert role_name(None, "doctor") == "Doctor"
    action = message("action", None, player="Ann", ability="no_such_ability", targets=["Bob"])
    assert render(action, "en") == "Ann: no_such_ability → Bob."


def test_russian_names_of_presets_flags_and_options():
    """ru_hunt's presets in the forum's words ('маньяк' only where there is one); a flag
    the catalogue does not name reads as its words; an option with no help has none
    (mutants: the maniac's word, the flag's spaces, the empty help)."""
    assert preset_title("ru_hunt", "hunt_12", "ru") == (
        "Мирная охота, 12 игроков: 3 мафии, доктор, маньяк, 7 мирных"
    )
    assert flag_label("sc2", "exclude_no_such_thing") == "Exclude no such thing"
    assert option_help("sc2", "no_such_option") == ""


def test_an_unknown_key_of_a_setup_is_refused_where_it_is():
    """spec/setup.md: a setup error is one line naming where (mutant: "None: ...")."""
    with pytest.raises(roles.SetupError, match=r"^setup: unknown key 'zzz'"):
        parse_setup({"ruleset": "sc2", "slots": [], "zzz": 1})


def test_two_clans_the_last_mafia_ninja_is_announced_as_himself():
    """003 (two clans): 'Ниндзя – маф-невидимка, пока в игре есть другие мафы при
    проверке комиссара, казни на дневном голосовании, ночном убийстве объявляется
    мирным.' Only while other mafia are in the game: a ninja lynched with a living
    advocate reads as a civilian, the last one as the ninja (mutant: `and` -> `or`, any
    mafia player, the ninja himself or the dead, kept the disguise)."""
    votes = {"day": {"votes": [["Kay", "Cid"], ["Lou", "Cid"], ["Max", "Cid"]]}}
    town = "Gil:reviving_commissar Kay:civilian Lou:civilian Max:civilian Ned:civilian"

    def announced(spec):
        events = clans_simulate(votes, spec=f"{spec} {town} Sam:maniac")["phases"][0]["events"]
        return next(e["status"] for e in events if e["kind"] == "reveal")

    assert announced("Bob:advocate@1 Cid:ninja@1") == "civilian"
    assert announced("Cid:ninja@1") == "ninja"


def test_sc2_a_dead_players_role_is_public_unless_the_clue_variant_hides_it():
    """sc2-reference 3.3: the Clue variant has 'roles not revealed at death'; sc2's option
    reveal_roles (on): 'a dead player's role is shown'. The night's public death list
    shows the role and the faction, and hides them in Clue (mutant: `reveal_of`'s
    "role" renamed, so no death showed its role)."""
    kill = {"night": [{"actor": "Bob", "targets": ["Ann"]}]}

    def public_deaths(options):
        state = sc2_new_game(table("citizen", "mafioso"), options)
        result = roles.resolve_phase(state, kill)
        return next(e for e in result.events if e.kind == "phase_closed").payload["deaths"]

    assert public_deaths({}) == [{"player": "Ann", "role": "citizen", "faction": "town"}]
    assert public_deaths({"reveal_roles": False}) == [{"player": "Ann"}]


def test_a_phase_after_the_end_is_refused_in_the_words_the_site_translates():
    """The engine's refusals are read back by their exact English wording into the
    reader's language (roles/messages/refusals.py): a phase resolved after the game's
    end says "the game has ended", which reads back as refusal.ended (mutant: the
    wording changed, the site would show it untranslated)."""
    ended = roles.modkill(roles.modkill(bay12(), "Ann").state, "Bob").state
    assert ended.ended
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(ended, {"day": {"votes": [], "rounds": [], "actions": []}})
    assert refusal_message(str(refused.value), "bay12")["id"] == "refusal.ended"


# -- roles/day.py, the full run of 2026-12-03 (fourth session) -------------------------------


def test_a_lynch_is_recorded_with_the_cause_lynch():
    """spec/scenario.md: "`by` holds cause ids: the killer's role id, or `lynch`, ..."
    (mutants: `lynch`'s default cause renamed; bay12, sc2 and ru_19 lynch with it)."""
    voters = ["Townie", "Townie2", "Townie3"]
    out = sim(["mafioso", *TOWN6], [day(*[(v, "Mafioso") for v in voters])])
    assert out["phases"][0]["lynched"] == ["Mafioso"]
    assert [(d["player"], d["by"]) for d in out["phases"][0]["deaths"]] == [("Mafioso", ["lynch"])]


def test_the_tally_lists_the_candidates_in_seat_order_and_pass_last():
    """spec/scenario.md's `tally` is in seat order, and `tally` says "Votes per candidate
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
    """spec/scenario.md: an action's `targets` is a list of names; a string, or a list
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
    """spec/scenario.md, Output: a night's record is phase, number, deaths, headline,
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
    """spec/scenario.md: a night is a list of actions, each an object; the host's
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
    """spec/scenario.md: "`results`: every private result a player receives", listed like
    the deaths in seat order (the Sheriff, seated first, checks after the kills are
    settled, yet his result comes first; one player's results keep the order they came
    in) (mutants: the sort key dropped or made the same for every player)."""
    cast = ["sheriff", "mafioso", "doctor", *TOWN6]
    out = sim(cast, [night(("Sheriff", "Mafioso"), ("Mafioso", "Townie"), ("Doctor", "Townie"))])
    assert [r["to"] for r in out["phases"][0]["results"]] == ["Sheriff", "Doctor", "Townie"]


def test_a_phase_input_of_the_wrong_shape_or_kind_is_refused_naming_what_was_expected():
    """spec/scenario.md: each phase is `{"night": [...]}` or `{"day": {...}}`, in turn; an
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
    """spec/scenario.md: a night is a list of actions, a day an object, each vote a
    [voter, target] pair; anything else is refused, with its own reason (mutants: the
    refusals emptied or renamed, a pair test made an `or`)."""
    night_state, day_state = bay12(first="night"), bay12()

    assert phase_refused(night_state, {"night": {}}) == {"id": "refusal.night_input", "params": {}}
    assert phase_refused(day_state, {"day": ["Ann"]}) == {"id": "refusal.day_input", "params": {}}
    for ballot in ["AB", ["Ann"], ["Ann", "Bob", "Cid"]]:
        refused_day = {"day": {"votes": [ballot], "rounds": [], "actions": []}}
        assert phase_refused(day_state, refused_day) == {"id": "refusal.vote_pair", "params": {}}


def test_a_new_game_refuses_a_bad_table_with_a_plain_reason_and_keeps_only_the_extras():
    """spec/scenario.md: players in seating order, each with a name and a role (plus a
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


def test_several_bodyguards_on_one_target_step_in_front_in_seat_order():
    """sc2 rulings ("Several Bodyguards guarding one attacked player ... in seat order,
    one attack each; the first seated fights the first attacker, the others stand by and
    are told they saved him"): the same on every seed, not a draw (mutants of
    `_bodyguard_interceptions`: the guards' seat order dropped)."""
    night = {
        "night": [
            {"actor": "Ann", "targets": ["Dan"]},
            {"actor": "Bob", "targets": ["Dan"]},
            {"actor": "Cid", "targets": ["Dan"]},
        ]
    }
    for seed in range(4):
        phase = sc2_sim(table("bodyguard", "bodyguard", "mafioso"), [night], seed=seed)["phases"][0]
        assert [d["player"] for d in phase["deaths"]] == ["Ann", "Cid"]
        assert phase["results"] == [
            {"to": "Ann", "kind": "saved", "target": "Dan"},
            {"to": "Bob", "kind": "saved", "target": "Dan"},
            {"to": "Dan", "kind": "saved"},
        ]


# -- abilities.py, session 29: the Bodyguard's interceptions ------------------------------


def test_a_bodyguard_on_an_unattacked_player_does_not_stop_the_next_bodyguard():
    """000 Bodyguard: 'Prevent your target from being killed by one attacker tonight'.
    The first Bodyguard (seat order) guards a player nobody attacks; the second still
    stands in front of the attack on his own target (mutant: `break` -> `return` in
    `_bodyguard_interceptions`: the night stopped looking after the first target)."""
    out = sim(
        ["bodyguard", "bodyguard", "mafioso", *TOWN6],
        [night(("Bodyguard", "Townie"), ("Bodyguard2", "Townie2"), ("Mafioso", "Townie2"))],
    )
    assert deaths(out, 0) == {"Bodyguard2", "Mafioso"}


def _guarded_against_two(seed: int) -> str:
    """Night 2 of bay12: the Vigilante shoots Townie (one attack, Bodyguard in front),
    the Mafioso and the Serial Killer attack Townie2 (two attacks, Bodyguard2 in front
    of one). Returns which of the two Bodyguard2 took."""
    out = sim(
        ["bodyguard", "bodyguard", "mafioso", "serial_killer", "vigilante", *TOWN6],
        [
            night(),
            day(),
            night(
                ("Bodyguard", "Townie"),
                ("Bodyguard2", "Townie2"),
                ("Vigilante", "Townie"),
                ("Mafioso", "Townie2"),
                ("SerialKiller", "Townie2"),
            ),
        ],
        seed=seed,
    )
    assert {"Bodyguard", "Vigilante", "Townie2"} <= deaths(out, 2)
    return "Mafioso" if "Mafioso" in deaths(out, 2) else "SerialKiller"


def test_bay12_a_bodyguard_facing_two_attacks_takes_one_drawn_and_replays_the_same():
    """bay12's ruling (a Bodyguard faces one attacker; among several, one is drawn with
    the game's seed): over sixteen seeds each attacker is taken, and a stored game
    replays the same draws. The draw is made even when one attack is left, so the
    seed's sequence does not depend on how many attacks a Bodyguard met (mutants:
    `many` None, or `and` for `or`: no draw among one, the next draw moved)."""
    picks = [_guarded_against_two(seed) for seed in range(16)]
    assert set(picks) == {"Mafioso", "SerialKiller"}
    assert "".join(p[0] for p in picks) == "SMSSSSSMSMMSMSSM"


def test_sc2_a_bodyguard_facing_two_attacks_takes_one_drawn_and_replays_the_same():
    """sc2's ruling, as bay12's, except that one attack left is taken without a draw
    (`draw_among_one=False`). Ann guards Fay (the Vigilante's shot), Bob guards Gus
    (the Mafioso and the Serial Killer) on night 2 (mutants: `many` None, `and`, `> 2`:
    no draw between two; `>= 1`: a draw among one, which moves every later draw)."""
    picks = []
    for seed in range(16):
        night2 = [
            {"actor": "Ann", "targets": ["Fay"]},
            {"actor": "Bob", "targets": ["Gus"]},
            {"actor": "Cid", "targets": ["Gus"]},
            {"actor": "Dan", "targets": ["Gus"]},
            {"actor": "Eve", "targets": ["Fay"]},
        ]
        players = roster("bodyguard", "bodyguard", "mafioso", "serial_killer", "vigilante")
        out = sc2_sim(players, [{"night": []}, quiet_day(), {"night": night2}], seed=seed)
        dead = {d["player"] for d in out["phases"][2]["deaths"]}
        assert {"Ann", "Bob", "Eve", "Gus"} <= dead
        picks.append("Cid" if "Cid" in dead else "Dan")
    assert set(picks) == {"Cid", "Dan"}
    assert "".join(p[0] for p in picks) == "DDDCCDDCDCDCDDCC"


def test_bay12_the_executioner_dies_at_night_to_the_arsonist_and_the_jesters_haunt():
    """000 Executioner: 'You cannot be killed at night except by the Arsonist.' bay12's
    ruling adds the Jester, whose haunt 'cannot be prevented in any way' (mutants in
    `_defended_by_traits`: `and` -> `or` made the Arsonist's fire fail too; the haunt's
    "defence" piercing read under another name made the haunt fail)."""
    burnt = sim(
        ["executioner", "arsonist", "mafioso", *TOWN6],
        [night(("Arsonist", "douse", "Executioner")), day(), night(("Arsonist", "ignite"))],
    )
    assert deaths(burnt, 2) == {"Executioner"}
    haunted = sim(
        ["jester", "executioner", "mafioso", *TOWN6],
        [
            day(("Executioner", "Jester"), ("Townie", "Jester"), ("Mafioso", "Townie")),
            night({"actor": "Jester", "ability": "haunt", "targets": ["Executioner"]}),
        ],
    )
    assert deaths(haunted, 1) == {"Executioner"}


def test_bay12_a_witch_makes_an_idle_arsonist_douse_her_second_target():
    """000 Witch: 'force them to visit your second target'. A player who chose nothing
    uses his one night ability that takes a target: the Arsonist douses, he does not
    ignite (mutants in `_default_night_ability`: `and` -> `or` let the targetless
    ignite in, two candidates, so the Witch forced nothing)."""
    out = sim(
        ["witch", "arsonist", "mafioso", *TOWN6],
        [night(("Witch", "Arsonist", "Townie")), day(), night(("Arsonist", "ignite"))],
    )
    assert deaths(out, 0) == set()
    assert deaths(out, 2) == {"Townie"}


SC2_BLOCKS_FIRST_NIGHT = [
    {"actor": "Bob", "targets": ["Cid"]},  # Escort -> the Bus Driver
    {"actor": "Cid", "targets": ["Gus", "Hal"]},  # Bus Driver swaps Gus and Hal
    {"actor": "Dan", "targets": ["Eve"]},  # Escort -> the Witch
    {"actor": "Eve", "targets": ["Fay", "Ivy"]},  # Witch: the Mafioso onto Ivy
    {"actor": "Fay", "targets": ["Gus"]},  # Mafioso -> Gus
]


@pytest.mark.parametrize(
    ("first", "blocked_first"),
    [
        ("consort", {"actor": "Ann", "targets": ["Bob"]}),  # a blocker on the blocker
        ("jailor", None),  # the blocker in jail (jailed the day before)
    ],
)
def test_sc2_blocks_on_witches_and_bus_drivers_land_first_a_blocked_blocker_waits(
    first, blocked_first
):
    """sc2's ruling: 'Blocks aimed at Witches and Bus Drivers land first ... a blocker
    with a blocker on him waits for the chain.' The Escort on the Bus Driver is
    blocked (by a Consort, or jailed), so the Driver swaps and the kill lands on Hal;
    the other Escort's block on the Witch lands before she acts, so the Mafioso is
    not moved to Ivy (mutants in `settle_blocks_on`: `continue` -> `break` stopped at
    the blocked Escort; the blocks read under another stage; the chain count empty)."""
    players = roster(first, "escort", "bus_driver", "escort", "witch", "mafioso")
    if blocked_first is not None:
        phases = [{"night": [blocked_first, *SC2_BLOCKS_FIRST_NIGHT]}]
    else:
        jail = {"actor": "Ann", "targets": ["Bob"]}
        phases = [{"night": []}, quiet_day([jail]), {"night": SC2_BLOCKS_FIRST_NIGHT}]
    out = sc2_sim(players, phases)
    last = out["phases"][-1]
    assert [d["player"] for d in last["deaths"]] == ["Hal"]
    assert {"to": "Eve", "kind": "blocked"} in last["results"]


def test_sc2_an_escort_on_the_bus_driver_stops_the_swap():
    """sc2's ruling: 'Blocks aimed at Witches and Bus Drivers land first' (mutants in
    `settle_blocks_on`: the block never applied before the Driver swapped)."""
    players = roster("escort", "bus_driver", "mafioso")
    night1 = [
        {"actor": "Ann", "targets": ["Bob"]},
        {"actor": "Bob", "targets": ["Dan", "Eve"]},
        {"actor": "Cid", "targets": ["Dan"]},
    ]
    out = sc2_sim(players, [{"night": night1}])
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Dan"]
    assert out["phases"][0]["results"] == [{"to": "Bob", "kind": "blocked"}]


def test_sc2_a_blocker_seated_first_but_blocked_does_not_block():
    """sc2's ruling: 'the roleblock chain in sequence (A->B->C->D blocks B and D)', in
    chain order, not seat order. Ann (Escort) aims at the Mafioso, Bob (Consort) at
    Ann: Ann is blocked, the kill lands (mutants in `settle_blocks`: the chain count
    emptied or inverted, so Ann's block landed first, by seat)."""
    players = roster("escort", "consort", "mafioso")
    night1 = [
        {"actor": "Ann", "targets": ["Cid"]},
        {"actor": "Bob", "targets": ["Ann"]},
        {"actor": "Cid", "targets": ["Dan"]},
    ]
    out = sc2_sim(players, [{"night": night1}])
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Dan"]
    assert out["phases"][0]["results"] == [{"to": "Ann", "kind": "blocked"}]


def test_sc2_a_ring_of_blockers_is_broken_by_a_draw():
    """sc2's ruling on the roleblock chain: a ring of blockers with nobody outside it is
    broken by the seeded draw: one of them blocks the other, and over several seeds
    either may be the one (mutants in `settle_blocks`: the draw made of nothing)."""
    blocked = set()
    for seed in range(8):
        players = roster("escort", "consort", "mafioso", "sheriff")
        ring = [
            {"actor": "Ann", "targets": ["Bob"]},
            {"actor": "Bob", "targets": ["Ann"]},
            {"actor": "Cid", "targets": ["Eve"]},
        ]
        out = sc2_sim(players, [{"night": ring}], seed=seed)
        told = [r["to"] for r in out["phases"][0]["results"] if r["kind"] == "blocked"]
        assert len(told) == 1
        blocked.add(told[0])
    assert blocked == {"Ann", "Bob"}


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


# -- abilities.py, session 30: the runtime survivors read -----------------------------------


def test_two_serial_killers_each_turn_on_their_own_blocker():
    """000 Serial Killer: 'If you are targeted by the Escort or Consort, you will be forced
    to target them instead, and target all of them that visit you if multiple do so.' Each
    Serial Killer targets the blockers who visited him, not another killer's
    (`_turn_on_blocker_7`: one list for every killer)."""
    out = sim(
        ["serial_killer", "serial_killer", "escort", "consort", "mafioso", *TOWN6],
        [
            night(
                ("SerialKiller", "Townie"),
                ("SerialKiller2", "Townie2"),
                ("Escort", "SerialKiller"),
                ("Consort", "SerialKiller2"),
            )
        ],
    )
    by = {d["player"]: d["by"] for d in out["phases"][0]["deaths"]}
    assert by == {"Escort": ["serial_killer"], "Consort": ["serial_killer"]}
    assert {"Townie", "Townie2"} <= set(out["alive"])
    # A Bodyguard on the Escort stops the one attack on her; a second Serial Killer
    # turned on her too would get through.
    guarded = sim(
        ["serial_killer", "serial_killer", "escort", "consort", "bodyguard", "mafioso", *TOWN6],
        [
            night(
                ("SerialKiller", "Townie"),
                ("SerialKiller2", "Townie2"),
                ("Escort", "SerialKiller"),
                ("Consort", "SerialKiller2"),
                ("Bodyguard", "Escort"),
            )
        ],
    )
    assert "Escort" in guarded["alive"] and "Consort" not in guarded["alive"]


def test_a_doctor_behind_a_bodyguard_is_told_after_an_earlier_target_healed_alone():
    """000 Doctor: 'You and your target will be told if you prevented an attack, even if
    multiple people prevented it'. Each attacked target is looked at in turn: a target
    seated first whom only a Doctor saved does not end the look, so the Doctor behind
    the Bodyguard on the later target is told too (`_tell_every_protector_24`)."""
    out = sim(
        ["townie", "doctor", "serial_killer", "bodyguard", "doctor", "mafioso", "townie"],
        [
            night(
                ("Mafioso", "Townie"),
                ("Doctor", "Townie"),
                ("SerialKiller", "Townie2"),
                ("Bodyguard", "Townie2"),
                ("Doctor2", "Townie2"),
            )
        ],
    )
    assert {"Townie", "Townie2"} <= set(out["alive"])
    assert len(results(out, 0, to="Doctor", kind="saved")) == 1
    assert len(results(out, 0, to="Bodyguard", kind="saved")) == 1
    assert len(results(out, 0, to="Doctor2", kind="saved")) == 1


def test_a_doctor_who_saved_is_told_whom():
    """000 Doctor: 'You and your target will be told if you prevented an attack': the
    Doctor's result names the player he saved, himself included; the target's does not
    name the Doctor (`_tell_saved_3/6`: the target dropped from the Doctor's result)."""
    out = sim(["doctor", "mafioso", *TOWN6], [night(("Doctor", "Townie"), ("Mafioso", "Townie"))])
    assert results(out, 0) == [
        {"to": "Doctor", "kind": "saved", "target": "Townie"},
        {"to": "Townie", "kind": "saved"},
    ]


@pytest.mark.parametrize("transports", [False, True])
def test_a_witch_cannot_control_the_transporter(transports):
    """000 Transporter: 'You cannot be forced to or prevented from using your ability.'
    A Witch on the Transporter, idle or swapping, gives him no forced action: he is told
    he was witched and the night goes on as if she had not come. (`witch_control_11/14/15`,
    the trait not read there, still survive: his only ability cannot be redirected and
    is no default action, so the Witch has nothing to force either way.)"""
    acts = [("Witch", "Transporter", "Townie"), ("Mafioso", "Townie2")]
    if transports:
        acts.append(("Transporter", "Townie2", "Townie3"))
    out = sim(["witch", "transporter", "mafioso", *TOWN6], [night(*acts)])
    assert deaths(out, 0) == ({"Townie3"} if transports else {"Townie2"})
    assert results(out, 0, to="Transporter") == [{"to": "Transporter", "kind": "witched"}]


def test_a_transport_moves_only_the_swapped_name_of_a_witchs_action():
    """002: 'Witches, then Transporters' act in that order. A Witch forces the Mafioso onto
    a Townie whom the Transporter then swaps with another: the kill follows the swap, and
    the Witch's own action keeps its first target, so a Lookout on the Mafioso still sees
    her visit (`transport_29`: every other name in the action became the first)."""
    out = sim(
        ["witch", "transporter", "mafioso", "lookout", *TOWN6],
        [
            night(
                ("Witch", "Mafioso", "Townie"),
                ("Transporter", "Townie", "Townie2"),
                ("Lookout", "Mafioso"),
            )
        ],
    )
    assert deaths(out, 0) == {"Townie2"}
    assert results(out, 0, to="Lookout") == [
        {"to": "Lookout", "kind": "visitors", "target": "Mafioso", "value": ["Witch"]}
    ]


@pytest.mark.parametrize("seed", [0, 1])
def test_two_transports_each_move_every_action_aimed_at_their_pair(seed):
    """000 Transporter: 'Swap your two targets: everything aimed at one affects the
    other.' The Witch forces the Mafioso onto a Townie whom one Transporter swaps away,
    while another swaps the Mafioso himself: in either order of the two transports the
    kill lands on the swapped Townie and the Sheriff's check on the Mafioso lands on the
    player swapped with him (`transport_36`: the index of who is aimed at lost every
    action but the moved one)."""
    out = sim(
        ["witch", "transporter", "transporter", "sheriff", "mafioso", *TOWN6],
        [
            night(
                ("Witch", "Mafioso", "Townie"),
                ("Transporter", "Townie", "Townie2"),
                ("Transporter2", "Mafioso", "Townie3"),
                ("Sheriff", "Mafioso"),
            )
        ],
        seed=seed,
    )
    assert deaths(out, 0) == {"Townie2"}
    assert results(out, 0, to="Sheriff") == [
        {"to": "Sheriff", "kind": "check", "target": "Townie3", "value": "not_suspicious"}
    ]


def test_a_bodyguard_striking_back_at_a_serial_killer_is_told_he_is_immune():
    """000 Bodyguard: 'You, your target, and the attacker will be told if you prevented an
    attack'; 000 Serial Killer: 'You are immune to night kills.' The Bodyguard steps in
    front of the Serial Killer, the Doctor heals the Bodyguard, and the Bodyguard's blow
    back fails on the Serial Killer's immunity, which the Bodyguard is told
    (`_struggle_16`: the blow back made with no attacker)."""
    out = sim(
        ["bodyguard", "serial_killer", "doctor", "mafioso", *TOWN6],
        [night(("Bodyguard", "Townie"), ("SerialKiller", "Townie"), ("Doctor", "Bodyguard"))],
    )
    assert deaths(out, 0) == set()
    assert results(out, 0) == [
        {"to": "Bodyguard", "kind": "saved", "target": "Townie"},
        {"to": "Bodyguard", "kind": "saved"},
        {"to": "Bodyguard", "kind": "immune", "target": "SerialKiller"},
        {"to": "SerialKiller", "kind": "guarded", "target": "Townie"},
        {"to": "SerialKiller", "kind": "attacked"},
        {"to": "Doctor", "kind": "saved", "target": "Bodyguard"},
        {"to": "Townie", "kind": "saved"},
    ]


def test_the_witchs_spare_life_does_not_save_her_from_the_jester():
    """000 Witch: 'Once per game you survive being killed at night (except by the
    Jester).' The lynched Jester haunts the Witch who voted for him: she dies with her
    life unspent (`_use_night_life_15/20/21`: the exception not read)."""
    out = sim(
        ["jester", "witch", "mafioso", *TOWN6],
        [
            day(("Witch", "Jester"), ("Townie", "Jester"), ("Townie2", "Jester")),
            night({"actor": "Jester", "ability": "haunt", "targets": ["Witch"]}),
        ],
    )
    assert deaths(out, 0) == {"Jester"}
    assert deaths(out, 1) == {"Witch"}


def _sc2_nights(*nights, options=None):
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    head, *nights = nights
    phases = []
    for acts in nights:
        phases += [
            {"night": [{"actor": a, "ability": ab, "targets": list(t)} for a, ab, *t in acts]},
            quiet_day(),
        ]
    return sc2_sim(roster(*head), phases[:-1], options=options)


@pytest.mark.parametrize("acts", [True, False])
def test_sc2_an_arsonist_who_acts_stays_doused(acts):
    """000 Arsonist: 'By doing nothing, you will clean yourself off.' Ann, doused by the
    other Arsonist, keeps dousing: she is still doused when he ignites and burns with
    her own victims; had she done nothing one night she would be clean
    (`arsonists_clean_off_14`: every Arsonist cleaned off, acting or not)."""
    out = _sc2_nights(
        ("arsonist", "arsonist", "doctor", "mafioso"),
        [("Bob", "douse", "Ann"), ("Ann", "douse", "Eve")],
        [("Ann", "douse", "Fay")] if acts else [],
        [("Bob", "ignite")],
        options={"arsonist_ignores_immunity": True},
    )
    burnt = {d["player"] for d in out["phases"][4]["deaths"]}
    assert burnt == ({"Ann", "Eve", "Fay"} if acts else {"Eve"})


def test_sc2_a_doused_player_who_lives_through_the_fire_is_clean():
    """sc2 (the port's ignite clears the burnt): the Doctor heals Eve the night the
    Arsonist ignites, and the next ignition does not burn her again
    (`burn_doused_18/19/20`: the mark kept after the fire)."""
    out = _sc2_nights(
        ("arsonist", "doctor", "mafioso"),
        [("Ann", "douse", "Eve")],
        [("Ann", "ignite"), ("Bob", "heal", "Eve")],
        [("Ann", "ignite")],
    )
    assert [p["deaths"] for p in out["phases"]] == [[]] * 5
    assert out["phases"][2]["results"] == [
        {"to": "Bob", "kind": "saved", "target": "Eve"},
        {"to": "Eve", "kind": "saved"},
    ]


def test_bay12_a_doused_witch_spends_her_life_and_burns_at_the_next_fire():
    """000 Arsonist: 'Douse your target for the rest of the game'; Witch: 'Once per game
    you survive being killed at night'. The first fire takes the Witch's spare life (the
    Arsonist is told she lived), the second burns her: she is still doused
    (`burn_doused_1`: the burnt cleaned at once; `_8`: the fire has no igniter to tell)."""
    out = sim(
        ["arsonist", "witch", "mafioso", *TOWN6],
        [
            night(("Arsonist", "douse", "Witch")),
            day(),
            night(("Arsonist", "ignite")),
            day(),
            night(("Arsonist", "ignite")),
        ],
    )
    assert deaths(out, 2) == set()
    assert results(out, 2) == [
        {"to": "Arsonist", "kind": "immune", "target": "Witch"},
        {"to": "Witch", "kind": "attacked"},
    ]
    assert deaths(out, 4) == {"Witch"}


def test_vigilante_guilt_counts_every_town_victim_of_the_night():
    """000 Vigilante: 'If you kill a town member, you will commit suicide the next night.'
    The other Vigilante's victim the same night is a Consort seated first: the town
    victim after her still brings the guilt (`town_killed_by_12`: the look ended at the
    first victim who is not town)."""
    out = sim(
        ["consort", "vigilante", "vigilante", "mafioso", *TOWN6],
        [night(), day(), night(("Vigilante", "Townie"), ("Vigilante2", "Consort")), day(), night()],
    )
    assert deaths(out, 2) == {"Townie", "Consort"}
    assert results(out, 2, to="Vigilante", kind="guilt") == [
        {"to": "Vigilante", "kind": "guilt", "target": "Townie"}
    ]
    assert deaths(out, 4) == {"Vigilante"}


def test_a_lynched_executioner_does_not_become_the_jester():
    """000 Executioner: 'If your target dies during the night, your role is replaced with
    the Jester.' An Executioner lynched before his target dies at night stays an
    Executioner (`executioners_turning_3/4`: the dead one turned too)."""
    out = sim(
        ["executioner", "mafioso", "sheriff", *TOWN6],
        [
            night(),
            day(("Townie", "Executioner"), ("Townie2", "Executioner"), ("Sheriff", "Executioner")),
            night(("Mafioso", "Sheriff")),
        ],
        extra={"Executioner": {"target": "Sheriff"}},
    )
    assert deaths(out, 1) == {"Executioner"} and deaths(out, 2) == {"Sheriff"}
    assert out["roles"]["Executioner"] == "executioner"
    assert results(out, 2, to="Executioner") == []


def test_a_witch_controlling_a_witch_replaces_only_her_first_target():
    """000 Witch: 'Force your first target to use their ability on your second target.'
    A Witch forces the other Witch onto a Townie: the controlled Witch now controls that
    Townie (who has nothing to force) and keeps her own second target; the Mafioso she
    meant to force kills as he chose (`_retarget_first_2`: her second target lost)."""
    out = sim(
        ["witch", "witch", "mafioso", "sheriff", *TOWN6],
        [
            night(
                ("Witch", "Witch2", "Townie"),
                ("Witch2", "Sheriff", "Mafioso"),
                ("Mafioso", "Townie2"),
            )
        ],
    )
    assert deaths(out, 0) == {"Townie2"}
    assert results(out, 0) == [
        {"to": "Witch", "kind": "check", "target": "Witch2", "value": "witch"},
        {"to": "Witch2", "kind": "witched"},
        {"to": "Witch2", "kind": "check", "target": "Townie", "value": "townie"},
        {"to": "Townie", "kind": "witched"},
    ]


def test_sc2_a_survivor_saved_by_her_own_vest_is_told_she_was_attacked():
    """sc2 Survivor's vest: the Mafia's attack on her fails; she is told she was
    attacked and the Mafioso that she was immune. No healer was there, so nobody is
    told a heal would have saved her (`_tell_every_protector_32`: the healers' notice
    given with no healer, telling her "saved" as well)."""
    out = _sc2_nights(("survivor", "mafioso"), [("Ann", "vest"), ("Bob", "kill", "Ann")])
    assert out["phases"][0]["deaths"] == []
    assert out["phases"][0]["results"] == [
        {"to": "Ann", "kind": "attacked"},
        {"to": "Bob", "kind": "immune", "target": "Ann"},
    ]


def test_sc2_a_doctor_on_the_jailors_prisoner_is_not_told_he_saved_him():
    """sc2-reference Bodyguard: 'Guarding a Jailor's prisoner: BG and Jailor die'; Jailor:
    the execution 'ignores night immunity' and no heal stops it. The Bodyguard faces the
    execution and saves the prisoner; the Doctor on the prisoner could not have, so he is
    not told he prevented it (`_tell_every_protector_34/35`: every healer told)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    def act(actor, ability, *targets):
        return {"actor": actor, "ability": ability, "targets": list(targets)}

    out = sc2_sim(
        roster("jailor", "bodyguard", "doctor", "mafioso"),
        [
            {"night": []},
            quiet_day([act("Ann", "jail", "Eve")]),
            {
                "night": [
                    act("Ann", "execute"),
                    act("Bob", "guard", "Eve"),
                    act("Cid", "heal", "Eve"),
                ]
            },
        ],
    )
    assert {d["player"] for d in out["phases"][2]["deaths"]} == {"Ann", "Bob"}
    assert out["phases"][2]["results"] == [
        {"to": "Bob", "kind": "saved", "target": "Eve"},
        {"to": "Eve", "kind": "jailed"},
        {"to": "Eve", "kind": "saved"},
    ]


def test_a_vigilante_who_kills_the_bodyguard_in_front_of_his_target_feels_guilt():
    """000 Vigilante: 'If you kill a town member, you will commit suicide the next night.'
    The Bodyguard steps in front of the Vigilante's shot and dies of it; the Doctor heals
    the Vigilante through the Bodyguard's blow back. The Bodyguard is town, so the
    Vigilante is told his guilt and dies the night after (`_struggle_2`: the blow on the
    Bodyguard made with no attacker)."""
    out = sim(
        ["vigilante", "bodyguard", "doctor", "mafioso", *TOWN6],
        [
            night(),
            day(),
            night(("Vigilante", "Townie"), ("Bodyguard", "Townie"), ("Doctor", "Vigilante")),
            day(),
            night(),
        ],
    )
    assert deaths(out, 2) == {"Bodyguard"}
    assert results(out, 2, to="Vigilante", kind="guilt") == [
        {"to": "Vigilante", "kind": "guilt", "target": "Bodyguard"}
    ]
    assert deaths(out, 4) == {"Vigilante"}


def test_bay12_a_witchs_spare_life_draws_only_among_several_attacks():
    """000 Witch: 'Once per game you survive being killed at night.' bay12's ruling: a
    Witch attacked several times spends her life on one attack drawn with the game's
    seed, and one attack needs no draw, so a stored game replays the same. The first
    Witch's single attack draws nothing, and the second Witch's draw between the Serial
    Killer and the Vigilante replays exactly over eight seeds
    (`_use_night_life_27/29`: a draw even among one, which shifts the second)."""
    repelled = ""
    for seed in range(8):
        out = sim(
            ["witch", "witch", "mafioso", "serial_killer", "vigilante", *TOWN6],
            [
                night(),
                day(),
                night(("Mafioso", "Witch"), ("SerialKiller", "Witch2"), ("Vigilante", "Witch2")),
            ],
            seed=seed,
        )
        assert deaths(out, 2) == {"Witch2"}
        immune = [r["to"] for r in results(out, 2, kind="immune")]
        assert immune[0] == "Mafioso" and len(immune) == 2
        repelled += immune[1][0]
    assert repelled == "VVVSSVVS"


def test_bay12_witches_draw_for_their_spare_lives_in_seat_order():
    """bay12's ruling (`rules bay12`): a Witch attacked several times spends her spare life
    on one attack drawn with the game's seed, and several Witches draw in seat order, so a
    stored game replays the same whatever the players are called. Zed sits before Amy
    (`settle_attacks_19/21`: the targets settled in name order)."""
    seats = [("Zed", "witch"), ("Amy", "witch"), ("Max", "mafioso"), ("Sam", "serial_killer")]
    seats += [("Vic", "vigilante"), ("Val", "vigilante")]
    seats += [(name, "townie") for name in ("Tom", "Tim", "Ted", "Tia")]
    spared = []
    for seed in range(8):
        out = roles.simulate(
            {
                "ruleset": "bay12",
                "seed": seed,
                "options": {},
                "players": [{"name": n, "role": r} for n, r in seats],
                "phases": [
                    night(),
                    day(),
                    night(("Max", "Zed"), ("Sam", "Zed"), ("Vic", "Amy"), ("Val", "Amy")),
                ],
            }
        )
        assert deaths(out, 2) == {"Zed", "Amy"}
        spared.append(" ".join(r["to"] for r in results(out, 2, kind="immune")))
    assert spared == [
        "Sam Val",
        "Sam Vic",
        "Sam Val",
        "Max Val",
        "Max Val",
        "Sam Val",
        "Sam Val",
        "Max Vic",
    ]


# -- the rulesets' runtime survivors, session 30 ----------------------------------------------


def test_sc2_jail_transcript_of_a_game_that_began_at_night():
    """sc2 RULINGS: 'The two may read it through the following day; a new night closes
    it.' 'It is anonymous: the prisoner sees the Jailor as 'Jailor', never his name.' A
    game that began at night jails on day 1 for night 2: on day 2 the cell's transcript
    is there, closed, and says the Jailor's name is never shown (`sc2_chats.jail_room_31`:
    the day numbers taken for the nights; `_43`: closed as None; `_56/62/63/64`: the
    notice)."""
    from tests.engine.test_chats import JAIL_BOB

    night = play(sc2_game(first="night"), {"night": []}, chat_day(actions=[JAIL_BOB]))
    assert by_id(night)["jail:2"].open is True
    jail = by_id(play(night, {"night": []}))["jail:2"]
    assert jail.members == ("Bob", "Ann") and jail.open is False
    assert jail.notice == "The Jailor's name is never shown here."


def test_ru_sport_all_pass_the_heir_by_agreed_order_and_the_setup_errors():
    """003 sport: 'Если все игроки проголосовали пас - никто повешен не будет' (the
    record says why: `ru_sport.vote_19-26`); the don's status passes to the member
    agreed at the conference, then in seating order, even when the agreed order names
    only some members (`succession_24/26`), and his death shows nothing (a dark game); a
    bad order is refused with its reason
    (`setup_7/8/9/20`)."""
    from tests.engine.test_ru_sport import NAMES, PLAYERS, game, kills
    from tests.engine.test_ru_sport import play as sport_play

    _, (record,) = sport_play(game(first="day"), {"day": {"votes": [[n, "pass"] for n in NAMES]}})
    assert record["events"][0] == {"kind": "no_lynch", "reason": "all_pass"}

    state, (record,) = sport_play(
        game(options={"don_successors": ["Dan"]}), {"night": kills("Bob", "Bob", "Cid", "Dan")}
    )
    assert state.player("Dan").role == "don" and state.player("Cid").role == "mafia"
    assert record["results"] == [{"to": "Dan", "kind": "role_change", "value": "don"}]
    # A dark game: the dead don is shown as "none" of "role", "team", "none" (`reveal_1/2`).
    sport = roles.get_ruleset("ru_sport")
    assert sport.public_reveal(state, state.player("Bob")) == "none"

    for order, reason in [
        ("Cid", "option don_successors must be a list of mafia members' names"),
        (["Cid", "Cid"], "don_successors names a player twice"),
    ]:
        with pytest.raises(ValueError) as refused:
            roles.new_game("ru_sport", PLAYERS, 0, {"don_successors": order}, "night")
        assert str(refused.value) == reason


def test_ru_sport_a_catastrophe_ballot_may_be_changed_once():
    """003 sport: 'Переголосовывать можно только 1 раз' holds in the catastrophe's rounds
    too: one change counts the last ballot, a second is refused
    (`ru_sport.vote_59/63/65`: no limit, or two changes)."""
    from tests.engine.test_ru_sport import NAMES, TIE10, game
    from tests.engine.test_ru_sport import play as sport_play

    ballots = [[n, "execute"] for n in NAMES[:6]] + [[n, "pardon"] for n in NAMES[6:]]
    _, (record,) = sport_play(
        game(first="day"), {"day": {"votes": TIE10, "rounds": [ballots + [["Ann", "pardon"]]]}}
    )
    assert record["rounds"] == [{"execute": 5, "pardon": 5}] and record["lynched"] == []
    twice = ballots + [["Ann", "pardon"], ["Ann", "execute"]]
    with pytest.raises(roles.IllegalAction, match=r"Ann: a vote may be changed only once"):
        sport_play(game(first="day"), {"day": {"votes": TIE10, "rounds": [twice]}})


def test_ru_two_clans_an_approved_hunt_lasts_one_night():
    """003 two clans: 'он жеребьевкой выбирает только одну из них и сообщает охотнику, что
    его охота одобрена' for the night after that day: the next night the hunter has no
    hunt unless he applies again (`ru_two_clans.dawn_3/6/7`: the approval kept)."""
    from tests.engine.test_ru_two_clans import empty_day, offered, players

    state = roles.new_game("ru_two_clans", players(), first_phase="day")
    apply = {"actor": "Kay", "ability": "apply_hunt"}
    result = roles.resolve_phase(state, {"day": {"votes": [], "rounds": [], "actions": [apply]}})
    assert result.record["results"] == [{"to": "Kay", "kind": "hunt_approved"}]
    assert "hunt" in offered(result.state, "Kay")
    state = roles.resolve_phase(result.state, {"night": []}).state
    state = roles.resolve_phase(state, empty_day()).state
    assert state.phase_kind == "night" and "hunt" not in offered(state, "Kay")


def test_ru_two_clans_half_light_announces_the_side():
    """003 two clans, option reveal = half_light: an eliminated player is announced by his
    side, so the reviving commissar reads 'civilian' (`announced_status_18/19/20`: the
    option not read, the role announced)."""
    from tests.engine.test_ru_two_clans import players

    state = roles.new_game(
        "ru_two_clans", players(), first_phase="day", options={"reveal": "half_light"}
    )
    votes = [["Kay", "Gil"], ["Lou", "Gil"], ["Max", "Gil"]]
    result = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}})
    reveals = [e for e in result.record["events"] if e["kind"] == "reveal"]
    assert reveals == [{"kind": "reveal", "player": "Gil", "status": "civilian"}]


def test_ru_two_clans_an_odd_mafia_is_split_as_evenly_as_the_roles_allow():
    """'Вор, адвокат, ниндзя – 1ый клан / 2ой клан': clans not given are drawn one role of
    each per clan and, with three mafia of three roles, two and one, never three and none
    (`ru_two_clans.setup_26/27`: the clans' sizes misread)."""
    from collections import Counter

    from tests.engine.test_ru_two_clans import PLAYERS, players

    spec = " ".join(p for p in PLAYERS.split() if not p.startswith(("Dan", "Eve", "Fay")))
    for seed in range(4):
        state = roles.new_game("ru_two_clans", players(spec.replace("@1", "")), seed=seed)
        sizes = Counter(p.faction for p in state.players if p.faction.startswith("clan"))
        assert sorted(sizes.values()) == [1, 2]


def test_ru_hunt_vote_thread_rulings_refused_with_their_reasons_and_uncounted():
    """003 hunt: 'голос не будет принят' and 'засчитывается против себя' are the host's
    rulings on living players who voted in the thread. A ruling on an unknown or a dead
    player, or one naming a player both ways, is refused with its reason
    (`ru_hunt._ruled_voters_16-47`, `vote_thread_rulings_14-32`); a vote not accepted
    from a player whose ballot is missing changes nothing (`_38`); a player modkilled
    for urging again has no ballot counted, cast or not (`_59/61`)."""
    from tests.engine.test_ru_hunt_vote_thread import day, everyone_votes, ruling
    from tests.engine.test_ru_hunt_vote_thread import game as hunt_day_game
    from tests.engine.test_ru_hunt_vote_thread import play as hunt_play

    def refusal(state, *rulings, votes=None):
        with pytest.raises(roles.IllegalAction) as refused:
            hunt_play(state, day(votes or everyone_votes("Eve"), *rulings))
        return str(refused.value)

    start = hunt_day_game(first="day")
    assert refusal(start, ruling("reject_vote", "Zed")) == "GM: unknown player 'Zed'"
    both = (ruling("reject_vote", "Bob", "Ann"), ruling("urged", "Ann", "Bob", "Cid"))
    assert refusal(start, *both) == (
        "GM: Ann, Bob: a vote is either not accepted or urged, not both"
    )
    mafia_kill = {
        "night": [
            {"actor": m, "ability": "kill", "targets": ["Lou"]} for m in ("Bob", "Cid", "Dan")
        ]
    }
    after_night, _ = hunt_play(hunt_day_game(), mafia_kill)
    without_lou = [v for v in everyone_votes("Eve") if "Lou" not in v]
    assert refusal(after_night, ruling("reject_vote", "Lou"), votes=without_lou) == (
        "GM: Lou is dead"
    )

    _, (record,) = hunt_play(start, day(without_lou, ruling("reject_vote", "Lou")))
    assert record["tally"] == {"Eve": 10, "Fay": 1}

    state, _ = hunt_play(start, day(everyone_votes("Eve"), ruling("urged", "Lou")))
    state, _ = hunt_play(state, {"night": []})
    alive = {p.name for p in state.players if p.alive}
    votes = [[v, t] for v, t in everyone_votes("Kay") if v in alive and t in alive]
    for cast in (votes, [v for v in votes if v[0] != "Lou"]):
        _, (record,) = hunt_play(state, day(cast, ruling("urged", "Lou")))
        assert record["tally"] == {"Fay": 1, "Kay": 9}
        assert [d["player"] for d in record["deaths"]] == ["Lou"]


def test_ru_hunt_setups_ties_the_maniacs_win_and_the_dark_night():
    """003 hunt: the table of setups ('12-13 игроков – 3 мафа, Доктор, Маньяк (последний
    необязателен)...'; 'Комиссара и других статусных игроков – нет') names each problem
    exactly (`setup_problems_17-62`); a tie eliminates nobody and the record names the
    tied (`vote_56/59`); the maniac wins once one other player is left, not two
    (`win_check_10`); a night death shows nothing (`reveal_of_13/14`)."""
    from roles.rulesets import ru_hunt
    from tests.engine.test_ru_hunt import game as hunt_game_of
    from tests.engine.test_ru_hunt import play as hunt_play

    civilians = ["civilian"] * 6
    assert ru_hunt.setup_problems(
        ["mafia"] * 3 + ["doctor", "sheriff", "commissar"] + civilians
    ) == ["no such role in the peaceful hunt: commissar, sheriff"]
    assert ru_hunt.setup_problems(["mafia"] * 3 + ["doctor"] * 2 + ["civilian"] * 7) == [
        "one doctor is needed, not 2"
    ]
    assert ru_hunt.setup_problems(["mafia"] * 3 + ["doctor", "maniac", "maniac"] + civilians) == [
        "at most one maniac"
    ]
    assert ru_hunt.setup_problems(["mafia"] * 3 + ["doctor"] + ["civilian"] * 12) == [
        "16 players take 4 mafia + maniac or 5 mafia (+ doctor)"
    ]

    _, (record,) = hunt_play(hunt_game_of(first="day"), HUNT_TIE_DAY)
    assert record["events"] == [{"kind": "no_lynch", "reason": "tie", "candidates": ["Fay", "Gil"]}]

    state = hunt_game_of(first="day")
    for name in ["Bob", "Cid", "Dan", "Gil", "Hal", "Ian", "Jon", "Kay", "Lou"]:
        state = roles.modkill(state, name).state
    assert state.alive_names() == ["Ann", "Eve", "Fay"] and not state.ended
    state = roles.modkill(state, "Fay").state
    assert state.ended and state.winners == ["Eve"]

    kill = [{"actor": m, "ability": "kill", "targets": ["Lou"]} for m in ("Bob", "Cid", "Dan")]
    night_over, _ = hunt_play(hunt_game_of(), {"night": kill})
    assert (
        roles.get_ruleset("ru_hunt").public_reveal(night_over, night_over.player("Lou")) == "none"
    )


def test_ru_eleven_conditional_moves_named_and_refused_exactly():
    """003 eleven: every civilian sends moves 'as' each status; 'мафия знает свои статусы'.
    The hook names the move a status stands for (the doctor's plain move is his heal),
    leaves an unknown actor to the engine's own refusal, and refuses the mafia's 'as', a
    status that is not a civilian's and a move that is not the status's, each with its
    reason (`ru_eleven.conditional_move_5-59`)."""
    from roles.rulesets.ru_eleven import conditional_move
    from tests.engine.test_ru_eleven import game as eleven_state

    state = eleven_state()
    assert conditional_move(state, {"actor": "Ann", "targets": ["Fay"]}) == {
        "actor": "Ann",
        "targets": ["Fay"],
        "ability": "heal",
        "as": "doctor",
    }
    assert conditional_move(state, {"actor": "Zed", "as": "doctor"}) == {
        "actor": "Zed",
        "as": "doctor",
    }
    for action, reason in [
        (
            {"actor": "Ian", "as": "doctor", "targets": ["Eve"]},
            "the mafia knows its statuses and sends no conditional moves",
        ),
        (
            {"actor": "Eve", "as": "mayor", "targets": ["Fay"]},
            "'as' names a civilian status (doctor, plus_vote, minus_vote, commissar), not 'mayor'",
        ),
        (
            {"actor": "Eve", "as": "doctor", "ability": "check", "targets": ["Fay"]},
            "as doctor the move is heal, not check",
        ),
    ]:
        with pytest.raises(roles.IllegalAction) as refused:
            conditional_move(state, action)
        assert str(refused.value) == reason


def test_ru_eleven_decoys_candidates_and_drawn_decoys():
    """003 eleven: 'Мафия каждую ночь присылает ведущему два имени "подкидышей"' (a note
    sent first in the night counts too: `decoys_8`); 'Если от игроков приходит одно или
    два имени для проверки - проверка не объявляется' counts only the civilians' commissar
    moves, not a heal on a third name (`candidates_2`); with no note the engine draws two
    living decoys with the seed among the players in seat order, so the draw does not
    depend on their names (`announce_check_20/22`)."""
    from tests.engine.test_ru_eleven import cm
    from tests.engine.test_ru_eleven import scenario as eleven_scenario

    def checks(out):
        return [e["names"] for e in out["phases"][0]["events"] if e["kind"] == "check"]

    decoy_first = [{"actor": "Kay", "ability": "decoy", "targets": ["Kay", "Ann", "Bob"]}]
    decoy_first += [cm("Dan", "commissar", "Ian"), cm("Eve", "commissar", "Gil")]
    decoy_first += [cm("Fay", "commissar", "Hal")]
    assert checks(roles.simulate(eleven_scenario({"night": decoy_first}))) == [
        ["Ann", "Ian", "Kay"]
    ]
    two_and_a_heal = [cm("Dan", "commissar", "Ian"), cm("Eve", "commissar", "Gil")]
    two_and_a_heal.append(cm("Fay", "doctor", "Hal"))
    assert checks(roles.simulate(eleven_scenario({"night": two_and_a_heal}))) == []

    seats = [("Zoe", "doctor"), ("Yan", "plus_vote"), ("Xia", "minus_vote")]
    seats += [("Wes", "commissar"), ("Vic", "civilian"), ("Uma", "civilian")]
    seats += [("Tom", "civilian"), ("Sam", "civilian"), ("Rex", "mafia")]
    seats += [("Quin", "hangman"), ("Pia", "advocate")]
    night = [cm("Wes", "commissar", "Rex"), cm("Vic", "commissar", "Tom")]
    night.append(cm("Uma", "commissar", "Sam"))
    drawn = []
    for seed in range(6):
        players = [{"name": n, "role": r} for n, r in seats]
        game = {"ruleset": "ru_eleven", "seed": seed, "players": players}
        (names,) = checks(roles.simulate({**game, "phases": [{"night": night}]}))
        drawn.append(" ".join(names))
    assert drawn == [
        "Pia Rex Yan",
        "Pia Rex Tom",
        "Quin Rex Wes",
        "Pia Quin Rex",
        "Pia Rex Wes",
        "Rex Sam Vic",
    ]


def test_sc2_draw_slot_draws_the_coroner_only_in_the_clue_variant():
    """002: the Coroner is drawn when 'The mode is the Clue variant.' `draw_slot` (the
    game-start draw of one random slot) leaves him out of Town Investigative by default
    and draws him with `clue_variant` (`sc2_categories.draw_slot_1/7`: the variant on by
    default, or off when asked for)."""
    import random

    from roles.rulesets import sc2_categories

    def drawn(**clue):
        return {
            sc2_categories.draw_slot("town_investigative", [], {}, random.Random(s), **clue)
            for s in range(60)
        }

    assert drawn() == {"investigator", "lookout", "sheriff"}
    assert drawn(clue_variant=True) == {"coroner", "investigator", "lookout", "sheriff"}


def _act(actor, ability, *targets):
    return {"actor": actor, "ability": ability, "targets": list(targets)}


@pytest.mark.parametrize(
    ("head", "acts", "options", "value"),
    [
        # 'Cannot convert Mafia'; Masons and the Mason Leader are immune.
        (("cultist", "mason_leader", "mafioso"), [], None, "failed"),
        (("cultist", "citizen", "mafioso"), [], None, "success"),
        # A player killed the same night is not converted.
        (("cultist", "citizen", "mafioso"), [_act("Cid", "kill", "Bob")], None, "failed"),
        # 'Immunity prevents conversion (D: On)': a vest worn that night is immunity.
        (("cultist", "survivor", "mafioso"), [_act("Bob", "vest")], None, "failed"),
        (
            ("cultist", "survivor", "mafioso"),
            [_act("Bob", "vest")],
            {"cult_immunity_prevents_conversion": False},
            "success",
        ),
        # Doctor/Bodyguard prevent it only with their options ('Prevents Cultist
        # conversion (D: Off)').
        (
            ("cultist", "citizen", "doctor", "mafioso"),
            [_act("Cid", "heal", "Bob")],
            None,
            "success",
        ),
        (
            ("cultist", "citizen", "doctor", "mafioso"),
            [_act("Cid", "heal", "Bob")],
            {"doctor_prevents_conversion": True},
            "failed",
        ),
        (
            ("cultist", "citizen", "bodyguard", "mafioso"),
            [_act("Cid", "guard", "Bob")],
            None,
            "success",
        ),
        (
            ("cultist", "citizen", "bodyguard", "mafioso"),
            [_act("Cid", "guard", "Bob")],
            {"bodyguard_prevents_conversion": True},
            "failed",
        ),
        # Each option names its own protector: a guard is no heal, a heal no guard.
        (
            ("cultist", "citizen", "bodyguard", "mafioso"),
            [_act("Cid", "guard", "Bob")],
            {"doctor_prevents_conversion": True},
            "success",
        ),
        (
            ("cultist", "citizen", "doctor", "mafioso"),
            [_act("Cid", "heal", "Bob")],
            {"bodyguard_prevents_conversion": True},
            "success",
        ),
    ],
)
def test_sc2_conversion_refused_for_each_reason_the_references_give(head, acts, options, value):
    """sc2-reference 2.3 Cultist: 'Convert a player'; 'Cannot convert Mafia'; Masons are
    immune; 'Immunity prevents conversion (D: On)'; Bodyguard 'Prevents Cultist conversion
    (D: Off)', the Doctor's port option likewise (`sc2_rules.conversion_refusal_2-71`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    out = sc2_sim(roster(*head), [{"night": [_act("Ann", "convert", "Bob"), *acts]}], options)
    results = [r for r in out["phases"][0]["results"] if r["kind"] == "convert"]
    assert results == [{"to": "Ann", "kind": "convert", "target": "Bob", "value": value}]


def test_sc2_a_jailed_player_is_not_converted():
    """sc2-reference N0: 'Jail applied: prisoner roleblocked + protected': the Cultist's
    conversion of the prisoner fails (`sc2_rules.conversion_refusal_16/17/18`)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    phases = [{"night": []}, quiet_day([_act("Cid", "jail", "Bob")])]
    phases.append({"night": [_act("Ann", "convert", "Bob")]})
    out = sc2_sim(roster("cultist", "citizen", "jailor", "mafioso"), phases)
    assert [r for r in out["phases"][2]["results"] if r["kind"] == "convert"] == [
        {"to": "Ann", "kind": "convert", "target": "Bob", "value": "failed"}
    ]
    assert out["roles"]["Bob"] == "citizen"


@pytest.mark.parametrize("promoted", [True, False])
def test_sc2_a_consigliere_takes_the_godfathers_place_only_with_the_option(promoted):
    """sc2 port Consigliere `promoted_if_no_Godfather`: with the Godfather lynched and no
    Mafioso, the Consigliere becomes the Godfather with the option and, without it, the
    Mafioso (Framer 'Becomes Mafioso if alone (D: On)'); a Citizen is never promoted
    (`sc2_rules.after_deaths_18/32`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import NAMES, roster

    lynch = {"day": {"votes": [[n, "Bob"] for n in NAMES if n != "Bob"], "rounds": []}}
    lynch["day"]["actions"] = []
    out = sc2_sim(
        roster("citizen", "godfather", "consigliere", "doctor"),
        [{"night": []}, lynch],
        {"consigliere_promoted_if_no_godfather": promoted},
    )
    assert out["phases"][1]["lynched"] == ["Bob"]
    assert out["roles"]["Ann"] == "citizen"
    assert out["roles"]["Cid"] == ("godfather" if promoted else "mafioso")


def test_sc2_a_mason_is_not_promoted_while_the_leader_lives():
    """sc2 port Mason `promoted_if_alone`: a lone Mason becomes the Mason Leader only when
    no Leader lives (`sc2_rules.after_deaths_93/98/99`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    out = sc2_sim(
        roster("mason", "mason_leader", "mafioso"),
        [{"night": [_act("Cid", "kill", "Eve")]}],
        {"mason_promoted_to_leader": True},
    )
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Eve"]
    assert out["roles"]["Ann"] == "mason"


def test_sc2_the_failed_executioner_is_told_whose_death_failed_him():
    """002: 'He/She apparently shot himself after leaving a suicide note with the words
    "I failed." on it.' With the suicide option, the Executioner whose target dies at
    night is told his failure, naming the target (`after_deaths_147/150`)."""
    options = {"executioner_becomes_jester": False, "executioner_suicides_on_failure": True}
    from tests.engine.test_sc2_options import roster

    state = roles.new_game("sc2", roster("executioner", "mafioso"), 1, options)
    target = state.player("Ann").memory["exe_target"]
    result = roles.resolve_phase(state, {"night": [_act("Bob", "kill", target)]})
    assert result.record["results"] == [{"to": "Ann", "kind": "failed", "target": target}]


def test_sc2_a_converted_player_joins_the_cult_and_the_cap_counts_the_dead():
    """sc2-reference 2.3 Cultist: 'Convert a player'; 'cult capped at 1/3 of original size
    minus Mafia; regains a conversion per 2 cultists killed'. A converted Citizen's
    faction is the cult's (`change_role_4`); two founders under a cap of three convert
    (`cult_has_room_32`); three founders at the cap, one of them dead, still cannot:
    one death is not two (`_11/36`)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    def converted(head, phases):
        out = sc2_sim(roster(*head), phases)
        convert = [r for p in out["phases"] for r in p["results"] if r["kind"] == "convert"]
        return convert[-1]["value"]

    state = roles.new_game("sc2", roster("cultist", "citizen", "mafioso"), 1, {})
    state = roles.resolve_phase(state, {"night": [_act("Ann", "convert", "Bob")]}).state
    assert state.player("Bob").role == "cultist" and state.player("Bob").faction == "cult"

    # 12 players, one mafioso: a cap of (12 - 1) // 3 = 3.
    two = ("cultist", "cultist", "citizen", "mafioso")
    assert converted(two, [{"night": [_act("Ann", "convert", "Cid")]}]) == "success"
    three = ("cultist", "cultist", "cultist", "citizen", "mafioso")
    phases = [{"night": [_act("Eve", "kill", "Cid")]}, quiet_day()]
    phases.append({"night": [_act("Ann", "convert", "Dan")]})
    assert converted(three, phases) == "failed"


def test_sc2_a_leaver_at_night_gets_the_leaver_line():
    """002: 'Leaver Suicide: (name) committed suicide.' in sc2 as in bay12
    (`sc2_rules.describe_12`: the name left out)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    out = sc2_sim(roster("mafioso", "doctor"), [{"night": [_act("GM", "leave", "Eve")]}])
    assert out["phases"][0]["descriptions"] == {"Eve": "Eve committed suicide."}


def test_sc2_trial_question_refusals_record_and_the_verdict_in_seat_order():
    """sc2-reference 3.3 'Majority + Trial (defence then verdict)'; 'SC2 shows how everyone
    voted in the verdict'. The engine asks for the verdict naming the accused and the
    choices (`sc2_day._trial_7-13`); a bad verdict ballot is refused naming the round
    (`_3/_47`); the record keeps the count (`_85-87`) and the verdict event lists the
    guilty and the innocent in seat order, whatever their names (`_63-71`)."""
    names = ["Zed", "Yan", "Xia", "Wes", "Vic", "Uma"]
    cast = ["citizen", "mafioso", "citizen", "citizen", "citizen", "citizen"]
    players = [{"name": n, "role": r} for n, r in zip(names, cast, strict=True)]
    state = roles.new_game("sc2", players, 1, {"day_type": "majority_trial"}, "day")
    votes = [[n, "Yan"] for n in ("Zed", "Xia", "Wes", "Vic")]

    def day_with(rounds):
        return {"day": {"votes": votes, "rounds": rounds, "actions": []}}

    with pytest.raises(roles.PendingDecision) as asked:
        roles.resolve_phase(state, day_with([]))
    assert str(asked.value) == "Yan is on trial: the verdict is needed (execute / pardon)"
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(state, day_with([[["Vic", "maybe"]]]))
    assert str(refused.value) == "Vic: the trial verdict is a choice of execute, pardon"

    ballots = [["Vic", "execute"], ["Zed", "execute"], ["Uma", "pardon"], ["Wes", "execute"]]
    ballots.append(["Xia", "pardon"])
    record = roles.resolve_phase(state, day_with([ballots])).record
    assert record["rounds"] == [{"execute": 3, "pardon": 2}] and record["lynched"] == ["Yan"]
    verdict = next(e for e in record["events"] if e["kind"] == "verdict")
    assert verdict == {
        "kind": "verdict",
        "player": "Yan",
        "verdict": "guilty",
        "guilty": ["Zed", "Wes", "Vic"],
        "innocent": ["Xia", "Uma"],
    }


def test_sc2_majority_lynches_at_the_vote_that_reaches_it():
    """sc2-reference 3.3 Majority: '>=51 % of votes executes immediately'. Seven of twelve
    lynch the Jester at the seventh vote: the tally is the one at that moment and a vote
    cast after it is no guilty vote for the Jester's haunt ('Kills a random guilty
    voter') (`sc2_day._majority_10/26/27`, `vote_52/56/57`). The Executioner wins only
    when his own target is lynched (`vote_91/98`)."""
    from tests.engine.test_sc2_options import roster

    options = {"day_type": "majority", "jester_kills_guilty_voter": True}
    state = roles.new_game("sc2", roster("jester", "mafioso", "executioner"), 1, options, "day")
    assert state.player("Cid").memory["exe_target"] == "Lou"
    seven = [[n, "Ann"] for n in ("Bob", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")]
    result = roles.resolve_phase(
        state, {"day": {"votes": [*seven, ["Jon", "Ann"]], "rounds": [], "actions": []}}
    )
    assert result.record["lynched"] == ["Ann"] and result.record["tally"] == {"Ann": 7}
    assert result.state.player("Ann").memory["haunt_voters"] == [v for v, _ in seven]
    assert "exe_won" not in result.state.player("Cid").memory

    lou = [[n, "Lou"] for n in ("Ann", "Bob", "Dan", "Eve", "Fay", "Gus", "Hal")]
    result = roles.resolve_phase(state, {"day": {"votes": lou, "rounds": [], "actions": []}})
    assert result.record["lynched"] == ["Lou"]
    assert result.state.player("Cid").memory["exe_won"] is True


@pytest.mark.parametrize(
    ("alive", "regular", "peace"),
    [
        ((), "nobody", "nobody"),
        # Only neutrals left: their own goals decide.
        (("survivor", "jester"), "nobody", "nobody"),
        # The Town wins once every other side is gone, but not beside a Witch.
        (("citizen", "witch"), None, "town"),
        (("citizen",), "town", "town"),
        # The Cult wins at parity with the Town; the Mafia not while a killer lives.
        (("cultist", "cultist", "citizen"), "cult", "cult"),
        (("mafioso", "mafioso", "serial_killer"), None, "mafia"),
        # A neutral killer wins alone with a Witch or a Survivor beside him.
        (("serial_killer", "witch"), "serial_killer", "serial_killer"),
        (("serial_killer", "jester"), None, "serial_killer"),
        # Three Days of Peace: equal numbers go to the side higher in precedence.
        (("serial_killer", "arsonist"), None, "arsonist"),
        (("cultist", "mafioso"), None, "mafia"),
        (("mafioso", "mafioso", "citizen", "citizen"), "mafia", "mafia"),
    ],
)
def test_sc2_who_wins_with_these_players_alive(alive, regular, peace):
    """002: the Town wins when the Mafia, Cult and neutral killers are gone; the Mafia or
    the Cult when they are at least as many as the rest ('equal or greater numbers');
    Three Days of Peace: 'the larger side wins', a tie to the side that is not the Town,
    neutrals by precedence (`sc2_day.regular_winner_3-52`, `peace_winner_13/14/21`)."""
    from roles.rulesets.sc2_day import peace_winner, regular_winner
    from tests.engine.test_sc2_options import roster

    state = roles.new_game("sc2", roster(*alive), 1, {})
    for player in state.players[len(alive) :]:
        player.alive = False
    assert state.alive_names() == [p["name"] for p in roster(*alive)[: len(alive)]]
    assert regular_winner(state) == regular
    assert peace_winner(state) == peace


def test_sc2_three_days_of_peace_are_counted_from_the_last_death_and_announced():
    """002 Three Days of Peace: six phases without a death end the game for the larger
    side, and the phase says so ('Three days without a death: the game is decided for
    ...'). A death starts the count again (`sc2_day.win_check_12/14`: the count not
    reset, or reset to one); the announcement names the side (`_45-50`). Found by these
    mutants: the engine took the phase's events before the win check, so the
    announcement was lost."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2_options import roster

    def ended_at(phases):
        state = roles.new_game("sc2", roster("mafioso", "doctor"), 1, {})
        for index, phase in enumerate(phases):
            result = roles.resolve_phase(state, phase)
            state = result.state
            if state.ended:
                peace = [e for e in result.record["events"] if e["kind"] == "three_days_of_peace"]
                return index, peace
        return None

    quiet = [{"night": []}, quiet_day()] * 4
    assert ended_at(quiet) == (5, [{"kind": "three_days_of_peace", "side": "town"}])
    death = [{"night": []}, quiet_day(), {"night": [_act("Ann", "kill", "Eve")]}]
    assert ended_at(death + [quiet_day(), {"night": []}] * 3) == (
        8,
        [{"kind": "three_days_of_peace", "side": "town"}],
    )


@pytest.mark.parametrize(
    ("pair", "citizen_wins", "side"),
    [
        (("citizen", "serial_killer"), True, "serial_killer"),
        (("citizen", "mafioso"), True, "town"),
        (("citizen", "mafioso"), False, "mafia"),
        (("jester", "survivor"), False, "nobody"),
        (("jester", "citizen"), False, "town"),
    ],
)
def test_sc2_one_versus_one(pair, citizen_wins, side):
    """002: 'When the game comes down to a one versus one scenario ... the game is
    automatically concluded'; sc2's port option `citizen_wins_1v1` gives the Citizen the
    win against the Mafia only; two neutrals without a side leave it to their own goals
    (`sc2_day.one_versus_one_9/32/33`, `_rank_32`)."""
    from roles.rulesets.sc2_day import one_versus_one
    from tests.engine.test_sc2_options import roster

    state = roles.new_game("sc2", roster(*pair), 1, {"citizen_wins_1v1": citizen_wins})
    assert one_versus_one(state, state.players[0], state.players[1]) == side


def test_sc2_a_living_witch_wins_unless_the_town_does_and_the_mayor_is_announced():
    """sc2-reference Witch: 'wins if the Town loses', alive (`sc2_day.winners_of_22/23`);
    Mayor 'Reveal: vote counts 3': the day announces the revealed Mayor by name
    (`day_actions_23/25`)."""
    from roles.rulesets.sc2_day import winners_of
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2_options import roster

    state = roles.new_game("sc2", roster("citizen", "witch"), 1, {})
    assert "Bob" not in winners_of(state, "town") and "Bob" in winners_of(state, "mafia")
    mayor = roles.new_game("sc2", roster("mayor", "mafioso"), 1, {}, "day")
    reveal = quiet_day([{"actor": "Ann", "ability": "reveal", "targets": []}])
    record = roles.resolve_phase(mayor, reveal).record
    assert record["events"] == [{"kind": "mayor_revealed", "player": "Ann"}]


@pytest.mark.parametrize(
    ("alive", "decided"),
    [
        # The Witch is a threat to the Town: it has not won while she lives.
        (["witch", "townie", "townie"], None),
        (["serial_killer"], {"serial_killer"}),
        # "The Witch wins with any side but the town, alive": alone with neutrals.
        (["witch", "jester", "executioner"], {"witch"}),
        (["mafioso", "witch", "townie"], {"mafia"}),
    ],
)
def test_bay12_who_has_won_with_these_players_alive(alive, decided):
    """`rules bay12`: 'Mafia wins once no Serial Killer or Arsonist lives and the mafia
    are at least as many as every other living player but the Witch. The Witch wins with
    any side but the town, alive.' (`bay12._decide_10-34`)."""
    import types

    from roles.rulesets import bay12
    from tests.engine.test_bay12 import roster

    state = roles.new_game("bay12", roster([*alive, "mafioso", "mafioso", "mafioso"]), 1)
    for player in state.players[len(alive) :]:
        player.alive = False
    assert bay12._decide(state, types.SimpleNamespace(kind="day"), state.alive()) == decided


@pytest.mark.parametrize(
    ("sides", "winner"),
    [
        (["mafia", "town"], "mafia"),
        (["serial_killer", "town"], "serial_killer"),
        (["town", "town", "serial_killer"], "town"),
        (["town", "town", "mafia"], "town"),
    ],
)
def test_bay12_three_days_of_peace_go_to_equal_or_greater_numbers(sides, winner):
    """002 Three Days of Peace: the Town wins only if it outnumbers the Mafia ('equal or
    greater numbers' win), else the Mafia, else a neutral killer as many as the Town
    (`bay12._peace_tiebreak_3-9`)."""
    from roles.rulesets import bay12

    assert bay12._peace_tiebreak(sides) == winner


def test_bay12_the_living_witch_wins_with_the_mafia():
    """000 Witch: 'You win if you are alive and the town loses.' (`bay12.win_check_35-38`)"""
    out = sim(["mafioso", "witch", "townie", "townie"], [night(("Mafioso", "Townie"))])
    assert out["winners"] == ["Mafioso", "Witch"]


@pytest.mark.parametrize(
    ("players", "problem"),
    [
        (
            [("Ann", "godfather"), ("Bob", "godfather"), ("Cid", "mason_leader")]
            + [("Dan", "mason_leader"), ("Eve", "citizen")],
            "mason_leader is unique (sc2-reference 3.2): Cid, Dan cannot all be one; "
            "godfather is unique (sc2-reference 3.2): Ann, Bob cannot all be one",
        ),
        (
            [("Ann", "executioner", "Ann"), ("Bob", "mafioso"), ("Cid", "citizen")],
            "Ann: the Executioner's target must be another player",
        ),
        (
            [("Ann", "executioner", "Zed"), ("Bob", "mafioso"), ("Cid", "citizen")],
            "Ann: the Executioner's target must be another player",
        ),
        (
            [("Ann", "executioner"), ("Bob", "mafioso"), ("Cid", "mafioso")]
            + [("Dan", "serial_killer")],
            "Ann: the Executioner has nobody to target",
        ),
    ],
)
def test_sc2_setup_problems_named_exactly(players, problem):
    """sc2-reference 3.2: the Mason Leader, the Mayor and the Godfather are unique; the
    Executioner's 'Target must be Town (D: On)' and another player; each refused at the
    start with every problem, in the order found (`sc2.setup_problems_16-66`)."""
    seats = [
        {"name": p[0], "role": p[1], **({"target": p[2]} if len(p) > 2 else {})} for p in players
    ]
    with pytest.raises(roles.IllegalAction) as refused:
        roles.new_game("sc2", seats, 1, {})
    assert str(refused.value) == problem


def test_bay12_lynch_ties_the_jesters_win_and_unstoppable_deaths():
    """000 Jester: 'You win if you are lynched' (`bay12.day_lynch_64`); a tie lynches
    nobody and says who was tied, or with option tie = "random" lynches one drawn
    (`_19/20/25/26/33/36`); the Arsonist's ignition is unpreventable (a Bodyguard
    'cannot prevent a kill from the ... Arsonist') and spares the igniter, doused or
    not (`ignite_5/8/10/12`); the Vigilante's guilt 'cannot be prevented in any way',
    a Bodyguard on him included (`guilt_9/15/20`)."""
    out = sim(
        ["jester", "mafioso", "townie", "townie"],
        [
            day(("Mafioso", "Jester"), ("Townie", "Jester"), ("Townie2", "Jester")),
            night(("Mafioso", "Townie")),
        ],
    )
    assert out["ended"] and out["winners"] == ["Jester", "Mafioso"]

    tie = [day(("Mafioso", "Townie"), ("Townie", "Townie2"))]
    drawn = sim(["mafioso", *TOWN6], tie, options={"tie": "random"})["phases"][0]
    assert drawn["lynched"] == ["Townie2"] and drawn["events"] == []
    kept = sim(["mafioso", *TOWN6], tie, options={"tie": "no_lynch"})["phases"][0]
    assert kept["lynched"] == []
    assert kept["events"] == [
        {"kind": "no_lynch", "reason": "tie", "candidates": ["Townie", "Townie2"]}
    ]

    fire = sim(
        ["arsonist", "arsonist", "bodyguard", "mafioso", *TOWN6],
        [
            night(("Arsonist2", "douse", "Arsonist"), ("Arsonist", "douse", "Townie")),
            day(),
            night(("Arsonist", "ignite"), ("Bodyguard", "Townie")),
        ],
    )
    assert deaths(fire, 2) == {"Townie"} and results(fire, 2) == []

    guilt = sim(
        ["vigilante", "bodyguard", "mafioso", *TOWN6],
        [night(), day(), night(("Vigilante", "Townie")), day(), night(("Bodyguard", "Vigilante"))],
    )
    assert deaths(guilt, 4) == {"Vigilante"} and results(guilt, 4) == []


def test_sc2_a_lynch_leaves_the_jail_empty_and_says_so():
    """sc2-reference 2.1 Jailor: 'Day: choose prisoner (only after a no-lynch day)'. A
    day that lynches leaves the cell empty and the day says so; a day without a lynch
    holds the prisoner for the night (`sc2_day.after_day_45/46/47`)."""
    from tests.engine.test_sc2_options import NAMES, roster

    state = roles.new_game("sc2", roster("jailor", "mafioso"), 1, {}, "day")
    jail = [_act("Ann", "jail", "Bob")]
    votes = [[n, "Lou"] for n in NAMES if n != "Lou"]
    lynch = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": jail}})
    assert lynch.record["lynched"] == ["Lou"]
    assert lynch.record["events"] == [{"kind": "jail_empty"}]
    assert "sc2_jail" not in lynch.state.memory
    quiet = roles.resolve_phase(state, {"day": {"votes": [], "rounds": [], "actions": jail}})
    assert quiet.record["events"] == []
    assert quiet.state.memory["sc2_jail"] == {"jailor": "Ann", "prisoner": "Bob", "night": 1}


# -- ru_19 and the two-clan game: runtime survivors, session 31 -----------------------


def _ru19(*phases, seed=1):
    from tests.engine.test_ru_19 import simulate

    return simulate(*phases, seed=seed)


def _clans(*phases, seed=1):
    from tests.engine.test_ru_two_clans import simulate

    return simulate(*phases, seed=seed)


def _apply_day(*names):
    """A day with no votes where `names` apply to hunt (ru_19 and the two-clan game)."""
    actions = [_act(n, "apply_hunt") for n in names]
    return {"day": {"votes": [], "rounds": [], "actions": actions}}


def _hunt(hunter, target, guess):
    return {**_act(hunter, "hunt", target), "guess": guess}


def test_two_clans_the_maniacs_instinct_saves_him_for_the_whole_night():
    """ru_two_clans: 'The maniac's instinct works by itself the first night someone
    would kill him, and saves him for that whole night.' A clan's shot lands first
    (instinct spent, and he is told), a right hunt lands at a later step of the same
    night: he lives (`ru_19._fully_protected_8/12/13/14`, `_land_on_44/45/49/50/52/55/56`).
    """
    night = {"night": [_act("Ann", "kill", "Sam"), _hunt("Kay", "Sam", "maniac")]}
    out = _clans(_apply_day("Kay"), night)
    assert out["phases"][1]["deaths"] == []
    assert out["phases"][1]["results"] == [{"to": "Sam", "kind": "instinct"}]
    # The next night the instinct is gone: the same shot kills him.
    again = _clans(_apply_day("Kay"), night, _apply_day(), {"night": [_act("Ann", "kill", "Sam")]})
    assert [d["player"] for d in again["phases"][3]["deaths"]] == ["Sam"]


def test_ru19_the_hangmans_choice_is_announced_with_the_tied_players():
    """ru_19: 'A tie goes to the hangman's `hang` (one of the tied)': the day's event
    names his choice and the tied players (`_hangman_choice_17/18/20/21`)."""
    votes = [("Jon", "Kay"), ("Lou", "Max"), ("Kay", "Max"), ("Max", "Kay")]
    out = _ru19(
        {
            "day": {
                "votes": [list(v) for v in votes],
                "rounds": [],
                "actions": [_act("Ian", "hang", "Max")],
            }
        }
    )
    day = out["phases"][0]
    assert day["lynched"] == ["Max"]
    assert {"kind": "hangman", "chose": "Max", "candidates": ["Kay", "Max"]} in day["events"]


def test_ru19_a_refused_hunt_names_the_player_who_was_not_drawn():
    """Only the drawn hunter may send `hunt`; another is refused by name
    (`_hunt_approved_12`)."""
    state = roles.new_game("ru_19", _ru19_players(), seed=1, first_phase="day")
    night = roles.resolve_phase(state, _apply_day("Jon")).state
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night, _hunt("Kay", "Sam", "maniac"))
    assert "Kay" in refused.value.reason


def _ru19_players():
    from tests.engine.test_ru_19 import players

    return players()


def test_ru19_a_courtesan_at_the_maniacs_is_his_victim():
    """ru_19: 'Visiting the maniac, she dies' - as his victim (`courtesan_visit_15`)."""
    out = _ru19({"night": [_act("Hal", "visit", "Sam")]})
    night = out["phases"][0]
    assert night["deaths"] == [{"player": "Hal", "role": "courtesan", "by": ["maniac"]}]
    assert night["descriptions"] == {"Hal": "Victim of the maniac."}


@pytest.mark.parametrize(
    ("alive", "winners"),
    [
        # 'the maniac when he is alive with at most one other player'
        (("Sam", "Jon"), {"Sam"}),
        (("Sam", "Jon", "Kay"), None),
        # 'the mafia when the maniac is dead and the civilians are no more than the mafia'
        (("Sam", "Cid", "Dan", "Jon"), None),
        (("Cid", "Dan", "Jon"), {"Ann", "Bob", "Cid", "Dan", "Eve"}),
    ],
)
def test_ru19_who_wins_with_the_maniac_alive(alive, winners):
    """ru_19 wins (`decide_21/22`): the maniac with two others alive has not won, and
    the mafia does not win while the maniac lives, however few civilians are left."""
    from roles.rulesets import ru_19

    state = roles.new_game("ru_19", _ru19_players())
    for player in state.players:
        player.alive = player.name in alive
    ru_19.win_check(state, None)
    assert (set(state.winners) if state.ended else None) == winners


def test_ru19_each_cause_is_described_and_several_are_joined():
    """003: 'обязательно указывается причина смерти (жертва мафии, жертва маньяка, жертва
    удачной/неудачной охоты...)' (`describe_3-5/7-10/13/16`)."""
    from roles.rulesets.ru_19 import describe

    assert describe(None, "Jon", ["hunt"]) == "Killed in a successful hunt."
    assert describe(None, "Jon", ["successful_hunt"]) == "Killed in a successful hunt."
    assert describe(None, "Jon", ["failed_hunt"]) == "Victim of a failed hunt."
    assert (
        describe(None, "Jon", ["maniac", "mafia"]) == "Victim of the maniac; victim of the mafia."
    )
    assert describe(None, "Jon", ["detective"]) is None  # the event line names the shot


def test_ru19_two_applicants_are_drawn_by_lot():
    """'Если ведущему поступило несколько заявок ... он жеребьевкой выбирает только одну'
    - two applications too (`draw_hunter_19`)."""
    drawn = set()
    for seed in range(10):
        out = _ru19(_apply_day("Jon", "Kay"), seed=seed)
        drawn |= {r["to"] for r in out["phases"][0]["results"] if r["kind"] == "hunt_approved"}
    assert drawn == {"Jon", "Kay"}


def test_ru19_the_first_to_reach_the_tying_count_counts_from_zero():
    """ru_19: with the hangman dead, 'the tied player who first reached the tying count
    (replaying the votes in the order cast) is executed'. Max's one vote comes first,
    so Max goes though Kay sits earlier (`first_to_reach_17`); a withdrawn vote no
    longer counts while the votes are replayed (`first_to_reach_3`)."""
    hanged = {"night": [_act("Sam", "kill", "Ian")]}
    first = _ru19(
        hanged, {"day": {"votes": [["Jon", "Max"], ["Lou", "Kay"]], "rounds": [], "actions": []}}
    )
    assert first["phases"][1]["lynched"] == ["Max"]
    # Jon's vote for Max is withdrawn before Lou's: Kay reaches two votes first.
    cast = ["Jon", "Max"], ["Jon", None], ["Lou", "Max"], ["Oli", "Kay"], ["Pam", "Kay"]
    votes = [*cast, ["Ned", "Max"]]
    withdrawn = _ru19(hanged, {"day": {"votes": votes, "rounds": [], "actions": []}})
    assert withdrawn["phases"][1]["lynched"] == ["Kay"]


def test_two_clans_the_bodyguard_strikes_back_beside_a_courtesans_client():
    """ru_two_clans: the bodyguard 'убивает одного из покушающихся убийц', whatever other
    protection the night holds: the courtesan's client, protected before him, does
    not stop his blow (`_bodyguards_strike_back_4`)."""
    night = {
        "night": [
            _act("Hal", "visit", "Lou"),
            _act("Ian", "guard", "Kay"),
            _act("Ann", "kill", "Kay"),
        ]
    }
    out = _clans(night)
    assert out["phases"][0]["deaths"] == [{"player": "Ann", "role": "thief", "by": ["bodyguard"]}]


def test_two_clans_the_bodyguards_lot_is_drawn_in_seat_order():
    """ru_two_clans: 'Если два исполнителя стреляют в защищенного телохранителем игрока,
    проводится жеребьевка и один исполнитель погибнет'. The lot is drawn among the
    executors in seat order, so renaming a shooter does not change which seat dies
    (`_bodyguards_strike_back_15/17`)."""
    from tests.engine.test_ru_two_clans import PLAYERS, players

    def dead_seat(spec, first, seed):
        night = [
            _act("Ian", "guard", "Kay"),
            _act(first, "kill", "Kay"),
            _act("Dan", "kill", "Kay"),
        ]
        out = roles.simulate(
            {
                "ruleset": "ru_two_clans",
                "seed": seed,
                "players": players(spec),
                "phases": [{"night": night}],
            }
        )
        names = [p["name"] for p in players(spec)]
        return [names.index(d["player"]) for d in out["phases"][0]["deaths"]]

    renamed = PLAYERS.replace("Ann:", "Zed:")  # seat 0 now sorts after Dan (seat 3)
    for seed in range(6):
        assert dead_seat(PLAYERS, "Ann", seed) == dead_seat(renamed, "Zed", seed)


# -- sc2_night: runtime survivors, session 31 ----------------------------------------


def test_sc2_the_night_sequence_narrates_a_night_in_order():
    """sc2-reference, Night Sequence: the night is told as it happened, without names:
    a vest, an alert, the Bodyguard's duel, a conversion, a recruitment, then the
    deaths (`_duel_*`, `convert_99-104`, `recruit`'s line, `vest`, `alert`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    head = ("bodyguard", "mafioso", "citizen", "cultist", "mason_leader", "survivor", "veteran")
    night = [
        _act("Ann", "guard", "Cid"),
        _act("Bob", "kill", "Cid"),
        _act("Dan", "convert", "Hal"),
        _act("Eve", "recruit", "Ivy"),
        _act("Fay", "vest"),
        _act("Gus", "alert"),
    ]
    out = sc2_sim(roster(*head), [{"night": night}], options={"night_type": "night_sequence"})
    record = out["phases"][0]
    assert record["deaths"] == [
        {"player": "Ann", "role": "bodyguard", "by": ["mafioso"]},
        {"player": "Bob", "role": "mafioso", "by": ["bodyguard"]},
    ]
    assert record["descriptions"] == {
        "Ann": "He/She was killed in a duel.",
        "Bob": "He/She was killed in a duel.",
    }
    assert record["events"] == [
        {
            "kind": "night_sequence",
            "lines": [
                "Someone put on a bulletproof vest.",
                "Someone stayed on alert.",
                "A fight broke out.",
                "Someone joined the cult.",
                "Someone joined a secret society.",
                "He/She was killed in a duel.",
                "He/She was killed in a duel.",
            ],
        }
    ]
    assert out["roles"]["Hal"] == "cultist" and out["roles"]["Ivy"] == "mason"


def test_sc2_the_crime_ledger_by_action():
    """sc2-reference 2.4 (Investigator, option `investigator_results: crimes`): crimes
    are earned by actions and kept: an Escort who blocks a Citizen has disturbed the
    peace and trespassed; an Arsonist who ignites adds arson and murder; a Framer's
    target shows one crime he has not committed, that night only (`crimes_*`). A
    Mason Leader who recruits a player killed earlier that night fails; one who tries
    a Mafioso fails and the Mafioso learns who tried (`recruit_10-19`)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    head = ("investigator", "mafioso", "escort", "framer", "arsonist", "mason_leader")
    phases = [
        {
            "night": [
                _act("Cid", "block", "Gus"),
                _act("Eve", "douse", "Ivy"),
                _act("Bob", "kill", "Jon"),
                _act("Fay", "recruit", "Jon"),
            ]
        },
        quiet_day(),
        {"night": [_act("Eve", "ignite"), _act("Ann", "check", "Cid")]},
        quiet_day(),
        {"night": [_act("Ann", "check", "Eve")]},
        quiet_day(),
        {"night": [_act("Ann", "check", "Hal"), _act("Dan", "frame", "Hal")]},
        quiet_day(),
        {"night": [_act("Ann", "check", "Hal"), _act("Fay", "recruit", "Bob")]},
    ]
    out = sc2_sim(roster(*head), phases, options={"investigator_results": "crimes"})
    nights = out["phases"][::2]
    assert nights[0]["results"][0] == {
        "to": "Fay",
        "kind": "recruit",
        "target": "Jon",
        "value": "failed",
    }
    assert nights[1]["results"] == [
        {
            "to": "Ann",
            "kind": "crimes",
            "target": "Cid",
            "value": ["disturbing_the_peace", "soliciting", "trespassing"],
        }
    ]
    assert nights[2]["results"][0]["value"] == [
        "arson",
        "destruction_of_property",
        "murder",
        "trespassing",
    ]
    (framed,) = nights[3]["results"][0]["value"]
    assert framed in roles.rulesets.sc2_rules.CRIMES
    assert nights[4]["results"] == [
        {"to": "Ann", "kind": "crimes", "target": "Hal", "value": []},
        {"to": "Bob", "kind": "recruit_attempt", "target": "Fay", "value": "mason_leader"},
        {"to": "Fay", "kind": "recruit", "target": "Bob", "value": "failed"},
    ]


def test_sc2_the_night_sequence_of_an_execution_a_fire_and_a_spree():
    """sc2-reference, Night Sequence: the jail, a block, the execution, the fire and the
    Mass Murderer's spree, in the order of 002's kills ('Jailor, ... Arsonist, Mass
    Murderer'), then the deaths (`kills_36-41/185-190`, `_mass_murders_52-57`)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    head = ("jailor", "mafioso", "mass_murderer", "citizen", "arsonist", "escort")
    phases = [
        {"night": [_act("Eve", "douse", "Ivy")]},
        quiet_day([_act("Ann", "jail", "Bob")]),
        {
            "night": [
                _act("Ann", "execute"),
                _act("Eve", "ignite"),
                _act("Cid", "spree", "Jon"),
                _act("Fay", "block", "Jon"),
            ]
        },
    ]
    out = sc2_sim(roster(*head), phases, options={"night_type": "night_sequence"})
    record = out["phases"][2]
    assert [(d["player"], d["by"]) for d in record["deaths"]] == [
        ("Bob", ["jailor"]),
        ("Fay", ["mass_murderer"]),
        ("Ivy", ["arsonist"]),
        ("Jon", ["mass_murderer"]),
    ]
    assert record["events"][0]["lines"] == [
        "Someone was hauled off to jail.",
        "Someone was roleblocked.",
        "A prisoner was executed.",
        "A fire broke out.",
        "A killing spree took place.",
        "He/She was executed in a jail cell.",
        "He/She was completely eviscerated.",
        "He/She was incinerated.",
        "He/She was completely eviscerated.",
    ]


def test_sc2_the_jesters_haunt_is_neither_healed_nor_guarded():
    """sc2-reference 2.3 Jester (`jester_kills_guilty_voter`): 'Kills a random guilty
    voter' the night after his lynch; the haunt is unstoppable: a Doctor's heal and a
    Bodyguard on the victim change nothing, and the Bodyguard does not fight
    (`kills_202-215`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import NAMES, roster

    votes = [[n, "Ann"] for n in NAMES[1:9]]
    lynch = {"day": {"votes": votes, "rounds": [], "actions": []}}
    options = {"jester_kills_guilty_voter": True}
    players = roster("jester", "doctor", "bodyguard", "mafioso")
    (haunted,) = sc2_sim(players, [lynch, {"night": []}], options=options)["phases"][1]["deaths"]
    victim = haunted["player"]
    guarded = [_act("Bob", "heal", victim), _act("Cid", "guard", victim)]
    night = sc2_sim(players, [lynch, {"night": guarded}], options=options)["phases"][1]
    assert night["deaths"] == [haunted] and haunted["by"] == ["jester"]
    assert night["results"] == []


def test_sc2_the_veterans_shot_is_not_intercepted_and_takes_the_doctor():
    """sc2-reference 2.1 Veteran: on alert he 'kills everyone who targets him'; a
    Bodyguard cannot intercept the shot (000: the Bodyguard 'cannot prevent a kill
    from the Veteran'), a Doctor's heal saves the visitor, and with
    `veteran_shoots_visitors_doctors` the 'Doctor whose target visits the Vet dies'
    (`kills_235-252`, `_shoot_doctors_of_*`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    players = roster("veteran", "doctor", "bodyguard", "mafioso", "escort")
    night = [
        _act("Ann", "alert"),
        _act("Eve", "block", "Ann"),
        _act("Cid", "guard", "Eve"),
        _act("Bob", "heal", "Eve"),
    ]
    options = {"veteran_shoots_visitors_doctors": True}
    record = sc2_sim(players, [{"night": night}], options=options)["phases"][0]
    assert record["deaths"] == [{"player": "Bob", "role": "doctor", "by": ["veteran"]}]
    assert record["results"] == [
        {"to": "Ann", "kind": "blocked"},
        {"to": "Bob", "kind": "saved", "target": "Eve"},
        {"to": "Eve", "kind": "saved"},
    ]


def test_sc2_the_disguiser_takes_the_role_of_the_player_he_killed():
    """002: 'Disguiser replaces his target if the kill was successful': he is told whose
    role he now wears and the victim is shown as the Disguiser; a healed target is
    not replaced (`disguise_6/15/17/52-60`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    players = roster("disguiser", "mafioso", "doctor")
    killed = sc2_sim(players, [{"night": [_act("Ann", "disguise", "Dan")]}])["phases"][0]
    assert killed["results"] == [
        {"to": "Ann", "kind": "disguised", "target": "Dan", "value": "citizen"}
    ]
    assert killed["events"] == [{"kind": "reveal", "player": "Dan", "role": "disguiser"}]
    healed = [_act("Ann", "disguise", "Dan"), _act("Cid", "heal", "Dan")]
    saved = sc2_sim(players, [{"night": healed}])["phases"][0]
    assert saved["deaths"] == [] and saved["events"] == []
    assert {"to": "Ann", "kind": "disguised"} not in [
        {k: r[k] for k in ("to", "kind")} for r in saved["results"]
    ]


def test_ru19_the_hangman_is_asked_by_name_with_the_tied_players():
    """ru_19: the hangman 'не может отказаться от действия в случае равнения': the day
    waits for him, and the question names him and the tied players
    (`vote_with_hangman_52/63/64/66/67/72`)."""
    from tests.engine.test_ru_19 import day, players

    state = roles.new_game("ru_19", players(), first_phase="day")
    votes = [["Jon", "Kay"], ["Lou", "Kay"], ["Max", "Cid"], ["Ned", "Cid"]]
    with pytest.raises(roles.PendingDecision) as asked:
        roles.resolve_phase(state, day(votes=votes))
    assert asked.value.reason == "Ian: the vote is tied between Cid, Kay; the hangman must choose"


def test_ru19_the_doctor_who_applied_is_refused_the_heal_with_the_reason():
    """ru_19: the doctor 'Может выходить на охоту – но в эту ночь лишается права лечить'
    - the refusal says who and what (`refuse_if_applied_6/7/9/10`)."""
    from tests.engine.test_ru_19 import apply, day, players

    state = roles.new_game("ru_19", players(), first_phase="day")
    night = roles.resolve_phase(state, day(actions=apply("Gil"))).state
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night, _act("Gil", "heal", "Jon"))
    assert refused.value.reason == "doctor applied to hunt and cannot heal tonight"


def test_ru19_a_void_hunt_names_its_target_to_the_hunter():
    """ru_19: 'если цель охотника вылечена Доком – то охотнику приходит ответ, что охота
    не состоялась' - the hunter is told which hunt did not happen (`hunt_8/11`)."""
    from tests.engine.test_ru_19 import apply, day

    hunt = {**_act("Jon", "hunt", "Cid"), "guess": "mafia"}
    out = _ru19(day(actions=apply("Jon")), {"night": [_act("Gil", "heal", "Cid"), hunt]})
    assert out["phases"][1]["results"] == [{"to": "Jon", "kind": "hunt_void", "target": "Cid"}]


def test_ru_eleven_a_tie_without_the_hangmans_choice_names_the_tied():
    """ru_eleven: the hangman's move is optional; without it a tie lynches nobody and the
    day says between whom (`vote_with_hangman_97/100`)."""
    from tests.engine.test_ru_eleven import PLAYERS

    out = roles.simulate(
        {
            "ruleset": "ru_eleven",
            "seed": 3,
            "first_phase": "day",
            "players": [{"name": n, "role": r} for n, r in PLAYERS],
            "phases": [
                {"day": {"votes": [["Ann", "Bob"], ["Bob", "Ann"]], "rounds": [], "actions": []}}
            ],
        }
    )
    day = out["phases"][0]
    assert day["lynched"] == []
    assert day["events"] == [{"kind": "no_lynch", "reason": "tie", "candidates": ["Ann", "Bob"]}]


def test_ru19_an_application_withdrawn_the_same_day_is_not_drawn():
    """003: 'До окончания дня от своего намерения охотиться можно отказаться': an
    application withdrawn before the day ends is out of the draw; applying and
    withdrawing are free moves beside the day's one action (`apply_abilities`'
    withdraw and `free` mutants, rechecked)."""
    from tests.engine.test_ru_19 import day

    moves = [_act("Jon", "apply_hunt"), _act("Jon", "withdraw_hunt"), _act("Kay", "apply_hunt")]
    for seed in range(4):
        out = _ru19(day(actions=moves), seed=seed)
        assert out["phases"][0]["results"] == [{"to": "Kay", "kind": "hunt_approved"}]


def test_ru19_the_hangman_applies_to_hunt_and_hangs_the_same_day():
    """ru_19: the hangman 'Может охотиться': his application does not use up his
    choice on a tie (`free`); an unnamed day move of his is the hang, never an
    application; an unnamed night move of a drawn civilian is no hunt (a hunt is
    named, with its guess: `named_only`)."""
    from tests.engine.test_ru_19 import apply, day, players

    votes = [["Jon", "Kay"], ["Lou", "Kay"], ["Max", "Cid"], ["Ned", "Cid"]]
    moves = [_act("Ian", "apply_hunt"), _act("Ian", "hang", "Cid")]
    out = _ru19(day(votes=votes, actions=moves))
    assert out["phases"][0]["lynched"] == ["Cid"]
    assert out["phases"][0]["results"] == [{"to": "Ian", "kind": "hunt_approved"}]

    state = roles.new_game("ru_19", players(), first_phase="day")
    assert roles.check_action(state, {"actor": "Ian", "targets": ["Kay"]}).id == "hang"
    night = roles.resolve_phase(state, day(actions=apply("Jon"))).state
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night, {"actor": "Jon", "targets": ["Cid"], "guess": "mafia"})
    assert refused.value.reason == "civilian has no night ability"


def test_ru19_an_application_leaves_the_hangmans_choice_owed():
    """The hunt application is free: after applying, the hangman still owes his choice
    and may withdraw; a civilian may still withdraw (`apply_abilities`' `free`
    mutants: an application that spent the day's one action would end what he owes)."""
    from tests.engine.test_ru_19 import players

    state = roles.new_game("ru_19", players(), first_phase="day")
    assert roles.owed(state, "Ian", frozenset({"apply_hunt"})) == ["hang", "withdraw_hunt"]
    assert roles.owed(state, "Jon", frozenset({"apply_hunt"})) == ["withdraw_hunt"]
    assert roles.owed(state, "Jon", frozenset({"withdraw_hunt"})) == ["apply_hunt"]
    assert roles.replaced_moves(state, "Ian", "withdraw_hunt", {"apply_hunt", "hang"}) == []


def test_two_clans_the_reviving_commissars_check_does_not_save_an_executor():
    """ru_two_clans: the reviving commissar's check protects its target 'except an
    executor': the other clan shoots tonight's executor of clan 1 and he dies though
    checked; a checked clan member who is no executor lives (`executors_named_2`)."""
    night = [_act("Ann", "kill", "Kay"), _act("Dan", "kill", "Ann"), _act("Gil", "check", "Ann")]
    dead = [d["player"] for d in _clans({"night": night})["phases"][0]["deaths"]]
    assert dead == ["Ann", "Kay"]
    night = [_act("Ann", "kill", "Kay"), _act("Dan", "kill", "Bob"), _act("Gil", "check", "Bob")]
    dead = [d["player"] for d in _clans({"night": night})["phases"][0]["deaths"]]
    assert dead == ["Kay"]


def test_sc2_kills_named_by_their_cause():
    """002's kills, each with its cause and death line: the Vigilante who shot a
    Citizen 'commit[s] suicide the following night', through a Doctor's heal; a
    Serial Killer jailed and not executed kills the Jailor ('releasing an SK ... SK
    kills Jailor'); the Godfather's order is carried out by the Mafioso, once; a doused
    player in jail burns ('jail' is pierced by the fire) (`kills_57/68/76/77/138/139`)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    guilt = sc2_sim(
        roster("vigilante", "mafioso", "doctor"),
        [
            {"night": []},
            quiet_day(),
            {"night": [_act("Ann", "kill", "Dan")]},
            quiet_day(),
            {"night": [_act("Cid", "heal", "Ann")]},
        ],
    )["phases"][4]
    assert guilt["deaths"] == [{"player": "Ann", "role": "vigilante", "by": ["suicide"]}]
    assert guilt["descriptions"] == {"Ann": "He/She apparently committed suicide."}

    jailed = sc2_sim(
        roster("jailor", "serial_killer", "mafioso"),
        [quiet_day([_act("Ann", "jail", "Bob")]), {"night": []}],
    )["phases"][1]
    assert jailed["deaths"] == [{"player": "Ann", "role": "jailor", "by": ["serial_killer"]}]
    assert jailed["descriptions"] == {"Ann": "He/She had multiple stab wounds."}

    ordered = sc2_sim(
        roster("godfather", "mafioso", "doctor"), [{"night": [_act("Ann", "kill", "Dan")]}]
    )["phases"][0]
    assert ordered["deaths"] == [{"player": "Dan", "role": "citizen", "by": ["mafioso"]}]

    fire = sc2_sim(
        roster("jailor", "arsonist", "mafioso"),
        [
            {"night": [_act("Bob", "douse", "Dan")]},
            quiet_day([_act("Ann", "jail", "Dan")]),
            {"night": [_act("Bob", "ignite")]},
        ],
    )["phases"][2]
    assert fire["deaths"] == [{"player": "Dan", "role": "citizen", "by": ["arsonist"]}]


def test_sc2_the_cult_converts_once_a_night_and_the_sequence_tells_heals_and_swaps():
    """sc2-reference 2.3 Cultist: the cult converts one player a night: of two Cultists'
    orders the first converts and the second does nothing (`convert_2/7/8/18-20`). The
    night sequence tells a swap and a heal, without names (`_swapped_5-7`,
    `_saved_5-7`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    night = [
        _act("Ann", "convert", "Fay"),
        _act("Bob", "convert", "Gus"),
        _act("Cid", "kill", "Hal"),
        _act("Dan", "heal", "Hal"),
        {"actor": "Eve", "targets": ["Ivy", "Jon"]},
    ]
    head = ("cultist", "cultist", "mafioso", "doctor", "bus_driver")
    out = sc2_sim(roster(*head), [{"night": night}], options={"night_type": "night_sequence"})
    record = out["phases"][0]
    assert out["roles"]["Fay"] == "cultist" and out["roles"]["Gus"] == "citizen"
    assert [r for r in record["results"] if r["kind"] == "convert"] == [
        {"to": "Ann", "kind": "convert", "target": "Fay", "value": "success"}
    ]
    assert record["events"] == [
        {
            "kind": "night_sequence",
            "lines": [
                "Two houses were swapped.",
                "Someone was attacked but nursed back to health.",
                "Someone joined the cult.",
            ],
        }
    ]


def test_ru_sport_the_catastrophe_rounds_question_and_refusal_in_both_languages():
    """003 ru_sport: 'Если на тот момент в игре четное количество игроков - голосование
    проходит на выбор "помиловать всех/казнить всех"', with an odd number 'из
    претендентов на повешение выбирается один'; every living player votes in the round.
    The question and the refusal name the round and its choices, in English and
    Russian (`ru_common._round_ballots_1-35`)."""
    from roles.messages.refusals import refusal_message
    from tests.engine.test_ru_sport import NAMES, TIE10, game, kills, play

    def said(reason):
        message = refusal_message(reason, "ru_sport")
        return str(reason), render(message, "en"), render(message, "ru")

    with pytest.raises(roles.PendingDecision) as even:
        roles.resolve_phase(game(first="day"), {"day": {"votes": TIE10}})
    assert said(even.value.reason) == (
        "the vote is tied: catastrophe round 1 is needed (execute / pardon)",
        "the vote is tied: catastrophe round 1 is needed (execute / pardon)",
        "Ничья на голосовании — катастрофа: казнить всех или помиловать всех (раунд катастрофы 1).",
    )
    state, _ = play(game(), {"night": kills("Jon", "Bob", "Cid", "Dan")})
    votes = [[n, "Eve"] for n in ["Ann", "Bob", "Cid", "Dan"]]
    votes += [[n, "Fay"] for n in ["Eve", "Gil", "Hal", "Ian"]]
    with pytest.raises(roles.PendingDecision) as odd:
        roles.resolve_phase(state, {"day": {"votes": votes}})
    assert (
        said(odd.value.reason)[0] == "the vote is tied: catastrophe round 1 is needed (Eve / Fay)"
    )
    assert said(odd.value.reason)[2] == (
        "Ничья на голосовании — катастрофа: выбор между Eve, Fay (раунд катастрофы 1)."
    )
    rounds = [[[n, "execute"] for n in NAMES[:6]]]
    with pytest.raises(roles.IllegalAction) as missing:
        roles.resolve_phase(game(first="day"), {"day": {"votes": TIE10, "rounds": rounds}})
    assert (
        said(missing.value.reason)[0] == "Gil: every living player votes in the catastrophe round 1"
    )
    assert said(missing.value.reason)[2] == (
        "Нет голоса игрока Gil: голосуют все живые игроки (раунд катастрофы 1)."
    )


def test_ru_classic_a_tie_by_each_rule_says_what_happened():
    """ru_classic's tie option (the document leaves a tie to the host): nobody, one drawn
    by lot, or the host's choice; the day's first event names the tied and the chosen,
    the host is asked by name and a choice outside the tie is refused, in English and
    Russian (`ru_common.settle_tie_6/9/23-27/37-58/74-99`)."""
    from roles.messages.refusals import refusal_message
    from tests.engine.test_ru_classic import game

    votes = {"votes": [["Ann", "Fay"], ["Bob", "Gil"]], "rounds": []}

    def first_event(tie, actions=()):
        state = game(first="day", options={"tie": tie})
        result = roles.resolve_phase(state, {"day": {**votes, "actions": list(actions)}})
        return result.record["events"][0]

    assert first_event("no_lynch") == {
        "kind": "no_lynch",
        "reason": "tie",
        "candidates": ["Fay", "Gil"],
    }
    drawn = first_event("random")
    assert drawn["kind"] == "tie_drawn" and drawn["candidates"] == ["Fay", "Gil"]
    assert drawn["chosen"] in ("Fay", "Gil")
    decided = first_event("gm", [_act("GM", "decide_tie", "Gil")])
    assert decided == {"kind": "tie_decided", "candidates": ["Fay", "Gil"], "chosen": "Gil"}

    state = game(first="day", options={"tie": "gm"})
    with pytest.raises(roles.PendingDecision) as asked:
        roles.resolve_phase(state, {"day": {**votes, "actions": []}})
    assert (
        asked.value.reason
        == "GM: the vote is tied between Fay, Gil; the host must decide (decide_tie)"
    )
    assert render(refusal_message(asked.value.reason, "ru_classic"), "ru") == (
        "Ничья на голосовании между Fay, Gil: решает ведущий."
    )
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(state, {"day": {**votes, "actions": [_act("GM", "decide_tie", "Kay")]}})
    assert refused.value.reason == "GM: decide_tie must name one of the tied players (Fay, Gil)"
    assert render(refusal_message(refused.value.reason, "ru_classic"), "ru") == (
        "Ведущий: Решая ничью, назовите одного из игроков, набравших поровну (Fay, Gil)."
    )


# -- sc2_night: the gaps named in session 31, session 32 --------------------------------


def _sc2_night_record(head, night, options=None, before=()):
    """One sc2 night's record (after the phases `before`, each a night or a day)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    out = sc2_sim(roster(*head), [*before, {"night": night}], options=options)
    return out["phases"][-1]


def test_sc2_a_spree_at_an_empty_house_spares_the_owner():
    """sc2-reference 2.3 Mass Murderer: 'Spree at target's house: kills everyone who
    visited the target; target dies only if "home" (did not target anyone)'. Cid is
    out checking Bob and nobody heals him: only his visitor dies (`_mass_murders_33`)."""
    record = _sc2_night_record(
        ("mass_murderer", "mafioso", "sheriff", "lookout"),
        [_act("Ann", "spree", "Cid"), _act("Cid", "check", "Bob"), _act("Dan", "watch", "Cid")],
    )
    assert [d["player"] for d in record["deaths"]] == ["Dan"]


def test_sc2_a_guarded_spree_leaves_the_other_mass_murderers_spree():
    """sc2-reference 2.3 Mass Murderer: 'A Bodyguard visiting the target saves everyone
    else there and kills the MM'. Ann's spree ends in the duel at Dan's; Bob's spree at
    Fay's, where Gus is visiting, still takes place (`_mass_murders_27`: the duel
    ended every later spree)."""
    record = _sc2_night_record(
        ("mass_murderer", "mass_murderer", "bodyguard", "citizen", "citizen", "citizen", "doctor"),
        [
            _act("Ann", "spree", "Dan"),
            _act("Cid", "guard", "Dan"),
            _act("Bob", "spree", "Fay"),
            _act("Gus", "heal", "Fay"),
        ],
    )
    assert [d["player"] for d in record["deaths"]] == ["Ann", "Cid", "Gus"]


def test_sc2_the_mass_murderers_cooldown_is_the_nights_between_sprees():
    """sc2-reference 2.3 Mass Murderer: '1 or 2 nights between sprees (D: Off) -
    cooldown only after >=2 kills'. With one night of cooldown, a spree of two kills on
    the first night forbids the second night's and allows the third's (`dawn_53`: one
    night too many)."""
    from tests.engine.test_sc2 import game, offered, play, quiet_day
    from tests.engine.test_sc2_options import roster

    state = game(
        roster("mass_murderer", "mafioso", "citizen", "lookout", "doctor"),
        {"mass_murderer_cooldown": 1},
    )
    night = [_act("Ann", "spree", "Cid"), _act("Dan", "watch", "Cid"), _act("Eve", "heal", "Cid")]
    state = play(state, {"night": night}, quiet_day())
    assert [p.name for p in state.players if not p.alive] == ["Dan", "Eve"]
    assert "spree" not in offered(state, "Ann")
    state = play(state, {"night": []}, quiet_day())
    assert "spree" in offered(state, "Ann")


def test_sc2_a_godfather_without_a_mafioso_kills_beside_the_other_killers():
    """sc2-reference 2.2 Godfather: with no Mafioso he kills himself (option
    `godfather_kills_without_mafioso`, on by default); 002: the killing roles act
    simultaneously, so the Serial Killer's kill stands beside his (`kills_120`: the
    Godfather's own kill lost; `kills_123`: the killers after him skipped)."""
    record = _sc2_night_record(
        ("godfather", "serial_killer"), [_act("Ann", "kill", "Cid"), _act("Bob", "kill", "Dan")]
    )
    assert [(d["player"], d["by"]) for d in record["deaths"]] == [
        ("Cid", ["godfather"]),
        ("Dan", ["serial_killer"]),
    ]


def test_sc2_the_jail_absorbs_a_block_on_its_prisoner():
    """sc2-notes 1: 'Jail (SC2 only): the prisoner is blocked and protected.' An Escort
    who blocks the jailed Serial Killer is not killed for it, and the prisoner is told
    only that he was jailed (`_on_block_28`: the block landed as well)."""
    from tests.engine.test_sc2 import quiet_day

    record = _sc2_night_record(
        ("jailor", "serial_killer", "escort"),
        [_act("Cid", "block", "Bob")],
        before=[{"night": []}, quiet_day([_act("Ann", "jail", "Bob")])],
    )
    assert record["deaths"] == []
    assert [r for r in record["results"] if r["to"] == "Bob"] == [{"to": "Bob", "kind": "jailed"}]


def test_sc2_only_the_arsonists_blocker_is_doused():
    """Port Arsonist `douse_blocker` (option `arsonist_douses_roleblockers`): 'a
    roleblocker who visits the Arsonist is doused'. An Escort who blocks a Citizen is
    not: the Arsonist's fire the next night burns only his own target
    (`_on_block_29`: every blocker doused)."""
    from tests.engine.test_sc2 import quiet_day

    record = _sc2_night_record(
        ("arsonist", "escort"),
        [_act("Ann", "ignite")],
        options={"arsonist_douses_roleblockers": True},
        before=[{"night": [_act("Bob", "block", "Cid"), _act("Ann", "douse", "Dan")]}, quiet_day()],
    )
    assert [d["player"] for d in record["deaths"]] == ["Dan"]


def test_sc2_the_coroner_learns_the_death_type_only_by_option():
    """sc2-reference 2.1 Coroner: 'Learn exact role of a dead player'; the death type is
    the option `coroner_discovers_death_type` (off by default): off, the autopsy tells
    the role only (`autopsy_36`)."""
    from tests.engine.test_sc2 import quiet_day

    record = _sc2_night_record(
        ("coroner", "mafioso"),
        [_act("Ann", "autopsy", "Cid")],
        before=[{"night": [_act("Bob", "kill", "Cid")]}, quiet_day()],
    )
    assert record["results"] == [
        {"to": "Ann", "kind": "check", "target": "Cid", "value": "citizen"}
    ]


def test_sc2_a_jailor_lynched_the_day_he_jails_holds_nobody():
    """sc2-notes 1: the jail is the Jailor's; a Jailor lynched the day he jails holds
    nobody that night: his prisoner is free to kill. (The day keeps the cell only when
    both live at its end, so the night's own check, `jail_17`, is a guard.)"""
    from tests.engine.test_sc2 import quiet_day

    votes = [[voter, "Ann"] for voter in ("Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")]
    day = quiet_day([_act("Ann", "jail", "Bob")])
    day["day"]["votes"] = votes
    record = _sc2_night_record(
        ("jailor", "mafioso"), [_act("Bob", "kill", "Cid")], before=[{"night": []}, day]
    )
    assert [d["player"] for d in record["deaths"]] == ["Cid"]
    assert not [r for r in record["results"] if r["kind"] == "jailed"]


def test_sc2_an_investigator_is_answered_under_the_name_he_chose():
    """sc2-reference 2.1 Bus Driver: 'Swap two players: all actions targeting one go to
    the other'. The Investigator who checks Cid while Cid and Dan are swapped learns
    Dan's group, told as the answer about Cid, the name he chose (`investigate_4`)."""
    record = _sc2_night_record(
        ("investigator", "bus_driver", "citizen", "mafioso"),
        [_act("Bob", "transport", "Cid", "Dan"), _act("Ann", "check", "Cid")],
        options={"investigator_results": "exact"},
    )
    assert [r for r in record["results"] if r["to"] == "Ann"] == [
        {"to": "Ann", "kind": "check", "target": "Cid", "value": "mafioso"}
    ]


# -- ru_common's catastrophe: runtime survivors, session 32 -----------------------------


def test_ru_sport_no_catastrophe_with_four_players_names_the_tied_and_takes_no_round():
    """003 sport: 'Катастрофу нельзя делать, если в игре осталось 4 игрока.' The day
    says the tie left nobody eliminated and names the tied; a catastrophe round given
    anyway is refused (`catastrophe_16-25`: the event's fields; `_31`: one round let
    through)."""
    from tests.engine.test_ru_sport import game, play

    four = [
        {"name": n, "role": r}
        for n, r in zip(
            ["Ann", "Bob", "Eve", "Fay"], ["commissar", "don", "civilian", "civilian"], strict=True
        )
    ]
    state = game(first="day", players=four)
    votes = [["Ann", "Bob"], ["Eve", "Bob"], ["Bob", "Eve"], ["Fay", "Eve"]]
    _, (record,) = play(state, {"day": {"votes": votes}})
    assert record["events"][0] == {
        "kind": "no_lynch",
        "reason": "tie",
        "candidates": ["Bob", "Eve"],
    }
    assert record["lynched"] == []
    one_round = [[voter, "execute"] for voter in ("Ann", "Bob", "Eve", "Fay")]
    with pytest.raises(roles.IllegalAction) as refused:
        play(state, {"day": {"votes": votes, "rounds": [one_round]}})
    assert str(refused.value.reason) == "round 1 was given but the vote called for no more rounds"


def test_ru_sport_an_even_catastrophe_names_the_tied_and_takes_one_round():
    """003 sport: with an even number of players the round is 'помиловать всех/казнить
    всех'. The verdict's event names the tied either way, and a second round is refused
    (`catastrophe_87/89/95/97`: the candidates left out; `_84`: two rounds let
    through)."""
    from tests.engine.test_ru_sport import NAMES, TIE10, game, play

    for execute, kind in ((6, "catastrophe_execute"), (4, "catastrophe_pardon")):
        ballots = [[n, "execute" if i < execute else "pardon"] for i, n in enumerate(NAMES)]
        _, (record,) = play(game(first="day"), {"day": {"votes": TIE10, "rounds": [ballots]}})
        assert record["events"][:2] == [
            {"kind": "catastrophe", "candidates": ["Eve", "Fay"]},
            {"kind": kind, "candidates": ["Eve", "Fay"]},
        ]
        with pytest.raises(roles.IllegalAction) as refused:
            play(game(first="day"), {"day": {"votes": TIE10, "rounds": [ballots, ballots]}})
        assert str(refused.value.reason) == (
            "round 2 was given but the vote called for no more rounds"
        )


def test_ru_sport_an_odd_catastrophes_rounds_are_kept_and_limited_like_the_vote():
    """003 sport: with an odd number 'из претендентов на повешение выбирается один', and
    'Переголосовывать можно только 1 раз' holds in each round. The record keeps each
    round's count; a second change is refused naming the round; a ballot outside the
    tied is refused naming the round (`catastrophe_112/125/130/131`,
    `limit_vote_changes_13/14/22/26`, `_round_ballots_44/55/58`)."""
    from tests.engine.test_ru_sport import NAMES, game, kills, play

    state, _ = play(game(), {"night": kills("Jon", "Bob", "Cid", "Dan")})
    voters = NAMES[:9]
    votes = [[n, ("Eve", "Fay", "Gil")[i % 3]] for i, n in enumerate(voters)]
    narrowing = [[n, "Eve" if i < 4 else "Fay" if i < 8 else "Gil"] for i, n in enumerate(voters)]
    final = [[n, "Eve" if i < 4 else "Fay"] for i, n in enumerate(voters)]
    _, (record,) = play(state, {"day": {"votes": votes, "rounds": [narrowing, final]}})
    assert record["rounds"] == [{"Eve": 4, "Fay": 4, "Gil": 1}, {"Eve": 4, "Fay": 5}]
    assert record["lynched"] == ["Fay"]
    changed_twice = final + [["Ann", "Fay"], ["Ann", "Eve"]]
    with pytest.raises(roles.IllegalAction) as twice:
        play(state, {"day": {"votes": votes, "rounds": [narrowing, changed_twice]}})
    assert str(twice.value.reason) == "Ann: a vote may be changed only once (catastrophe round 2)"
    with pytest.raises(roles.IllegalAction) as outside:
        play(state, {"day": {"votes": votes, "rounds": [narrowing, final + [["Ann", "Gil"]]]}})
    assert str(outside.value.reason) == "Ann: the catastrophe round 2 is a choice of Eve, Fay"


# -- ru_common: runtime survivors read in session 32 ------------------------------------


def test_two_clans_the_bodyguards_blow_is_announced_by_its_cause():
    """ru_two_clans: the bodyguard 'убивает одного из покушающихся убийц'; every death is
    announced with its cause, and a cause outside the announced list (the bodyguard's
    blow) keeps its own name (`cause_events_14/15/16`: announced as nothing)."""
    night = {"night": [_act("Ian", "guard", "Kay"), _act("Ann", "kill", "Kay")]}
    record = _clans(night)["phases"][0]
    assert {"kind": "death_cause", "player": "Ann", "cause": "bodyguard"} in record["events"]


def test_ru_sport_a_vote_for_a_stranger_or_the_dead_is_refused_by_name():
    """A vote names a living player (the vote rule of every Russian ruleset): a name
    not in the game, or not a name at all, and a dead player are refused, naming the
    one voted for (`check_vote_8/12-17/21/23`)."""
    from tests.engine.test_ru_sport import game, kills, play

    state, _ = play(game(), {"night": kills("Eve", "Bob", "Cid", "Dan")})
    refusals = []
    for target in ("Zed", 7, "Eve"):
        with pytest.raises(roles.IllegalAction) as refused:
            roles.resolve_phase(state, {"day": {"votes": [["Ann", target]]}})
        refusals.append(str(refused.value.reason))
    assert refusals == [
        "Ann: unknown player 'Zed'",
        "Ann: unknown player 7",
        "Ann: cannot vote for Eve: Eve is dead",
    ]


def test_ru_sport_the_hosts_modkill_of_a_stranger_or_the_dead_is_refused_by_name():
    """The host's modkill names a living player: a stranger and the dead are refused,
    the refusal naming the host and the player (`gm_modkills_16/18/23/26/41/44`)."""
    from tests.engine.test_ru_sport import game, kills, play

    state, _ = play(game(), {"night": kills("Eve", "Bob", "Cid", "Dan")})
    refusals = []
    for target in ("Zed", "Eve"):
        day = {"day": {"votes": [], "actions": [_act("GM", "modkill", target)]}}
        with pytest.raises(roles.IllegalAction) as refused:
            roles.resolve_phase(state, day)
        refusals.append(str(refused.value.reason))
    assert refusals == ["GM: unknown player 'Zed'", "GM: Eve is dead"]


def test_ru_classic_a_fast_close_is_a_days_and_never_a_finished_games():
    """003 classic: 'Для закрытия игрового дня фастом нужны голос и фаст всех "живых"
    игроков, кроме голосуемого.' A day's close: never at night, even with every ballot
    fast, nor once the game is over (`fast_close_allowed_3`)."""
    from tests.engine.test_ru_classic import game

    ruleset = roles.get_ruleset("ru_classic")
    from tests.engine.test_ru_classic import NAMES

    state = roles.resolve_phase(game(), {"night": []}).state
    lynch = {"day": {"votes": [[n, "Lou"] for n in NAMES]}}
    state = roles.resolve_phase(state, lynch).state
    assert (state.phase_kind, state.phase_number) == ("night", 2)
    names = state.alive_names()
    ballots = {n: names[0] for n in names[1:]}
    assert not ruleset.fast_close(state, ballots, set(ballots))
    state = roles.resolve_phase(state, {"night": []}).state
    assert ruleset.fast_close(state, ballots, set(ballots))
    state.ended = True
    assert not ruleset.fast_close(state, ballots, set(ballots))


def test_ru_hunt_a_hunter_modkilled_that_night_does_not_hunt():
    """003 hunt: the host's modkill 'The player dies at once: his later moves of the
    phase are void' -- his hunt request too, though the hunt is the night's first step
    (`draw_and_resolve_hunt_4`: the dead hunter's request drawn)."""
    from tests.engine.test_ru_hunt import TIE_DAY, game, hunt, play

    night = [_act("GM", "modkill", "Fay"), hunt("Fay", "Bob", "mafia")]
    _, records = play(game(first="day"), TIE_DAY, {"night": night})
    assert records[-1]["deaths"] == [{"player": "Fay", "role": "civilian", "by": ["modkill"]}]


def test_ru_sport_the_last_mafioso_beside_the_last_civilian_wins():
    """003 sport: the mafia wins when it equals the civilians in number, one against one
    included (`mafia_parity_7`: parity only with two mafiosi or more)."""
    from tests.engine.test_ru_sport import game, kills, play

    four = [
        {"name": n, "role": r}
        for n, r in zip(
            ["Ann", "Bob", "Eve", "Fay"], ["commissar", "don", "civilian", "civilian"], strict=True
        )
    ]
    state, _ = play(
        game(players=four),
        {"night": kills("Eve", "Bob")},
        {"day": {"votes": [["Ann", "Fay"], ["Bob", "Fay"], ["Fay", "Bob"]]}},
    )
    assert state.ended and state.winners == ["Bob"]


def test_ru_classic_a_member_modkilled_that_night_has_no_say_in_the_kill():
    """003 classic: the mafia's kill is the target most of its members name; a member
    the host modkills that night 'dies at once: his later moves of the phase are void'
    (`_plurality_kill_2/5`: his vote kept, which would tie the kill and leave it to the
    lot)."""
    from tests.engine.test_ru_classic import game

    night = [_act("GM", "modkill", "Cid"), _act("Bob", "kill", "Jon"), _act("Cid", "kill", "Kay")]
    for seed in range(8):
        record = roles.resolve_phase(game(seed=seed), {"night": night}).record
        assert [d["player"] for d in record["deaths"]] == ["Cid", "Jon"]


def test_russian_headlines_count_the_victims():
    """003 classic: 'В случает успешного лечения доктора просто указывается, что жертв
    больше нет'; otherwise the morning post counts the victims, one in the singular
    (`headline_7`)."""
    from roles.rulesets import ru_common

    assert [ru_common.headline(n) for n in (0, 1, 2, 3)] == [
        "There are no victims tonight.",
        "One player was killed tonight.",
        "2 players were killed tonight.",
        "3 players were killed tonight.",
    ]


# -- townston: runtime survivors, session 32 --------------------------------------------


def _refusal(state, action):
    """The engine's refusal of `action` now, in English."""
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(state, action)
    return str(refused.value.reason)


def _townston_vote_refusal(state, voter, target):
    from tests.engine.test_townston import day

    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(state, day((voter, target)))
    return str(refused.value.reason)


def test_townston_each_refusal_names_who_and_whom():
    """001 (Townston): each limit a card states is refused in words naming the player
    and the target: 'a mafia member cannot kill fellow mafia'; the Mad Hatter's 'two
    bombs in circulation', a bomb planted once on a player and detonated only where it
    is; a horse head once per player; the Godfather's favor 'once per game'; an offer
    answered only when made; a player in hiding does not vote; there is no pass vote,
    and a vote names a living player (`_no_fellow_mafia_6-10`, `_may_plant_4/6`,
    `_may_detonate_5/7`, `_plant_target_5-9`, `_detonate_target_5-9`,
    `_horse_head_target_6/8`, `_may_call_favor_5/7`, `_may_answer_11/13`,
    `_vote_check_6-31`)."""
    from tests.engine.test_townston import act, day, night, play, players

    first = night(
        act("Ivy", "plant", "Ann"), act("Fay", "horse_head", "Dan"), act("Bob", "kill", "Lou")
    )
    day_1 = play([first])
    night_2 = play([first, day()])
    night_3 = play([first, day(), night(act("Ivy", "plant", "Cid")), day()])
    start = play([])
    assert [
        _refusal(start, act("Bob", "kill", "Fay")),
        _refusal(start, act("Ivy", "detonate", "Ann")),
        _refusal(night_2, act("Ivy", "plant", "Ann")),
        _refusal(night_2, act("Ivy", "detonate", "Cid")),
        _refusal(night_3, act("Ivy", "plant", "Gil")),
        _refusal(night_2, act("Fay", "horse_head", "Dan")),
        _refusal(day_1, act("Ann", "accept")),
    ] == [
        "Bob is mafia and cannot kill fellow mafia (Fay)",
        "Ivy has no bomb in circulation",
        "Ann already carries a bomb of Ivy's",
        "Cid carries no bomb of Ivy's",
        "Ivy already has two bombs in circulation",
        "Dan has already been sent a horse head",
        "Ann has no offer to answer",
    ]
    assert [
        _townston_vote_refusal(day_1, "Dan", "Ann"),
        _townston_vote_refusal(day_1, "Ann", "pass"),
        _townston_vote_refusal(day_1, "Ann", "Zed"),
        _townston_vote_refusal(day_1, "Ann", "Lou"),
    ] == [
        "Dan: Dan is in hiding (horse head) and cannot vote",
        "Ann: townston has no pass vote",
        "Ann: unknown player 'Zed'",
        "Ann: cannot vote for Lou: Lou is dead",
    ]
    state = roles.new_game("townston", players(), 1, {}, "day")
    used = roles.resolve_phase(state, day(("Ann", "Bob"), actions=[act("Fay", None)])).state
    used = roles.resolve_phase(used, night()).state
    assert _refusal(used, act("Fay", "cancel_lynch")) == ("Fay has already called in his favor")


def test_townston_the_paramedics_refusals_say_why():
    """001 Paramedic: 'This power can ONLY be used on a player who died during
    yesterday's lynching complications or the previous night ... This power does not
    work on people who were properly lynched.' Each refusal says which rule stops it:
    lynched, a day death that was not the street conflict (a modkill), too old -- a
    street conflict's dead two days on included (`_revivable_18-30/42/57-66`)."""
    from tests.engine.test_townston import act, day, night, play

    lynch = day(*[(n, "Dan") for n in ("Ann", "Bob", "Cid", "Eve", "Fay", "Gil", "Hal")])
    lynched = play([night(), lynch, night()])
    modkilled = roles.modkill(play([night()]), "Dan").state
    modkilled = roles.resolve_phase(modkilled, day()).state
    modkilled = roles.resolve_phase(modkilled, night()).state
    conflict = day(("Ann", "Dan"), ("Cid", "Dan"), ("Bob", "Gil"), ("Fay", "Gil"))
    old = play([night(act("Hal", None, "Lou")), conflict, night(), day(), night()])
    assert old.phase_label == "day 3" and not old.player("Bob").alive
    assert [
        _refusal(lynched, act("Jon", "revive", "Dan")),
        _refusal(modkilled, act("Jon", "revive", "Dan")),
        _refusal(old, act("Jon", "revive", "Bob")),
        _refusal(old, act("Jon", "revive", "Lou")),
    ] == [
        "Dan was properly lynched and cannot be revived",
        "Dan did not die in yesterday's street conflict",
        "Bob's corpse is older than two turns",
        "Lou's corpse is older than two turns",
    ]


def test_townston_the_days_vote_on_record():
    """001 Lynch mobs: the mob with the most votes lynches ('lynch' is the cause); a
    tie is a street conflict; the Godfather's 'Call in a favor' cancels either, named
    in the day's event; a suspect in hiding escapes the lynch (`stage_vote_19/20/45/47/
    64-69/74/77/78`)."""
    from tests.engine.test_townston import act, day, night, simulate

    favor = act("Fay", "cancel_lynch")
    cancelled = simulate([day(("Ann", "Bob"), ("Cid", "Bob"), ("Dan", "Gil"), actions=[favor])])
    assert cancelled["phases"][0]["tally"] == {"Bob": 2, "Gil": 1}
    assert cancelled["phases"][0]["events"] == [{"kind": "lynch_cancelled", "suspects": ["Bob"]}]
    tied = simulate([day(("Ann", "Bob"), ("Dan", "Gil"), actions=[favor])])
    assert tied["phases"][0]["events"] == [
        {"kind": "conflict_prevented", "suspects": ["Bob", "Gil"]}
    ]
    hidden = simulate(
        [
            night(act("Fay", "horse_head", "Dan")),
            day(("Ann", "Dan"), ("Cid", "Dan"), ("Bob", "Gil")),
        ]
    )
    assert hidden["phases"][1]["events"] == [{"kind": "lynch_failed", "player": "Dan"}]
    assert hidden["phases"][1]["lynched"] == []
    lynched = simulate([day(("Ann", "Dan"), ("Cid", "Dan"), ("Bob", "Gil"))])
    assert lynched["phases"][0]["deaths"] == [{"player": "Dan", "role": "townie", "by": ["lynch"]}]


def test_townston_a_second_killer_of_the_dying_is_a_culprit_too():
    """001 Detective, Who dun it?: 'whether a player committed a given crime'. Two killers
    of one victim in one night both committed the murder: both causes are on record and
    each is answered yes (`_hit_5/6/11`)."""
    from tests.engine.test_townston import act, day, night, simulate

    out = simulate(
        [
            night(act("Bob", "kill", "Lou"), act("Hal", None, "Lou")),
            day(),
            night(act("Eve", "crime", "Bob", crime="Lou")),
            day(actions=[act("Eve", "crime", "Hal", crime="Lou")]),
        ]
    )
    assert out["phases"][0]["deaths"] == [
        {"player": "Lou", "role": "townie", "by": ["hitman", "vigilante"]}
    ]
    answers = [r["value"] for phase in out["phases"][2:] for r in phase["results"]]
    assert answers == ["yes", "yes"]


def test_townston_a_horse_head_hides_the_next_day_whatever_came_first():
    """001 Godfather, Send him a message: 'in hiding for the next day and night cycle'
    -- the day after the night he got it, counted right in a game that began by day and
    on a later night (`_next_day_and_night_3/6/7/8`)."""
    from tests.engine.test_townston import act, day, night, play, players

    by_day = roles.new_game("townston", players(), 1, {}, "day")
    for phase in (day(), night(act("Fay", "horse_head", "Dan"))):
        by_day = roles.resolve_phase(by_day, phase).state
    later = play([night(), day(), night(act("Fay", "horse_head", "Dan"))])
    for state in (by_day, later):
        assert state.phase_label == "day 2"
        assert _townston_vote_refusal(state, "Dan", "Ann") == (
            "Dan: Dan is in hiding (horse head) and cannot vote"
        )


@pytest.mark.parametrize("seed", range(4))
def test_townston_a_clue_names_only_the_living(seed):
    """001 Mad Hatter: 'Every time he detonates a bomb, a clue is given about his
    identity': the clue names the culprit among living players, never the dead
    (`_announce_with_clue_6`)."""
    from tests.engine.test_townston import act, day, night, simulate

    pairs = [("Ann", "townie"), ("Bob", "hitman"), ("Cid", "townie"), ("Dan", "townie"),
             ("Eve", "townie"), ("Gil", "townie"), ("Ivy", "mad_hatter")]  # fmt: skip
    lynch = day(*[(n, "Dan") for n in ("Ann", "Bob", "Eve", "Gil")])
    out = simulate(
        [
            night(act("Ivy", "plant", "Ann"), act("Bob", "kill", "Cid")),
            lynch,
            night(act("Ivy", "detonate", "Ann")),
        ],
        pairs=pairs,
        seed=seed,
        options={"clue_size": 5},
    )
    clue = out["phases"][2]["events"][1]
    assert clue["kind"] == "clue" and clue["suspects"] == ["Ann", "Bob", "Eve", "Gil", "Ivy"]


@pytest.mark.parametrize("seed", range(6))
def test_townston_a_protected_voter_is_never_the_mobs_casualty(seed):
    """001 Lynching complications: 'ONE player of EACH side will die. A randomizer will
    determine the casualties' -- among those who can be hit: the Godfather behind the
    curtains and a Bodyguard's ward are not drawn (`_street_conflict_12`)."""
    from tests.engine.test_townston import act, day, night, simulate

    votes = [("Ann", "Dan"), ("Bob", "Dan"), ("Fay", "Gil"), ("Lou", "Gil")]
    out = simulate([night(act("Cid", "protect", "Ann")), day(*votes)], seed=seed)
    assert sorted(d["player"] for d in out["phases"][1]["deaths"]) == ["Bob", "Lou"]


def test_townston_a_bodyguard_intercepts_one_bomb_and_the_other_goes_off():
    """001 Bodyguard: 'bombs planted on him are intercepted'; the guard is told which
    ward's bomb he took, the Mad Hatter that his bomb is gone, and another Mad Hatter's
    detonation that night still goes off (`stage_bombs_18-24/38`)."""
    from tests.engine.test_townston import act, day, night, simulate

    pairs = [("Ann", "townie"), ("Bob", "mad_hatter"), ("Cid", "bodyguard"), ("Dan", "townie"),
             ("Eve", "mad_hatter"), ("Fay", "townie"), ("Gil", "hitman")]  # fmt: skip
    second = night(
        act("Cid", "protect", "Ann"), act("Bob", "detonate", "Ann"), act("Eve", "detonate", "Dan")
    )
    out = simulate(
        [night(act("Bob", "plant", "Ann"), act("Eve", "plant", "Dan")), day(), second],
        pairs=pairs,
    )
    record = out["phases"][2]
    assert record["deaths"] == [{"player": "Dan", "role": "townie", "by": ["bomb"]}]
    assert record["results"] == [
        {"to": "Bob", "kind": "intercepted", "target": "Ann"},
        {"to": "Cid", "kind": "intercepted", "target": "Ann"},
    ]


def test_townston_an_answered_offer_is_told_to_both():
    """001 Godfather, Welcome to the family: the offered player answers the next day;
    both learn the answer, each naming the other (`stage_answers_48/52`)."""
    from tests.engine.test_townston import act, day, night, simulate

    out = simulate([night(act("Fay", "recruit", "Ann")), day(actions=[act("Ann", "accept")])])
    assert out["phases"][1]["results"] == [
        {"to": "Ann", "kind": "recruit", "target": "Fay", "value": "accepted"},
        {"to": "Fay", "kind": "recruit", "target": "Ann", "value": "accepted"},
    ]


def test_townston_every_paramedics_revive_counts_beside_other_day_moves():
    """001 Paramedic: 'No wait! He's still breathing!' Two Paramedics on one patient
    revive him once; a third on another patient, and a Detective's day check before
    them, do not stop any revive; each Paramedic who revived is told whom
    (`stage_revive_4/7/30/33`)."""
    from tests.engine.test_townston import act, day, night, simulate

    pairs = [("Ann", "paramedic"), ("Bob", "paramedic"), ("Cid", "paramedic"), ("Dan", "hitman"),
             ("Eve", "vigilante"), ("Fay", "townie"), ("Gil", "townie"), ("Hal", "detective"),
             ("Ivy", "townie")]  # fmt: skip
    moves = [
        act("Hal", "check", "Dan"),
        act("Ann", "revive", "Fay"),
        act("Bob", "revive", "Fay"),
        act("Cid", "revive", "Gil"),
    ]
    out = simulate(
        [night(act("Dan", "kill", "Fay"), act("Eve", "kill", "Gil")), day(actions=moves)],
        pairs=pairs,
    )
    assert [r for r in out["phases"][1]["results"] if r["kind"] == "revived"] == [
        {"to": "Ann", "kind": "revived", "target": "Fay"},
        {"to": "Cid", "kind": "revived", "target": "Gil"},
    ]
    assert out["alive"] == [name for name, _ in pairs]


def test_townston_each_detectives_infiltration_is_answered():
    """001 Detective, What's going on here?: 'Vote with a mob and learn ... how many
    criminals voted for its suspect'. One Detective's day check and another's failed
    infiltration (he voted elsewhere) do not stop a third's answer (`_infiltrations_4/16`)."""
    from tests.engine.test_townston import act, day, simulate

    pairs = [("Ann", "detective"), ("Bob", "detective"), ("Cid", "hitman"), ("Dan", "townie"),
             ("Eve", "townie"), ("Fay", "townie"), ("Gil", "detective")]  # fmt: skip
    votes = [("Cid", "Eve"), ("Ann", "Dan"), ("Bob", "Eve"), ("Gil", "Eve"), ("Dan", "Eve")]
    moves = [
        act("Ann", "check", "Cid"),
        act("Bob", "infiltrate", "Dan"),
        act("Gil", "infiltrate", "Eve"),
    ]
    out = simulate([day(*votes, actions=moves)], pairs=pairs)
    assert out["phases"][0]["results"] == [
        {"to": "Ann", "kind": "check", "target": "Cid", "value": "criminal"},
        {"to": "Bob", "kind": "infiltrate_failed", "target": "Dan"},
        {"to": "Gil", "kind": "infiltrate", "target": "Eve", "value": 1},
    ]


def test_townston_the_paranoid_shoots_a_standing_guard_first():
    """001 Paranoid: 'kill the first player who targets you in any way'; Bodyguard: 'you
    will continuously protect him unless you change your mind' -- a standing guard
    targets his ward every night, before any move posted that night. Night 1 the
    Vigilante's shot was posted before the guard's and is first; night 2 the guard
    stands and is first (`_visits_in_order_3-15`)."""
    from tests.engine.test_townston import act, day, night, simulate

    pairs = [("Ann", "townie"), ("Bob", "hitman"), ("Cid", "bodyguard"), ("Dan", "townie"),
             ("Kim", "paranoid"), ("Hal", "vigilante"), ("Eve", "detective")]  # fmt: skip
    out = simulate(
        [
            night(act("Hal", "kill", "Kim"), act("Cid", "protect", "Kim")),
            day(),
            night(act("Bob", "kill", "Kim")),
        ],
        pairs=pairs,
    )
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Hal"]
    assert [d["player"] for d in out["phases"][2]["deaths"]] == ["Cid"]


def test_townston_a_dead_mad_hatters_bombs_go_off_or_are_found():
    """001 Mad Hatter: when he dies his bombs in circulation all go off (a bomb on a body
    killed otherwise is found); the other Mad Hatter's bombs stay. The bomb's victim
    is on record as the Mad Hatter's crime (`stage_fallout_7/14/15/20/21/25-33`)."""
    from tests.engine.test_townston import act, day, night, offered, play, simulate

    pairs = [("Ann", "mad_hatter"), ("Bob", "mad_hatter"), ("Cid", "townie"), ("Dan", "townie"),
             ("Hal", "vigilante"), ("Eve", "detective"), ("Gil", "psychopath"),
             ("Ivy", "townie")]  # fmt: skip
    planted = [night(act("Ann", "plant", "Cid"), act("Bob", "plant", "Dan")), day()]
    shot = night(act("Hal", "kill", "Bob"))
    out = simulate([*planted, shot], pairs=pairs)
    assert [(d["player"], d["by"]) for d in out["phases"][2]["deaths"]] == [
        ("Bob", ["vigilante"]),
        ("Dan", ["bomb"]),
    ]
    assert offered(play([*planted, shot], pairs=pairs), "Eve")["crime"].extra == {
        "crime": ["Bob", "Dan"]
    }
    both = night(act("Hal", "kill", "Bob"), act("Gil", "kill", "Dan"))
    events = simulate([*planted, both], pairs=pairs)["phases"][2]["events"]
    assert [e for e in events if e["kind"] != "clue"] == [{"kind": "bomb_found", "player": "Dan"}]


def test_townston_a_detective_killed_tonight_does_not_stop_anothers_check():
    """001: the Detective investigates 'by night after the kills': one killed that night
    learns nothing, and another's check is still answered (`stage_investigate_7`)."""
    from tests.engine.test_townston import act, night, simulate

    pairs = [("Ann", "detective"), ("Bob", "hitman"), ("Cid", "detective"), ("Dan", "townie"),
             ("Eve", "townie"), ("Fay", "townie")]  # fmt: skip
    moves = night(act("Ann", "check", "Bob"), act("Bob", "kill", "Ann"), act("Cid", "check", "Bob"))
    assert simulate([moves], pairs=pairs)["phases"][0]["results"] == [
        {"to": "Cid", "kind": "check", "target": "Bob", "value": "criminal"}
    ]


def test_townston_a_player_in_hiding_is_told_why_he_cannot_act():
    """001 Godfather, Send him a message: 'in hiding for the next day and night cycle'
    -- no power meanwhile, and the refusal names him (`_able_6/8`)."""
    from tests.engine.test_townston import act, day, night, play

    state = play([night(act("Fay", "horse_head", "Hal")), day()])
    assert _refusal(state, act("Hal", "kill", "Ann")) == (
        "Hal is in hiding (horse head) and cannot act"
    )


@pytest.mark.parametrize("seed", range(4))
def test_townston_the_gm_draws_only_for_an_idle_psychopath(seed):
    """001 Psychopath: 'Each night you must kill someone' (option psychopath_idle =
    random: the GM draws the victim of one who sends nothing). One who acts kills only
    his own victim; one in hiding is skipped without stopping the draw for another
    idle Psychopath, whose victim is his crime (`_psychopath_never_idles_8-11/23/40`)."""
    from tests.engine.test_townston import PSYCHO, act, day, night, play, simulate

    random = {"psychopath_idle": "random"}
    acted = simulate([night(act("Psy", "kill", "Ann"))], pairs=PSYCHO, seed=seed, options=random)
    assert acted["phases"][0]["deaths"] == [
        {"player": "Ann", "role": "townie", "by": ["psychopath"]}
    ]
    pairs = [("Ann", "townie"), ("Pat", "psychopath"), ("Psy", "psychopath"),
             ("Fay", "godfather"), ("Dan", "townie"), ("Eve", "detective"), ("Lou", "townie"),
             ("Kay", "townie")]  # fmt: skip
    first = night(
        act("Fay", "horse_head", "Pat"), act("Pat", "kill", "Lou"), act("Psy", "kill", "Ann")
    )
    phases = [first, day(), night()]
    out = simulate(phases, pairs=pairs, seed=seed, options=random)
    (death,) = out["phases"][2]["deaths"]
    assert death["by"] == ["psychopath"]
    state = play(phases, pairs=pairs, seed=seed, options=random)
    assert state.phase_label == "day 2"
    # The ledger Who dun it? reads: the drawn victim is the idle Psychopath's crime.
    assert state.memory["crimes"][death["player"]] == ["Psy"]


def test_townston_three_days_of_peace_count_from_the_last_death_and_pick_the_winner():
    """002 Three Days of Peace (an option of this ruleset, on by default): 'three days
    and three nights without a death' end the game -- counted from the last death --
    won by the Psychopaths if they are at least as many as each side, else the mafia
    if at least as many as the town, else the town (`win_check_6/89-105`)."""
    from tests.engine.test_townston import act, day, night, simulate

    pairs = [("Ann", "townie"), ("Bob", "hitman"), ("Cid", "townie"), ("Dan", "townie"),
             ("Eve", "townie")]  # fmt: skip
    death = night(act("Bob", "kill", "Eve"))
    five = simulate([death, day(), night(), day(), night(), day()], pairs=pairs)
    assert five["ended"] is False
    six = simulate([death, day(), night(), day(), night(), day(), night()], pairs=pairs)
    assert six["ended"] is True and six["winners"] == ["Ann", "Cid", "Dan", "Eve"]
    quiet = [night(), day(), night(), day(), night(), day()]
    for seats, winners in (
        ([("Ann", "townie"), ("Psy", "psychopath"), ("Bob", "hitman")], ["Psy"]),
        ([("Ann", "townie"), ("Cid", "townie"), ("Psy", "psychopath"), ("Bob", "hitman")],
         ["Ann", "Cid"]),
        ([("Ann", "townie"), ("Psy", "psychopath"), ("Bob", "hitman"), ("Fay", "godfather")],
         ["Bob", "Fay"]),
        ([("Ann", "townie"), ("Cid", "townie"), ("Bob", "hitman"), ("Fay", "godfather")],
         ["Bob", "Fay"]),
    ):  # fmt: skip
        out = simulate(quiet, pairs=seats)
        assert (out["ended"], out["winners"]) == (True, winners)


def test_townston_one_against_one_at_night_and_nobody_left():
    """002 (one versus one at night): 'Serial Killer, then Mafia, then Town' -- the
    mafia wins as a side (its dead included), a Psychopath wins alone (another, dead
    Psychopath does not); when nobody is left alive, nobody wins
    (`win_check_20-23/75-77`)."""
    from tests.engine.test_townston import act, day, night, simulate

    mafia = [("Ann", "townie"), ("Bob", "hitman"), ("Cid", "townie"), ("Fay", "godfather"),
             ("Dan", "townie")]  # fmt: skip
    lynch = day(*[(n, "Fay") for n in ("Bob", "Cid", "Dan")])
    out = simulate([night(act("Bob", "kill", "Ann")), lynch, night(act("Bob", "kill", "Cid"))],
                   pairs=mafia)  # fmt: skip
    assert (out["ended"], out["winners"]) == (True, ["Bob", "Fay"])
    loners = [("Ann", "townie"), ("Pat", "psychopath"), ("Psy", "psychopath"), ("Cid", "townie"),
              ("Dan", "townie")]  # fmt: skip
    lynch = day(*[(n, "Pat") for n in ("Psy", "Cid", "Dan")])
    out = simulate([night(act("Psy", "kill", "Ann")), lynch, night(act("Psy", "kill", "Cid"))],
                   pairs=loners)  # fmt: skip
    assert (out["ended"], out["winners"]) == (True, ["Psy"])
    everyone = [("Hal", "vigilante"), ("Psy", "psychopath"), ("Bob", "hitman")]
    shots = night(act("Hal", "kill", "Psy"), act("Psy", "kill", "Bob"), act("Bob", "kill", "Hal"))
    out = simulate([shots], pairs=everyone)
    assert (out["ended"], out["winners"], out["alive"]) == (True, [], [])


def test_sc2_a_day_crime_joins_the_crimes_already_committed():
    """sc2-reference 2.4 (option `investigator_results: crimes`): crimes are earned by
    actions and kept. The Jailor's second jailing (kidnapping, by day) keeps the murder
    of his execution in his ledger (`sc2_day._crime_7/11/12`: the ledger restarted)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    phases = [
        {"night": []},
        quiet_day([_act("Ann", "jail", "Bob")]),
        {"night": [_act("Ann", "execute")]},
        quiet_day([_act("Ann", "jail", "Cid")]),
        {"night": [_act("Dan", "check", "Ann")]},
    ]
    out = sc2_sim(
        roster("jailor", "mafioso", "citizen", "investigator", "mafioso"),
        phases,
        options={"investigator_results": "crimes"},
    )
    assert out["phases"][4]["results"][-1] == {
        "to": "Dan",
        "kind": "crimes",
        "target": "Ann",
        "value": ["kidnapping", "murder"],
    }


@pytest.mark.parametrize("lynched", ["Ann", "Bob"])
def test_sc2_a_jail_whose_jailor_or_prisoner_is_lynched_stays_empty(lynched):
    """sc2-reference 2.1 Jailor: the prisoner is held the night after the day he was
    chosen; if that day's lynch takes the Jailor or the prisoner, the day says the jail
    stays empty, also where the host lets him jail after a lynch (option
    `jail_requires_no_lynch` off) (`sc2_day.after_day_23/25`: the cell kept)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    day = quiet_day([_act("Ann", "jail", "Bob")])
    voters = ("Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
    day["day"]["votes"] = [[voter, lynched] for voter in voters]
    options = {"jail_requires_no_lynch": False}  # else any lynch empties the jail
    out = sc2_sim(roster("jailor", "mafioso", "godfather"), [{"night": []}, day], options)
    assert out["phases"][1]["lynched"] == [lynched]
    assert {"kind": "jail_empty"} in out["phases"][1]["events"]


def test_sc2_without_last_wills_a_lynched_players_will_is_not_read():
    """sc2-reference 1.3: the last will is read 'unless sanitized / Clue'; the host's
    option `last_wills` off, no will is read, by day either (`sc2_day.after_day_48`)."""
    from tests.engine.test_sc2 import table

    players = table("sheriff", "mafioso")
    players[1]["will"] = "I was framed."  # a scenario's will: wills cannot be written here
    state = roles.new_game("sc2", players, 1, {"last_wills": False}, "day")
    voters = [p.name for p in state.players if p.name != "Bob"]
    day = {"day": {"votes": [[v, "Bob"] for v in voters], "rounds": [], "actions": []}}
    result = roles.resolve_phase(state, day)
    assert result.record["lynched"] == ["Bob"]
    assert not [e for e in result.record["events"] if e["kind"] == "last_will"]


def test_ru_eleven_the_last_decoy_note_sent_stands_and_a_repeat_move_is_refused_by_name():
    """003 eleven: 'Мафия каждую ночь присылает ведущему два имени "подкидышей"' -- of
    two notes the last one sent stands, whoever sits first (`decoys_2/6/7/11/12`: read
    in seat order); '+1 ... кроме того, на которого был ход в прошлый раз' is refused
    naming the move and the player (`not_as_last_time_10-14`, built at import)."""
    import json
    from pathlib import Path

    from tests.engine.test_ru_eleven import cm
    from tests.engine.test_ru_eleven import scenario as eleven_scenario

    night = [
        {"actor": "Kay", "ability": "decoy", "targets": ["Kay", "Ann", "Bob"]},
        {"actor": "Ian", "ability": "decoy", "targets": ["Fay", "Gil", "Hal"]},
        cm("Dan", "commissar", "Ian"),
        cm("Eve", "commissar", "Jon"),
        cm("Fay", "commissar", "Cid"),
    ]
    events = roles.simulate(eleven_scenario({"night": night}))["phases"][0]["events"]
    assert [e for e in events if e["kind"] == "check"] == [
        {"kind": "check", "names": ["Fay", "Gil", "Ian"], "value": "mafia"}
    ]
    fixture = (
        Path(__file__).parent
        / "scenarios/ru_eleven/07-plus-vote-not-the-same-player-as-last-time.json"
    )
    with pytest.raises(roles.ScenarioError) as refused:
        roles.simulate(json.loads(fixture.read_text()))
    assert str(refused.value) == "night 3: Bob: the plus move cannot name Eve twice in a row"


# -- bay12: runtime survivors read in session 32 ----------------------------------------


def test_bay12_each_check_is_told_about_its_target():
    """000 Investigator: 'Check one person each night for a clue to their role';
    Consigliere: 'Check one person each night for their exact role'; Spy: learns what
    his target was affected by -- only his target's own results (`investigator_check_
    34/38`, `consigliere_check_13-21`, `spy_on_6/15/19`)."""
    from tests.engine.test_bay12 import TOWN6, night, sim

    roster = ["investigator", "consigliere", "spy", "mafioso", "doctor", "escort", *TOWN6]
    moves = night(
        ("Investigator", "Mafioso"),
        ("Consigliere", "Doctor"),
        ("Spy", "Townie"),
        ("Mafioso", "Townie"),
        ("Doctor", "Townie"),
        ("Escort", "Townie2"),
    )
    results = sim(roster, [moves])["phases"][0]["results"]
    told = {r["to"]: r for r in results if r["kind"] in ("roles", "check", "spied")}
    assert told == {
        "Investigator": {
            "to": "Investigator",
            "kind": "roles",
            "target": "Mafioso",
            "value": ["mafioso", "vigilante"],
        },
        "Consigliere": {
            "to": "Consigliere",
            "kind": "check",
            "target": "Doctor",
            "value": "doctor",
        },
        "Spy": {"to": "Spy", "kind": "spied", "target": "Townie", "value": ["saved"]},
    }


def test_bay12_a_jester_lynched_after_a_night_haunts_the_next_night():
    """000 Jester: 'If you are lynched, you may kill one of your guilty voters the
    following night' -- counted right in a game that began at night (`_next_night_3/6/
    7/8`: the haunt put on another night)."""
    from tests.engine.test_bay12 import TOWN6, day, roster

    players = roster(["jester", "mafioso", *TOWN6, "townie"])
    state = roles.resolve_phase(roles.new_game("bay12", players, 0, {}, "night"), {"night": []})
    votes = [[p["name"], "Jester"] for p in players if p["name"] != "Jester"]
    state = roles.resolve_phase(state.state, day(*votes)).state
    assert state.phase_label == "night 2"
    assert [c.ability for c in roles.choices(state, "Jester")] == ["haunt"]


def test_bay12_three_days_of_peace_count_from_the_last_death():
    """002 Three Days of Peace: 'three days and three nights without a death' -- after
    a death the count starts again from nothing: five quiet phases are not enough,
    six are (`_count_peace_6`)."""
    from tests.engine.test_bay12 import TOWN6, day, night, sim

    death = night(("Mafioso", "Townie"))
    five = sim(["mafioso", *TOWN6], [death, day(), night(), day(), night(), day()])
    assert five["ended"] is False
    six = sim(["mafioso", *TOWN6], [death, day(), night(), day(), night(), day(), night()])
    assert six["ended"] is True and six["winners"] == ["Townie", "Townie2", "Townie3", "Townie4"]


# -- sc2: runtime survivors read in session 32 ------------------------------------------


def test_sc2_each_wait_and_limit_is_refused_in_words():
    """sc2-reference 2.3 Mass Murderer '1 or 2 nights between sprees', Cultist 'nights
    between conversions', Mason Leader's recruits (port `mason_leader_recruits`), the
    Witch who may not control herself (port `can_control_self`, off), the Amnesiac who
    'Cannot become Town/Mafia/a killing role': each refusal names the night or the
    limit or the role (`_spree_usable_11/13`, `_convert_usable_17/19/22`,
    `_mason_recruits_17/19`, `_control_self_refusal_11-17`, `_remember_refusal_16-57`)."""
    from tests.engine.test_sc2 import game, play, quiet_day
    from tests.engine.test_sc2_options import roster

    spree = game(
        roster("mass_murderer", "mafioso", "citizen", "lookout", "doctor"),
        {"mass_murderer_cooldown": 1},
    )
    night = [_act("Ann", "spree", "Cid"), _act("Dan", "watch", "Cid"), _act("Eve", "heal", "Cid")]
    spree = play(spree, {"night": night}, quiet_day())
    recruits = game(roster("mason_leader", "mafioso"), {"mason_leader_recruits": 2})
    recruits = play(
        recruits,
        {"night": [_act("Ann", "recruit", "Cid")]},
        quiet_day(),
        {"night": [_act("Ann", "recruit", "Eve")]},
        quiet_day(),
    )
    cult = game(roster("cultist", "mafioso"), {"cult_nights_between_conversions": 2})
    cult = play(cult, {"night": [_act("Ann", "convert", "Cid")]}, quiet_day())
    witch = game(roster("witch", "mafioso"))
    assert [
        _refusal(spree, _act("Ann", "spree", "Cid")),
        _refusal(recruits, _act("Ann", "recruit", "Dan")),
        _refusal(cult, _act("Ann", "convert", "Dan")),
        _refusal(witch, _act("Ann", "control", "Bob", "Ann")),
    ] == [
        "the Mass Murderer must wait until night 3 (mass_murderer_cooldown)",
        "the Mason Leader has no recruits left (mason_leader_recruits = 2)",
        "the cult cannot convert until night 3 (cult_nights_between_conversions)",
        "witch cannot target themselves",
    ]
    never = {
        "amnesiac_cannot_become_town": True,
        "amnesiac_cannot_become_mafia": True,
        "amnesiac_cannot_become_killing": True,
    }
    bodies = game(roster("amnesiac", "mafioso", "citizen", "serial_killer", "godfather"), never)
    bodies = play(
        bodies,
        {"night": [_act("Bob", "kill", "Dan"), _act("Dan", "kill", "Bob")]},
        quiet_day(),
        {"night": [_act("Eve", "kill", "Cid")]},
        quiet_day(),
    )
    killer = game(roster("amnesiac", "mafioso", "citizen", "mass_murderer"), never)
    killer = play(killer, {"night": [_act("Bob", "kill", "Dan")]}, quiet_day())
    assert [
        _refusal(bodies, _act("Ann", "remember", "Cid")),
        _refusal(bodies, _act("Ann", "remember", "Bob")),
        _refusal(killer, _act("Ann", "remember", "Dan")),
    ] == [
        "the Amnesiac cannot become a Town role (citizen)",
        "the Amnesiac cannot become a Mafia role (mafioso)",
        "the Amnesiac cannot become a killing role (mass_murderer)",
    ]


def test_bay12_each_executioner_gets_a_town_target_drawn_by_seed():
    """000 Executioner: 'your target (a randomly chosen town member)'. One Executioner's
    given target does not stop the other's draw; the draw is seeded (its stream is
    named, so the same seed draws the same target), always a town member; a given
    target that is no other player is refused (`setup_4/10/15/18-24/28`)."""
    from tests.engine.test_bay12 import TOWN6, roster

    players = roster(["mafioso", "executioner", "executioner", "serial_killer", *TOWN6])
    players[1]["target"] = "Townie"  # seated after a non-Executioner, as a draw may be
    drawn = []
    for seed in range(6):
        state = roles.new_game("bay12", players, seed)
        assert state.player("Executioner").memory["target"] == "Townie"
        drawn.append(state.player("Executioner2").memory["target"])
    assert drawn == ["Townie4", "Townie4", "Townie", "Townie", "Townie3", "Townie2"]
    for bad in ("Executioner", "Zed"):
        alone = roster(["executioner", "mafioso", *TOWN6])
        alone[0]["target"] = bad
        with pytest.raises(ValueError) as refused:
            roles.new_game("bay12", alone, 0)
        assert str(refused.value) == f"executioner Executioner: target {bad!r} is not a player"


def test_sc2_the_jailors_executions_are_refused_in_words():
    """sc2-reference 2.1 Jailor: 'Execute prisoner (limited executions)' -- the limit
    (port `jailor_executions`), a night with no prisoner, and a prisoner who died (the
    host's modkill) are each refused in words (`_limit_13-21`, `_execute_usable_5/21-23/
    30/38/39`)."""
    from tests.engine.test_sc2 import game, play, quiet_day
    from tests.engine.test_sc2_options import roster

    seats = roster("jailor", "mafioso", "citizen", "godfather")
    used = play(
        game(seats, {"jailor_executions": 1}),
        {"night": []},
        quiet_day([_act("Ann", "jail", "Bob")]),
        {"night": [_act("Ann", "execute")]},
        quiet_day([_act("Ann", "jail", "Cid")]),
    )
    empty = play(used, {"night": []}, quiet_day())
    dead = play(game(seats), {"night": []}, quiet_day([_act("Ann", "jail", "Cid")]))
    dead = roles.modkill(dead, "Cid").state
    assert [
        (used.phase_label, _refusal(used, _act("Ann", "execute"))),
        (empty.phase_label, _refusal(empty, _act("Ann", "execute"))),
        (dead.phase_label, _refusal(dead, _act("Ann", "execute"))),
    ] == [
        ("night 3", "jailor has no executions left (jailor_executions = 1)"),
        ("night 4", "the Jailor has no prisoner tonight"),
        ("night 2", "the Jailor's prisoner is dead"),
    ]


def test_sc2_an_executioner_not_bound_to_town_targets_anyone_but_himself():
    """sc2-reference 2.3 Executioner, option `executioner_target_must_be_town` off: the
    target is any other player, drawn by seed, or given -- a Mafioso too
    (`_executioner_pool_10`, `setup_20`, `setup_problems_71`)."""
    from tests.engine.test_sc2_options import roster

    anyone = {"executioner_target_must_be_town": False}
    drawn = [
        roles.new_game("sc2", roster("executioner", "mafioso"), seed, anyone, "night")
        .player("Ann")
        .memory["exe_target"]
        for seed in range(6)
    ]
    assert drawn == ["Fay", "Jon", "Eve", "Dan", "Kay", "Ivy"]
    given = roster("executioner", "mafioso")
    given[0]["target"] = "Bob"
    state = roles.new_game("sc2", given, 0, anyone, "night")
    assert state.player("Ann").memory["exe_target"] == "Bob"


def test_ru_hunt_the_maniacs_second_shot_at_one_player_is_refused_in_words():
    """003 hunt: the maniac kills 'never the same player two nights in a row, even one
    who survived thanks to the doctor'; the refusal names the role, the rule and the
    player (`ru_common.not_twice_running_1/2/5`, built at import)."""
    from tests.engine.test_ru_hunt import TIE_DAY, game, play

    first = {"night": [_act("Eve", "kill", "Fay"), _act("Ann", "heal", "Fay")]}
    state, _ = play(game(), first, TIE_DAY)
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(state, _act("Eve", "kill", "Fay"))
    assert str(refused.value.reason) == (
        "maniac cannot name the same player two nights in a row (Fay)"
    )


@pytest.mark.parametrize(
    ("mode", "shown"), [("light", "role"), ("half_light", "team"), ("dark", "none")]
)
def test_ru_19_the_reveal_option_sets_what_a_death_shows(mode, shown):
    """003 (19): the host's option `reveal` -- an elimination announces the role
    (light), the team (half_light) or only the name (dark); the ruleset's reveal reads
    that option (`ru_common.reveal_by_option_1/2`, built at import: another option
    read, so every game showed roles)."""
    from tests.engine.test_ru_19 import players

    state = roles.new_game("ru_19", players(), 1, {"reveal": mode}, "night")
    assert roles.get_ruleset("ru_19").reveal(state) == shown


def test_ru_common_a_team_kill_of_an_unknown_mode_is_refused_by_name():
    """A ruleset's team kill is one of the three modes ru_common documents (plurality,
    unanimous, executor); another is a ruleset author's error, named
    (`team_kill_4`)."""
    from roles.rulesets import ru_common

    with pytest.raises(ValueError) as refused:
        ru_common.team_kill("loudest")
    assert str(refused.value) == "unknown kill mode 'loudest'"


def test_ru_sport_the_don_finds_the_commissar_and_classic_kills_by_plurality():
    """003 sport: 'Дон (проверяет ночью статус мирных игроков - ищет комиссара)': his
    check of the commissar says so (`answer_is_role_2`, built at import); 003 classic:
    the mafia kills the player most of its members name; 003 hunt: the executor's
    kill, the last name sent (`team_kill_6`, built at import: no mode, every team kill
    by plurality)."""
    from tests.engine.test_ru_classic import game as classic_game
    from tests.engine.test_ru_sport import game, play

    _, (record,) = play(game(), {"night": [_act("Bob", "check", "Ann")]})
    assert record["results"] == [
        {"to": "Bob", "kind": "check", "target": "Ann", "value": "commissar"}
    ]
    night = [_act("Bob", "kill", "Jon"), _act("Cid", "kill", "Jon"), _act("Dan", "kill", "Kay")]
    deaths = roles.resolve_phase(classic_game(), {"night": night}).record["deaths"]
    assert deaths == [{"player": "Jon", "role": "civilian", "by": ["mafia"]}]
    from tests.engine.test_ru_hunt import game as hunt_game

    for seed in range(6):  # ru_hunt's executor: the last name sent stands, never a lot
        night = [_act("Bob", "kill", "Fay"), _act("Cid", "kill", "Gil")]
        record = roles.resolve_phase(hunt_game(seed=seed), {"night": night}).record
        assert [d["player"] for d in record["deaths"]] == ["Gil"]


def test_townston_the_gms_sheet_lists_the_kills_at_their_step():
    """001: the night runs guards, then 'Vigilante, Hitmen, the Godfather's pistol, the
    Psychopath'; the GM's order sheet lists each kill at that step, in seat order
    (`_kill_12/21/22`, built at import: the kills fell to "Other moves")."""
    from tests.engine.test_townston import act, play

    actions = [act("Hal", "kill", "Ann"), act("Bob", "kill", "Dan"), act("Cid", "protect", "Ann")]
    sheet = roles.order_sheet(play([]), actions)
    assert [(s.title, [(line.text, line.targets) for line in s.lines]) for s in sheet] == [
        ("Guard", [("Cid (Bodyguard) protects Ann", ("Ann",))]),
        (
            "Kills",
            [("Bob (Hitman) kills Dan", ("Dan",)), ("Hal (Vigilante) kills Ann", ("Ann",))],
        ),
    ]


# -- roles/scenario.py: survivors read in session 32 -------------------------------------


def test_a_scenarios_setup_errors_are_one_line_each():
    """spec/scenario.md: invalid input is refused with one line saying what is wrong --
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
    """spec/scenario.md: the seed is optional, 0 by default: a townston street conflict
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
    """spec/scenario.md, `before`: `{will: NAME, text}` writes the will (no text erases
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
