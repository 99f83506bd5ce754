"""A setup as the pages show it: slot labels ("Town Power (random)"), and the figures
the builder shows as the GM builds (what each slot can become with its probability,
the expected factions, the player count, every problem), all from the engine
(`roles.check_setup`, `roles.setup_odds`): nothing here decides a rule.

Who may read which of these is games/viewer.py's question (`setup_list`)."""

from __future__ import annotations

from django.utils.translation import get_language, gettext

import roles
from roles.messages import language
from roles.messages.categories_ru import category_title_in


def category_title(ruleset_id: str, category_id: str) -> str:
    """A category's title in the active language."""
    try:
        title = roles.category_title(ruleset_id, category_id)
    except (KeyError, roles.ScenarioError):
        return category_id.replace("_", " ").title()
    return category_title_in(title, language(get_language()))


def role_name(ruleset, role_id: str) -> str:
    """A role's name in the active language (the forum's names in Russian)."""
    role = ruleset.roles.get(role_id)
    if role is None:
        return role_id
    return roles.role_name(ruleset.id, role_id, language(get_language())) or role.name


def flag_label(flag: str) -> str:
    """An exclusion flag as the builder's checkbox reads it: "Exclude killing"."""
    return flag.replace("_", " ").capitalize()


def slot_label(ruleset, slot: dict) -> str:
    """A slot as the role list names it: the role, or its category "(random)"."""
    if "role" in slot:
        return role_name(ruleset, slot["role"])
    return random_label(category_title(ruleset.id, slot.get("category", "")))


def random_label(category: str) -> str:
    """A random slot of a category: "Town Power (random)"."""
    return gettext("%(category)s (random)") % {"category": category}


def slot_detail(slot: dict, categories: dict) -> str:
    """The exclusions a random slot sets away from its category's defaults."""
    defaults = categories.get(slot.get("category"), {}).get("exclude", {})
    changed = [
        flag_label(flag) if value else f"not {flag_label(flag).lower()}"
        for flag, value in (slot.get("exclude") or {}).items()
        if defaults.get(flag) != value
    ]
    return ", ".join(changed)


def percent(p: float) -> str:
    """1/8 reads "12.5%", 1/2 "50%", 1/13 "7.7%"."""
    value = p * 100
    if abs(value - round(value)) < 0.05:
        return f"{round(value)}%"
    return f"{value:.1f}%"


def problem_entries(problems: list[dict]) -> list[dict]:
    return [
        {
            "slot": p.get("slot"),
            "message": p["message"],
            # The engine's message names the slot ("slot 3 of 5 (Town Power): ...").
            "text": p["message"][:1].upper() + p["message"][1:],
        }
        for p in problems
    ]


def figures(setup: dict) -> dict:
    """What the builder shows beside the setup (the check endpoint's JSON, and the
    page's own figures without JavaScript). Raises roles.SetupError for garbage."""
    ruleset = roles.get_ruleset(setup["ruleset"])
    categories = roles.setup_categories(ruleset.id)
    check = roles.check_setup(setup)
    slots = [
        {
            "slot": i,
            "label": slot_label(ruleset, slot),
            "detail": slot_detail(slot, categories) if "category" in slot else "",
            "odds": [],
        }
        for i, slot in enumerate(setup["slots"])
    ]
    result = {
        "ok": bool(check["ok"]),
        "players": check["players"],
        "problems": problem_entries(check["problems"]),
        "slots": slots,
        "factions": [],
    }
    if not check["ok"]:
        return result
    odds = roles.setup_odds(setup)
    for entry in odds["slots"]:
        ranked = sorted(
            entry["odds"].items(), key=lambda item: (-item[1], role_name(ruleset, item[0]))
        )
        slots[entry["slot"]]["odds"] = [
            {
                "role": role,
                "name": role_name(ruleset, role),
                "faction": ruleset.roles[role].faction if role in ruleset.roles else "",
                "p": round(p, 4),
                "percent": percent(p),
            }
            for role, p in ranked
            if p > 0
        ]
    # Factions the ruleset titles alike (sc2's neutral killers, each its own faction)
    # are summed under their title: the balance a GM reads.
    titled: dict[str, dict] = {}
    for faction, expected in odds["factions"].items():
        title = ruleset.factions.get(faction, faction)
        entry = titled.setdefault(title, {"factions": [], "title": title, "expected": 0.0})
        entry["factions"].append(faction)
        entry["expected"] += expected
    result["factions"] = [
        {**entry, "expected": round(entry["expected"], 2)}
        for entry in sorted(titled.values(), key=lambda e: -e["expected"])
        if entry["expected"] > 0.00005
    ]
    return result


def role_list(setup: dict, rolled: list[dict] | None = None) -> list[dict]:
    """The setup's slots as the game pages list them, each with what it rolled when
    `rolled` is given (the GM's copy of the deal: games/services/lobby.py)."""
    ruleset = roles.get_ruleset(setup["ruleset"])
    became = {entry["slot"]: entry for entry in rolled or []}
    rows = []
    for i, slot in enumerate(setup.get("slots", [])):
        row = {"label": slot_label(ruleset, slot), "random": "category" in slot, "rolled": ""}
        if i in became and "category" in slot:
            row["rolled"] = role_name(ruleset, became[i]["role"])
            fallback = became[i].get("fallback")
            if fallback:
                row["fallback"] = category_title(ruleset.id, fallback)
        rows.append(row)
    return rows
