"""The rulesets' own words in the reader's language: ruleset and preset titles, option
labels and help, option choices, reveal modes, the setup builder's categories and their
exclusion flags.

English titles and helps are the engine's own (`Ruleset.title`, `Preset.title`,
`Option.help`, `Category.title`); English labels and choices are readable words where
the engine has only an id ("no_lynch" -> "nobody is lynched"). Russian uses the forum's
words (003, russian-digest.md): Мирные, Мафия, ведущий, «Классика (Питер)», ничья,
модкилл. The engine's CLI output never goes through here.
"""

from __future__ import annotations

import re

from ..ruleset import get_ruleset
from .names import role_name

RULESET_TITLES_RU = {
    "bay12": "Мафия форума Bay 12 (роли в стиле SC2)",
    "ru_19": "Мафия русского форума: расклад на 19 игроков",
    "ru_classic": "Мафия русского форума: «Классика (Питер)»",
    "ru_eleven": "Мафия русского форума: «Одиннадцать»",
    "ru_hunt": "Мафия русского форума: «Мирная охота»",
    "ru_sport": "Мафия русского форума: спортивная (московская)",
    "ru_two_clans": "Мафия русского форума: два клана + свободная охота + маньяк",
    "sc2": "Мафия SC2",
    "townston": "Таунстон: толпы линчевателей, уличные стычки, Крёстный отец и Безумный Шляпник",
}


def _hunt(players: int, mafia: int, maniac: bool, civilians: int) -> str:
    maniac_word = "маньяк, " if maniac else ""
    return (
        f"Мирная охота, {players} игроков: {mafia} мафии, доктор, {maniac_word}{civilians} мирных"
    )


PRESET_TITLES_RU = {
    ("bay12", "seed18"): "Список документа 000: по одной каждой роли",
    ("bay12", "classic7"): "7 игроков: двое мафии, пятеро горожан",
    ("bay12", "town10"): "10 игроков: трое мафии, шестеро горожан, шут",
    ("bay12", "standard15"): (
        "15 игроков: четверо мафии, девять горожан, серийный убийца и экзекутор"
    ),
    ("ru_19", "19"): "Расклад документа на 19 игроков",
    ("ru_classic", "classic_12"): (
        "Классика, 12 игроков: комиссар, доктор, 7 мирных; 2 мафии и адвокат"
    ),
    ("ru_classic", "classic_11"): (
        "Классика, 11 игроков (минимум): комиссар, доктор, 6 мирных; 2 мафии и адвокат"
    ),
    ("ru_eleven", "11"): "11 игроков документа: 8 мирных, 3 мафии",
    ("ru_hunt", "hunt_12"): _hunt(12, 3, True, 7),
    ("ru_hunt", "hunt_12_no_maniac"): _hunt(12, 3, False, 8),
    ("ru_hunt", "hunt_13"): _hunt(13, 3, True, 8),
    ("ru_hunt", "hunt_13_no_maniac"): _hunt(13, 3, False, 9),
    ("ru_hunt", "hunt_14"): _hunt(14, 3, True, 9),
    ("ru_hunt", "hunt_14_no_maniac"): _hunt(14, 4, False, 9),
    ("ru_hunt", "hunt_15"): _hunt(15, 3, True, 10),
    ("ru_hunt", "hunt_15_no_maniac"): _hunt(15, 4, False, 10),
    ("ru_hunt", "hunt_16"): _hunt(16, 4, True, 10),
    ("ru_hunt", "hunt_16_no_maniac"): _hunt(16, 5, False, 10),
    ("ru_hunt", "hunt_17"): _hunt(17, 4, True, 11),
    ("ru_hunt", "hunt_17_no_maniac"): _hunt(17, 5, False, 11),
    ("ru_sport", "sport_10"): "Спортивная, 10 игроков: комиссар и 6 мирных; дон и 2 мафии",
    ("ru_two_clans", "20"): "Расклад документа на 20 игроков",
    ("sc2", "classic"): (
        "Классический вариант SC2: только мафиози, куртизанка, горожанин, доктор, шериф; "
        "без завещаний"
    ),
    ("sc2", "clue15"): (
        "Вариант SC2 «Улики»: без завещаний, роли не вскрываются при смерти (стандартные 15 ролей)"
    ),
    ("sc2", "standard15"): (
        "Стандартный расклад SC2 на 15 игроков: десять горожан, трое мафии, двое нейтралов"
    ),
    ("townston", "twenty"): "Список Таунстона на 20 игроков (001)",
}

# Option labels and Russian helps: the long tables live in option_words.py.
from .option_words import OPTION_HELP_RU, OPTION_LABELS  # noqa: E402

# Choices where the engine has only an id (an option's value or a reveal mode).
CHOICE_LABELS = {
    "en": {
        "gm": "the GM decides",
        "no_lynch": "nobody is lynched",
        "decide_tie": "the GM decides",
        "random": "drawn at random",
        "none": "none",
        "role": "role",
        "team": "team",
        "faction": "faction",
        "light": "light (the role)",
        "half_light": "half-light (the team)",
        "dark": "dark (the name only)",
        "plurality": "plurality",
        "majority": "majority",
        "majority_trial": "majority with a trial",
        "death_descriptions": "death descriptions",
        "night_sequence": "the night sequence",
        "pairs": "role pairs (2011)",
        "flavour": "flavour groups (2012-13)",
        "crimes": "crimes (2014)",
        "exact": "the exact role",
    },
    "ru": {
        "gm": "решает ведущий",
        "no_lynch": "никто не уходит",
        "decide_tie": "решает ведущий",
        "random": "жребий",
        "none": "ничего",
        "role": "роль",
        "team": "команда",
        "faction": "фракция",
        "light": "светлая (роль)",
        "half_light": "полусветлая (команда)",
        "dark": "тёмная (только ник)",
        "plurality": "относительное большинство",
        "majority": "абсолютное большинство",
        "majority_trial": "большинство с судом",
        "death_descriptions": "описания смертей",
        "night_sequence": "ход ночи",
        "pairs": "пары ролей (2011)",
        "flavour": "группы (2012–13)",
        "crimes": "преступления (2014)",
        "exact": "точная роль",
        "on": "вкл.",
        "off": "выкл.",
    },
}

# A day's extra round whose ballots are not players (sc2's trial, ru_sport's catastrophe).
BALLOTS = {
    "en": {"execute": "execute", "pardon": "pardon"},
    "ru": {"execute": "казнить", "pardon": "помиловать"},
}

# The GM's rulings on a vote (Ruleset.vote_rulings: ru_hunt's vote thread); English is
# the engine's.
VOTE_RULINGS_RU = {
    ("ru_hunt", "reject_vote"): "голос не принят (в посте было что-то кроме ника)",
    ("ru_hunt", "urged"): "призывал голосовать против кого-то: голос засчитан против него",
}

CATEGORY_NAMES_RU = {
    "any_random": "Любая случайная",
    "town_random": "Случайный горожанин",
    "mafia_random": "Случайная мафия",
    "neutral_random": "Случайный нейтрал",
    "town_investigative": "Горожанин-следователь",
    "town_protective": "Горожанин-защитник",
    "town_killing": "Убивающий горожанин",
    "town_support": "Горожанин поддержки",
    "town_government": "Горожанин-власть",
    "town_power": "Сильный горожанин",
    "mafia_killing": "Убивающая мафия",
    "mafia_support": "Мафия поддержки",
    "mafia_deception": "Мафия обмана",
    "neutral_benign": "Добрый нейтрал",
    "neutral_evil": "Злой нейтрал",
    "neutral_killing": "Убивающий нейтрал",
}

# The Russian rulesets call the town "Мирные" and their only neutral the maniac.
CATEGORY_NAMES_RU_FORUM = {
    "town_random": "Случайный мирный",
    "town_special": "Случайный активный мирный",
    "mafia_random": "Случайная мафия",
    "mafia_special": "Случайная активная мафия",
    "neutral_random": "Маньяк",
    "any_random": "Любая случайная",
}

# Exclusion flags that name a group, not a role ("exclude_<role>" names the role).
FLAG_GROUPS = {
    "en": {
        "town": "Town",
        "mafia": "Mafia",
        "neutral": "Neutrals",
        "killing": "killing roles",
        "neutral_killing": "neutral killing roles",
    },
    "ru": {
        "town": "горожане",
        "mafia": "мафия",
        "neutral": "нейтралы",
        "killing": "убивающие роли",
        "neutral_killing": "убивающие нейтралы",
    },
}
FLAG_GROUPS_FORUM_RU = {"town": "мирные"}


def _russian_forum(ruleset_id: str) -> bool:
    return ruleset_id.startswith("ru_")


def ruleset_title(ruleset_id: str, lang: str = "en") -> str:
    if lang == "ru" and ruleset_id in RULESET_TITLES_RU:
        return RULESET_TITLES_RU[ruleset_id]
    return get_ruleset(ruleset_id).title


def preset_title(ruleset_id: str, preset_id: str, lang: str = "en") -> str:
    if lang == "ru" and (ruleset_id, preset_id) in PRESET_TITLES_RU:
        return PRESET_TITLES_RU[ruleset_id, preset_id]
    preset = get_ruleset(ruleset_id).presets.get(preset_id)
    return preset.title if preset else preset_id


def option_label(ruleset_id: str, option_id: str, lang: str = "en") -> str:
    """ "Tie", "Ничья на голосовании"; English falls back to the id in words."""
    label = OPTION_LABELS.get(lang, {}).get(option_id)
    return label or option_id.replace("_", " ").capitalize()


# English help where the engine's names its choices by their ids ("half_light"): the
# choices as the form shows them (CHOICE_LABELS).
OPTION_HELP_EN = {
    ("ru_19", "reveal"): (
        "What an elimination announces: the role (light), the team (half-light) or only "
        "the name (dark)."
    ),
    ("ru_classic", "reveal"): (
        "what an eliminated player's card shows: light = the full role, half-light = the team only"
    ),
    ("ru_classic", "tie"): (
        "a tied vote: the GM decides (his day action), nobody is lynched, or one tied "
        "player is drawn by lot"
    ),
    ("ru_two_clans", "reveal"): (
        "What an elimination announces: the role (light) or the team (half-light); the "
        "ninja shows civilian while other mafia live."
    ),
    ("sc2", "day_type"): (
        "plurality: most votes at the deadline lynch, a tie lynches nobody; majority: "
        ">=51% of all living votes lynch at once; majority with a trial: >=51% put a "
        "player on trial, then a guilty/innocent verdict"
    ),
}

# The porter's notes in sc2's help ("(port recruitable)"): the original code's names.
_PORT_NOTE = re.compile(r" ?\(port [^)]*\)")


def option_help(ruleset_id: str, option_id: str, lang: str = "en") -> str:
    """The option's help: in Russian its translation; in English the engine's without
    the porter's notes, another option named by its label ("with “Executioner becomes a
    Jester ...” off")."""
    if lang == "ru":
        return OPTION_HELP_RU.get((ruleset_id, option_id), "")
    if (ruleset_id, option_id) in OPTION_HELP_EN:
        return OPTION_HELP_EN[ruleset_id, option_id]
    options = {o.id: o for o in get_ruleset(ruleset_id).options}
    option = options.get(option_id)
    if option is None:
        return ""
    text = _PORT_NOTE.sub("", option.help)
    for other in options:
        if other != option_id and other in text:
            text = text.replace(other, f"“{option_label(ruleset_id, other, lang)}”")
    return text


def choice_label(choice, lang: str = "en") -> str:
    """An option's value or a reveal mode in words: True/False read on/off, a number
    itself, an id its words."""
    if isinstance(choice, bool):
        return {"en": {True: "on", False: "off"}, "ru": {True: "вкл.", False: "выкл."}}[
            lang if lang in ("en", "ru") else "en"
        ][choice]
    words = CHOICE_LABELS.get(lang, CHOICE_LABELS["en"])
    return words.get(str(choice), str(choice))


def ballot_labels(choices, lang: str = "en") -> dict[str, str]:
    """The words of a round's ballots when they are all words, not players ({"execute":
    "казнить", "pardon": "помиловать"}); {} for a round among players."""
    words = BALLOTS.get(lang, BALLOTS["en"])
    if not choices or not all(choice in words for choice in choices):
        return {}
    return {choice: words[choice] for choice in choices}


def ruling_label(ruleset_id: str, ruling: str, lang: str = "en") -> str:
    """A GM's ruling on a vote in words ("vote not accepted ...")."""
    if lang == "ru" and (ruleset_id, ruling) in VOTE_RULINGS_RU:
        return VOTE_RULINGS_RU[ruleset_id, ruling]
    return dict(get_ruleset(ruleset_id).vote_rulings).get(ruling, ruling)


def reveal_label(mode, lang: str = "en") -> str:
    return choice_label(str(mode), lang)


def category_name(ruleset_id: str, category_id: str, lang: str = "en") -> str:
    ruleset = get_ruleset(ruleset_id)
    if lang == "ru":
        if _russian_forum(ruleset_id) and category_id in CATEGORY_NAMES_RU_FORUM:
            return CATEGORY_NAMES_RU_FORUM[category_id]
        if category_id in CATEGORY_NAMES_RU:
            return CATEGORY_NAMES_RU[category_id]
    category = ruleset.categories.get(category_id)
    return category.title if category else category_id


def flag_label(ruleset_id: str, flag_id: str, lang: str = "en", on: bool = True) -> str:
    """An exclusion flag in words: "Exclude Sheriff", "Без: мирные"; switched off
    (a slot that lifts its category's default) "not exclude sheriff", "Допускается: ..."."""
    verb, _, what = flag_id.partition("_")
    groups = dict(FLAG_GROUPS.get(lang, FLAG_GROUPS["en"]))
    if lang == "ru" and _russian_forum(ruleset_id):
        groups.update(FLAG_GROUPS_FORUM_RU)
    name = groups.get(what) or role_name(ruleset_id, what, lang) or what.replace("_", " ")
    excludes = verb == "exclude"
    if lang == "ru":
        if on:
            return ("Без: " if excludes else "Добавить: ") + name
        return ("Допускается: " if excludes else "Не добавлять: ") + name
    label = ("Exclude " if excludes else "Include ") + name
    return label if on else f"not {label.lower()}"


def players_line(players: int, roles_text: str, lang: str = "en") -> str:
    """A setup's role list with its size: "7 players: 2 × Mafioso, Sheriff, ..."."""
    if lang == "ru":
        from .ru import plural_form

        word = {"one": "игрок", "few": "игрока", "many": "игроков"}[plural_form(players)]
        return f"{players} {word}: {roles_text}."
    word = "player" if players == 1 else "players"
    return f"{players} {word}: {roles_text}."


# -- the setup check's problems (roles/setup/check.py) --------------------------------
# The check's JSON is a public contract (docs/setup.md: {"slot", "message"} in English),
# so the Russian is read back from its English sentences, as derive.py reads the
# morning post's lines back into ids; a sentence not recognised stays as it is.

_NO_SLOTS = "the setup has no slots"
_OVER = re.compile(r"^(\d+) fixed (.+) slots \(slots ([\d, ]+)\), but (.+)$")
_SLOT = re.compile(
    r"^slot (\d+) of (\d+) \((.+?)\): no possible role (in any roll|in some rolls): (.+)$"
)
_FALLBACK_CATEGORY = "then its fallback "
_FALLBACK_ROLE = "then its fallback the "


def _names_ru(ruleset_id: str) -> dict[str, str]:
    """The ruleset's English role names and category titles -> their Russian."""
    ruleset = get_ruleset(ruleset_id)
    names = {c.title: category_name(ruleset_id, c.id, "ru") for c in ruleset.categories.values()}
    for role_id, role in ruleset.roles.items():
        names[role.name] = role_name(ruleset_id, role_id, "ru") or role.name
    return names


def _over_limit_ru(match: re.Match, names: dict[str, str], ruleset_id: str) -> str:
    count, name, where, why = match.groups()
    ru = names.get(name, name)
    if why == f"the {name} is unique in {ruleset_id} (at most one per game)":
        why_ru = f"роль «{ru}» в этих правилах единственная (не больше одной на игру)"
    elif why == f"the GM made the {name} unique (at most one)":
        why_ru = f"ведущий сделал роль «{ru}» единственной (не больше одной)"
    else:
        cap = re.fullmatch(rf"at most (\d+) {re.escape(name)} allowed", why)
        if cap is None:
            return match.string
        why_ru = f"допускается не больше {cap.group(1)}"
    return f"Фиксированных слотов «{ru}»: {count} (слоты {where}), но {why_ru}"


def _blocked_ru(text: str, names: dict[str, str]) -> str | None:
    """ "Mayor and Sheriff at their limits, Witch its constraint" in Russian."""
    out = []
    for ending, word in ((" at its limit", "на пределе"), (" at their limits", "на пределе")):
        head, found, rest = text.partition(ending)
        if found:  # the roles at their limits come first: "Mayor, Jailor and Veteran"
            listed = [names.get(n, n) for n in head.replace(" and ", ", ").split(", ")]
            out.append(_and_ru(listed) + " " + word)
            text = rest.removeprefix(", ")
            break
    constrained = False
    for entry in filter(None, text.split(", ")):
        name = next(
            (n for n in sorted(names, key=len, reverse=True) if entry.startswith(n + " ")), None
        )
        if name is None and constrained:
            continue  # the rule text goes on after a comma (the Coroner's does)
        if name is None:
            return None
        out.append(f"{names[name]}: не выполнено условие появления")
        constrained = True
    return ", ".join(out)


def _and_ru(names: list[str]) -> str:
    """ "Мирный, Комиссар и Доктор": commas, then one "и"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " и " + names[-1]


def _why_ru(why: str, names: dict[str, str]) -> str | None:
    parts = []
    for part in why.split("; "):
        if part.endswith(" has no fallback"):
            title = part.removesuffix(" has no fallback")
            parts.append(f"у категории «{names.get(title, title)}» нет запасной")
            continue
        pool, _, reason = part.partition(": ")
        if pool.startswith(_FALLBACK_ROLE):
            pool = pool.removeprefix(_FALLBACK_ROLE)
            pool_ru = f"затем её запасная роль «{names.get(pool, pool)}»"
        elif pool.startswith(_FALLBACK_CATEGORY):
            pool = pool.removeprefix(_FALLBACK_CATEGORY)
            pool_ru = f"затем её запасная категория «{names.get(pool, pool)}»"
        else:
            pool_ru = f"«{names.get(pool, pool)}»"
        if reason == "nothing left after the exclusions":
            parts.append(f"{pool_ru}: после исключений ничего не осталось")
            continue
        blocked = _blocked_ru(reason, names)
        if blocked is None:
            return None
        parts.append(f"{pool_ru}: {blocked}")
    return "; ".join(parts)


def problem_text(ruleset_id: str, message: str, lang: str = "en") -> str:
    """A setup problem as the builder shows it, in `lang` ("Slot 3 of 5 (Town Power):
    ...", "Слот 3 из 5 (Сильный горожанин): ...")."""
    english = message[:1].upper() + message[1:]
    if lang != "ru":
        return english
    if message == _NO_SLOTS:
        return "В раскладе нет ни одного слота"
    names = _names_ru(ruleset_id)
    over = _OVER.match(message)
    if over:
        return _over_limit_ru(over, names, ruleset_id)
    slot = _SLOT.match(message)
    if slot:
        index, total, name, when, why = slot.groups()
        why_ru = _why_ru(why, names)
        if why_ru is not None:
            when_ru = "ни при каком раскладе" if when == "in any roll" else "в некоторых раскладах"
            return (
                f"Слот {index} из {total} ({names.get(name, name)}): "
                f"нет возможной роли {when_ru}: {why_ru}"
            )
    return english


def own_copy_name(ruleset_id: str, preset_id: str, lang: str = "en") -> str:
    """The name a GM's setup starts with when built from a preset: "Classic (mine)"."""
    title = preset_title(ruleset_id, preset_id, lang)
    return f"{title} (мой)" if lang == "ru" else f"{title} (mine)"
