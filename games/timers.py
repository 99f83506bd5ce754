"""The embedded phase timer: a thread in the web process that sweeps overdue phases.

It calls the very same `sweep_overdue_phases()` (and `send_due_reminders()`) as the
Celery beat task, so the embedded default and the services deployment close phases
(and remind) the same way.
"""

import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from games import services
from games.models import Phase, Status

logger = logging.getLogger(__name__)

_started = threading.Event()


def sweep_forever(stop: threading.Event, interval: float) -> None:
    pause = interval
    while not stop.wait(pause):
        started = time.monotonic()
        try:
            services.sweep_overdue_phases()
            services.send_due_reminders()
        except Exception:  # a bad game must not stop the clock for every other game
            logger.exception("embedded phase sweep failed")
        finally:
            close_old_connections()
        # Sweep every `interval` seconds (not `interval` after a long sweep ended),
        # or sooner when a deadline falls before that: a phase closes on time.
        pause = max(0.0, interval - (time.monotonic() - started))
        try:
            pause = min(pause, seconds_to_next_deadline())
        except Exception:
            logger.exception("could not read the next deadline")
        finally:
            close_old_connections()


def seconds_to_next_deadline() -> float:
    deadline = (
        Phase.objects.filter(
            closed_at__isnull=True, paused_at__isnull=True, game__status=Status.RUNNING
        )
        .order_by("deadline")
        .values_list("deadline", flat=True)
        .first()
    )
    if deadline is None:
        return float("inf")
    return max(0.0, (deadline - timezone.now()).total_seconds())


def start_embedded_timer() -> threading.Event | None:
    """Start the sweeper thread once per process, only when PHASE_TIMER is "embedded"."""
    if settings.PHASE_TIMER != "embedded" or _started.is_set():
        return None
    _started.set()
    stop = threading.Event()
    thread = threading.Thread(
        target=sweep_forever,
        args=(stop, float(settings.EMBEDDED_SWEEP_SECONDS)),
        name="embedded-phase-timer",
        daemon=True,
    )
    thread.start()
    logger.info("embedded phase timer started (every %ss)", settings.EMBEDDED_SWEEP_SECONDS)
    return stop
