"""Redis killed and restarted under a running site (issue 17, items 1, 2, 3 and 6).

Before: the worker died on the restart (kombu's restore_unacked_once: 'NoneType'
object has no attribute 'hostname'), no phase closed again until someone restarted
it, open pages stayed on the old phase, and a socket opened meanwhile got HTTP 500.
"""

import json
import time
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.kit.processes import wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_phases_keep_closing_and_pages_catch_up_after_a_redis_restart(site, redis_server):
    from tests.kit.fault_game import FastGame

    game = FastGame()
    web_log_from = len(site.web.log())
    pages = game.open_pages(site, [game.users["alice"], game.gm])
    try:
        # A close and its push before the fault, with the worker holding the next ETA task.
        game.first_close()
        wait_for(lambda: len(game.closed()) >= 2, 30, "two closes before the fault")
        redis_server.kill()
        down = time.monotonic()
        opening_while_down(site, game)
        time.sleep(max(0.0, 2 - (time.monotonic() - down)))
        redis_server.start()  # the same port, and empty: every queued task is gone
        closed_before = len(game.closed())
        wait_for(lambda: len(game.closed()) >= closed_before + 2, 40, "closes after the restart")
        assert site.worker.alive(), "the worker died on the Redis restart"
        assert "Unrecoverable error" not in site.worker.log()

        # Every open page catches up on every close, in order, missing nothing.
        def caught_up() -> bool:
            wanted = len(game.close_events())
            return all(len(page.closed_phases()) >= wanted for page in pages)

        wait_for(caught_up, 15, "the pages to show every close")
        phases_closed = [e.phase_id for e in game.close_events()]
        for page in pages:
            assert page.gaps() == {}
            shown = [e["phase"] for e in page.closed_phases()]
            assert shown[: len(phases_closed)] == phases_closed
            assert 1013 in page.closes  # told to try again later, not a server error
        assert "Exception in ASGI application" not in site.web.log()[web_log_from:]
    finally:
        for page in pages:
            page.stop()


def opening_while_down(site, game) -> None:
    """A page opened while Redis is down: the handshake succeeds, the socket says live
    updates are down and closes with 1013 (try again later); the page's HTTP feed
    still answers from the database."""
    from tests.kit.fault_game import session_cookie

    cookie = session_cookie(game.users["bob"])
    ws_url = site.url.replace("http://", "ws://") + f"/ws/games/{game.id}/"
    with connect(
        ws_url, additional_headers={"Origin": site.url, "Cookie": cookie}, open_timeout=10
    ) as socket:
        told = json.loads(socket.recv(timeout=10))
        assert told["type"] == "unavailable"
        with pytest.raises(ConnectionClosed):
            socket.recv(timeout=10)
        assert socket.close_code == 1013
    request = urllib.request.Request(
        f"{site.url}/games/{game.id}/events/?after=%7B%7D", headers={"Cookie": cookie}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200
        assert json.loads(response.read())["events"]
