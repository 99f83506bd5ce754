"""A close worked out before its deadline and written at it (games/services/prepared.py),
on PostgreSQL: it writes exactly what the ordinary close writes, and anything that
happens between the preparing and the deadline (a move, a pause, the GM's own close)
makes the deadline's close the ordinary one. Issue 17: at a shared deadline of 50
games the closes' CPU was what delayed the last headline (bench/README.md).
"""

from __future__ import annotations

import time
import uuid
from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection, transaction
from django.utils import timezone

from games import services
from games.models import Event, Game, Phase
from games.services import phases, prepared, push
from games.services.core import choices_now, engine_state
from tests.kit.fault_game import other_sessions
from tests.kit.services_pg import start_worker, started_table, stop_worker, wait_for_close

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def act_every_seat(table, hold_back: int = 1, skip: frozenset = frozenset()) -> list[str]:
    """Every seat the engine offers a night move sends it (the first targets offered),
    but `skip` and the last `hold_back`: a night where everyone acted closes at once."""
    state = engine_state(table.refresh())
    offered = [(n, c) for n in table.users if n not in skip and (c := choices_now(state, n))]
    for name, choices in offered[: len(offered) - hold_back]:
        for choice in choices:
            targets = choice["targets"][: max(1, choice["min_targets"])]
            services.submit_action(
                table.users[name], table.game.id, ability=choice["ability"], targets=targets
            )
    return [name for name, _ in offered[len(offered) - hold_back :]]


def lynch_day(table):
    """Night 1 closed by the GM; by day everyone but one votes for the same player."""
    services.gm_close_phase(table.gm, table.game.id)
    alive = table.alive()
    for voter in alive[1:]:
        services.cast_vote(table.users[voter], table.game.id, alive[0])


def final_night(table):
    """Night 1 made the game's last: the GM modkills all but one more of the other side
    than the mafia keeps, then the mafia's kill leaves them level."""
    state = engine_state(table.refresh())
    kills = {n: c for n in table.users for c in choices_now(state, n) if c["ability"] == "kill"}
    killer, kill = next(iter(kills.items()))
    mafia = state.player(killer).faction
    others = [p.name for p in state.players if p.alive and p.faction != mafia]
    victim = kill["targets"][0]
    keep = sum(p.alive and p.faction == mafia for p in state.players) + 1
    for name in [n for n in others if n != victim][: len(others) - keep]:
        services.modkill_player(table.gm, table.game.id, name)
    services.submit_action(table.users[killer], table.game.id, ability="kill", targets=[victim])


def written(game_id: int, since: int) -> dict:
    """What a close left: the game's row, the events after `since`, every phase (ids
    left out: the prepared close's new phase takes its id ahead of time)."""
    game = Game.objects.get(pk=game_id)
    return {
        "game": {f.attname: getattr(game, f.attname) for f in Game._meta.concrete_fields},
        "events": list(
            Event.objects.filter(game_id=game_id, seq__gt=since)
            .order_by("seq")
            .values("seq", "kind", "audience", "payload", "created_at", "audience_seq", "gm_seq")
        ),
        "event_phases": list(
            Event.objects.filter(game_id=game_id, seq__gt=since)
            .order_by("seq")
            .values_list("phase__seq", flat=True)
        ),
        "phases": [
            {k: v for k, v in p.items() if k != "id"}
            for p in Phase.objects.filter(game_id=game_id).order_by("seq").values()
        ],
    }


def pushed(commit_hooks) -> list:
    """The messages the after-commit calls send, phase ids dropped (as in `written`)."""
    sent = []
    with mock.patch.object(push, "send_all", sent.append):
        for func in commit_hooks:
            func()
    return without_phase_ids(sent)


def without_phase_ids(sent: list) -> list:
    for messages in sent:
        for _, message in messages:
            for event in message.get("events", []):
                event.pop("phase", None)
    return sent


class _Undo(Exception):
    pass


def ordinary_close(game_id: int, seq: int, deadline) -> tuple[dict, list]:
    """The ordinary close at the deadline, seen and then rolled back."""
    since = Game.objects.get(pk=game_id).last_event_seq
    try:
        with transaction.atomic():
            hooks = len(connection.run_on_commit)
            phases.close_phase(game_id, seq, reason="deadline", now=deadline)
            seen = written(game_id, since)
            messages = pushed([f for _, f, _ in connection.run_on_commit[hooks:]])
            raise _Undo
    except _Undo:
        pass
    return seen, messages


@pytest.mark.parametrize("phase_kind", ["night", "day", "last night"])
def test_a_prepared_close_writes_and_pushes_what_the_ordinary_close_would(
    gemma, players, phase_kind
):
    table = started_table(gemma, players)
    if phase_kind == "night":
        act_every_seat(table)
    elif phase_kind == "day":
        lynch_day(table)
    else:
        final_night(table)
    phase = table.phase()
    assert phase.kind == phase_kind.split()[-1]
    since = table.refresh().last_event_seq

    ready = prepared.prepare(table.game.id, phase.seq)
    assert ready is not None
    expected, expected_pushes = ordinary_close(table.game.id, phase.seq, phase.deadline)
    assert Phase.objects.get(pk=phase.pk).closed_at is None  # the preparing wrote nothing

    sent = []
    with mock.patch.object(push, "send_all", sent.append):
        assert prepared.write(ready)
    assert written(table.game.id, since) == expected
    assert without_phase_ids(sent) == expected_pushes
    closed = Phase.objects.get(pk=phase.pk)
    assert closed.closed_at == phase.deadline and closed.close_reason == "deadline"
    if phase_kind == "day":
        assert closed.record["lynched"] == [table.state().players[0].name]
    if phase_kind == "last night":
        assert table.refresh().status == "finished" and table.game.winners


def test_a_move_sent_after_the_close_was_prepared_is_counted(gemma, players):
    """The mafia's kill arrives after the close was prepared: the deadline's close is
    the ordinary one, and the kill is in it."""
    table = started_table(gemma, players)
    killer, victim = late_kill(table)
    phase = table.phase()
    ready = prepared.prepare(table.game.id, phase.seq)

    services.submit_action(table.users[killer], table.game.id, ability="kill", targets=[victim])
    moved = table.refresh().last_event_seq
    assert not prepared.write(ready)
    assert table.refresh().last_event_seq == moved  # nothing of it was written
    assert Phase.objects.get(pk=phase.pk).closed_at is None

    phases.close_phase(table.game.id, phase.seq, reason="deadline", now=phase.deadline)
    assert victim not in table.alive()
    assert [d["player"] for d in Phase.objects.get(pk=phase.pk).record["deaths"]] == [victim]


def late_kill(table) -> tuple[str, str]:
    """Every seat acted but the mafia's killer, who will aim at the last target he is
    offered (the others aimed at the first)."""
    state = engine_state(table.refresh())
    kills = {n: c for n in table.users for c in choices_now(state, n) if c["ability"] == "kill"}
    killer, kill = next(iter(kills.items()))
    act_every_seat(table, skip=frozenset({killer}))
    return killer, kill["targets"][-1]


def test_a_close_nothing_changed_since_is_kept_and_a_changed_one_prepared_again(gemma, players):
    """Looked at again before its deadline (the writer does, half a second ahead): a
    close whose reads still hold is kept as it is; one a move came after is prepared
    again, and the close written at the deadline is the prepared one, with the move."""
    table = started_table(gemma, players)
    killer, victim = late_kill(table)
    phase = table.phase()
    ready = prepared.prepare(table.game.id, phase.seq)
    assert prepared.refreshed(ready) is ready

    services.submit_action(table.users[killer], table.game.id, ability="kill", targets=[victim])
    again = prepared.refreshed(ready)
    assert again is not ready and again.deadline == ready.deadline
    assert not prepared.reads_unchanged(ready) and prepared.reads_unchanged(again)
    assert prepared.write(again)
    assert victim not in table.alive()
    closed = Phase.objects.get(pk=phase.pk)
    assert closed.closed_at == phase.deadline
    assert [d["player"] for d in closed.record["deaths"]] == [victim]


def test_the_writer_prepares_again_a_close_a_move_came_after(gemma, players):
    """A kill sent after the close was prepared and before the writer's second look
    (half a second before the deadline): the writer prepares the close again and writes
    it at the deadline; no ordinary close is needed."""
    table = started_table(gemma, players)
    killer, victim = late_kill(table)
    phase = table.phase()
    deadline = timezone.now() + timedelta(seconds=3)
    Phase.objects.filter(pk=phase.pk).update(deadline=deadline)
    ordinary = []
    real_ordinary = phases.close_phase_at_deadline

    def counted(*args, **kwargs):
        ordinary.append(args)
        return real_ordinary(*args, **kwargs)

    with mock.patch.object(phases, "close_phase_at_deadline", counted):
        assert prepared.prepare_and_hold(table.game.id, phase.seq)
        services.submit_action(table.users[killer], table.game.id, ability="kill", targets=[victim])
        assert timezone.now() < deadline - timedelta(seconds=prepared.RECHECK_SECONDS)
        give_up = time.monotonic() + 20
        while Phase.objects.get(pk=phase.pk).closed_at is None and time.monotonic() < give_up:
            time.sleep(0.05)
    closed = Phase.objects.get(pk=phase.pk)
    assert closed.closed_at == deadline  # the prepared close, written at the deadline
    assert [d["player"] for d in closed.record["deaths"]] == [victim]
    assert ordinary == []


def test_a_phase_paused_after_the_close_was_prepared_stays_open(gemma, players):
    table = started_table(gemma, players)
    act_every_seat(table)
    phase = table.phase()
    ready = prepared.prepare(table.game.id, phase.seq)
    services.pause_phase(gemma, table.game.id)

    assert not prepared.close_at_deadline(ready)
    phase.refresh_from_db()
    assert phase.closed_at is None and phase.paused_at is not None


def test_a_phase_the_gm_closed_meanwhile_is_not_closed_again(gemma, players):
    table = started_table(gemma, players)
    act_every_seat(table)
    phase = table.phase()
    ready = prepared.prepare(table.game.id, phase.seq)
    services.gm_close_phase(gemma, table.game.id)

    assert not prepared.close_at_deadline(ready)
    closes = Event.objects.filter(game=table.game, kind="phase_closed", audience="public")
    assert [e.payload["seq"] for e in closes] == [phase.seq]
    assert Phase.objects.filter(game=table.game, closed_at__isnull=True).count() == 1


def test_a_close_written_twice_is_written_once(gemma, players):
    table = started_table(gemma, players)
    act_every_seat(table)
    phase = table.phase()
    ready = prepared.prepare(table.game.id, phase.seq)
    assert prepared.write(ready)
    assert not prepared.write(ready)  # the game's row changed: its first read differs
    assert Event.objects.filter(game=table.game, kind="phase_closed").count() == 1


def test_the_writer_thread_writes_the_close_at_its_deadline(gemma, players):
    table = started_table(gemma, players)
    act_every_seat(table)
    phase = table.phase()
    deadline = timezone.now() + timedelta(seconds=1)
    Phase.objects.filter(pk=phase.pk).update(deadline=deadline)

    assert prepared.prepare_and_hold(table.game.id, phase.seq)
    assert Phase.objects.get(pk=phase.pk).closed_at is None
    give_up = time.monotonic() + 20
    while Phase.objects.get(pk=phase.pk).closed_at is None and time.monotonic() < give_up:
        time.sleep(0.05)
    closed = Phase.objects.get(pk=phase.pk)
    assert closed.closed_at == deadline  # written as the close at the deadline
    assert timezone.now() >= deadline
    headline = Event.objects.get(game=table.game, kind="phase_closed", audience="public")
    assert headline.created_at == deadline
    # Nothing more is held: the writer lets its connection go (the test database can go).
    give_up = time.monotonic() + 10
    while other_sessions(connection) and time.monotonic() < give_up:
        time.sleep(0.05)
    assert not other_sessions(connection)


def test_a_real_worker_prepares_a_close_and_writes_it_at_the_deadline(gemma, players, settings):
    """`celery -A mafiasite worker` runs the prepare task a few seconds before the
    deadline and writes the close at it; the ETA task, a second later, finds it closed."""
    from games.tasks import close_phase, prepare_close

    queue = f"mafia-test-{uuid.uuid4().hex[:8]}"
    worker = start_worker(queue)
    try:
        settings.PHASE_TIMER = "celery"
        sends = {task: task.apply_async for task in (close_phase, prepare_close)}
        with (
            mock.patch.object(
                close_phase, "apply_async", lambda a, **kw: sends[close_phase](a, queue=queue, **kw)
            ),
            mock.patch.object(
                prepare_close,
                "apply_async",
                lambda a, **kw: sends[prepare_close](a, queue=queue, **kw),
            ),
        ):
            # Started 2 s "ago": the 12-second night is due ten seconds from now.
            table = started_table(
                gemma, players, now=timezone.now() - timedelta(seconds=2), night_seconds=12
            )
        night = wait_for_close(table.phase(), worker, 60)
        time.sleep(settings.PREPARED_BACKSTOP_SECONDS + 1)  # the ETA task's turn
    finally:
        log = stop_worker(worker, queue)
    assert night.closed_at is not None, f"the worker did not close the night:\n{log}"
    assert night.closed_at == night.deadline, log  # the prepared close, stamped at it
    assert "games.tasks.prepare_close" in log and "games.tasks.close_phase" in log
    closes = Event.objects.filter(game=table.game, kind="phase_closed", audience="public")
    assert closes.count() == 1
