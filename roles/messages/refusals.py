"""The engine's refusals (IllegalAction reasons) as messages, to say them in the
reader's language. A reason is a roles.errors.Reason: the engine's English sentence
(simulate prints it byte for byte) carrying its message id and parameters, read as it
is. A plain text (a reason stored before reasons carried their message: a GM's
"close_refused" line of an older game) is read back by the core's patterns below, as
derive.py reads headlines back; a text no pattern knows is said as it is.

>>> from roles.errors import Reason
>>> from roles.messages import render
>>> render(refusal_message(Reason("refusal.sc2.revealed")), "ru")
'Мэр уже раскрылся.'
>>> render(refusal_message("ann is dead"), "ru")
'Игрок ann мёртв.'
"""

from __future__ import annotations

import re

W = r"[\w-]+"
# (pattern of the English reason, message id); the first that matches says it.
REFUSALS = [
    (rf"(?P<role>{W}) cannot use (?P<ability>{W}) by (?P<phase>day|night)", "refusal.phase"),
    (rf"(?P<role>{W}) cannot use (?P<ability>{W}) on night (?P<n>\d+)", "refusal.night"),
    (rf"(?P<role>{W}) has no uses of (?P<ability>{W}) left", "refusal.no_uses"),
    (rf"(?P<role>{W}) has no ability '(?P<ability>.*)'", "refusal.no_ability"),
    (rf"(?P<role>{W}) has no (?P<phase>day|night) ability", "refusal.no_phase_ability"),
    (rf"(?P<role>{W}) must name the ability \((?P<names>.*)\)", "refusal.name_ability"),
    (r"the game has ended", "refusal.ended"),
    (r"unknown player '(?P<player>.*)'", "refusal.unknown_player"),
    (r"targets must be a list of names", "refusal.targets_list"),
    (rf"(?P<ability>{W}) takes (?P<want>.+) target\(s\), not (?P<n>\d+)", "refusal.target_count"),
    (rf"(?P<ability>{W}) cannot name the same player twice", "refusal.twice"),
    (rf"(?P<ability>{W}) needs a dead player; (?P<player>.+) is alive", "refusal.needs_dead"),
    (rf"(?P<role>{W}) has already targeted themselves with (?P<ability>{W})", "refusal.self_used"),
    (rf"(?P<role>{W}) cannot target themselves", "refusal.self"),
    (rf"(?P<role>{W}) cannot target another (?P<faction>{W}) member", "refusal.teammate"),
    (rf"(?P<player>.+) is not a legal target of (?P<ability>{W})", "refusal.target"),
    (r"votes are cast by day", "refusal.votes_by_day"),
    (r"this ruleset has no pass vote", "refusal.no_pass"),
    (r"cannot vote for (?P<player>.+): (?P=player) is dead", "refusal.vote_dead"),
    (r"(?P<player>.+) has left the game", "refusal.left"),
    (r"(?P<player>.+) is dead", "refusal.dead"),
]
PATTERNS = [(re.compile(pattern), mid) for pattern, mid in REFUSALS]


def refusal_message(reason, ruleset: str | None = None) -> dict:
    """The message of an IllegalAction's reason (a Reason's own, or read back from a
    plain text: "text" when no pattern knows it), said with `ruleset`'s names."""
    if isinstance(reason, dict) and "id" in reason:  # a message stored with its event
        return _in_ruleset(reason, ruleset)
    known = getattr(reason, "message", None)
    if known is not None:
        return _in_ruleset(known, ruleset)
    for pattern, mid in PATTERNS:
        found = pattern.fullmatch(str(reason))
        if found:
            return {"id": mid, "ruleset": ruleset, "params": found.groupdict()}
    return {"id": "text", "ruleset": ruleset, "params": {"text": str(reason)}}


def _in_ruleset(message: dict, ruleset: str | None) -> dict:
    """`message` and the messages inside it, each naming roles as `ruleset` does."""

    def inner(value):
        if isinstance(value, dict) and "id" in value:
            return _in_ruleset(value, ruleset)
        if isinstance(value, list):
            return [inner(v) for v in value]
        return value

    params = {k: inner(v) for k, v in (message.get("params") or {}).items()}
    return {**message, "ruleset": message.get("ruleset") or ruleset, "params": params}
