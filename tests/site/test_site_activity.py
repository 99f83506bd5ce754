"""Activity rules on the site (issue 16): the posts rule judged at a day's close, the
substitute instead of the modkill, each player's counter, the no-vote modkill option,
the reminder before a deadline, and the create form's activity fields.

003 (classic): 'Игроки обязаны написать не менее 10 игровых постов в первые три дня ...
Отсуствие 10 игровых постов карается предупреждением на первый день и
модкиллом/авткиллом при повторении инактивной игры.' The digest: 'Each player must
write at least 10 game posts in each of the first three days; missing that earns a
warning the first time and a modkill when repeated.' and 'Not voting is a modkill.'
"""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games import export, services, tasks
from games.models import Event, Game, Seat
from tests.kit.activity import classic, open_phase, play_day, post, public, state_of
from tests.kit.games import (
    CLASSIC,
    TOWN10,
    dealt_game,
    game_page,
    make_user,
    replay,
    shown_kinds,
)


@pytest.fixture(autouse=True)
def _no_flood_control(monkeypatch):
    """Ten posts a player in a test second: the flood control is not what is tested."""
    monkeypatch.setattr("games.services.chat.check_rate", lambda *args, **kwargs: None)


def latest_day_close(game) -> Event:
    closes = Event.objects.filter(game=game, kind="phase_closed", audience="public")
    return closes.filter(payload__phase="day").order_by("-seq").first()


def first_close(game) -> Event:
    closes = Event.objects.filter(game=game, kind="phase_closed", audience="public")
    return closes.order_by("seq").first()


# -- the posts rule ------------------------------------------------------------------------


def test_ten_posts_rule_warns_first_then_modkills(gm, monkeypatch):
    """'предупреждением на первый день и модкиллом/авткиллом при повторении'."""
    game, users = classic(gm, monkeypatch)
    assert (game.min_posts, game.post_days, game.substitute_instead) == (10, 3, False)
    play_day(gm, game, users, "bob", {"kay": 4})
    warnings = public(game, "activity_warning")
    assert warnings == [{"player": "kay", "posts": 4, "needed": 10, "day": 1}]
    assert Seat.objects.get(game=game, name="kay").activity_warned
    assert "kay" in state_of(game).alive_names()
    assert "activity_warning" in shown_kinds(game_page(users["ann"], game))

    services.gm_close_phase(gm, game.id)  # night 1: nobody moves
    play_day(gm, game, users, "cid", {"kay": 9, "fay": 0})
    night = open_phase(game)
    state = services.engine_state(game)
    # The repeat is the host's modkill, at the opening of the night: the vote stood.
    assert not state.player("kay").alive and night.modkills == ["kay"]
    assert state.player("fay").alive  # her first shortfall: a warning
    assert public(game, "activity_warning")[-1] == {
        "player": "fay",
        "posts": 0,
        "needed": 10,
        "day": 2,
    }
    modkill = Event.objects.get(game=game, kind="modkill", audience="public")
    assert modkill.payload["reason"] == "posts" and modkill.phase_id == night.id
    assert modkill.payload["posts"] == 9
    assert [d["player"] for d in modkill.payload["deaths"]] == ["kay"]
    told = Event.objects.get(game=game, kind="modkill", audience="seat:kay")
    assert told.payload == {
        "player": "kay",
        "reason": "posts",
        "you": True,
        "posts": 9,
        "needed": 10,
        "day": 2,
    }
    assert shown_kinds(game_page(users["kay"], game)).count("modkill") == 2  # his, and the town's
    assert "modkill" in shown_kinds(game_page(users["ann"], game))
    # The GM's morning post of day 2 (the forum export) tells both verdicts, in its words.
    post_md = export.markdown(export.morning_post(game, latest_day_close(game)))
    assert "Warning to fay for inactivity: 0 of 10 game posts on day 2." in post_md
    assert "kay (Civilian) was modkilled for inactivity (9 of 10" in post_md
    day1_md = export.markdown(export.morning_post(game, first_close(game)))
    assert "Warning to kay for inactivity: 4 of 10" in day1_md and "modkilled" not in day1_md
    # The stored inputs replay to the stored game (the modkill is the night's input).
    assert replay(game) == game.state


def test_a_posts_rule_modkill_inside_a_close_regroups_the_dead_players_socket(gm, monkeypatch):
    """The close names the seats whose socket groups it changed (games/rooms.py
    `regrouped`), but the posts rule modkills after that list is made: the modkilled
    player's socket must still leave the living's rooms (every socket judges again)."""
    game, users = classic(gm, monkeypatch)
    play_day(gm, game, users, "bob", {"kay": 4})
    services.gm_close_phase(gm, game.id)
    sent = []
    real = services.push.send_on_commit
    monkeypatch.setattr(
        services.push,
        "send_on_commit",
        lambda game_id, events, seat_ids, regroup=None, counters=None: (
            sent.append((events, regroup)),
            real(game_id, events, seat_ids, regroup, counters),
        ),
    )
    play_day(gm, game, users, "cid", {"kay": 9})
    closing = [regroup for events, regroup in sent if any(e.kind == "modkill" for e in events)]
    assert closing, "the close that modkilled kay pushed nothing"
    assert all(regroup is None or "kay" in regroup for regroup in closing)


def test_a_day_is_judged_once_however_often_its_close_is_tried(gm, monkeypatch):
    game, users = classic(gm, monkeypatch)
    day = open_phase(game)
    play_day(gm, game, users, "bob", {"kay": 4})
    # The ETA task, the sweeper and the GM's button after the close change nothing.
    assert not services.close_phase(game.id, day.seq, reason="deadline", now=day.deadline)
    assert services.sweep_overdue_phases(now=day.deadline) == 0
    assert len(public(game, "activity_warning")) == 1


def test_enough_posts_on_a_later_day_keep_the_warning_and_cost_nothing(gm, monkeypatch):
    game, users = classic(gm, monkeypatch)
    play_day(gm, game, users, "bob", {"kay": 0})
    services.gm_close_phase(gm, game.id)
    play_day(gm, game, users, "cid", {})
    assert state_of(game).player("kay").alive
    assert len(public(game, "activity_warning")) == 1


def test_the_rule_counts_only_the_first_days(gm, monkeypatch):
    """'в первые три дня': with the GM's one day, day 2 counts nothing."""
    game, users = classic(gm, monkeypatch, activity={"min_posts": 10, "post_days": 1})
    play_day(gm, game, users, "bob", {"kay": 0})
    services.gm_close_phase(gm, game.id)
    play_day(gm, game, users, "cid", {"kay": 0})
    assert state_of(game).player("kay").alive
    assert len(public(game, "activity_warning")) == 1


def test_posts_elsewhere_do_not_count(gm, monkeypatch):
    """A game post is a post in the day thread: the GM's announcements are not."""
    game, users = classic(gm, monkeypatch, activity={"min_posts": 1, "post_days": 1})
    services.post_message(gm, game.id, channel="announce", text="Vote well")
    play_day(gm, game, users, "bob", {"kay": 0}, default_posts=1)
    assert [w["player"] for w in public(game, "activity_warning")] == ["kay"]


def test_a_substitute_is_asked_for_instead_of_the_modkill(gm, monkeypatch):
    game, users = classic(gm, monkeypatch, activity={"substitute_instead": True})
    play_day(gm, game, users, "bob", {"kay": 4})
    services.gm_close_phase(gm, game.id)
    play_day(gm, game, users, "cid", {"kay": 2})
    state = state_of(game)
    kay = Seat.objects.get(game=game, name="kay")
    assert state.player("kay").alive and kay.substitute_wanted
    assert not Event.objects.filter(game=game, kind="modkill").exists()
    told = Event.objects.filter(game=game, kind="substitute_wanted")
    assert sorted(e.audience for e in told) == ["gm", "seat:kay"]
    assert not public(game, "substitute_wanted")
    gm_page = game_page(gm, game)
    assert '<span class="tag substitute">substitute wanted</span>' in gm_page
    assert [e.payload for e in told] == [
        {"player": "kay", "posts": 2, "needed": 10, "day": 2},
        {"player": "kay", "you": True, "posts": 2, "needed": 10, "day": 2},
    ]
    assert "substitute_wanted" in shown_kinds(gm_page)
    assert "substitute_wanted" in shown_kinds(game_page(users["kay"], game))
    assert "substitute" not in game_page(users["ann"], game).split('id="col-talk"')[0].lower()
    # The replace tool resolves it; the newcomer starts with no warning.
    make_user("nina")
    services.replace_player(gm, game.id, "kay", "nina")
    kay.refresh_from_db()
    assert not kay.substitute_wanted and not kay.activity_warned
    assert "substitute wanted" not in game_page(gm, game)


# -- the counter -----------------------------------------------------------------------------


def test_each_player_sees_his_own_counter(gm, monkeypatch):
    game, users = classic(gm, monkeypatch)
    post(users, game, "kay", 3)
    post(users, game, "ann", 12)
    kay_page = game_page(users["kay"], game)
    assert 'id="post-counter" class="post-counter short" data-posts="3" data-needed="10"' in (
        kay_page
    )
    assert 'class="post-counter" data-posts="12" data-needed="10"' in game_page(users["ann"], game)
    # The GM reads every count; nobody else reads another's.
    gm_page = game_page(gm, game)
    assert 'id="post-counter"' not in gm_page
    assert '<td class="posts-count short" data-needed="10">3</td>' in gm_page
    assert '<td class="posts-count" data-needed="10">12</td>' in gm_page
    stranger = make_user("mallory")
    services.watch_game(stranger, game.id)
    assert 'id="post-counter"' not in game_page(stranger, game)


def test_the_counter_shows_the_warning_and_leaves_with_the_rule(gm, monkeypatch):
    game, users = classic(gm, monkeypatch, activity={"post_days": 2})
    play_day(gm, game, users, "bob", {"kay": 1})
    assert 'id="post-counter"' not in game_page(users["kay"], game)  # by night: no counter
    services.gm_close_phase(gm, game.id)
    assert '<span class="tag warned">' in game_page(users["kay"], game)
    assert '<span class="tag warned">' not in game_page(users["ann"], game)
    play_day(gm, game, users, "cid", {})
    services.gm_close_phase(gm, game.id)
    assert open_phase(game).number == 3
    assert 'id="post-counter"' not in game_page(users["ann"], game)  # day 3: no rule


def test_no_counter_where_the_ruleset_has_no_rule(gm, monkeypatch):
    game, users = dealt_game(gm, monkeypatch, "bay12", "town10", TOWN10, first_phase="day")
    assert (game.min_posts, game.post_days) == (0, 0)
    post(users, game, "jess", 2)
    assert 'id="post-counter"' not in game_page(users["jess"], game)


# -- the no-vote modkill ---------------------------------------------------------------------


@pytest.mark.parametrize(("option", "kay_dies"), [(None, True), (True, True), (False, False)])
def test_the_no_vote_modkill_option(gm, monkeypatch, option, kay_dies):
    """'Not voting is a modkill.' (on by default; the GM may turn it off)."""
    options = {} if option is None else {"no_vote_modkill": option}
    game, users = classic(gm, monkeypatch, options=options, activity={"min_posts": 0})
    assert game.options["no_vote_modkill"] is (True if option is None else option)
    for name in CLASSIC:
        if name != "kay":
            services.cast_vote(users[name], game.id, "bob" if name != "bob" else "ann")
    services.gm_close_phase(gm, game.id)
    state = state_of(game)
    assert state.player("kay").alive is not kay_dies
    assert not state.player("bob").alive


# -- the reminder ----------------------------------------------------------------------------


def reminded(game) -> list[str]:
    events = Event.objects.filter(game=game, kind=services.REMINDER_KIND).order_by("seq")
    return [e.audience for e in events]


def test_the_reminder_reaches_only_those_who_still_owe_a_vote_and_only_once(gm, monkeypatch):
    game, users = classic(gm, monkeypatch, activity={"remind_minutes": 5})
    for name in CLASSIC:
        if name not in ("fay", "kay"):
            services.cast_vote(users[name], game.id, "bob" if name != "bob" else "ann")
    day = open_phase(game)
    assert services.send_due_reminders(now=day.deadline - timedelta(minutes=6)) == 0
    assert reminded(game) == []
    assert services.send_due_reminders(now=day.deadline - timedelta(minutes=5)) == 2
    assert reminded(game) == ["seat:fay", "seat:kay"]
    # Once per phase: the sweeper again, the ETA task late, change nothing.
    assert services.send_due_reminders(now=day.deadline - timedelta(minutes=1)) == 0
    assert services.send_reminder(game.id, day.seq, now=day.deadline - timedelta(minutes=1)) == 0
    assert reminded(game) == ["seat:fay", "seat:kay"]
    sent = Event.objects.filter(game=game, kind=services.REMINDER_KIND).first()
    assert sent.payload.items() >= {"kind": "day", "number": 1, "owes": "vote"}.items()
    assert "reminder" in shown_kinds(game_page(users["kay"], game))
    assert "reminder" not in shown_kinds(game_page(users["ann"], game))
    assert "reminder" in shown_kinds(game_page(gm, game))  # the GM reads each seat's


def test_the_night_reminder_goes_to_the_seats_with_a_move_owed_bots_excepted(gm, monkeypatch):
    game, users = classic(gm, monkeypatch, first_phase="night", activity={"remind_minutes": 10})
    services.submit_action(users["eve"], game.id, ability="check", targets=["bob"])
    Seat.objects.filter(game=game, name="dan").update(is_bot=True)  # a practice seat
    night = open_phase(game)
    assert services.send_reminder(game.id, night.seq, now=night.deadline - timedelta(minutes=9))
    # The doctor and the mafia owe a move; the commissar has sent his; civilians have
    # none; the advocate's seat is a bot.
    assert reminded(game) == ["seat:ann", "seat:bob", "seat:cid"]


def test_the_lynched_jester_who_owes_a_haunt_is_reminded(gm, monkeypatch):
    """000 (Jester): 'you may kill one of your guilty voters the following night'."""
    game, users = dealt_game(
        gm, monkeypatch, "bay12", "town10", TOWN10, "day", activity={"remind_minutes": 3}
    )
    for name in TOWN10:
        if name != "jess":
            services.cast_vote(users[name], game.id, "jess")
    services.gm_close_phase(gm, game.id)
    night = open_phase(game)
    assert night.kind == "night"
    services.send_due_reminders(now=night.deadline - timedelta(minutes=2))
    assert "seat:jess" in reminded(game)
    owing = {a[5:] for a in reminded(game)}
    state = services.engine_state(game)
    assert owing == {n for n in services.must_act(state, night)}


def test_no_reminder_when_off_paused_or_past_the_deadline(gm, monkeypatch):
    game, users = classic(gm, monkeypatch)  # remind_minutes 0: off
    day = open_phase(game)
    assert services.send_due_reminders(now=day.deadline - timedelta(seconds=1)) == 0
    Game.objects.filter(pk=game.pk).update(remind_minutes=5)
    services.pause_phase(gm, game.id)
    assert services.send_due_reminders(now=day.deadline - timedelta(minutes=1)) == 0
    services.resume_phase(gm, game.id)
    day = open_phase(game)
    assert services.send_reminder(game.id, day.seq, now=day.deadline) == 0
    assert reminded(game) == []


def test_celery_schedules_the_reminder_beside_the_close(
    gm, monkeypatch, settings, django_capture_on_commit_callbacks
):
    settings.PHASE_TIMER = "celery"
    with (
        mock.patch.object(tasks.close_phase, "apply_async") as close,
        mock.patch.object(tasks.send_reminder, "apply_async") as remind,
        django_capture_on_commit_callbacks(execute=True),
    ):
        game, _users = classic(gm, monkeypatch, activity={"remind_minutes": 7})
    day = open_phase(game)
    close.assert_called_once_with((game.id, day.seq), eta=day.deadline)
    remind.assert_called_once_with((game.id, day.seq), eta=day.deadline - timedelta(minutes=7))
    assert tasks.send_reminder.run(game.id, day.seq) == 0  # not yet due: nothing


# -- settings and the create form ------------------------------------------------------------


def test_bad_settings_are_refused_and_change_nothing(gm):
    for bad in ({"min_posts": -1}, {"post_days": "x"}, {"remind_minutes": 100000}, {"x": 1}):
        with pytest.raises(services.ServiceError):
            services.create_game(
                gm,
                name="Bad",
                ruleset_id="ru_classic",
                preset_id="classic_11",
                day_seconds=600,
                night_seconds=600,
                reveal_mode="light",
                activity=bad,
            )
    assert not Game.objects.exists()


def test_the_create_form_offers_each_rulesets_defaults(gm):
    client = Client()
    client.force_login(gm)
    classic_form = client.get(reverse("create_game") + "?ruleset=ru_classic").content.decode()
    assert 'name="min_posts" value="10"' in classic_form
    assert 'name="post_days" value="3"' in classic_form
    assert 'name="remind_minutes" value="0"' in classic_form
    assert 'name="substitute_instead"' in classic_form
    assert 'name="option_no_vote_modkill"' in classic_form
    bay12_form = client.get(reverse("create_game") + "?ruleset=bay12").content.decode()
    assert 'name="min_posts" value="0"' in bay12_form
    assert 'name="option_no_vote_modkill"' not in bay12_form
    hunt_form = client.get(reverse("create_game") + "?ruleset=ru_hunt").content.decode()
    assert 'name="min_posts" value="0"' in hunt_form
    assert 'name="option_no_vote_modkill"' in hunt_form


def test_the_create_form_stores_what_the_gm_chose(gm):
    client = Client()
    client.force_login(gm)
    form = {
        "ruleset": "ru_classic",
        "preset": "classic_11",
        "name": "Piter",
        "day_minutes": 60,
        "night_minutes": 30,
        "first_phase": "night",
        "reveal_mode": "light",
        "option_tie": "0",
        "option_no_vote_modkill": "1",  # off
        "min_posts": 5,
        "post_days": 2,
        "substitute_instead": "on",
        "remind_minutes": 15,
    }
    response = client.post(reverse("create_game"), form)
    assert response.status_code == 302
    game = Game.objects.get(name="Piter")
    assert (game.min_posts, game.post_days, game.substitute_instead, game.remind_minutes) == (
        5,
        2,
        True,
        15,
    )
    assert game.options["no_vote_modkill"] is False
    bad = client.post(reverse("create_game"), {**form, "name": "Worse", "min_posts": -3})
    assert bad.status_code == 200 and not Game.objects.filter(name="Worse").exists()
