"""Issue 38 in the browser: a long day thread read a page at a time. alice (English,
desktop) loads older posts by keyboard until the thread's first post, each load said
to her screen reader; a live post still lands at the bottom with its permalink. A
permalink to an old post opens its page, focused; ISO keeps one player's posts and a
search marks what it found. carol reads Russian on a 390-px phone: the same controls,
in her words, nothing wider than her screen."""

from __future__ import annotations

import re

import pytest

from games.models import Post, Profile
from tests.kit.browser import (
    FormSeat,
    box_fits,
    fits,
    mark,
    not_reloaded,
    open_page,
    shot,
    wait_live,
)
from tests.kit.browser import user as persona
from tests.kit.games import SEVEN, new_classic7, seat_players
from tests.kit.threads import fill_thread

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
POSTS = 130  # the site's default page is 50: the latest page, two older ones
CLUE = "the lamp was lit at midnight"
ARTICLES = "#thread-day article.post"


def count(page) -> int:
    return page.locator(ARTICLES).count()


def authors(page) -> set[str]:
    return set(page.locator(f"{ARTICLES} header strong").all_inner_texts())


def test_a_long_day_thread_read_page_by_page(browser, site):
    gemma = persona("gemma")
    players = {name: persona(name) for name in SEVEN}
    Profile.objects.create(user=players["carol"], language="ru")
    game = new_classic7(gemma, players, first_phase="day", day_seconds=3600)
    seat_players(gemma, game, [players[n] for n in SEVEN], start=True)
    refs = fill_thread(
        game, POSTS, text=lambda i: f"{CLUE}, said {i}" if i == 3 else f"Post number {i}."
    )
    url = f"{site.url}/games/{game.id}/"

    alice = open_page(browser, site, players["alice"])
    alice.goto(url)
    wait_live(alice)
    mark(alice)
    assert count(alice) == 50
    assert alice.locator(ARTICLES).last.get_attribute("data-post") == refs[-1]
    shot(alice, "thread-01-latest-desktop-en", full_page=False)

    # By keyboard: the control takes the focus, Enter loads the page before, in place.
    older = alice.locator("#thread-day [data-thread-more=older]")
    older.focus()
    alice.keyboard.press("Enter")
    alice.wait_for_function(f"() => document.querySelectorAll('{ARTICLES}').length === 100")
    status = alice.locator("#thread-day [data-thread-status]")
    alice.wait_for_function(
        "() => document.querySelector('#thread-day [data-thread-status]').textContent !== ''"
    )
    assert "50" in status.inner_text()
    older.focus()
    alice.keyboard.press("Enter")
    alice.wait_for_function(f"() => document.querySelectorAll('{ARTICLES}').length === {POSTS}")
    # The first post reached: the control is gone, the reader goes on from there.
    assert alice.locator("#thread-day [data-thread-more=older]").count() == 0
    alice.wait_for_function(f"() => document.activeElement.dataset.post === '{refs[0]}'")
    shown = alice.eval_on_selector_all(ARTICLES, "posts => posts.map(p => p.dataset.post)")
    assert shown == refs  # every post once, in order
    assert not_reloaded(alice)
    shot(alice, "thread-02-all-loaded-desktop-en", full_page=False)

    # A live post still lands at the bottom, with its permalink.
    FormSeat(browser, site, players["bob"], url).post(
        "post", {"channel": "day", "text": "Live from day 1."}
    )
    alice.wait_for_function(f"() => document.querySelectorAll('{ARTICLES}').length === {POSTS + 1}")
    live = alice.locator(ARTICLES).last
    new_ref = Post.objects.get(game=game, text="Live from day 1.").ref
    assert live.get_attribute("data-post") == new_ref
    assert live.locator("a.permalink").get_attribute("href").endswith(f"#post-{new_ref}")

    # A permalink to an old post: its page opens at it, focused; newer posts follow.
    old = alice.locator(f"#post-{refs[3]} a.permalink").get_attribute("href")
    alice.goto(f"{site.url}{old}")
    assert alice.evaluate("document.activeElement.id") == f"post-{refs[3]}"
    assert alice.locator(f"#post-{refs[3]}").inner_text().endswith(f"{CLUE}, said 3")
    assert count(alice) == 50
    shot(alice, "thread-03-permalink-desktop-en", full_page=False)
    newer = alice.locator("#thread-day [data-thread-more=newer]")
    newer.click()
    alice.wait_for_function(f"() => document.querySelectorAll('{ARTICLES}').length === 100")

    # ISO: bob's posts alone, then a search in the whole thread, marked.
    alice.goto(url)
    alice.locator(f"{ARTICLES}[data-post='{new_ref}'] a.iso").click()
    alice.wait_for_load_state()
    assert authors(alice) == {"bob"}
    assert count(alice) == 20  # every seventh of 130, and his live post
    alice.goto(url)
    search = alice.locator("#thread-day input[name=q]")
    search.fill("LAMP")
    search.press("Enter")
    alice.wait_for_load_state()
    assert [a.get_attribute("data-post") for a in alice.locator(ARTICLES).all()] == [refs[3]]
    assert alice.locator(f"{ARTICLES} mark").all_inner_texts() == ["lamp"]
    shot(alice, "thread-04-search-desktop-en", full_page=False)

    # carol reads Russian on a phone: the same controls, her words, her screen's width.
    carol = open_page(browser, site, players["carol"], viewport=PHONE)
    carol.goto(url)
    wait_live(carol)
    more = carol.locator("#thread-day [data-thread-more=older]")
    assert more.inner_text() == "Более ранние посты"
    more.click()
    carol.wait_for_function(f"() => document.querySelectorAll('{ARTICLES}').length === 100")
    carol.wait_for_function(
        "() => document.querySelector('#thread-day [data-thread-status]').textContent !== ''"
    )
    assert re.search(r"Загружено 50 более ранних постов", carol.inner_text("#thread-day"))
    assert fits(carol, 390)
    box_fits(carol, "#thread-day .thread-tools", 390)
    carol.locator("#thread-day").scroll_into_view_if_needed()
    shot(carol, "thread-05-older-phone-ru", full_page=False)
    carol.locator("#thread-day select[name=iso]").select_option("dave")
    carol.locator("#thread-day input[name=q]").fill("number")
    carol.locator("#thread-day input[name=q]").press("Enter")
    carol.wait_for_load_state()
    assert authors(carol) == {"dave"} and count(carol) == 18
    assert "Посты игрока dave со словами" in carol.inner_text("#thread-day .thread-note")
    assert fits(carol, 390)
    carol.locator("#thread-day").scroll_into_view_if_needed()
    shot(carol, "thread-06-iso-search-phone-ru", full_page=False)
    carol.goto(f"{site.url}{old}")
    assert carol.evaluate("document.activeElement.id") == f"post-{refs[3]}"
    assert carol.locator(f"#post-{refs[3]} a.permalink").get_attribute("aria-label") == (
        "Ссылка на этот пост"
    )
    assert fits(carol, 390)
    shot(carol, "thread-07-permalink-phone-ru", full_page=False)
