"""The Celery clock and the prepared closes (games/tasks.py, games/services/prepared.py):
on PostgreSQL a phase far enough from its deadline gets a task that prepares its close
a few seconds ahead, and its ETA task comes a moment after the deadline, for a close
that was not written; elsewhere, and for a near deadline, the ETA task at the deadline
closes it as before. Runs on both back ends, each checked for its own answer."""

from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection
from django.utils import timezone

from games import tasks
from games.services import prepared


def scheduled(deadline) -> list[tuple[str, object]]:
    sent = []
    with (
        mock.patch.object(
            tasks.close_phase, "apply_async", lambda args, eta: sent.append(("close", eta))
        ),
        mock.patch.object(
            tasks.prepare_close, "apply_async", lambda args, eta: sent.append(("prepare", eta))
        ),
    ):
        tasks.schedule_close(1, 2, deadline)
    return sent


def test_closes_are_prepared_on_postgresql_only():
    assert prepared.may_prepare() == (connection.vendor == "postgresql")


def test_a_far_deadline_is_prepared_ahead_and_backed_up_after_it(settings):
    settings.PREPARE_CLOSE_SECONDS = 3
    deadline = timezone.now() + timedelta(minutes=5)
    if connection.vendor == "postgresql":
        assert scheduled(deadline) == [
            ("prepare", deadline - timedelta(seconds=3)),
            ("close", deadline + timedelta(seconds=settings.PREPARED_BACKSTOP_SECONDS)),
        ]
    else:
        assert scheduled(deadline) == [("close", deadline)]


@pytest.mark.parametrize("prepare_seconds, seconds_left", [(3, 5), (0, 300)])
def test_a_near_deadline_or_preparing_off_leaves_the_close_to_its_eta_task(
    settings, prepare_seconds, seconds_left
):
    settings.PREPARE_CLOSE_SECONDS = prepare_seconds
    deadline = timezone.now() + timedelta(seconds=seconds_left)
    assert scheduled(deadline) == [("close", deadline)]


def test_a_started_night_is_prepared_on_postgresql_and_closed_as_before_elsewhere(table):
    night = table.phase()
    ready = prepared.prepare(table.game.id, night.seq)
    assert (ready is not None) == (connection.vendor == "postgresql")
    night.refresh_from_db()
    assert night.closed_at is None  # preparing writes nothing


def test_the_sweeper_leaves_a_just_due_prepared_phase_to_its_writer_for_a_moment(table):
    """A sweep in the first moment after a deadline would close the phases the writer
    thread has not reached yet the ordinary way, at the busiest moment: on PostgreSQL
    (closes prepared) it leaves a phase long enough to have been prepared half a
    second; a phase too short to be prepared, and any phase elsewhere, is swept at
    once. A lost close is still swept within two seconds of its deadline."""
    from games.models import Phase

    night = table.phase()  # a night of five minutes, just due
    just_due = timezone.now() - timedelta(seconds=0.2)
    Phase.objects.filter(pk=night.pk).update(
        opened_at=just_due - timedelta(minutes=5), deadline=just_due
    )
    tasks.sweep_overdue_phases_task()
    postgresql = connection.vendor == "postgresql"
    assert table.phase().seq == (night.seq if postgresql else night.seq + 1)
    Phase.objects.filter(pk=night.pk).update(deadline=just_due - timedelta(seconds=0.5))
    tasks.sweep_overdue_phases_task()
    assert table.phase().seq == night.seq + 1  # overdue by half a second: swept

    day = table.phase()  # a short phase (opened 5 s before its deadline): never prepared
    Phase.objects.filter(pk=day.pk).update(
        opened_at=just_due - timedelta(seconds=5), deadline=just_due
    )
    tasks.sweep_overdue_phases_task()
    assert table.phase().seq == day.seq + 1
