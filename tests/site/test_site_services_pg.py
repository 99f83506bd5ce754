"""On PostgreSQL and Redis (the services run): races and a real Celery worker.

"Concurrency: two submissions racing a phase close never both count and never
get lost" (issue 6). Each service locks the game row first, so a submission
and a close are serialised; these tests inject the competing operation while
the first one holds the lock (saleor's RunAfter habit), then race many at once.
"""

import threading
import time
import uuid
from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection
from django.utils import timezone

import roles
from games import services
from games.models import Phase, Vote
from games.services import ServiceError
from tests.kit.games import Table
from tests.kit.services_pg import (
    in_thread,
    start_worker,
    started_table,
    stop_worker,
    wait_for_close,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_the_database_is_postgresql():
    assert connection.vendor == "postgresql"


def test_a_submission_waiting_on_a_close_is_refused_not_lost(gemma, players):
    table = started_table(gemma, players)
    state = table.state()
    mafioso = next(p.name for p in state.players if p.role == "mafioso")
    victim = next(p.name for p in state.players if p.role == "townie")
    night = table.phase()

    inside_close, release = threading.Event(), threading.Event()
    real_resolve = roles.resolve_phase

    def slow_resolve(*args, **kwargs):
        inside_close.set()
        assert release.wait(10)
        return real_resolve(*args, **kwargs)

    with mock.patch("roles.resolve_phase", side_effect=slow_resolve):
        closer, closed = in_thread(services.gm_close_phase, gemma, table.game.id)
        assert inside_close.wait(10)  # the close holds the game row now
        submitter, submitted = in_thread(
            services.submit_action,
            table.users[mafioso],
            table.game.id,
            ability="kill",
            targets=[victim],
            phase_seq=night.seq,
        )
        time.sleep(0.3)
        assert submitter.is_alive(), "the submission must wait for the close's lock"
        release.set()
        closer.join(10)
        submitter.join(10)
    assert closed.get("value") is True
    assert isinstance(submitted.get("error"), ServiceError)
    assert "already closed" in str(submitted["error"])
    assert not night.actions.exists()
    assert victim in table.alive()


def test_a_close_waiting_on_a_submission_counts_it(gemma, players):
    table = started_table(gemma, players)
    state = table.state()
    mafioso = next(p.name for p in state.players if p.role == "mafioso")
    victim = next(p.name for p in state.players if p.role == "townie")
    night = table.phase()

    inside_submit, release = threading.Event(), threading.Event()
    real_check = roles.check_action

    def slow_check(*args, **kwargs):
        inside_submit.set()
        assert release.wait(10)
        return real_check(*args, **kwargs)

    with mock.patch("roles.check_action", side_effect=slow_check):
        submitter, submitted = in_thread(
            services.submit_action,
            table.users[mafioso],
            table.game.id,
            ability="kill",
            targets=[victim],
            phase_seq=night.seq,
        )
        assert inside_submit.wait(10)  # the submission holds the game row now
        closer, closed = in_thread(services.close_phase, table.game.id, night.seq, reason="gm")
        time.sleep(0.3)
        assert closer.is_alive(), "the close must wait for the submission's lock"
        release.set()
        submitter.join(10)
        closer.join(10)
    assert "error" not in submitted and closed.get("value") is True
    assert victim not in table.alive()  # the kill counted


def race_votes_against_close(table: Table, gemma, delay: float) -> None:
    services.gm_close_phase(gemma, table.game.id)  # night 1 -> day 1
    day = table.phase()
    voters = table.alive()
    target = voters[0]
    barrier = threading.Barrier(len(voters) + 1)

    def vote(name):
        barrier.wait()
        return services.cast_vote(table.users[name], table.game.id, target, phase_seq=day.seq)

    def close():
        barrier.wait()
        time.sleep(delay)
        return services.close_phase(table.game.id, day.seq, reason="gm")

    runs = [in_thread(vote, name) for name in voters] + [in_thread(close)]
    for thread, _ in runs:
        thread.join(20)
    outcomes = [outcome for _, outcome in runs]
    assert all(("value" in o) != ("error" in o) for o in outcomes)
    refused = [o["error"] for o in outcomes[:-1] if "error" in o]
    assert all(isinstance(e, ServiceError) for e in refused), refused
    day.refresh_from_db()
    stored = Vote.objects.filter(phase=day).count()
    # Every stored vote is in the day's outcome, and every vote is stored or refused.
    assert sum(day.record["tally"].values()) == stored
    assert stored + len(refused) == len(voters)


def test_many_votes_racing_a_close_are_each_counted_or_refused(gemma, players):
    for round_number in range(5):
        table = started_table(gemma, players, name=f"race {round_number}")
        race_votes_against_close(table, gemma, delay=0.001 * round_number)


def test_a_real_celery_worker_closes_a_real_phase_at_its_deadline(gemma, players, settings):
    """An ETA task, sent when the phase opens, is run by `celery -A mafiasite worker`."""
    from games.tasks import close_phase

    queue = f"mafia-test-{uuid.uuid4().hex[:8]}"
    worker = start_worker(queue)
    try:
        settings.PHASE_TIMER = "celery"
        send = close_phase.apply_async  # this test's own queue: no other run's tasks
        with mock.patch.object(
            close_phase, "apply_async", lambda args, **kw: send(args, queue=queue, **kw)
        ):
            # Started 8 s "ago": the 10-second night is due two seconds from now.
            table = started_table(
                gemma, players, now=timezone.now() - timedelta(seconds=8), night_seconds=10
            )
        night = wait_for_close(table.phase(), worker, 45)
    finally:
        log = stop_worker(worker, queue)  # and the next phase's ETA task
    assert night.closed_at is not None, f"the worker did not close the night:\n{log}"
    assert night.close_reason == "deadline"
    assert night.closed_at >= night.deadline
    assert night.record["phase"] == "night"  # the outcome is stored
    following = Phase.objects.get(game=table.game, seq=night.seq + 1)
    assert following.kind == "day" and following.closed_at is None
    assert "games.tasks.close_phase" in log
