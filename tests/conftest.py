"""Suite-wide rules: service tests run only in the services run, and CI never skips.

- `@pytest.mark.services` tests need PostgreSQL and Redis. On the embedded
  default they are deselected (not skipped): the services run covers them.
  With DATABASE_URL and REDIS_URL set they run, and an unreachable service
  is a failure, not a skip.
- With CI=true, any skip (a missing browser, a missing service) fails the run.
"""

import os

import pytest

IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
# Under `pytest -n` each xdist worker ("gw0", "gw1", ...) is a test process of its own,
# with its own test database (pytest-django's suffix). The site processes it starts
# inherit its Celery queue: a worker's close tasks go to its own site's Celery worker.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
os.environ["CELERY_QUEUE"] = f"celery-{WORKER or 'main'}"
# The socket tests import mafiasite.asgi into this process: it keeps Django's own
# connections (the servers the tests start pool theirs, as deployed).
os.environ["DATABASE_POOL"] = "off"


# Written out here, not imported from tests/kit/services.py: the foundation tests run
# this file alone in a folder of their own (tests/site/test_site_foundation.py).
def services_configured() -> bool:
    url = os.environ.get("DATABASE_URL", "")
    return url.startswith(("postgres://", "postgresql://")) and bool(os.environ.get("REDIS_URL"))


def pytest_configure(config):
    from django.conf import settings

    # pytest-django may have read the settings before this file set the queue above:
    # the test process sends to the same one as the sites it starts.
    settings.CELERY_TASK_DEFAULT_QUEUE = os.environ["CELERY_QUEUE"]
    half = bool(os.environ.get("DATABASE_URL")) != bool(os.environ.get("REDIS_URL"))
    if IN_CI and half:
        # A services run missing one service would silently deselect its tests.
        raise pytest.UsageError("CI: set both DATABASE_URL and REDIS_URL, or neither")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid.startswith("tests/faults/"):
            # The fault tests share one set of site processes and a Redis of their own
            # (tests/faults/conftest.py): under `pytest -n --dist loadgroup` one worker
            # runs them all and starts those processes once.
            item.add_marker(pytest.mark.xdist_group("faults"))
    if services_configured():
        return
    selected, deselected = [], []
    for item in items:
        (deselected if item.get_closest_marker("services") else selected).append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = selected


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """The test process's own PostgreSQL connection has no statement or lock limit.
    The site's limits (mafiasite/env.py) are for the site's processes, which the tests
    start with them as deployed; in the test process they cancelled the creation,
    flush and drop of a test database that a loaded machine took seconds to do (the
    next run then found it still there)."""
    from django.conf import settings

    for database in settings.DATABASES.values():
        options = database.get("OPTIONS", {})
        if "options" in options:
            options["options"] = "-c statement_timeout=0 -c lock_timeout=0"


@pytest.fixture(scope="session", autouse=True)
def _worker_ids_apart(request):
    """On the services run the xdist workers share one Redis, and its pub/sub is not
    scoped by database number: the channel layer's groups are named by game and user
    ids. Each worker's test database numbers its rows from its own million, so no two
    workers' groups ever share a name."""
    # A worker's own id (a pytest the tests start inherits PYTEST_XDIST_WORKER).
    worker = getattr(request.config, "workerinput", {}).get("workerid", "")
    if not worker or not services_configured():
        return
    start = int(worker.removeprefix("gw")) * 1_000_000
    if not start:
        return
    request.getfixturevalue("django_db_setup")
    from django.db import connection

    with request.getfixturevalue("django_db_blocker").unblock(), connection.cursor() as cursor:
        cursor.execute("SELECT schemaname, sequencename FROM pg_sequences")
        for schema, name in cursor.fetchall():
            cursor.execute("SELECT setval(%s, %s)", [f'"{schema}"."{name}"', start])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        item.failed = True  # the live sites' fixtures print their processes' logs
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.longrepr = f"skipped in CI, which must run every test: {reason}"


def pytest_sessionfinish(session, exitstatus):
    """SQLite in WAL mode leaves -wal/-shm files beside a destroyed test database."""
    try:
        from django.conf import settings

        database = settings.DATABASES["default"]
    except Exception:  # Django not configured: nothing to tidy
        return
    name = database.get("TEST", {}).get("NAME")
    if not name or not database["ENGINE"].endswith("sqlite3") or os.path.exists(name):
        return
    for suffix in ("-wal", "-shm"):
        if os.path.exists(name + suffix):
            os.remove(name + suffix)


@pytest.fixture(autouse=True)
def _language_left_as_found():
    """A test client's request runs in the test's own thread, and LocaleMiddleware (or a
    reader's profile) activates his language there: the next test would then render in
    that language. Each test starts and ends in the site's default."""
    try:
        from django.utils import translation
    except ImportError:  # pragma: no cover
        yield
        return
    yield
    translation.deactivate()
