"""The GM's tools: extend, pause/resume, modkill, replace (games/services/gm.py).

docs/design.md: the GM "can step in: extend or close a phase, pause, modkill, replace a
player, announce". The decisions where the rule documents are silent (what players
may do while paused, who may replace whom) are in docs/decisions/gm-tools.md; the engine's
modkill rulings are printed by `python -m roles rules RULESET` (roles/modkill.py).
"""

from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import timezone

from games import services, tasks, timers
from games.models import Action, Event, Phase, Post, Status, Vote
from tests.kit.forms import flash_tags
from tests.kit.games import replay, shown_kinds
from tests.kit.play import day_one_game
from tests.kit.refusals import refused, snapshot

pytestmark = pytest.mark.django_db


def logged(table, kind: str, audience: str = "public") -> list[dict]:
    return list(
        Event.objects.filter(game=table.game, kind=kind, audience=audience)
        .order_by("seq")
        .values_list("payload", flat=True)
    )


def to_day(table):
    services.gm_close_phase(table.gm, table.game.id)
    assert table.phase().kind == Phase.DAY
    return table.phase()


# -- extend ---------------------------------------------------------------------


def test_extend_adds_time_and_tells_everyone(table):
    phase = table.phase()
    before = phase.deadline
    services.extend_phase(table.gm, table.game.id, 600, phase_seq=phase.seq)
    phase.refresh_from_db()
    assert phase.deadline == before + timedelta(seconds=600)
    [event] = logged(table, "deadline_extended")
    # The tool's event names who used it (games/services/core.py Change.acting).
    assert event == {
        "deadline": phase.deadline.isoformat(),
        "by": 600,
        "gm": True,
        "acting": "gemma",
    }
    assert "deadline_extended" in shown_kinds(table.page("alice"))


@pytest.mark.parametrize(
    "seconds, message",
    [
        (30, "between 1 minute and 7 days"),
        (8 * 24 * 3600, "between 1 minute and 7 days"),
        ("soon", "whole number of minutes"),
        (None, "whole number of minutes"),
    ],
)
def test_extend_refuses_a_bad_length_and_changes_nothing(table, seconds, message):
    with refused(table.game.id, message):
        services.extend_phase(table.gm, table.game.id, seconds)


def test_extend_never_leaves_more_than_fourteen_days(table):
    services.extend_phase(table.gm, table.game.id, 7 * 24 * 3600)
    with refused(table.game.id, "more than 14 days"):
        services.extend_phase(table.gm, table.game.id, 7 * 24 * 3600)


def test_after_an_extension_the_old_eta_task_and_the_sweeper_do_nothing(table):
    phase = table.phase()
    # The old deadline has passed by the time its task runs; the GM extended first.
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    services.extend_phase(table.gm, table.game.id, 120)
    assert tasks.close_phase.run(table.game.id, phase.seq) is False
    assert services.sweep_overdue_phases() == 0
    assert 60 < timers.seconds_to_next_deadline() <= 120
    phase.refresh_from_db()
    assert phase.closed_at is None
    # At the new deadline it closes.
    later = phase.deadline + timedelta(seconds=1)
    assert services.sweep_overdue_phases(now=later) == 1


def test_extend_schedules_an_eta_task_at_the_new_deadline(
    table, settings, django_capture_on_commit_callbacks
):
    settings.PHASE_TIMER = "celery"
    with mock.patch("games.tasks.close_phase.apply_async") as apply_async:
        with django_capture_on_commit_callbacks(execute=True):
            services.extend_phase(table.gm, table.game.id, 300)
    phase = table.phase()
    apply_async.assert_called_once_with((table.game.id, phase.seq), eta=phase.deadline)


# -- pause and resume ---------------------------------------------------------------


def test_a_paused_phase_never_closes_by_sweeper_task_or_embedded_timer(table):
    phase = table.phase()
    services.pause_phase(table.gm, table.game.id, phase_seq=phase.seq)
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=5))
    assert services.sweep_overdue_phases() == 0
    assert tasks.close_phase.run(table.game.id, phase.seq) is False
    assert tasks.sweep_overdue_phases_task.run() == 0
    # The embedded thread does not wake for it (it would spin on an overdue phase).
    assert timers.seconds_to_next_deadline() == float("inf")
    phase.refresh_from_db()
    assert phase.closed_at is None


def test_pause_keeps_the_time_left_and_resume_gives_it_back(table):
    phase = table.phase()
    services.pause_phase(table.gm, table.game.id)
    phase.refresh_from_db()
    left = phase.deadline - phase.paused_at
    [paused] = logged(table, "paused")
    assert paused["remaining"] == int(left.total_seconds())
    page = table.page("alice")
    assert (
        'class="countdown paused"' in page and "data-deadline" not in page.split("clock")[1][:200]
    )
    assert 'class="help paused-help"' in page
    # An hour of pause later, the phase still has what it had.
    hour = timedelta(hours=1)
    Phase.objects.filter(pk=phase.pk).update(
        paused_at=phase.paused_at - hour, deadline=phase.deadline - hour
    )
    before = timezone.now()
    services.resume_phase(table.gm, table.game.id)
    phase.refresh_from_db()
    assert phase.paused_at is None
    assert before + left <= phase.deadline <= timezone.now() + left
    [resumed] = logged(table, "resumed")
    assert resumed == {"deadline": phase.deadline.isoformat(), "acting": "gemma"}


def test_while_paused_players_talk_but_do_not_act_or_vote(table):
    mafioso = table.with_role("mafioso")[0]
    victim = table.with_role("townie")[0]
    services.pause_phase(table.gm, table.game.id)
    with refused(table.game.id, "paused"):
        services.submit_action(
            table.users[mafioso], table.game.id, ability="kill", targets=[victim]
        )
    services.post_message(table.users[mafioso], table.game.id, channel="faction", text="wait")
    services.resume_phase(table.gm, table.game.id)
    services.submit_action(table.users[mafioso], table.game.id, ability="kill", targets=[victim])
    services.pause_phase(table.gm, table.game.id)
    with refused(table.game.id, "paused"):
        services.withdraw_action(table.users[mafioso], table.game.id)
    services.resume_phase(table.gm, table.game.id)
    to_day(table)
    services.pause_phase(table.gm, table.game.id)
    alive = table.alive()
    with refused(table.game.id, "paused"):
        services.cast_vote(table.users[alive[0]], table.game.id, alive[1])
    services.post_message(table.users[alive[0]], table.game.id, channel="day", text="hold on")
    assert Post.objects.filter(game=table.game, channel="day").count() == 1


def test_a_paused_phase_does_not_close_early_and_closes_on_resume(table):
    """Early close when everyone acted: not while paused (here the last player the
    night waits for is modkilled during the pause), at once on resume."""
    state = table.state()
    waiting = services.must_act(state, table.phase())
    last = waiting[-1]
    for name in waiting[:-1]:
        services.submit_action(table.users[name], table.game.id, ability="")
    phase = table.phase()
    services.pause_phase(table.gm, table.game.id)
    services.modkill_player(table.gm, table.game.id, last)
    phase.refresh_from_db()
    assert phase.closed_at is None
    services.resume_phase(table.gm, table.game.id)
    phase.refresh_from_db()
    assert phase.close_reason == "everyone_acted"


def test_fast_votes_do_not_close_a_paused_day(gemma):
    """ru_classic's fast close ('Для закрытия игрового дня фастом нужны голос и фаст всех
    "живых" игроков, кроме голосуемого') waits while the GM has paused the day."""
    table = day_one_game(gemma, "ru_classic", "classic_11", 11, reveal_mode="light", tie="gm")
    first = table.alive()[2]
    for name in table.alive():  # day 1: a silent player would be modkilled
        services.cast_vote(table.users[name], table.game.id, first if name != first else "p03")
    services.gm_close_phase(gemma, table.game.id)  # night 1
    day2 = table.phase()
    assert (day2.kind, day2.number) == ("day", 2)
    candidate = table.alive()[0]
    voters = [n for n in table.alive() if n != candidate]
    for name in voters[:-1]:
        services.cast_vote(table.users[name], table.game.id, candidate, fast=True)
    services.pause_phase(gemma, table.game.id)
    with refused(table.game.id, "paused"):
        services.cast_vote(table.users[voters[-1]], table.game.id, candidate, fast=True)
    day2.refresh_from_db()
    assert day2.closed_at is None
    services.resume_phase(gemma, table.game.id)
    services.cast_vote(table.users[voters[-1]], table.game.id, candidate, fast=True)
    day2.refresh_from_db()
    assert day2.close_reason == "fast"


def test_the_gm_resumes_before_closing_or_deciding_and_pauses_once(table):
    services.pause_phase(table.gm, table.game.id)
    with refused(table.game.id, "resume it before closing"):
        services.gm_close_phase(table.gm, table.game.id)
    with refused(table.game.id, "resume it before deciding"):
        services.gm_decide(table.gm, table.game.id, "alice")
    with refused(table.game.id, "already paused"):
        services.pause_phase(table.gm, table.game.id)
    services.resume_phase(table.gm, table.game.id)
    with refused(table.game.id, "not paused"):
        services.resume_phase(table.gm, table.game.id)


def test_extending_a_paused_phase_adds_to_the_time_left(table):
    services.pause_phase(table.gm, table.game.id)
    phase = table.phase()
    left = phase.deadline - phase.paused_at
    services.extend_phase(table.gm, table.game.id, 60)
    [event] = logged(table, "deadline_extended")
    assert event["paused"] is True
    assert event["remaining"] == int((left + timedelta(seconds=60)).total_seconds())
    assert services.sweep_overdue_phases(now=timezone.now() + timedelta(days=30)) == 0


# -- modkill -------------------------------------------------------------------------


def test_modkill_kills_at_once_voids_his_input_and_tells_whose_action_was_void(table):
    sheriff = table.with_role("sheriff")[0]
    doctor = table.with_role("doctor")[0]
    mafioso = table.with_role("mafioso")[0]
    services.submit_action(table.users[sheriff], table.game.id, ability="check", targets=[mafioso])
    services.submit_action(table.users[doctor], table.game.id, ability="heal", targets=[sheriff])
    phase = table.phase()
    services.modkill_player(table.gm, table.game.id, sheriff, phase_seq=phase.seq)
    assert sheriff not in table.alive()
    phase.refresh_from_db()
    assert phase.modkills == [sheriff] and phase.closed_at is None
    assert not Action.objects.filter(phase=phase).exists()  # his, and the heal aimed at him
    [public] = logged(table, "modkill")
    assert public["deaths"] == [
        {"player": sheriff, "role": "sheriff", "faction": "town", "role_name": "Sheriff"}
    ]
    assert public["descriptions"] == {sheriff: "He/She was struck by lightning."}
    assert logged(table, "action_void", f"seat:{doctor}") == [
        {"player": sheriff, "reason": "modkill"}
    ]
    assert "modkill" in shown_kinds(table.page("alice"))
    # The stored game equals a replay of the stored inputs, modkill included.
    services.gm_close_phase(table.gm, table.game.id)
    assert replay(table.refresh()) == table.game.state


def test_a_day_modkill_voids_the_votes_on_him_and_those_voters_vote_again(table):
    to_day(table)
    alive = table.alive()
    victim, voter, other = alive[0], alive[1], alive[2]
    services.cast_vote(table.users[voter], table.game.id, other)
    services.cast_vote(table.users[voter], table.game.id, victim)
    services.cast_vote(table.users[victim], table.game.id, other)
    services.cast_vote(table.users[other], table.game.id, voter)
    services.modkill_player(table.gm, table.game.id, victim)
    phase = table.phase()
    assert services.current_votes(phase) == {other: voter}
    [public] = logged(table, "modkill")
    assert public["void_votes"] == [voter] and "tally" not in public  # the change only
    void = services.vote_history(phase)[-1]
    assert (void["kind"], void["player"], void["voters"]) == ("void", victim, [voter, victim])
    services.cast_vote(table.users[voter], table.game.id, other)
    for name in table.alive():
        if name not in (voter, other):
            services.cast_vote(table.users[name], table.game.id, other)
    assert table.phase().seq != phase.seq  # everyone left alive voted: closed early
    assert replay(table.refresh()) == table.game.state


def test_a_modkill_can_end_the_game(table):
    for name in [*table.with_role("mafioso"), *table.with_role("consort")]:
        services.modkill_player(table.gm, table.game.id, name)
    game = table.refresh()
    assert game.status == Status.FINISHED
    assert set(game.winners) == {p.name for p in table.state().players if p.faction == "town"}
    phase = game.phases.get()
    assert phase.close_reason == "modkill" and phase.closed_at is not None
    assert logged(table, "game_over")
    assert replay(game) == game.state


@pytest.mark.parametrize("name, message", [("nobody", "no player"), ("", "no player")])
def test_modkill_refuses_unknown_players(table, name, message):
    with refused(table.game.id, message):
        services.modkill_player(table.gm, table.game.id, name)


def test_modkill_refuses_the_dead(table):
    victim = table.alive()[0]
    services.modkill_player(table.gm, table.game.id, victim)
    with refused(table.game.id, refusal={"id": "refusal.dead", "params": {"player": victim}}):
        services.modkill_player(table.gm, table.game.id, victim)


def sport_table(gemma):
    return day_one_game(gemma, "ru_sport", "sport_10", 10)


def test_sport_everyone_but_the_modkilled_gets_last_words(gemma):
    """003 sport: 'Последнее слово есть у всех ... Искючение - модкилл.'"""
    table = sport_table(gemma)
    alive = table.alive()
    victim, lynched = alive[0], alive[1]
    services.modkill_player(gemma, table.game.id, victim)
    for name in table.alive():
        services.cast_vote(
            table.users[name], table.game.id, lynched if name != lynched else alive[2]
        )
    table.refresh()
    assert lynched not in table.alive()
    seats = {s.name: s for s in table.game.seats.all()}
    assert services.last_words_owed(table.game, seats[lynched])
    assert not services.last_words_owed(table.game, seats[victim])
    with refused(table.game.id, "no last words"):
        services.post_message(table.users[victim], table.game.id, channel="last_words", text="!")
    assert replay(table.refresh()) == table.game.state


# -- replace --------------------------------------------------------------------------


def test_replace_moves_the_seat_to_another_account(table, players):
    seat_name = table.with_role("sheriff")[0]
    old, newcomer = table.users[seat_name], players["ivan"]
    services.submit_action(old, table.game.id, ability="check", targets=[table.alive()[0]])
    services.gm_close_phase(table.gm, table.game.id)  # night 1: the sheriff's result
    services.replace_player(table.gm, table.game.id, seat_name, "ivan")
    seat = table.game.seats.get(name=seat_name)
    assert seat.user == newcomer
    assert logged(table, "replaced") == [
        {"player": seat_name, "by": "ivan", "was": seat_name, "acting": "gemma"}
    ]
    from django.test import Client

    client = Client()
    client.force_login(newcomer)
    page = client.get(reverse("game", args=[table.game.id])).content.decode()
    assert "Your role" in page and "Sheriff" in page
    assert "Night 1: " in page  # the earlier private result: the full history
    assert f'{seat_name}</span> <small class="played-by">played by ivan</small>' in page
    assert client.get(reverse("role_card", args=[table.game.id])).status_code == 200
    # The old account reads nothing private any more.
    old_page = table.page(seat_name)
    assert "Your role" not in old_page
    assert (
        table.clients[seat_name].get(reverse("role_card", args=[table.game.id])).status_code == 404
    )
    with refused(table.game.id, "not playing"):
        services.cast_vote(old, table.game.id, table.alive()[1])
    with refused(table.game.id, "replaced in this game"):
        services.watch_game(old, table.game.id)
    target = next(n for n in table.alive() if n != seat_name)
    services.cast_vote(newcomer, table.game.id, target)
    assert Vote.objects.get().voter.name == seat_name
    assert replay(table.refresh()) == table.game.state


def test_replace_refuses_players_spectators_the_gm_and_the_dead(table, players, mallory):
    seat_name = table.alive()[0]
    other = table.alive()[1]
    services.watch_game(mallory, table.game.id)
    cases = [
        ("nobody-here", "no account"),
        (other, "already plays"),
        ("mallory", "has watched this game"),
        ("gemma", "GM runs the game"),
    ]
    for username, message in cases:
        with refused(table.game.id, message):
            services.replace_player(table.gm, table.game.id, seat_name, username)
    with refused(table.game.id, "no player"):
        services.replace_player(table.gm, table.game.id, "ghost", "ivan")
    services.modkill_player(table.gm, table.game.id, seat_name)
    with refused(table.game.id, "is dead"):
        services.replace_player(table.gm, table.game.id, seat_name, "ivan")


# -- who may use the tools ------------------------------------------------------------


TOOLS = [
    ("extend", lambda user, table: services.extend_phase(user, table.game.id, 600)),
    ("pause", lambda user, table: services.pause_phase(user, table.game.id)),
    ("modkill", lambda user, table: services.modkill_player(user, table.game.id, "alice")),
    ("replace", lambda user, table: services.replace_player(user, table.game.id, "alice", "ivan")),
]


@pytest.mark.parametrize("tool", TOOLS, ids=[t[0] for t in TOOLS])
@pytest.mark.parametrize("who", ["player", "stranger", "logged_out"])
def test_only_the_gm_uses_the_tools(table, mallory, tool, who):
    user = {"player": table.users["bob"], "stranger": mallory, "logged_out": AnonymousUser()}[who]
    with refused(table.game.id, "Only the game's GM"):
        tool[1](user, table)


def test_only_the_gm_resumes(table, mallory):
    services.pause_phase(table.gm, table.game.id)
    for user in (table.users["bob"], mallory, AnonymousUser()):
        with refused(table.game.id, "Only the game's GM"):
            services.resume_phase(user, table.game.id)


def test_the_tools_need_a_running_game(gemma, players):
    from tests.kit.games import new_classic7

    game = new_classic7(gemma, players)
    with refused(game.id, "not started"):
        services.pause_phase(gemma, game.id)


# -- the views and the panel ----------------------------------------------------------


def post(table, who: str, name: str, data: dict):
    phase = table.phase()
    return table.clients[who].post(
        reverse(name, args=[table.game.id]), {"phase_seq": phase.seq, **data}, follow=True
    )


def test_the_panel_is_the_gms_alone(table):
    assert 'id="gm-tools"' in table.page("gemma")
    for name in table.users:
        assert 'id="gm-tools"' not in table.page(name)
        assert reverse("gm_modkill", args=[table.game.id]) not in table.page(name)


def test_each_tool_through_its_view(table):
    phase = table.phase()
    deadline = phase.deadline
    response = post(table, "gemma", "gm_extend", {"minutes": "5"})
    assert flash_tags(response.content.decode()) == ["success"]
    phase.refresh_from_db()
    assert phase.deadline == deadline + timedelta(minutes=5)
    response = post(table, "gemma", "gm_pause", {})
    assert flash_tags(response.content.decode()) == ["success"]
    assert table.phase().paused_at is not None
    response = post(table, "gemma", "gm_pause", {"resume": "1"})
    assert flash_tags(response.content.decode()) == ["success"]
    assert table.phase().paused_at is None
    victim = table.alive()[0]
    response = post(table, "gemma", "gm_modkill", {"player": victim, "sure": "1"})
    assert flash_tags(response.content.decode()) == ["success"]
    assert victim not in table.alive()
    seat = table.alive()[0]
    response = post(table, "gemma", "gm_replace", {"player": seat, "username": "ivan"})
    assert flash_tags(response.content.decode()) == ["success"]
    assert table.game.seats.get(name=seat).user.username == "ivan"
    assert f'{seat} <small class="played-by">(played by ivan)</small>' in table.page("gemma")


@pytest.mark.parametrize(
    "name, data",
    [
        ("gm_extend", {"minutes": "5"}),
        ("gm_pause", {}),
        ("gm_modkill", {"player": "alice"}),
        ("gm_replace", {"player": "alice", "username": "ivan"}),
    ],
)
def test_the_views_refuse_everyone_but_the_gm(table, mallory, client, name, data):
    before = snapshot(table.game.id)
    response = post(table, "bob", name, data)
    assert "Only the game&#x27;s GM may do that." in response.content.decode()
    client.force_login(mallory)
    client.post(reverse(name, args=[table.game.id]), {"phase_seq": table.phase().seq, **data})
    client.logout()
    response = client.post(reverse(name, args=[table.game.id]), data)
    assert response.status_code == 302 and "login" in response["Location"]
    assert snapshot(table.game.id) == before


def test_views_refuse_bad_input_with_a_clear_message(table):
    before = snapshot(table.game.id)
    response = post(table, "gemma", "gm_extend", {"minutes": "a lot"})
    assert "whole number of minutes" in response.content.decode()
    response = post(table, "gemma", "gm_extend", {"minutes": "0"})
    assert "between 1 minute and 7 days" in response.content.decode()
    response = post(table, "gemma", "gm_modkill", {"player": "nobody"})
    assert "There is no player" in response.content.decode()
    response = table.clients["gemma"].post(
        reverse("gm_pause", args=[table.game.id]), {"phase_seq": "999"}, follow=True
    )
    assert "already closed" in response.content.decode()
    assert snapshot(table.game.id) == before
