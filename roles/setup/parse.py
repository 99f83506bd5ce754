"""Reading a setup (docs/setup.md "Input") into a typed Setup, or a one-line SetupError."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from ..errors import SetupError
from ..ruleset import Ruleset, get_ruleset, list_rulesets

SETUP_KEYS = ("ruleset", "options", "slots", "roles")
LIMIT_KEYS = ("unique", "max", "excluded_from_randoms")


@dataclass(frozen=True)
class Slot:
    """One slot: a fixed `role`, or a random `category` with every flag's value."""

    index: int
    role: str | None = None
    category: str | None = None
    flags: tuple[tuple[str, bool], ...] = ()

    @property
    def fixed(self) -> bool:
        return self.role is not None


@dataclass(frozen=True)
class Limit:
    """The GM's limit on one role (`roles` in the input)."""

    unique: bool = False
    max: int | None = None
    excluded_from_randoms: bool = False


@dataclass(frozen=True)
class Setup:
    ruleset: Ruleset
    options: dict[str, Any]
    slots: tuple[Slot, ...]
    limits: dict[str, Limit]

    def label(self, index: int) -> str:
        """ "slot 5 of 5 (Any Random)": the slot as a person reads it."""
        slot = self.slots[index]
        if slot.fixed:
            name = self.ruleset.roles[slot.role].name
        else:
            name = self.ruleset.categories[slot.category].title
        return f"slot {index + 1} of {len(self.slots)} ({name})"


def _hint(word: Any, known: list[str]) -> str:
    close = difflib.get_close_matches(str(word), known, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _unknown_keys(given: dict[str, Any], known: tuple[str, ...], where: str) -> None:
    for key in given:
        if key not in known:
            raise SetupError(f"{where}: unknown key '{key}'{_hint(key, list(known))}")


def parse_setup(setup: Any) -> Setup:
    """Validate `setup` into a Setup; SetupError (one line) for garbage."""
    if not isinstance(setup, dict):
        raise SetupError("setup: a setup is a JSON object")
    _unknown_keys(setup, SETUP_KEYS, "setup")
    known = [r.id for r in list_rulesets()]
    ruleset_id = setup.get("ruleset")
    if not isinstance(ruleset_id, str) or ruleset_id not in known:
        raise SetupError(f"setup: unknown ruleset '{ruleset_id}'{_hint(ruleset_id, known)}")
    ruleset = get_ruleset(ruleset_id)
    options = setup.get("options") or {}
    if not isinstance(options, dict):
        raise SetupError("setup: options must be an object of option: value")
    try:
        options = ruleset.resolved_options(options)
    except ValueError as exc:
        raise SetupError(f"setup: {exc}") from None
    slots = setup.get("slots")
    if not isinstance(slots, list):
        raise SetupError("setup: slots must be a list of {role} or {category, exclude} objects")
    total = len(slots)
    parsed = tuple(_slot(ruleset, i, total, s) for i, s in enumerate(slots))
    return Setup(ruleset, options, parsed, _limits(ruleset, setup.get("roles")))


def _slot(ruleset: Ruleset, index: int, total: int, given: Any) -> Slot:
    where = f"slot {index + 1} of {total}"
    if not isinstance(given, dict):
        raise SetupError(f'{where}: a slot is {{"role": ID}} or {{"category": ID}}')
    if "role" in given:
        _unknown_keys(given, ("role",), where)
        role = given["role"]
        if not isinstance(role, str) or role not in ruleset.roles:
            hint = _hint(role, list(ruleset.roles))
            raise SetupError(f"{where}: unknown role '{role}' of {ruleset.id}{hint}")
        return Slot(index, role=role)
    if "category" not in given:
        raise SetupError(f'{where}: a slot is {{"role": ID}} or {{"category": ID}}')
    _unknown_keys(given, ("category", "exclude"), where)
    category_id = given["category"]
    if not isinstance(category_id, str) or category_id not in ruleset.categories:
        hint = _hint(category_id, list(ruleset.categories))
        raise SetupError(f"{where}: unknown category '{category_id}' of {ruleset.id}{hint}")
    category = ruleset.categories[category_id]
    where = f"{where} ({category.title})"
    exclude = given.get("exclude") or {}
    if not isinstance(exclude, dict):
        raise SetupError(f"{where}: exclude must be an object of flag: true/false")
    defaults = {f.id: f.default for f in category.flags}
    for flag, value in exclude.items():
        if flag not in defaults:
            hint = _hint(flag, list(defaults))
            raise SetupError(f"{where}: {category_id} has no exclusion flag '{flag}'{hint}")
        if not isinstance(value, bool):
            raise SetupError(f"{where}: exclusion flag {flag} must be true or false")
    flags = tuple((f, bool(exclude.get(f, d))) for f, d in defaults.items())
    return Slot(index, category=category_id, flags=flags)


def _limits(ruleset: Ruleset, given: Any) -> dict[str, Limit]:
    if given is None:
        return {}
    if not isinstance(given, dict):
        raise SetupError("setup: roles must be an object of role: {unique, max, ...}")
    out = {}
    for role, limit in given.items():
        where = f"roles.{role}"
        if role not in ruleset.roles:
            hint = _hint(role, list(ruleset.roles))
            raise SetupError(f"{where}: unknown role '{role}' of {ruleset.id}{hint}")
        if not isinstance(limit, dict):
            raise SetupError(f"{where}: a limit is {{unique, max, excluded_from_randoms}}")
        _unknown_keys(limit, LIMIT_KEYS, where)
        for key in ("unique", "excluded_from_randoms"):
            if key in limit and not isinstance(limit[key], bool):
                raise SetupError(f"{where}: {key} must be true or false")
        most = limit.get("max")
        if most is not None and (isinstance(most, bool) or not isinstance(most, int) or most < 0):
            raise SetupError(f"{where}: max must be a whole number, 0 or more")
        out[role] = Limit(
            bool(limit.get("unique", False)), most, bool(limit.get("excluded_from_randoms"))
        )
    return out
