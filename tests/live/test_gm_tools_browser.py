"""The GM's "Step in" box in Chromium, on phone-sized screens: extend, pause, resume
and modkill from the GM's page, followed live on a player's page without a reload.

docs/design.md: the GM "can step in: extend or close a phase, pause, modkill, replace a
player, announce"; pages "must work on a phone screen". The decisions (players talk
but do not act or vote while paused) are in docs/decisions/gm-tools.md.
"""

from __future__ import annotations

import pytest

from games import services
from tests.kit.browser import (
    mark,
    not_reloaded,
    open_page,
    shot,
    submit,
    user,
    wait_live,
)
from tests.kit.games import SEVEN, new_classic7, seat_players

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def started_game():
    gemma = user("gemma")
    players = {name: user(name) for name in SEVEN}
    game = new_classic7(gemma, players)
    seat_players(gemma, game, players.values(), start=True)
    return game, gemma, players


def test_the_gm_steps_in_from_a_phone_and_a_player_follows_live(browser, site):
    game, gemma, players = started_game()
    url = f"{site.url}/games/{game.id}/"
    gm = open_page(browser, site, gemma, viewport=PHONE)
    alice = open_page(browser, site, players["alice"], viewport=PHONE)
    for page in (gm, alice):
        page.goto(url)
        wait_live(page)
    mark(alice)
    tools = gm.locator("#gm-tools")
    box = tools.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    shot(gm, "gm-tools-phone")

    tools.locator('input[name="minutes"]').fill("10")
    submit(gm, tools.get_by_role("button", name="Extend night 1"))
    deadline = services.open_phase(game).deadline.isoformat()
    alice.wait_for_function(
        "d => document.querySelector('#phase-banner .countdown').dataset.deadline === d",
        arg=deadline,
    )
    alice.wait_for_selector("#events li.event.deadline_extended")

    submit(gm, gm.locator("#gm-tools").get_by_role("button", name="Pause the game"))
    alice.wait_for_selector("#phase-banner .countdown.paused")
    assert alice.locator("#phase-banner .paused-help").count() == 1
    shot(alice, "player-paused-phone")

    submit(gm, gm.locator("#gm-tools").get_by_role("button", name="Resume the clock"))
    alice.wait_for_selector("#phase-banner .countdown[data-deadline]")

    victim = next(n for n in SEVEN if n != "alice")
    tools = gm.locator("#gm-tools")
    modkill = tools.locator("form", has=gm.get_by_role("button", name="Modkill"))
    modkill.locator('select[name="player"]').select_option(victim)
    modkill.locator('input[name="sure"]').check()
    submit(gm, modkill.get_by_role("button", name="Modkill"))
    alice.wait_for_function(
        "name => [...document.querySelectorAll('#players li.dead .pname')]"
        ".some(n => n.textContent === name)",
        arg=victim,
    )
    alice.wait_for_selector("#events li.event.modkill")
    assert not_reloaded(alice)
