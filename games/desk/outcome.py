"""The engine's outcome of a phase in words, for the GM's eyes only: what the close
would store (deaths with the truth and the public description, the headline, every
private result, the public events, the tally, the end of the game), the question the
engine would ask first (a pending decision), or its refusal. Computed, never stored,
never pushed: `roles.resolve_phase` changes no state and touches no database."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import roles
from games import text
from games.models import Phase
from games.services import GM_ACTOR, engine_state, phase_input, preview_verdicts
from roles.messages.render import UnknownMessage

logger = logging.getLogger(__name__)


@dataclass
class Outcome:
    """What the engine answers: `status` "closes", "asks" (a decision first) or
    "refuses" (the input breaks a rule); `record` is the engine's own record."""

    status: str
    headline: str = ""
    deaths: list[dict] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    tally: dict = field(default_factory=dict)
    lynched: list[str] | None = None
    winners: list[str] | None = None
    question: str = ""
    refusal: str = ""
    record: dict = field(default_factory=dict)
    # The players alive after the phase, and what the posts rule would give them at a
    # day's close (the running phase's preview only: `preview`).
    survivors: list[str] = field(default_factory=list)
    posts_verdicts: list[dict] = field(default_factory=list)


def question_text(pending: roles.PendingDecision, lang: str | None = None) -> str:
    """A pending decision in words: who must decide what, among which choices, and the
    engine's reason (its English inside the sentence, another language's after it)."""
    lang = text.reader_language(lang)

    def say(mid: str, **params) -> str:
        return roles.render({"id": mid, "params": params}, lang)

    choices = ", ".join(map(str, pending.choices)) or say("question.nothing")
    if pending.kind == "round":
        voters = ", ".join(pending.voters) or say("question.nobody")
        asked = say(
            "question.round",
            round=pending.index + 1,
            voters=voters,
            choices=choices,
            reason=pending.reason,
        )
        return with_reason(asked, pending.reason, lang)
    mid = "question.decide.gm" if pending.actor == GM_ACTOR else "question.decide"
    return with_reason(
        say(
            mid,
            actor=pending.actor,
            ability=pending.ability,
            choices=choices,
            reason=pending.reason,
        ),
        pending.reason,
        lang,
    )


def with_reason(said: str, reason, lang: str) -> str:
    """English says the engine's reason inside the sentence; another language adds it
    in its own words when the reason carries its message (roles.Reason), and leaves
    out an English-only one."""
    message = getattr(reason, "message", None)
    if lang == "en" or message is None:
        return said
    why = roles.render(message, lang)
    why = why[:1].upper() + why[1:]
    return f"{said} {why}" if why.endswith((".", "?", "!")) else f"{said} {why}."


def outcome_of(state: roles.GameState, given: dict) -> Outcome:
    """The engine's answer to `given` on `state`, in words (never raises for input)."""
    try:
        result = roles.resolve_phase(state, given)
    except roles.PendingDecision as pending:
        return Outcome(status="asks", question=question_text(pending))
    except roles.IllegalAction as refusal:
        return Outcome(
            status="refuses", refusal=text.refusal_text(refusal.reason, ruleset=state.ruleset)
        )
    except (TypeError, KeyError, AttributeError, ValueError) as broken:
        # An edited input the engine's checks did not foresee: say so, do not crash.
        logger.info("what-if input the engine could not read: %r", broken)
        return Outcome(status="refuses", refusal=f"the engine cannot read this input ({broken})")
    return outcome_in_words(state, result)


def outcome_in_words(state: roles.GameState, result: roles.PhaseResult) -> Outcome:
    ruleset = roles.get_ruleset(state.ruleset)
    lang = text.reader_language()
    record = result.record
    descriptions = record.get("descriptions") or {}
    public = {e.kind: e.payload for e in result.events if e.audience == "public"}
    shown = {d["player"]: d for d in public.get("phase_closed", {}).get("deaths", [])}

    def named(value) -> str:
        return (
            roles.role_name(ruleset.id, str(value), lang)
            or roles.faction_name(ruleset.id, str(value), lang)
            or str(value)
        )

    deaths = []
    for death in record.get("deaths", []):
        reveal = shown.get(death["player"], {})
        revealed = reveal.get("role") or reveal.get("faction") or ""
        described = descriptions.get(death["player"], "")
        deaths.append(
            {
                "player": death["player"],
                "role": named(death.get("role")),
                "by": ", ".join(cause_words(str(by), lang) for by in death.get("by", [])),
                "description": roles.render(
                    roles.description_message(death["player"], described), lang
                )
                if described
                else "",
                "revealed": named(revealed) if revealed else "",
            }
        )
    _deaths, told = roles.told_once(record)  # a death's reveal: "shown as" says it
    events = [roles.render(roles.event_message(event, ruleset.id), lang) for event in told]
    headline = record.get("headline")
    return Outcome(
        status="closes",
        headline=roles.render(roles.headline_message(str(headline)), lang) if headline else "",
        deaths=deaths,
        results=[text.result_text(r, lang, ruleset.id) for r in record.get("results", [])],
        events=events,
        tally=dict(record.get("tally") or {}),
        lynched=list(record["lynched"]) if "lynched" in record else None,
        winners=list(result.state.winners) if result.state.ended else None,
        record=record,
        survivors=[p.name for p in result.state.players if p.alive],
    )


def preview(game, phase: Phase) -> Outcome:
    """ "If this phase closed now": the engine on the stored inputs, as the close reads
    them (services.phase_input on the stored state), with the posts rule's verdicts
    at a day's close (none when the game would end: a finished game is not judged)."""
    outcome = outcome_of(engine_state(game), phase_input(phase))
    if outcome.status == "closes" and outcome.winners is None:
        outcome.posts_verdicts = preview_verdicts(game, phase, outcome.survivors)
    return outcome


def cause_words(by: str, lang: str) -> str:
    """What killed a player, in words where the engine names a cause ("modkill": "removed
    by the host (modkill)"); a player who killed him stays his name."""
    try:
        return roles.render({"id": f"cause.{by}"}, lang)
    except UnknownMessage:
        return by
