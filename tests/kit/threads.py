"""Long threads for the paging tests: posts stored straight into a game's thread (the
services' flood limit would take hours to write ten thousand), and the posts a page
or a thread's answer shows, read by their refs."""

from __future__ import annotations

import json
import re
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone


def fill_thread(
    game, count: int, *, channel: str = "day", authors=None, text=None, phase=None, to=None
) -> list[str]:
    """`count` posts in one of `game`'s threads, oldest first, written in turn by the
    seats named in `authors` (every seat unless given), `text(i)` each ("post i"
    unless given); returns their refs in order. A private message goes to `to`."""
    from games.models import Post, fold, new_post_ref

    seats = {s.name: s for s in game.seats.all()}
    names = list(authors or seats)
    phase = phase or game.phases.order_by("-seq").first()
    recipient = seats[to] if to else None
    # Written a second apart, all before the last hour: the flood limit (services
    # check_rate) leaves the authors free to post now.
    start = timezone.now() - timedelta(hours=1, seconds=count)
    posts = []
    for i in range(count):
        name = names[i % len(names)]
        words = text(i) if text else f"post {i}"
        posts.append(
            Post(
                game=game,
                phase=phase,
                seat=seats.get(name),
                author=seats[name].user if name in seats else None,
                author_name=name,
                channel=channel,
                recipient=recipient,
                text=words,
                folded=fold(words),
                created_at=start + timedelta(seconds=i),
                ref=new_post_ref(),
            )
        )
    Post.objects.bulk_create(posts, batch_size=1000)
    return [p.ref for p in posts]


def section_of(page: str, thread: str = "day") -> str:
    """The thread's section of a game page (templates/games/_thread.html)."""
    start = page.index(f'id="thread-{thread}"')
    return page[start : page.index("</section>", start)]


def shown_refs(html: str) -> list[str]:
    """The refs of the posts in a piece of a page, in the page's order."""
    return re.findall(r'<article class="post [^"]*" data-post="([0-9a-f]+)"', html)


def more_link(section: str, which: str) -> str:
    """The cursor of the section's "older" or "newer" control, "" without one."""
    control = rf'href="[^"]*?(?:before|after)=([0-9a-f]+)[^"]*" data-thread-more="{which}"'
    found = re.search(control, section)
    return found.group(1) if found else ""


def thread_answer(client, game, **params):
    """The thread's JSON answer (games/web/thread.py) and its status."""
    response = client.get(reverse("thread_page", args=[game.id]), params)
    return response.status_code, json.loads(response.content)
