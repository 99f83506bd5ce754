"""Game text in words, in English and Russian.

Every result, announcement and role card of the engine is a message: an id and its
parameters (`derive.py` reads it from what the engine returns, without changing the
simulate output), said in the reader's language by `render` from one catalogue per
language (`en.py`, `ru.py`), with plural forms and the player's pronoun
(they/he/she). Role and faction names: `names.py`; role cards: `cards.py`.

>>> result = {"to": "Ann", "kind": "check", "target": "Bob", "value": "suspicious"}
>>> render(result_message(result, "bay12"), "ru")
'Результат проверки игрока Bob: подозрителен.'
>>> render(description_message("Ann", "He/She was shot at close range."), "en",
...        lambda name: "she")
'She was shot at close range.'
"""

from .cards import role_card_in
from .derive import (
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
from .names import faction_name, role_name
from .render import LANGUAGES, PRONOUNS, UnknownMessage, language, render

__all__ = [
    "LANGUAGES",
    "PRONOUNS",
    "UnknownMessage",
    "death_message",
    "description_message",
    "event_message",
    "faction_name",
    "headline_message",
    "language",
    "message",
    "named_result_message",
    "outcome_messages",
    "told_once",
    "render",
    "result_message",
    "role_card_in",
    "role_name",
]
