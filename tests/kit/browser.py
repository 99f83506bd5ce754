"""Helpers of the browser tests (their fixtures, `site` and `browser`, are in
tests/live/conftest.py): personas, logged-in pages, screenshots, waits, and a seat
played through the site's forms over HTTP."""

from __future__ import annotations

import os
import re
from pathlib import Path

from django.test import Client
from playwright.sync_api import Error as PlaywrightError

from tests.kit.games import make_user

# Screenshots are taken only when asked for: SCREENSHOTS_DIR=/tmp/shots to look at a
# run's pages (nothing compares them).
SCREENSHOTS_DIR = Path(os.environ["SCREENSHOTS_DIR"]) if os.environ.get("SCREENSHOTS_DIR") else None
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# ms: how long a page waits for what a test expects (a push, a deadline close by
# Celery, a reload) before the test fails. Generous, as a loaded machine (four test
# workers on two busy cores) is slow: a passing test never waits it out.
PUSH_TIMEOUT = 60_000


user = make_user  # the browser tests' name for a persona


def open_page(browser, site, who, viewport=None):
    client = Client()
    client.force_login(who)
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}]
    )
    page = context.new_page()
    page.set_default_timeout(PUSH_TIMEOUT)
    return page


def shot(page, name: str, full_page: bool = True, selector: str = "") -> None:
    """A screenshot of the page (or of one part of it), only under SCREENSHOTS_DIR."""
    if SCREENSHOTS_DIR is None:
        return
    SCREENSHOTS_DIR.mkdir(parents=True, exist_ok=True)
    path = str(SCREENSHOTS_DIR / f"{name}.png")
    if not selector:
        page.screenshot(path=path, full_page=full_page)
        return
    # A part swapped live (a move, a resync) while it is shot is shot again, new.
    for attempt in range(3):
        try:
            page.locator(selector).screenshot(path=path)
            return
        except PlaywrightError:
            if attempt == 2:
                raise


def submit(page, button) -> None:
    """Click a form's button and wait for the page the server answers with."""
    with page.expect_navigation():
        button.click()
    page.wait_for_load_state()


def wait_live(page) -> None:
    try:
        page.wait_for_selector("#live-status.on")
    except Exception:
        shot(page, "failed-wait-live")
        raise


def caught_up(page, game_id: int, who) -> None:
    """Wait until the page has handled everything `who` may read of the game's log as
    it stands now: its cursor (kept by static/games/live.js in #live's data-cursor)
    covers the cursor his page would be given now. What a test waits on before it
    asserts that something did not reach the page (it would have come first)."""
    from games.models import Game
    from tests.kit.sockets import position_at

    last = Game.objects.get(pk=game_id).last_event_seq
    target = position_at(game_id, who, last) if last else {}
    page.wait_for_function(
        """target => {
          const root = document.getElementById("live");
          let held;
          try { held = JSON.parse(root.dataset.cursor || "{}"); } catch (e) { return false; }
          return Object.keys(target).every(label => (held[label] || 0) >= target[label]);
        }""",
        arg=target,
    )


def settled(page) -> None:
    """Wait until no refresh of the page's panels is due or under way (live.js marks
    #live[data-refreshing] meanwhile): once an event has shown, the refresh it asked
    for has come and gone."""
    page.wait_for_function(
        "() => { const root = document.getElementById('live');"
        " return root && !root.dataset.refreshing; }"
    )


def mark(page) -> None:
    """A mark that survives only as long as the page is not reloaded."""
    page.evaluate("window.__sameDocument = true")


def not_reloaded(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


class FormSeat:
    """A seat played through the site's forms over HTTP (no page): the live server
    does every change, so its pushes reach the browsers like any player's."""

    def __init__(self, browser, site, who, game_url: str) -> None:
        client = Client()
        client.force_login(who)
        self.context = browser.new_context()
        self.context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}]
        )
        self.site, self.game_url = site, game_url

    def post(self, action: str, form: dict) -> None:
        html = self.context.request.get(self.game_url).text()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        response = self.context.request.post(
            f"{self.game_url}{action}/", form={**form, "csrfmiddlewaretoken": token}
        )
        assert response.ok, response.status


def fits(page, width: int) -> bool:
    """Nothing on the page is wider than `width` (no sideways scrolling on a phone)."""
    return page.evaluate("document.documentElement.scrollWidth") <= width


def box_fits(page, selector: str, width: int) -> None:
    box = page.locator(selector).bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (selector, box)
