"""The exact words of roles/messages/rulesets_words.py, line by line, in English and
Russian: the Russian preset titles built by `_hunt`, the fallbacks of `preset_title`,
`option_label`, `option_help`, `choice_label`, `category_name` (an unknown id reads as
itself, a language without a table reads English or the id in words), `ballot_labels`
(sc2's trial, ru_sport's catastrophe), `flag_label` (include flags, switched-off flags,
the forum's "мирные"), `players_line` ("1 player"), `own_copy_name`, and
`problem_text`: each sentence the setup check (roles/setup/check.py) writes, read back
into Russian, with the names it does not know kept as the engine wrote them.

test_rulesets_words.py checks that everything *reads* Russian; this file pins the words.
"""

from __future__ import annotations

import pytest

import roles
from roles.messages import rulesets_words as words
from roles.messages.rulesets_words import flag_label, option_help, preset_title

# A language with no table of its own (the site only has en/ru, but the engine's
# functions take any code).
OTHER_LANG = "fr"

EXCLUDED = {"excluded_from_randoms": True}
SC2_TOWN_RANDOM = roles.setup_categories("sc2")["town_random"]["roles"]


def only_problem(ruleset_id: str, setup: dict) -> str:
    """The one problem the setup check finds in `setup`, as the engine writes it."""
    (problem,) = roles.check_setup({"ruleset": ruleset_id, **setup})["problems"]
    return problem["message"]


def town_random_with_only(*kept: str) -> dict:
    """An sc2 Town Random slot whose flags exclude every role but `kept`."""
    return {
        "category": "town_random",
        "exclude": {f"exclude_{r}": True for r in SC2_TOWN_RANDOM if r not in kept},
    }


# -- preset titles ------------------------------------------------------------------


def test_hunt_presets_name_the_maniac_only_when_he_plays():
    """003: "12-13 игроков – 3 мафа, Доктор, Маньяк (последний необязателен)"."""
    assert words.preset_title("ru_hunt", "hunt_12", "ru") == (
        "Мирная охота, 12 игроков: 3 мафии, доктор, маньяк, 7 мирных"
    )
    assert words.preset_title("ru_hunt", "hunt_12_no_maniac", "ru") == (
        "Мирная охота, 12 игроков: 3 мафии, доктор, 8 мирных"
    )
    # 14-15: "3 мафа + Маньяк + Доктор или 4 мафа + Доктор".
    assert words.preset_title("ru_hunt", "hunt_14_no_maniac", "ru") == (
        "Мирная охота, 14 игроков: 4 мафии, доктор, 9 мирных"
    )


def test_an_unknown_preset_reads_as_its_id():
    # A GM's setup may name a preset the ruleset no longer has.
    assert words.preset_title("sc2", "no_such_preset") == "no_such_preset"
    assert words.preset_title("sc2", "no_such_preset", "ru") == "no_such_preset"


def test_own_copy_name_marks_the_preset_as_mine():
    assert words.own_copy_name("sc2", "classic") == (
        "SC2 Classic variant: only Mafioso, Consort, Citizen, Doctor, Sheriff; no last wills (mine)"
    )
    assert words.own_copy_name("sc2", "classic", "ru") == (
        "Классический вариант SC2: только мафиози, куртизанка, горожанин, доктор, шериф; "
        "без завещаний (мой)"
    )
    assert words.own_copy_name("ru_hunt", "hunt_12", "ru") == (
        "Мирная охота, 12 игроков: 3 мафии, доктор, маньяк, 7 мирных (мой)"
    )


# -- options --------------------------------------------------------------------------


def test_option_label_defaults_to_english():
    assert words.option_label("ru_classic", "no_vote_modkill") == "Modkill for not voting"
    assert words.option_label("ru_classic", "no_vote_modkill", "ru") == ("Модкилл за неголосование")


def test_an_option_without_a_label_reads_as_its_id_in_words():
    assert words.option_label("sc2", "a_new_option") == "A new option"
    assert words.option_label("sc2", "a_new_option", "ru") == "A new option"
    # A language without a table of labels: the id in words, even for a known option.
    assert words.option_label("ru_classic", "no_vote_modkill", OTHER_LANG) == "No vote modkill"


def test_option_help_names_another_option_by_its_label():
    """sc2's help says "with executioner_becomes_jester off": the label replaces the id,
    in the language asked for (English by default)."""
    tail = (
        " off, an Executioner whose target dies at night commits suicide the next night "
        "(002: 'a suicide note with the words \"I failed.\"')"
    )
    help_id = "executioner_suicides_on_failure"
    assert words.option_help("sc2", help_id) == (
        "with “Executioner becomes a Jester on failure”" + tail
    )
    assert (
        words.option_help("sc2", help_id, OTHER_LANG) == "with “Executioner becomes jester”" + tail
    )


def test_option_help_never_rewrites_its_own_id():
    # bay12's "tie" help says "tied": the option's own id is not another option.
    assert words.option_help("bay12", "tie") == (
        "a tied vote lynches nobody, or one drawn at random"
    )


def test_an_unknown_option_has_no_help():
    assert words.option_help("sc2", "no_such_option", "ru") == ""
    assert words.option_help("sc2", "no_such_option") == ""


# -- choices, reveal modes, ballots ----------------------------------------------------


def test_choices_in_a_language_without_a_table_read_english():
    assert words.choice_label(True, OTHER_LANG) == "on"
    assert words.choice_label(False, OTHER_LANG) == "off"
    assert words.choice_label("no_lynch", OTHER_LANG) == "nobody is lynched"


def test_a_number_or_an_unknown_id_reads_as_itself():
    assert words.choice_label(3) == "3"  # sc2's vigilante_shots
    assert words.choice_label(0, "ru") == "0"
    assert words.choice_label("brand_new", "ru") == "brand_new"


def test_reveal_modes_read_as_the_forum_says():
    """russian-digest: "A "light" game reveals a removed player's full role; a
    "half-light" game reveals only the team"."""
    assert words.reveal_label("light") == "light (the role)"
    assert words.reveal_label("half_light") == "half-light (the team)"
    assert words.reveal_label("half_light", "ru") == "полусветлая (команда)"


def test_a_trials_ballots_are_words():
    """russian-digest (ru_sport): the catastrophe's second round is "pardon all /
    execute all"; sc2's trial is guilty/innocent."""
    assert words.ballot_labels(["execute", "pardon"], "ru") == {
        "execute": "казнить",
        "pardon": "помиловать",
    }
    assert words.ballot_labels(["execute", "pardon"]) == {
        "execute": "execute",
        "pardon": "pardon",
    }
    assert words.ballot_labels(["pardon", "execute"], OTHER_LANG) == {
        "pardon": "pardon",
        "execute": "execute",
    }


def test_a_round_among_players_has_no_ballot_words():
    assert words.ballot_labels(["alice", "bob"], "ru") == {}
    assert words.ballot_labels(["execute", "alice"], "ru") == {}  # not all are words
    assert words.ballot_labels([], "ru") == {}


# -- categories and exclusion flags ---------------------------------------------------


def test_an_unknown_category_reads_as_its_id():
    assert words.category_name("sc2", "no_such_category") == "no_such_category"
    assert words.category_name("sc2", "no_such_category", "ru") == "no_such_category"


def test_an_include_flag_reads_add_in_both_languages():
    """sc2's Neutral Evil may add the neutral killers ("include_neutral_killing")."""
    flag = "include_neutral_killing"
    assert words.flag_label("sc2", flag, "ru") == "Добавить: убивающие нейтралы"
    assert words.flag_label("sc2", flag, "ru", on=False) == "Не добавлять: убивающие нейтралы"
    assert words.flag_label("sc2", flag) == "Include neutral killing roles"
    assert words.flag_label("sc2", flag, on=False) == "not include neutral killing roles"


def test_a_switched_off_exclusion_is_allowed():
    assert words.flag_label("sc2", "exclude_town", "ru", on=False) == "Допускается: горожане"
    assert words.flag_label("sc2", "exclude_town", on=False) == "not exclude town"


def test_the_forums_town_is_mirnye_only_in_russian():
    """The Russian rulesets call the town "Мирные"; English keeps "Town"."""
    assert words.flag_label("ru_classic", "exclude_town", "ru") == "Без: мирные"
    assert words.flag_label("ru_classic", "exclude_town") == "Exclude Town"
    assert words.flag_label("sc2", "exclude_town", "ru") == "Без: горожане"


def test_a_flag_names_the_rulesets_own_role():
    # townston's townie is "Селянин", not the shared "Горожанин".
    assert words.flag_label("townston", "exclude_townie", "ru") == "Без: Селянин"
    assert words.flag_label("townston", "exclude_townie") == "Exclude Townie"


def test_flags_in_a_language_without_a_table_read_english():
    assert words.flag_label("sc2", "exclude_town", OTHER_LANG) == "Exclude Town"


# -- the players line -----------------------------------------------------------------


def test_one_player_is_singular_in_english():
    assert words.players_line(1, "Sheriff") == "1 player: Sheriff."
    assert words.players_line(2, "Sheriff, Mafioso") == "2 players: Sheriff, Mafioso."
    assert words.players_line(1, "Шериф", "ru") == "1 игрок: Шериф."


# -- the setup check's problems in Russian --------------------------------------------


def test_no_slots():
    assert words.problem_text("ru_sport", "the setup has no slots", "ru") == (
        "В раскладе нет ни одного слота"
    )
    assert words.problem_text("ru_sport", "the setup has no slots") == ("The setup has no slots")


def test_fixed_slots_over_the_rulesets_own_names():
    # townston's Townie is "Селянин"; ru_19's Mafia shooter "Мафия-стрелок".
    townies = {"slots": [{"role": "townie"}] * 2, "roles": {"townie": {"max": 1}}}
    message = only_problem("townston", townies)
    assert message == "2 fixed Townie slots (slots 1, 2), but at most 1 Townie allowed"
    assert words.problem_text("townston", message, "ru") == (
        "Фиксированных слотов «Селянин»: 2 (слоты 1, 2), но допускается не больше 1"
    )
    shooters = {"slots": [{"role": "mafia"}] * 2, "roles": {"mafia": {"max": 1}}}
    assert words.problem_text("ru_19", only_problem("ru_19", shooters), "ru") == (
        "Фиксированных слотов «Мафия-стрелок»: 2 (слоты 1, 2), но допускается не больше 1"
    )


def test_two_roles_at_their_limits_and_a_fallback_category():
    setup = {
        "slots": [{"role": "mayor"}, {"role": "jailor"}, {"category": "town_power"}],
        "roles": {
            **{r: EXCLUDED for r in SC2_TOWN_RANDOM if r not in ("mayor", "jailor")},
            "jailor": {"max": 1},
        },
    }
    assert words.problem_text("sc2", only_problem("sc2", setup), "ru") == (
        "Слот 3 из 3 (Сильный горожанин): нет возможной роли ни при каком раскладе: "
        "«Сильный горожанин»: Мэр и Тюремщик на пределе; затем её запасная категория "
        "«Случайный горожанин»: Тюремщик и Мэр на пределе"
    )


def test_the_forums_special_civilian_falls_back_to_a_random_civilian():
    setup = {
        "slots": [{"role": "commissar"}, {"role": "doctor"}, {"category": "town_special"}],
        "roles": {"civilian": EXCLUDED},
    }
    assert words.problem_text("ru_classic", only_problem("ru_classic", setup), "ru") == (
        "Слот 3 из 3 (Случайный активный мирный): нет возможной роли ни при каком "
        "раскладе: «Случайный активный мирный»: Комиссар и Доктор на пределе; затем её "
        "запасная категория «Случайный мирный»: Комиссар и Доктор на пределе"
    )


def test_a_constrained_role_is_not_at_its_limit():
    """sc2: a Mason Leader "needs a Citizen or a Cultist already in the game"."""
    setup = {
        "options": {"mason_leader_excluded_from_randoms": False},
        "slots": [town_random_with_only("mason_leader")],
    }
    assert words.problem_text("sc2", only_problem("sc2", setup), "ru") == (
        "Слот 1 из 1 (Случайный горожанин): нет возможной роли ни при каком раскладе: "
        "«Случайный горожанин»: Глава масонов: не выполнено условие появления; "
        "у категории «Случайный горожанин» нет запасной"
    )


def test_a_role_at_its_limit_beside_a_constrained_role():
    setup = {
        "options": {"mason_leader_excluded_from_randoms": False},
        "slots": [{"role": "mayor"}, town_random_with_only("mason_leader", "mayor")],
    }
    # The longest name that starts the entry: "Mason Leader", not "Mason".
    assert words.problem_text("sc2", only_problem("sc2", setup), "ru") == (
        "Слот 2 из 2 (Случайный горожанин): нет возможной роли ни при каком раскладе: "
        "«Случайный горожанин»: Мэр на пределе, Глава масонов: не выполнено условие "
        "появления; у категории «Случайный горожанин» нет запасной"
    )


def test_blocked_roles_in_the_docstrings_shape():
    """ "Mayor and Sheriff at their limits, Witch its constraint": every constrained
    role after the limits is named ("its constraint" is draws.py's text for a rule
    without one)."""
    names = words._names_ru("sc2")
    text = "Mayor and Sheriff at their limits, Witch its constraint, Mason Leader its constraint"
    assert words._blocked_ru(text, names) == (
        "Мэр и Шериф на пределе, Ведьма: не выполнено условие появления, "
        "Глава масонов: не выполнено условие появления"
    )


def test_a_fallback_role_excluded_and_at_its_limit():
    """sc2's Town Government falls back to the Citizen."""
    excluded = {
        "slots": [{"category": "town_government"}, {"category": "town_government"}],
        "roles": {"mason": {"max": 1}, "citizen": EXCLUDED},
    }
    assert words.problem_text("sc2", only_problem("sc2", excluded), "ru") == (
        "Слот 2 из 2 (Горожанин-власть): нет возможной роли ни при каком раскладе: "
        "«Горожанин-власть»: Масон на пределе; затем её запасная роль «Горожанин»: после "
        "исключений ничего не осталось"
    )
    at_limit = {
        "slots": [{"category": "town_government", "exclude": {"exclude_citizen": True}}],
        "roles": {"mason": {"max": 0}, "citizen": {"max": 0}},
    }
    assert words.problem_text("sc2", only_problem("sc2", at_limit), "ru") == (
        "Слот 1 из 1 (Горожанин-власть): нет возможной роли ни при каком раскладе: "
        "«Горожанин-власть»: Масон на пределе; затем её запасная роль «Горожанин»: "
        "Горожанин на пределе"
    )


def test_impossible_only_in_some_rolls():
    setup = {
        "slots": [
            {"category": "town_investigative"},
            {
                "category": "town_investigative",
                "exclude": {
                    "exclude_investigator": True,
                    "exclude_lookout": True,
                    "exclude_coroner": True,
                },
            },
        ],
        "roles": {"sheriff": {"max": 1}},
    }
    assert words.problem_text("sc2", only_problem("sc2", setup), "ru") == (
        "Слот 2 из 2 (Горожанин-следователь): нет возможной роли в некоторых раскладах: "
        "«Горожанин-следователь»: Шериф на пределе; у категории «Горожанин-следователь» "
        "нет запасной"
    )


# A ruleset's tables may not know a name in a problem (a role renamed since the check
# ran): the Russian sentence keeps the engine's English name rather than losing it.
UNKNOWN_NAMES = {
    "2 fixed Mayor slots (slots 1, 2), but at most 1 Mayor allowed": (
        "Фиксированных слотов «Mayor»: 2 (слоты 1, 2), но допускается не больше 1"
    ),
    (
        "slot 3 of 3 (Town Power): no possible role in any roll: Town Power: Mayor and "
        "Jailor at their limits; then its fallback Town Random: Jailor and Mayor at their "
        "limits"
    ): (
        "Слот 3 из 3 (Town Power): нет возможной роли ни при каком раскладе: "
        "«Town Power»: Mayor и Jailor на пределе; затем её запасная категория "
        "«Town Random»: Jailor и Mayor на пределе"
    ),
    (
        "slot 1 of 1 (Town Government): no possible role in any roll: Town Government: "
        "Mason at its limit; then its fallback the Citizen: Citizen at its limit"
    ): (
        "Слот 1 из 1 (Town Government): нет возможной роли ни при каком раскладе: "
        "«Town Government»: Mason на пределе; затем её запасная роль «Citizen»: "
        "Citizen на пределе"
    ),
    (
        "slot 2 of 2 (Town Investigative): no possible role in some rolls: Town "
        "Investigative: Sheriff at its limit; Town Investigative has no fallback"
    ): (
        "Слот 2 из 2 (Town Investigative): нет возможной роли в некоторых раскладах: "
        "«Town Investigative»: Sheriff на пределе; у категории «Town Investigative» "
        "нет запасной"
    ),
}


@pytest.mark.parametrize("message", list(UNKNOWN_NAMES), ids=range(len(UNKNOWN_NAMES)))
def test_names_the_ruleset_does_not_know_stay_english(message):
    # sc2's sentences read with ru_classic's tables, which have none of these names.
    assert words.problem_text("ru_classic", message, "ru") == UNKNOWN_NAMES[message]


def test_a_constrained_role_the_ruleset_does_not_know_leaves_the_sentence_english():
    # The constraint's text cannot be told from an unknown name, so the sentence is
    # "not recognised" and stays as the engine wrote it (capitalised).
    message = (
        "slot 1 of 1 (Town Random): no possible role in any roll: Town Random: Mason "
        "Leader needs a Citizen or a Cultist already in the game; Town Random has no fallback"
    )
    assert words.problem_text("ru_classic", message, "ru") == "S" + message[1:]


def test_the_coroners_constraint_with_a_comma_in_it_is_read_in_russian():
    """The Coroner's rule text has a comma of its own ("needs a Janitor already in the
    game, the Clue variant or every Coroner option on"): the Russian sentence still
    names him, and the Mason Leader after him, instead of falling back to English."""
    setup = {
        "options": {"mason_leader_excluded_from_randoms": False},
        "slots": [town_random_with_only("coroner", "mason_leader")],
    }
    english = only_problem("sc2", setup)
    assert "game, the Clue variant" in english
    assert words.problem_text("sc2", english, "ru") == (
        "Слот 1 из 1 (Случайный горожанин): нет возможной роли ни при каком раскладе: "
        "«Случайный горожанин»: Коронер: не выполнено условие появления, Глава масонов: "
        "не выполнено условие появления; у категории «Случайный горожанин» нет запасной"
    )


def test_three_roles_at_their_limits_read_as_a_list():
    limited = ("mayor", "jailor", "veteran", "coroner")
    setup = {
        "slots": [{"role": "mayor"}, {"role": "jailor"}, {"role": "veteran"}]
        + [{"category": "town_random"}],
        "roles": {
            **{r: EXCLUDED for r in SC2_TOWN_RANDOM if r not in limited},
            "jailor": {"max": 1},
            "veteran": {"max": 1},
        },
    }
    english = only_problem("sc2", setup)
    assert "Town Random: Veteran, Jailor and Mayor at their limits, Coroner needs" in english
    assert words.problem_text("sc2", english, "ru") == (
        "Слот 4 из 4 (Случайный горожанин): нет возможной роли ни при каком раскладе: "
        "«Случайный горожанин»: Ветеран, Тюремщик и Мэр на пределе, Коронер: не выполнено "
        "условие появления; у категории «Случайный горожанин» нет запасной"
    )


@pytest.mark.parametrize(
    "ruling, english, russian",
    [
        (
            "reject_vote",
            "vote not accepted (the post held more than the nickname)",
            "голос не принят (в посте было что-то кроме ника)",
        ),
        (
            "urged",
            "urged others to vote: the vote counts against them",
            "призывал голосовать против кого-то: голос засчитан против него",
        ),
        ("no_such_ruling", "no_such_ruling", "no_such_ruling"),
    ],
)
def test_the_gms_vote_rulings_in_words(ruling, english, russian):
    """003 (ru_hunt's vote thread): a vote post with anything but the nickname is not
    accepted, and urging others counts the vote against oneself; the GM records either
    ruling by these words. A ruling the ruleset does not know reads as its id."""
    assert words.ruling_label("ru_hunt", ruling) == english
    assert words.ruling_label("ru_hunt", ruling, "en") == english
    assert words.ruling_label("ru_hunt", ruling, "ru") == russian


# -- Russian names of presets, flags and options -------------------------------------------


def test_russian_names_of_presets_flags_and_options():
    """ru_hunt's presets in the forum's words ('маньяк' only where there is one); a flag
    the catalogue does not name reads as its words; an option with no help has none
    (catches: the maniac's word, the flag's spaces, the empty help)."""
    assert preset_title("ru_hunt", "hunt_12", "ru") == (
        "Мирная охота, 12 игроков: 3 мафии, доктор, маньяк, 7 мирных"
    )
    assert flag_label("sc2", "exclude_no_such_thing") == "Exclude no such thing"
    assert option_help("sc2", "no_such_option") == ""
