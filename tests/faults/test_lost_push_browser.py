"""An open page shows a close within 5 s even when its push is lost (issue 17, item 2),
in Chromium against the real site.

The close is committed by the test process with a channel layer nobody listens to:
its push is lost exactly as when a worker dies right after the commit. Then Redis is
killed: the page's socket closes, the handshake answers 1013 and the page reads the
log over HTTP; the next close, whose push cannot leave either, still shows.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.db import connections

from tests.kit.processes import WAIT, wait_for

pytestmark = [pytest.mark.services, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
# The target: a close shows within SHOWS_A_CLOSE_SECONDS of its commit, the page's own
# schedule (static/games/live.js: a check a second after the countdown ran out, then
# every 1.5 s) with the rest for the work. The work is the machine's, so the test
# asserts the schedule's part (the close shows at the first check after its commit)
# and prints the time it took.
SHOWS_A_CLOSE_SECONDS = 5.0

# Counts the page's checks for what it missed, as live.js makes them: a resync over
# the socket, or a read of the HTTP feed while the socket is down.
COUNT_CHECKS = """(function () {
  window.__checks = { socket: 0, http: 0 };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (String(data).includes('"resync"')) window.__checks.socket += 1;
    return send.call(this, data);
  };
  const read = window.fetch;
  window.fetch = function (url, options) {
    if (String(url).includes("/events/?after=")) window.__checks.http += 1;
    return read.call(this, url, options);
  };
})();"""
# Notes the checks made when the next close shows in the log.
NOTE_THE_CLOSE = """() => {
  window.__shownAt = null;
  const observer = new MutationObserver(function () {
    if (document.querySelectorAll("#events li.phase_closed").length > window.__closes) {
      window.__shownAt = Object.assign({}, window.__checks);
      observer.disconnect();
    }
  });
  window.__closes = document.querySelectorAll("#events li.phase_closed").length;
  observer.observe(document.getElementById("events"), { childList: true });
}"""


@pytest.fixture
def chromium(monkeypatch):
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's loop in this thread
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        yield browser
        browser.close()


def close_with_its_push_lost(settings, game_id: int, seq: int) -> float:
    """Close the phase at its deadline; its push goes to a layer no socket reads."""
    from channels.layers import channel_layers

    from games import services

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()
    assert services.close_phase_at_deadline(game_id, seq)
    return time.monotonic()


def headline_count(page) -> int:
    return page.evaluate("() => document.querySelectorAll('#events li.phase_closed').length")


def shown_by_the_next_check(page, settings, game_id: int, seq: int, path: str) -> float:
    """Close the phase with its push lost; wait (however long the machine takes) until
    the page shows it, and assert the first of the page's checks over `path` made
    after the commit showed it. The seconds it took."""
    page.evaluate(NOTE_THE_CLOSE)
    closed_at = close_with_its_push_lost(settings, game_id, seq)
    before = page.evaluate("Object.assign({}, window.__checks)")
    page.wait_for_function("() => window.__shownAt !== null")
    took = time.monotonic() - closed_at
    shown_at = page.evaluate("window.__shownAt")
    assert shown_at[path] - before[path] <= 1, (before, shown_at)
    return took


def test_a_page_shows_a_close_whose_push_was_lost(site, redis_server, chromium, settings):
    from tests.kit.fault_game import FastGame, session_cookie

    game = FastGame()
    # Nothing closes this game but the test: the worker and beat are down (the next
    # test starts them again).
    site.worker.kill()
    site.beat.kill()
    context = chromium.new_context()
    context.add_init_script(COUNT_CHECKS)
    name, value = session_cookie(game.users["alice"]).split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": site.url}])
    page = context.new_page()
    page.set_default_timeout(WAIT * 1000)
    try:
        page.goto(f"{site.url}/games/{game.id}/")
        page.wait_for_function(
            "() => document.querySelector('#live-status').textContent === 'live'"
        )
        before = headline_count(page)
        name_before = page.inner_text("#phase-banner .phase-name")

        # The countdown runs out; the close commits, its push is lost: the page's own
        # check over its socket shows it.
        wait_for(lambda: game.phases()[0].deadline.timestamp() < time.time(), WAIT, "deadline")
        first_shown = shown_by_the_next_check(page, settings, game.id, 1, "socket")
        assert headline_count(page) == before + 1
        page.wait_for_function(
            "n => document.querySelector('#phase-banner .phase-name').textContent !== n",
            arg=name_before,
        )

        # Redis down: the socket closes, the page reads the log over HTTP.
        redis_server.kill()
        page.wait_for_function(
            "() => document.querySelector('#live-status').textContent.includes('down')"
        )
        second = game.phases()[-1]
        wait_for(lambda: second.deadline.timestamp() < time.time(), WAIT, "the second deadline")
        second_shown = shown_by_the_next_check(page, settings, game.id, second.seq, "http")
        assert headline_count(page) == before + 2
        print(
            f"lost pushes shown {first_shown:.2f} s and {second_shown:.2f} s after the close"
            f" (the target: {SHOWS_A_CLOSE_SECONDS:g} s)"
        )
    finally:
        context.close()
        # The ORM calls made while Playwright's loop ran have connections of their own.
        connections.close_all()
