"""sc2's Majority + Trial day on the site (sc2-reference 3.3: 'Majority + Trial
(defence then verdict)'): the engine asks for the verdict round, the site opens it
for every living player but the accused, and closes the day with the verdict."""

import pytest

from games import services
from games.models import Event
from games.services import ServiceError
from tests.kit.play import day_one_game, put_on_trial


@pytest.mark.django_db
def test_the_verdict_round_excludes_the_accused_and_a_guilty_verdict_lynches(gemma):
    table = day_one_game(gemma, "sc2", "standard15", 15, day_type="majority_trial")
    put_on_trial(table, "p01")
    day = table.phase()
    assert day.pending["kind"] == "round" and day.pending["choices"] == ["execute", "pardon"]
    assert "p01" not in day.pending["voters"] and len(day.pending["voters"]) == 14
    page = table.page("p00")
    assert 'value="execute"' in page and 'value="pardon"' in page
    with pytest.raises(ServiceError, match="do not vote in this round"):
        services.cast_vote(table.users["p01"], table.game.id, "pardon")
    for voter in day.pending["voters"]:
        services.cast_vote(table.users[voter], table.game.id, "execute")
    day.refresh_from_db()
    assert day.closed_at is not None and day.close_reason == "everyone_acted"
    assert day.record["lynched"] == ["p01"]
    closed = Event.objects.get(game=table.game, kind="phase_closed", audience="public")
    (verdict,) = [e for e in closed.payload["events"] if e["kind"] == "verdict"]
    assert verdict["verdict"] == "guilty" and len(verdict["guilty"]) == 14


@pytest.mark.django_db
def test_abstainers_do_not_hold_the_verdict_and_a_tie_frees_the_accused(gemma):
    table = day_one_game(gemma, "sc2", "standard15", 15, day_type="majority_trial")
    put_on_trial(table, "p02")
    day = table.phase()
    first, second, *_ = day.pending["voters"]
    services.cast_vote(table.users[first], table.game.id, "execute")
    services.cast_vote(table.users[second], table.game.id, "pardon")
    assert services.gm_close_phase(gemma, table.game.id) is True  # the others abstain
    day.refresh_from_db()
    assert day.record["lynched"] == []
    assert day.record["rounds"] == [{"execute": 1, "pardon": 1}]


@pytest.mark.django_db
def test_a_verdict_round_nobody_votes_in_closes_at_its_deadline(gemma):
    """The round the engine asked for is held even when empty: nobody voting means
    no guilty majority (sc2 ruling: abstainers count for neither side), so the
    accused goes free instead of the day waiting for ever."""
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Phase

    table = day_one_game(gemma, "sc2", "standard15", 15, day_type="majority_trial")
    put_on_trial(table, "p03")
    day = table.phase()
    Phase.objects.filter(pk=day.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.sweep_overdue_phases() == 1
    day.refresh_from_db()
    assert day.closed_at is not None and day.record["lynched"] == []
    assert day.record["rounds"] == [{"execute": 0, "pardon": 0}]
