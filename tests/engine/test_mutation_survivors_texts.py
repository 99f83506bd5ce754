"""Tests the mutation run over roles/ showed missing in what the engine says and reads
outside a game's rules: roles/messages, the announcements, roles/setup, the roulette, the
GM's order sheet and the activity rule (bench/mutation.py; bench/README.md, "Mutation
testing"). Each names the surviving mutant it kills; where it checks a rule it quotes the
rule sentence.
"""

from __future__ import annotations

import pytest

import roles
from roles import render, roulette
from roles.activity import Activity
from roles.announce import QUIET_NIGHT, describe, headline
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
from roles.roulette import RouletteRefused, payouts
from roles.setup.parse import parse_setup
from tests.engine.test_modkill import bay12
from tests.engine.test_roulette import play as roulette_play
from tests.engine.test_roulette import seated, seed_with_bullet, started
from tests.engine.test_ru_eleven import game as eleven_game

# -- the core sample's survivors (bench/README.md, "Survivors after the new tests") --------


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


def test_a_night_without_deaths_has_the_quiet_headline():
    """002's table starts at one death ('1: One of us did not survive the night.'); a
    night without deaths reads what a forum GM posts (mutant: no headline at all)."""
    assert headline(0) == QUIET_NIGHT == "Nobody died last night."
    assert headline(1) == "One of us did not survive the night."


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


def test_the_activity_rule_in_words_for_one_day_and_for_several():
    """003 (ru_classic): 'at least 10 game posts in each of the first three days'; the
    site shows the GM's own numbers in these words (mutants: the one-day wording)."""
    assert Activity(3, 1).text() == (
        "at least 3 game posts in the first day; a warning the first time, a modkill when repeated"
    )
    assert Activity(10, 3).text().startswith("at least 10 game posts in each of the first 3 days")


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
    """docs/setup.md: a setup error is one line naming where (mutant: "None: ...")."""
    with pytest.raises(roles.SetupError, match=r"^setup: unknown key 'zzz'"):
        parse_setup({"ruleset": "sc2", "slots": [], "zzz": 1})


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
