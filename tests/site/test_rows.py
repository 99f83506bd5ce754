"""games/rows.py: the statements without the query compiler give what the ORM gives.

Run on the suite's back end (SQLite embedded, PostgreSQL in CI's second run): rows
read here must equal the ORM's instances field for field (aware datetimes, decoded
JSON), and rows written here must read back through the ORM unchanged. Django is
pinned exactly for games/rows.py: a new version is checked here first.
"""

from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from games import rows, services
from games.models import Action, Event, Game, Phase
from tests.kit.games import SEVEN, new_classic7, seat_players

pytestmark = pytest.mark.django_db


def field_values(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


@pytest.fixture
def started(gemma, players):
    game = new_classic7(gemma, players)
    seat_players(gemma, game, [players[name] for name in SEVEN], start=True)
    return Game.objects.get(pk=game.id)


def test_a_selected_row_equals_the_orm_instance(started):
    (game,) = rows.select(Game, "id = %s", [started.id])
    assert type(game) is Game and not game._state.adding
    assert field_values(game) == field_values(Game.objects.get(pk=started.id))
    assert isinstance(game.state, dict) and game.state["players"]  # JSON decoded
    assert timezone.is_aware(game.created_at)
    phase = rows.first(Phase, "game_id = %s AND seq = %s", [game.id, 1])
    assert field_values(phase) == field_values(Phase.objects.get(game=game, seq=1))


def test_nothing_found_is_an_empty_list_or_none(started):
    assert rows.select(Game, "id = %s", [started.id + 1000]) == []
    assert rows.first(Phase, "game_id = %s AND seq = %s", [started.id, 99]) is None


def test_a_locked_select_is_the_same_row_inside_a_transaction(started):
    with transaction.atomic():
        game = rows.first(Game, "id = %s", [started.id], for_update=True)
    assert game.pk == started.id


def test_order_by_is_honoured(started):
    events = rows.select(Event, "game_id = %s", [started.id], order_by="seq DESC")
    assert [e.seq for e in events] == sorted((e.seq for e in events), reverse=True)
    assert [e.seq for e in events] == list(
        Event.objects.filter(game=started).order_by("-seq").values_list("seq", flat=True)
    )


def test_update_of_named_fields_writes_only_those(started):
    phase = Phase.objects.get(game=started, seq=1)
    closed = timezone.now()
    phase.closed_at, phase.record = closed, {"nested": [1, "two", None]}
    phase.close_reason = "not written"
    rows.update(phase, ["closed_at", "record"])
    stored = Phase.objects.get(pk=phase.pk)
    assert stored.closed_at == closed
    assert stored.record == {"nested": [1, "two", None]}
    assert stored.close_reason == ""


def test_update_of_every_field_is_what_save_writes(started):
    game = rows.first(Game, "id = %s", [started.id])
    game.name = 'Renamed ‘quoted’ "name"'
    game.state = {**game.state, "extra": {"ü": 1}}
    game.finished_at = timezone.now()
    rows.update(game)
    assert field_values(Game.objects.get(pk=game.pk)) == field_values(game)


def test_insert_sets_the_new_primary_key_and_reads_back(started):
    now = timezone.now()
    phase = Phase(
        game=started, seq=50, kind="day", number=9, opened_at=now, deadline=now + timedelta(1)
    )
    rows.insert([phase], returning_pk=True)
    assert phase.pk is not None and not phase._state.adding
    assert field_values(Phase.objects.get(pk=phase.pk)) == field_values(phase)


def test_insert_of_many_rows_is_one_statement(started, django_assert_num_queries):
    last = started.last_event_seq
    events = [
        Event(
            game=started,
            seq=last + n,
            audience_seq=started.audience_seqs.get("gm", 0) + n,
            kind="note",
            audience="gm",
            payload={"n": n, "text": "it's <b>"},
            created_at=timezone.now(),
        )
        for n in (1, 2, 3)
    ]
    with django_assert_num_queries(1):
        rows.insert(events)
    stored = Event.objects.filter(game=started, seq__gt=last).order_by("seq")
    assert [e.payload for e in stored] == [{"n": n, "text": "it's <b>"} for n in (1, 2, 3)]


def test_json_values_decode_only_the_named_columns(started):
    phase = Phase.objects.get(game=started, seq=1)
    seat = started.seats.get(name="alice")
    Action.objects.create(
        phase=phase,
        seat=seat,
        ability="kill",
        targets=["bob"],
        extra={"note": "x"},
        submitted_at=timezone.now(),
    )
    found = rows.json_values(
        Action,
        "SELECT ability, targets, extra FROM games_action WHERE phase_id = %s",
        [phase.id],
        json_columns=(1, 2),
    )
    assert found == [("kill", ["bob"], {"note": "x"})]


def test_the_close_reads_its_actions_in_the_order_sent(started):
    """phase_input (the engine's input) now comes from rows.json_values: same order."""
    phase = Phase.objects.get(game=started, seq=1)
    at = timezone.now()
    for offset, name in enumerate(["carol", "alice", "bob"]):
        Action.objects.create(
            phase=phase,
            seat=started.seats.get(name=name),
            ability="kill" if name != "bob" else "",
            targets=["dave"],
            submitted_at=at - timedelta(seconds=10 - offset),
        )
    actors = [a["actor"] for a in services.phase_input(phase)["night"]]
    assert actors == ["carol", "alice"]  # a withdrawn action (no ability) is not sent


def test_the_backend_under_test(started):
    """Both back ends run this module (CI's two runs); FOR UPDATE only where it exists."""
    assert connection.vendor in {"sqlite", "postgresql"}
    assert connection.features.has_select_for_update == (connection.vendor == "postgresql")


def test_an_unsaved_related_object_is_refused_as_the_orm_refuses_it(started):
    now = timezone.now()
    unsaved = Phase(game=started, seq=60, kind="day", number=9, opened_at=now, deadline=now)
    event = Event(
        game=started, seq=999, phase=unsaved, kind="x", audience="gm", payload={}, created_at=now
    )
    with pytest.raises(ValueError, match="unsaved related object"):
        rows.insert([event])
    rows.insert([unsaved], returning_pk=True)
    rows.insert([event])  # the phase's id, saved since the assignment, is taken
    assert Event.objects.get(game=started, seq=999).phase_id == unsaved.pk
