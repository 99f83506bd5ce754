"""The web process killed and restarted under 20 open sockets (issue 17): each page
reconnects with its cursor and misses nothing that happened while it was down."""

import time

import pytest

from tests.kit.processes import wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_twenty_pages_reconnect_after_a_web_restart_and_miss_nothing(site):
    from tests.kit.fault_game import PHASE_SECONDS, FastGame

    game = FastGame(spectators=12)
    pages = game.open_pages(site)  # the GM, seven players, twelve spectators
    assert len(pages) == 20
    try:
        game.first_close()
        wait_for(lambda: all(p.closed_phases() for p in pages), 30, "every page's first close")
        site.web.kill()
        closed_before = len(game.closed())
        # A close or two happen while no web process runs; their pushes reach nobody.
        wait_for(lambda: len(game.closed()) > closed_before, 3 * PHASE_SECONDS, "a close")
        site.web.start()
        restarted = time.monotonic()
        site.wait_web()

        def caught_up() -> bool:
            wanted = len(game.close_events())
            return all(len(p.closed_phases()) >= wanted for p in pages)

        wait_for(caught_up, 20, "every page to show the closes it missed")
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
