"""Masks on the create form and in the record (issue 16: "ru_classic plays 'with
masks': a game option that gives every seat an anonymous in-game name from a list the
GM may edit"; rules/russian-digest.md: "Games may be played 'with masks' (anonymous
nicknames); revealing or hinting who is behind a mask is forbidden.")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

import roles
from games import masks as masking
from games import record, services
from games.export import posts as export_posts
from games.models import Game
from tests.kit.forms import form_fields
from tests.kit.games import make_user


@pytest.fixture
def gm(gemma):
    client = Client()
    client.force_login(gemma)
    return client


def create_page(client, ruleset_id: str) -> str:
    return client.get(reverse("create_game"), {"ruleset": ruleset_id}).content.decode()


def test_ru_classic_plays_with_masks_by_default_and_every_ruleset_may(gm):
    data = form_fields(create_page(gm, "ru_classic"), "create-form")
    assert data.get("masks") == "on"
    assert masking.parse_masks(data["mask_names"]) == masking.DEFAULT_MASKS_RU
    for ruleset in roles.list_rulesets():
        if ruleset.id == "ru_classic":
            continue
        data = form_fields(create_page(gm, ruleset.id), "create-form")
        assert "masks" not in data, ruleset.id  # offered, unticked
        assert 'name="masks"' in create_page(gm, ruleset.id)


def test_the_gm_edits_the_mask_list_and_a_short_one_is_refused_at_the_field(gm):
    data = form_fields(create_page(gm, "ru_classic"), "create-form")
    data.update(name="Short list", mask_names="Oak, Birch, Maple")
    response = gm.post(reverse("create_game"), data)
    assert response.status_code == 200
    assert "needs at least 12 different masks (one per seat); it has 3" in response.content.decode()
    assert not Game.objects.filter(name="Short list").exists()
    own = ", ".join(f"Mask{i}" for i in range(12))  # classic_12, the first setup
    data.update(name="Own list", mask_names=own)
    assert gm.post(reverse("create_game"), data).status_code == 302
    game = Game.objects.get(name="Own list")
    assert game.masks and game.mask_names == [f"Mask{i}" for i in range(12)]


def _masked_running_game(gemma):
    players = [make_user(f"zqrec{i:02d}") for i in range(11)]
    game = services.create_game(
        gemma,
        name="Masked record",
        ruleset_id="ru_classic",
        preset_id="classic_11",
        day_seconds=600,
        night_seconds=300,
        reveal_mode="light",
        seed=5,
        masks=True,
    )
    for user in players:
        services.join_game(user, game.id)
    services.set_signups(gemma, game.id, False)
    services.start_game(gemma, game.id)
    return game, players


def test_masks_are_dealt_with_the_seed_and_the_scenario_replays_the_masked_game(gemma):
    game, players = _masked_running_game(gemma)
    game.refresh_from_db()
    behind = masking.accounts_of(game)
    # The same seed deals the same masks to the same sign-ups.
    dealt = masking.deal_masks(game.mask_names, 11, game.seed)
    assert [behind[m] for m in dealt] == [u.username for u in players]
    services.gm_close_phase(gemma, game.id)  # night 1, nobody acted
    game.refresh_from_db()
    scenario = record.scenario_of(game)
    # The scenario names the masks, in the engine's (the masks') seating order.
    assert [p["name"] for p in scenario["players"]] == masking.seating_order(list(behind))
    assert roles.simulate(scenario)["phases"] == record.stored_records(game)


def test_the_game_over_post_says_who_was_behind_each_mask(gemma):
    game, _players = _masked_running_game(gemma)
    state = services.engine_state(Game.objects.get(pk=game.id))
    for name in [p.name for p in state.players if p.faction == "mafia"]:
        services.modkill_player(gemma, game.id, name)
    game.refresh_from_db()
    behind = masking.accounts_of(game)
    text = "".join(chunk for line in export_posts.game_over_post(game) for chunk, _ in line)
    for mask, account in behind.items():
        assert f"{mask} ({account}):" in text


def test_a_masks_roulette_points_wait_for_the_games_end(gemma):
    """The dead play roulette for their accounts' points (002), but a mask's points and
    record reach the site-wide leaderboard only when the game is over: moving them at
    once would tell anyone watching the table and the leaderboard who is behind it."""
    from games.models import Event, RoulettePoints
    from games.services.roulette import points_in_game
    from roles import roulette
    from tests.kit.roulette import rig, table_state

    game, players = _masked_running_game(gemma)
    state = services.engine_state(Game.objects.get(pk=game.id))
    first, second = [p.name for p in state.players if p.role == "civilian"][:2]
    for name in (first, second):
        services.modkill_player(gemma, game.id, name)
    game.refresh_from_db()
    behind = masking.accounts_of(game)
    user = {name: next(u for u in players if u.username == behind[name]) for name in behind}

    def say(name, text):
        services.post_message(user[name], game.id, channel="graveyard", text=text)

    rig(game, 2)
    say(first, "-roulette")
    say(second, "-join")
    say(first, "-bet 30")
    say(second, "-bet 20")
    say(first, "-start")
    while table_state(game).stage == roulette.PLAYING:
        current = table_state(game).current
        say(current, "-pull")
        if table_state(game).stage == roulette.PLAYING:
            say(current, "-pass")
    last = Event.objects.filter(game=game, kind="roulette").last().payload
    shot = last["shot"]
    survivor = second if shot == first else first
    assert last["points"] == {}  # the graveyard is not told a mask's points
    assert not RoulettePoints.objects.filter(user__in=players).exclude(points=100).exists()
    assert not RoulettePoints.objects.filter(user__in=players, tables_played__gt=0).exists()
    # Each mask bets with what he has in this game.
    assert points_in_game(game, user[survivor], 100) == 120
    assert points_in_game(game, user[shot], 100) == 80
    for name in [p.name for p in state.players if p.faction == "mafia"]:
        services.modkill_player(gemma, game.id, name)
    rows = {r.user_id: r for r in RoulettePoints.objects.filter(user__in=players)}
    assert rows[user[survivor].id].points == 120 and rows[user[shot].id].points == 80
    assert rows[user[survivor].id].tables_won == 1 and rows[user[shot].id].times_shot == 1
