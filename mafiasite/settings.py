"""Settings for the Mafia site, read from the environment.

Nothing set: the embedded default (SQLite, the in-memory channel layer, phase
timers inside the web process). DATABASE_URL and REDIS_URL set: PostgreSQL, the
Redis channel layer and Celery broker, timers run by `celery worker` + `celery beat`.
"""

import os
from pathlib import Path

from mafiasite.env import (
    ImproperSetting,
    database_from_url,
    env_bool,
    env_int,
    env_list,
    sqlite_database,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperSetting("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Serves static files from the web process (no separate static server needed).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "mafiasite.urls"
WSGI_APPLICATION = "mafiasite.wsgi.application"
ASGI_APPLICATION = "mafiasite.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": database_from_url(DATABASE_URL)}
else:
    DATABASES = {"default": sqlite_database(str(BASE_DIR / "db.sqlite3"))}
# Under ASGI every request may run in another thread: persistent connections leak,
# so the web keeps none (CONN_MAX_AGE 0 in each DATABASES entry, mafiasite/env.py).
# Celery workers keep theirs (mafiasite/celery.py keep_database_connections).

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
WHITENOISE_USE_FINDERS = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # redis-py 8 defaults to a 5 s socket timeout (equal to the layer's
                # blocking pop: idle consumers die) and a 100-connection pool.
                "hosts": [{"address": REDIS_URL, "socket_timeout": None, "max_connections": 10000}],
                # Per process; the event log stays the truth when a burst overflows.
                "capacity": 5000,
                "expiry": 60,
            },
        }
    }
else:
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels.layers.InMemoryChannelLayer", "CONFIG": {"capacity": 5000}}
    }

# How phases close at their deadline: "celery" (ETA task + beat sweeper),
# "embedded" (a thread in the web process calls the same sweeper), "off" (tests).
PHASE_TIMER = os.environ.get("PHASE_TIMER", "celery" if REDIS_URL else "embedded")
if PHASE_TIMER not in ("celery", "embedded", "off"):
    raise ImproperSetting(f"PHASE_TIMER={PHASE_TIMER!r}: use celery, embedded or off")
EMBEDDED_SWEEP_SECONDS = env_int("EMBEDDED_SWEEP_SECONDS", 1)

CELERY_BROKER_URL = REDIS_URL or "memory://"
# One queue per deployment; tests and benchmarks use their own so that tasks they
# leave behind never reach another run's worker.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULE = {
    "sweep-overdue-phases": {
        "task": "games.tasks.sweep_overdue_phases_task",
        "schedule": float(env_int("SWEEP_SECONDS", 5)),
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"games": {"handlers": ["console"], "level": "INFO"}},
}
