"""The setup builder's form: its fields read into the engine's setup format, and the
page's rows built back from a setup.

Field names (static/games/builder.js renumbers them as it adds, removes and moves
rows, so a post reads the same with or without the script):

- `slot-N`: "role:ID" or "category:ID", slots in order N = 0, 1, ...;
- `slot-N-x-FLAG`: a checked exclusion flag of slot N's category (only the chosen
  category's flags are read, so a row switched to another category without the
  script carries no stale flag);
- `limit-ROLE-unique`, `limit-ROLE-max`, `limit-ROLE-excluded`: the GM's role limits;
- `option_ID`: the ruleset's options (games/web/forms.py `option_fields`);
- `op`: the button pressed: "save", "check", "add" (a slot of `new-slot`), or
  "remove-N", "up-N", "down-N".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django import forms
from django.utils.translation import gettext

import roles
from games import setup_view
from games.services import MAX_SLOTS
from games.web.forms import SetupOptionsForm

SLOT_FIELD = re.compile(r"^slot-(\d+)$")
MOVE_OP = re.compile(r"^(remove|up|down)-(\d+)$")


@dataclass
class Built:
    """A builder post read: the setup, its name and sharing, and what was wrong."""

    setup: dict
    name: str = ""
    public: bool = False
    errors: list[str] = field(default_factory=list)
    options_form: SetupOptionsForm | None = None


def _slot(value: str, categories: dict, post, index: int) -> dict | None:
    kind, _, ident = value.partition(":")
    if kind == "role" and ident:
        return {"role": ident}
    if kind == "category" and ident:
        flags = categories.get(ident, {}).get("exclude", {})
        exclude = {
            flag: f"slot-{index}-x-{flag}" in post
            for flag in flags
            if (f"slot-{index}-x-{flag}" in post) != bool(flags[flag])
        }
        return {"category": ident, "exclude": exclude}
    return None


def _limits(ruleset, post, errors: list[str]) -> dict:
    limits = {}
    for role_id in ruleset.roles:
        limit = {}
        if post.get(f"limit-{role_id}-unique"):
            limit["unique"] = True
        if post.get(f"limit-{role_id}-excluded"):
            limit["excluded_from_randoms"] = True
        most = str(post.get(f"limit-{role_id}-max", "")).strip()
        if most:
            if not most.isdigit():
                errors.append(
                    gettext("%(role)s: the most of it is a whole number (or empty).")
                    % {"role": setup_view.role_name(ruleset, role_id)}
                )
            else:
                limit["max"] = int(most)
        if limit:
            limits[role_id] = limit
    return limits


def _with_option_defaults(ruleset, post) -> dict:
    """The post, an option it does not name at the ruleset's default (a post of the
    slots alone, as a tool may send to the check); a checkbox absent stays unticked."""
    data = {key: post.get(key) for key in post}
    for key, (_option, option_field) in SetupOptionsForm(ruleset, {}).option_fields.items():
        if key not in data and not isinstance(option_field, forms.BooleanField):
            data[key] = option_field.initial
    return data


def read_post(ruleset, post) -> Built:
    """The builder's fields as a setup, with the pressed button's change applied."""
    categories = roles.setup_categories(ruleset.id)
    errors: list[str] = []
    slots = _posted_slots(post, categories, errors)
    op = str(post.get("op", ""))
    _apply_button(op, str(post.get("new-slot", "")), slots, categories, errors)
    options_form = SetupOptionsForm(ruleset, {}, data=_with_option_defaults(ruleset, post))
    options = {}
    if options_form.is_valid():
        options = options_form.options()
    else:
        errors += [
            f"{options_form[k].label}: {' '.join(e)}" for k, e in options_form.errors.items()
        ]
    setup = {
        "ruleset": ruleset.id,
        "options": options,
        "slots": slots,
        "roles": _limits(ruleset, post, errors),
    }
    return Built(
        setup=setup,
        name=str(post.get("name", "")).strip(),
        public=bool(post.get("public")),
        errors=errors,
        options_form=options_form,
    )


def _posted_slots(post, categories, errors: list[str]) -> list[dict]:
    """The slots in the order of their fields; an empty one is an error."""
    indexed = sorted(
        (int(m.group(1)), key) for key in post if (m := SLOT_FIELD.match(key)) is not None
    )
    slots = []
    for number, (index, key) in enumerate(indexed):
        slot = _slot(str(post.get(key, "")), categories, post, index)
        if slot is None:
            errors.append(
                gettext("Slot %(n)s: pick a role or a random category.") % {"n": number + 1}
            )
            continue
        slots.append(slot)
    return slots


def _apply_button(op: str, new_slot: str, slots: list[dict], categories, errors: list[str]):
    """The pressed button's change to `slots`: a slot added, removed or moved."""
    if op == "add":
        slot = _slot(new_slot, categories, {}, -1)
        if slot is not None and "category" in slot:
            slot["exclude"] = {}  # a new random slot starts at its category's defaults
        if slot is None:
            errors.append(gettext("Pick the role or random category of the slot to add."))
        elif len(slots) >= MAX_SLOTS:
            errors.append(
                gettext("A setup has at most %(max_slots)s slots.") % {"max_slots": MAX_SLOTS}
            )
        else:
            slots.append(slot)
    elif (move := MOVE_OP.match(op)) is not None:
        what, at = move.group(1), int(move.group(2))
        if at < len(slots):
            if what == "remove":
                slots.pop(at)
            elif what == "up" and at > 0:
                slots[at - 1], slots[at] = slots[at], slots[at - 1]
            elif what == "down" and at + 1 < len(slots):
                slots[at + 1], slots[at] = slots[at], slots[at + 1]


def slot_choices(ruleset, categories: dict) -> list:
    """The slot select's groups: the random categories, then each faction's roles."""
    groups = [
        (
            gettext("Random slots"),
            [
                (f"category:{c}", setup_view.random_label(setup_view.category_title(ruleset.id, c)))
                for c in categories
            ],
        )
    ]
    by_faction: dict[str, list] = {}
    for role_id, role in ruleset.roles.items():
        name = setup_view.role_name(ruleset, role_id)
        by_faction.setdefault(role.faction, []).append((f"role:{role_id}", name))
    for faction, members in by_faction.items():
        title = setup_view.faction_title(ruleset, faction)
        groups.append((title, sorted(members, key=lambda m: m[1])))
    return groups


def category_flags(ruleset, categories: dict) -> dict:
    """For the script: each category's exclusion flags, labels and defaults."""
    return {
        f"category:{c}": [
            {"flag": flag, "label": setup_view.flag_label(ruleset, flag), "default": bool(default)}
            for flag, default in info.get("exclude", {}).items()
        ]
        for c, info in categories.items()
    }


def slot_value(slot: dict) -> str:
    return f"role:{slot['role']}" if "role" in slot else f"category:{slot.get('category', '')}"


def builder_rows(ruleset, setup: dict, figures: dict | None) -> list[dict]:
    categories = roles.setup_categories(ruleset.id)
    rows = []
    for i, slot in enumerate(setup["slots"]):
        flags = []
        if "category" in slot:
            chosen = slot.get("exclude") or {}
            for flag, default in categories.get(slot["category"], {}).get("exclude", {}).items():
                flags.append(
                    {
                        "name": f"slot-{i}-x-{flag}",
                        "label": setup_view.flag_label(ruleset, flag),
                        "checked": bool(chosen.get(flag, default)),
                    }
                )
        shown = figures["slots"][i] if figures and i < len(figures["slots"]) else None
        problems = [p for p in (figures or {}).get("problems", []) if p.get("slot") == i]
        rows.append(
            {
                "index": i,
                "number": i + 1,
                "value": slot_value(slot),
                "label": setup_view.slot_label(ruleset, slot),
                "detail": (
                    setup_view.slot_detail(ruleset, slot, categories) if "category" in slot else ""
                ),
                "flags": flags,
                "figures": shown,
                "problems": problems,
            }
        )
    return rows


def limit_rows(ruleset, limits: dict) -> list[dict]:
    rows = []
    names = {role_id: setup_view.role_name(ruleset, role_id) for role_id in ruleset.roles}
    for role_id, role in sorted(
        ruleset.roles.items(), key=lambda item: (item[1].faction, names[item[0]])
    ):
        limit = limits.get(role_id, {})
        rows.append(
            {
                "role": role_id,
                "name": names[role_id],
                "faction": setup_view.faction_title(ruleset, role.faction),
                "unique": bool(limit.get("unique")),
                "max": limit.get("max", ""),
                "excluded": bool(limit.get("excluded_from_randoms")),
            }
        )
    return rows


def limits_text(ruleset, limits: dict) -> list[str]:
    """The role limits as the read-only page lists them."""
    lines = []
    for role_id, limit in limits.items():
        said = []
        if limit.get("unique"):
            said.append("unique")
        if limit.get("max") not in (None, ""):
            said.append(f"at most {limit['max']}")
        if limit.get("excluded_from_randoms"):
            said.append("excluded from randoms")
        if said:
            lines.append(f"{setup_view.role_name(ruleset, role_id)}: {', '.join(said)}")
    return lines
