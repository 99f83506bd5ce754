"""Activity rules, the GM's side (issue 16): a reminder again for a deadline the GM
extended, to those who still owe then; the posts rule changed while the game runs
(a logged GM action, from the next day's count); the desk's preview shows the posts
rule's verdicts."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest

from games import services, tasks
from games.models import Event
from tests.site.helpers import CLASSIC, dealt_game, make_user


@pytest.fixture
def gm(db):
    return make_user("gemma")


@pytest.fixture(autouse=True)
def _no_flood_control(monkeypatch):
    monkeypatch.setattr("games.services.chat.check_rate", lambda *args, **kwargs: None)


def classic(gm, monkeypatch, first_phase="day", **more):
    return dealt_game(gm, monkeypatch, "ru_classic", "classic_11", CLASSIC, first_phase, **more)


def open_phase(game):
    game.refresh_from_db()
    return services.open_phase(game)


def reminders(game) -> list[tuple[str, int]]:
    events = Event.objects.filter(game=game, kind=services.REMINDER_KIND).order_by("seq")
    return [(e.audience, e.payload["minutes"]) for e in events]


def vote_all_but(game, users, owing):
    for name in CLASSIC:
        if name not in owing:
            services.cast_vote(users[name], game.id, "bob" if name != "bob" else "ann")


# -- the reminder after an extension -------------------------------------------------------


def test_an_extended_deadline_has_its_own_reminder_to_those_who_still_owe(gm, monkeypatch):
    game, users = classic(gm, monkeypatch, activity={"remind_minutes": 5})
    vote_all_but(game, users, ("fay", "kay"))
    day = open_phase(game)
    assert services.send_due_reminders(now=day.deadline - timedelta(minutes=5)) == 2
    services.cast_vote(users["kay"], game.id, "bob")  # kay owes nothing any more
    services.extend_phase(gm, game.id, 600)
    day = open_phase(game)
    assert day.reminded_at is None
    # Not before the new deadline's moment; then once, to fay alone.
    assert services.send_due_reminders(now=day.deadline - timedelta(minutes=6)) == 0
    assert services.send_due_reminders(now=day.deadline - timedelta(minutes=5)) == 1
    assert services.send_due_reminders(now=day.deadline - timedelta(minutes=4)) == 0
    assert reminders(game) == [("seat:fay", 5), ("seat:kay", 5), ("seat:fay", 5)]


def test_a_short_extension_reminds_at_once_with_the_minutes_left(gm, monkeypatch):
    game, users = classic(gm, monkeypatch, activity={"remind_minutes": 10})
    vote_all_but(game, users, ("fay",))
    day = open_phase(game)
    now = day.deadline - timedelta(minutes=10)
    assert services.send_due_reminders(now=now) == 1
    services.extend_phase(gm, game.id, 120)  # the new deadline: 12 minutes after `now`
    assert services.send_due_reminders(now=now + timedelta(minutes=9)) == 1
    assert reminders(game) == [("seat:fay", 10), ("seat:fay", 3)]
    line = Event.objects.filter(kind=services.REMINDER_KIND).order_by("-seq").first()
    from games import text

    assert "(in 3 min)" in text.event_text(line, "en")


def test_celery_schedules_the_extended_deadlines_reminder(
    gm, monkeypatch, settings, django_capture_on_commit_callbacks
):
    game, users = classic(gm, monkeypatch, activity={"remind_minutes": 7})
    day = open_phase(game)
    services.send_due_reminders(now=day.deadline - timedelta(minutes=7))
    settings.PHASE_TIMER = "celery"
    with (
        mock.patch.object(tasks.close_phase, "apply_async"),
        mock.patch.object(tasks.send_reminder, "apply_async") as remind,
        django_capture_on_commit_callbacks(execute=True),
    ):
        services.extend_phase(gm, game.id, 300)
    day = open_phase(game)
    remind.assert_called_once_with((game.id, day.seq), eta=day.deadline - timedelta(minutes=7))
