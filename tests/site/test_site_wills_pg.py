"""On PostgreSQL: a last will racing the close of the phase that kills its writer.

Both lock the game row first (games/services/notes.py write_will, phases.close_phase),
so they are serialised: a will saved first is read out with the death; a will that
waited for the close finds its writer dead and is refused, changing nothing. Either
way the stored game equals a replay of the stored inputs.
"""

import time

import pytest

import roles
from games import services
from games.models import Event
from tests.kit.games import replay
from tests.kit.play import day_one_game
from tests.kit.services_pg import holding_the_lock, in_thread

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def lynch_ready(gemma):
    """sc2 standard15, day 1: everyone but the writer has voted him up."""
    table = day_one_game(gemma, "sc2", "standard15", 15)
    writer = next(p.name for p in table.state().players if p.faction == "town")
    for name in table.alive():
        if name != writer:
            services.cast_vote(table.users[name], table.game.id, writer)
    return table, writer


def test_a_close_waiting_on_a_will_reads_it_out(gemma):
    table, writer = lynch_ready(gemma)
    day = table.phase()
    patch, inside, release = holding_the_lock("roles.write_will", roles.write_will)
    with patch:
        author, written = in_thread(services.write_will, table.users[writer], table.game.id, "x")
        assert inside.wait(10)  # the will holds the game row
        closer, closed = in_thread(services.close_phase, table.game.id, day.seq, reason="gm")
        time.sleep(0.3)
        assert closer.is_alive(), "the close must wait for the will's lock"
        release.set()
        author.join(10)
        closer.join(10)
    assert "error" not in written and closed.get("value") is True
    shown = Event.objects.get(game=table.game, kind=services.LAST_WILL_KIND)
    assert shown.payload == {"player": writer, "text": "x"}
    assert replay(table.refresh()) == table.game.state


def test_a_will_waiting_on_the_close_that_kills_its_writer_is_refused(gemma):
    table, writer = lynch_ready(gemma)
    day = table.phase()
    patch, inside, release = holding_the_lock("roles.resolve_phase", roles.resolve_phase)
    with patch:
        closer, closed = in_thread(services.close_phase, table.game.id, day.seq, reason="gm")
        assert inside.wait(10)  # the close holds the game row
        author, written = in_thread(services.write_will, table.users[writer], table.game.id, "x")
        time.sleep(0.3)
        assert author.is_alive(), "the will must wait for the close's lock"
        release.set()
        closer.join(10)
        author.join(10)
    assert closed.get("value") is True
    assert isinstance(written.get("error"), services.ServiceError)
    assert "is dead" in str(written["error"])
    assert not Event.objects.filter(game=table.game, kind=services.WILL_KIND).exists()
    assert not Event.objects.filter(game=table.game, kind=services.LAST_WILL_KIND).exists()
    assert replay(table.refresh()) == table.game.state
