"""Random play through the services keeps the site's invariants.

Whatever players submit (legal or not) and whenever the GM or the clock closes
a phase: the event log is numbered without gaps, one phase at most is open,
refused input changes nothing, and the stored game equals a replay of the
stored inputs through the engine ("the database is the truth").
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services
from games.models import Event, Phase, Status
from games.services import ServiceError
from tests.kit.games import SEVEN, new_classic7, replay, seat_players

OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["act", "nothing", "vote", "withdraw", "post", "close", "sweep"]),
        st.integers(min_value=0, max_value=6),
        st.integers(min_value=0, max_value=6),
    ),
    min_size=5,
    max_size=60,
)


def apply(game, users, gemma, operation) -> None:
    kind, who, whom = operation
    name, target = SEVEN[who], SEVEN[whom]
    user = users[name]
    state = services.engine_state(game)
    if kind == "act":
        offered = services.choices_now(state, name)
        ability = offered[0]["ability"] if offered else "kill"
        services.submit_action(user, game.id, ability=ability, targets=[target])
    elif kind == "nothing":
        services.submit_action(user, game.id, ability="")
    elif kind == "vote":
        services.cast_vote(user, game.id, target)
    elif kind == "withdraw":
        services.withdraw_action(user, game.id)
    elif kind == "post":
        services.post_message(user, game.id, channel="day", text=f"{name} suspects {target}")
    elif kind == "close":
        services.gm_close_phase(gemma, game.id)
    elif kind == "sweep":
        Phase.objects.filter(game=game, closed_at=None).update(deadline=game.created_at)
        services.sweep_overdue_phases()


@pytest.mark.django_db
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(operations=OPERATIONS, seed=st.integers(min_value=0, max_value=10_000))
def test_random_play_keeps_the_invariants(gemma, players, operations, seed):
    game = new_classic7(gemma, players, seed=seed, name=f"random {seed}")
    users = {n: players[n] for n in SEVEN}
    seat_players(gemma, game, users.values(), start=True)
    for operation in operations:
        game.refresh_from_db()
        before = (game.last_event_seq, game.state)
        try:
            apply(game, users, gemma, operation)
        except ServiceError:
            game.refresh_from_db()
            assert (game.last_event_seq, game.state) == before, f"{operation} changed the game"
        game.refresh_from_db()
        seqs = list(Event.objects.filter(game=game).values_list("seq", flat=True))
        assert seqs == list(range(1, game.last_event_seq + 1))
        assert game.phases.filter(closed_at=None).count() == (game.status == Status.RUNNING)
        phase_seqs = list(game.phases.values_list("seq", flat=True))
        assert phase_seqs == list(range(1, len(phase_seqs) + 1))
        assert (game.status == Status.FINISHED) == services.engine_state(game).ended
        if game.status == Status.FINISHED:
            break
    assert replay(game) == game.state
