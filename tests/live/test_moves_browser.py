"""Every move the engine offers, played from the page in Chromium (issue 13): the
ru_sport Don checks and votes the kill on one night and reads his result; a
ru_eleven civilian sends all four conditional moves; a lynched bay12 Jester haunts
one of his voters from the grave."""

from __future__ import annotations

import pytest

from games import services
from tests.kit.browser import FormSeat, open_page, shot, submit, user, wait_live
from tests.kit.games import ELEVEN, SPORT, TOWN10, dealt_game

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def dealt(monkeypatch, ruleset_id, preset_id, cast, first_phase="night"):
    gemma = user("gemma")
    game, users = dealt_game(
        gemma, monkeypatch, ruleset_id, preset_id, cast, first_phase=first_phase, seconds=3600
    )
    return game, gemma, users


def choose(page, ability: str, targets: list[str]) -> None:
    """Fill one ability's form on the page and send it."""
    form = page.locator("form.action", has=page.locator(f'input[value="{ability}"]'))
    for select, target in zip(form.locator('select[name="target"]').all(), targets, strict=False):
        select.select_option(target)
    submit(page, form.locator("button.primary"))


def test_the_sport_don_checks_and_votes_the_kill_from_his_page(browser, site, monkeypatch):
    game, gemma, users = dealt(monkeypatch, "ru_sport", "sport_10", SPORT)
    for mafioso in ("mia", "max"):
        services.submit_action(users[mafioso], game.id, ability="kill", targets=["c1"])
    services.submit_action(users["cole"], game.id, ability="check", targets=["mia"])
    don = open_page(browser, site, users["don"])
    don.goto(f"{site.url}/games/{game.id}/")
    wait_live(don)
    assert "Your night moves" in don.inner_text("#actions")
    choose(don, "kill", ["c1"])
    assert "Current choice: kill → c1" in don.inner_text("#actions")
    assert services.open_phase(game).kind == "night"  # he still owes his check
    shot(don, "moves-don-desktop")
    choose(don, "check", ["cole"])
    # His check closed the night (everyone acted): the result reaches his page.
    don.wait_for_function("() => document.querySelector('#results').textContent.includes('cole')")
    game.refresh_from_db()
    assert services.engine_state(game).phase_kind == "day"
    assert "c1" not in services.engine_state(game).alive_names()


def test_a_ru_eleven_civilian_sends_all_four_conditional_moves(browser, site, monkeypatch):
    game, gemma, users = dealt(monkeypatch, "ru_eleven", "11", ELEVEN)
    page = open_page(browser, site, users["c1"], viewport=PHONE)
    page.goto(f"{site.url}/games/{game.id}/")
    wait_live(page)
    moves = {"heal": "c2", "check": "gus", "plus": "c3", "minus": "hal"}
    for ability, target in moves.items():
        choose(page, ability, [target])
    text = page.inner_text("#actions")
    for ability, target in moves.items():
        assert f"Current choice: {ability} → {target}" in text
    box = page.locator("#actions").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    shot(page, "moves-ru-eleven-phone")
    stored = game.phases.get(seq=1).actions.filter(seat__name="c1")
    assert dict(stored.values_list("ability", "targets")) == {a: [t] for a, t in moves.items()}


def test_a_lynched_jester_haunts_a_voter_from_his_page(browser, site, monkeypatch):
    game, gemma, users = dealt(monkeypatch, "bay12", "town10", TOWN10, first_phase="day")
    for name in TOWN10:
        if name != "jess":
            services.cast_vote(users[name], game.id, "jess")
    services.gm_close_phase(gemma, game.id)
    jess = open_page(browser, site, users["jess"], viewport=PHONE)
    jess.goto(f"{site.url}/games/{game.id}/")
    wait_live(jess)
    assert "from the grave" in jess.inner_text("#actions")
    choose(jess, "haunt", ["tom"])
    assert "Current choice: haunt → tom" in jess.inner_text("#actions")
    shot(jess, "moves-jester-phone")
    # The GM closes the night through the live server: its push reaches the page.
    url = f"{site.url}/games/{game.id}/"
    night = services.open_phase(game)
    FormSeat(browser, site, gemma, url).post("close", {"phase_seq": str(night.seq)})
    jess.wait_for_function(
        "() => [...document.querySelectorAll('#players li.dead .pname')]"
        ".some(n => n.textContent === 'tom')"
    )
