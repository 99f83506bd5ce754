"""Games played through the services: mechanical play (each seat takes the first thing
the engine offers) to a phase or to the end, and tables set at a given day."""

from __future__ import annotations

import json

from django.urls import reverse

import roles
from games import services
from games.models import Status
from games.services import ServiceError
from games.web.game_page import vote_targets
from tests.kit.games import (
    Table,
    answer_pending,
    make_user,
    replay,
    seat_players,
)

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


def start_preset_game(gemma, ruleset_id, preset_id, name, account=lambda user: user):
    """A started game of the preset, one account per seat (s00, s01, ...; `account`
    may set each up, e.g. its language): the game and {name: user}."""
    ruleset = roles.get_ruleset(ruleset_id)
    size = len(ruleset.presets[preset_id].roles)
    users = {f"s{i:02d}": account(make_user(f"s{i:02d}")) for i in range(size)}
    reveal = services.reveal_modes(ruleset)
    game = services.create_game(
        gemma,
        name=name,
        ruleset_id=ruleset_id,
        preset_id=preset_id,
        day_seconds=600,
        night_seconds=600,
        reveal_mode=reveal[0] if reveal else "",
        seed=11,
    )
    seat_players(gemma, game, users.values(), start=True)
    return game, users


def play_mechanical_game(gemma, ruleset_id, preset_id, modkill_in_phase=0):
    game, users = start_preset_game(gemma, ruleset_id, preset_id, f"{ruleset_id} mechanical")
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


def play_to_the_end(table) -> None:
    game = table.game
    for _ in range(30):
        game.refresh_from_db()
        if game.status != Status.RUNNING:
            return
        phase = services.open_phase(game)
        play_first_choices(table.users, game, services.engine_state(game), phase)
        game.refresh_from_db()
        if game.status == Status.RUNNING and services.open_phase(game).seq == phase.seq:
            services.gm_close_phase(table.gm, game.id)


def day_one_game(gemma, ruleset_id: str, preset_id: str, players: int, **options) -> Table:
    users = {f"p{i:02d}": make_user(f"p{i:02d}") for i in range(players)}
    game = services.create_game(
        gemma,
        name=f"{ruleset_id} decisions",
        ruleset_id=ruleset_id,
        preset_id=preset_id,
        day_seconds=600,
        night_seconds=300,
        reveal_mode=options.pop("reveal_mode", ""),
        options=options,
        first_phase="day",
        seed=3,
    )
    seat_players(gemma, game, users.values(), start=True)
    return Table(game, users, gemma)


def tie_between(table: Table, first: str, second: str) -> None:
    """Every living player votes (ru_classic removes a silent player), tied first/second."""
    services.cast_vote(table.users[first], table.game.id, second)
    services.cast_vote(table.users[second], table.game.id, first)
    others = [n for n in table.alive() if n not in (first, second)]
    if len(others) % 2:
        odd = others.pop()
        services.cast_vote(table.users[odd], table.game.id, others[0])
    for index, voter in enumerate(others):
        services.cast_vote(table.users[voter], table.game.id, first if index % 2 else second)


def put_on_trial(table, accused: str) -> None:
    """A majority (8 of 15) votes `accused` up, then the GM closes the vote."""
    voters = [n for n in table.alive() if n != accused][:8]
    for voter in voters:
        services.cast_vote(table.users[voter], table.game.id, accused)
    assert services.gm_close_phase(table.gm, table.game.id) is False  # the verdict first


def end_by_modkills(table) -> None:
    """The GM modkills the mafia one by one: the town wins and the game is over."""
    for player in table.state().players:
        if player.faction == "mafia" and table.refresh().status == Status.RUNNING:
            services.modkill_player(table.gm, table.game.id, player.name)
    assert table.refresh().status == Status.FINISHED


def smallest_preset(ruleset_id: str, role_id: str) -> str:
    presets = roles.get_ruleset(ruleset_id).presets.values()
    return min((p for p in presets if role_id in p.roles), key=lambda p: len(p.roles)).id


def started(ruleset_id: str, role_id: str):
    """The preset's game started on the site; returns (game, gm, users, holder)."""
    gm = make_user("gemma")
    preset_id = smallest_preset(ruleset_id, role_id)
    size = len(roles.get_ruleset(ruleset_id).presets[preset_id].roles)
    users = {f"p{i:02}": make_user(f"p{i:02}") for i in range(size)}
    game = services.create_game(
        gm,
        name="Who am I",
        ruleset_id=ruleset_id,
        preset_id=preset_id,
        day_seconds=600,
        night_seconds=300,
        reveal_mode=(services.reveal_modes(roles.get_ruleset(ruleset_id)) or ("",))[0],
        seed=11,
    )
    seat_players(gm, game, users.values(), start=True)
    game.refresh_from_db()
    holder = next(p.name for p in services.engine_state(game).players if p.role == role_id)
    return game, gm, users, holder


def download_scenario(client, game) -> dict:
    """The game as its "download as scenario" link gives it to `client`."""
    response = client.get(reverse("download_scenario", args=[game.id]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    return json.loads(response.content)
