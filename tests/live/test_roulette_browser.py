"""The graveyard's roulette in Chromium: two of the dead play, the living see nothing.

docs/design.md: "spectators and the dead watch the public thread and talk in the
graveyard chat, where the dead can play Russian roulette for points"; issue 20:
spectators play too, and a command is a move listed under the table, not a post. 002: "The
game begins by having one player type -roulette in the graveyard chat"; "Other
players can then join the game by subsequently typing -join". A command typed in
the chat goes through the socket; the other dead player's panel follows live
(static/games/live.js renders the panel afresh on a "roulette" event). The table
plays on after the Mafia game ends, and the game-over page follows it the same way.
"""

from __future__ import annotations

import pytest

from games import services
from games.models import Status
from tests.kit.browser import (
    FormSeat,
    mark,
    not_reloaded,
    open_page,
    settled,
    shot,
    submit,
    user,
    wait_live,
)
from tests.kit.games import SEVEN, Table, new_classic7, seat_players
from tests.kit.roulette import bury_two, rig

pytestmark = pytest.mark.browser


def panel_shows(page, text: str) -> None:
    page.wait_for_function(
        "t => { const n = document.getElementById('roulette');"
        " return n && n.textContent.includes(t); }",
        arg=text,
    )


def shot_of(page, selector: str, name: str) -> None:
    """A screenshot of one part of the page (the graveyard, to look at it closely)."""
    shot(page, name, selector=selector)


def two_dead_in_a_new_game() -> tuple[Table, str, str]:
    """A started classic7 game whose night 1 and day 1 killed two townies."""
    gemma = user("gemma")
    players = {name: user(name) for name in SEVEN}
    game = new_classic7(gemma, players)
    seat_players(gemma, game, [players[name] for name in SEVEN], start=True)
    table = Table(game, players, gemma)
    first, second = bury_two(table)
    return table, first, second


def test_two_dead_players_open_and_start_a_table_live(site, browser):
    table, first, second = two_dead_in_a_new_game()
    players = table.users
    living = table.alive()[0]
    url = f"{site.url}/games/{table.game.id}/"

    host = open_page(browser, site, players[first])
    guest = open_page(browser, site, players[second], viewport={"width": 390, "height": 844})
    alive = open_page(browser, site, players[living])
    for page in (host, guest, alive):
        page.goto(url)
        wait_live(page)
    mark(guest)

    host.fill("#thread-graveyard textarea", "-roulette 5 4")
    host.locator("#thread-graveyard form[data-live-post] button[type=submit]").click()
    panel_shows(guest, f"{first}'s table")
    assert not_reloaded(guest)  # pushed, not reloaded
    guest.wait_for_selector(f"#roulette-moves li:has-text('{first} opens a roulette table')")
    assert guest.locator("#thread-graveyard .post").count() == 0  # a move, not a post

    submit(guest, guest.get_by_role("button", name="Join"))
    panel_shows(host, second)
    # A bet being typed survives another player's command (the panel is not swapped
    # under the typist); once the field is left, the next refresh catches up.
    bet_field = "#roulette input[name=amount]"
    guest.fill(bet_field, "7")
    host.fill(bet_field, "5")
    submit(host, host.locator("#roulette form:has(input[name=amount]) button[type=submit]"))
    guest.wait_for_selector(f"#roulette-moves li:has-text('{first} bets 5.')")
    settled(guest)  # the refresh after that event has come and gone
    assert guest.input_value(bet_field) == "7"
    guest.keyboard.press("Tab")
    submit(host, host.get_by_role("button", name="Start the round"))
    panel_shows(guest, "round on")
    panel_shows(guest, "Your points: 95")
    shot(guest, "roulette-phone-guest")
    host.wait_for_selector("#roulette button:has-text('Pull the trigger')")
    shot(host, "roulette-host")

    assert alive.locator("#roulette").count() == 0
    assert alive.locator("#thread-graveyard").count() == 0
    assert "roulette" not in alive.content().lower()


def test_the_game_over_page_follows_the_table_live(site, browser):
    """002: "If the game of Mafia comes to a conclusion during a game of Russian
    Roulette the game will NOT be aborted." The running page whose game ends keeps
    its game-over overlay while the table plays on; the game-over page (open to all)
    follows the table live like the running page: another player's command shows
    without a reload, and a bet being typed is not swapped away under the typist."""
    table, first, second = two_dead_in_a_new_game()
    players, game = table.users, table.game
    for name, command in ((first, "-roulette 5 4"), (second, "-join")):
        services.post_message(players[name], game.id, channel="graveyard", text=command)
    mafia = [p.name for p in table.state().players if p.faction == "mafia"]
    services.modkill_player(table.gm, game.id, mafia[0])
    url = f"{site.url}/games/{game.id}/"
    guest = open_page(browser, site, players[second], viewport={"width": 390, "height": 844})
    guest.goto(url)
    wait_live(guest)
    mark(guest)

    # The last mafioso is modkilled through the live server: the game ends, pushed.
    FormSeat(browser, site, table.gm, url).post(
        "modkill", {"player": mafia[1], "phase_seq": table.phase().seq}
    )
    guest.wait_for_selector("#game-over:not(.hidden)")
    assert table.refresh().status == Status.FINISHED
    FormSeat(browser, site, players[first], url).post("roulette", {"command": "bet", "amount": 6})
    guest.wait_for_selector(f"#roulette-moves li:has-text('{first} bets 6.')")
    settled(guest)  # the refresh after that event has come and gone
    assert guest.locator("#game-over:not(.hidden)").count() == 1
    assert guest.locator("#phase-banner").count() == 1  # no game-over panel swapped in
    assert not_reloaded(guest)

    guest.get_by_role("link", name="See every role and the whole story").click()
    guest.wait_for_selector("text=Every role")
    host = open_page(browser, site, players[first])
    winner = open_page(browser, site, players[table.alive()[0]])
    for page in (host, winner):
        page.goto(url)
    for page in (host, guest, winner):
        assert "game over" in page.title()
        wait_live(page)
    mark(guest)
    mark(winner)

    bet_field = "#roulette input[name=amount]"
    guest.fill(bet_field, "7")
    host.fill(bet_field, "9")
    submit(host, host.locator("#roulette form:has(input[name=amount]) button[type=submit]"))
    panel_shows(winner, f"{first} bets 9.")
    guest.wait_for_selector(f"#roulette-moves li:has-text('{first} bets 9.')")
    settled(guest)  # the refresh after that event has come and gone
    assert guest.input_value(bet_field) == "7"  # not swapped under the typist
    guest.keyboard.press("Tab")
    submit(host, host.get_by_role("button", name="Start the round"))
    panel_shows(guest, "round on")
    panel_shows(guest, f"{first} bets 9.")
    panel_shows(winner, "round on")
    assert not_reloaded(guest) and not_reloaded(winner)  # pushed, not reloaded
    shot(guest, "roulette-game-over-phone-guest")


def test_a_spectator_and_a_dead_player_play_a_round_from_the_buttons(site, browser):
    """Issue 20: "a spectator and a dead player play a round from the buttons"; 002's
    payout (the shot one's bet to the survivor), the moves under the table on both
    pages without a reload, no chat post, and nothing of it on a living player's page."""
    table, first, _second = two_dead_in_a_new_game()
    players, game = table.users, table.game
    sam = user("sam")
    services.watch_game(sam, game.id)
    rig(game, 1)  # the first pull clicks, the second is the bang
    url = f"{site.url}/games/{game.id}/"
    dead = open_page(browser, site, players[first])
    watcher = open_page(browser, site, sam, viewport={"width": 390, "height": 844})
    alive = open_page(browser, site, players[table.alive()[0]])
    for page in (dead, watcher, alive):
        page.goto(url)
        wait_live(page)
    mark(watcher)

    submit(dead, dead.get_by_role("button", name="Open a table"))
    panel_shows(watcher, f"{first}'s table")
    assert not_reloaded(watcher)
    submit(watcher, watcher.get_by_role("button", name="Join"))
    panel_shows(dead, "sam (spectator)")
    watcher.fill("#roulette input[name=amount]", "25")
    submit(watcher, watcher.locator("#roulette form:has(input[name=amount]) button"))
    dead.wait_for_selector("#roulette-moves li:has-text('sam (spectator) bets 25.')")
    dead.fill("#roulette input[name=amount]", "25")
    submit(dead, dead.locator("#roulette form:has(input[name=amount]) button"))
    submit(dead, dead.get_by_role("button", name="Start the round"))
    mark(watcher)
    panel_shows(watcher, "round on")
    panel_shows(watcher, "Your points: 75")
    submit(dead, dead.get_by_role("button", name="Pull the trigger"))
    panel_shows(watcher, f"{first} pulls: click.")
    shot(dead, "graveyard-table-desktop")
    shot_of(dead, "#thread-graveyard", "graveyard-table-desktop-panel")
    submit(dead, dead.get_by_role("button", name="Pass the revolver"))
    watcher.wait_for_selector("#roulette button:has-text('Pull the trigger')")
    assert not_reloaded(watcher)  # every move so far was pushed
    shot(watcher, "graveyard-table-phone")
    shot_of(watcher, "#thread-graveyard", "graveyard-table-phone-panel")
    submit(watcher, watcher.get_by_role("button", name="Pull the trigger"))
    panel_shows(watcher, "sam (spectator) pulls: BANG!")
    panel_shows(dead, "The round is over. Winnings:")
    panel_shows(dead, "Your points: 125")
    panel_shows(watcher, "Your points: 75")
    assert dead.locator("#thread-graveyard .post").count() == 0  # moves, not posts
    assert watcher.locator("#thread-graveyard .post").count() == 0
    assert alive.locator("#roulette").count() == 0
    assert "sam (spectator)" not in alive.content() and "roulette" not in alive.content().lower()

    # the points and the record across games: profile and leaderboard, linked from the panel
    submit(watcher, watcher.locator("#roulette a", has_text="your record"))
    watcher.wait_for_selector("text=Rounds played")
    assert "75" in watcher.locator(".record").inner_text()
    shot(watcher, "profile-phone")
    dead.goto(f"{site.url}/users/sam/")
    shot(dead, "profile-desktop")
    dead.goto(url)
    submit(dead, dead.locator("#roulette a", has_text="The whole leaderboard"))
    rows = dead.locator(".leaderboard-table tbody tr")
    assert rows.count() == 2 and first in rows.nth(0).inner_text()
    shot(dead, "leaderboard-desktop")
    watcher.goto(f"{site.url}/leaderboard/")
    shot(watcher, "leaderboard-phone")
