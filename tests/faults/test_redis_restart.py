"""Redis killed and restarted under a running site (issue 17, items 1 to 3).

Before: the worker died on the restart (kombu's restore_unacked_once: 'NoneType'
object has no attribute 'hostname'), no phase closed again until someone restarted
it, and open pages stayed on the old phase.
"""

import time

import pytest

from tests.faults.processes import wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_phases_keep_closing_and_pages_catch_up_after_a_redis_restart(site, redis_server):
    from tests.faults.conftest import FastGame

    game = FastGame()
    pages = game.open_pages(site, [game.users["alice"], game.gm])
    try:
        # A close and its push before the fault, with the worker holding the next ETA task.
        wait_for(lambda: len(game.closed()) >= 2, 30, "two closes before the fault")
        redis_server.kill()
        time.sleep(2)
        redis_server.start()  # the same port, and empty: every queued task is gone
        closed_before = len(game.closed())
        wait_for(lambda: len(game.closed()) >= closed_before + 2, 40, "closes after the restart")
        assert site.worker.alive(), "the worker died on the Redis restart"
        assert "Unrecoverable error" not in site.worker.log()

        # Every open page catches up on every close, once each, in order.
        def caught_up() -> bool:
            wanted = len(game.close_events())
            return all(len(page.closed_phases()) >= wanted for page in pages)

        wait_for(caught_up, 15, "the pages to show every close")
        phases_closed = [e.phase_id for e in game.close_events()]
        for page in pages:
            assert page.duplicates == 0
            shown = [e["phase"] for e in page.closed_phases()]
            assert shown[: len(phases_closed)] == phases_closed
    finally:
        for page in pages:
            page.stop()
