"""The GM's desk, exported: the forum posts (BBCode and Markdown, with a copy button),
the game so far as a scenario file, and the phase-by-phase replay.

While the game runs all of it is the GM's alone (a player, a spectator or a visitor
gets "not found", as for any page that is not his); once the game is over the record
is public and anyone may download or replay it.
"""

from __future__ import annotations

import json

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext

from games import export, record, services
from games.models import Game, Phase, Status, phase_name
from games.viewer import Viewer


def _post(dom_id: str, title: str, lines) -> dict:
    return {
        "id": dom_id,
        "title": title,
        "bbcode": export.bbcode(lines),
        "markdown": export.markdown(lines),
    }


def export_panel(game: Game, viewer: Viewer) -> list[dict]:
    """The posts the GM may copy now: after a close, its morning post; during a day,
    the vote count; after the game, the game-over post. Nobody else gets any."""
    if not viewer.is_gm or game.status not in (Status.RUNNING, Status.FINISHED):
        return []
    posts = []
    if game.status == Status.FINISHED:
        posts.append(
            _post("export-game-over", gettext("Game-over post"), export.game_over_post(game))
        )
    outcome = export.posts.latest_outcome(game)
    if outcome is not None:
        posts.append(
            _post("export-morning", gettext("Morning post"), export.morning_post(game, outcome))
        )
    phase = services.open_phase(game) if game.status == Status.RUNNING else None
    if phase is not None and phase.kind == Phase.DAY:
        posts.append(_post("export-votes", gettext("Vote count"), export.vote_count(game, phase)))
    return posts


def _readable_game(request, game_id: int) -> Game:
    game = get_object_or_404(Game, pk=game_id)
    if not record.may_read_record(game, request.user):
        raise Http404(gettext("The game's record is the GM's until the game is over."))
    return game


def download_scenario(request, game_id: int):
    """The game so far as a scenario file for `python -m roles simulate`."""
    game = _readable_game(request, game_id)
    body = json.dumps(record.scenario_of(game), indent=2, ensure_ascii=False) + "\n"
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="game-{game.id}-scenario.json"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


def replay(request, game_id: int):
    """/games/<id>/replay/?phase=N&as=<seat, public, dead or gm>: step N as that
    viewer read it."""
    game = _readable_game(request, game_id)
    last = record.step_count(game)
    choices = record.viewpoints(game)
    who = request.GET.get("as", record.PUBLIC)
    error = ""
    try:
        index = int(request.GET.get("phase", "1" if last else "0"))
    except ValueError:
        index, error = 0, gettext("The phase is a number: showing the deal.")
    if not 0 <= index <= last:
        index, error = 0, gettext("There is no phase %(n)s: showing the deal.") % {"n": index}
    if who not in dict(choices):
        who, error = record.PUBLIC, gettext("There is no such viewer: showing the public's view.")
    step = record.replay_step(game, who, index)
    context = {
        "game": game,
        "step": step,
        "who": who,
        "who_label": dict(choices)[who],
        "choices": choices,
        # Each step by the phase it shows ("Night 1"), as the game's pages name it.
        "steps": [(0, gettext("the deal"))]
        + [
            (p.seq, phase_name(p.kind, p.number))
            for p in game.phases.filter(seq__lte=last).order_by("seq")
        ],
        "previous": index - 1 if index > 0 else None,
        "next": index + 1 if index < last else None,
        "error": error,
    }
    return render(request, "games/replay.html", context)
