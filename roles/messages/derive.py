"""The message of each piece of the engine's text, read from what the engine already
returns: a result's `kind` and fields, an event's `kind` and fields, and the morning
post's English headline and descriptions (docs/scenario.md fixes those strings, so
they are read back into ids by the engine's own tables: roles/announce.py,
ru_common.headline, the leavers' and sc2's night-sequence lines).

A message is {"id": ..., "ruleset": ..., "params": {...}}; roles.render says it.
"""

from __future__ import annotations

import re
from typing import Any

from .. import announce, leavers
from ..rulesets import ru_common, townston
from . import en

Message = dict[str, Any]

HEADLINE_IDS = (
    "headline.one",
    "headline.some",
    "headline.many",
    "headline.mass",
    "headline.most",
    "headline.armageddon",
    "headline.entire",
    "headline.setup",
)
HEADLINES = {text: hid for (_, text), hid in zip(announce.HEADLINES, HEADLINE_IDS, strict=True)}
HEADLINES[announce.QUIET_NIGHT] = "headline.none"
RU_HEADLINE_NONE = ru_common.headline(0)
RU_HEADLINE_ONE = ru_common.headline(1)
RU_HEADLINE_MANY = re.compile(
    "^" + re.escape(ru_common.headline(7)).replace("7", r"(\d+)", 1) + "$"
)

# Each sentence of 002's descriptions: its text (with "He/She") -> its id.
FRAGMENTS: dict[str, str] = {}
for _kind, (_first, _again) in announce.DESCRIPTIONS.items():
    FRAGMENTS.setdefault(_again, f"death.{_kind}.again")
    FRAGMENTS[_first] = f"death.{_kind}"
FRAGMENTS[announce.STRUGGLE] = "death.struggle"
for _cause, _text in townston.DESCRIPTIONS.items():  # its own words for a bomb
    FRAGMENTS.setdefault(_text, f"death.{_cause}")
FRAGMENTS.update({text: sid for sid, text in en.SEQUENCE.items()})
_BY_LENGTH = sorted(FRAGMENTS, key=len, reverse=True)
CAUSES = {en_text.lower(): cause for cause, (en_text, _ru) in ru_common.CAUSE_TEXT.items()}


def message(mid: str, ruleset: str | None = None, **params: Any) -> Message:
    return {"id": mid, "ruleset": ruleset, "params": params}


def text_message(text: str) -> Message:
    """A text the engine's tables do not know, told as it is (a test keeps it rare)."""
    return message("text", text=text)


def result_message(result: dict[str, Any], ruleset: str | None) -> Message:
    """A private result ({"to", "kind", ...fields}) as a message "result.<kind>"."""
    kind = str(result.get("kind", ""))
    params = {k: v for k, v in result.items() if k not in ("to", "kind")}
    if kind == "saved" and "target" not in params:
        return message("result.saved_you", ruleset, **params)
    return message(f"result.{kind}", ruleset, **params)


def named_result_message(result: dict[str, Any], ruleset: str | None) -> Message:
    """A private result as someone else reads it (the GM, the record): the seat's own
    line said of the seat where the catalogue has that form ("eve's check of bob:
    Mafia."), else addressed to it ("To eve: You were roleblocked tonight.")."""
    told = result_message(result, ruleset)
    to = result.get("to")
    named = told["id"] + ".named"
    if named in en.MESSAGES:
        return message(named, ruleset, **{**told["params"], "player": to})
    return message("to_player", ruleset, player=to, line=told)


def event_message(event: dict[str, Any], ruleset: str | None) -> Message:
    """A public event of a phase's outcome ({"kind", ...fields}) as "event.<kind>"."""
    kind = str(event.get("kind", ""))
    params = {k: v for k, v in event.items() if k != "kind"}
    if kind == "reveal" and "role" in params:  # sc2: a Disguiser's victim shows him
        return message("event.reveal_role", ruleset, **params)
    if kind == "night_sequence":
        parts = [p for line in params.get("lines", []) for p in fragments(line) or []]
        return message("parts", ruleset, parts=parts)
    return message(f"event.{kind}", ruleset, **params)


def headline_message(text: str) -> Message:
    if text in HEADLINES:
        return message(HEADLINES[text])
    if text == RU_HEADLINE_NONE:
        return message("headline.ru_none")
    if text == RU_HEADLINE_ONE:
        return message("headline.ru", n=1)
    found = RU_HEADLINE_MANY.match(text)
    if found:
        return message("headline.ru", n=int(found.group(1)))
    return text_message(text)


def description_message(player: str, text: str) -> Message:
    """A death description for `player`, told with his pronoun."""
    if text == leavers.DESCRIPTION.format(name=player):
        return message("death.leaver", player=player)
    parts = fragments(text)
    if parts:
        return message("parts", player=player, parts=parts)
    causes = [CAUSES.get(c.strip()) for c in text.rstrip(".").lower().split(";")]
    if causes and None not in causes:
        return message("causes", player=player, causes=causes)
    return text_message(text)


def fragments(text: str) -> list[str] | None:
    """The ids of 002's sentences `text` is made of, or None if it is not only them."""
    parts, rest = [], text.strip()
    while rest:
        found = next((f for f in _BY_LENGTH if rest.startswith(f)), None)
        if found is None:
            return None
        parts.append(FRAGMENTS[found])
        rest = rest[len(found) :].lstrip()
    return parts


def death_message(
    death: dict[str, Any], descriptions: dict[str, str], ruleset: str | None, modkill=False
) -> Message:
    """'Name (what the reveal shows) died: description.' for one death of a payload."""
    player = death.get("player")
    shown = death.get("role") or death.get("faction")
    described = descriptions.get(player)
    if modkill:
        mid = "modkilled.shown" if shown else "modkilled"
        return message(mid, ruleset, player=player, shown=shown)
    mid = ("death.shown" if shown else "death") + ("_described" if described else "")
    mid = mid.replace("death_described", "death.described")
    params: dict[str, Any] = {"player": player, "shown": shown}
    if described:
        params["description"] = description_message(player, described)
    return message(mid, ruleset, **params)


def outcome_messages(payload: dict[str, Any], ruleset: str | None) -> list[Message]:
    """The public outcome of a phase (a phase_closed payload): ended, headline, tally,
    lynch, deaths with descriptions, the ruleset's public events."""
    out = [
        message("phase.ended", ruleset, phase=payload.get("phase"), number=payload.get("number"))
    ]
    if payload.get("headline"):
        out.append(headline_message(str(payload["headline"])))
    if "tally" in payload:
        entries = [
            message("tally.entry", ruleset, player=name, count=count)
            for name, count in payload["tally"].items()
        ]
        out.append(message("tally", ruleset, entries=entries) if entries else message("tally.none"))
    if "lynched" in payload:
        lynched = payload["lynched"]
        out.append(
            message("lynched", ruleset, players=lynched, n=len(lynched))
            if lynched
            else message("lynched.none")
        )
    descriptions = payload.get("descriptions") or {}
    deaths, events = told_once(payload)
    out.extend(death_message(d, descriptions, ruleset) for d in deaths)
    out.extend(event_message(e, ruleset) for e in events if e.get("kind") not in OWN_LINE_KINDS)
    return out


def told_once(payload: dict[str, Any]) -> tuple[list[dict], list[dict]]:
    """The deaths and public events of a phase's outcome, each reveal told once: a
    ruleset's `reveal` event of a dead player ("Ann was Civilian.") goes into his death
    line ("Ann (Civilian) died."), which shows the status the ruleset announced; a reveal
    of nothing ("Ann's role is not revealed.") or of a living player stays an event.

    >>> told_once({"deaths": [{"player": "Ann", "role": "civilian", "faction": "town"}],
    ...            "events": [{"kind": "reveal", "player": "Ann", "status": "civilian"}]})
    ([{'player': 'Ann', 'role': 'civilian'}], [])
    """
    dead = {d.get("player") for d in payload.get("deaths", [])}
    revealed = {
        e.get("player"): e["status"] for e in payload.get("events", []) if _merged_reveal(e, dead)
    }
    deaths = [
        {"player": d.get("player"), "role": revealed[d.get("player")]}
        if d.get("player") in revealed
        else d
        for d in payload.get("deaths", [])
    ]
    events = [e for e in payload.get("events", []) if not _merged_reveal(e, dead)]
    return deaths, events


def _merged_reveal(event: dict[str, Any], dead: set) -> bool:
    return (
        event.get("kind") == "reveal"
        and "role" not in event  # sc2's Disguiser line says more than a status
        and event.get("player") in dead
        and event.get("status") not in (None, "", "none")
    )


# Entries of a phase's outcome that the site's log also holds as events of their own
# (a will read out with a death: games/services/notes.py), told there once.
OWN_LINE_KINDS = {"last_will"}
