"""The game page's threads, a page each (games/threads.py), and the answer the
page's script asks for: older and newer posts, a permalink's page, one player's
posts (ISO), a search; only what the viewer reads."""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.translation import gettext

from games import masks, threads
from games.models import Game, Status
from games.threads import ThreadQuery, ThreadRefusal
from games.viewer import viewer_for


def thread_pages(request, viewer) -> dict:
    """The page of each thread this viewer reads: the one the query string names
    (thread, before / after / post, iso, q) as asked, the others at their latest
    posts. A query that is none is said on the page, above the latest posts."""
    refusal = ""
    try:
        asked = threads.read_query(request.GET)
    except ThreadRefusal as refused:
        asked, refusal = ThreadQuery(), str(refused)
    pages = {}
    for name in threads.THREADS:
        if not threads.reads(viewer, name):
            continue
        query = asked if asked.thread == name else ThreadQuery(thread=name)
        try:
            pages[name] = threads.page_of(viewer, query)
        except ThreadRefusal as refused:
            refusal = str(refused)
            pages[name] = threads.page_of(viewer, ThreadQuery(thread=name))
    return {"thread_pages": pages, "thread_refusal": refusal}


def thread_page(request, game_id: int):
    """One page of one thread as JSON: its posts as the game page renders them, and
    the refs to ask for the pages before and after it."""
    game = get_object_or_404(Game.objects.select_related("gm"), pk=game_id)
    if game.status in (Status.LOBBY, Status.CANCELLED):
        return JsonResponse({"error": gettext("There is no such thread.")}, status=404)
    viewer = viewer_for(game, request.user, with_view=False)
    try:
        page = threads.page_of(viewer, threads.read_query(request.GET))
    except ThreadRefusal as refused:
        return JsonResponse({"error": str(refused)}, status=403 if refused.unreadable else 400)
    html = render_to_string(
        "games/_thread_posts.html",
        {"game": game, "page": page, "played_by": masks.played_by(game, viewer.is_gm)},
        request=request,
    )
    return JsonResponse(
        {
            "html": html,
            "count": len(page.posts),
            "older": page.older,
            "newer": page.newer,
            "latest": page.latest,
        }
    )
