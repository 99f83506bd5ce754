"""Co-GMs and practice seats in Chromium (issue 15): the GM adds a co-GM who closes
the next phase; a practice game with bots, on a desktop and a phone screen.

Personas: gemma is the GM, heidi the co-GM, alice..grace play. Changes go through the
live server's pages (the test process's own changes do not reach live pages).
"""

from __future__ import annotations

import pytest

from games import services
from games.models import Game
from tests.kit.browser import box_fits, open_page, shot, submit, user, wait_live
from tests.kit.games import SEVEN, new_classic7, seat_players

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def test_the_gm_adds_a_co_gm_who_closes_the_next_phase(browser, site):
    gemma = user("gemma")
    heidi = user("heidi")
    players = {name: user(name) for name in SEVEN}
    game = new_classic7(gemma, players)
    seat_players(gemma, game, players.values(), start=True)
    url = f"{site.url}/games/{game.id}/"

    gm = open_page(browser, site, gemma, viewport=DESKTOP)
    gm.goto(url)
    wait_live(gm)
    form = gm.locator("#add-cogm")
    form.locator('input[name="username"]').fill("heidi")
    submit(gm, form.get_by_role("button", name="Add as co-GM"))
    assert gm.locator(".messages li.success").count() == 1
    assert "heidi" in gm.inner_text("#cogms .cogm-list")
    gm.locator("#cogms").scroll_into_view_if_needed()
    shot(gm, "cogm-controls-desktop")

    co = open_page(browser, site, heidi, viewport=PHONE)
    co.goto(url)
    wait_live(co)
    assert "you are a co-GM" in co.inner_text("main")
    box_fits(co, "#gm", PHONE["width"])
    shot(co, "cogm-panel-phone")
    alice = open_page(browser, site, players["alice"], viewport=PHONE)
    alice.goto(url)
    wait_live(alice)
    assert alice.locator("#gm").count() == 0

    submit(co, co.get_by_role("button", name="Close night 1 now"))
    assert "Phase closed." in co.inner_text("main")
    alice.wait_for_function(
        "() => document.querySelector('#phase-banner').textContent.includes('Day 1')"
    )
    gm.wait_for_function(
        "() => document.querySelector('#phase-banner').textContent.includes('Day 1')"
    )
    closed = game.events.get(kind="phase_closed", audience="public")
    assert closed.payload["acting"] == "heidi" and closed.payload["acting_cogm"]
    gm.wait_for_selector("#events li.event.phase_closed")

    # The GM on a phone: the co-GM controls fit the screen.
    gm_phone = open_page(browser, site, gemma, viewport=PHONE)
    gm_phone.goto(url)
    wait_live(gm_phone)
    box_fits(gm_phone, "#cogms", PHONE["width"])
    gm_phone.locator("#cogms").scroll_into_view_if_needed()
    shot(gm_phone, "cogm-controls-phone")

    # Removed, the co-GM's page no longer shows the GM panel.
    remove = gm.locator("#cogms form", has=gm.get_by_role("button", name="Remove"))
    submit(gm, remove.get_by_role("button", name="Remove"))
    co.reload()
    assert co.locator("#gm").count() == 0


def test_a_practice_game_with_bots_on_desktop_and_phone(browser, site):
    gemma = user("gemma")
    alice = user("alice")
    game = new_classic7(gemma, {}, first_phase="day")
    url = f"{site.url}/games/{game.id}/"
    services.join_game(alice, game.id)  # before the page opens: it reloads on sign-ups
    # bob never votes: alice's vote is not the last, so the day does not close under
    # the test as soon as everyone has voted (its tally would empty).
    services.join_game(user("bob"), game.id)
    gm = open_page(browser, site, gemma, viewport=DESKTOP)
    gm.goto(url)
    form = gm.locator("#add-bots")
    form.locator('input[name="count"]').fill("5")
    submit(gm, form.get_by_role("button", name="with bots"))
    assert gm.locator(".seats .tag.bot").count() == 5
    shot(gm, "bots-lobby-desktop")
    submit(gm, gm.get_by_role("button", name="Close sign-ups"))
    submit(gm, gm.get_by_role("button", name="Start the game"))
    wait_live(gm)
    assert gm.locator("#players .tag.bot").count() == 5
    assert gm.locator("#gm .tag.bot").count() == 5
    assert gm.locator(".tally-list .tag.bot").count() >= 1  # the bots voted
    shot(gm, "bots-game-desktop")
    player = open_page(browser, site, alice, viewport=PHONE)
    player.goto(url)
    wait_live(player)
    assert player.locator("#players .tag.bot").count() == 5
    box_fits(player, "#players", PHONE["width"])
    shot(player, "bots-game-phone")
    # alice votes for a bot: the GM's tally follows live and keeps every "bot" tag.
    before = gm.locator(".tally-list .tag.bot").count()
    # The bots' votes are random: alice votes for the least-voted bot, never the fourth
    # vote that lynches (the day would close and its tally empty under the test).
    votes = services.tally(services.open_phase(Game.objects.get(pk=game.id)))
    least = min((f"Bot {n}" for n in range(1, 6)), key=lambda bot: len(votes.get(bot, [])))
    player.select_option('#vote select[name="target"]', least)
    submit(player, player.locator("#vote").get_by_role("button", name="Vote"))
    gm.wait_for_function(
        "() => [...document.querySelectorAll('.tally-list li')]"
        ".some(li => li.textContent.includes('alice'))"
    )
    assert gm.locator(".tally-list .tag.bot").count() >= before  # redrawn, still tagged
    gm_phone = open_page(browser, site, gemma, viewport=PHONE)
    gm_phone.goto(url)
    box_fits(gm_phone, "#gm", PHONE["width"])
    shot(gm_phone, "bots-gm-panel-phone")
