"""A role card in the reader's language: the engine's English card (roles/cards.py),
or in Russian the forum's own (`Role.card_ru`) or its translation (cards_ru.py)."""

from __future__ import annotations

from ..cards import role_card
from ..ruleset import get_ruleset
from .cards_ru import CARDS_RU


def role_card_in(ruleset_id: str, role_id: str, lang: str = "en", shown: bool = True) -> str:
    """The card a player with this role receives, in `lang` ("en" or "ru"), in words
    (no ability ids: `python -m roles rules` prints those)."""
    if lang != "ru":
        return role_card(ruleset_id, role_id, shown=shown, ids=False)
    ruleset = get_ruleset(ruleset_id)
    role = ruleset.roles[role_id]
    if shown and role.shown_as:
        role = ruleset.roles[role.shown_as]
    return role.card_ru or CARDS_RU[ruleset_id][role.id]
