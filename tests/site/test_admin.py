"""The admin (issue 15): every model readable for moderators, changes to games only
through the services (the admin must not bypass the lock and the event log).

Personas: olga is a staff moderator (no model permission), root a superuser; gemma is
the GM and alice a player, neither staff.
"""

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

import roles
from games import services
from games.models import Game, Phase, Profile, RoulettePoints, RouletteTable, Seat
from tests.kit.games import make_user
from tests.kit.refusals import snapshot

GAMES_MODELS = [model for model in admin.site._registry if model._meta.app_label == "games"]


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def olga(db):
    return get_user_model().objects.create_user("olga", password="olga-secret-pw", is_staff=True)


@pytest.fixture
def root(db):
    return get_user_model().objects.create_superuser("root", password="root-secret-pw")


@pytest.fixture
def played(table):
    """A started game with an action, a post, a vote, a co-GM, a role's flavour, a
    roulette table, a reader's profile and a post's submission key."""
    services.add_cogm(table.gm, table.game.id, "heidi")
    mafioso = table.with_role("mafioso")[0]
    victim = table.with_role("townie")[0]
    services.submit_action(table.users[mafioso], table.game.id, ability="kill", targets=[victim])
    services.gm_close_phase(table.gm, table.game.id)
    alive = table.alive()
    services.cast_vote(table.users[alive[0]], table.game.id, alive[1])
    services.post_message(
        table.users[alive[0]], table.game.id, channel="day", text="hi", key="ab" * 16
    )
    RouletteTable.objects.create(game=table.game, seed=1, state={})
    RoulettePoints.objects.create(user=table.gm, points=100)
    services.watch_game(make_user("sam"), table.game.id)
    services.save_setup(table.gm, None, name="Mine", setup=classic7_setup(), public=False)
    services.set_flavour(table.gm, table.game.id, "townie", "A quiet farmer of the valley.")
    Profile.objects.create(user=table.gm, language="ru", time_zone="Europe/Moscow")
    return table


def classic7_setup() -> dict:
    return roles.preset_setup("bay12", "classic7")


def admin_url(model, action: str, *args) -> str:
    meta = model._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_{action}", args=args)


def test_every_model_of_the_games_app_is_registered():
    from django.apps import apps

    models = set(apps.get_app_config("games").get_models())
    assert models == set(GAMES_MODELS)


@pytest.mark.parametrize("who", ["olga", "root"])
def test_a_moderator_lists_and_reads_every_model(played, olga, root, who):
    client = login({"olga": olga, "root": root}[who])
    for model in GAMES_MODELS:
        listing = client.get(admin_url(model, "changelist"))
        assert listing.status_code == 200, model
        row = model.objects.first()
        assert row is not None, f"the fixture made no {model.__name__}"
        detail = client.get(admin_url(model, "change", row.pk))
        assert detail.status_code == 200, model
        page = detail.content.decode()
        assert 'name="_save"' not in page  # a page to read, not a form to send
    found = client.get(admin_url(Game, "changelist") + "?q=Classic")
    assert "Classic seven" in found.content.decode()


@pytest.mark.parametrize("who", ["olga", "root"])
def test_nobody_changes_a_game_through_the_admin(played, olga, root, who):
    client = login({"olga": olga, "root": root}[who])
    game = played.game
    before = snapshot(game.id)
    change = admin_url(Game, "change", game.pk)
    response = client.post(change, {"name": "hijacked", "status": "finished"})
    assert response.status_code == 403
    assert client.post(admin_url(Game, "delete", game.pk), {"post": "yes"}).status_code == 403
    assert client.get(admin_url(Game, "add")).status_code == 403
    bulk = client.post(
        admin_url(Game, "changelist"),
        {"action": "delete_selected", "_selected_action": [game.pk], "post": "yes"},
    )
    assert bulk.status_code in (200, 302)
    seat = Seat.objects.filter(game=game).first()
    assert client.post(admin_url(Seat, "change", seat.pk), {"name": "x"}).status_code == 403
    phase = Phase.objects.filter(game=game).first()
    assert client.post(admin_url(Phase, "delete", phase.pk), {"post": "yes"}).status_code == 403
    assert snapshot(game.id) == before
    assert Game.objects.get(pk=game.pk).name == "Classic seven"


def test_players_and_strangers_do_not_enter_the_admin(played, mallory):
    for user in (played.gm, played.users["alice"], mallory):
        response = login(user).get(admin_url(Game, "changelist"))
        assert response.status_code == 302 and "login" in response["Location"]
    response = Client().get(admin_url(Game, "change", played.game.pk))
    assert response.status_code == 302


def test_the_roulette_tables_seed_stays_hidden(played, olga):
    table = RouletteTable.objects.get(game=played.game)
    page = login(olga).get(admin_url(RouletteTable, "change", table.pk)).content.decode()
    assert "Seed" not in page
