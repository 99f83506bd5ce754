"""The GM's order sheet: a phase's actions grouped by the ruleset's stages, in the
order the engine applies them (its named priority table: `Ruleset.night_order` and
`day_order`), each action in words.

A stage that is a priority bucket holds the actions whose ability acts in it; a
procedure that resolves ability stages inside itself (bay12's "redirect_block" runs
the Witches, the Transporters and the blockers) lists them in its own order
(`Ruleset.inner_stages`). An action whose stage the table does not name is shown
last, under "Other moves", so the sheet never hides one. Only stages that hold an
action are listed. Pure: no Django, nothing resolved, nothing changed.

>>> import roles
>>> state = roles.new_game("bay12", [
...     {"name": "ann", "role": "mafioso"}, {"name": "dan", "role": "escort"},
...     {"name": "gus", "role": "doctor"}, {"name": "hal", "role": "townie"}])
>>> sheet = order_sheet(state, [
...     {"actor": "ann", "ability": "kill", "targets": ["hal"]},
...     {"actor": "gus", "ability": "heal", "targets": ["hal"]},
...     {"actor": "dan", "ability": "block", "targets": ["gus"]}])
>>> [(s.title, [line.text for line in s.lines]) for s in sheet]
[('Redirection and blocks · Blocks', ['dan (Escort) blocks gus']), \
('Protection', ['gus (Doctor) heals hal']), ('Kills', ['ann (Mafioso) kills hal'])]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction
from .legal import pick_ability
from .messages import en, language, render, role_name
from .model import GameState
from .ruleset import Ability, Ruleset, get_ruleset

# Readable titles of the stage ids rulesets share and how an ability reads in a
# sentence ("{t}" the targets, "{t1}"/"{t2}" the first and second): the engine's
# catalogue (roles/messages en.py, ru.py: `sheet.stage.<id>`, `sheet.verb.<ability>`).
STAGE_TITLES = en.SHEET_STAGES
VERBS = en.SHEET_VERBS
OTHER = en.SHEET["sheet.other"]


@dataclass(frozen=True)
class SheetLine:
    """One action in words, with what it was read from."""

    actor: str
    role: str  # the actor's role name (the truth: the sheet is the GM's)
    ability: str
    label: str
    targets: tuple[str, ...]
    text: str


@dataclass
class SheetStage:
    """The actions of one stage (or of a stage inside a procedure), in seat order."""

    stage: str
    title: str
    lines: list[SheetLine] = field(default_factory=list)


def said(mid: str, lang: str, **params) -> str:
    return render({"id": mid, "params": params}, lang)


def stage_title(stage: str, lang: str = "en") -> str:
    """A stage id in words: "redirect_block" -> "Redirection and blocks"
    ("Перенаправления и блокировки" in Russian)."""
    if f"sheet.stage.{stage}" in en.MESSAGES:
        return said(f"sheet.stage.{stage}", lang)
    return stage.replace("_", " ").capitalize()


def stage_positions(
    ruleset: Ruleset, kind: str, lang: str = "en"
) -> dict[str, tuple[int, int, str]]:
    """Every ability stage the phase's table applies -> (position, inner position,
    title), in the order the engine runs them."""
    order = ruleset.night_order if kind == "night" else ruleset.day_order
    positions: dict[str, tuple[int, int, str]] = {}
    for index, stage in enumerate(order):
        positions.setdefault(stage, (index, 0, stage_title(stage, lang)))
        for inner_index, inner in enumerate(ruleset.inner_stages.get(stage, ()), start=1):
            outer_title, inner_title = stage_title(stage, lang), stage_title(inner, lang)
            title = said("sheet.inner", lang, outer=outer_title, inner=inner_title)
            positions.setdefault(inner, (index, inner_index, title))
    return positions


def ability_of(state: GameState, actor: str, ability_id: str | None) -> Ability | None:
    """The ability an action names (or the role's only one now), None if unknown."""
    if not state.has_player(actor):
        return None
    try:
        return pick_ability(state, state.player(actor), ability_id)
    except IllegalAction:
        return None


# "gus and hal" / "gus, hal, ann": the word that joins two targets.
AND = {"en": " and ", "ru": " и "}


def action_words(
    actor: str,
    role_name: str,
    ability: Ability | None,
    action: dict,
    lang: str = "en",
    ruleset_id: str | None = None,
) -> str:
    """ "dan (Escort) blocks gus"; an ability without a sentence reads as its label
    (in Russian: the ability's name in the catalogue). Other fields follow in brackets:
    ru_eleven's claimed status (`"as"`) in words, any other as `key: value`."""
    lang = language(lang)
    targets = [str(t) for t in action.get("targets") or []]
    ability_id = ability.id if ability else str(action.get("ability") or "")
    joined = AND[lang].join(targets) if len(targets) < 3 else ", ".join(targets)
    verb = VERBS.get(ability_id)
    if verb and (("{t" not in verb) or targets):
        first = targets[0] if targets else ""
        second = targets[1] if len(targets) > 1 else first
        words = said(f"sheet.verb.{ability_id}", lang, t=joined, t1=first, t2=second)
    else:
        label = ability.label if ability else ability_id
        mid = ("sheet.uses.on" if targets else "sheet.uses") if ability_id else "sheet.idle"
        words = said(mid, lang, label=label, ability=ability_id, t=joined)
    extras = [
        _extra(key, value, ruleset_id, lang)
        for key, value in action.items()
        if key not in ("actor", "ability", "targets") and value not in (None, "")
    ]
    tail = f" ({', '.join(extras)})" if extras else ""
    line = "sheet.line.gm" if actor == "GM" else "sheet.line"  # the host's pseudo-actor
    return said(line, lang, actor=actor, role=role_name, words=words, tail=tail)


def _extra(key: str, value: Any, ruleset_id: str | None, lang: str) -> str:
    if key == "as":  # ru_eleven: the status a civilian's move is made as
        return said("sheet.as", lang, role=role_name(ruleset_id, str(value), lang) or value)
    return f"{key}: {value}"


def order_sheet(
    state: GameState, actions: list[dict[str, Any]], lang: str = "en"
) -> list[SheetStage]:
    """The actions of the current phase grouped by stage, in the engine's order; within
    a stage in seat order, as the engine runs a bucket. Actions by the host's pseudo-actor
    or by nobody known are listed under "Other moves". `lang`: the words of the titles,
    the role names and the sentences ("en" or "ru")."""
    lang = language(lang)
    ruleset = get_ruleset(state.ruleset)
    positions = stage_positions(ruleset, state.phase_kind, lang)
    other = (len(ruleset.night_order) + len(ruleset.day_order) + 1, 0, said("sheet.other", lang))
    found: dict[tuple[int, int, str], list[tuple[int, int, SheetLine]]] = {}
    stages: dict[tuple[int, int, str], str] = {}
    for index, action in enumerate(actions):
        actor = str(action.get("actor", ""))
        ability = ability_of(state, actor, action.get("ability"))
        known = ability is not None and ability.stage in positions
        key = positions[ability.stage] if known else other
        stages[key] = ability.stage if known else ""
        if state.has_player(actor):
            role_id = state.player(actor).role
            role = role_name(state.ruleset, role_id, lang) or ruleset.roles[role_id].name
        else:
            role = said("sheet.host", lang) if actor == "GM" else "?"
        named = str(action.get("ability") or "")
        line = SheetLine(
            actor=actor,
            role=role,
            ability=ability.id if ability else named,
            label=ability.label if ability else named,
            targets=tuple(str(t) for t in action.get("targets") or []),
            text=action_words(actor, role, ability, action, lang, state.ruleset),
        )
        found.setdefault(key, []).append((seat_of(state, actor), index, line))
    return [
        SheetStage(
            stage=stages[key],
            title=key[2],
            lines=[line for _, _, line in sorted(found[key], key=lambda e: e[:2])],
        )
        for key in sorted(found)
    ]


def seat_of(state: GameState, name: str) -> int:
    return state.player(name).seat if state.has_player(name) else 10_000
