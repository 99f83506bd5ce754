"""On PostgreSQL and Redis (the services run): a real Celery worker sends the reminder
at its ETA, once, to the seats that still owe a move (issue 16's activity rules)."""

import time
import uuid
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from games import services, tasks
from games.models import Event
from tests.kit.games import SEVEN, new_classic7, seat_players
from tests.kit.services_pg import start_worker, stop_worker

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_real_celery_worker_sends_the_reminder_at_its_eta(gemma, players, settings):
    queue = f"mafia-test-{uuid.uuid4().hex[:8]}"
    worker = start_worker(queue)
    try:
        settings.PHASE_TIMER = "celery"
        close, remind = tasks.close_phase.apply_async, tasks.send_reminder.apply_async
        with (
            mock.patch.object(
                tasks.close_phase, "apply_async", lambda a, **kw: close(a, queue=queue, **kw)
            ),
            mock.patch.object(
                tasks.send_reminder, "apply_async", lambda a, **kw: remind(a, queue=queue, **kw)
            ),
        ):
            # A 62-second night, reminded a minute before its deadline: two seconds on.
            game = new_classic7(gemma, players, night_seconds=62, activity={"remind_minutes": 1})
            seat_players(gemma, game, [players[n] for n in SEVEN], start=True)
        give_up = time.monotonic() + 45
        while time.monotonic() < give_up:
            if Event.objects.filter(game=game, kind=services.REMINDER_KIND).exists():
                break
            assert worker.poll() is None, worker.stdout.read()
            time.sleep(0.2)
        time.sleep(1)  # a second try (the sweeper) would add nothing
        game.refresh_from_db()
        night = services.open_phase(game)
    finally:
        log = stop_worker(worker, queue)  # and the close's ETA task
    told = sorted(e.audience for e in Event.objects.filter(game=game, kind="reminder"))
    assert told, f"the worker sent no reminder:\n{log}"
    state = services.engine_state(game)
    assert told == sorted(f"seat:{n}" for n in services.must_act(state, night))
    assert night.reminded_at is not None and night.reminded_at < night.deadline
    assert night.reminded_at >= night.deadline - timedelta(minutes=1)
    assert night.closed_at is None and timezone.now() < night.deadline
    assert "games.tasks.send_reminder" in log
