"""The GM's lobby announcements in Chromium (phone-sized for a player).

A GM running a forum-style game posts in the lobby ("we start at 20:00, two seats
left"); the sign-up pages follow the lobby live (static/games/live.js reloads the
lobby page on any pushed event), so the players read it at once. The lobby's only
text box is the GM's: an announcement being typed is not lost when someone joins
meanwhile (the reload waits until it is sent).
"""

from __future__ import annotations

import pytest

from games import services
from tests.kit.browser import (
    FormSeat,
    caught_up,
    mark,
    not_reloaded,
    open_page,
    shot,
    submit,
    user,
    wait_live,
)
from tests.kit.games import new_classic7

pytestmark = pytest.mark.browser

DRAFT = "We start at 20:00 <b>sharp</b>, two seats left."


def test_a_lobby_announcement_reaches_the_sign_up_pages_and_a_draft_survives(site, browser):
    gemma = user("gemma")
    alice, bob = user("alice"), user("bob")
    game = new_classic7(gemma, {})
    services.join_game(alice, game.id)
    url = f"{site.url}/games/{game.id}/"
    gm = open_page(browser, site, gemma)
    player = open_page(browser, site, alice, viewport={"width": 390, "height": 844})
    for page in (gm, player):
        page.goto(url)
        wait_live(page)
    assert player.locator("#announcements textarea").count() == 0
    mark(gm)
    mark(player)

    gm.fill("#announcements textarea", DRAFT)
    FormSeat(browser, site, bob, url).post("join", {})  # through the live server
    player.wait_for_selector(".seats li:has-text('bob')")  # the lobby reloaded
    assert not not_reloaded(player)
    caught_up(gm, game.id, gemma)  # the GM's page heard the join too
    assert not_reloaded(gm) and gm.input_value("#announcements textarea") == DRAFT

    mark(player)
    submit(gm, gm.get_by_role("button", name="Announce"))
    gm.wait_for_selector("#announcements .post:has-text('two seats left')")
    assert gm.locator(".seats li:has-text('bob')").count() == 1  # caught up on sending
    player.wait_for_selector("#announcements .post:has-text('two seats left')")
    text = player.inner_text("#announcements .post")
    assert "<b>sharp</b>" in text and "sign-ups" in text  # shown as typed, not as HTML
    assert player.locator("#announcements b").count() == 0
    assert not not_reloaded(player)  # the lobby page reloads on a pushed event
    shot(player, "lobby-announcement-phone")
