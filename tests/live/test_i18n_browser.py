"""Issue 16 in the browser: "the countdown in the reader's locale and time zone", and
each reader's language live. The GM reads English; alice set Russian and Moscow time
in her settings: her countdown, clock and pushed phase names and post headers are
Russian and in her zone, the GM's stay English, without a reload."""

from __future__ import annotations

import re

import pytest

from games.models import Profile
from tests.kit.browser import FormSeat, mark, not_reloaded, open_page, shot, wait_live
from tests.kit.games import SEVEN, new_classic7, seat_players

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PHASE_NAME = "document.querySelector('#phase-banner .phase-name').textContent"


def test_each_reader_follows_the_game_in_his_own_language(browser, site):
    from tests.kit.browser import user

    gemma = user("gemma")
    players = {name: user(name) for name in SEVEN}
    Profile.objects.create(user=players["alice"], language="ru", time_zone="Europe/Moscow")
    game = new_classic7(gemma, players, day_seconds=3600, night_seconds=3600)
    seat_players(gemma, game, [players[n] for n in SEVEN], start=True)
    url = f"{site.url}/games/{game.id}/"

    alice = open_page(browser, site, players["alice"], viewport=PHONE)
    gm = open_page(browser, site, gemma)
    for page in (alice, gm):
        page.goto(url)
        wait_live(page)
        mark(page)
    assert alice.inner_text("#phase-banner .phase-name") == "Ночь 1"
    assert gm.inner_text("#phase-banner .phase-name") == "Night 1"
    assert re.fullmatch(r"осталось (\d+:)?\d+:\d\d", alice.inner_text("#phase-banner .countdown"))
    assert re.fullmatch(r"(\d+:)?\d+:\d\d left", gm.inner_text("#phase-banner .countdown"))
    assert alice.inner_text("#phase-banner time.deadline").endswith(" MSK")
    assert gm.inner_text("#phase-banner time.deadline").endswith(" UTC")
    assert alice.inner_text("#live-status") == "на связи"

    # The GM closes the night from his page: each banner turns to day in its language.
    FormSeat(browser, site, gemma, url).post("close", {"phase_seq": game.phases.last().seq})
    alice.wait_for_function(f"{PHASE_NAME} === 'День 1'")
    gm.wait_for_function(
        "document.querySelector('#phase-banner .phase-name').textContent === 'Day 1'"
    )

    # bob's post is pushed: its header names the phase in each reader's language.
    bob = FormSeat(browser, site, players["bob"], url)
    bob.post("post", {"channel": "day", "text": "Доброе утро, town."})
    alice.wait_for_selector("#thread-day article.post header:has-text('день 1')")
    gm.wait_for_selector("#thread-day article.post header:has-text('day 1')")
    assert not_reloaded(alice) and not_reloaded(gm)
    assert alice.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(alice, "i18n-alice-ru-phone")
    shot(gm, "i18n-gm-en-desktop")
