"""Issue 13's browser test: "an sc2 player writes a will that appears with the death".

An sc2 standard15 game opens by day. One player writes his last will in Chromium
(desktop), edits it, and is lynched; a witness on a 390-px phone sees the will quoted
beside the headline without a reload, as text (the will's markup is not rendered),
and the dead writer's box follows: his will can no longer change. The rule: the will
is read out with the death, sc2-reference 1.3 'Dawn | ... last will (unless sanitized
/ Clue)'; a lynched player's will is read at the day's close (ruling, printed by
`python -m roles rules sc2`).
"""

from __future__ import annotations

import pytest

from games import services
from games.models import Game
from tests.kit.browser import (
    mark,
    not_reloaded,
    open_page,
    shot,
    submit,
    wait_live,
)
from tests.kit.games import sc2_day_one

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DRAFT = "Day 1: nothing yet."
WILL = "I am the Sheriff.\nN1: p05 is <b>Mafia</b>, trust me."
KILLERS = ("godfather", "mafioso", "consort", "serial_killer")


def test_an_sc2_player_writes_a_will_that_appears_with_his_lynch(browser, site):
    # `browser` before `site`: the test database is opened inside Playwright's context,
    # so this body's queries share its connection (else one is left open at teardown).
    game, host, players = sc2_day_one(seconds=3600)
    state = services.engine_state(Game.objects.get(pk=game.id))
    writer, witness = [p.name for p in state.players if p.faction == "town"][:2]
    # The town votes him up before the pages open (the day waits for his vote or the
    # GM; the services run in this process push nothing once Playwright's loop runs).
    for name in state.alive_names():
        if name != writer:
            services.cast_vote(players[name], game.id, writer)
    url = f"{site.url}/games/{game.id}/"

    author = open_page(browser, site, players[writer])
    onlooker = open_page(browser, site, players[witness], viewport=PHONE)
    gm = open_page(browser, site, host)
    for page in (author, onlooker, gm):
        page.goto(url)
        wait_live(page)

    # Written, then edited: the box shows the saved will in its textarea.
    box = author.locator("#last-will")
    assert "Read by you and the GM only" in box.inner_text()
    box.locator("textarea").fill(DRAFT)
    submit(author, box.get_by_role("button", name="Save the will"))
    assert author.locator(".messages li.success").count() == 1
    box = author.locator("#last-will")
    assert box.locator("textarea").input_value() == DRAFT
    box.locator("textarea").fill(WILL)
    submit(author, box.get_by_role("button", name="Save the will"))
    assert author.locator("#last-will textarea").input_value() == WILL
    wait_live(author)
    shot(author, "wills-01-writer-desktop")
    phone_author = open_page(browser, site, players[writer], viewport=PHONE)
    phone_author.goto(url)
    wait_live(phone_author)
    phone_author.locator("#last-will").scroll_into_view_if_needed()
    shot(phone_author, "wills-02-writer-phone", full_page=False)
    phone_author.context.close()
    assert "N1: p05" not in onlooker.content()  # not a word of it for another seat

    # The GM reads every will; he closes the day from his page: the town lynches him.
    mark(onlooker)
    mark(author)
    gm.reload()
    wait_live(gm)
    gm.locator("#gm-wills summary").click()
    assert "N1: p05 is <b>Mafia</b>" in gm.inner_text("#gm-wills")
    shot(gm, "wills-06-gm-desktop")
    submit(gm, gm.get_by_role("button", name="Close day 1 now"))

    # The witness's phone shows the will beside the headline, as text, without reload.
    quote = onlooker.locator("#news .last-will")
    quote.wait_for()
    assert quote.inner_text().startswith(f"{writer}'s last will:")
    assert "N1: p05 is <b>Mafia</b>, trust me." in quote.inner_text()
    assert quote.locator("b").count() == 0  # the will's markup is shown, never rendered
    assert not_reloaded(onlooker)
    onlooker.wait_for_selector("#events li.event.last_will")
    box_on_phone = onlooker.locator("#news").bounding_box()
    assert box_on_phone and box_on_phone["x"] + box_on_phone["width"] <= PHONE["width"] + 1
    onlooker.locator("#news").scroll_into_view_if_needed()
    shot(onlooker, "wills-03-witness-phone", full_page=False)

    # The dead writer's box follows the death: his will can no longer change.
    author.wait_for_function(
        "() => { const b = document.getElementById('last-will');"
        " return b && b.textContent.includes('can no longer change'); }"
    )
    assert not_reloaded(author)
    assert author.locator("#last-will textarea").count() == 0
    shot(author, "wills-04-dead-writer-desktop")

    # A fresh page shows it the same way (rendered by the server, escaped).
    fresh = open_page(browser, site, players[witness])
    fresh.goto(url)
    news = fresh.locator("#news .last-will")
    assert "N1: p05 is <b>Mafia</b>, trust me." in news.inner_text()
    assert news.locator("b").count() == 0
    shot(fresh, "wills-05-witness-desktop")

    # The witness writes his own will on his phone, by night.
    box = onlooker.locator("#last-will")
    box.locator("textarea").fill("Watched p05 on night 1.")
    submit(onlooker, box.get_by_role("button", name="Save the will"))
    assert onlooker.locator(".messages li.success").count() == 1

    # The GM modkills the killers (a modkill reads no will out: ruling): the game ends,
    # and its record keeps every will, the ones never read out too.
    killers = [p.name for p in state.players if p.role in KILLERS]
    for name in killers:
        if Game.objects.get(pk=game.id).status != "running":
            break
        # A fresh page: the panels swapped by the last modkill's push are not clicked
        # while they are being replaced.
        gm.goto(url)
        wait_live(gm)
        tools = gm.locator("#gm-tools")
        modkill = tools.locator("form", has=gm.get_by_role("button", name="Modkill"))
        modkill.locator('select[name="player"]').select_option(name)
        modkill.locator('input[name="sure"]').check()
        submit(gm, modkill.get_by_role("button", name="Modkill"))
    assert Game.objects.get(pk=game.id).status == "finished"
    over = open_page(browser, site, players[witness], viewport=PHONE)
    over.goto(url)
    record = over.locator("#final-wills")
    assert f"{writer} read out at the death" in " ".join(record.inner_text().split())
    assert "N1: p05 is <b>Mafia</b>, trust me." in record.inner_text()
    assert f"{witness} alive at the end" in " ".join(record.inner_text().split())
    record.scroll_into_view_if_needed()
    shot(over, "wills-07-game-over-phone", full_page=False)
    history = over.locator(".history .last-will")
    assert "N1: p05 is <b>Mafia</b>" in history.inner_text()
    assert history.locator("b").count() == 0
