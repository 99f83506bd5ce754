"""The exact messages roles/messages/derive.py reads from the engine's results, events
and phase outcomes, and the English and Russian lines they render to.

Inputs are what roles.simulate returns for the scenarios under tests/engine/scenarios
(a Doctor's save, a Sheriff's check, an Escort's block, a tie, a Disguiser, a night
sequence, a maniac's kill). Each test pins the whole message dict ({"id", "ruleset",
"params"}), so a lost ruleset, a dropped parameter or another id shows, and then the
sentence a reader sees.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import roles
from roles import render
from roles.messages.derive import (
    death_message,
    description_message,
    event_message,
    headline_message,
    message,
    named_result_message,
    outcome_messages,
    result_message,
    told_once,
)

SCENARIOS = Path(__file__).parent / "scenarios"
DOCTOR_SAVE = "examples/01-bay12-doctor-save-and-lynch.json"
ESCORT_BLOCKED = "examples/02-bay12-serial-killer-kills-escort.json"
HUNT_TIE = "examples/06-ru-hunt-failed-hunt.json"
DISGUISER = "sc2/77-disguiser-takes-victim-identity.json"
NIGHT_SEQUENCE = "sc2/108-night-sequence.json"
MANIAC_KILLS_HUNTER = "ru_19/35-maniac-kills-the-hunter.json"


@cache
def _phases(scenario: str) -> str:
    return json.dumps(roles.simulate(json.loads((SCENARIOS / scenario).read_text()))["phases"])


def phases(scenario: str) -> list[dict]:
    """The phase records roles.simulate returns for a scenario (a fresh copy each time)."""
    return json.loads(_phases(scenario))


def expected(mid: str, ruleset: str | None = None, **params) -> dict:
    """A message dict written out (not built by derive.message, which is under test)."""
    return {"id": mid, "ruleset": ruleset, "params": params}


def said(msg: dict, pronouns: dict[str, str] | None = None) -> tuple[str, str]:
    """The message in English and in Russian."""
    pronoun_of = (pronouns or {}).get
    return render(msg, "en", pronoun_of), render(msg, "ru", pronoun_of)


# --- message / text --------------------------------------------------------------------


def test_a_message_holds_its_id_ruleset_and_params():
    assert message("death", "sc2", player="Ann") == expected("death", "sc2", player="Ann")
    assert message("lynched.none") == {"id": "lynched.none", "ruleset": None, "params": {}}


def test_a_headline_the_tables_do_not_know_is_told_as_it_is():
    told = headline_message("Dawn came over the town.")
    assert told == expected("text", text="Dawn came over the town.")
    assert said(told) == ("Dawn came over the town.", "Dawn came over the town.")


def test_the_known_headlines_are_read_back_into_ids():
    assert headline_message("Nobody died last night.") == expected("headline.none")
    assert headline_message("One player was killed tonight.") == expected("headline.ru", n=1)
    assert headline_message("3 players were killed tonight.") == expected("headline.ru", n=3)
    assert headline_message("There are no victims tonight.") == expected("headline.ru_none")


# --- private results ---------------------------------------------------------------------


def results(scenario: str, phase: int = 0) -> dict[str, list[dict]]:
    """{seat: its results} of one phase of a scenario."""
    by_seat: dict[str, list[dict]] = {}
    for result in phases(scenario)[phase]["results"]:
        by_seat.setdefault(result["to"], []).append(result)
    return by_seat


def test_a_check_keeps_every_field_but_to_and_kind():
    check = results(DOCTOR_SAVE)["Cid"][0]
    assert check == {"to": "Cid", "kind": "check", "target": "Bob", "value": "suspicious"}
    told = result_message(check, "bay12")
    assert told == expected("result.check", "bay12", target="Bob", value="suspicious")
    assert said(told) == (
        "Your check of Bob: Suspicious.",
        "Результат проверки игрока Bob: подозрителен.",
    )


def test_the_doctor_hears_whom_he_saved_and_the_target_that_someone_saved_him():
    ann, dan = results(DOCTOR_SAVE)["Ann"][0], results(DOCTOR_SAVE)["Dan"][0]
    assert result_message(ann, "bay12") == expected("result.saved", "bay12", target="Dan")
    assert said(result_message(ann, "bay12")) == (
        "You saved Dan from an attack.",
        "Вы спасли игрока Dan от нападения.",
    )
    assert result_message(dan, "bay12") == expected("result.saved_you", "bay12")
    assert said(result_message(dan, "bay12")) == (
        "You were attacked tonight, but someone saved you.",
        "Этой ночью на вас напали, но вас спасли.",
    )


def test_a_saved_you_result_passes_its_other_fields_on():
    # The record's results carry the phase they came from; the saved-you form keeps
    # every field but "to" and "kind", as the other results do.
    dan = {**results(DOCTOR_SAVE)["Dan"][0], "phase": "night", "number": 1}
    told = result_message(dan, "bay12")
    assert told == expected("result.saved_you", "bay12", phase="night", number=1)


def test_a_result_without_a_kind_gets_no_kind_in_its_id():
    # The default kind is "" (not "None"): an empty kind, never a made-up one.
    assert result_message({"to": "Ann"}, "bay12") == expected("result.", "bay12")


def test_the_gm_reads_a_check_said_of_the_seat():
    told = named_result_message(results(DOCTOR_SAVE)["Cid"][0], "bay12")
    assert told == expected(
        "result.check.named", "bay12", target="Bob", value="suspicious", player="Cid"
    )
    assert said(told, {"Cid": "he"}) == (
        "Cid's check of Bob: Suspicious.",
        "Cid проверил игрока Bob: подозрителен.",
    )


def test_the_gm_reads_a_roleblock_addressed_to_the_seat():
    blocked = results(ESCORT_BLOCKED)["Gus"][0]
    assert blocked == {"to": "Gus", "kind": "blocked"}
    told = named_result_message(blocked, "bay12")
    assert told == expected(
        "to_player", "bay12", player="Gus", line=expected("result.blocked", "bay12")
    )
    assert said(told) == (
        "To Gus: You were roleblocked tonight.",
        "Игроку Gus: Этой ночью вас заблокировали.",
    )


def test_the_gm_reads_a_saved_you_addressed_to_the_seat():
    told = named_result_message(results(DOCTOR_SAVE)["Dan"][0], "bay12")
    assert told == expected(
        "to_player", "bay12", player="Dan", line=expected("result.saved_you", "bay12")
    )
    assert said(told) == (
        "To Dan: You were attacked tonight, but someone saved you.",
        "Игроку Dan: Этой ночью на вас напали, но вас спасли.",
    )


# --- public events -----------------------------------------------------------------------


def test_a_tie_event_keeps_its_fields_and_the_ruleset():
    tie = phases(HUNT_TIE)[0]["events"][0]
    told = event_message(tie, "ru_hunt")
    assert told == expected("event.no_lynch", "ru_hunt", reason="tie", candidates=["Jon", "Kay"])
    assert said(told) == (
        "Nobody is lynched: a tie between Jon, Kay.",
        "Посадки нет: равенство голосов (Jon, Kay).",
    )


def test_an_event_without_a_kind_gets_no_kind_in_its_id():
    assert event_message({"player": "Ann"}, "sc2") == expected("event.", "sc2", player="Ann")


def test_the_disguisers_victim_is_revealed_as_him():
    reveal = phases(DISGUISER)[0]["events"][0]
    assert reveal == {"kind": "reveal", "player": "Cid", "role": "disguiser"}
    told = event_message(reveal, "sc2")
    assert told == expected("event.reveal_role", "sc2", player="Cid", role="disguiser")
    assert said(told) == ("Cid was revealed as the Disguiser.", "Игрок Cid раскрыт: Маскировщик.")


def test_a_night_sequence_is_told_in_its_sentences():
    sequence = phases(NIGHT_SEQUENCE)[0]["events"][0]
    assert sequence == {"kind": "night_sequence", "lines": ["He/She was shot at close range."]}
    told = event_message(sequence, "sc2")
    assert told == expected("parts", "sc2", parts=["death.mafia"])
    assert said(told) == ("They were shot at close range.", "Игрока застрелили в упор.")


def test_a_night_sequence_without_lines_is_told_as_no_sentence():
    assert event_message({"kind": "night_sequence"}, "sc2") == expected("parts", "sc2", parts=[])


# --- death descriptions ------------------------------------------------------------------


def test_the_ru_19_cause_of_a_death_is_read_back_into_its_cause():
    text = phases(MANIAC_KILLS_HUNTER)[1]["descriptions"]["Jon"]
    assert text == "Victim of the maniac."
    told = description_message("Jon", text)
    assert told == expected("causes", player="Jon", causes=["maniac"])
    assert said(told) == ("Victim of the maniac.", "Жертва маньяка.")


def test_two_causes_of_one_death_are_told_together():
    told = description_message("Fay", "Victim of the mafia; victim of the maniac.")
    assert told == expected("causes", player="Fay", causes=["mafia", "maniac"])
    assert said(told) == (
        "Victim of the mafia; victim of the maniac.",
        "Жертва мафии; жертва маньяка.",
    )


def test_a_text_that_is_no_cause_is_told_as_it_is():
    told = description_message("Ann", "Found in the river.")
    assert told == expected("text", text="Found in the river.")
    assert said(told) == ("Found in the river.", "Found in the river.")
    # Only the final period is dropped before the causes are looked up: a cause
    # followed by other letters is not that cause.
    near = description_message("Ann", "Victim of the maniacX.")
    assert near == expected("text", text="Victim of the maniacX.")


def test_a_description_of_two_sentences_is_told_in_both():
    # roles.announce.describe(["mafia", "serial_killer"]) for a victim of both.
    text = "He/She was shot at close range. He/She had multiple stab wounds."
    told = description_message("Ann", text)
    assert told == expected("parts", player="Ann", parts=["death.mafia", "death.serial_killer"])
    assert said(told, {"Ann": "she"}) == (
        "She was shot at close range. She had multiple stab wounds.",
        "Её застрелили в упор. На теле её множество ножевых ран.",
    )


# --- deaths ------------------------------------------------------------------------------


def test_a_described_death_names_the_victim_in_its_description():
    night = phases(ESCORT_BLOCKED)[0]
    hal = night["deaths"][0]
    assert hal == {"player": "Hal", "role": "escort", "by": ["serial_killer"]}
    told = death_message(hal, night["descriptions"], "bay12")
    assert told == expected(
        "death.shown_described",
        "bay12",
        player="Hal",
        shown="escort",
        description=expected("parts", player="Hal", parts=["death.serial_killer"]),
    )
    assert said(told, {"Hal": "she"}) == (
        "Hal (Escort) died: She had multiple stab wounds.",
        "Hal (Эскорт) погибла: На теле её множество ножевых ран.",
    )


def test_a_death_that_shows_only_a_team_shows_the_team():
    told = death_message({"player": "Gil", "faction": "maniac"}, {}, "ru_two_clans")
    assert told == expected("death.shown", "ru_two_clans", player="Gil", shown="maniac")
    assert said(told, {"Gil": "he"}) == ("Gil (Maniac) died.", "Gil (Маньяк) погиб.")


def test_a_modkill_shows_the_role_the_reveal_shows():
    cid = {"player": "Cid", "role": "townie", "by": ["modkill"]}
    told = death_message(cid, {}, "bay12", modkill=True)
    assert told == expected("modkilled.shown", "bay12", player="Cid", shown="townie")
    assert said(told, {"Cid": "he"}) == (
        "Cid (Townie) was modkilled by the GM.",
        "Ведущий вывел из игры игрока Cid (Горожанин; модкилл).",
    )


def test_a_modkill_without_a_reveal_shows_nothing():
    told = death_message({"player": "Cid", "by": ["modkill"]}, {}, "bay12", modkill=True)
    assert told == expected("modkilled", "bay12", player="Cid", shown=None)
    assert said(told)[0] == "Cid was modkilled by the GM."


# --- a phase's outcome -------------------------------------------------------------------


def test_a_day_with_a_lynch_tells_the_tally_the_lynch_and_the_death():
    day = {**phases(DOCTOR_SAVE)[1]}
    assert day["tally"] == {"Bob": 5, "Cid": 1}
    told = outcome_messages(day, "bay12")
    assert told == [
        expected("phase.ended", "bay12", phase="day", number=1),
        expected(
            "tally",
            "bay12",
            entries=[
                expected("tally.entry", "bay12", player="Bob", count=5),
                expected("tally.entry", "bay12", player="Cid", count=1),
            ],
        ),
        expected("lynched", "bay12", players=["Bob"], n=1),
        expected("death.shown", "bay12", player="Bob", shown="mafioso"),
    ]
    assert [said(m, {"Bob": "he"}) for m in told] == [
        ("Day 1 ended.", "День 1 закончился."),
        ("Tally: Bob 5, Cid 1.", "Голоса: Bob — 5, Cid — 1."),
        ("Lynched: Bob.", "Посажен: Bob."),
        ("Bob (Mafioso) died.", "Bob (Мафиози) погиб."),
    ]


def test_a_tied_day_tells_nobody_was_lynched_and_why():
    day = phases(HUNT_TIE)[0]
    assert day["lynched"] == []
    assert outcome_messages(day, "ru_hunt") == [
        expected("phase.ended", "ru_hunt", phase="day", number=1),
        expected(
            "tally",
            "ru_hunt",
            entries=[
                expected("tally.entry", "ru_hunt", player="Jon", count=7),
                expected("tally.entry", "ru_hunt", player="Kay", count=7),
            ],
        ),
        expected("lynched.none"),
        expected("event.no_lynch", "ru_hunt", reason="tie", candidates=["Jon", "Kay"]),
    ]


def test_a_day_without_votes_tells_no_votes():
    day = phases(DISGUISER)[1]
    assert (day["tally"], day["lynched"]) == ({}, [])
    told = outcome_messages(day, "sc2")
    assert told == [
        expected("phase.ended", "sc2", phase="day", number=1),
        expected("tally.none"),
        expected("lynched.none"),
    ]
    assert [said(m)[0] for m in told] == ["Day 1 ended.", "Tally: no votes.", "Nobody was lynched."]


def test_a_hunt_night_tells_each_death_and_its_cause_with_the_ruleset():
    night = phases(HUNT_TIE)[1]
    told = outcome_messages(night, "ru_hunt")
    assert told == [
        expected("phase.ended", "ru_hunt", phase="night", number=1),
        expected("headline.ru", n=3),
        expected("death.shown", "ru_hunt", player="Fay", shown="civilian"),
        expected("death.shown", "ru_hunt", player="Hal", shown="civilian"),
        expected("death.shown", "ru_hunt", player="Ian", shown="civilian"),
        expected("event.death_cause", "ru_hunt", player="Fay", cause="failed_hunt"),
        expected("event.death_cause", "ru_hunt", player="Hal", cause="mafia"),
        expected("event.death_cause", "ru_hunt", player="Ian", cause="maniac"),
    ]
    assert [said(m, {"Fay": "she"})[1] for m in told[1:3]] == [
        "Этой ночью убиты 3 игрока.",
        "Fay (Мирный) погибла.",
    ]


# --- a reveal told once ------------------------------------------------------------------


def test_a_reveal_that_names_a_role_stays_its_own_line():
    # Only a bare status goes into the death line; a reveal naming a role (sc2's
    # Disguiser) says more, even if it carried a status too.
    payload = {
        "deaths": [{"player": "Cid", "role": "citizen"}],
        "events": [{"kind": "reveal", "player": "Cid", "role": "disguiser", "status": "mafia"}],
    }
    assert told_once(payload) == (payload["deaths"], payload["events"])


def test_a_reveal_of_an_empty_status_stays_its_own_line():
    payload = {
        "deaths": [{"player": "Ann"}],
        "events": [{"kind": "reveal", "player": "Ann", "status": ""}],
    }
    assert told_once(payload) == (payload["deaths"], payload["events"])


# -- a phase's public lines and a result without a target ----------------------------------


def test_the_public_lines_of_a_phase_say_each_death_its_description_and_each_event():
    """002 Death Descriptions (the description follows the death) and the ruleset's public
    events; a last will has its own line, not one here (catches: the descriptions, the
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
    """Only a "saved" result without a target reads "someone saved you" (catches: `and`
    -> `or`: every result without a target read so)."""
    approved = result_message({"to": "Ann", "kind": "hunt_approved"}, "ru_19")
    assert approved["id"] == "result.hunt_approved"
