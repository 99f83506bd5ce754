"""The Celery app: config from Django settings under the CELERY_ namespace."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafiasite.settings")

app = Celery("mafiasite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
