"""A close delivered twice, and the sweeper racing the ETA task: each phase is closed
exactly once (issue 17). The worker runs two processes, so the copies of a close
really run at the same time; beat sweeps every second beside them.
"""

import pytest
from celery import Celery

from tests.kit.processes import WAIT, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_duplicate_closes_and_the_sweeper_close_each_phase_once(site, redis_server):
    from tests.kit.fault_game import FastGame

    game = FastGame()
    pages = game.open_pages(site, [game.users["carol"], game.gm])
    # A producer of the test's own on the site's broker: two more copies of each close.
    producer = Celery("faults-producer", broker=redis_server.url(), set_as_current=False)
    try:
        racing = set()
        while len(racing) < 4:
            phase = wait_for(
                lambda: [p for p in game.phases() if p.closed_at is None and p.seq not in racing],
                WAIT,
                "the next open phase",
            )[0]
            for _ in range(2):
                producer.send_task(
                    "games.tasks.close_phase", (game.id, phase.seq), eta=phase.deadline
                )
            racing.add(phase.seq)
        wait_for(lambda: len(game.closed()) >= max(racing), WAIT, "the raced phases to close")
        game.shown_everywhere(pages)  # the clock stopped: what follows stands still

        closes = game.close_events()
        closed_phases = [e.phase_id for e in closes]
        assert len(closed_phases) == len(set(closed_phases)), "a phase closed twice"
        phases = game.phases()
        assert [p.seq for p in phases] == list(range(1, len(phases) + 1))
        assert len([p for p in phases if p.closed_at is None]) == 1
        assert "Unrecoverable error" not in site.worker.log()
        for page in pages:
            assert [e["phase"] for e in page.closed_phases()] == closed_phases[
                : len(page.closed_phases())
            ]
            assert page.gaps() == {}
    finally:
        producer.close()
        for page in pages:
            page.stop()
