"""The closer processes of bench/live.py: like Celery worker processes, they warm up,
then close their share of the games at the deadline (prepared ahead and written at it,
as games/services/prepared.py does; or the ordinary way with BENCH_ORDINARY=1; or the
BENCH_CLOSED_AHEAD experiment). Started by `python bench/live.py close ...`."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime


def warm_up() -> None:
    """A Celery worker is warm: rulesets loaded, the push thread connected to Redis."""
    import roles
    from games.services import push

    for ruleset in roles.list_rulesets():
        roles.get_ruleset(ruleset if isinstance(ruleset, str) else ruleset.id)
    push.send_all([("bench-warm-up", {"type": "bench.warm"})])
    time.sleep(0.5)


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
    if os.environ.get("BENCH_CLOSED_AHEAD"):  # the bound a close prepared ahead could reach
        closed_ahead(pool, close, game_ids, deadline)
        return
    if not os.environ.get("BENCH_ORDINARY"):  # as a worker does: prepared, then written
        written_at_deadline(pool, game_ids, seqs, deadline)
        wait_for_pushes()
        return
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
    wait_for_pushes()  # a worker lives on; this process must not exit before its pushes


def written_at_deadline(pool, game_ids: list[int], seqs: dict, deadline: float) -> None:
    """As a Celery worker process does (games/services/prepared.py, games/tasks.py):
    each close prepared some time before the deadline, then written at it by one
    thread, or closed the ordinary way where it was not prepared."""
    from games import services
    from games.services import prepared

    def prepare_all() -> list:
        return [(g, prepared.prepare(g, seqs[g])) for g in game_ids]

    cpu = time.process_time()
    held = pool.submit(prepare_all).result()
    ahead_cpu = time.process_time() - cpu
    ahead = 1000 * (deadline - time.time())
    prepared_count = sum(p is not None for _, p in held)

    def write_all(share=None) -> int:
        written = 0
        for game_id, close in held if share is None else share:
            if close is not None and prepared.write(close):
                written += 1
            else:
                services.close_phase_at_deadline(game_id, seqs[game_id])
        return written

    # Half a second before the deadline, as the writer thread: what changed since (the
    # late posts of --late) is prepared again (BENCH_NO_RECHECK=1: not, as before).
    time.sleep(max(0.0, deadline - prepared.RECHECK_SECONDS - time.time()))
    cpu = time.process_time()
    closes = [close for _, close in held if close is not None]
    if not os.environ.get("BENCH_NO_RECHECK"):
        again = pool.submit(prepared.rechecked, list(closes)).result()
    else:
        again = closes
    renewed = {c.game_id: c for c in again}
    fresh = sum(renewed[c.game_id] is not c for c in closes)
    held = [(g, renewed.get(g, close)) for g, close in held]
    recheck_cpu = time.process_time() - cpu
    time.sleep(max(0.0, deadline - time.time()))
    started, cpu = time.time(), time.process_time()
    writers = int(os.environ.get("BENCH_WRITERS", "1"))
    if writers == 1:
        written = pool.submit(write_all).result()
    else:  # an experiment: several writer threads, each on its own connection
        written = sum(pool.map(write_all, [held[i::writers] for i in range(writers)]))
    print(
        f"closer: prepared {prepared_count} of {len(game_ids)} closes ({1000 * ahead_cpu:.0f} ms "
        f"CPU, done {ahead:.0f} ms before the deadline); looked again at them "
        f"{1000 * prepared.RECHECK_SECONDS:.0f} ms before it ({1000 * recheck_cpu:.0f} ms CPU), "
        f"prepared {fresh} again; at the deadline wrote {written} of "
        f"them and closed {len(game_ids) - written} the ordinary way in "
        f"{1000 * (time.time() - started):.0f} ms ({1000 * (time.process_time() - cpu):.0f} ms "
        "CPU)",
        file=sys.stderr,
        flush=True,
    )


def closed_ahead(pool, close, game_ids: list[int], deadline: float) -> None:
    """An experiment, not the site: every phase is closed (as at its deadline) before
    the deadline and its pushes are held; at the deadline only the pushes leave. What
    the clients then see is the least a close worked out in advance could give: the
    web process, Redis and the clients alone (BENCH_CLOSED_AHEAD=1)."""
    from games.services import push

    held, send_all = [], push.send_all
    push.send_all = held.append  # send_on_commit's after-commit call: kept for later
    cpu = time.process_time()
    with pool:
        list(pool.map(close, game_ids))
    ahead = 1000 * (deadline - time.time())
    push.send_all = send_all
    time.sleep(max(0.0, deadline - time.time()))
    started, cpu_at = time.time(), time.process_time()
    for messages in held:
        send_all(messages)
    wait_for_pushes()
    print(
        f"closer: closed {len(game_ids)} phases {ahead:.0f} ms before the deadline "
        f"({1000 * (cpu_at - cpu):.0f} ms CPU); their pushes sent from the deadline in "
        f"{1000 * (time.time() - started):.0f} ms ({1000 * (time.process_time() - cpu_at):.0f} "
        "ms CPU)",
        file=sys.stderr,
        flush=True,
    )


def wait_for_pushes(timeout: float = 120.0) -> None:
    """Block until the push thread (games/services/push.py) has sent every commit
    queued so far: it sends in order, so a marker queued last is sent last."""
    from games.services import push

    drained = threading.Event()

    class Marker:  # stands in for the layer: its one "send" says the queue is through
        async def group_send(self, group, message) -> None:
            drained.set()

    push._sender.submit(Marker(), [("bench-drained", {})])
    if not drained.wait(timeout):
        print("closer: the push thread did not drain", file=sys.stderr, flush=True)
