"""A thread in pages: what one viewer reads of a game's day thread, graveyard or
private messages, a page at a time, whatever the thread's length.

A page is named by a post of the thread (its public `ref`, never its row id): the
page before it, the page after it, or the page around it (a permalink). A page may
be narrowed to one author's posts (ISO) or to the posts holding a text (search).
Each page costs the same few queries (a cursor's post, then the page itself), and
only what the viewer reads is ever looked at: a cursor naming a post of a thread he
does not read is no cursor.

>>> read_query({"thread": "day", "q": "  Bob  "}).search
'Bob'
>>> try:
...     read_query({"before": "1 OR 1=1"})
... except ThreadRefusal as refusal:
...     print(refusal)
This is not a post of this thread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Q
from django.utils.translation import gettext

from games.models import Post, Status, fold
from games.text_safety import clean_text

# The threads read in pages: the day thread (last words are said in it), the
# graveyard, private messages.
DAY, GRAVEYARD, PRIVATE = "day", "graveyard", "pm"
THREADS = (DAY, GRAVEYARD, PRIVATE)
CHANNELS = {
    DAY: (Post.DAY, Post.LAST_WORDS),
    GRAVEYARD: (Post.GRAVEYARD,),
    PRIVATE: (Post.PRIVATE,),
}

MAX_SEARCH_CHARS = 100  # a search is a few words, not a post
MAX_AUTHOR_CHARS = 150  # an account's name at most
# A permalink's page opens a few posts above its post: what it answered.
CONTEXT_ABOVE = 5

_REF = re.compile(r"[0-9a-f]{16}")  # games.models.new_post_ref


class ThreadRefusal(ValueError):
    """A request for a page that is none: the message says why (a 400), or that the
    viewer does not read the thread (`unreadable`: a 403)."""

    def __init__(self, message: str, unreadable: bool = False) -> None:
        super().__init__(message)
        self.unreadable = unreadable


@dataclass(frozen=True)
class ThreadQuery:
    """Which page of which thread: at most one of `before`, `after`, `at` (a ref each),
    and the filters."""

    thread: str = DAY
    before: str = ""
    after: str = ""
    at: str = ""
    author: str = ""
    search: str = ""

    @property
    def filtered(self) -> bool:
        return bool(self.author or self.search)

    def params(self) -> dict[str, str]:
        """The filters as a page's links carry them (the cursor comes on top)."""
        asked = {"thread": self.thread} if self.thread != DAY else {}
        if self.author:
            asked["iso"] = self.author
        if self.search:
            asked["q"] = self.search
        return asked


def read_query(params, default_thread: str = DAY) -> ThreadQuery:
    """A page's query string (thread, before | after | post, iso, q), checked."""
    thread = params.get("thread") or default_thread
    if thread not in THREADS:
        raise ThreadRefusal(gettext("There is no such thread."))
    cursors = {name: (params.get(name) or "").strip() for name in ("before", "after", "post")}
    named = {name: ref for name, ref in cursors.items() if ref}
    if len(named) > 1:
        raise ThreadRefusal(gettext("Ask for one page at a time."))
    for ref in named.values():
        if not _REF.fullmatch(ref):
            raise ThreadRefusal(gettext("This is not a post of this thread."))
    author = (params.get("iso") or "").strip()
    if len(author) > MAX_AUTHOR_CHARS:
        raise ThreadRefusal(gettext("There is no such player."))
    search = clean_text(params.get("q") or "").strip()
    if len(search) > MAX_SEARCH_CHARS:
        raise ThreadRefusal(
            gettext("Search for at most %(max)s characters.") % {"max": MAX_SEARCH_CHARS}
        )
    return ThreadQuery(
        thread=thread,
        before=cursors["before"],
        after=cursors["after"],
        at=cursors["post"],
        author=author,
        search=search,
    )


def reads(viewer, thread: str) -> bool:
    """Whether this viewer reads the thread at all (games/viewer.py visible_posts)."""
    if thread == DAY:
        return True
    if thread == GRAVEYARD:
        return viewer.reads_graveyard or viewer.sees_everything
    # Private messages: the two seats, the GM where the game's option says he reads
    # them, everyone after the game.
    if viewer.game.status == Status.FINISHED or viewer.seat is not None:
        return True
    return viewer.is_gm and viewer.game.private_messages == "gm"


def readable_posts(viewer, thread: str):
    """The posts of the thread this viewer reads, unordered and unfiltered."""
    if not reads(viewer, thread):
        raise ThreadRefusal(gettext("You do not read this thread."), unreadable=True)
    posts = Post.objects.filter(game=viewer.game, channel__in=CHANNELS[thread])
    posts = posts.select_related("seat", "phase", "recipient")
    if thread == PRIVATE and viewer.game.status != Status.FINISHED and not viewer.is_gm:
        posts = posts.filter(Q(seat=viewer.seat) | Q(recipient=viewer.seat))
    return posts


def page_size() -> int:
    return max(1, settings.THREAD_PAGE_POSTS)


@dataclass
class ThreadPage:
    """One page of a thread, oldest first, and where its neighbours start."""

    query: ThreadQuery
    posts: list
    older: str = ""  # the ref to ask `before` for, when older posts exist
    newer: str = ""  # the ref to ask `after` for, when newer posts exist
    target: str = ""  # a permalink's post, on this page

    @property
    def latest(self) -> bool:
        """The thread's newest posts, unfiltered: live posts append below them."""
        return not self.newer and not self.query.filtered


def page_of(viewer, query: ThreadQuery, size: int | None = None) -> ThreadPage:
    """The page `query` asks for: at most `size` posts, two queries at most."""
    size = size or page_size()
    posts = readable_posts(viewer, query.thread)
    cursor_ref = query.before or query.after or query.at
    cursor_id = None
    if cursor_ref:
        cursor_id = posts.filter(ref=cursor_ref).values_list("id", flat=True).first()
        if cursor_id is None:
            raise ThreadRefusal(gettext("This is not a post of this thread."))
    if query.at:  # a permalink reads the whole thread around its post
        return _around(query, posts, cursor_id, size)
    shown = _filtered(posts, query)
    if query.after:
        rows = list(shown.filter(id__gt=cursor_id).order_by("id")[: size + 1])
        more = len(rows) > size
        rows = rows[:size]
        return ThreadPage(
            query,
            rows,
            older=rows[0].ref if rows else query.after,
            newer=rows[-1].ref if more else "",
        )
    if query.before:
        shown = shown.filter(id__lt=cursor_id)
    rows = list(shown.order_by("-id")[: size + 1])
    more = len(rows) > size
    rows = rows[:size][::-1]
    newer = query.before and (rows[-1].ref if rows else query.before)
    return ThreadPage(query, rows, older=rows[0].ref if more else "", newer=newer or "")


def _around(query: ThreadQuery, posts, target_id: int, size: int) -> ThreadPage:
    """A permalink's page: a few posts above the target, then the target and what
    follows it, `size` in all."""
    above = min(CONTEXT_ABOVE, size - 1)
    before = list(posts.filter(id__lt=target_id).order_by("-id")[: above + 1])
    older = len(before) > above
    before = before[:above][::-1]
    after = list(posts.filter(id__gte=target_id).order_by("id")[: size - len(before) + 1])
    newer = len(after) > size - len(before)
    rows = before + after[: size - len(before)]
    query = ThreadQuery(thread=query.thread, at=query.at)  # the whole thread
    return ThreadPage(
        query,
        rows,
        older=rows[0].ref if older else "",
        newer=rows[-1].ref if newer else "",
        target=query.at,
    )


def _filtered(posts, query: ThreadQuery):
    if query.author:
        posts = posts.filter(author_name=query.author)
    if query.search:
        # `contains` escapes LIKE's wildcards: the text is looked for as typed.
        posts = posts.filter(folded__contains=fold(query.search))
    return posts
