"""The exact words of roles/messages' small tables, in English and Russian.

Pinned here: role and faction names per ruleset (names.py), Russian plural forms
(ru.py), role cards (cards.py), setup category titles (categories_ru.py), the
roulette's help (roulette_ru.py), night-room titles, notices and aliases (rooms.py,
which only games/ calls otherwise) and refusals read as messages in a ruleset's
words (refusals.py). Each value was checked against the current output.
"""

from collections import Counter

import pytest

import roles
from roles import roulette
from roles.cards import role_card
from roles.errors import Reason
from roles.messages import en, names, rooms, ru
from roles.messages.cards import role_card_in
from roles.messages.categories_ru import category_title_in
from roles.messages.derive import message
from roles.messages.descriptions import ability_description
from roles.messages.names import role_name
from roles.messages.refusals import refusal_message
from roles.messages.render import render
from roles.messages.roulette_ru import HELP_RU, roulette_help
from roles.messages.ru import plural_form
from roles.roulette import HELP

# ---------------------------------------------------------------- names.py


@pytest.mark.parametrize(
    "ruleset, role, english, russian",
    [
        ("ru_19", "mafia", "Mafia shooter", "Мафия-стрелок"),  # ru_19's own words
        ("ru_classic", "mafia", "Mafia", "Мафия"),
        ("townston", "townie", "Townie", "Селянин"),  # townston's own Russian
        ("bay12", "townie", "Townie", "Горожанин"),
        ("ru_sport", "don", "Don", "Дон"),
        ("ru_19", "courtesan", "Courtesan", "Путана"),
        ("sc2", "mason_leader", "Mason Leader", "Глава масонов"),
        ("ru_eleven", "minus_vote", "−1 vote", "−1 голос"),
    ],
)
def test_role_names_in_a_ruleset(ruleset, role, english, russian):
    assert names.role_name(ruleset, role) == english
    assert names.role_name(ruleset, role, "en") == english
    assert names.role_name(ruleset, role, "ru") == russian


def test_role_names_without_a_ruleset_are_the_most_common():
    # ru_19 alone calls its mafia "Mafia shooter"; the others say "Mafia".
    assert names.role_name(None, "mafia") == "Mafia"
    assert names.role_name(None, "mafia", "ru") == "Мафия"
    assert names.role_name(None, "townie", "ru") == "Горожанин"
    # A ruleset id no longer known reads like no ruleset at all.
    assert names.role_name("no_such_ruleset", "doctor") == "Doctor"
    assert names.role_name("no_such_ruleset", "doctor", "ru") == "Доктор"
    assert names.role_name(None, "no_such_role") is None
    assert names.role_name(None, "no_such_role", "ru") is None


def test_a_role_its_ruleset_lacks_has_no_name():
    # bay12's "mafia" is a faction, not a role.
    assert names.role_name("bay12", "mafia") is None
    assert names.role_name("bay12", "mafia", "ru") is None


@pytest.mark.parametrize(
    "ruleset, faction, english, russian",
    [
        ("bay12", "town", "Town", "Город"),
        ("sc2", "town", "Town", "Город"),
        ("townston", "town", "Villagers", "Жители деревни"),
        ("ru_classic", "town", "Civilians", "Мирные"),
        ("sc2", "witch", "Neutral Evil", "Нейтралы (злые)"),
        ("sc2", "jester", "Neutral Benign", "Нейтралы (мирные)"),
        ("sc2", "arsonist", "Neutral Killing", "Нейтралы-убийцы"),
        ("ru_hunt", "maniac", "Maniac (alone)", "Маньяк (одиночка)"),
        ("ru_19", "maniac", "Maniac", "Маньяк"),
        ("ru_two_clans", "clan1", "Clan 1", "Клан 1"),
        ("townston", "psychopath", "Serial killers", "Серийные убийцы"),
    ],
)
def test_faction_names_in_a_ruleset(ruleset, faction, english, russian):
    assert names.faction_name(ruleset, faction) == english
    assert names.faction_name(ruleset, faction, "en") == english
    assert names.faction_name(ruleset, faction, "ru") == russian


def test_faction_names_without_a_ruleset_are_the_most_common():
    # Six Russian rulesets say "Civilians", two "Town", one "Villagers".
    assert names.faction_name(None, "town") == "Civilians"
    assert names.faction_name(None, "town", "ru") == "Мирные"
    assert names.faction_name(None, "mafia") == "Mafia"
    assert names.faction_name(None, "maniac") == "Maniac"
    assert names.faction_name("no_such_ruleset", "mafia") == "Mafia"
    assert names.faction_name(None, "no_such_faction") is None
    assert names.faction_name(None, "no_such_faction", "ru") is None


def test_a_faction_its_ruleset_lacks_has_no_name():
    assert names.faction_name("bay12", "cult") is None
    assert names.faction_name("bay12", "cult", "ru") is None
    assert names.faction_name("ru_classic", "maniac") is None


def test_most_common_keeps_the_first_name_of_each_key():
    # Called directly: the callers cache their result for the process.
    counts = Counter(
        {("mafia", "Mafia"): 8, ("mafia", "Mafia shooter"): 1, ("town", "Villagers"): 1}
    )
    assert names._most_common(counts) == {"mafia": "Mafia", "town": "Villagers"}
    assert names._most_common(Counter()) == {}


# ---------------------------------------------------------------- ru.py


@pytest.mark.parametrize(
    "numbers, form",
    [
        ((1, 21, 31, 101, 121), "one"),
        ((2, 3, 4, 22, 23, 24, 102, 134), "few"),
        ((0, 5, 10, 11, 12, 13, 14, 15, 19, 20, 25, 111, 112, 114), "many"),
    ],
)
def test_russian_plural_forms(numbers, form):
    assert [plural_form(n) for n in numbers] == [form] * len(numbers)


@pytest.mark.parametrize(
    "n, said",
    [
        (1, "Этой ночью убит 1 игрок."),
        (4, "Этой ночью убиты 4 игрока."),
        (5, "Этой ночью убиты 5 игроков."),
        (11, "Этой ночью убиты 11 игроков."),
        (21, "Этой ночью убит 21 игрок."),
        (22, "Этой ночью убиты 22 игрока."),
        (25, "Этой ночью убиты 25 игроков."),
    ],
)
def test_a_russian_headline_counts_its_dead_in_the_right_form(n, said):
    assert render({"id": "headline.ru", "params": {"n": n}}, "ru") == said


# ---------------------------------------------------------------- cards.py


def test_an_english_card_is_the_engines_without_ability_ids():
    shown = role_card_in("ru_eleven", "doctor")  # the doctor is told "Civilian"
    assert shown == role_card("ru_eleven", "doctor", ids=False)
    assert shown.splitlines()[0] == "Civilian (Civilians)"
    assert "[heal]" not in shown
    own = role_card_in("ru_eleven", "doctor", "en", shown=False)
    assert own == role_card("ru_eleven", "doctor", shown=False, ids=False)
    assert own.splitlines()[0] == "Doctor (Civilians)"


def test_a_russian_card_is_the_forums_own():
    assert role_card_in("ru_eleven", "doctor", "ru").startswith("Мирный. Возможно, у вас есть")
    assert role_card_in("ru_eleven", "doctor", "ru", shown=False) == (
        "Доктор: лечит от выстрела мафии, не лечит одного игрока дважды подряд. "
        "Ход обязателен. Игроку статус не сообщается: в карте — «Мирный»."
    )


# ---------------------------------------------------------------- categories_ru.py


def test_category_titles():
    assert category_title_in("Town Random", "ru") == "Любая роль города"
    assert category_title_in("Civilian Random", "ru") == "Любая роль мирных"
    assert category_title_in("Neutral Killing", "ru") == "Нейтрал: убийца"
    assert category_title_in("Town Random") == "Town Random"
    assert category_title_in("Town Random", "en") == "Town Random"
    # A title the table does not know is kept as it is.
    assert category_title_in("Odd Random", "ru") == "Odd Random"


# ---------------------------------------------------------------- roulette_ru.py


def test_roulette_help():
    assert roulette_help() is HELP
    assert roulette_help("en") is HELP
    assert roulette_help("ru") is HELP_RU
    assert HELP_RU.splitlines()[0] == "Русская рулетка (игра кладбища, на очки)"
    assert HELP.splitlines()[0] == "Russian roulette (the graveyard's game, for points)"


# ---------------------------------------------------------------- rooms.py

SPY_NOTICE = "A Spy, if there is one, reads this chat without names."
JAIL_NOTICE = "The Jailor's name is never shown here."


@pytest.mark.parametrize(
    "room, english, russian",
    [
        ("masons", "Masons", "Чат масонов"),  # no ":" in the masons' id
        ("jail:2", "Jail", "Тюрьма"),  # the jail of night 2
        ("jail:10", "Jail", "Тюрьма"),
    ],
)
def test_room_titles(room, english, russian):
    assert rooms.room_title(room) == english
    assert rooms.room_title(room, "en") == english
    assert rooms.room_title(room, "ru") == russian


@pytest.mark.parametrize("room", ["faction:mafia", "faction:masons", "jail2", "", "cult"])
def test_rooms_not_named_here_have_no_title(room):
    # A faction's chat is named by the site after its faction.
    assert rooms.room_title(room) is None
    assert rooms.room_title(room, "ru") is None


@pytest.mark.parametrize(
    "notice, russian",
    [
        (SPY_NOTICE, "Шпион, если он есть в игре, читает этот чат без ников."),
        (JAIL_NOTICE, "Ник тюремщика здесь не показывается никогда."),
    ],
)
def test_room_notices(notice, russian):
    assert rooms.room_notice(notice) == notice
    assert rooms.room_notice(notice, "en") == notice
    assert rooms.room_notice(notice, "ru") == russian


def test_an_unknown_notice_is_said_as_it_is():
    assert rooms.room_notice("Whisper quietly.", "ru") == "Whisper quietly."
    assert rooms.room_notice("Whisper quietly.") == "Whisper quietly."


@pytest.mark.parametrize(
    "alias, russian",
    [("Jailor", "Тюремщик"), ("Mafia", "Мафия"), ("Cultist", "Культист"), ("Mason", "Масон")],
)
def test_room_aliases(alias, russian):
    assert rooms.is_alias(alias) is True
    assert rooms.room_alias(alias) == alias
    assert rooms.room_alias(alias, "en") == alias
    assert rooms.room_alias(alias, "ru") == russian


def test_a_players_name_is_no_alias():
    assert rooms.is_alias("ann") is False
    assert rooms.is_alias("jailor") is False  # aliases are the engine's exact words
    assert rooms.room_alias("ann", "ru") == "ann"
    assert rooms.room_alias("ann") == "ann"


# ---------------------------------------------------------------- refusals.py


def test_a_stored_message_takes_the_readers_ruleset():
    stored = {"id": "refusal.self", "params": {"role": "mafia"}}
    assert refusal_message(stored, "ru_19") == {
        "id": "refusal.self",
        "ruleset": "ru_19",
        "params": {"role": "mafia"},
    }
    assert render(refusal_message(stored, "ru_19"), "ru") == (
        "Роль «Мафия-стрелок» не может выбрать целью себя."
    )
    assert render(refusal_message(stored, "ru_classic"), "ru") == (
        "Роль «Мафия» не может выбрать целью себя."
    )


def test_a_stored_message_keeps_its_own_ruleset():
    stored = {"id": "refusal.self", "ruleset": "ru_classic", "params": {"role": "mafia"}}
    assert refusal_message(stored, "ru_19") == stored
    assert refusal_message(stored) == stored


def test_a_stored_message_without_params_gets_empty_ones():
    assert refusal_message({"id": "refusal.ended"}, "bay12") == {
        "id": "refusal.ended",
        "ruleset": "bay12",
        "params": {},
    }
    assert refusal_message({"id": "refusal.ended"}) == {
        "id": "refusal.ended",
        "ruleset": None,
        "params": {},
    }


def test_a_dict_without_an_id_is_read_as_text():
    assert refusal_message({"text": "odd"}, "bay12") == {
        "id": "text",
        "ruleset": "bay12",
        "params": {"text": "{'text': 'odd'}"},
    }


def test_a_reason_carries_its_message_into_the_ruleset():
    assert refusal_message(Reason("refusal.sc2.revealed"), "sc2") == {
        "id": "refusal.sc2.revealed",
        "ruleset": "sc2",
        "params": {},
    }
    assert render(refusal_message(Reason("refusal.sc2.revealed")), "ru") == ("Мэр уже раскрылся.")
    assert refusal_message(Reason("refusal.dead", player="ann")) == {
        "id": "refusal.dead",
        "ruleset": None,
        "params": {"player": "ann"},
    }


def test_a_reason_inside_a_reason_is_said_in_the_same_ruleset():
    reason = Reason("refusal.by", actor="ann", reason=Reason("refusal.self", role="mafia"))
    assert refusal_message(reason, "ru_19") == {
        "id": "refusal.by",
        "ruleset": "ru_19",
        "params": {
            "actor": "ann",
            "reason": {"id": "refusal.self", "ruleset": "ru_19", "params": {"role": "mafia"}},
        },
    }
    assert render(refusal_message(reason, "ru_19"), "ru") == (
        "ann: Роль «Мафия-стрелок» не может выбрать целью себя."
    )
    assert render(refusal_message(reason, "ru_classic"), "ru") == (
        "ann: Роль «Мафия» не может выбрать целью себя."
    )
    assert render(refusal_message(reason, "ru_19"), "en") == "ann: mafia cannot target themselves"


def test_messages_in_a_list_take_the_ruleset_too():
    stored = {
        "id": "refusal.gm_decisions",
        "params": {"actor": "GM", "known": "modkill", "decisions": [{"id": "decision.modkill"}]},
    }
    assert refusal_message(stored, "ru_hunt") == {
        "id": "refusal.gm_decisions",
        "ruleset": "ru_hunt",
        "params": {
            "actor": "GM",
            "known": "modkill",
            "decisions": [{"id": "decision.modkill", "ruleset": "ru_hunt", "params": {}}],
        },
    }
    assert render(refusal_message(stored, "ru_hunt"), "ru") == (
        "Ведущий: в этих правилах ведущий решает только: модкилл."
    )


def test_a_nested_message_keeps_its_own_ruleset():
    inner = {"id": "refusal.self", "ruleset": "ru_classic", "params": {"role": "mafia"}}
    stored = {"id": "refusal.by", "params": {"actor": "ann", "reason": inner}}
    said = refusal_message(stored, "ru_19")
    assert said["params"]["reason"] == inner


@pytest.mark.parametrize(
    "ruleset, english, russian",
    [
        (
            "townston",
            "townie cannot target another town member",
            "Роль «Селянин» не может выбрать целью союзника (Жители деревни).",
        ),
        (
            "bay12",
            "townie cannot target another town member",
            "Роль «Горожанин» не может выбрать целью союзника (Город).",
        ),
    ],
)
def test_a_plain_text_refusal_is_read_back_in_its_ruleset(ruleset, english, russian):
    said = refusal_message(english, ruleset)
    assert said == {
        "id": "refusal.teammate",
        "ruleset": ruleset,
        "params": {"role": "townie", "faction": "town"},
    }
    assert render(said, "ru") == russian


def test_a_plain_text_no_pattern_knows_is_said_as_it_is():
    said = refusal_message("the moon is blue", "sc2")
    assert said == {"id": "text", "ruleset": "sc2", "params": {"text": "the moon is blue"}}
    assert render(said, "ru") == "the moon is blue"
    assert render(refusal_message("ann is dead"), "ru") == "Игрок ann мёртв."


@pytest.mark.parametrize(
    "n, told",
    [(1, "только 1 раз."), (2, "только 2 раза."), (5, "только 5 раз."), (21, "только 21 раз.")],
)
def test_the_vote_change_limit_says_its_number_in_russian(n, told):
    # Russian takes the "one" form for 21, 31, ...: "один раз" there would say the wrong
    # number, so every form writes the number.
    message = {"id": "refusal.vote_changes", "params": {"voter": "ann", "n": n}}
    assert render(message, "ru") == f"ann: голос можно изменить {told}"
    within = {"id": "refusal.vote_changes.in", "params": {"voter": "ann", "n": n, "what": "x"}}
    assert render(within, "ru") == f"ann: голос можно изменить {told[:-1]} (x)."


# -- plural forms, titles, descriptions and fallbacks --------------------------------------


@pytest.mark.parametrize(
    "n, form",
    [(1, "one"), (21, "one"), (2, "few"), (3, "few"), (22, "few"), (0, "many"), (5, "many")]
    + [(11, "many"), (12, "many"), (13, "many"), (14, "many"), (111, "many"), (112, "many")],
)
def test_russian_plural_forms_at_each_bound(n, form):
    """Russian: 1, 21 игрок; 2-4, 22 игрока; 5-20, 11-14, 111 игроков (catches: each
    bound of the few-form and the one-form moved)."""
    assert ru.plural_form(n) == form


def test_english_plural_forms():
    """English: 1 player, 0 / 2 players (catches: the test inverted or moved)."""
    assert [en.plural_form(n) for n in (0, 1, 2)] == ["many", "one", "many"]


def test_a_category_title_and_the_roulette_help_in_each_language():
    """The setup builder's category titles and the graveyard's roulette help in the
    reader's language; English is the engine's own text (catches: the language test, the
    lookup's fallback)."""
    assert category_title_in("Town Random", "ru") == "Любая роль города"
    assert category_title_in("Town Random") == "Town Random"
    assert category_title_in("No such title", "ru") == "No such title"
    assert roulette_help() == roulette.HELP
    assert roulette_help("ru") != roulette.HELP and roulette_help("ru").startswith("Русская")


def test_an_abilitys_description_stays_english_by_default():
    """ability_description: "en" is the engine's own words; an unknown description
    stays as it is in Russian too (catches: the default language, the fallback)."""
    heal = roles.get_ruleset("bay12").roles["doctor"].abilities[0].description
    assert ability_description(heal) == heal
    assert ability_description(heal, "ru") != heal
    assert ability_description("No such description.", "ru") == "No such description."


def test_names_without_a_ruleset_and_unknown_abilities_read_as_words():
    """role_name without a ruleset reads the engine's English name; an ability the
    catalogue does not know reads as its id (catches: the lookup by None; the fallback
    None, which raised)."""
    assert role_name(None, "doctor") == "Doctor"
    action = message("action", None, player="Ann", ability="no_such_ability", targets=["Bob"])
    assert render(action, "en") == "Ann: no_such_ability → Bob."
