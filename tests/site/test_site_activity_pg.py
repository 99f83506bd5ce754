"""On PostgreSQL and Redis (the services run): a real Celery worker sends the reminder
at its ETA, once, to the seats that still owe a move (issue 16's activity rules)."""

import os
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path
from unittest import mock

import pytest
import redis
from django.db import connection
from django.utils import timezone

from games import services, tasks
from games.models import Event
from tests.site.helpers import SEVEN, new_classic7, seat_players

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]


def _worker(queue: str) -> subprocess.Popen:
    db = connection.settings_dict
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"postgres://{db['USER']}:{db['PASSWORD']}@{host}/{db['NAME']}",
        PHASE_TIMER="celery",
        PYTHONPATH=str(ROOT),
        CELERY_QUEUE=queue,
    )
    args = ["worker", "--pool=solo", "--loglevel=info", "-Q", queue, "--without-heartbeat"]
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "mafiasite", *args, "--without-gossip"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def test_a_real_celery_worker_sends_the_reminder_at_its_eta(gemma, players, settings):
    queue = f"mafia-test-{uuid.uuid4().hex[:8]}"
    worker = _worker(queue)
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
        worker.terminate()
        try:
            log, _ = worker.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            log, _ = worker.communicate()
        redis.Redis.from_url(settings.REDIS_URL).delete(queue)  # the close's ETA task
    told = sorted(e.audience for e in Event.objects.filter(game=game, kind="reminder"))
    assert told, f"the worker sent no reminder:\n{log}"
    state = services.engine_state(game)
    assert told == sorted(f"seat:{n}" for n in services.must_act(state, night))
    assert night.reminded_at is not None and night.reminded_at < night.deadline
    assert night.reminded_at >= night.deadline - timedelta(minutes=1)
    assert night.closed_at is None and timezone.now() < night.deadline
    assert "games.tasks.send_reminder" in log
