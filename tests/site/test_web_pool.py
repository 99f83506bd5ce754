"""The web process borrows PostgreSQL connections from a pool (issue 17, the load
part): every socket's trip to the database (its opening, a dead seat's regrouping at
a phase close) connected anew, a tenth of the web process's time at a 50-game close.
The pool must still answer an outage within seconds (tests/faults
test_the_database_cut_for_ten_seconds runs the pooled site through a cut)."""

import os

from mafiasite.env import (
    DatabaseTimeouts,
    database_from_url,
    pool_web_connections,
    sqlite_database,
)


def test_postgresql_is_pooled_with_the_connect_timeout_as_the_longest_wait():
    timeouts = DatabaseTimeouts(connect=4)
    databases = {
        "default": database_from_url("postgres://u@db:5432/mafia", timeouts),
        "file": sqlite_database("x.sqlite3"),
    }
    pool_web_connections(databases, timeouts)
    pooled = databases["default"]
    assert pooled["OPTIONS"]["pool"]["timeout"] == 4  # a request waits no longer
    assert pooled["OPTIONS"]["pool"]["reconnect_timeout"] <= 2  # no minutes of back-off
    assert pooled["CONN_MAX_AGE"] == 0 and pooled["CONN_HEALTH_CHECKS"] is True
    # The other options stay (the statement and lock timeouts of every connection).
    assert "statement_timeout" in pooled["OPTIONS"]["options"]
    assert "pool" not in databases["file"].get("OPTIONS", {})  # SQLite has no pool


def test_only_the_web_entry_point_pools():
    """The test runner and the Celery workers keep Django's own connections (a pool's
    threads would not survive a worker's fork): only mafiasite/asgi.py pools, before
    Django opens any connection."""
    import subprocess
    import sys

    from django.conf import settings

    for database in settings.DATABASES.values():
        assert "pool" not in database.get("OPTIONS", {})
    probe = (
        "import mafiasite.asgi\n"
        "from django.conf import settings\n"
        "from django.db import connection\n"
        "print(sorted(settings.DATABASES['default']['OPTIONS']['pool']), connection.connection)"
    )
    env = {
        **os.environ,
        "DATABASE_URL": "postgres://postgres@127.0.0.1:1/never_opened",
        "REDIS_URL": "redis://127.0.0.1:1/0",
    }
    env.pop("DATABASE_POOL")  # the test runner's "off" (tests/conftest.py)

    def run(**more):
        return subprocess.run(
            [sys.executable, "-c", probe],
            env={**env, **more},
            capture_output=True,
            text=True,
            timeout=60,
        )

    said = run()
    assert said.returncode == 0, said.stderr[-2000:]
    assert said.stdout.split() == [
        "['max_idle',", "'max_size',", "'min_size',", "'reconnect_timeout',", "'timeout']", "None"
    ]  # fmt: skip
    assert run(DATABASE_POOL="off").returncode != 0  # no pool to list
