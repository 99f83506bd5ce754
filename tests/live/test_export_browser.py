"""Issue 15's browser tests: "the GM exports the morning post" (he presses Copy and the
clipboard holds the post, as the page shows it), and a signed-in user runs a scenario
on the simulator page. Screenshots (desktop 1280 and a 390-px phone) of the export
panel, the simulator and the replay go under SCREENSHOTS_DIR when it is set."""

from __future__ import annotations

import json

import pytest

from games import services
from games.models import Game
from tests.kit.browser import open_page, shot, submit, user
from tests.kit.games import SEVEN, SPEC_EXAMPLE, new_classic7, seat_players

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def night_one_closed():
    gemma = user("gemma")
    players = {name: user(name) for name in SEVEN}
    game = new_classic7(gemma, players)
    seat_players(gemma, game, players.values(), start=True)
    state = services.engine_state(Game.objects.get(pk=game.id))
    shooter = next(p.name for p in state.players if p.role == "mafioso")
    victim = next(p.name for p in state.players if p.role == "townie")
    services.submit_action(players[shooter], game.id, ability="kill", targets=[victim])
    services.gm_close_phase(gemma, game.id)
    return game, gemma, players, victim


def test_the_gm_exports_the_morning_post(browser, site):
    game, gemma, players, victim = night_one_closed()
    alive = [n for n in SEVEN if n != victim]
    for voter in alive[1:4]:
        services.cast_vote(players[voter], game.id, alive[0])
    page = open_page(browser, site, gemma, viewport=DESKTOP)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    page.goto(f"{site.url}/games/{game.id}/")
    panel = page.locator("#export-morning")
    shown = panel.locator("#export-morning-bbcode").input_value()
    assert shown.startswith("[b]Night 1[/b]") and f"[b]{victim}[/b]" in shown
    panel.get_by_role("button", name="Copy BBCode").click()
    page.wait_for_function(
        "document.querySelector('#export-morning .copied').textContent.length > 0"
    )
    assert panel.locator(".copied").first.text_content() == "Copied."
    assert page.evaluate("navigator.clipboard.readText()") == shown
    panel.get_by_role("button", name="Copy Markdown").click()
    markdown = panel.locator("#export-morning-markdown").input_value()
    page.wait_for_function(
        "(md) => navigator.clipboard.readText().then((t) => t === md)", arg=markdown
    )
    votes = page.locator("#export-votes-bbcode").input_value()
    assert f"[b]{alive[0]}[/b] (3): {', '.join(alive[1:4])}" in votes
    shot(page, "export-panel-desktop", selector="#export")
    phone = open_page(browser, site, gemma, viewport=PHONE)
    phone.goto(f"{site.url}/games/{game.id}/")
    shot(phone, "export-panel-phone", selector="#export")
    # The GM's replay of what a player saw (his alone while the game runs).
    for name, context_page in (("desktop", page), ("phone", phone)):
        context_page.goto(f"{site.url}/games/{game.id}/replay/?phase=1&as={alive[0]}")
        assert context_page.locator("#replay-step li").count() > 0
        shot(context_page, f"replay-{name}")
    # A player's page has no export, no download and no replay link.
    seat = open_page(browser, site, players[alive[0]], viewport=DESKTOP)
    seat.goto(f"{site.url}/games/{game.id}/")
    assert seat.locator("#export").count() == 0
    assert seat.locator("a[href$='/scenario/']").count() == 0


def test_a_signed_in_user_runs_a_scenario_on_the_simulator(browser, site):
    visitor = user("mallory")
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = open_page(browser, site, visitor, viewport=viewport)
        page.goto(f"{site.url}/simulator/")
        page.fill("#scenario", json.dumps(SPEC_EXAMPLE, indent=1))
        submit(page, page.get_by_role("button", name="Simulate"))
        outcome = page.locator("#outcome")
        assert "Lynched: Bob." in outcome.text_content()
        assert "The game is over. Winners: Ann, Cid." in outcome.text_content()
        shot(page, f"simulator-{name}")
        page.fill("#scenario", json.dumps({**SPEC_EXAMPLE, "ruleset": "bay13"}))
        submit(page, page.get_by_role("button", name="Simulate"))
        assert "unknown ruleset 'bay13'" in page.locator("#refusal").text_content()
        shot(page, f"simulator-refusal-{name}")
