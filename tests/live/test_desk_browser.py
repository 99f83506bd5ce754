"""The GM's desk in Chromium (issue 15): "the GM reads the sheet and the preview during
a night" and sees the preview change, without a reload, once a player submits (the
player's move goes through the live server, whose push reaches the GM's page; the
desk fetches its GM-only fragment again). Screenshots of the desk, desktop and phone,
go under SCREENSHOTS_DIR when it is set."""

from __future__ import annotations

import pytest

from games import services
from tests.kit.browser import FormSeat, mark, not_reloaded, open_page, shot, submit, user, wait_live
from tests.kit.games import SEVEN, new_classic7, seat_players

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def test_the_gm_reads_the_sheet_and_the_preview_during_a_night(browser, site):
    gemma = user("gemma")
    players = {name: user(name) for name in SEVEN}
    game = new_classic7(gemma, players)
    seat_players(gemma, game, players.values(), start=True)
    state = services.engine_state(game.__class__.objects.get(pk=game.id))
    by_role = {}
    for p in state.players:
        by_role.setdefault(p.role, []).append(p.name)
    victim, doctor = by_role["townie"][0], by_role["doctor"][0]
    services.set_flavour(gemma, game.id, "doctor", "You are the apothecary of Dodge City.")
    services.submit_action(
        players[by_role["mafioso"][0]], game.id, ability="kill", targets=[victim]
    )
    services.submit_action(
        players[by_role["escort"][0]], game.id, ability="block", targets=[by_role["sheriff"][0]]
    )
    url = f"{site.url}/games/{game.id}/"

    gm = open_page(browser, site, gemma)
    gm.goto(url)
    wait_live(gm)
    mark(gm)
    sheet = gm.inner_text("#desk-sheet")
    assert sheet.index("(Escort) blocks") < sheet.index("(Mafioso) kills")
    assert f"{doctor}\nowes Heal" in sheet or f"{doctor} owes Heal" in sheet
    preview = gm.inner_text("#desk-preview")
    assert victim in preview and "Nobody dies." not in preview
    shot(gm, "desk-desktop", selector="#gm")
    shot(gm, "desk-desktop-page")

    seq = services.open_phase(game).seq
    FormSeat(browser, site, players[doctor], url).post(
        "act", {"phase_seq": str(seq), "ability": "heal", "target": victim}
    )
    gm.wait_for_function(
        "() => document.querySelector('#desk-preview').textContent.includes('Nobody dies.')"
    )
    assert f"{doctor} (Doctor) heals {victim}" in gm.inner_text("#desk-sheet")
    assert not_reloaded(gm)
    shot(gm, "desk-desktop-after-heal", selector="#desk")

    phone = open_page(browser, site, gemma, viewport=PHONE)
    phone.goto(url)
    wait_live(phone)
    box = phone.locator("#desk").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    shot(phone, "desk-phone", selector="#gm")

    # What if the doctor had not healed? The GM drops the heal and asks the engine.
    phone.goto(f"{url}desk/what-if/")
    rows = phone.locator(".whatif-rows tbody tr")
    for i in range(rows.count()):
        if "heal" in (phone.locator(f'select[name="move_{i}"]').input_value() or ""):
            phone.locator(f'input[name="drop_{i}"]').check()
    submit(phone, phone.get_by_role("button", name="Ask the engine"))
    answer = phone.inner_text("#whatif-answer")
    assert victim in answer and "Nobody dies." not in answer
    shot(phone, "whatif-phone")
    assert services.open_phase(game).seq == seq  # nothing closed, nothing stored

    doctor_page = open_page(browser, site, players[doctor], viewport=PHONE)
    doctor_page.goto(url)
    assert "apothecary of Dodge City" in doctor_page.inner_text("#my-role")
    shot(doctor_page, "flavour-phone", selector="#my-role")
