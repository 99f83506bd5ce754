"""The day's votes as the thread reads them: a vote event is a change (who voted, for
whom, instead of whom, in which round), never the whole tally; the tally and the vote
history are computed where they are shown (`phases.tally` from the ballots, and
`vote_history` from the public log).

Games logged before vote events were changes hold events that also carry the whole
tally and never say what a vote replaced: the history reads both shapes alike, as it
replays each round's ballots to say what a vote replaced (docs/decisions/vote-events.md).
"""

from __future__ import annotations

from games.models import Phase, Seat
from games.services.leaving import LEFT_KIND

VOTE_KIND = "vote"
# The public events that change the day's ballots: a vote, and the deaths that void
# ballots (a modkill voids the dead's and those naming him; a leaver's own is void).
HISTORY_KINDS = (VOTE_KIND, "modkill", LEFT_KIND)


def previous_target(phase: Phase, seat: Seat, round_no: int) -> str:
    """The seat's ballot in the round before this change ("" for none)."""
    latest = (
        phase.votes.filter(voter=seat, round=round_no)
        .order_by("-id")
        .values_list("target", flat=True)
        .first()
    )
    return latest or ""


def vote_payload(voter: str, target: str | None, round_no: int, was: str, fast: bool) -> dict:
    """What a vote event says: the change alone. `target` None withdraws the ballot;
    `was` is the ballot it replaces (left out when there was none), `fast` is said only
    when the vote is fast."""
    payload: dict = {"voter": voter, "target": target or None, "round": round_no}
    if was:
        payload["was"] = was
    if fast:
        payload["fast"] = True
    return payload


def log_vote(
    change, phase: Phase, seat: Seat, target: str | None, round_no: int, was: str, fast=False
) -> None:
    change.log(VOTE_KIND, "public", vote_payload(seat.name, target, round_no, was, fast), phase)


def vote_history(phase: Phase) -> list[dict]:
    """The day's public vote history in order: one entry per vote event and per death
    that voided ballots, in one query whatever the number of votes.

    An entry: {"kind": "vote" | "change" | "withdraw" | "void", "round", "at", "seq",
    "audience_seq", "gm_seq"}; a vote, change or withdrawal has "voter", "target" (None
    for a withdrawal), "was" (the ballot replaced, "" for none) and "fast"; a void has
    "player" (modkilled or gone), "cause" ("modkill" or LEFT_KIND) and "voters" (whose
    ballots it voided, in the order they were cast)."""
    rows = (
        phase.events.filter(audience="public", kind__in=HISTORY_KINDS)
        .order_by("seq")
        .values_list("seq", "audience_seq", "gm_seq", "kind", "payload", "created_at")
    )
    ballots: dict[int, dict[str, str]] = {}  # round -> voter -> target, as cast
    entries: list[dict] = []
    for seq, audience_seq, gm_seq, kind, payload, at in rows:
        payload = payload or {}
        named = {"seq": seq, "audience_seq": audience_seq, "gm_seq": gm_seq, "at": at}
        if kind == VOTE_KIND:
            entries.append({**named, **_replayed_vote(ballots, payload)})
            continue
        player = payload.get("player")
        if not player or (kind == "modkill" and "deaths" not in payload):
            continue  # the modkilled player's own notice, not the public death
        voided = _void(ballots, player, cause=kind)
        if voided:
            entries.append({**named, "kind": "void", "player": player, "cause": kind, **voided})
    return entries


def _replayed_vote(ballots: dict[int, dict[str, str]], payload: dict) -> dict:
    round_no = int(payload.get("round") or 0)
    cast = ballots.setdefault(round_no, {})
    voter, target = str(payload.get("voter", "")), payload.get("target") or None
    was = cast.get(voter, "")
    if target:
        cast[voter] = target
    else:
        cast.pop(voter, None)
    kind = "withdraw" if target is None else "change" if was and was != target else "vote"
    return {
        "kind": kind,
        "round": round_no,
        "voter": voter,
        "target": target,
        "was": was,
        "fast": bool(payload.get("fast")),
    }


def _void(ballots: dict[int, dict[str, str]], player: str, cause: str) -> dict:
    """Drop the ballots a death voids (games/services/gm.py `_void_votes`, leaving.py):
    the player's own, and on a modkill every ballot naming him."""
    voters: list[str] = []
    round_no = 0
    for number, cast in ballots.items():
        for voter, target in list(cast.items()):
            if voter == player or (cause == "modkill" and target == player):
                del cast[voter]
                voters.append(voter)
                round_no = number
    return {"voters": voters, "round": round_no} if voters else {}
