"""The rulesets' own words (titles, presets, options, choices, categories, exclusion
flags) in the reader's language: the engine's catalogue
(roles/messages/rulesets_words.py) said in Django's active language."""

from __future__ import annotations

from roles.messages import rulesets_words as words

from .text import reader_language


def _id(ruleset) -> str:
    return ruleset if isinstance(ruleset, str) else ruleset.id


def ruleset_title(ruleset) -> str:
    return words.ruleset_title(_id(ruleset), reader_language())


def preset_title(ruleset, preset_id: str) -> str:
    return words.preset_title(_id(ruleset), preset_id, reader_language())


def option_label(ruleset, option_id: str) -> str:
    return words.option_label(_id(ruleset), option_id, reader_language())


def option_help(ruleset, option_id: str) -> str:
    return words.option_help(_id(ruleset), option_id, reader_language())


def choice_label(choice) -> str:
    return words.choice_label(choice, reader_language())


def ballot_labels(choices) -> dict[str, str]:
    return words.ballot_labels(choices, reader_language())


def ruling_label(ruleset, ruling: str) -> str:
    return words.ruling_label(_id(ruleset), ruling, reader_language())


def listed_choices(choices) -> str:
    """Option values or reveal modes listed in words: "light (the role), half-light (the
    team)"."""
    return ", ".join(choice_label(choice) for choice in choices)


def category_title(ruleset, category_id: str) -> str:
    return words.category_name(_id(ruleset), category_id, reader_language())


def flag_label(ruleset, flag_id: str, on: bool = True) -> str:
    return words.flag_label(_id(ruleset), flag_id, reader_language(), on)


def problem_text(ruleset, message: str, lang: str | None = None) -> str:
    return words.problem_text(_id(ruleset), message, lang or reader_language())


def own_copy_name(ruleset, preset_id: str) -> str:
    return words.own_copy_name(_id(ruleset), preset_id, reader_language())


def players_line(players: int, roles_text: str) -> str:
    return words.players_line(players, roles_text, reader_language())
