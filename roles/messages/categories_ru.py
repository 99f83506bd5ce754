"""The setup categories' titles in Russian (roles/setup/categories.py: the engine's
English titles, which `python -m roles setup categories` prints), keyed by the English
title (one id reads differently by ruleset: "Town Random", "Civilian Random")."""

from __future__ import annotations

CATEGORY_TITLES_RU = {
    "Any Random": "Любая роль",
    "Mafia Deception": "Мафия: обман",
    "Mafia Killing": "Мафия: убийцы",
    "Mafia Random": "Любая роль мафии",
    "Mafia Special": "Особая роль мафии",
    "Mafia Support": "Мафия: поддержка",
    "Neutral Benign": "Нейтрал: мирный",
    "Neutral Evil": "Нейтрал: злой",
    "Neutral Killing": "Нейтрал: убийца",
    "Maniac": "Маньяк",
    "Neutral Random": "Любой нейтрал",
    "Town Government": "Город: власть",
    "Town Investigative": "Город: расследование",
    "Town Killing": "Город: убийцы",
    "Town Power": "Город: сильная роль",
    "Town Protective": "Город: защита",
    "Civilian Random": "Любая роль мирных",
    "Town Random": "Любая роль города",
    "Civilian Special": "Особая роль мирных",
    "Town Support": "Город: поддержка",
}


def category_title_in(title: str, lang: str = "en") -> str:
    """A category's English title in `lang`."""
    return CATEGORY_TITLES_RU.get(title, title) if lang == "ru" else title
