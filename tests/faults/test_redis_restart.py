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

from tests.kit.processes import WAIT, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_phases_keep_closing_and_pages_catch_up_after_a_redis_restart(site, redis_server):
    from tests.kit.fault_game import FastGame

    game = FastGame()
    web_log_from = len(site.web.log())
    pages = game.open_pages(site, [game.users["alice"], game.gm])
    try:
        # A close and its push before the fault, with the worker holding the next ETA task.
        game.first_close()
        wait_for(lambda: len(game.closed()) >= 2, WAIT, "two closes before the fault")
        redis_server.kill()
        down = time.monotonic()
        opening_while_down(site, game)
        time.sleep(max(0.0, 2 - (time.monotonic() - down)))
        redis_server.start()  # the same port, and empty: every queued task is gone
        closed_before = len(game.closed())
        wait_for(lambda: len(game.closed()) >= closed_before + 2, WAIT, "closes after the restart")
        assert site.worker.alive(), "the worker died on the Redis restart"
        assert "Unrecoverable error" not in site.worker.log()

        # Every open page catches up on every close, in order, missing nothing.
        game.shown_everywhere(pages)
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
        ws_url, additional_headers={"Origin": site.url, "Cookie": cookie}, open_timeout=WAIT
    ) as socket:
        told = json.loads(socket.recv(timeout=WAIT))
        assert told["type"] == "unavailable"
        with pytest.raises(ConnectionClosed):
            socket.recv(timeout=WAIT)
        assert socket.close_code == 1013
    request = urllib.request.Request(
        f"{site.url}/games/{game.id}/events/?after=%7B%7D", headers={"Cookie": cookie}
    )
    with urllib.request.urlopen(request, timeout=WAIT) as response:
        assert response.status == 200
        assert json.loads(response.read())["events"]
