"""The web process killed and restarted under 20 open sockets (issue 17): each page
reconnects with its cursor and misses nothing that happened while it was down."""

import time

import pytest

from tests.kit.processes import WAIT, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_twenty_pages_reconnect_after_a_web_restart_and_miss_nothing(site):
    from tests.kit.fault_game import FastGame

    game = FastGame(spectators=12)
    pages = game.open_pages(site)  # the GM, seven players, twelve spectators
    assert len(pages) == 20
    try:
        game.first_close()
        wait_for(lambda: all(p.closed_phases() for p in pages), WAIT, "every page's first close")
        site.web.kill()
        closed_before = len(game.closed())
        # A close or two happen while no web process runs; their pushes reach nobody.
        wait_for(lambda: len(game.closed()) > closed_before, WAIT, "a close")
        site.web.start()
        restarted = time.monotonic()
        site.wait_web()

        game.shown_everywhere(pages)  # the closes each page missed, too
        took = time.monotonic() - restarted
        closed_phases = [e.phase_id for e in game.close_events()]
        for page in pages:
            assert page.handshakes.count("open") >= 2, "the page never reconnected"
            shown = [e["phase"] for e in page.closed_phases()]
            assert shown == closed_phases[: len(shown)]
            assert page.gaps() == {}
        print(f"20 pages caught up {took:.2f} s after the web process restarted")
    finally:
        for page in pages:
            page.stop()
