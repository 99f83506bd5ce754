"""Small strict helpers that read settings from the environment.

A bad value fails loudly at start-up instead of being guessed at.

>>> database_from_url("postgres://postgres@127.0.0.1:5432/mafia")["NAME"]
'mafia'
>>> env_bool("MAFIA_UNSET_FLAG_FOR_DOCTEST", default=False)
False
"""

import os
import tempfile
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


def database_from_url(url: str) -> dict:
    """Django's DATABASES entry for a postgres:// or sqlite:/// URL."""
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
        }
    if parts.scheme == "sqlite":
        path = unquote(parts.path)
        # sqlite:///relative.db -> "/relative.db"; sqlite:////abs/path.db -> "//abs/path.db"
        name = path[1:] if path.startswith("//") else path.lstrip("/")
        if not name:
            raise ImproperSetting(f"DATABASE_URL {url!r} names no file")
        return sqlite_database(name)
    raise ImproperSetting(f"DATABASE_URL {url!r}: only postgres:// and sqlite:/// are supported")


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
