"""Role cards and ruleset sheets: the text of a player's role message and of `rules`."""

from __future__ import annotations

from .activity import RULINGS as ACTIVITY_RULINGS
from .legal import OWED_RULINGS
from .modkill import RULINGS as MODKILL_RULINGS
from .roulette import HELP as ROULETTE_HELP
from .ruleset import Ability, Role, Ruleset, get_ruleset, list_rulesets
from .setup.categories import SETUP_RULINGS, categories_text
from .wills import RULINGS as WILL_RULINGS
from .wills import offers_wills


def _targets_text(ability: Ability) -> str:
    rule = ability.targets
    if rule.count == 0:
        return "no target"
    who = "dead player" if rule.dead else "living player"
    count = str(rule.count) if rule.minimum == rule.count else f"{rule.minimum} to {rule.count}"
    parts = [f"{count} {who}{'s' if rule.count > 1 else ''}"]
    if rule.self_allowed:
        parts.append(
            "yourself allowed"
            if rule.self_uses is None
            else f"yourself allowed {_times(rule.self_uses)} per game"
        )
    else:
        parts.append("not yourself")
    if not rule.teammates_allowed:
        parts.append("not your teammates")
    return ", ".join(parts)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def ability_text(ability: Ability, ids: bool = True) -> str:
    limits = [ability.phase, _targets_text(ability)]
    if ability.uses is not None:
        limits.append(f"{_times(ability.uses)} per game")
    if ability.from_night > 1:
        limits.append(f"not before night {ability.from_night}")
    if not ability.visits:
        limits.append("does not visit")
    if not ability.blockable:
        limits.append("cannot be blocked")
    label = f"{ability.label} [{ability.id}]" if ids else ability.label
    return f"- {label} ({'; '.join(limits)}): {ability.description}"


def role_card(ruleset_id: str, role_id: str, shown: bool = True, ids: bool = True) -> str:
    """The card a player with this role receives (what they are told they are);
    `ids=False`: without the abilities' ids (a player's page)."""
    ruleset = get_ruleset(ruleset_id)
    role = ruleset.roles[role_id]
    if shown and role.shown_as:
        role = ruleset.roles[role.shown_as]
    return _card(ruleset, role, ids)


def _card(ruleset: Ruleset, role: Role, ids: bool = True) -> str:
    faction = ruleset.factions.get(role.faction, role.faction)
    lines = [f"{role.name} ({faction})", role.summary]
    if role.abilities:
        lines.append("Abilities:")
        lines.extend(ability_text(a, ids) for a in role.abilities)
    lines.extend(f"* {note}" for note in role.notes)
    lines.append(f"Win condition: {role.win}")
    return "\n".join(lines)


def rules_text(ruleset_id: str) -> str:
    ruleset = get_ruleset(ruleset_id)
    out = [f"{ruleset.title} [{ruleset.id}]", f"Source: {ruleset.source}", ""]
    out.append("Night order: " + " -> ".join(ruleset.night_order))
    out.append("Day order: " + " -> ".join(ruleset.day_order))
    out.append("")
    out.append("Options (defaults):")
    for option in ruleset.options:
        choices = f" (one of: {', '.join(map(str, option.choices))})" if option.choices else ""
        out.append(f"- {option.id} = {option.default!r}{choices}: {option.help}")
    out.append("")
    out.append("Presets:")
    for preset in ruleset.presets.values():
        out.append(f"- {preset.id}: {preset.title} ({len(preset.roles)} players)")
    out.append("")
    out.append("Role cards:")
    for role in ruleset.roles.values():
        out.append("")
        out.append(f"[{role.id}]")
        out.append(_card(ruleset, role))
        if role.shown_as:
            out.append(f"(The player is told: {ruleset.roles[role.shown_as].name}.)")
        if role.card_ru:
            out.append("По-русски: " + role.card_ru)
    if ruleset.documentation:
        out.append("")
        out.append("Rulings (where the documents are silent or ambiguous):")
        out.append(ruleset.documentation.strip())
    if offers_wills(ruleset):
        out.append("")
        out.append("Last wills (the 'last_wills' option):")
        out.append(WILL_RULINGS.strip())
    out.append("")
    out.append(f"Activity (defaults; the GM may change them): {ruleset.activity.text()}.")
    out.append(ACTIVITY_RULINGS.strip())
    out.append("")
    out.append("The setup builder (any ruleset; `python -m roles setup ...`):")
    out.append(SETUP_RULINGS)
    out.append(categories_text(ruleset.id))
    out.append("")
    out.append("The host:")
    out.append(MODKILL_RULINGS.strip())
    out.append("")
    out.append("Moves and the clock (any ruleset):")
    out.append(OWED_RULINGS.strip())
    out.append("")
    out.append("The graveyard (any ruleset; also `python -m roles roulette`):")
    out.append(ROULETTE_HELP)
    return "\n".join(out)


def rulesets_text() -> str:
    return "\n".join(f"{r.id}: {r.title}" for r in list_rulesets())
