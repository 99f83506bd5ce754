"""The what-if form: the GM's copy of the phase's inputs (actions, and votes by day),
which he may add to, change or drop from, read back into an engine input. Nothing is
stored: the form posts back to itself and the page shows the engine's answer.

Each action row is a move (actor and ability, one select: "dan|block"), its targets
(names separated by commas) and its extra answers ("guess=mafia"); each vote row a
voter and a target. A blank row adds nothing; a row ticked "drop" is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext

import roles
from games import text
from games.desk.sheet import phase_actions
from games.services import GM_ACTOR

BLANK_ROWS = 3
MAX_ROWS = 80  # a forged form with thousands of rows is refused, not resolved


@dataclass
class WhatIf:
    """The rows the form shows, the engine input they make, and what is wrong."""

    actions: list[dict] = field(default_factory=list)  # {"move", "targets", "extra"}
    votes: list[dict] = field(default_factory=list)  # {"voter", "target"}
    given: dict = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def move_options(state: roles.GameState) -> list[tuple[str, str]]:
    """(value, label) of every move of the phase: each player's abilities of this
    phase kind (the engine judges whether they may use them now), and the host's
    decisions where the ruleset has them."""
    ruleset = roles.get_ruleset(state.ruleset)
    out = []
    for player in state.players:
        role = ruleset.roles[player.role]
        for ability in role.abilities:
            if ability.phase != state.phase_kind:
                continue
            named = {
                "player": player.name,
                "role": text.role_label(ruleset.id, player.role),
                "ability": text.ability_label({"ability": ability.id, "label": ability.label}),
            }
            if player.alive:
                label = gettext("%(player)s (%(role)s): %(ability)s") % named
            else:
                label = gettext("%(player)s (%(role)s, dead): %(ability)s") % named
            out.append((f"{player.name}|{ability.id}", label))
    if state.phase_kind == "day":
        for decision in ruleset.gm_decisions:
            said = gettext("The GM: %(decision)s") % {"decision": decision}
            out.append((f"{GM_ACTOR}|{decision}", said))
    return list(dict.fromkeys(out))


def _extra_text(action: dict) -> str:
    return ", ".join(
        f"{k}={v}" for k, v in action.items() if k not in ("actor", "ability", "targets")
    )


def from_stored(phase_input: dict) -> WhatIf:
    """The form filled with the stored inputs, and blank rows to add to."""
    rows = [
        {
            "move": f"{a.get('actor')}|{a.get('ability') or ''}",
            "targets": ", ".join(map(str, a.get("targets") or [])),
            "extra": _extra_text(a),
        }
        for a in phase_actions(phase_input)
    ]
    votes = []
    if "day" in phase_input:
        votes = [
            {"voter": voter, "target": target or ""}
            for voter, target in (phase_input["day"].get("votes") or [])
        ]
    form = WhatIf(actions=rows, votes=votes, given=phase_input)
    return with_blanks(form, "day" in phase_input)


def with_blanks(form: WhatIf, by_day: bool) -> WhatIf:
    form.actions = form.actions + [{"move": "", "targets": "", "extra": ""}] * BLANK_ROWS
    if by_day:
        form.votes = form.votes + [{"voter": "", "target": ""}] * BLANK_ROWS
    return form


def _indexes(post, prefix: str) -> list[int]:
    found = set()
    for key in post:
        if key.startswith(prefix) and key[len(prefix) :].isdigit():
            found.add(int(key[len(prefix) :]))
    return sorted(found)


def read_form(post, state: roles.GameState, stored: dict) -> WhatIf:
    """The posted rows as an engine input; problems name the rows the form cannot
    read (the engine judges the rest, and says why it refuses)."""
    form = WhatIf()
    moves = dict(move_options(state))
    names = {p.name for p in state.players}
    action_rows, vote_rows = _indexes(post, "move_"), _indexes(post, "voter_")
    if len(action_rows) > MAX_ROWS or len(vote_rows) > MAX_ROWS:
        form.problems.append(
            gettext("At most %(max_rows)s rows of each kind.") % {"max_rows": MAX_ROWS}
        )
        return form
    actions = []
    for number, i in enumerate(action_rows, start=1):
        move = str(post.get(f"move_{i}", "")).strip()
        row = {
            "move": move,
            "targets": str(post.get(f"targets_{i}", "")).strip(),
            "extra": str(post.get(f"extra_{i}", "")).strip(),
        }
        if not move or post.get(f"drop_{i}"):
            continue
        form.actions.append(row)
        if move not in moves:
            form.problems.append(
                gettext("Action %(number)s: choose one of the moves offered.") % {"number": number}
            )
            continue
        actor, ability = move.split("|", 1)
        targets = [t.strip() for t in row["targets"].split(",") if t.strip()]
        unknown = [t for t in targets if t not in names]
        if unknown:
            form.problems.append(
                gettext("Action %(number)s: nobody is called %(join)s.")
                % {"number": number, "join": ", ".join(unknown)}
            )
            continue
        action = {"actor": actor, "ability": ability, "targets": targets}
        for pair in filter(None, (p.strip() for p in row["extra"].split(","))):
            key, sep, value = pair.partition("=")
            if not sep or not key.strip() or key.strip() in action:
                form.problems.append(
                    gettext("Action %(number)s: write extra answers as key=value.")
                    % {"number": number}
                )
                break
            action[key.strip()] = value.strip()
        actions.append(action)
    if "night" in stored:
        form.given = {"night": actions}
        return with_blanks(form, False)
    votes = []
    for number, i in enumerate(vote_rows, start=1):
        voter = str(post.get(f"voter_{i}", "")).strip()
        target = str(post.get(f"target_{i}", "")).strip()
        if not voter or post.get(f"dropvote_{i}"):
            continue
        form.votes.append({"voter": voter, "target": target})
        if voter not in names:
            form.problems.append(
                gettext("Vote %(number)s: nobody is called %(voter)s.")
                % {"number": number, "voter": voter}
            )
            continue
        votes.append([voter, target or None])
    day = dict(stored.get("day") or {})
    form.given = {"day": {"votes": votes, "rounds": day.get("rounds") or [], "actions": actions}}
    return with_blanks(form, True)


def vote_choices(state: roles.GameState) -> list[str]:
    """What a what-if ballot may name: every player and "pass" (the engine judges)."""
    return [p.name for p in state.players] + ["pass"]
