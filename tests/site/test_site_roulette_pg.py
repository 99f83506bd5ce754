"""The graveyard's roulette on PostgreSQL: racing commands are serialised.

Every roulette command locks the game row, then the table row, then the points
rows of the players in id order (games/services/roulette.py). Commands raced
from many connections at once never fire two bullets or lose a point, and one
account at two games' tables never bets more than it owns.
"""

import threading

import pytest

from games import services
from games.models import Event, RoulettePoints
from games.web import roulette as roulette_panel
from roles import roulette
from tests.kit.roulette import bury_two, say, table_state
from tests.kit.services_pg import in_thread, started_table

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def two_dead(gemma, players, **overrides):
    table = started_table(gemma, players, **overrides)
    table.first, table.second = bury_two(table)
    return table


def race(calls) -> list[dict]:
    """Start every call at once (each in its own thread and connection)."""
    gate = threading.Barrier(len(calls))

    def gated(fn, *args):
        gate.wait(10)
        return fn(*args)

    started = [in_thread(gated, fn, *args) for fn, *args in calls]
    for thread, _ in started:
        thread.join(30)
    return [outcome for _, outcome in started]


def test_racing_pulls_fire_one_bullet_and_conserve_points(gemma, players):
    table = two_dead(gemma, players)
    gid, users = table.game.id, table.users
    say(table, table.first, "-roulette 10 2")  # two chambers: a bang within two pulls
    say(table, table.second, "-join")
    say(table, table.first, "-start")

    def command(name, text):
        return services.post_message(users[name], gid, channel="graveyard", text=text)

    outcomes = race(
        [(command, table.first, "-pull")] * 4
        + [(command, table.second, "-pull")] * 2
        + [(command, table.first, "-pass")] * 2
    )
    for outcome in outcomes:
        assert "value" in outcome or isinstance(outcome.get("error"), services.ServiceError)
    events = list(Event.objects.filter(game=table.game).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    shots = [e for e in events if e.kind == "roulette" and e.payload["shot"]]
    assert len(shots) <= 1
    state = table_state(table.game)
    at_stake = sum(state.bets.values()) if state.stage == roulette.PLAYING else 0
    total = sum(roulette_panel.points_of(users[n]) for n in (table.first, table.second))
    assert total + at_stake == 2 * roulette.STARTING_POINTS


def test_one_account_at_two_tables_never_bets_more_than_it_owns(gemma, players):
    one = two_dead(gemma, players)
    other = two_dead(gemma, players, name="Classic seven again")
    assert (one.first, one.second) == (other.first, other.second)  # same seed, same deaths
    for table in (one, other):
        say(table, table.first, "-roulette")
        say(table, table.second, "-join")
        say(table, table.first, "-bet 80")
        say(table, table.second, "-bet 80")

    outcomes = race([(say, t, t.first, "-start") for t in (one, other)])
    assert all("value" in o for o in outcomes), outcomes
    owner = one.users[one.first]
    taken = [table_state(t.game).bets[one.first] for t in (one, other)]
    assert sorted(taken) == [20, 80]  # the second start found 20 points left
    assert RoulettePoints.objects.get(user=owner).points == 0
