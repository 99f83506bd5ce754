"""A message (an id and its parameters) as a sentence in one language.

A template is a string with fields, or a choice among strings:

- ``{target}``: a parameter as it is (a player's name, a free text, a number);
  ``{target:repr}`` as Python writes it (the engine's English refusals quote so);
- ``{value:thing}``: a role, a faction or a word of the catalogue, named in the
  reader's language; ``{value:things}`` a list of them; ``{value:names}`` a list of
  player names ("nobody" when empty);
- ``{@They}``, ``{@were}`` ...: a pronoun form of the message's ``player``
  (they/he/she, read through ``pronoun_of``);
- ``{"by": "value", "cases": {...}, "other": ...}``: the template for the value of
  one parameter; ``{"plural": "n", "one": ..., "few": ..., "many": ...}``: the form
  for a number (Russian needs three, English two).

>>> render({"id": "result.role_change", "ruleset": "bay12", "params": {"value": "mafioso"}}, "ru")
'Теперь ваша роль: Мафиози.'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from . import en, ru
from .names import faction_name, role_name

CATALOGUES = {"en": en, "ru": ru}
LANGUAGES = tuple(CATALOGUES)
PRONOUNS = ("they", "he", "she")
FIELD = re.compile(r"\{(@?\w+)(?::(\w+))?\}")

Message = dict[str, Any]


class UnknownMessage(KeyError):
    """A message id (or a word) without a sentence in a language: a test catches it."""


def language(lang: str | None) -> str:
    """The catalogue for a Django language code: 'ru', 'ru-ru' -> 'ru'; else English."""
    code = str(lang or "en").lower().split("-")[0].split("_")[0]
    return code if code in CATALOGUES else "en"


def they(_name: str) -> str:
    return "they"


def render(
    message: Message, lang: str = "en", pronoun_of: Callable[[str], str] | None = None
) -> str:
    """The sentence of `message` in `lang` ("en" or "ru"); pronouns of its `player`
    from `pronoun_of(name)` ("they" when not given or not known)."""
    catalogue = CATALOGUES[language(lang)]
    params = message.get("params") or {}
    if message["id"] == "parts":  # sentences told together (a death description)
        return catalogue.SEPARATOR.join(
            render({**message, "id": part}, lang, pronoun_of) for part in params["parts"]
        )
    if message["id"] == "causes":  # the Russian rulesets': 'Victim of the mafia; ...'
        told = "; ".join(render({"id": f"cause.{c}"}, lang) for c in params["causes"])
        return told[:1].upper() + told[1:] + "."
    template = catalogue.MESSAGES.get(message["id"]) or en.MESSAGES.get(message["id"])
    if template is None:
        raise UnknownMessage(f"{lang}: no message {message.get('id')!r}")
    ruleset = message.get("ruleset")
    player = params.get("player")
    pronoun = (pronoun_of or they)(str(player)) if player else "they"
    if pronoun not in PRONOUNS:
        pronoun = "they"
    text = _choose(template, params, catalogue)

    def field(match: re.Match) -> str:
        name, kind = match.group(1), match.group(2)
        if name.startswith("@"):
            return catalogue.PRONOUN_FORMS[pronoun][name[1:]]
        value = params.get(name)
        if kind is None and _is_message(value):  # a message inside a message
            return render(value, lang, pronoun_of)
        if kind is None and isinstance(value, list) and all(map(_is_message, value)):
            return catalogue.join([render(v, lang, pronoun_of) for v in value])
        return _value(value, kind, ruleset, catalogue)

    return FIELD.sub(field, text)


def _is_message(value: Any) -> bool:
    return isinstance(value, dict) and "id" in value


def _choose(template, params: dict, catalogue) -> str:
    while isinstance(template, dict):
        if "plural" in template:
            template = template[catalogue.plural_form(int(params.get(template["plural"]) or 0))]
        else:
            key = params.get(template["by"])
            key = "empty" if key in ("", [], None) and "empty" in template["cases"] else key
            template = template["cases"].get(str(key), template.get("other"))
            if template is None:
                raise UnknownMessage(f"no case {key!r}")
    return template


def _value(value: Any, kind: str | None, ruleset: str | None, catalogue) -> str:
    if kind is None:
        return "" if value is None else str(value)
    if kind == "repr":
        return repr(value)
    if kind == "names":
        names = [str(v) for v in value or []]
        return catalogue.join(names) if names else catalogue.WORDS["nobody"]
    if kind == "things":
        items = [thing(str(v), ruleset, catalogue) for v in value or []]
        return catalogue.join(items) if items else catalogue.WORDS["nothing"]
    if kind == "thing":
        return thing(str(value), ruleset, catalogue)
    if kind == "faction":  # a team, even where a role has its id (ru "mafia")
        named = faction_name(ruleset, str(value), catalogue.LANG)
        return named or thing(str(value), ruleset, catalogue)
    if kind in ("ability", "Ability"):
        said = catalogue.ABILITIES.get(str(value), str(value))  # a new one: its test fails
        return said[:1].upper() + said[1:] if kind == "Ability" else said
    if kind == "abilities":
        return catalogue.join([catalogue.ABILITIES.get(str(v), str(v)) for v in value or []])
    if kind == "word":
        return word(str(value), catalogue)
    raise UnknownMessage(f"no field kind {kind!r}")


def thing(value: str, ruleset: str | None, catalogue) -> str:
    """A role, then a faction, then a word of the catalogue, in the reader's words."""
    lang = catalogue.LANG
    named = role_name(ruleset, value, lang) or faction_name(ruleset, value, lang)
    return named or catalogue.WORDS.get(value, value)  # a new word: its tests fail


def word(value: str, catalogue) -> str:
    try:
        return catalogue.WORDS[value]
    except KeyError:
        raise UnknownMessage(f"{catalogue.LANG}: no word {value!r}") from None
