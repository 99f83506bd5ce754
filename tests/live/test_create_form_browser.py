"""The create page and the sign-up page in Chromium, desktop and a 390-px phone.

Found by a new user: sc2's Classic and Clue were created with last wills on; picking
a ruleset without pressing "Choose" made a bay12 game; a GM could not cancel a
sign-up; a full game still offered "In!". Decisions: docs/decisions/site-lobby.md.

- With JavaScript, switching the ruleset or setup select swaps the form in place
  (static/games/create.js): the page is not reloaded, the options follow the setup,
  and the game created is the one shown.
- Without JavaScript the ruleset is picked first, and a choice the form was not
  showing yet is shown before anything is created.
- The GM cancels from the sign-up page (a confirmation page first); a player's open
  sign-up page reloads on the pushed event and says it was cancelled.
"""

from __future__ import annotations

import pytest
from django.test import Client

import roles
from games import services
from games.models import Game
from tests.kit.browser import (
    PUSH_TIMEOUT,
    fits,
    mark,
    not_reloaded,
    open_page,
    shot,
    submit,
    user,
    wait_live,
)
from tests.kit.games import SEVEN, new_classic7

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SC2 = roles.get_ruleset("sc2")


def index_of(ruleset, option_id: str, value) -> str:
    """What the option's select posts for `value` (choices travel as their index)."""
    option = next(o for o in ruleset.options if o.id == option_id)
    return str(option.choices.index(value))


def setup_options(ruleset_id: str, preset_id: str) -> dict:
    ruleset = roles.get_ruleset(ruleset_id)
    return ruleset.resolved_options(ruleset.presets[preset_id].options)


def preset_ids(page) -> list[str]:
    return page.eval_on_selector_all("#id_preset option", "os => os.map(o => o.value)")


def test_switching_the_ruleset_and_setup_updates_the_form_in_place(site, browser):
    gemma = user("gemma")
    page = open_page(browser, site, gemma)
    page.goto(f"{site.url}/games/new/")
    assert page.get_by_role("button", name="Create game").count() == 0
    shot(page, "create-pick-desktop")
    submit(page, page.get_by_role("link", name="SC2 Mafia"))
    assert page.locator('button[name="choose"]').count() == 0  # <noscript>: not with JS
    mark(page)
    page.fill("#id_name", "Friday Clue")
    page.fill("#id_day_minutes", "90")
    assert page.input_value("#id_preset") == "classic"
    assert page.input_value("#id_option_last_wills") == index_of(SC2, "last_wills", False)
    assert page.input_value("#id_option_reveal_roles") == index_of(SC2, "reveal_roles", True)

    page.select_option("#id_preset", "clue15")
    page.wait_for_function(
        "v => document.querySelector('#id_option_reveal_roles').value === v",
        arg=index_of(SC2, "reveal_roles", False),
    )
    assert page.input_value("#id_option_last_wills") == index_of(SC2, "last_wills", False)
    assert "Coroner" in page.inner_text(".setup-roles")
    assert page.evaluate("document.activeElement.id") == "id_preset"

    page.select_option("#id_ruleset", "bay12")
    page.wait_for_selector("#id_option_tie")
    assert page.locator("#id_option_last_wills").count() == 0
    assert preset_ids(page) == list(roles.get_ruleset("bay12").presets)
    assert page.input_value("#id_name") == "Friday Clue"  # kept across the swap
    assert page.input_value("#id_day_minutes") == "90"
    assert page.input_value("#id_private_messages") == "on"  # bay12's own default

    page.select_option("#id_ruleset", "sc2")
    page.wait_for_selector("#id_option_last_wills")
    assert preset_ids(page) == list(SC2.presets)
    page.select_option("#id_preset", "clue15")
    page.wait_for_function(
        "v => document.querySelector('#id_option_reveal_roles').value === v",
        arg=index_of(SC2, "reveal_roles", False),
    )
    assert not_reloaded(page)
    assert page.url.endswith("/games/new/?ruleset=sc2&preset=clue15")
    shot(page, "create-sc2-clue-desktop")

    submit(page, page.get_by_role("button", name="Create game"))
    assert "Game created" in page.inner_text(".messages")
    game = Game.objects.get(name="Friday Clue")
    assert (game.ruleset_id, game.preset_id, game.day_seconds) == ("sc2", "clue15", 5400)
    assert game.options == setup_options("sc2", "clue15")
    assert game.options["last_wills"] is False and game.options["reveal_roles"] is False


def test_the_create_page_on_a_phone(site, browser):
    gemma = user("gemma")
    page = open_page(browser, site, gemma, viewport=PHONE)
    page.goto(f"{site.url}/games/new/")
    assert fits(page, PHONE["width"])
    shot(page, "create-pick-phone")
    submit(page, page.get_by_role("link", name="SC2 Mafia"))
    page.select_option("#id_preset", "clue15")
    page.wait_for_function("() => location.search.includes('clue15')")
    page.wait_for_selector("#id_option_last_wills")
    assert fits(page, PHONE["width"])
    shot(page, "create-sc2-clue-phone", full_page=False)
    page.locator(".options h2").evaluate("h => h.scrollIntoView()")
    shot(page, "create-sc2-options-phone", full_page=False)


def test_without_javascript_no_game_is_made_with_a_ruleset_not_chosen(site, browser):
    gemma = user("gemma")
    client = Client()
    client.force_login(gemma)
    context = browser.new_context(java_script_enabled=False)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}]
    )
    page = context.new_page()
    page.set_default_timeout(PUSH_TIMEOUT)
    page.goto(f"{site.url}/games/new/")
    assert page.get_by_role("button", name="Create game").count() == 0
    submit(page, page.get_by_role("link", name="SC2 Mafia"))
    page.select_option("#id_preset", "clue15")
    submit(page, page.get_by_role("button", name="Show this setup"))
    assert page.input_value("#id_option_reveal_roles") == index_of(SC2, "reveal_roles", False)
    shot(page, "create-no-script-desktop")

    # The GM switches the ruleset but presses Create: he is shown bay12's form first.
    page.select_option("#id_ruleset", "bay12")
    page.fill("#id_name", "Changed my mind")
    submit(page, page.get_by_role("button", name="Create game"))
    assert "Nothing was created" in page.inner_text(".messages")
    assert not Game.objects.exists()
    assert page.locator("#id_option_tie").count() == 1
    assert page.input_value("#id_name") == "Changed my mind"

    # Back to SC2's Clue; Enter in the name field creates (the form's first button).
    page.select_option("#id_ruleset", "sc2")
    submit(page, page.get_by_role("button", name="Show this setup"))
    page.select_option("#id_preset", "clue15")
    submit(page, page.get_by_role("button", name="Show this setup"))
    page.fill("#id_name", "Clue by Enter")
    with page.expect_navigation():
        page.press("#id_name", "Enter")
    assert "Game created" in page.inner_text(".messages")
    game = Game.objects.get()
    assert (game.name, game.ruleset_id, game.preset_id) == ("Clue by Enter", "sc2", "clue15")
    assert game.options == setup_options("sc2", "clue15")
    context.close()


def test_a_cancelled_sign_up_reaches_the_players_page_and_a_full_one_says_full(site, browser):
    gemma, mallory = user("gemma"), user("mallory")
    players = {name: user(name) for name in SEVEN}
    game = new_classic7(gemma, players, name="Friday night")
    for name in SEVEN:
        services.join_game(players[name], game.id)
    url = f"{site.url}/games/{game.id}/"

    stranger = open_page(browser, site, mallory, viewport=PHONE)
    stranger.goto(url)
    assert "Full: 7 of 7" in stranger.inner_text(".full")
    assert stranger.get_by_role("button", name="In!").count() == 0
    assert fits(stranger, PHONE["width"])
    shot(stranger, "lobby-full-phone")

    alice = open_page(browser, site, players["alice"], viewport=PHONE)
    gm = open_page(browser, site, gemma)
    for page in (alice, gm, stranger):
        page.goto(url)
        wait_live(page)
    mark(alice)
    shot(gm, "lobby-gm-desktop")
    submit(gm, gm.get_by_role("link", name="Cancel the game…"))
    assert "alice, bob, carol, dave, erin, frank, grace" in gm.inner_text(".cancel-confirm")
    gm.fill("#id_reason", "Our <b>host</b> is ill; next Friday instead.")
    shot(gm, "cancel-confirm-desktop")
    submit(gm, gm.get_by_role("button", name="Yes, cancel the game"))
    assert "Cancelled" in gm.inner_text("#cancelled")

    for page in (alice, stranger):
        page.wait_for_selector("#cancelled")  # the socket's event reloaded the page
        text = page.inner_text("#cancelled")
        assert "gemma cancelled this game during sign-ups" in text
        assert "Our <b>host</b> is ill; next Friday instead." in text  # as typed
        assert page.locator("#cancelled b").count() == 0
        assert page.get_by_role("button", name="Leave").count() == 0
        assert page.get_by_role("button", name="In!").count() == 0
    assert not not_reloaded(alice)
    assert fits(alice, PHONE["width"])
    shot(alice, "lobby-cancelled-phone")
    shot(gm, "lobby-cancelled-desktop")
    game.refresh_from_db()
    assert game.status == "cancelled"
