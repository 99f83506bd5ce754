"""Activity rules, the GM's side (issue 16): a reminder again for a deadline the GM
extended, to those who still owe then; the posts rule changed while the game runs
(a logged GM action, from the next day's count); the desk's preview shows the posts
rule's verdicts."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games import services, tasks, text
from games.models import Event, Game, Seat
from games.services import ServiceError
from tests.kit.activity import play_day, post, public, state_of
from tests.kit.forms import flash_tags
from tests.kit.games import CLASSIC, dealt_game, make_user, shown_kinds


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


# -- the GM changes the posts rule while the game runs ------------------------------------


def gm_client(gm) -> Client:
    client = Client()
    client.force_login(gm)
    return client


def change_rule(client, game, **form):
    url = reverse("desk_posts_rule", args=[game.id])
    return client.post(url, {"min_posts": 10, "post_days": 3, **form}, follow=True)


def test_a_change_during_a_day_counts_from_the_next_day(gm, monkeypatch):
    game, users = classic(gm, monkeypatch)
    gm_page = change_rule(gm_client(gm), game, min_posts=3).content.decode()
    assert flash_tags(gm_page) == ["success"]
    assert '<p class="desk-pending">' in gm_page  # the desk shows the rule to come
    line = Event.objects.get(game=game, kind=services.POSTS_RULE_KIND)
    assert line.audience == "public"
    assert line.payload.items() >= {"from_day": 2, "min_posts": 3, "acting": "gemma"}.items()
    game.refresh_from_db()
    assert game.min_posts == 10  # day 1 still counts ten
    play_day(gm, game, users, "bob", {"kay": 4})  # judged by the old rule: a warning
    assert public(game, "activity_warning") == [
        {"player": "kay", "posts": 4, "needed": 10, "day": 1}
    ]
    game.refresh_from_db()
    assert (game.min_posts, game.post_days) == (3, 3)  # from day 2
    services.gm_close_phase(gm, game.id)  # night 1
    play_day(gm, game, users, "cid", {"kay": 4, "fay": 2})  # 4 is enough now; 2 is not
    assert "kay" in state_of(game).alive_names()
    assert public(game, "activity_warning")[-1] == {
        "player": "fay",
        "posts": 2,
        "needed": 3,
        "day": 2,
    }


def test_a_change_at_night_holds_at_once_and_may_turn_the_rule_off(gm, monkeypatch):
    game, users = classic(gm, monkeypatch, first_phase="night")
    payload = services.set_posts_rule(gm, game.id, 0, 3, False)
    assert payload["from_day"] == 1
    game.refresh_from_db()
    assert game.min_posts == 0
    line = Event.objects.get(game=game, kind=services.POSTS_RULE_KIND)
    assert line.audience == "public"
    assert line.payload.items() >= {"from_day": 1, "min_posts": 0}.items()
    ann_page = gm_client(users["ann"]).get(reverse("game", args=[game.id])).content.decode()
    assert "posts_rule" in shown_kinds(ann_page)


def test_only_the_gm_changes_the_rule_and_a_bad_one_changes_nothing(gm, monkeypatch):
    game, users = classic(gm, monkeypatch)
    assert change_rule(gm_client(users["ann"]), game, min_posts=1).status_code == 403
    with pytest.raises(ServiceError):
        services.set_posts_rule(users["ann"], game.id, 1, 3, False)
    for bad in ((-1, 3), ("x", 3), (10, 1000)):
        with pytest.raises(ServiceError):
            services.set_posts_rule(gm, game.id, *bad, False)
    with pytest.raises(ServiceError, match="already"):
        services.set_posts_rule(gm, game.id, 10, 3, False)
    assert not Event.objects.filter(game=game, kind=services.POSTS_RULE_KIND).exists()
    assert Game.objects.get(pk=game.pk).min_posts == 10


# -- the desk's preview: the posts rule's verdicts -----------------------------------------


def test_the_preview_shows_the_verdicts_the_close_would_give(gm, monkeypatch):
    game, users = classic(gm, monkeypatch)
    Seat.objects.filter(game=game, name="gil").update(activity_warned=True)
    for name in CLASSIC:
        post(users, game, name, {"fay": 4, "gil": 2, "hal": 0}.get(name, 10))
    for name in CLASSIC:  # everyone but ann votes hal, who is lynched: never judged
        if name not in ("ann", "hal"):
            services.cast_vote(users[name], game.id, "hal")
    services.cast_vote(users["hal"], game.id, "bob")
    client = gm_client(gm)
    url = reverse("game", args=[game.id])
    english = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert '<li data-verdict="warning"><strong>fay</strong>' in english
    assert '<li data-verdict="modkill"><strong>gil</strong>' in english
    assert 'data-verdict="warning"><strong>hal' not in english
    assert "shown as Civilian" in english and "hal was Civilian." not in english  # told once
    russian = client.get(url, headers={"accept-language": "ru"}).content.decode()
    assert "<strong>fay</strong>: предупреждение (4 из 10 игровых постов)" in russian
    services.set_posts_rule(gm, game.id, 10, 3, True)  # waits for the close: no change yet
    assert '<li data-verdict="modkill"><strong>gil' in client.get(url).content.decode()
    Game.objects.filter(pk=game.pk).update(substitute_instead=True)
    assert '<li data-verdict="substitute"><strong>gil</strong>' in client.get(url).content.decode()
