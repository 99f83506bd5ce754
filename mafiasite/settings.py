"""Settings for the Mafia site, read from the environment.

Nothing set: the embedded default (SQLite, the in-memory channel layer, phase
timers inside the web process). DATABASE_URL and REDIS_URL set: PostgreSQL, the
Redis channel layer and Celery broker, timers run by `celery worker` + `celery beat`.
"""

import os
from datetime import timedelta
from pathlib import Path

from games.catalogues import compile_stale
from mafiasite.env import (
    DatabaseTimeouts,
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
    "csp",
    # Login throttling (failed attempts stored in the database, AccessAttempt).
    "axes",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # A view that fails on the database answers "unreachable, not recorded" (503).
    "games.web.outage.DatabaseOutage",
    # The Content-Security-Policy header (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    # Serves static files from the web process (no separate static server needed).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language: the language cookie, else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in reader's own language and time zone (his profile) win over the browser's.
    "games.web.reader_locale.ReaderLocale",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Invisible and direction-changing characters leave every posted field.
    "games.web.text_input.StripInvisibleCharacters",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: turns a locked-out login into the "too many failed logins" page.
    "axes.middleware.AxesMiddleware",
]

# -- HTTPS ---------------------------------------------------------------------------
# With DEBUG off the site is served over https only, behind a TLS proxy that says so
# with X-Forwarded-Proto (the proxy must set it, overwriting what a client sent; the
# web port of compose.yaml is reachable from the host alone). `make run` (DEBUG)
# serves plain http. `manage.py check --deploy` is clean with compose.yaml's
# environment (tests/site/test_site_deploy_settings.py).
HTTPS = env_bool("HTTPS", default=not DEBUG)
if env_bool("BEHIND_TLS_PROXY", default=HTTPS):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
# HSTS: browsers refuse plain http for this host (and its subdomains) for a year.
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 31_536_000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", default=True)
# Preloading is a promise to the browsers' lists, hard to take back: a deployer's
# choice (HSTS_PRELOAD=true), so check --deploy's reminder of it is silenced.
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", default=False)
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
SESSION_COOKIE_HTTPONLY = True
SECURE_REFERRER_POLICY = "same-origin"

# The site's own pages, scripts and styles only: no inline script or style, no
# eval, no framing. The sockets are same-origin ('self' covers ws:/wss: there).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

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
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
            ],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # PostgreSQL's timeouts (DATABASE_CONNECT_TIMEOUT, DATABASE_STATEMENT_TIMEOUT_MS,
    # DATABASE_LOCK_TIMEOUT_MS, DATABASE_ALIVE_TIMEOUT; mafiasite/env.py): a request
    # waits a few seconds at most, then the site says the database is unreachable
    # (games/web/outage.py).
    DATABASES = {"default": database_from_url(DATABASE_URL, DatabaseTimeouts.from_env())}
else:
    DATABASES = {"default": sqlite_database(str(BASE_DIR / "db.sqlite3"))}
# Under ASGI every request may run in another thread: persistent connections leak,
# so none is kept per thread (CONN_MAX_AGE 0 in each DATABASES entry, mafiasite/env.py);
# the web process borrows from a pool instead (mafiasite/asgi.py, env.py
# pool_web_connections) and Celery workers keep theirs (mafiasite/celery.py).

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out client or account before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

# -- Languages -----------------------------------------------------------------------
# English and Russian; the catalogues in locale/ compile themselves (games/catalogues.py).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ru", "Русский")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
compile_stale(LOCALE_PATHS)

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
            # channels_redis's pub/sub layer: a group message crosses Redis once per web
            # process, not once per socket (games/live/layer.py).
            "BACKEND": "games.live.layer.FanOutLayer",
            "CONFIG": {
                # redis-py 8 defaults to a 5 s socket timeout (idle subscribers die)
                # and a 100-connection pool.
                "hosts": [{"address": REDIS_URL, "socket_timeout": None, "max_connections": 10000}],
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
# kombu's Redis transport, guarded so that a Redis restart does not stop the worker.
if REDIS_URL.startswith("redis://"):
    CELERY_BROKER_TRANSPORT = "mafiasite.broker:Transport"
# One queue per deployment; tests and benchmarks use their own so that tasks they
# leave behind never reach another run's worker.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker whose broker went away retries for as long as it takes (the default gives
# up after 100 tries, about 50 minutes of outage, and leaves no worker at all).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# The sweeper closes a phase whose ETA task was lost (a worker killed, Redis restarted,
# a phase opened while Redis was down) within about a second of its deadline: an
# indexed query that finds nothing most of the time (the figure: docs/decisions/faults-live.md).
# A sweep not run within two periods (the worker was down) is dropped, not queued up.
SWEEP_SECONDS = env_int("SWEEP_SECONDS", 1)
CELERY_BEAT_SCHEDULE = {
    "sweep-overdue-phases": {
        "task": "games.tasks.sweep_overdue_phases_task",
        "schedule": float(SWEEP_SECONDS),
        "options": {"expires": 2.0 * SWEEP_SECONDS},
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"games": {"handlers": ["console"], "level": "INFO"}},
}

# -- Abuse limits (tests set their own) --------------------------------------------
# Login: LOGIN_FAILURE_LIMIT wrong passwords for one account, or from one client,
# lock that account or client out for LOGIN_COOLOFF_MINUTES, the right password
# included (django-axes).
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]  # either one locks
# Failures expire with the cool-off, not at a success: a login to one's own account
# must not wipe the failures counted against one's address.
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_CALLABLE = "games.web.accounts.locked_out"  # the page says for how long
# The client is REMOTE_ADDR, never a header a client writes itself: behind a proxy
# the server (uvicorn --forwarded-allow-ips) sets it from the proxy's header.
AXES_CLIENT_IP_CALLABLE = "games.web.accounts.client_ip"
# Sign-ups: at most SIGNUP_LIMIT accounts per client per SIGNUP_WINDOW_SECONDS.
SIGNUP_LIMIT = env_int("SIGNUP_LIMIT", 5)
SIGNUP_WINDOW_SECONDS = env_int("SIGNUP_WINDOW_SECONDS", 3600)
# Moves: at most MOVE_RATE_LIMIT actions, withdrawals and votes per seat per
# MOVE_RATE_SECONDS (games/services/core.py check_move_rate).
MOVE_RATE_LIMIT = env_int("MOVE_RATE_LIMIT", 10)
MOVE_RATE_SECONDS = env_int("MOVE_RATE_SECONDS", 10)
# A thread's page on the game page and in each "older posts" answer (games/threads.py).
THREAD_PAGE_POSTS = env_int("THREAD_PAGE_POSTS", 50)

# The sign-up counters live in the cache: shared by every web process on Redis.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "mafia",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
