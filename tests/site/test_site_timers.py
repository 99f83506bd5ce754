"""Phase timers: the sweeper called directly, the embedded thread, the Celery task.

A phase closes at its deadline (Celery ETA task plus a periodic sweeper, both
idempotent under the game-row lock), early when everyone who must act has
acted, or when the GM closes it.
"""

import threading
import time
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from games import services, tasks
from games.models import Event, Phase, Status
from games.timers import sweep_forever


def overdue(table, seconds: int = 1):
    """Move the open phase's deadline into the past."""
    phase = table.phase()
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=seconds))
    return phase


def test_the_sweeper_closes_an_overdue_phase_once(table):
    phase = table.phase()
    assert services.sweep_overdue_phases() == 0  # nothing is due yet
    overdue(table)
    assert services.sweep_overdue_phases() == 1
    phase.refresh_from_db()
    assert phase.closed_at is not None and phase.close_reason == "deadline"
    assert phase.record["phase"] == "night" and phase.record["number"] == 1
    following = table.phase()
    assert (following.kind, following.number, following.seq) == ("day", 1, 2)
    assert following.deadline == phase.closed_at + timedelta(seconds=table.game.day_seconds)
    # A second sweep, or a duplicated task for the same phase, changes nothing.
    events = table.refresh().last_event_seq
    assert services.sweep_overdue_phases() == 0
    assert services.close_phase_at_deadline(table.game.id, phase.seq) is False
    assert table.refresh().last_event_seq == events


def test_a_task_before_the_deadline_does_nothing(table):
    phase = table.phase()
    assert tasks.close_phase.run(table.game.id, phase.seq) is False
    phase.refresh_from_db()
    assert phase.closed_at is None


def test_the_task_closes_at_the_deadline_and_a_redelivery_is_a_no_op(table):
    phase = overdue(table)
    assert tasks.close_phase.run(table.game.id, phase.seq) is True
    assert tasks.close_phase.run(table.game.id, phase.seq) is False
    assert tasks.sweep_overdue_phases_task.run() == 0


def test_the_task_leaves_a_paused_phase_and_one_the_gm_closed_meanwhile(table, gemma):
    phase = overdue(table)
    services.pause_phase(gemma, table.game.id)
    assert tasks.close_phase.run(table.game.id, phase.seq) is False
    phase.refresh_from_db()
    assert phase.closed_at is None and phase.paused_at is not None
    services.resume_phase(gemma, table.game.id)

    services.gm_close_phase(gemma, table.game.id)
    assert tasks.close_phase.run(table.game.id, phase.seq) is False
    closes = Event.objects.filter(game=table.game, kind="phase_closed", audience="public")
    assert [e.payload["seq"] for e in closes] == [phase.seq]
    assert Phase.objects.filter(game=table.game, closed_at__isnull=True).count() == 1


def test_a_task_for_a_game_that_is_gone_does_nothing(db):
    assert tasks.close_phase.run(123456, 1) is False


def test_the_sweeper_skips_a_broken_game_and_closes_the_others(table, gemma, players):
    overdue(table)
    with mock.patch("roles.resolve_phase", side_effect=RuntimeError("boom")):
        assert services.sweep_overdue_phases() == 0
    assert table.phase().seq == 1  # still open, nothing half-written
    assert services.sweep_overdue_phases() == 1


def test_night_actions_count_when_the_deadline_closes_the_night(table):
    state = table.state()
    mafioso = next(p.name for p in state.players if p.role == "mafioso")
    victim = next(p.name for p in state.players if p.role == "townie")
    services.submit_action(table.users[mafioso], table.game.id, ability="kill", targets=[victim])
    overdue(table)
    services.sweep_overdue_phases()
    assert victim not in table.alive()


def test_the_last_vote_closes_the_day_early(table, gemma):
    services.gm_close_phase(gemma, table.game.id)
    day = table.phase()
    assert day.kind == "day"
    alive = table.alive()
    target = alive[0]
    for name in alive[:-1]:
        services.cast_vote(table.users[name], table.game.id, target)
        assert table.phase().seq == day.seq
    services.cast_vote(table.users[alive[-1]], table.game.id, target)
    day.refresh_from_db()
    assert day.close_reason == "everyone_acted"
    assert target not in table.alive() or table.refresh().status == Status.FINISHED


def test_opening_a_phase_schedules_the_celery_eta_task_after_commit(
    table, gemma, settings, django_capture_on_commit_callbacks
):
    settings.PHASE_TIMER = "celery"
    with mock.patch("games.tasks.close_phase.apply_async") as apply_async:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            services.gm_close_phase(gemma, table.game.id)
        apply_async.assert_not_called()  # nothing leaves before the commit
        for callback in callbacks:
            callback()
    day = table.phase()
    apply_async.assert_called_once_with((table.game.id, day.seq), eta=day.deadline)


def test_the_embedded_default_does_not_schedule_celery_tasks(
    table, gemma, settings, django_capture_on_commit_callbacks
):
    settings.PHASE_TIMER = "embedded"
    with mock.patch("games.tasks.close_phase.apply_async") as apply_async:
        with django_capture_on_commit_callbacks(execute=True):
            services.gm_close_phase(gemma, table.game.id)
    apply_async.assert_not_called()


@pytest.mark.django_db(transaction=True)
def test_the_embedded_timer_thread_closes_a_phase_at_its_deadline(gemma, players):
    """The thread the web process runs on the embedded default calls the same sweeper."""
    from tests.kit.games import SEVEN, Table, new_classic7, seat_players

    game = new_classic7(gemma, players, night_seconds=10)
    seated = [players[name] for name in SEVEN]
    # Started 9 s "ago": the 10-second night is due in one second.
    seat_players(gemma, game, seated, start=True, now=timezone.now() - timedelta(seconds=9))
    table = Table(game, {n: players[n] for n in SEVEN}, gemma)
    night = table.phase()
    stop = threading.Event()
    thread = threading.Thread(target=sweep_forever, args=(stop, 0.05), daemon=True)
    thread.start()
    try:
        give_up = time.monotonic() + 15
        while time.monotonic() < give_up:
            night.refresh_from_db()
            if night.closed_at is not None:
                break
            time.sleep(0.05)
    finally:
        stop.set()
        thread.join(5)
    assert night.closed_at is not None, "the embedded timer did not close the night"
    assert night.close_reason == "deadline"
    assert night.closed_at >= night.deadline
    assert table.phase().kind == "day"


def test_the_timer_thread_starts_once_and_only_on_the_embedded_default(settings):
    from games import timers

    settings.PHASE_TIMER = "celery"
    assert timers.start_embedded_timer() is None
    settings.PHASE_TIMER = "embedded"
    with mock.patch.object(timers, "_started", threading.Event()):
        with mock.patch.object(timers.threading, "Thread") as thread:
            assert timers.start_embedded_timer() is not None
            assert timers.start_embedded_timer() is None
        thread.assert_called_once()
        thread.return_value.start.assert_called_once()


def test_the_embedded_timer_wakes_at_the_next_deadline(table):
    from games.timers import seconds_to_next_deadline

    phase = table.phase()
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() + timedelta(seconds=5))
    assert 4 < seconds_to_next_deadline() <= 5
    overdue(table)
    assert seconds_to_next_deadline() == 0.0
    services.sweep_overdue_phases()
    assert 0 < seconds_to_next_deadline() <= table.game.day_seconds


def test_celery_beat_runs_the_same_sweeper_and_the_app_knows_both_tasks(settings):
    from mafiasite.celery import app

    schedule = settings.CELERY_BEAT_SCHEDULE["sweep-overdue-phases"]
    assert schedule["task"] == tasks.sweep_overdue_phases_task.name
    app.loader.import_default_modules()
    assert {
        "games.tasks.close_phase",
        "games.tasks.sweep_overdue_phases_task",
        "games.tasks.send_reminder",
    } <= set(app.tasks)
    with (
        mock.patch("games.services.sweep_overdue_phases", return_value=3) as sweep,
        mock.patch("games.services.send_due_reminders", return_value=2) as remind,
    ):
        assert tasks.sweep_overdue_phases_task.run() == 3
    sweep.assert_called_once_with()
    remind.assert_called_once_with()  # the reminders a lost ETA task missed


def test_a_just_due_phase_is_swept_at_once(table):
    """The sweeper leaves nothing to anyone: a phase a moment past its deadline is
    closed by the very next sweep, whatever its length."""
    night = table.phase()
    just_due = timezone.now() - timedelta(seconds=0.2)
    Phase.objects.filter(pk=night.pk).update(
        opened_at=just_due - timedelta(minutes=5), deadline=just_due
    )
    assert tasks.sweep_overdue_phases_task() == 1
    assert table.phase().seq == night.seq + 1
    night.refresh_from_db()
    assert (night.close_reason, night.closed_at >= night.deadline) == ("deadline", True)


def test_the_close_task_is_sent_for_the_deadline_itself_and_a_broker_down_is_survived():
    deadline = timezone.now() + timedelta(minutes=5)
    with mock.patch.object(tasks.close_phase, "apply_async") as apply_async:
        tasks.schedule_close(1, 2, deadline)
    apply_async.assert_called_once_with((1, 2), eta=deadline)
    with mock.patch.object(tasks.close_phase, "apply_async", side_effect=OSError("no broker")):
        tasks.schedule_close(1, 2, deadline)  # logged; the beat sweeper closes it
