"""How long from a phase's deadline to its stored outcome, on the current back end.

    python bench/phase_close.py            # embedded default (SQLite, timer thread)
    DATABASE_URL=postgres://... REDIS_URL=redis://... python bench/phase_close.py

It creates a throw-away test database, starts 100 bay12 games (seven players
each, night 1 open with a kill submitted), and measures two medians over 100 closes:

- service: a close called exactly at the deadline (lock, engine, store, next phase);
- timer: deadline to outcome visible in the database through the real timer of
  the back end: the embedded sweeper thread, or a real `celery worker` running the
  ETA task sent when the phase opened (plus its beat-sweeper interval in the worst
  case, not measured here).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The bench's own queue: tasks other runs left in the broker do not disturb it.
BENCH_QUEUE = f"bench-{os.getpid()}"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafiasite.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--closes", type=int, default=100)
    parser.add_argument(
        "--gap-ms", type=int, default=250, help="time between two deadlines (default 250 ms)"
    )
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.PHASE_TIMER = "off"
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    backend = connection.vendor
    try:
        games = start_games(args.closes)
        service = measure_service(games)
        timer = measure_timer(games, args.gap_ms)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(f"back end: {backend}, closes: {args.closes}")
    print(f"service (close called at the deadline): median {service * 1000:.1f} ms")
    print(f"timer ({timer[1]}): deadline to stored outcome, median {timer[0] * 1000:.1f} ms")


def start_games(count: int) -> list[int]:
    from django.contrib.auth import get_user_model
    from started_games import start_bay12_game  # bench/ (this script's folder)

    from games import services

    User = get_user_model()
    gm = User.objects.create_user("bench-gm", password="x")
    names = ["ann", "bob", "cid", "dan", "eve", "fay", "gus"]
    users = [User.objects.create_user(n, password="x") for n in names]
    ids = []
    for number in range(count):
        game = start_bay12_game(gm, users, number=number, preset_id="classic7", seconds=3600)
        state = services.engine_state(game.__class__.objects.get(pk=game.id))
        killer = next(p.name for p in state.players if p.role == "mafioso")
        victim = next(p.name for p in state.players if p.role == "townie")
        services.submit_action(
            users[names.index(killer)], game.id, ability="kill", targets=[victim]
        )
        ids.append(game.id)
    return ids


def measure_service(game_ids: list[int]) -> float:
    from django.utils import timezone

    from games import services
    from games.models import Phase

    durations = []
    for game_id in game_ids:
        phase = Phase.objects.get(game_id=game_id, closed_at=None)
        now = timezone.now()
        Phase.objects.filter(pk=phase.pk).update(deadline=now)
        started = time.perf_counter()
        assert services.close_phase_at_deadline(game_id, phase.seq, now=now)
        durations.append(time.perf_counter() - started)
    return statistics.median(durations)


def measure_timer(game_ids: list[int], gap_ms: int) -> tuple[float, str]:
    """Stagger the open phases' deadlines, run the real timer, watch for outcomes."""
    from django.conf import settings
    from django.db import connection
    from django.utils import timezone

    from games.models import Phase

    worker = None
    if settings.REDIS_URL:
        worker = start_worker(connection.settings_dict)  # started and ready first
    phases = {p.pk: p for p in Phase.objects.filter(game_id__in=game_ids, closed_at=None)}
    first = timezone.now() + timedelta(seconds=1)
    deadlines = {}
    for index, pk in enumerate(sorted(phases)):
        # One deadline every `gap_ms`: separate closes, not one burst.
        deadline = first + timedelta(milliseconds=gap_ms * index)
        Phase.objects.filter(pk=pk).update(deadline=deadline)
        deadlines[pk] = deadline
    stop = threading.Event()
    if worker is not None:
        label = "celery worker, ETA task"
        from games.tasks import close_phase

        for pk, deadline in deadlines.items():
            close_phase.apply_async(
                (phases[pk].game_id, phases[pk].seq), eta=deadline, queue=BENCH_QUEUE
            )
        if os.environ.get("BENCH_WORKER_LOG"):
            print(f"{time.time():.3f} sent; first deadline {first.timestamp():.3f}")
    else:
        from games.timers import sweep_forever

        interval = float(settings.EMBEDDED_SWEEP_SECONDS)
        label = f"embedded sweeper thread, every {interval:g} s"
        threading.Thread(target=sweep_forever, args=(stop, interval), daemon=True).start()
    seen: dict[int, float] = {}
    give_up = time.time() + 120
    try:
        while len(seen) < len(deadlines) and time.time() < give_up:
            for pk in Phase.objects.filter(pk__in=deadlines, closed_at__isnull=False).values_list(
                "pk", flat=True
            ):
                seen.setdefault(pk, time.time())
            time.sleep(0.005)
    finally:
        stop.set()
        if worker is not None:
            worker.terminate()
            worker.wait(20)
            forget_queue(settings.REDIS_URL)
    if len(seen) < len(deadlines):
        raise SystemExit(f"only {len(seen)} of {len(deadlines)} phases closed in time")
    latencies = [seen[pk] - deadlines[pk].timestamp() for pk in deadlines]
    return statistics.median(latencies), label


def forget_queue(redis_url: str) -> None:
    """Drop what is left in the bench's queue (the next phases' ETA tasks)."""
    import redis

    redis.Redis.from_url(redis_url).delete(BENCH_QUEUE)


def start_worker(db: dict) -> subprocess.Popen:
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    env = dict(os.environ, PHASE_TIMER="celery", PYTHONPATH=str(ROOT), CELERY_QUEUE=BENCH_QUEUE)
    env["DATABASE_URL"] = f"postgres://{db['USER']}:{db['PASSWORD']}@{host}/{db['NAME']}"
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "mafiasite", "worker", "--pool=solo"]
        + ["-Q", BENCH_QUEUE]
        + ["--loglevel=info", "--without-heartbeat", "--without-gossip", "--without-mingle"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    for line in worker.stdout:  # wait until the worker says it is ready
        if " ready." in line:
            break
    else:
        raise SystemExit("the celery worker did not start")

    # Keep draining its output so the pipe never fills up (BENCH_WORKER_LOG=1 shows it).
    def drain():
        for line in worker.stdout:
            if os.environ.get("BENCH_WORKER_LOG"):
                print(f"{time.time():.3f} worker: {line}", end="")

    threading.Thread(target=drain, daemon=True).start()
    return worker


if __name__ == "__main__":
    main()
