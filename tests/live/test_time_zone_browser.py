"""Issue 16: "dates, times and the countdown in the reader's locale and time zone" from
the first page a reader opens. A reader who chose no zone opens the game in Tokyo: the
server does not know his zone yet (no cookie) and renders UTC; reader.js shows the
page's times in Tokyo time at once and leaves the cookie for the next page. Without
scripts the page keeps the server's zone; a zone chosen in the settings stays."""

from __future__ import annotations

import re
from urllib.parse import unquote
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Profile
from tests.kit.browser import shot, user, wait_live
from tests.kit.games import SEVEN, new_classic7, seat_players

pytestmark = pytest.mark.browser

TOKYO = "Asia/Tokyo"


def tokyo_page(browser, site, who: User, url: str, scripts: bool = True):
    """A first visit from a browser in Tokyo: a session, no zone cookie."""
    client = Client()
    client.force_login(who)
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, timezone_id=TOKYO, java_script_enabled=scripts
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}]
    )
    page = context.new_page()
    page.goto(url)
    return page


def clock(moment, zone: str) -> str:
    return moment.astimezone(ZoneInfo(zone)).strftime("%H:%M:%S")


def test_the_first_page_shows_the_browsers_time_zone(browser, site):
    gemma = user("gemma")
    players = {name: user(name) for name in SEVEN}
    Profile.objects.create(user=players["carol"], time_zone="Europe/Moscow")
    game = new_classic7(gemma, players, day_seconds=3600, night_seconds=3600)
    seat_players(gemma, game, [players[n] for n in SEVEN], start=True)
    services.gm_close_phase(gemma, game.id)  # day 1
    post = services.post_message(players["bob"], game.id, channel="day", text="Good morning.")
    deadline = services.open_phase(game).deadline
    url = f"{site.url}/games/{game.id}/"

    # alice's first page: every time in Tokyo's zone, the cookie left for the next one.
    alice = tokyo_page(browser, site, players["alice"], url)
    wait_live(alice)
    shown = alice.inner_text("#phase-banner time.deadline")
    assert shown == f"{clock(deadline, TOKYO)} GMT+9", shown
    post_time = alice.inner_text("#thread-day article[data-post] time")
    assert post_time == clock(post.created_at, TOKYO)
    assert clock(deadline, TOKYO) != clock(deadline, "UTC")
    cookies = {c["name"]: c["value"] for c in alice.context.cookies()}
    assert unquote(cookies.get("mafia_tz", "")) == TOKYO
    shot(alice, "tz-first-page-tokyo")
    # The next page: the server itself renders Tokyo time (Django names it JST).
    alice.reload()
    wait_live(alice)
    assert alice.inner_text("#phase-banner time.deadline") == f"{clock(deadline, TOKYO)} JST"

    # Without scripts: the server's zone, said as such.
    plain = tokyo_page(browser, site, players["dave"], url, scripts=False)
    assert plain.inner_text("#phase-banner time.deadline") == f"{clock(deadline, 'UTC')} UTC"

    # carol chose Moscow in her settings: her browser's Tokyo does not override it.
    carol = tokyo_page(browser, site, players["carol"], url)
    wait_live(carol)
    assert re.fullmatch(
        rf"{clock(deadline, 'Europe/Moscow')} MSK", carol.inner_text("#phase-banner time.deadline")
    )
    for page in (alice, plain, carol):
        page.context.close()
