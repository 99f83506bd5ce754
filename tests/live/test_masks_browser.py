"""A ru_classic game "with masks" in Chromium (issue 16; rules/russian-digest.md:
"Games may be played 'with masks' (anonymous nicknames); revealing or hinting who is
behind a mask is forbidden."): the GM starts it from his page; the players' sign-up
pages open the game under their masks; through a night and a day, what is pushed to
them (the night's news, the commissar's check, a post in the day thread) names masks
only, while the GM reads "mask (account)". Screenshots at 1280 and 390 px.

Changes go through the live server's pages (the test process's own changes do not
reach live pages): the GM's browser, and seats played through the forms (FormSeat).
"""

from __future__ import annotations

import pytest

from games import masks as masking
from games import services
from games.models import Game
from tests.kit.browser import FormSeat, open_page, shot, submit, user, wait_live

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
ACCOUNTS = [f"zqm{i:02d}acct" for i in range(11)]


def no_other_account(page, own: str) -> None:
    """Nothing in the page's document (its source as it stands, pushes included) names
    a seat's account but the reader's own."""
    html = page.content()
    leaked = [a for a in ACCOUNTS if a != own and a in html]
    assert leaked == [], f"{own} reads {leaked}"


def test_players_read_only_masks_live_and_the_gm_reads_who_is_behind(browser, site):
    gm_user = user("zqmgm")
    players = [user(name) for name in ACCOUNTS]
    # The GM creates the game on the form: ru_classic plays with masks unless he says
    # otherwise; a list shorter than the seats is refused at the field.
    gm = open_page(browser, site, gm_user, viewport=DESKTOP)
    gm.goto(f"{site.url}/games/new/?ruleset=ru_classic")
    gm.select_option("#id_preset", "classic_11")
    # The setup's own form replaces the page's (static/games/create.js): wait for the
    # swap, or the fields typed below are lost when it lands (seen under load in CI).
    gm.wait_for_function(
        "() => !document.querySelector('#create-slot form').classList.contains('loading')"
        " && document.querySelector('#id_preset').value === 'classic_11'"
    )
    gm.wait_for_selector("#id_masks:checked")
    defaults = gm.input_value("#id_mask_names")
    gm.fill("#id_name", "Masked evening")
    gm.fill("#id_day_minutes", "60")
    gm.fill("#id_night_minutes", "60")
    gm.fill("#id_mask_names", "Oak, Birch, Maple")
    submit(gm, gm.get_by_role("button", name="Create game"))
    assert "needs at least 11 different masks" in gm.inner_text("#id_mask_names_error")
    gm.locator("#id_mask_names").scroll_into_view_if_needed()
    shot(gm, "create-refused-desktop", full_page=False)
    gm.fill("#id_mask_names", defaults)
    submit(gm, gm.get_by_role("button", name="Create game"))
    game = Game.objects.get(name="Masked evening")
    assert game.masks and game.mask_names == masking.default_masks("ru_classic")
    phone = open_page(browser, site, gm_user, viewport=PHONE)
    phone.goto(f"{site.url}/games/new/?ruleset=ru_classic")
    phone.locator("#id_mask_names").scroll_into_view_if_needed()
    shot(phone, "create-phone", full_page=False)
    for player in players:
        services.join_game(player, game.id)
    services.set_signups(gm_user, game.id, False)
    url = f"{site.url}/games/{game.id}/"

    # Two players wait on the sign-up page, which lists the accounts (sign-ups are open
    # to read), and follows the start live.
    waiting = {}
    for player, viewport in ((players[0], DESKTOP), (players[1], PHONE)):
        page = open_page(browser, site, player, viewport=viewport)
        page.goto(url)
        wait_live(page)
        assert ACCOUNTS[2] in page.inner_text("ol.seats")
        waiting[player.username] = page
    gm.goto(url)
    submit(gm, gm.get_by_role("button", name="Start the game"))
    wait_live(gm)

    game.refresh_from_db()
    behind = masking.accounts_of(game)
    mask_of = {account: mask for mask, account in behind.items()}
    for account, page in waiting.items():
        page.wait_for_selector("#phase-banner")
        wait_live(page)
        assert f"you are {mask_of[account]}" in page.inner_text(".game-head")
        no_other_account(page, account)

    state = services.engine_state(game)
    commissar = next(p.name for p in state.players if p.role == "commissar")
    mafia = [p.name for p in state.players if p.role == "mafia"]
    civilian = next(p.name for p in state.players if p.role == "civilian")
    user_of = {mask: next(u for u in players if u.username == a) for mask, a in behind.items()}
    pages = {}
    for mask, viewport in ((commissar, DESKTOP), (mafia[0], PHONE), (civilian, DESKTOP)):
        page = open_page(browser, site, user_of[mask], viewport=viewport)
        page.goto(url)
        wait_live(page)
        pages[mask] = page
    shot(pages[mafia[0]], "night-mafia-phone")
    shot(gm, "night-gm-desktop")
    assert f"{commissar} ({behind[commissar]})" in gm.inner_text("#gm")

    # Night 1: the commissar checks a mafioso, the mafia vote to kill the civilian.
    phase_seq = game.phases.get().seq
    for mask in [commissar, *mafia]:
        offered = services.choices_now(state, mask)
        ability = offered[0]["ability"]
        target = mafia[0] if mask == commissar else civilian
        FormSeat(browser, site, user_of[mask], url).post(
            "act", {"phase_seq": phase_seq, "ability": ability, "target": target}
        )
    submit(gm, gm.get_by_role("button", name="Close night 1 now"))

    # Pushed: the news on every page, the commissar's own result on his.
    checker = pages[commissar]
    checker.wait_for_function(
        "m => document.querySelector('#results').textContent.includes(m)", arg=mafia[0]
    )
    for mask, page in pages.items():
        page.wait_for_function(
            "() => document.querySelector('#phase-banner').textContent.includes('Day 1')"
        )
        no_other_account(page, behind[mask])
    shot(checker, "day-commissar-desktop")

    # Day 1: a living player speaks; the others read the mask as its author, live.
    speaker = next(
        m
        for m in (mafia[0], commissar)
        if services.engine_state(Game.objects.get(pk=game.id)).player(m).alive
    )
    FormSeat(browser, site, user_of[speaker], url).post(
        "post", {"channel": "day", "text": "Good morning, masks."}
    )
    for mask, page in pages.items():
        page.wait_for_selector("#thread-day .post:has-text('Good morning, masks.')")
        author = page.locator("#thread-day .post:has-text('Good morning, masks.') strong").first
        assert author.inner_text() == speaker
        no_other_account(page, behind[mask])
    gm.wait_for_selector("#thread-day .post:has-text('Good morning, masks.')")
    shot(pages[mafia[0]], "day-mafia-phone")
    shot(gm, "day-gm-desktop")
    gm_phone = open_page(browser, site, gm_user, viewport=PHONE)
    gm_phone.goto(url)
    wait_live(gm_phone)
    assert f"{speaker} ({behind[speaker]})" in gm_phone.inner_text("#gm")
    shot(gm_phone, "day-gm-phone")
