"""Activity rules in Chromium (issue 16), desktop and a 390-px phone: a player's "Posts
today" counter follows his own posts live, the reminder reaches the page of a player
who still owes his vote (pushed by the running site's clock) and no other, and the
create form offers the activity fields at the ruleset's defaults."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Phase
from tests.kit.browser import caught_up, fits, open_page, shot, user, wait_live
from tests.kit.games import CLASSIC, dealt_game

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def test_the_counter_follows_my_posts_and_the_reminder_reaches_only_who_owes(
    site, browser, monkeypatch
):
    gemma = user("gemma")
    game, users = dealt_game(
        gemma,
        monkeypatch,
        "ru_classic",
        "classic_11",
        CLASSIC,
        "day",
        seconds=3600,
        activity={"remind_minutes": 1},
    )
    services.cast_vote(users["ann"], game.id, "bob")
    url = f"{site.url}/games/{game.id}/"
    kay = open_page(browser, site, users["kay"])
    kay.goto(url)
    wait_live(kay)
    assert kay.inner_text("#post-counter") == "Posts today: 0 of 10"
    for i in range(3):
        kay.fill("#day-form textarea", f"Kay's word number {i}")
        kay.click("#day-form button")
        kay.wait_for_function(
            "n => document.querySelector('#post-counter .count').textContent === n",
            arg=str(i + 1),
        )
    assert "short" in kay.get_attribute("#post-counter", "class")
    shot(kay, "activity-counter-desktop", full_page=False)

    phone = open_page(browser, site, users["fay"], viewport=PHONE)
    phone.goto(url)
    wait_live(phone)
    assert phone.inner_text("#post-counter") == "Posts today: 0 of 10"
    assert fits(phone, PHONE["width"])
    phone.locator("#post-counter").scroll_into_view_if_needed()
    shot(phone, "activity-counter-phone", full_page=False)

    gm = open_page(browser, site, gemma)
    gm.goto(url)
    wait_live(gm)
    assert gm.inner_text("#gm-players tr:has-text('kay') .posts-count") == "3"
    assert gm.locator("#post-counter").count() == 0
    kay.fill("#day-form textarea", "One more from kay")
    kay.click("#day-form button")
    gm.wait_for_function(
        "() => document.querySelector('#gm-players tr[data-player=\"kay\"] .posts-count')"
        ".textContent === '4'"
    )
    gm.locator("#gm-players").scroll_into_view_if_needed()
    shot(gm, "activity-gm-posts-desktop", full_page=False)

    ann = open_page(browser, site, users["ann"])
    ann.goto(url)
    wait_live(ann)
    # The deadline a minute and a few seconds away: the site's clock reminds at once.
    Phase.objects.filter(game=game, closed_at=None).update(
        deadline=timezone.now() + timedelta(minutes=1, seconds=3)
    )
    kay.wait_for_selector(".toast >> text=Reminder: day 1 closes at")
    assert "your vote is still missing" in kay.inner_text("body")
    shot(kay, "activity-reminder-desktop", full_page=False)
    phone.wait_for_selector("text=your vote is still missing")
    caught_up(ann, game.id, users["ann"])  # a reminder of hers would have come first
    assert "Reminder:" not in ann.inner_text("body")  # ann has voted


@pytest.mark.parametrize(("viewport", "name"), [(None, "desktop"), (PHONE, "phone")])
def test_the_create_form_shows_the_activity_defaults(site, browser, viewport, name):
    page = open_page(browser, site, user(f"gm{name}"), viewport=viewport)
    page.goto(f"{site.url}/games/new/?ruleset=ru_classic")
    assert page.input_value("#id_min_posts") == "10"
    assert page.input_value("#id_post_days") == "3"
    assert page.input_value("#id_remind_minutes") == "0"
    assert not page.is_checked("#id_substitute_instead")
    page.locator("section.activity").scroll_into_view_if_needed()
    if viewport:
        assert fits(page, PHONE["width"])
    shot(page, f"activity-create-{name}", full_page=False)
    # Another ruleset's form (swapped in place by create.js) has its own defaults.
    page.select_option("#id_ruleset", "bay12")
    page.wait_for_function("() => document.querySelector('#id_min_posts').value === '0'")
    assert page.locator("#id_option_no_vote_modkill").count() == 0
