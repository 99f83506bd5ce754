"""The Celery worker SIGKILLed in the middle of a close, and lost ETA tasks (issue 17,
items 2 and 3): every phase still closes exactly once, a lost task costs at most the
sweeper's second, and the open pages show every close.
"""

import threading

import pytest
from django.db import connection, transaction

from tests.kit.processes import WAIT, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_lost_task_closes_within_two_seconds_and_a_worker_killed_mid_close_loses_nothing(site):
    from games.models import Game
    from tests.kit.fault_game import FastGame

    game = FastGame()
    pages = game.open_pages(site, [game.users["alice"], game.gm])
    try:
        # The first phase's task was never scheduled: the sweeper closes it.
        game.first_close()

        # The second phase's close starts and waits for the game's lock, which this
        # test holds; the worker is killed right there, mid-close.
        second = wait_for(lambda: [p for p in game.phases() if not p.closed_at], WAIT, "phase 2")[0]
        held, release = threading.Event(), threading.Event()

        def hold_the_game() -> None:
            try:
                with transaction.atomic():
                    Game.objects.select_for_update().get(pk=game.id)
                    held.set()
                    release.wait(2 * WAIT)  # a test that failed meanwhile lets go
            finally:
                connection.close()

        holder = threading.Thread(target=hold_the_game)
        holder.start()
        assert held.wait(WAIT), "the test could not lock the game"
        wait_for(closes_waiting_on_a_lock, WAIT, "the worker's close to wait on the lock")
        site.worker.kill()
        release.set()
        holder.join()
        site.start_worker()  # no ETA task of the killed worker survives: the sweeper's job
        wait_for(lambda: len(game.closed()) >= 3, WAIT, "closes after the worker restart")

        # Exactly once: one phase_closed event per closed phase, phases in sequence.
        closes = game.close_events()
        assert len({e.phase_id for e in closes}) == len(closes)
        phases = game.phases()
        assert [p.seq for p in phases] == list(range(1, len(phases) + 1))
        assert len([p for p in phases if p.closed_at is None]) <= 1
        assert second.seq in [p.seq for p in game.closed()]

        game.shown_everywhere(pages)
        for page in pages:
            assert page.gaps() == {}
    finally:
        for page in pages:
            page.stop()


def closes_waiting_on_a_lock() -> bool:
    """A backend of the test database waits for a lock: the worker's close."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0] > 0
