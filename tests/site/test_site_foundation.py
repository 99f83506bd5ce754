"""Foundation: settings from the environment, the CI skip rule, the pages a newcomer sees."""

import os
import subprocess
import sys
import weakref
from pathlib import Path

import pytest
from django.urls import reverse

from mafiasite.env import ImproperSetting, database_from_url, env_bool, env_list

ROOT = Path(__file__).resolve().parents[2]


def test_postgres_url_becomes_a_postgresql_database_with_no_persistent_connections():
    db = database_from_url("postgres://postgres:s%40cret@127.0.0.1:5432/mafia")
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["PASSWORD"], db["HOST"], db["PORT"]) == (
        "mafia",
        "postgres",
        "s@cret",
        "127.0.0.1",
        "5432",
    )
    assert db["CONN_MAX_AGE"] == 0


def receivers_of(signal) -> list:
    """The functions connected to a Celery signal (without sending it)."""
    return [r() if isinstance(r, weakref.ref) else r for _, r in signal.receivers]


def test_a_celery_worker_keeps_its_database_connection(monkeypatch):
    """The web keeps no connection (ASGI); a worker keeps one from task to task,
    checked before reuse, when Celery starts it (the worker_init signal)."""
    from celery.signals import worker_init
    from django.conf import settings

    from mafiasite.celery import WORKER_CONN_MAX_AGE, keep_database_connections

    # Connected to the signal (sending it would also run Celery's own Django fixup).
    assert keep_database_connections in receivers_of(worker_init)
    databases = {"default": database_from_url("postgres://postgres@127.0.0.1:5432/mafia")}
    monkeypatch.setattr(settings, "DATABASES", databases)
    keep_database_connections()
    assert databases["default"]["CONN_MAX_AGE"] == WORKER_CONN_MAX_AGE > 0
    assert databases["default"]["CONN_HEALTH_CHECKS"] is True


def test_sqlite_url_and_bad_urls():
    assert database_from_url("sqlite:///site.db")["NAME"] == "site.db"
    assert database_from_url("sqlite:////var/x.db")["NAME"] == "/var/x.db"
    with pytest.raises(ImproperSetting):
        database_from_url("mysql://root@localhost/x")
    with pytest.raises(ImproperSetting):
        database_from_url("postgres://localhost")


def test_env_helpers_fail_loudly_on_bad_values(monkeypatch):
    monkeypatch.setenv("MAFIA_TEST_FLAG", "maybe")
    with pytest.raises(ImproperSetting):
        env_bool("MAFIA_TEST_FLAG", default=False)
    monkeypatch.setenv("MAFIA_TEST_FLAG", "off")
    assert env_bool("MAFIA_TEST_FLAG", default=True) is False
    monkeypatch.setenv("MAFIA_TEST_HOSTS", "a.example, b.example,")
    assert env_list("MAFIA_TEST_HOSTS", []) == ["a.example", "b.example"]


def _settings_in_subprocess(env: dict, expression: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    clean.update(env)
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='mafiasite.settings'; "
        f"from django.conf import settings; print({expression})"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def test_no_production_secret_default():
    proc = _settings_in_subprocess({"DEBUG": "false", "SECRET_KEY": ""}, "settings.SECRET_KEY")
    assert proc.returncode != 0
    assert "SECRET_KEY must be set" in proc.stderr


def test_a_bad_phase_timer_mode_fails_loudly():
    proc = _settings_in_subprocess({"PHASE_TIMER": "sometimes"}, "settings.PHASE_TIMER")
    assert proc.returncode != 0
    assert "PHASE_TIMER" in proc.stderr


def test_embedded_default_with_nothing_set():
    env = {k: v for k, v in os.environ.items() if k != "PHASE_TIMER"}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    code = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='mafiasite.settings'; "
        "from django.conf import settings; "
        "print(settings.DATABASES['default']['ENGINE'], "
        "settings.CHANNEL_LAYERS['default']['BACKEND'], settings.PHASE_TIMER)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == [
        "django.db.backends.sqlite3",
        "channels.layers.InMemoryChannelLayer",
        "embedded",
    ]


def test_services_settings_configure_the_redis_layer_against_known_pitfalls():
    proc = _settings_in_subprocess(
        {
            "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/mafia",
            "REDIS_URL": "redis://127.0.0.1:6379/0",
        },
        "settings.CHANNEL_LAYERS['default'], settings.PHASE_TIMER, settings.CELERY_BROKER_URL",
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    # channels_redis's pub/sub layer, one copy of a group message per web process.
    assert "games.live.layer.FanOutLayer" in out
    assert "'socket_timeout': None" in out
    assert "'max_connections': 10000" in out
    assert "celery" in out and "redis://127.0.0.1:6379/0" in out


def test_ci_turns_a_skip_into_a_failure(tmp_path):
    (tmp_path / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text())
    (tmp_path / "test_skips.py").write_text(
        "import pytest\n\ndef test_needs_a_browser():\n    pytest.skip('no chromium')\n"
    )
    env = dict(os.environ, CI="true")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:django", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1, proc.stdout
    assert "skipped in CI" in proc.stdout
    env["CI"] = "false"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:django", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout


def test_a_newcomer_can_sign_up_and_lands_in_the_lobby_logged_in(client, db):
    page = client.get(reverse("lobby"))
    assert page.status_code == 200
    assert reverse("signup").encode() in page.content
    response = client.post(
        reverse("signup"),
        {
            "username": "newbie",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )
    assert response.status_code == 302
    page = client.get(reverse("lobby"))
    assert b"newbie" in page.content
    assert b"Log out" in page.content


def test_log_in_and_log_out(client, players):
    response = client.post(reverse("login"), {"username": "alice", "password": "alice-secret-pw"})
    assert response.status_code == 302
    assert client.get(reverse("lobby")).context["user"].username == "alice"
    client.post(reverse("logout"))
    assert not client.get(reverse("lobby")).context["user"].is_authenticated


def test_static_files_are_vendored_not_from_a_cdn(client, db):
    page = client.get(reverse("lobby")).content.decode()
    assert "http://" not in page.replace("http://127.0.0.1", "")
    assert "https://" not in page


def test_ci_refuses_a_services_run_with_only_one_service(tmp_path):
    (tmp_path / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text())
    (tmp_path / "test_nothing.py").write_text("def test_ok():\n    assert True\n")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(CI="true", DATABASE_URL="postgres://postgres@127.0.0.1:5432/x")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:django", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode != 0
    assert "set both DATABASE_URL and REDIS_URL" in proc.stdout + proc.stderr


def test_long_running_processes_settle_the_garbage_collector():
    """The loaded application is frozen out of the collector's reach and young
    collections are rarer (mafiasite/gc_tuning.py); the ASGI module and Celery's
    worker signals call it."""
    import gc

    from celery.signals import worker_init, worker_process_init

    from mafiasite import celery
    from mafiasite.gc_tuning import YOUNG_THRESHOLD, settle_after_startup

    threshold = gc.get_threshold()
    try:
        settle_after_startup()
        assert gc.get_freeze_count() > 0
        # (The suite may have imported mafiasite.asgi already, which settled it too.)
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD > 700  # CPython's default
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
    assert "\nsettle_after_startup()" in (ROOT / "mafiasite" / "asgi.py").read_text()
    for signal in (worker_init, worker_process_init):
        assert celery.settle_garbage_collector in receivers_of(signal)


def test_the_deployed_web_process_is_uvicorn_without_permessage_deflate():
    """compose.yaml and the Dockerfile run the same server: uvicorn (uvloop), with no
    permessage-deflate (compressing small JSON frames costs the web process more CPU
    at a mass close than it saves in bytes), and the tests' live server runs it the same way."""
    flags = ["uvicorn", "mafiasite.asgi:application", "--ws-per-message-deflate", "false"]
    cmd_line = next(
        line for line in (ROOT / "Dockerfile").read_text().splitlines() if line.startswith("CMD")
    )
    compose_web = (ROOT / "compose.yaml").read_text().split("\n  web:\n", 1)[1].split("\n\n")[0]
    site_server = (ROOT / "tests" / "kit" / "live_site.py").read_text()
    for text in (cmd_line, compose_web, site_server):
        for flag in flags:
            assert f'"{flag}"' in text or f" {flag}" in text, (flag, text[:200])
    import uvicorn  # a main dependency now (pyproject), with uvloop for its loop
    import uvloop  # noqa: F401

    assert uvicorn.__version__
