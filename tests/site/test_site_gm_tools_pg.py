"""On PostgreSQL: the GM's tools racing the clock (games/services/gm.py).

Each tool locks the game row first, so a pause or a modkill and a deadline close
are serialised: the close that waited finds the phase paused (and leaves it open),
or resolves it from the state the modkill left (his input void, nothing refused).
"""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

import roles
from games import services
from games.models import Phase
from tests.kit.games import replay
from tests.kit.services_pg import holding_the_lock, in_thread, started_table

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_sweep_waiting_on_a_pause_leaves_the_phase_open(gemma, players):
    table = started_table(gemma, players)
    night = table.phase()
    Phase.objects.filter(pk=night.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    patch, inside, release = holding_the_lock("games.services.gm.time_left", services.time_left)
    with patch:
        pauser, paused = in_thread(services.pause_phase, gemma, table.game.id)
        assert inside.wait(10)  # the pause holds the game row, the phase looks overdue
        sweeper, swept = in_thread(services.sweep_overdue_phases)
        time.sleep(0.3)
        assert sweeper.is_alive(), "the sweep must wait for the pause's lock"
        release.set()
        pauser.join(10)
        sweeper.join(10)
    assert "error" not in paused and swept.get("value") == 0
    night.refresh_from_db()
    assert night.closed_at is None and night.paused_at is not None


def test_a_close_waiting_on_a_modkill_resolves_without_his_input(gemma, players):
    table = started_table(gemma, players)
    state = table.state()
    mafioso = next(p.name for p in state.players if p.role == "mafioso")
    victim = next(p.name for p in state.players if p.role == "doctor")
    services.submit_action(table.users[mafioso], table.game.id, ability="kill", targets=[victim])
    services.submit_action(table.users[victim], table.game.id, ability="heal", targets=[mafioso])
    night = table.phase()
    patch, inside, release = holding_the_lock("roles.modkill", roles.modkill)
    with patch:
        killer, killed = in_thread(services.modkill_player, gemma, table.game.id, victim)
        assert inside.wait(10)
        closer, closed = in_thread(services.close_phase, table.game.id, night.seq, reason="gm")
        time.sleep(0.3)
        assert closer.is_alive(), "the close must wait for the modkill's lock"
        release.set()
        killer.join(10)
        closer.join(10)
    assert "error" not in killed and closed.get("value") is True
    night.refresh_from_db()
    assert night.modkills == [victim] and night.record["deaths"] == []
    assert not table.game.events.filter(kind="close_refused").exists()
    assert replay(table.refresh()) == table.game.state
