"""Phases that wait for a decision the engine asks for (roles.PendingDecision).

ru_classic (003, classic rules, option tie="gm"): a tied vote is decided by the
host; ru_sport (003, sport rules): a tie calls a catastrophe round in which every
living player votes execute or pardon. The site opens the round or asks the GM,
keeps the phase open meanwhile, and resolves again with the answer added.
"""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Event, Phase
from games.services import ServiceError
from tests.kit.play import day_one_game, tie_between


@pytest.mark.django_db
def test_ru_classic_a_tie_waits_for_the_gm_then_closes_with_the_choice(gemma, mallory):
    table = day_one_game(gemma, "ru_classic", "classic_11", 11, reveal_mode="light", tie="gm")
    first, second = "p01", "p04"
    tie_between(table, first, second)
    day = table.phase()
    assert services.gm_close_phase(gemma, table.game.id) is False  # the engine asks first
    day.refresh_from_db()
    assert day.closed_at is None
    assert day.pending["kind"] == "action" and day.pending["actor"] == "GM"
    assert sorted(day.pending["choices"]) == [first, second]
    asked = Event.objects.filter(game=table.game, kind="decision_needed")
    assert set(asked.values_list("audience", flat=True)) == {"public", "gm"}
    with pytest.raises(ServiceError, match="waits for a decision"):
        services.cast_vote(table.users["p00"], table.game.id, first)
    with pytest.raises(ServiceError, match="Only the game's GM"):
        services.gm_decide(mallory, table.game.id, first)
    with pytest.raises(ServiceError, match="Choose one of"):
        services.gm_decide(gemma, table.game.id, "p09")
    gm = Client()
    gm.force_login(gemma)
    assert "decide" in gm.get(reverse("game", args=[table.game.id])).content.decode().lower()
    response = gm.post(
        reverse("gm_decide", args=[table.game.id]), {"phase_seq": day.seq, "choice": second}
    )
    assert response.status_code == 302
    day.refresh_from_db()
    assert day.closed_at is not None and day.close_reason == "decision"
    assert day.record["lynched"] == [second]
    assert table.phase().kind == "night"


@pytest.mark.django_db
def test_ru_sport_a_tie_opens_a_catastrophe_round_for_every_living_player(gemma):
    table = day_one_game(gemma, "ru_sport", "sport_10", 10)
    first, second = "p01", "p04"
    tie_between(table, first, second)
    day = table.phase()
    assert services.gm_close_phase(gemma, table.game.id) is False
    day.refresh_from_db()
    assert day.pending["kind"] == "round" and day.pending["index"] == 0
    assert sorted(day.pending["choices"]) == ["execute", "pardon"]
    assert day.deadline > timezone.now()
    public = Event.objects.get(game=table.game, kind="decision_needed", audience="public")
    assert public.payload["round"] == 1
    page = table.page("p00")
    assert 'value="execute"' in page and 'value="pardon"' in page
    with pytest.raises(ServiceError, match="choice of execute, pardon"):
        services.cast_vote(table.users["p00"], table.game.id, first)
    voters = list(day.pending["voters"])
    for voter in voters[:-1]:
        services.cast_vote(table.users[voter], table.game.id, "execute")
    assert table.phase().seq == day.seq  # one ballot missing
    services.cast_vote(table.users[voters[-1]], table.game.id, "pardon")
    day.refresh_from_db()
    assert day.closed_at is not None and day.close_reason == "everyone_acted"
    assert set(day.record["lynched"]) <= {first, second} and day.record["lynched"]


@pytest.mark.django_db
def test_a_round_with_missing_ballots_stays_open_and_tells_the_gm(gemma):
    table = day_one_game(gemma, "ru_sport", "sport_10", 10)
    tie_between(table, "p01", "p04")
    services.gm_close_phase(gemma, table.game.id)
    day = table.phase()
    services.cast_vote(table.users["p00"], table.game.id, "execute")
    Phase.objects.filter(pk=day.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.sweep_overdue_phases() == 0
    day.refresh_from_db()
    assert day.closed_at is None and day.deadline > timezone.now()
    # The GM's close and the deadline both held the round the engine asked for; it
    # refused each for its missing ballots, and told the GM why.
    refused = list(Event.objects.filter(game=table.game, kind="close_refused"))
    assert refused and all(r.audience == "gm" for r in refused)
    assert {r.payload["refusal"]["id"] for r in refused} == {"refusal.round_missing"}
    # The same question is not asked twice; the sweeper does not spin on it.
    assert Event.objects.filter(game=table.game, kind="decision_needed").count() == 1
    assert services.sweep_overdue_phases() == 0


@pytest.mark.django_db
def test_a_moved_deadline_gets_its_own_eta_task(
    gemma, settings, django_capture_on_commit_callbacks
):
    from unittest import mock

    table = day_one_game(gemma, "ru_sport", "sport_10", 10)
    settings.PHASE_TIMER = "celery"
    with mock.patch("games.tasks.close_phase.apply_async") as apply_async:
        with django_capture_on_commit_callbacks(execute=True):
            tie_between(table, "p01", "p04")  # the last vote asks for a round
    day = table.phase()
    assert day.pending["kind"] == "round"
    apply_async.assert_called_once_with((table.game.id, day.seq), eta=day.deadline)


@pytest.mark.django_db
def test_ru_classic_fast_votes_close_the_day_from_day_two(gemma):
    """003 classic: 'Для закрытия игрового дня фастом нужны голос и фаст всех "живых"
    игроков, кроме голосуемого' (Ruleset.fast_close, from day 2)."""
    table = day_one_game(gemma, "ru_classic", "classic_11", 11, reveal_mode="light", tie="gm")
    candidate = "p03"
    day1 = table.phase()
    for name in table.alive():
        if name != candidate:
            services.cast_vote(table.users[name], table.game.id, candidate, fast=True)
    day1.refresh_from_db()
    assert day1.closed_at is None  # not on day 1
    services.cast_vote(table.users[candidate], table.game.id, "p04")
    day1.refresh_from_db()
    assert day1.close_reason == "everyone_acted"
    services.gm_close_phase(gemma, table.game.id)  # night 1
    day2 = table.phase()
    assert (day2.kind, day2.number) == ("day", 2)
    candidate = next(n for n in table.alive() if n != "p00")
    voters = [n for n in table.alive() if n != candidate]
    for name in voters[:-1]:
        services.cast_vote(table.users[name], table.game.id, candidate, fast=True)
    services.cast_vote(table.users[voters[-1]], table.game.id, candidate)  # not fast
    assert table.phase().seq == day2.seq
    client = table.clients[voters[-1]]
    assert 'name="fast"' in table.page(voters[-1])
    client.post(
        reverse("vote", args=[table.game.id]),
        {"phase_seq": day2.seq, "target": candidate, "fast": "1"},
    )
    day2.refresh_from_db()
    assert day2.close_reason == "fast" and day2.record["lynched"] == [candidate]


@pytest.mark.django_db
def test_fast_votes_only_where_the_ruleset_has_them(table):
    from tests.kit.refusals import refused

    services.gm_close_phase(table.gm, table.game.id)
    with refused(table.game.id, "no fast votes"):
        services.cast_vote(table.users["alice"], table.game.id, "bob", fast=True)
    assert 'name="fast"' not in table.page("alice")
