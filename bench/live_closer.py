"""The closer processes of bench/live.py: like Celery worker processes, they warm up,
then close their share of the games at the deadline, each close as the ETA task does
(`services.close_phase_at_deadline`, its pushes sent once it commits). Started by
`python bench/live.py close ...`."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime


def warm_up() -> None:
    """A Celery worker is warm: rulesets loaded, a push sent once."""
    import roles
    from games.services import push

    for ruleset in roles.list_rulesets():
        roles.get_ruleset(ruleset if isinstance(ruleset, str) else ruleset.id)
    push.send_all([("bench-warm-up", {"type": "bench.warm"})])


def close_all(game_ids: list[int], closers: int, warm_ids: list[int]) -> None:
    """The closer process: warm up, read the deadline, close every phase at it.

    Each closer thread first closes one unwatched game of its own, as a worker that
    has run tasks before: its database connection open, Django's lazy set-up done."""
    from django.db import close_old_connections

    from games import services
    from games.models import Phase
    from mafiasite.celery import keep_database_connections, settle_garbage_collector

    keep_database_connections()  # as a Celery worker does
    seqs = dict(
        Phase.objects.filter(
            game_id__in=[*game_ids, *warm_ids], closed_at__isnull=True
        ).values_list("game_id", "seq")
    )
    warm_up()
    deadline = float(sys.stdin.readline())
    now_dt = datetime.fromtimestamp(deadline, UTC)

    def close(game_id: int) -> None:
        try:
            services.close_phase_at_deadline(game_id, seqs[game_id], now=now_dt)
        finally:
            close_old_connections()

    pool = ThreadPoolExecutor(max_workers=closers)
    each_thread = threading.Barrier(len(warm_ids))  # one warm-up game per thread

    def warm_thread(game_id: int) -> None:
        each_thread.wait(timeout=30)
        services.close_phase(game_id, seqs[game_id], reason="gm")
        close_old_connections()

    warm_started = time.time()
    list(pool.map(warm_thread, warm_ids))
    settle_garbage_collector()  # as a Celery worker does once loaded
    print(
        f"closer: warmed up in {1000 * (time.time() - warm_started):.0f} ms, "
        f"{1000 * (deadline - time.time()):.0f} ms before the deadline",
        file=sys.stderr,
        flush=True,
    )

    if os.environ.get("BENCH_PYSPY"):  # sample this closer around the deadline only
        subprocess.Popen(
            [os.environ["BENCH_PYSPY"], "record", "-p", str(os.getpid()), "-d", "3", "-r", "500",
             "--gil", "--nonblocking", "--format", "raw",
             "-o", f"/tmp/bench-closer-{os.getpid()}.raw"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
    time.sleep(max(0.0, deadline - time.time()))
    started, cpu = time.time(), time.process_time()
    if os.environ.get("BENCH_PROFILE"):  # a CPU-time cProfile of the closes, one thread
        import cProfile

        profile = cProfile.Profile(time.process_time)
        pool.submit(profile.runcall, lambda: [close(g) for g in game_ids]).result()
        profile.dump_stats(f"{os.environ['BENCH_PROFILE']}.{os.getpid()}")
    else:
        with pool:
            list(pool.map(close, game_ids))
    print(
        f"closer: started {1000 * (started - deadline):.0f} ms after the deadline, "
        f"closed {len(game_ids)} phases in {1000 * (time.time() - started):.0f} ms "
        f"({1000 * (time.process_time() - cpu):.0f} ms CPU)",
        file=sys.stderr,
        flush=True,
    )
