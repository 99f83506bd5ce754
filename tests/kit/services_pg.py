"""The services run's helpers: a real Celery worker, a started table on PostgreSQL,
calls in threads, a lock held inside a transaction."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from unittest import mock

import redis
from django.db import connection

from games.models import Phase
from tests.kit.games import SEVEN, Table, new_classic7, seat_players

ROOT = Path(__file__).resolve().parents[2]


def started_table(gemma, players, now=None, **overrides) -> Table:
    game = new_classic7(gemma, players, **overrides)
    seat_players(gemma, game, [players[name] for name in SEVEN], start=True, now=now)
    return Table(game, {n: players[n] for n in SEVEN}, gemma)


def in_thread(target, *args, **kwargs):
    """Run a service in its own thread and database connection; keep its outcome."""
    outcome = {}

    def run():
        try:
            outcome["value"] = target(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - the test inspects it
            outcome["error"] = error
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def _worker_env(queue: str) -> dict:
    db = connection.settings_dict
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    url = f"postgres://{db['USER']}:{db['PASSWORD']}@{host}/{db['NAME']}"
    env = dict(os.environ)
    env.update(DATABASE_URL=url, PHASE_TIMER="celery", PYTHONPATH=str(ROOT), CELERY_QUEUE=queue)
    return env


def start_worker(queue: str) -> subprocess.Popen:
    """`celery -A mafiasite worker` on this test's own queue (no other run's tasks)."""
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "mafiasite", "worker", "--pool=solo",
         "--loglevel=info", "-Q", queue, "--without-heartbeat", "--without-gossip",
         "--without-mingle"],
        cwd=ROOT, env=_worker_env(queue), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True,
    )  # fmt: skip


def stop_worker(worker: subprocess.Popen, queue: str) -> str:
    """Stop it, drop what is left in its queue, and return its log."""
    from django.conf import settings

    worker.terminate()
    try:
        log, _ = worker.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        worker.kill()
        log, _ = worker.communicate()
    redis.Redis.from_url(settings.REDIS_URL).delete(queue)
    return log


def wait_for_close(phase: Phase, worker: subprocess.Popen, seconds: float) -> Phase:
    """The phase as it is once closed, or after `seconds` (the worker must live on)."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        phase.refresh_from_db()
        if phase.closed_at is not None:
            break
        assert worker.poll() is None, worker.stdout.read()
        time.sleep(0.1)
    return phase


def holding_the_lock(target: str, real):
    """A patch that makes `target` wait inside the tool's transaction until released."""
    inside, release = threading.Event(), threading.Event()

    def slow(*args, **kwargs):
        inside.set()
        assert release.wait(10)
        return real(*args, **kwargs)

    return mock.patch(target, side_effect=slow), inside, release
