"""Small strict helpers that read settings from the environment.

A bad value fails loudly at start-up instead of being guessed at.

>>> database_from_url("postgres://postgres@127.0.0.1:5432/mafia")["NAME"]
'mafia'
>>> env_bool("MAFIA_UNSET_FLAG_FOR_DOCTEST", default=False)
False
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


class ImproperSetting(ValueError):
    """An environment variable holds a value the site cannot use."""


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperSetting(f"{name}={raw!r} is not a boolean (use true/false, 1/0, yes/no)")


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperSetting(f"{name}={raw!r} is not an integer") from None


@dataclass(frozen=True)
class DatabaseTimeouts:
    """How long a request waits for PostgreSQL before it gives up with a clear page
    (without a limit, a stalled database hangs every request for the whole stall).

    connect: seconds to open a connection (libpq's connect_timeout; it counts 2 at
    least). statement and lock: milliseconds a statement may run, and wait for a row
    lock, before PostgreSQL cancels it (0: no limit). alive: seconds without an
    answer after which a silent peer (a network cut) is given up, by TCP keepalives
    and tcp_user_timeout.

    >>> DatabaseTimeouts(connect=3, statement=5000, lock=4000).connection_options()["options"]
    '-c statement_timeout=5000 -c lock_timeout=4000'
    """

    connect: int = 3
    statement: int = 5000
    lock: int = 5000
    alive: int = 6

    @classmethod
    def from_env(cls) -> DatabaseTimeouts:
        default = cls()
        timeouts = cls(
            connect=env_int("DATABASE_CONNECT_TIMEOUT", default.connect),
            statement=env_int("DATABASE_STATEMENT_TIMEOUT_MS", default.statement),
            lock=env_int("DATABASE_LOCK_TIMEOUT_MS", default.lock),
            alive=env_int("DATABASE_ALIVE_TIMEOUT", default.alive),
        )
        for name, value in vars(timeouts).items():
            if value < 0:
                raise ImproperSetting(f"the database's {name} timeout {value} is negative")
        if timeouts.connect == 0:
            raise ImproperSetting("DATABASE_CONNECT_TIMEOUT=0 would wait forever")
        return timeouts

    def connection_options(self) -> dict:
        options = {
            "connect_timeout": self.connect,
            "options": f"-c statement_timeout={self.statement} -c lock_timeout={self.lock}",
        }
        if self.alive:
            # A peer that stops answering (no ACK, no reply) is dropped after about
            # `alive` seconds instead of the kernel's default of minutes.
            interval = max(1, self.alive // 3)
            options.update(
                keepalives=1,
                keepalives_idle=interval,
                keepalives_interval=interval,
                keepalives_count=3,
                tcp_user_timeout=self.alive * 1000,
            )
        return options


def database_from_url(url: str, timeouts: DatabaseTimeouts | None = None) -> dict:
    """Django's DATABASES entry for a postgres:// or sqlite:/// URL (PostgreSQL with
    `timeouts`, the defaults when None)."""
    parts = urlsplit(url)
    if parts.scheme in ("postgres", "postgresql", "pgsql"):
        name = unquote(parts.path.lstrip("/"))
        if not name:
            raise ImproperSetting(f"DATABASE_URL {url!r} names no database")
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": name,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            "CONN_MAX_AGE": 0,
            "OPTIONS": (timeouts or DatabaseTimeouts()).connection_options(),
        }
    if parts.scheme == "sqlite":
        path = unquote(parts.path)
        # sqlite:///relative.db -> "/relative.db"; sqlite:////abs/path.db -> "//abs/path.db"
        name = path[1:] if path.startswith("//") else path.lstrip("/")
        if not name:
            raise ImproperSetting(f"DATABASE_URL {url!r} names no file")
        return sqlite_database(name)
    raise ImproperSetting(f"DATABASE_URL {url!r}: only postgres:// and sqlite:/// are supported")


# The web process's pool (psycopg_pool through Django): a few connections, because
# Channels and Django run their database work in one shared thread per process.
WEB_POOL_MAX = 8


def pool_web_connections(databases: dict, timeouts: DatabaseTimeouts) -> None:
    """Give the web process a pool of PostgreSQL connections (each DATABASES entry, in
    place; SQLite is left alone). Without it every socket's trip to the database (its
    opening, a dead seat's regrouping at a phase close) forked a PostgreSQL backend,
    which a 50-game close multiplies by its dead seats. A pooled connection is
    checked before it is handed out (CONN_HEALTH_CHECKS), and a request waits for one
    no longer than the connect timeout, so an outage still answers within seconds
    (games/web/outage.py). Celery workers keep their own connection instead
    (mafiasite/celery.py): a pool's threads do not survive their fork."""
    for database in databases.values():
        if database.get("ENGINE") != "django.db.backends.postgresql":
            continue
        database["CONN_MAX_AGE"] = 0  # the pool keeps them; Django insists on 0
        database["CONN_HEALTH_CHECKS"] = True
        database.setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": WEB_POOL_MAX,
            "timeout": max(2, timeouts.connect),
            "max_idle": 300,
            # After an outage a new connection is tried again within a second or
            # two, not after the pool's doubling back-off (up to minutes).
            "reconnect_timeout": 2,
        }


def sqlite_database(name: str) -> dict:
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": name,
        # One writer at a time, taken at BEGIN: the embedded timer thread and the
        # request threads never meet a "database is locked" upgrade in mid-transaction.
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
        # A file (threads and live servers share it), one per test process: several
        # test runs on one machine never write into each other's database.
        "TEST": {
            "NAME": os.path.join(
                tempfile.gettempdir(), f"test-{os.getpid()}-{os.path.basename(name)}"
            )
        },
        "CONN_MAX_AGE": 0,
    }
