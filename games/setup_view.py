"""A setup as the pages show it: slot labels ("Town Power (random)"), and the figures
the builder shows as the GM builds (what each slot can become with its probability,
the expected factions, the player count, every problem), all from the engine
(`roles.check_setup`, `roles.setup_odds`): nothing here decides a rule.

Who may read which of these is games/viewer.py's question (`setup_list`)."""

from __future__ import annotations

from django.utils.translation import gettext

import roles
from games import ruleset_words
from games.text import reader_language


def category_title(ruleset_id: str, category_id: str) -> str:
    """A random category in the reader's words ("Town Power", "Случайный мирный")."""
    try:
        return ruleset_words.category_title(ruleset_id, category_id)
    except (KeyError, roles.ScenarioError):
        return category_id.replace("_", " ").title()


def role_name(ruleset, role_id: str) -> str:
    """A role in the reader's words ("Commissar", "Комиссар")."""
    return roles.role_name(ruleset.id, role_id, reader_language()) or role_id


def faction_title(ruleset, faction: str) -> str:
    """A faction in the reader's words; a faction the ruleset does not title (a role's
    own side) by the name every ruleset gives it."""
    lang = reader_language()
    return (
        roles.faction_name(ruleset.id, faction, lang)
        or roles.faction_name(None, faction, lang)
        or faction
    )


def flag_label(ruleset, flag: str, on: bool = True) -> str:
    """An exclusion flag as the builder's checkbox reads it: "Exclude Sheriff"."""
    return ruleset_words.flag_label(ruleset, flag, on)


def slot_label(ruleset, slot: dict) -> str:
    """A slot as the role list names it: the role, or its category "(random)"."""
    if "role" in slot:
        return role_name(ruleset, slot["role"])
    return random_label(category_title(ruleset.id, slot.get("category", "")))


def random_label(category: str) -> str:
    """A random slot of a category: "Town Power (random)"."""
    return gettext("%(category)s (random)") % {"category": category}


def slot_detail(ruleset, slot: dict, categories: dict) -> str:
    """The exclusions a random slot sets away from its category's defaults."""
    defaults = categories.get(slot.get("category"), {}).get("exclude", {})
    changed = [
        flag_label(ruleset, flag, on=bool(value))
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


def problem_entries(ruleset, problems: list[dict]) -> list[dict]:
    lang = reader_language()
    return [
        {
            "slot": p.get("slot"),
            "message": p["message"],
            # The engine's message names the slot ("slot 3 of 5 (Town Power): ..."),
            # said in the reader's language.
            "text": ruleset_words.problem_text(ruleset, p["message"], lang),
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
            "detail": slot_detail(ruleset, slot, categories) if "category" in slot else "",
            "odds": [],
        }
        for i, slot in enumerate(setup["slots"])
    ]
    result = {
        "ok": bool(check["ok"]),
        "players": check["players"],
        "problems": problem_entries(ruleset, check["problems"]),
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
        title = faction_title(ruleset, faction)
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
