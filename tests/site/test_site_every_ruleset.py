"""Every ruleset and preset plays through the site: no new view or service code per ruleset.

A mechanical table: each living player uses the first thing the engine offers
(first targets, first extra values), votes for the first name it accepts, and
answers any decision the engine asks for; the GM closes each phase. The site must
carry every such game to its end without an unexpected error, the engine must
accept every input the site let through, and the stored game must equal a replay
of the stored inputs.
"""

import pytest

import roles
from games import services
from games.models import Status
from games.services import ServiceError
from games.web.views import vote_targets
from tests.site.helpers import answer_pending, make_user, replay, seat_players

PRESETS = [
    (ruleset.id, preset_id)
    for ruleset in roles.list_rulesets()
    for preset_id in sorted(ruleset.presets, key=lambda p: len(ruleset.presets[p].roles))[:1]
]


def play_first_choices(table_users, game, state, phase, names=None) -> None:
    for name in state.alive_names() if names is None else names:
        user = table_users[name]
        for choice in services.choices_now(state, name):
            targets = choice["targets"][: max(choice["min_targets"], min(1, choice["max_targets"]))]
            extra = {key: values[0] for key, values in choice["extra"].items() if values}
            try:
                services.submit_action(
                    user, game.id, ability=choice["ability"], targets=targets, extra=extra
                )
            except ServiceError:
                continue  # refused with a reason: fine, nothing changed
            break
        if phase.kind == "day" and not phase.pending:
            allowed = [t for t in vote_targets(state, name) if t != name]
            if allowed:
                try:
                    services.cast_vote(user, game.id, allowed[0])
                except ServiceError:
                    pass
        game.refresh_from_db()
        if game.status != Status.RUNNING or services.open_phase(game).seq != phase.seq:
            return


@pytest.mark.django_db
@pytest.mark.parametrize(("ruleset_id", "preset_id"), PRESETS)
def test_a_mechanical_game_of_every_ruleset_runs_to_its_end_through_a_gm_modkill(
    gemma, ruleset_id, preset_id
):
    """Every ruleset's game runs to its end through the site (play_mechanical_game's
    checks), and docs/design.md: the GM "can step in: ... modkill". After the inputs of
    the second phase are in, the GM modkills the last living player: his input and the
    input aimed at him are void, the engine accepts the rest at the close, and the
    stored game still equals a replay of the stored inputs (the modkills included)."""
    game = play_mechanical_game(gemma, ruleset_id, preset_id, modkill_in_phase=2)
    assert game.phases.exclude(modkills=[]).exists()


def gm_modkill_midway(users, gemma, game, state, phase) -> None:
    """Half the table plays, the GM modkills the player most named so far (a vote or
    an action aimed at him becomes void), then everyone plays."""
    alive = state.alive_names()
    play_first_choices(users, game, state, phase, names=alive[: len(alive) // 2])
    game.refresh_from_db()
    named = [v.target for v in phase.votes.all() if v.target in alive]
    named += [t for a in phase.actions.all() for t in a.targets if t in alive]
    victim = max(alive, key=lambda name: (named.count(name), alive.index(name)))
    services.modkill_player(gemma, game.id, victim)
    game.refresh_from_db()
    if game.status == Status.RUNNING and services.open_phase(game).seq == phase.seq:
        play_first_choices(users, game, services.engine_state(game), phase)


def play_mechanical_game(gemma, ruleset_id, preset_id, modkill_in_phase=0):
    ruleset = roles.get_ruleset(ruleset_id)
    size = len(ruleset.presets[preset_id].roles)
    users = {f"s{i:02d}": make_user(f"s{i:02d}") for i in range(size)}
    reveal = services.reveal_modes(ruleset)
    game = services.create_game(
        gemma,
        name=f"{ruleset_id} mechanical",
        ruleset_id=ruleset_id,
        preset_id=preset_id,
        day_seconds=600,
        night_seconds=600,
        reveal_mode=reveal[0] if reveal else "",
        seed=11,
    )
    seat_players(gemma, game, users.values(), start=True)
    for _ in range(40):
        game.refresh_from_db()
        if game.status != Status.RUNNING:
            break
        phase = services.open_phase(game)
        state = services.engine_state(game)
        if phase.pending:
            answer_pending(users, gemma, game, phase)
        elif phase.seq == modkill_in_phase:
            gm_modkill_midway(users, gemma, game, state, phase)
        else:
            play_first_choices(users, game, state, phase)
        game.refresh_from_db()
        if game.status == Status.RUNNING and services.open_phase(game).seq == phase.seq:
            services.gm_close_phase(gemma, game.id)
    game.refresh_from_db()
    closed = game.phases.exclude(closed_at=None).count()
    assert closed >= 2, f"{ruleset_id}: only {closed} phases closed"
    assert game.status == Status.FINISHED and game.winners == services.engine_state(game).winners
    # The engine accepted every input the site let through: no close was refused.
    assert not game.events.filter(kind="close_refused").exists()
    assert replay(game) == game.state
    return game
