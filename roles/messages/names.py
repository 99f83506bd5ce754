"""Role and faction names in the reader's language.

English names are the engine's own (`Role.name`, `Ruleset.factions`): the Russian
rulesets' are faithful translations of the forum's (Commissar, Don, Courtesan for
"путана", Hangman for "палач"). Russian names: the forum's traditional ones for the
Russian rulesets (Мирный, Комиссар, Дон, Путана, Палач ...), translations for the
others; a name a ruleset words its own way overrides the common one.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from ..ruleset import get_ruleset, list_rulesets

ROLES_RU = {
    "advocate": "Адвокат",
    "amnesiac": "Амнезиак",
    "arsonist": "Поджигатель",
    "bodyguard": "Телохранитель",
    "boss": "Босс",
    "bus_driver": "Водитель автобуса",
    "citizen": "Горожанин",
    "civilian": "Мирный",
    "commissar": "Комиссар",
    "consigliere": "Консильери",
    "consort": "Куртизанка",
    "coroner": "Коронер",
    "courtesan": "Путана",
    "cultist": "Культист",
    "detective": "Детектив",
    "disguiser": "Маскировщик",
    "doctor": "Доктор",
    "don": "Дон",
    "escort": "Эскорт",
    "executioner": "Экзекутор",
    "framer": "Фальсификатор",
    "godfather": "Крёстный отец",
    "hangman": "Палач",
    "hitman": "Киллер",
    "investigator": "Следователь",
    "jailor": "Тюремщик",
    "janitor": "Чистильщик",
    "jester": "Шут",
    "lookout": "Наблюдатель",
    "mad_hatter": "Безумный Шляпник",
    "mafia": "Мафия",
    "mafioso": "Мафиози",
    "maniac": "Маньяк",
    "mason": "Масон",
    "mason_leader": "Глава масонов",
    "mass_murderer": "Массовый убийца",
    "mayor": "Мэр",
    "minus_vote": "−1 голос",
    "ninja": "Ниндзя",
    "paramedic": "Фельдшер",
    "paranoid": "Параноик",
    "plus_vote": "+1 голос",
    "psychopath": "Психопат",
    "reviving_commissar": "Реанимирующий комиссар",
    "serial_killer": "Серийный убийца",
    "sheriff": "Шериф",
    "spy": "Шпион",
    "survivor": "Выживший",
    "thief": "Вор",
    "townie": "Горожанин",
    "transporter": "Перевозчик",
    "veteran": "Ветеран",
    "vigilante": "Мститель",
    "witch": "Ведьма",
}

# A ruleset's own words where they differ from the common ones.
ROLES_RU_BY_RULESET = {
    "ru_19": {"mafia": "Мафия-стрелок"},
    "townston": {"townie": "Селянин"},
}

FACTIONS_RU = {
    "town": "Мирные",
    "mafia": "Мафия",
    "neutral": "Нейтралы",
    "clan1": "Клан 1",
    "clan2": "Клан 2",
    "cult": "Культ",
    "maniac": "Маньяк",
    "psychopath": "Серийные убийцы",
}

FACTIONS_RU_BY_RULESET = {
    "bay12": {"town": "Город"},
    "sc2": {
        "town": "Город",
        "amnesiac": "Нейтралы (мирные)",
        "executioner": "Нейтралы (мирные)",
        "jester": "Нейтралы (мирные)",
        "survivor": "Нейтралы (мирные)",
        "arsonist": "Нейтралы-убийцы",
        "mass_murderer": "Нейтралы-убийцы",
        "serial_killer": "Нейтралы-убийцы",
        "witch": "Нейтралы (злые)",
    },
    "townston": {"town": "Жители деревни"},
    "ru_hunt": {"maniac": "Маньяк (одиночка)"},
}


@cache
def _english_roles() -> dict[str, str]:
    """Each role id's most common English name over the rulesets ("Mafia", not ru_19's
    "Mafia shooter"), for a line whose ruleset is not at hand."""
    counts = Counter((r.id, r.name) for s in list_rulesets() for r in s.roles.values())
    return _most_common(counts)


@cache
def _english_factions() -> dict[str, str]:
    counts = Counter(pair for s in list_rulesets() for pair in s.factions.items())
    return _most_common(counts)


def _most_common(counts: Counter) -> dict[str, str]:
    names: dict[str, str] = {}
    for (key, name), _count in counts.most_common():
        names.setdefault(key, name)
    return names


def _ruleset(ruleset_id: str | None):
    try:
        return get_ruleset(ruleset_id) if ruleset_id else None
    except KeyError:
        return None


def role_name(ruleset_id: str | None, role_id: str, lang: str = "en") -> str | None:
    """The role's name in `lang`, or None when `role_id` is no role. Without a ruleset
    (an event stored without one) the name any ruleset gives the id."""
    ruleset = _ruleset(ruleset_id)
    if ruleset is not None and role_id not in ruleset.roles:
        return None  # bay12's "mafia" is its faction, not ru_19's role
    if lang == "ru":
        own = ROLES_RU_BY_RULESET.get(ruleset_id or "", {}).get(role_id)
        return own or ROLES_RU.get(role_id)
    if ruleset is not None:
        return ruleset.roles[role_id].name
    return _english_roles().get(role_id)


def faction_name(ruleset_id: str | None, faction: str, lang: str = "en") -> str | None:
    ruleset = _ruleset(ruleset_id)
    if ruleset is not None and faction not in ruleset.factions:
        return None
    if lang == "ru":
        own = FACTIONS_RU_BY_RULESET.get(ruleset_id or "", {}).get(faction)
        return own or FACTIONS_RU.get(faction)
    if ruleset is not None and faction in ruleset.factions:
        return ruleset.factions[faction]
    return _english_factions().get(faction)
