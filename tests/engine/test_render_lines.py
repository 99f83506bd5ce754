"""The exact sentences roles/messages/render.py makes of a message, in English and Russian.

Pins each piece of the renderer on real catalogue messages: the reader's language code,
the player's pronoun (and its fallback to "they"), sentences told together ("parts")
and the Russian rulesets' causes, a message inside a message or a list of them, the
plural forms, the cases of a parameter (with "empty" and "other"), the field kinds
(thing, things, names, faction, ability, Ability, abilities, word) with the ruleset's
own words, a message Russian lacks read in English, and the errors naming what is
missing. Three made-up templates (patched into a catalogue for one test) cover what no
catalogue line uses yet: a list of messages about players, {x:word}, an unknown kind.
"""

from __future__ import annotations

from typing import Any

import pytest

from roles.messages import en, ru
from roles.messages.render import UnknownMessage, language, render, they, thing, word

PRONOUNS = {"Anna": "she", "Boris": "he"}.get  # as the site reads a player's choice


def msg(mid: str, ruleset: str | None = None, **params: Any) -> dict[str, Any]:
    """A message as roles/messages/derive.py makes it."""
    return {"id": mid, "ruleset": ruleset, "params": params}


def both(message: dict[str, Any], pronoun_of=PRONOUNS) -> tuple[str, str]:
    """The message's English and Russian sentences."""
    return render(message, "en", pronoun_of), render(message, "ru", pronoun_of)


# -- the reader's language -----------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "catalogue"),
    [
        ("ru", "ru"),
        ("ru-ru", "ru"),  # Django's code for a region
        ("ru_RU", "ru"),  # a locale name
        ("RU", "ru"),
        ("en", "en"),
        ("en-us", "en"),
        ("de", "en"),  # a language without a catalogue reads English
        ("", "en"),
        (None, "en"),
    ],
)
def test_language_code_picks_the_catalogue(code, catalogue):
    assert language(code) == catalogue


def test_a_region_code_renders_russian():
    assert render(msg("result.blocked"), "ru-RU") == "Этой ночью вас заблокировали."


def test_they_is_the_pronoun_of_anyone_unknown():
    assert they("Anna") == "they"


# -- the player's pronoun ------------------------------------------------------------


def test_pronoun_of_the_messages_player():
    anna, boris = msg("death.mafia", player="Anna"), msg("death.mafia", player="Boris")
    assert both(anna) == ("She was shot at close range.", "Её застрелили в упор.")
    assert both(boris) == ("He was shot at close range.", "Его застрелили в упор.")


def test_pronoun_they_without_a_reader_choice():
    anna = msg("death.mafia", player="Anna")
    assert both(anna, None) == ("They were shot at close range.", "Игрока застрелили в упор.")


def test_an_unknown_pronoun_reads_they():
    # a pronoun the catalogues have no forms of must not break the sentence
    anna = msg("death.bodyguard", player="Anna")
    told = both(anna, lambda _name: "xe")
    assert told == ("They were killed in a duel.", "Игрок погиб на дуэли.")


def test_no_player_reads_they_whatever_the_reader_says():
    # only the message's own player has a pronoun: nobody's is asked for "None"
    nobody = msg("death.suicide")
    told = both(nobody, lambda _name: "she")
    assert told == (
        "They apparently committed suicide.",
        "Игрок, по всей видимости, покончил с собой.",
    )


def test_feminine_endings_in_russian():
    assert render(msg("death.leaver", player="Anna"), "ru", PRONOUNS) == "Anna покончила с собой."
    assert render(msg("death", player="Boris"), "ru", PRONOUNS) == "Boris погиб."
    assert render(msg("death", player="Anna"), "ru", PRONOUNS) == "Anna погибла."


# -- sentences told together, and the Russian rulesets' causes -------------------------


def test_parts_are_told_together_with_the_players_pronoun():
    parts = msg("parts", player="Anna", parts=["death.mafia", "death.bodyguard"])
    assert both(parts) == (
        "She was shot at close range. She was killed in a duel.",
        "Её застрелили в упор. Она погибла на дуэли.",
    )


def test_causes_are_one_sentence_with_a_capital():
    causes = msg("causes", player="Anna", causes=["mafia", "lynch"])
    assert both(causes) == (
        "Victim of the mafia; eliminated by the vote.",
        "Жертва мафии; посажен на голосовании.",
    )


# -- a message inside a message, a list of messages ------------------------------------


def test_a_description_inside_a_death_keeps_the_pronoun_and_language():
    description = msg("parts", player="Anna", parts=["death.mafia"])
    death = msg("death.described", "bay12", player="Anna", shown=None, description=description)
    assert both(death) == (
        "Anna died: She was shot at close range.",
        "Anna погибла: Её застрелили в упор.",
    )


def test_a_line_addressed_to_a_player():
    line = msg("result.role_change", "bay12", value="mafioso")
    told = both(msg("to_player", "bay12", player="Boris", line=line))
    assert told == (
        "To Boris: Your role is now Mafioso.",
        "Игроку Boris: Теперь ваша роль: Мафиози.",
    )


def test_a_tally_is_a_list_of_entries():
    entries = [
        msg("tally.entry", "ru_classic", player="Anna", count=2),
        msg("tally.entry", "ru_classic", player="Boris", count=1),
    ]
    assert both(msg("tally", "ru_classic", entries=entries)) == (
        "Tally: Anna 2, Boris 1.",
        "Голоса: Anna — 2, Boris — 1.",
    )


def test_a_list_of_messages_keeps_each_players_pronoun(monkeypatch):
    # no catalogue line lists deaths yet: a made-up one shows each keeps its own pronoun
    monkeypatch.setitem(ru.MESSAGES, "test.deaths", "Итог: {deaths}")
    deaths = [msg("death", player="Anna"), msg("death", player="Boris")]
    told = render(msg("test.deaths", deaths=deaths), "ru", PRONOUNS)
    assert told == "Итог: Anna погибла., Boris погиб."


# -- which template: the catalogue, English for a line Russian lacks, an error ---------


def test_a_line_russian_lacks_reads_in_english(monkeypatch):
    monkeypatch.delitem(ru.MESSAGES, "result.saved")
    assert render(msg("result.saved", target="Boris"), "ru") == "You saved Boris from an attack."


def test_an_unknown_message_names_itself():
    with pytest.raises(UnknownMessage, match=r"ru: no message 'result\.nonesuch'"):
        render(msg("result.nonesuch"), "ru")


# -- plural forms ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lives", "english", "russian"),
    [
        (0, "0 lives left.", "осталось 0 жизней."),
        (1, "1 life left.", "осталась 1 жизнь."),
        (3, "3 lives left.", "осталось 3 жизни."),
        (5, "5 lives left.", "осталось 5 жизней."),
        (21, "21 lives left.", "осталась 21 жизнь."),
    ],
)
def test_plural_forms(lives, english, russian):
    told = both(msg("result.hit", "sc2", value=lives))
    assert told == (
        "You were hit but survived: " + english,
        "Вас ранили, но вы выжили: " + russian,
    )


def test_a_missing_number_is_zero():
    # "many" (English), "many" (Russian), not "one": no number counts as 0
    assert both(msg("headline.ru")) == (
        " players were killed tonight.",
        "Этой ночью убиты  игроков.",
    )


# -- the cases of a parameter ----------------------------------------------------------


@pytest.mark.parametrize("nothing", ["", None, []])
def test_an_empty_will_takes_the_empty_case(nothing):
    assert both(msg("result.last_will", "sc2", target="Anna", value=nothing)) == (
        "Anna left no last will.",
        "Игрок Anna не оставил завещания.",
    )


def test_a_will_with_text_takes_the_other_case():
    assert both(msg("result.last_will", "sc2", target="Anna", value="I was the doctor.")) == (
        "Anna's last will: I was the doctor.",
        "Завещание игрока Anna: I was the doctor.",
    )


def test_a_case_by_its_value_and_the_other_case():
    hidden = msg("event.reveal", "ru_classic", player="Anna", status="none")
    shown = msg("event.reveal", "ru_classic", player="Anna", status="commissar")
    assert both(hidden) == ("Anna's role is not revealed.", "Статус игрока Anna не вскрывается.")
    assert both(shown) == ("Anna was Commissar.", "Статус игрока Anna: Комиссар.")


def test_a_case_without_other():
    assert both(msg("result.convert", "sc2", target="Boris", value="failed")) == (
        "Your attempt to convert Boris failed.",
        "Обратить игрока Boris в культ не удалось.",
    )


def test_an_unknown_case_names_the_value():
    with pytest.raises(UnknownMessage, match="no case 'maybe'"):
        render(msg("result.convert", "sc2", target="Boris", value="maybe"), "en")


# -- plain fields ----------------------------------------------------------------------


def test_a_missing_value_reads_as_nothing():
    # a phase without its number: blank, never "None"
    assert both(msg("phase.began", phase="day", number=None)) == ("Day  began.", "День  начался.")


# -- things, names, factions: in the ruleset's words -----------------------------------


def test_a_role_in_the_rulesets_own_words():
    # ru_19 calls its mafia role "Mafia shooter"; without the ruleset it is "Mafia"
    assert both(msg("result.check", "ru_19", target="Anna", value="mafia")) == (
        "Your check of Anna: Mafia shooter.",
        "Результат проверки игрока Anna: Мафия-стрелок.",
    )


def test_a_faction_named_as_a_thing_in_the_rulesets_own_words():
    # bay12's town is "Город", the common Russian name is "Мирные"
    assert both(msg("result.check", "bay12", target="Anna", value="town")) == (
        "Your check of Anna: Town.",
        "Результат проверки игрока Anna: Город.",
    )


def test_things_listed_in_the_rulesets_words():
    assert both(msg("result.roles", "ru_19", target="Anna", value=["mafia", "doctor"])) == (
        "Anna is one of: Mafia shooter, Doctor.",
        "Игрок Anna — один из: Мафия-стрелок, Доктор.",
    )


def test_no_things_read_nothing():
    assert both(msg("result.roles", "ru_19", target="Anna", value=[])) == (
        "Anna is one of: nothing.",
        "Игрок Anna — один из: ничего.",
    )


def test_names_listed_and_nobody():
    seen = msg("result.visitors", "bay12", target="Anna", value=["Boris", "Clara"])
    empty = msg("result.visitors", "bay12", target="Anna", value=[])
    assert both(seen) == (
        "Visitors of Anna tonight: Boris, Clara.",
        "Этой ночью к игроку Anna приходили: Boris, Clara.",
    )
    assert both(empty) == (
        "Visitors of Anna tonight: nobody.",
        "Этой ночью к игроку Anna приходили: никто.",
    )


def peace(ruleset: str, side: str) -> tuple[str, str]:
    """The sides' line after three quiet days, in both languages."""
    return both(msg("event.three_days_of_peace", ruleset, side=side))


def test_a_faction_is_the_team_not_the_role_of_its_id():
    # ru_19 has both a "mafia" role (Mafia shooter) and a "mafia" faction
    assert peace("ru_19", "mafia") == (
        "Three days without a death: the game is decided for Mafia.",
        "Три дня без смертей: игра решена в пользу: Мафия.",
    )


def test_a_faction_in_the_rulesets_own_words():
    assert peace("bay12", "town") == (
        "Three days without a death: the game is decided for Town.",
        "Три дня без смертей: игра решена в пользу: Город.",
    )


def test_a_team_the_ruleset_lacks_reads_as_the_catalogues_word():
    # ru_two_clans has no mafia role or faction: the catalogue's word for it
    assert peace("ru_two_clans", "mafia") == (
        "Three days without a death: the game is decided for Mafia.",
        "Три дня без смертей: игра решена в пользу: мафия.",
    )


def test_a_team_field_holding_a_role_reads_the_rulesets_role_name():
    # townston calls its townie "Селянин" (the common name is "Горожанин")
    assert peace("townston", "townie") == (
        "Three days without a death: the game is decided for Townie.",
        "Три дня без смертей: игра решена в пользу: Селянин.",
    )


def test_thing_of_an_unknown_id_is_the_id():
    assert thing("Anna", None, en) == "Anna"
    assert thing("Anna", "bay12", ru) == "Anna"


# -- abilities -------------------------------------------------------------------------


def test_an_ability_with_a_capital_at_the_start():
    assert both(msg("mine.withdrawn", "bay12", ability="block")) == (
        "Block withdrawn.",
        "Ход «блокировать» отозван.",
    )


def test_an_ability_and_the_abilities_it_replaces():
    vest = msg(
        "action.untargeted.instead",
        "sc2",
        player="Anna",
        ability="vest",
        replaces=["block", "kill"],
    )
    told = both(vest)
    assert told == (
        "Anna: vest (instead of block, kill).",
        "Anna: надеть бронежилет (вместо: блокировать, убить).",
    )


def test_abilities_the_catalogue_lacks_read_as_their_ids():
    told = both(msg("mine.untargeted.instead", "sc2", ability="poison", replaces=["poison"]))
    assert told == (
        "Recorded: poison (instead of poison).",
        "Записано: poison (вместо: poison).",
    )


# -- words, and the errors of a template -----------------------------------------------


def test_a_word_field(monkeypatch):
    # no catalogue line uses {x:word} yet: a made-up one reads the catalogue's word
    monkeypatch.setitem(en.MESSAGES, "test.word", "Seen: {seen:word}.")
    monkeypatch.setitem(ru.MESSAGES, "test.word", "Видели: {seen:word}.")
    assert both(msg("test.word", seen="nobody")) == ("Seen: nobody.", "Видели: никто.")


def test_word_of_an_unknown_id_names_it():
    assert word("nothing", ru) == "ничего"
    with pytest.raises(UnknownMessage, match="en: no word 'bogus'"):
        word("bogus", en)


def test_an_unknown_field_kind_names_it(monkeypatch):
    monkeypatch.setitem(en.MESSAGES, "test.kind", "Seen: {seen:bogus}.")
    with pytest.raises(UnknownMessage, match="no field kind 'bogus'"):
        render(msg("test.kind", seen="Anna"), "en")
