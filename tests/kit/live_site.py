"""Run the real site in subprocesses for browser tests: uvicorn, and on the services
run a real Celery worker and beat, all on the test database.

Embedded default: SQLite (file-backed test database), in-memory channel layer,
the embedded phase timer in the web process. Services run (DATABASE_URL and
REDIS_URL set): PostgreSQL, the Redis channel layer, phases closed by Celery.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# How long a test waits for the site's processes to start (imports, Django's setup) or
# to be gone: generous, as a loaded machine (four test workers on two busy cores) starts
# three Python processes slowly; a passing test never waits it out.
STARTING = 120.0


def database_url(settings_dict: dict) -> str:
    """The URL of the database the test process uses (the test database)."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return "sqlite:///" + str(Path(settings_dict["NAME"]).resolve())
    user = settings_dict.get("USER") or ""
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or "5432"
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


def uvicorn_args(port: int) -> list[str]:
    """The web process as deployed (Dockerfile: no per-message deflate)."""
    return [
        "uvicorn",
        "mafiasite.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--ws-per-message-deflate",
        "false",
    ]


# The live sites this process started: the fault tests stop them (stop_live_sites),
# since their Celery beat would close the fault tests' games through a Redis the fault
# tests' own pages never read; a browser test's `site` starts its site again.
STARTED: list[LiveSite] = []


def stop_live_sites() -> None:
    for live in STARTED:
        live.stop()


class LiveSite:
    def __init__(self, db_url: str, *, services: bool, server: str = "uvicorn") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.services = services
        self.server = server
        self.tmp = Path(tempfile.mkdtemp(prefix="mafia-live-"))
        self.processes: list[subprocess.Popen] = []
        env = dict(os.environ)
        env.pop("DATABASE_POOL", None)  # the web process pools, as deployed
        env.update(
            DATABASE_URL=db_url,
            DJANGO_SETTINGS_MODULE="mafiasite.settings",
            EMBEDDED_SWEEP_SECONDS="1",
            SWEEP_SECONDS="2",
            PYTHONUNBUFFERED="1",
        )
        if services:
            env["PHASE_TIMER"] = "celery"
        else:
            env.pop("REDIS_URL", None)
            env["PHASE_TIMER"] = "embedded"
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        self.env = env

    def _spawn(self, name: str, args: list[str]) -> None:
        log = open(self.tmp / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(
            [sys.executable, "-m", *args], cwd=ROOT, env=self.env, stdout=log, stderr=log
        )
        process.log_path = self.tmp / f"{name}.log"
        self.processes.append(process)

    def start(self) -> LiveSite:
        if self not in STARTED:
            STARTED.append(self)
        if self.server == "daphne":
            self._spawn(
                "web",
                ["daphne", "-b", "127.0.0.1", "-p", str(self.port), "mafiasite.asgi:application"],
            )
        else:
            self._spawn(
                "web",
                uvicorn_args(self.port),
            )
        if self.services:
            self._spawn(
                "worker",
                [
                    "celery",
                    "-A",
                    "mafiasite",
                    "worker",
                    "--pool=solo",
                    "--loglevel=WARNING",
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                ],
            )
            self._spawn(
                "beat",
                [
                    "celery",
                    "-A",
                    "mafiasite",
                    "beat",
                    "--loglevel=WARNING",
                    "-s",
                    str(self.tmp / "beat-schedule"),
                ],
            )
        try:
            self._wait_ready()
        except BaseException:
            # Its fixture never reaches its teardown: left running, these processes
            # would sweep (and deadlock the migration of) the next run's test database
            # of the same name.
            self.stop()
            raise
        return self

    def _wait_ready(self, timeout: float = STARTING) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for process in self.processes:
                if process.poll() is not None:
                    raise RuntimeError(f"{process.args} exited:\n{self.logs()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the site did not start:\n{self.logs()}")

    def ensure_running(self) -> None:
        """Start again if a process died (a test's failure reads its log first)."""
        if all(process.poll() is None for process in self.processes):
            return
        if self.tmp.exists():  # not stopped on purpose (stop_live_sites): say why
            print(f"a site process had exited; starting the site again:\n{self.logs()}")
        self.stop()
        self.tmp = Path(tempfile.mkdtemp(prefix="mafia-live-"))
        self.processes = []
        self.start()

    def wait_disconnected(self, connection, timeout: float = STARTING) -> None:
        """Until no other session is connected to the test database (PostgreSQL)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
                if not cursor.fetchone()[0]:
                    return
            time.sleep(0.1)

    def logs(self) -> str:
        return "\n".join(
            f"== {p.args[2]}\n{Path(p.log_path).read_text(errors='replace')[-3000:]}"
            for p in self.processes
        )

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)
