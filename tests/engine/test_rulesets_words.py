"""Issue 16: the rulesets' own words in Russian (and readable English where the engine
has only an id): every ruleset title, preset, option, choice, reveal mode, random
category and exclusion flag, read from the engine's own tables."""

import re

import pytest

import roles
from roles.messages import rulesets_words as words
from tests.kit.engine import LATIN as LATIN_WORD
from tests.kit.engine import RAW_ID

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# Latin a Russian text may keep: the names of the sites and the game the rulesets
# come from.
KEPT_LATIN = {"SC", "Bay"}  # SC2, Bay 12
RULESETS = roles.list_rulesets()


def russian(text: str) -> bool:
    """Russian words, and no Latin one but the kept names."""
    return bool(CYRILLIC.search(text)) and not set(LATIN_WORD.findall(text)) - KEPT_LATIN


def word_choices(option) -> list:
    """An option's choices that are words (not True/False, not numbers)."""
    return [c for c in option.choices if isinstance(c, str)]


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_ruleset_title_and_preset_reads_in_russian(ruleset):
    title = words.ruleset_title(ruleset.id, "ru")
    assert russian(title), title
    assert words.ruleset_title(ruleset.id, "en") == ruleset.title
    for preset in ruleset.presets.values():
        ru = words.preset_title(ruleset.id, preset.id, "ru")
        assert russian(ru), (preset.id, ru)
        assert words.preset_title(ruleset.id, preset.id, "en") == preset.title


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_option_and_choice_has_words_in_both_languages(ruleset):
    for option in ruleset.options:
        ru = words.option_label(ruleset.id, option.id, "ru")
        assert russian(ru), (option.id, ru)
        en = words.option_label(ruleset.id, option.id, "en")
        assert "_" not in en and en, (option.id, en)  # no raw id in English either
        help_ru = words.option_help(ruleset.id, option.id, "ru")
        assert russian(help_ru), (option.id, help_ru)  # every option, sc2's too
        help_en = words.option_help(ruleset.id, option.id, "en")
        assert help_en and not RAW_ID.search(help_en), (option.id, help_en)
        assert "(port " not in help_en  # the porter's notes name the original's code
        for choice in option.choices:
            ru_choice = words.choice_label(choice, "ru")
            assert russian(ru_choice) or isinstance(choice, int), (option.id, choice, ru_choice)
        for choice in word_choices(option):
            # An id has English words of its own in the table (no "no_lynch" shown).
            assert choice in words.CHOICE_LABELS["en"], (option.id, choice)
            assert "_" not in words.choice_label(choice, "en")


def test_an_sc2_help_names_another_option_by_its_label():
    en = words.option_help("sc2", "executioner_suicides_on_failure", "en")
    assert en.startswith("with “Executioner becomes a Jester on failure” off, an Executioner")
    assert words.option_help("sc2", "citizen_recruitable", "en") == (
        "a Mason Leader can recruit Citizens into the Masons"
    )
    assert words.option_label("sc2", "vigilante_shots", "ru").startswith("Выстрелов мстителя")
    assert words.option_help("sc2", "godfather_detection_immune", "ru") == (
        "крёстный отец: проверка показывает «не подозрителен»"
    )


def test_the_ties_read_as_the_forum_says():
    """003: a tie is "ничья"; the host, "ведущий", decides it (ru_classic's default)."""
    assert words.option_label("ru_classic", "tie", "ru") == "Ничья на голосовании"
    assert words.choice_label("gm", "ru") == "решает ведущий"
    assert words.choice_label("no_lynch", "en") == "nobody is lynched"
    assert words.option_label("ru_classic", "no_vote_modkill", "ru") == ("Модкилл за неголосование")
    assert words.ruleset_title("ru_classic", "ru") == "Мафия русского форума: «Классика (Питер)»"


def test_booleans_read_on_and_off():
    assert [words.choice_label(c, "en") for c in (True, False)] == ["on", "off"]
    assert [words.choice_label(c, "ru") for c in (True, False)] == ["вкл.", "выкл."]


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_reveal_mode_reads_in_both_languages(ruleset):
    modes = {c for o in ruleset.options if o.id == "reveal" for c in o.choices}
    modes |= {"role", "team", "none"}  # the modes of the rulesets without the option
    for mode in modes:
        assert russian(words.reveal_label(mode, "ru")), mode
        assert mode in words.CHOICE_LABELS["en"], mode


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_category_and_flag_reads_in_russian(ruleset):
    for category in ruleset.categories.values():
        ru = words.category_name(ruleset.id, category.id, "ru")
        assert russian(ru), (category.id, ru)
        assert words.category_name(ruleset.id, category.id, "en") == category.title
        for flag in category.flags:
            for on in (True, False):
                ru_flag = words.flag_label(ruleset.id, flag.id, "ru", on)
                assert russian(ru_flag), (flag.id, ru_flag)
                assert "_" not in words.flag_label(ruleset.id, flag.id, "en", on)


def test_the_forums_categories_are_its_own():
    """The Russian rulesets' town is "Мирные", their only neutral the maniac."""
    assert words.category_name("ru_classic", "town_random", "ru") == "Случайный мирный"
    assert words.category_name("ru_hunt", "neutral_random", "ru") == "Маньяк"
    assert words.category_name("sc2", "town_random", "ru") == "Случайный горожанин"
    assert words.flag_label("ru_classic", "exclude_commissar", "ru") == "Без: Комиссар"
    assert words.flag_label("sc2", "exclude_killing", "en") == "Exclude killing roles"


def test_the_players_line_says_the_plural_in_russian():
    assert words.players_line(11, "…", "ru") == "11 игроков: …."
    assert words.players_line(3, "…", "ru") == "3 игрока: …."
    assert words.players_line(21, "…", "ru") == "21 игрок: …."
    assert words.players_line(7, "a", "en") == "7 players: a."


def problem_setups(ruleset):
    """Setups of `ruleset` that break each kind of rule the check knows: no slots,
    unique roles twice, a GM's limits, every category with all its flags on, and
    every category drawn more often than it has roles."""
    uniques = sorted(ruleset.unique_roles)
    some_role = next(iter(ruleset.roles))
    yield {"ruleset": ruleset.id, "slots": []}
    yield {"ruleset": ruleset.id, "slots": [{"role": u} for u in uniques for _ in range(2)]}
    yield {
        "ruleset": ruleset.id,
        "slots": [{"role": some_role}, {"role": some_role}],
        "roles": {some_role: {"max": 1}},
    }
    yield {
        "ruleset": ruleset.id,
        "slots": [{"role": some_role}, {"role": some_role}],
        "roles": {some_role: {"unique": True}},
    }
    for category in ruleset.categories.values():
        every_flag = {flag.id: True for flag in category.flags}
        yield {"ruleset": ruleset.id, "slots": [{"category": category.id, "exclude": every_flag}]}
        yield {"ruleset": ruleset.id, "slots": [{"category": category.id}] * 40}


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_setup_problem_reads_in_russian(ruleset):
    """The builder's problems (roles/setup/check.py), each kind, in Russian; the
    English is the engine's sentence (the check's JSON, docs/setup.md, is unchanged)."""
    kinds = set()
    for setup in problem_setups(ruleset):
        for problem in roles.check_setup(setup)["problems"]:
            message = problem["message"]
            ru = words.problem_text(ruleset.id, message, "ru")
            assert russian(ru), (message, ru)
            assert (
                words.problem_text(ruleset.id, message, "en") == message[:1].upper() + message[1:]
            )
            kinds.add(message.split(" ")[0] if not message[0].isdigit() else "fixed")
    assert {"the", "fixed"} <= kinds  # no slots, and over the limits


def test_a_slot_without_a_role_reads_in_russian():
    town = roles.get_ruleset("ru_classic").categories["town_random"]
    every_flag = {flag.id: True for flag in town.flags}
    setup = {"ruleset": "ru_classic", "slots": [{"category": "town_random", "exclude": every_flag}]}
    (problem,) = roles.check_setup(setup)["problems"]
    assert words.problem_text("ru_classic", problem["message"], "ru") == (
        "Слот 1 из 1 (Случайный мирный): нет возможной роли ни при каком раскладе: "
        "«Случайный мирный»: после исключений ничего не осталось; у категории "
        "«Случайный мирный» нет запасной"
    )
    maniacs = {"ruleset": "ru_hunt", "slots": [{"category": "neutral_random"}] * 2}
    (problem,) = roles.check_setup(maniacs)["problems"]
    assert "«Маньяк»: Маньяк на пределе" in words.problem_text("ru_hunt", problem["message"], "ru")
