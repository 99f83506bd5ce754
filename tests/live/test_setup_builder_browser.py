"""The setup builder in Chromium (issue 14): "a GM builds a setup with fixed roles, a
Town Power slot and an Any Random slot with exclusions, sees the odds, saves and
shares it; another GM clones it; a game starts from it and plays its first night".

Everything goes through the live site's pages (or, for the players who only join,
its forms over HTTP), so every change is the live server's. Screenshots of the
builder (desktop and a 390-px phone), the setups list and the create page with
setups go under SCREENSHOTS_DIR when it is set.
"""

from __future__ import annotations

import pytest

from games.models import Game, Setup
from tests.kit.browser import (
    FormSeat,
    fits,
    mark,
    not_reloaded,
    open_page,
    shot,
    submit,
    user,
    wait_live,
)

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PLAYERS = ["alice", "bob", "carol", "dave", "erin"]


def add_slot(page, value: str) -> None:
    before = page.locator("[data-slot-row]").count()
    page.select_option("#new-slot", value)
    page.get_by_role("button", name="Add slot").click()
    page.wait_for_function(
        "n => document.querySelectorAll('[data-slot-row]').length === n", arg=before + 1
    )


def row(page, number: int):
    return page.locator("[data-slot-row]").nth(number - 1)


def odds_shown(page, number: int, more_than: int = 1) -> None:
    page.wait_for_function(
        "([i, n]) => document.querySelectorAll('[data-slot-row]')[i]"
        ".querySelectorAll('.slot-odds .odd').length > n",
        arg=[number - 1, more_than - 1],
    )


def test_a_gm_builds_shares_another_clones_and_a_game_plays_its_first_night(site, browser):
    gemma, olga = user("gemma"), user("olga")
    players = {name: user(name) for name in PLAYERS}

    # -- gemma builds it, live --------------------------------------------------------
    page = open_page(browser, site, gemma)
    page.goto(f"{site.url}/setups/new/?ruleset=sc2")
    mark(page)
    page.fill("#id_setup_name", "Five with <i>randoms</i>")
    for value in ("role:mafioso", "role:citizen", "role:sheriff", "category:town_power"):
        add_slot(page, value)
    add_slot(page, "category:any_random")
    any_random = row(page, 5)
    odds_shown(page, 5)
    assert "Vigilante" in any_random.locator(".slot-odds").inner_text()
    any_random.get_by_label("Exclude town").check()
    any_random.get_by_label("Exclude mafia").check()
    page.wait_for_function(
        "() => !document.querySelectorAll('[data-slot-row]')[4]"
        ".querySelector('.slot-odds').textContent.includes('Vigilante')"
    )
    row(page, 4).get_by_label("Exclude killing").check()
    page.wait_for_function(
        "() => !document.querySelectorAll('[data-slot-row]')[3]"
        ".querySelector('.slot-odds').textContent.includes('Veteran')"
    )
    odds_shown(page, 4)
    assert page.inner_text("#fig-players") == "5"
    assert row(page, 1).locator(".slot-odds .odd").count() == 0  # a fixed slot is itself
    neutral = any_random.locator(".slot-odds").inner_text()
    assert "Jester" in neutral and "%" in neutral and "Mafioso" not in neutral
    factions = page.inner_text("#fig-factions")
    assert "Town" in factions and "Mafia" in factions
    assert "a game can start" in page.inner_text("#fig-problems")

    # A second Mafioso moved up and removed again: renumbered in place, no reload.
    add_slot(page, "role:mayor")
    add_slot(page, "role:mayor")
    page.wait_for_function(
        "() => document.querySelector('#fig-problems').textContent.includes('Mayor')"
    )
    assert page.inner_text("#fig-players") == "7"
    row(page, 7).get_by_role("button", name="Move slot 7 up").click()
    row(page, 7).get_by_role("button", name="Remove slot 7").click()
    row(page, 6).get_by_role("button", name="Remove slot 6").click()
    page.wait_for_function("() => document.querySelector('#fig-players').textContent === '5'")
    page.wait_for_function(
        "() => document.querySelector('#fig-problems').textContent.includes('a game can start')"
    )
    assert not_reloaded(page)
    page.get_by_label("Public: listed for every GM").check()
    shot(page, "builder-desktop", full_page=False)
    shot(page, "builder-desktop-full")
    submit(page, page.locator(".side-submit").get_by_role("button", name="Save"))
    assert "Setup saved" in page.inner_text(".messages")
    saved = Setup.objects.get(owner=gemma)
    assert saved.public and saved.name == "Five with <i>randoms</i>"
    assert saved.current.slots[3] == {
        "category": "town_power",
        "exclude": {"exclude_killing": True},
    }
    assert saved.current.slots[4] == {
        "category": "any_random",
        "exclude": {"exclude_town": True, "exclude_mafia": True},
    }
    assert page.locator("h1 i").count() == 0  # the name is text, not markup
    share_url = page.input_value(".share-url")
    assert share_url.endswith(f"/setups/{saved.token}/")
    odds_shown(page, 5)  # the saved page shows the figures without a check
    shot(page, "builder-saved-desktop", full_page=False)

    phone = open_page(browser, site, gemma, viewport=PHONE)
    phone.goto(share_url)
    odds_shown(phone, 5)
    shot(phone, "builder-phone", full_page=False)
    shot(phone, "builder-phone-full")
    wide = phone.evaluate(
        "() => Array.from(document.querySelectorAll('body *'))"
        ".filter(e => e.getBoundingClientRect().right > 391)"
        ".slice(0, 5).map(e => e.tagName + '.' + e.className)"
    )
    assert fits(phone, PHONE["width"]), wide

    # -- olga opens the shared link and clones it -------------------------------------
    other = open_page(browser, site, olga)
    other.goto(f"{site.url}/setups/")
    assert "Five with <i>randoms</i>" in other.inner_text(".shared-setups")
    shot(other, "setups-list-before-clone")
    other.goto(share_url)
    assert other.locator("#builder").count() == 0
    assert "Any Random (random)" in other.inner_text(".slot-list")
    shot(other, "setup-shared-desktop")
    submit(other, other.get_by_role("button", name="Clone"))
    assert "Cloned" in other.inner_text(".messages")
    clone = Setup.objects.get(owner=olga)
    assert clone.cloned_from == saved and not clone.public
    other.goto(f"{site.url}/setups/")
    assert "Five with <i>randoms</i>" in other.inner_text(".my-setups")
    shot(other, "setups-list")

    # -- a game starts from her clone --------------------------------------------------
    other.goto(f"{site.url}/setups/{clone.token}/")
    submit(other, other.get_by_role("link", name="Start a game from it"))
    assert other.input_value("#id_preset") == f"setup:{clone.token}"
    assert "Town Power (random)" in other.inner_text(".setup-roles")
    other.fill("#id_name", "Olga's Friday five")
    other.fill("#id_day_minutes", "30")
    other.fill("#id_night_minutes", "30")
    other.get_by_label("Open setup (players see the role list)").check()
    shot(other, "create-with-setups", full_page=False)
    other.select_option("#id_preset", "classic")  # a preset beside it, swapped in place
    other.wait_for_function(
        "() => !document.querySelector('.setup-roles').textContent.includes('random')"
    )
    other.select_option("#id_preset", f"setup:{clone.token}")
    other.wait_for_function(
        "() => document.querySelector('.setup-roles').textContent.includes('Town Power (random)')"
    )
    other.get_by_label("Open setup (players see the role list)").check()
    submit(other, other.get_by_role("button", name="Create game"))
    assert "Game created" in other.inner_text(".messages")
    game = Game.objects.get(name="Olga's Friday five")
    assert game.setup_version == clone.current and game.open_setup
    game_url = f"{site.url}/games/{game.id}/"
    alice = open_page(browser, site, players["alice"], viewport=PHONE)
    alice.goto(game_url)
    assert "Any Random (random)" in alice.inner_text("#setup-list")  # open setup
    submit(alice, alice.get_by_role("button", name="In!"))
    wait_live(alice)
    wait_live(other)  # her page (the create page's answer) follows the sign-ups live
    for name in PLAYERS[1:]:
        FormSeat(browser, site, players[name], game_url).post("join", {})
    other.wait_for_function("() => document.querySelectorAll('ol.seats li').length === 5")
    other.wait_for_load_state()
    wait_live(other)
    submit(other, other.get_by_role("button", name="Close sign-ups"))
    submit(other, other.get_by_role("button", name="Start the game"))
    other.wait_for_selector("#phase-banner.night")
    gm_list = other.inner_text("#setup-list")
    assert "Town Power (random) →" in gm_list and "Any Random (random) →" in gm_list
    shot(other, "running-gm-desktop")

    alice.wait_for_selector("#phase-banner.night")  # her sign-up page opened the game
    assert "Any Random (random)" in alice.inner_text("#setup-list")
    assert alice.locator("#setup-list .rolled").count() == 0
    assert "→" not in alice.inner_text("#setup-list")
    mark(alice)

    # -- the GM closes the night; the morning shows ------------------------------------
    submit(other, other.get_by_role("button", name="Close night 1 now"))
    other.wait_for_selector("#phase-banner.day")
    alice.wait_for_selector("#phase-banner.day")  # pushed, no reload
    assert not_reloaded(alice)
    assert alice.inner_text("#news .headline")
    shot(alice, "running-player-phone", full_page=False)
    game.refresh_from_db()
    assert game.phases.filter(kind="day", number=1, closed_at=None).exists()
