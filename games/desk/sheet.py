"""The GM's order sheet of the open phase: the submitted actions grouped by the
ruleset's stages in the order the engine applies them (roles.order_sheet), who the
phase still waits for and what each owes (services.must_act / have_acted, roles.owed),
and by day the votes as they stand."""

from __future__ import annotations

from django.utils.translation import get_language, gettext

import roles
from games import services, text
from games.models import Phase


def phase_actions(phase_input: dict) -> list[dict]:
    """The actions of an engine input, by night or by day."""
    if "night" in phase_input:
        return list(phase_input["night"])
    return list((phase_input.get("day") or {}).get("actions") or [])


def waiting_list(state: roles.GameState, phase: Phase) -> list[dict]:
    """Who the phase waits for and has not acted, each with what he still owes in
    words (the labels of the abilities the engine still offers him)."""
    waiting = set(services.must_act(state, phase)) - services.have_acted(state, phase)
    sent: dict[str, set[str]] = {}
    for name, ability in phase.actions.values_list("seat__name", "ability"):
        sent.setdefault(name, set()).add(ability)
    out = []
    for player in state.players:
        if player.name not in waiting:
            continue
        if phase.pending:
            owes = [gettext("a decision")]
            if phase.pending.get("kind") == "round":
                owes = [gettext("a ballot in round %(n)s") % {"n": services.open_round(phase)}]
        elif phase.kind == Phase.DAY:  # by day the phase waits for votes only
            owes = [gettext("a vote")]
        else:
            offered = services.choices_now(state, player.name)
            labels = {c["ability"]: text.ability_label(c) for c in offered}
            owed = roles.owed(state, player.name, sent.get(player.name, set()))
            owes = [labels.get(a, a) for a in owed]
        out.append({"name": player.name, "owes": owes})
    return out


def order_sheet(state: roles.GameState, phase: Phase) -> dict:
    """The sheet: stages with their actions in words, the waiting list, those who
    said "nothing (more)", and by day the current votes."""
    phase_input = services.phase_input(phase)
    done = sorted(
        phase.actions.filter(ability="").values_list("seat__name", flat=True),
        key=lambda n: state.player(n).seat if state.has_player(n) else 0,
    )
    sheet = {
        "kind": phase.kind,
        "stages": roles.order_sheet(state, phase_actions(phase_input), get_language()),
        "waiting": waiting_list(state, phase),
        "done": done,
        "acted": services.acted_counts(state, phase),
    }
    if phase.kind == Phase.DAY:
        round_no = services.open_round(phase)
        sheet["round"] = round_no
        sheet["votes"] = sorted(services.current_votes(phase, round_no).items())
        sheet["tally"] = services.tally(phase, round_no)
    return sheet
