"""Issue 15, "the whole record after the game": private messages, notes and last wills
and every public event on the game-over page, and a replay that steps phase by phase
through what each viewer saw. Before the game ends none of it is anyone's but the
GM's (player, spectator, stranger, visitor: not found)."""

import pytest
from django.test import Client
from django.urls import reverse

from games import record, services
from tests.kit.games import SEVEN, Table, make_user, new_classic7, seat_players
from tests.kit.play import play_to_the_end


@pytest.fixture
def pm_table(gemma, players):
    """The classic7 table with private messages on; alice writes bob on night 1."""
    game = new_classic7(gemma, players, private_messages="on")
    seated = {name: players[name] for name in SEVEN}
    seat_players(gemma, game, seated.values(), start=True)
    table = Table(game, seated, gemma)
    services.post_message(
        players["alice"], game.id, channel="pm", text="Psst <b>bob</b>, I am town.", to="bob"
    )
    return table


def personas(table, mallory):
    spectator = make_user("sam")
    services.watch_game(spectator, table.game.id)
    watcher, stranger = Client(), Client()
    watcher.force_login(spectator)
    stranger.force_login(mallory)
    return {
        "player": table.clients["alice"],
        "spectator": watcher,
        "stranger": stranger,
        "anonymous": Client(),
    }


@pytest.mark.django_db
def test_before_the_end_the_replay_is_the_gms_alone(pm_table, mallory):
    game = pm_table.game
    services.gm_close_phase(pm_table.gm, game.id)
    urls = [
        reverse("replay", args=[game.id]),
        reverse("replay", args=[game.id]) + "?phase=1&as=bob",
        reverse("replay", args=[game.id]) + "?phase=0&as=gm",
        reverse("download_scenario", args=[game.id]),
    ]
    for who, client in personas(pm_table, mallory).items():
        for url in urls:
            assert client.get(url).status_code == 404, (who, url)
    gm = pm_table.clients["gemma"]
    assert gm.get(urls[1]).status_code == 200
    # Nor does the running page show the record to anyone.
    for name in ("alice", "bob"):
        assert 'id="record"' not in pm_table.page(name)
        assert reverse("replay", args=[game.id]) not in pm_table.page(name)


@pytest.mark.django_db
def test_the_game_over_page_keeps_the_whole_record(pm_table):
    game = pm_table.game
    play_to_the_end(pm_table)
    page = Client().get(reverse("game", args=[game.id])).content.decode()
    assert 'id="record"' in page
    assert "Psst &lt;b&gt;bob&lt;/b&gt;, I am town." in page  # the PM, escaped
    assert "<b>bob</b>" not in page
    assert "Night 1 ended." in page  # every public event in words
    assert "Game over. Winners:" in page
    assert reverse("replay", args=[game.id]) in page
    assert reverse("download_scenario", args=[game.id]) in page


@pytest.mark.django_db
def test_the_replay_shows_each_viewer_what_he_saw(pm_table):
    game = pm_table.game
    play_to_the_end(pm_table)
    state = services.engine_state(game)
    mafia = [p.name for p in state.players if p.faction == "mafia"]
    town = next(p.name for p in state.players if p.faction == "town" and p.name != "bob")

    def kinds(who, index):
        return {line["kind"] for line in record.replay_step(game, who, index).lines}

    def posts(who, index):
        lines = record.replay_step(game, who, index).lines
        return {line["payload"]["text"] for line in lines if line["kind"] == "post"}

    # The deal: each seat reads its own role, the mafia their team; the public neither.
    assert "role" in kinds("bob", 0) and "role" not in kinds("public", 0)
    assert "teammates" in kinds(mafia[0], 0) and "teammates" not in kinds(town, 0)
    assert "dealt" in kinds("gm", 0)
    # Night 1: the PM reaches its writer and its reader, not a third seat nor the GM.
    pm = "Psst <b>bob</b>, I am town."
    assert pm in posts("alice", 1) and pm in posts("bob", 1)
    assert pm not in posts(town if town != "alice" else "carol", 1)
    assert pm not in posts("public", 1) and pm not in posts("gm", 1)
    # The close is public.
    assert "phase_closed" in kinds("public", 1)


@pytest.mark.django_db
def test_the_replay_page_steps_and_refuses_bad_input_clearly(pm_table):
    game = pm_table.game
    play_to_the_end(pm_table)
    client = Client()
    url = reverse("replay", args=[game.id])
    page = client.get(url + "?phase=1&as=bob").content.decode()
    assert "Night 1, as bob saw it" in page and 'rel="next"' in page
    assert "Psst &lt;b&gt;bob&lt;/b&gt;" in page
    for query, message in [
        ("?phase=999", "There is no phase 999"),
        ("?phase=x", "The phase is a number"),
        ("?as=<script>", "There is no such viewer"),
    ]:
        response = client.get(url + query)
        assert response.status_code == 200 and message in response.content.decode()
        assert "<script>" not in response.content.decode().split("</header>")[1]
