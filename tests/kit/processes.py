"""The real processes the fault tests start, kill and restart: a redis-server of their
own, and the site as the README deploys it (uvicorn, a Celery worker, Celery beat) on
the test database and that Redis.

Each process runs in its own process group, so a kill takes a prefork worker's
children with it, as an operator's `kill -9` of a container would.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tests.kit.live_site import STARTING, uvicorn_args

ROOT = Path(__file__).resolve().parents[2]
REDIS_PORTS = range(6390, 6400)  # this project's machines give the fault tests these
WEB_PORTS = range(8100, 8120)


def free_port(ports: range) -> int:
    """A port of `ports` nobody listens on (a test kills and restarts on the same one).
    Each xdist worker looks from its own place in the range: two workers starting at
    once never both find the same port free."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    start = int(worker or 0) * 3 % len(ports)
    for port in [*ports[start:], *ports[:start]]:
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {ports.start}-{ports.stop - 1}")


# How long a fault test waits for what it expects (a close, a page catching up, a
# process answering) before it fails: generous, as a loaded machine (four test workers
# on two busy cores) is slow; a passing test never waits it out.
WAIT = 60.0


def wait_for(check, timeout: float, what: str, interval: float = 0.05):
    """Poll `check` until it returns something true; its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


class Process:
    """One command in its own process group, its output in a log file."""

    def __init__(self, name: str, argv: list[str], env: dict, logs: Path) -> None:
        self.name, self.argv, self.env = name, argv, env
        self.log_path = logs / f"{name}.log"
        self.popen: subprocess.Popen | None = None

    def start(self) -> Process:
        log = open(self.log_path, "ab")  # noqa: SIM115 (the child holds it; closed below)
        log.write(f"\n== started {time.strftime('%H:%M:%S')}\n".encode())
        log.flush()
        self.popen = subprocess.Popen(
            self.argv, cwd=ROOT, env=self.env, stdout=log, stderr=log, start_new_session=True
        )
        log.close()
        return self

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Signal the whole group (a prefork worker's children too) and reap it."""
        if self.popen is None:
            return
        try:
            os.killpg(self.popen.pid, sig)
        except ProcessLookupError:
            pass
        try:
            self.popen.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


class RedisServer:
    """A redis-server of the test's own, without persistence: a restart forgets
    everything, as a Redis restarted from scratch (or failed over) does."""

    def __init__(self, logs: Path) -> None:
        self.port = free_port(REDIS_PORTS)
        argv = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        argv += ["--save", "", "--appendonly", "no"]
        self.process = Process("redis", argv, dict(os.environ), logs)

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> RedisServer:
        self.process.start()
        wait_for(self.answers, STARTING, "redis-server to answer")
        return self

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        self.process.kill(signal.SIGKILL)


class Site:
    """uvicorn, a Celery worker and Celery beat, each startable and killable alone."""

    def __init__(self, database_url: str, redis: RedisServer) -> None:
        self.logs = Path(tempfile.mkdtemp(prefix="mafia-faults-"))
        self.redis = redis
        self.port = free_port(WEB_PORTS)
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        for name in (
            "DJANGO_ALLOW_ASYNC_UNSAFE",
            "PHASE_TIMER",
            "SWEEP_SECONDS",
            "DATABASE_POOL",
            "CELERY_QUEUE",  # a Redis of their own: the default queue, as deployed
        ):
            env.pop(name, None)  # the defaults, as deployed
        env.update(
            DATABASE_URL=database_url,
            REDIS_URL=redis.url(),
            DJANGO_SETTINGS_MODULE="mafiasite.settings",
            PYTHONUNBUFFERED="1",
        )
        self.env = env
        python = [sys.executable, "-m"]
        self.web = Process(
            "web",
            [*python, *uvicorn_args(self.port)],
            env,
            self.logs,
        )
        self.worker = Process(
            "worker",
            [*python, "celery", "-A", "mafiasite", "worker", "--loglevel=INFO", "-c", "2"],
            env,
            self.logs,
        )
        self.beat = Process(
            "beat",
            [
                *python,
                "celery",
                "-A",
                "mafiasite",
                "beat",
                "--loglevel=INFO",
                "-s",
                str(self.logs / "beat-schedule"),
            ],
            env,
            self.logs,
        )

    def start(self) -> Site:
        self.web.start()
        self.start_worker()
        self.beat.start()
        self.wait_web()
        wait_for(lambda: "Sending due task" in self.beat.log(), STARTING, "beat's first sweep")
        return self

    def ensure_running(self) -> None:
        """Start again whatever an earlier test left killed."""
        if not self.redis.answers():
            self.redis.start()
        if not self.web.alive():
            self.web.start()
            self.wait_web()
        if not self.worker.alive():
            self.start_worker()
        if not self.beat.alive():
            self.beat.start()

    def start_worker(self) -> None:
        self.worker.start()
        wait_for(
            lambda: "ready." in self.worker.log().rsplit("== started", 1)[-1], STARTING, "worker"
        )

    def wait_web(self) -> None:
        def answers() -> bool:
            if not self.web.alive():
                raise AssertionError(f"uvicorn exited:\n{self.web.log()[-3000:]}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as response:
                    return response.status == 200
            except OSError:
                return False

        wait_for(answers, STARTING, "uvicorn", interval=0.2)

    def stop(self) -> None:
        for process in (self.beat, self.worker, self.web):
            process.kill(signal.SIGKILL)  # throwaway processes: no warm shutdown to wait for

    def report(self) -> str:
        return "\n".join(
            f"== {p.name}\n{p.log()[-4000:]}"
            for p in (self.web, self.worker, self.beat, self.redis.process)
        )

    def cleanup(self) -> None:
        shutil.rmtree(self.logs, ignore_errors=True)
