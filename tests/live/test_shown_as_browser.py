"""A hidden role in Chromium, desktop and phone (issue 13): the ru_eleven commissar's
page says Civilian everywhere (his role, his card, "What you know"), before and after
the night closes live; the townston Paranoid's says Townie; the GM's page shows the
truth beside what the seat is told.
"""

from __future__ import annotations

import pytest

from games import services
from tests.kit.browser import box_fits, open_page, shot, submit, wait_live
from tests.kit.play import started

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def told_on_the_page(page, told: str, faction: str, hidden: str) -> None:
    # The card's text whether or not it is open (a live swap of the play column after
    # a close may land between a click on the card and the read), then open it for the
    # screenshot.
    role = " ".join(page.locator("#my-role").text_content().split())
    page.evaluate("document.querySelector('#my-role details').open = true")
    assert f"{told} · {faction}" in role and role.count(f"{told} ({faction})") == 1
    assert f"Your role: {told} ({faction})." in page.inner_text("#events")  # names, no ids
    assert hidden not in page.content()
    # "What you know" scrolls: its latest lines in view for the screenshot.
    page.locator("#events").evaluate("list => { list.scrollTop = list.scrollHeight; }")


def test_the_commissar_reads_civilian_and_the_gm_reads_commissar(browser, site):
    game, gm_user, users, commissar = started("ru_eleven", "commissar")
    url = f"{site.url}/games/{game.id}/"
    pages = {
        "desktop": open_page(browser, site, users[commissar], viewport=DESKTOP),
        "phone": open_page(browser, site, users[commissar], viewport=PHONE),
    }
    gm = open_page(browser, site, gm_user, viewport=DESKTOP)
    for page in [*pages.values(), gm]:
        page.goto(url)
        wait_live(page)
    for size, page in pages.items():
        told_on_the_page(page, "Civilian", "Civilians", "Commissar")
        shot(page, f"shown-as-commissar-night-{size}")
    box_fits(pages["phone"], "#my-role", PHONE["width"])
    assert "Commissar" in gm.inner_text("#gm")
    assert gm.locator("#events li.event.dealt").count() == 1  # the deal, his real role in it
    gm.locator("#events").evaluate("list => { list.scrollTop = list.scrollHeight; }")
    shot(gm, "shown-as-gm-night-desktop")

    submit(gm, gm.get_by_role("button", name="Close night 1 now"))
    for size, page in pages.items():
        page.wait_for_selector("#phase-banner.day")  # followed live, no reload
        page.wait_for_selector("#my-role summary")
        told_on_the_page(page, "Civilian", "Civilians", "Commissar")
        shot(page, f"shown-as-commissar-day-{size}")

    # After the game the truth is open: the mafia modkilled, the town wins.
    for name in [p.name for p in services.engine_state(game).players if p.faction == "mafia"]:
        services.modkill_player(gm_user, game.id, name)
    for size, page in pages.items():
        page.goto(url)
        row = page.locator("section.roles tr", has_text=commissar).first
        assert row.inner_text().split("\t")[:2] == [commissar, "Commissar"]
        shot(page, f"shown-as-commissar-game-over-{size}")


def test_the_paranoid_reads_townie(browser, site):
    game, _, users, paranoid = started("townston", "paranoid")
    url = f"{site.url}/games/{game.id}/"
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = open_page(browser, site, users[paranoid], viewport=viewport)
        page.goto(url)
        wait_live(page)
        told_on_the_page(page, "Townie", "Villagers", "aranoid")
        shot(page, f"shown-as-paranoid-{size}")
