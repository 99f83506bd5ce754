"""The public vote history, as forum GMs post it: who voted whom and when, changes and
withdrawals included, round by round, with what a lynch needs (the engine's
`roles.lynch_need`) and the count (the tally panel beside it).

The open day's history is part of the game page (`votes_context`) and follows the
socket's vote events (static/games/live.js); a closed day's is its own small page or
fragment (`day_votes`), loaded when the reader opens it (static/games/votes.js), so
the game page costs the same whatever the number of days. Every vote is public (no
ruleset keeps ballots secret): the history reads only the public log.
"""

from __future__ import annotations

import json

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import roles
from games import masks, services
from games import text as game_text
from games.models import Event, Game, Phase, Status


def history_lines(
    phase: Phase, streams=None, accounts: dict | None = None, open_round: int = 0
) -> list[dict]:
    """The day's history in rounds: [{"round": k, "lines": [...]}], each line
    {"key", "kind", "at", "text"}; the day's vote (round 0) and the open round are
    always there (the page adds the votes pushed to them). `streams`: the page's
    numbering of the events (a line pushed later is not added twice)."""
    rounds: dict[int, list[dict]] = {0: [], open_round: []}
    for entry in services.vote_history(phase):
        if entry["kind"] == "void":
            text = game_text.void_votes_text(entry)
        else:
            said = {k: entry[k] for k in ("voter", "target", "was", "fast", "round")}
            text = game_text.event_text(Event(kind=services.VOTE_KIND, payload=said))
        line = {
            "kind": entry["kind"],
            "at": entry["at"],
            "text": game_text.with_accounts(text, accounts or {}, services.VOTE_KIND),
            "key": "",
        }
        if streams is not None:
            numbered = {"audience": "public", **{k: entry[k] for k in ("audience_seq", "gm_seq")}}
            line["key"] = "{}:{}".format(*streams.key(numbered))
        rounds.setdefault(entry["round"], []).append(line)
    return [{"round": k, "lines": rounds[k]} for k in sorted(rounds)]


def need_text(need: dict) -> str:
    """What a lynch needs (`roles.lynch_need`) in words."""
    votes, total = need.get("votes", 0), need.get("of", 0)
    if need.get("rule") == "majority":
        said = ngettext(
            "Majority: %(votes)s vote of %(of)s lynches at once.",
            "Majority: %(votes)s votes of %(of)s lynch at once.",
            votes,
        )
    elif need.get("rule") == "trial":
        said = ngettext(
            "Majority: %(votes)s vote of %(of)s puts a player on trial.",
            "Majority: %(votes)s votes of %(of)s put a player on trial.",
            votes,
        )
    else:
        return _("Plurality: the most votes when the day closes; a tie as the rules say.")
    return said % {"votes": votes, "of": total}


def votes_context(game: Game, phase: Phase | None, viewer, streams, state) -> dict:
    """The open day's history panel: its rounds, what a lynch needs, the ballots of the
    open round in the order cast (the page counts its tally from them as votes arrive),
    and the closed days whose histories load when opened."""
    context = {"past_days": past_days(game)}
    if phase is None or phase.kind != Phase.DAY:
        return context
    round_no = services.open_round(phase)
    accounts = masks.gm_accounts(game, viewer.is_gm)
    current = services.current_votes(phase, round_no)
    context.update(
        vote_rounds=history_lines(phase, streams, accounts, round_no),
        vote_round=round_no,
        vote_need="" if round_no else need_text(roles.lynch_need(state)),
        ballots_json=json.dumps(list(current.items())),
    )
    return context


def past_days(game: Game) -> list[dict]:
    """The closed days, each with the address of its vote history (one query)."""
    closed = game.phases.filter(kind=Phase.DAY).exclude(closed_at=None).order_by("seq")
    return [{"seq": seq, "number": number} for seq, number in closed.values_list("seq", "number")]


def day_votes(request, game_id: int, seq: int):
    """One day's vote history: a fragment for the page that opens it (a fetch), else a
    page of its own. Public, like the votes themselves."""
    game = get_object_or_404(Game, pk=game_id)
    if game.status in (Status.LOBBY, Status.CANCELLED):
        raise Http404
    phase = get_object_or_404(Phase, game=game, seq=seq, kind=Phase.DAY)
    closed = phase.events.filter(audience="public", kind="phase_closed").first()
    context = {
        "game": game,
        "day": phase,
        "vote_rounds": history_lines(phase),
        "closing_tally": (closed.payload.get("tally") or {}) if closed else {},
    }
    fragment = request.headers.get("X-Requested-With") == "fetch"
    template = "games/_day_votes.html" if fragment else "games/day_votes.html"
    return render(request, template, context)
