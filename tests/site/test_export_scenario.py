"""Issue 15, "download as scenario": the game so far in the `python -m roles simulate`
format, so any dispute is reproducible. Simulating the download gives every closed
phase's stored record (games played through the services, a GM's modkill among
them: every ruleset's in tests/site/test_site_every_ruleset.py), and the file is the
GM's while the game runs, everyone's after it."""

import json

import pytest
from django.test import Client
from django.urls import reverse

import roles
from games import record, services
from games.models import Status
from tests.kit.games import make_user, sc2_day_one
from tests.kit.play import download_scenario, play_first_choices, play_mechanical_game


@pytest.mark.django_db
def test_wills_and_an_executioner_target_are_in_the_file_and_reproduce_the_game():
    game, gm, users = sc2_day_one()
    game.refresh_from_db()
    state = services.engine_state(game)
    for name in state.alive_names():
        services.write_will(users[name], game.id, f"{name} trusts nobody.")
    for _ in range(4):
        game.refresh_from_db()
        if game.status != Status.RUNNING:
            break
        phase = services.open_phase(game)
        if not phase.pending:
            play_first_choices(users, game, services.engine_state(game), phase)
        game.refresh_from_db()
        if game.status == Status.RUNNING and services.open_phase(game).seq == phase.seq:
            services.gm_close_phase(gm, game.id)
    game.refresh_from_db()
    scenario = record.scenario_of(game)
    wills = [c for p in scenario["phases"] for c in p.get("before", []) if "will" in c]
    assert len(wills) == 15
    assert all("target" in p for p in scenario["players"] if p["role"] == "executioner")
    outcome = roles.simulate(json.loads(json.dumps(scenario)))
    assert outcome["phases"] == record.stored_records(game)
    assert "trusts nobody" in json.dumps(outcome["phases"])  # a will read out at a death


@pytest.mark.django_db
def test_while_the_game_runs_only_the_gm_downloads_it(table, mallory):
    game = table.game
    services.gm_close_phase(table.gm, game.id)
    spectator = make_user("sam")
    services.watch_game(spectator, game.id)
    url = reverse("download_scenario", args=[game.id])
    watcher = Client()
    watcher.force_login(spectator)
    stranger = Client()
    stranger.force_login(mallory)
    for who, client in [
        ("player", table.clients["alice"]),
        ("spectator", watcher),
        ("stranger", stranger),
        ("anonymous", Client()),
    ]:
        assert client.get(url).status_code == 404, who
    scenario = download_scenario(table.clients["gemma"], game)
    assert len(scenario["phases"]) == 1  # the closed night; the open day is not final
    assert [p["name"] for p in scenario["players"]] == list(table.users)
    assert roles.simulate(scenario)["phases"] == record.stored_records(game)
    # The player's page offers no link to it either.
    assert url not in table.page("alice")
    assert url in table.page("gemma")


@pytest.mark.django_db
def test_after_the_game_anyone_downloads_it(gemma):
    game = play_mechanical_game(gemma, "bay12", "classic7")
    scenario = download_scenario(Client(), game)
    assert roles.simulate(scenario)["phases"] == record.stored_records(game)
