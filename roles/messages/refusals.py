"""The engine's refusals (IllegalAction reasons) as messages: the reason stays the
engine's English sentence (simulate prints it byte for byte), and the site reads it
back into a message id with its parameters, as derive.py reads headlines back, to say
it in the reader's language. A reason no pattern knows is said as it is.

>>> from roles.messages import render
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


def refusal_message(reason: str, ruleset: str | None = None) -> dict:
    """The message of an IllegalAction's reason ("text" when no pattern knows it)."""
    for pattern, mid in PATTERNS:
        found = pattern.fullmatch(str(reason))
        if found:
            return {"id": mid, "ruleset": ruleset, "params": found.groupdict()}
    return {"id": "text", "ruleset": ruleset, "params": {"text": str(reason)}}
