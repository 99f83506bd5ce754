"""Issue 38: the day thread of a long forum game in pages. The game page shows the
latest page; "older posts" and "newer posts" read the pages around it by a post's
public ref (games/threads.py, games/web/thread.py); a permalink opens the page
holding its post; ISO keeps one player's posts, a search the posts holding a text.
Every page costs the same queries whatever the thread's length, and a viewer pages
and searches only the threads he reads."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Game, Post, Status
from tests.kit.games import SEVEN, Table, game_page, new_classic7, seat_players
from tests.kit.threads import fill_thread, more_link, section_of, shown_refs, thread_answer

PAGE = 10


@pytest.fixture(autouse=True)
def _small_pages(settings):
    settings.THREAD_PAGE_POSTS = PAGE


@pytest.fixture
def day_table(gemma, players):
    """The classic7 table, started by day (private messages on)."""
    game = new_classic7(gemma, players, first_phase="day", private_messages="on")
    seated = {name: players[name] for name in SEVEN}
    seat_players(gemma, game, seated.values(), start=True)
    return Table(game, seated, gemma)


def test_the_page_shows_the_latest_posts_and_older_ones_page_by_page(day_table):
    refs = fill_thread(day_table.game, 25)
    day = section_of(day_table.page("alice"))
    assert shown_refs(day) == refs[-PAGE:]
    assert 'data-latest="1"' in day
    assert more_link(day, "older") == refs[-PAGE]
    assert more_link(day, "newer") == ""

    client = day_table.clients["alice"]
    read, before = [], more_link(day, "older")
    while before:
        status, answer = thread_answer(client, day_table.game, before=before)
        assert status == 200
        page = shown_refs(answer["html"])
        assert len(page) == answer["count"] <= PAGE
        read = page + read
        before = answer["older"]
    assert read == refs[:-PAGE]  # every older post once, in order, down to the first


def test_newer_pages_follow_a_cursor_up_to_the_latest(day_table):
    refs = fill_thread(day_table.game, 25)
    status, answer = thread_answer(day_table.clients["bob"], day_table.game, after=refs[2])
    assert status == 200
    assert shown_refs(answer["html"]) == refs[3 : 3 + PAGE]
    assert answer["newer"] == refs[2 + PAGE] and not answer["latest"]
    status, answer = thread_answer(day_table.clients["bob"], day_table.game, after=refs[14])
    assert shown_refs(answer["html"]) == refs[15:] and answer["newer"] == "" and answer["latest"]


def test_a_permalink_opens_the_page_holding_an_old_post(day_table):
    refs = fill_thread(day_table.game, 40)
    old = refs[7]
    page = Client().get(reverse("game", args=[day_table.game.id]), {"post": old})
    day = section_of(page.content.decode())
    shown = shown_refs(day)
    assert old in shown and len(shown) == PAGE
    start = refs.index(shown[0])
    assert shown == refs[start : start + PAGE] and 0 < start < refs.index(old)
    assert f'id="post-{old}"' in day
    assert 'data-latest=""' in day  # live posts wait for "newer posts"
    assert more_link(day, "older") == shown[0] and more_link(day, "newer") == shown[-1]
    # Each post links to itself by its ref, never by its row id.
    assert f"?post={old}#post-{old}" in day
    assert set(re.findall(r"post=(\w+)", day)) <= set(refs)


def test_iso_keeps_one_players_posts_in_pages(day_table):
    refs = fill_thread(day_table.game, 100)  # alice writes every seventh post
    alices = refs[::7]
    day = section_of(day_table.page("bob"))
    assert 'class="iso"' in day
    page = day_table.clients["bob"].get(reverse("game", args=[day_table.game.id]), {"iso": "alice"})
    day = section_of(page.content.decode())
    assert shown_refs(day) == alices[-PAGE:]
    assert 'data-latest=""' in day
    status, answer = thread_answer(
        day_table.clients["bob"], day_table.game, iso="alice", before=more_link(day, "older")
    )
    assert status == 200 and shown_refs(answer["html"]) == alices[:-PAGE]
    assert answer["older"] == ""
    status, answer = thread_answer(day_table.clients["bob"], day_table.game, iso="nobody")
    assert status == 200 and answer["count"] == 0


def test_a_search_finds_posts_case_blind_in_any_script_and_marks_them(day_table):
    words = ["Привет, город", "ничего", "ПРИВЕТ всем", "100% sure", "a_b", "<b>hi</b> .* (x"]
    refs = fill_thread(day_table.game, len(words), text=lambda i: words[i])
    client = day_table.clients["carol"]

    def found(text):
        status, answer = thread_answer(client, day_table.game, q=text)
        assert status == 200
        return shown_refs(answer["html"]), answer["html"]

    shown, html = found("привет")
    assert shown == [refs[0], refs[2]]
    assert "<mark>Привет</mark>" in html and "<mark>ПРИВЕТ</mark>" in html
    assert found("%")[0] == [refs[3]]  # LIKE's wildcards are text
    assert found("_")[0] == [refs[4]]
    assert found(".*")[0] == [refs[5]]  # never a pattern
    shown, html = found("<b>")
    assert shown == [refs[5]]
    assert "<mark>&lt;b&gt;</mark>hi&lt;/b&gt;" in html and "<b>hi" not in html


def test_search_and_iso_together_on_the_page(day_table):
    fill_thread(day_table.game, 28, text=lambda i: "scum" if i % 2 else "town")
    page = day_table.clients["dave"].get(
        reverse("game", args=[day_table.game.id]), {"iso": "bob", "q": "SCUM"}
    )
    day = section_of(page.content.decode())
    posts = Post.objects.filter(game=day_table.game, author_name="bob", folded__contains="scum")
    assert shown_refs(day) == [p.ref for p in posts.order_by("id")]
    assert day.count("<mark>scum</mark>") == len(shown_refs(day)) == 2


@pytest.mark.parametrize(
    "params",
    [
        {"before": "1"},
        {"before": "' OR 1=1 --"},
        {"after": "A" * 16},
        {"post": "../../etc/passwd"},
        {"before": "0123456789abcdef", "after": "0123456789abcdef"},
        {"q": "x" * 101},
        {"iso": "x" * 151},
        {"thread": "faction"},
        {"before": "0123456789abcdef"},  # well formed, no such post
    ],
)
def test_hostile_cursors_and_queries_are_refused_clearly(day_table, params):
    fill_thread(day_table.game, 3)
    status, answer = thread_answer(day_table.clients["alice"], day_table.game, **params)
    assert status == 400 and answer["error"]
    page = day_table.clients["alice"].get(reverse("game", args=[day_table.game.id]), params)
    assert page.status_code == 200  # the page shows the latest posts and says why
    assert 'class="error thread-refusal"' in page.content.decode()


def test_a_player_cannot_page_or_search_a_thread_he_does_not_read(day_table, mallory):
    game = day_table.game
    graveyard = fill_thread(game, 3, channel="graveyard", authors=["alice"])
    pms = fill_thread(game, 3, channel="pm", authors=["alice"], to="bob")
    carol = day_table.clients["carol"]
    for params in ({"thread": "graveyard"}, {"thread": "graveyard", "q": "post"}):
        status, answer = thread_answer(carol, game, **params)
        assert status == 403 and answer["error"]  # the living never read the graveyard
    # A ref of a thread he does not read is no cursor of one he reads.
    for ref in (graveyard[1], pms[1]):
        for cursor in ("before", "after", "post"):
            status, _ = thread_answer(carol, game, **{cursor: ref})
            assert status == 400
        status, _ = thread_answer(carol, game, thread="pm", before=ref)
        assert status == 400
    status, answer = thread_answer(carol, game, thread="pm", q="post")
    assert status == 200 and answer["count"] == 0  # not hers
    status, answer = thread_answer(day_table.clients["bob"], game, thread="pm", q="post")
    assert shown_refs(answer["html"]) == pms  # bob's own
    for stranger in (Client(), _logged_in(mallory)):
        status, _ = thread_answer(stranger, game, thread="pm")
        assert status == 403
        status, _ = thread_answer(stranger, game, thread="graveyard")
        assert status == 403
    page = carol.get(reverse("game", args=[game.id]), {"thread": "graveyard", "post": graveyard[0]})
    text = page.content.decode()
    assert not any(ref in text for ref in graveyard + pms)


def test_the_graveyard_and_private_messages_are_paged_too(day_table):
    game = day_table.game
    pms = fill_thread(game, 25, channel="pm", authors=["alice", "bob"], to="carol")
    page = game_page(day_table.users["carol"], game)
    pm = section_of(page, "pm")
    assert shown_refs(pm) == pms[-PAGE:] and more_link(pm, "older") == pms[-PAGE]


def _logged_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("viewer", ["alice", "gemma", None])
def test_the_page_reads_the_same_queries_at_ten_and_a_thousand_posts(
    day_table, viewer, django_assert_num_queries
):
    game = day_table.game
    client = day_table.clients[viewer] if viewer else Client()
    refs = fill_thread(game, 10)
    asked = [{}, {"before": refs[5]}, {"post": refs[3]}, {"iso": "alice", "q": "post"}]
    pages = [_queries(client, "game", game, params) for params in asked]
    answers = [_queries(client, "thread_page", game, params) for params in asked]
    fill_thread(game, 990)
    for params, at_ten in zip(asked, pages, strict=True):
        with django_assert_num_queries(at_ten):
            client.get(reverse("game", args=[game.id]), params)
    for params, at_ten in zip(asked, answers, strict=True):
        with django_assert_num_queries(at_ten):
            client.get(reverse("thread_page", args=[game.id]), params)


def _queries(client, view: str, game, params) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse(view, args=[game.id]), params)
        assert response.status_code == 200
    return len(queries)


def test_after_the_game_every_thread_is_paged_and_readable_by_all(day_table):
    game = day_table.game
    day = fill_thread(game, 25)
    graveyard = fill_thread(game, 15, channel="graveyard", authors=["alice"])
    pms = fill_thread(game, 15, channel="pm", authors=["alice"], to="bob")
    Game.objects.filter(pk=game.id).update(status=Status.FINISHED)
    page = game_page(None, game)
    assert shown_refs(section_of(page, "day")) == day[-PAGE:]
    assert more_link(section_of(page, "day"), "older") == day[-PAGE]
    record = page[page.index('id="thread-pm"') : page.index("</div>", page.index('id="thread-pm"'))]
    assert shown_refs(record) == pms[-PAGE:]
    for thread, refs in (("graveyard", graveyard), ("pm", pms)):
        status, answer = thread_answer(Client(), game, thread=thread, before=refs[-PAGE])
        assert status == 200 and shown_refs(answer["html"]) == refs[:-PAGE]


def test_spectators_and_the_dead_page_the_graveyard_the_gm_reads_pms_only_when_told(
    day_table, mallory, gemma
):
    from games import services

    game = day_table.game
    graveyard = fill_thread(game, 12, channel="graveyard", authors=["alice"])
    fill_thread(game, 3, channel="pm", authors=["alice"], to="bob")
    services.watch_game(mallory, game.id)
    status, answer = thread_answer(_logged_in(mallory), game, thread="graveyard")
    assert status == 200 and shown_refs(answer["html"]) == graveyard[-PAGE:]
    status, _ = thread_answer(_logged_in(mallory), game, thread="pm")
    assert status == 403
    gm = day_table.clients["gemma"]
    assert thread_answer(gm, game, thread="graveyard")[0] == 200  # the GM reads everything
    assert thread_answer(gm, game, thread="pm")[0] == 403  # but not players' PMs ("on")
    Game.objects.filter(pk=game.id).update(private_messages="gm")
    status, answer = thread_answer(gm, game, thread="pm")
    assert status == 200 and answer["count"] == 3


def test_a_lobby_has_no_thread_to_page(gemma, players):
    game = new_classic7(gemma, players)
    status, answer = thread_answer(Client(), game)
    assert status == 404 and answer["error"]
