"""The Celery app: config from Django settings under the CELERY_ namespace."""

import os

from celery import Celery
from celery.signals import worker_init, worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafiasite.settings")

app = Celery("mafiasite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# How long a worker keeps its database connection between tasks (seconds).
WORKER_CONN_MAX_AGE = 600


@worker_init.connect
def keep_database_connections(**_) -> None:
    """A worker keeps its database connection from one task to the next.

    The web processes keep none (under ASGI a request may run in any thread), but a
    worker runs one task at a time per process or thread: connecting anew for each
    phase close (a PostgreSQL backend forked per task) was most of a close's cost.
    Django checks a kept connection before reusing it (CONN_HEALTH_CHECKS).
    """
    from django.conf import settings

    for database in settings.DATABASES.values():
        database["CONN_MAX_AGE"] = WORKER_CONN_MAX_AGE
        database["CONN_HEALTH_CHECKS"] = True


@worker_init.connect
@worker_process_init.connect
def settle_garbage_collector(**_) -> None:
    """The worker once loaded, and each pool process after its fork (a solo worker
    has no fork): see mafiasite/gc_tuning.py."""
    from mafiasite.gc_tuning import settle_after_startup

    settle_after_startup()
