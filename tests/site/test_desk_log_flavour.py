"""The GM's log in names and the role flavour (issue 15): "every event in the GM's view
names its seat"; "the GM may add a flavour text to each role's message, shown above the
engine's card" (to that role's seats only, escaped)."""

import pytest
from django.urls import reverse

from games import services
from games.models import Event
from games.services.push import commit_messages
from tests.kit.games import shown_kinds

pytestmark = pytest.mark.django_db


def test_the_gms_log_names_each_seat_and_the_seat_reads_its_own_text(table):
    gm_page = table.page("gemma")
    role = table.state().player("alice").role
    name = {"townie": "Townie"}.get(role, None)
    assert "alice&#x27;s role: " in gm_page or "alice's role: " in gm_page
    assert "Your role:" not in gm_page
    alice_page = table.page("alice")
    assert "Your role:" in alice_page and "alice's role" not in alice_page.replace("&#x27;", "'")
    assert name is None or name in gm_page


def test_the_gms_pushed_copy_names_the_seat(table):
    act_user = table.users["alice"]
    choices = services.choices_now(table.state(), "alice")
    services.finish_actions(act_user, table.game.id) if choices else None
    events = list(Event.objects.filter(game=table.game, audience="seat:alice"))
    messages = commit_messages(table.game.id, events, {"alice": 1})
    gm = [m for group, m in messages if group.endswith(".gm")][0]["events"]
    seat = [m for group, m in messages if group.endswith(".seat-1")][0]["events"]
    # Each line in every reader's language; the consumer sends its reader's.
    for lang, named, mine in (
        ("en", ("alice", "To alice"), "Your role:"),
        ("ru", ("Роль игрока alice", "Игроку alice", "alice"), "Ваша роль:"),
    ):
        assert all(m["texts"][lang].startswith(named) for m in gm if m["texts"][lang]), lang
        assert any(m["texts"][lang].startswith(mine) for m in seat), lang


def test_flavour_is_shown_to_the_roles_seats_only_and_escaped(table):
    sheriff = table.with_role("sheriff")[0]
    townies = table.with_role("townie")
    services.set_flavour(table.gm, table.game.id, "sheriff", "You are <b>Marshal</b> Dillon.")
    services.set_flavour(table.gm, table.game.id, "townie", "A farmer of Dodge City.")
    page = table.page(sheriff)
    assert "You are &lt;b&gt;Marshal&lt;/b&gt; Dillon." in page
    assert page.index('id="my-flavour"') < page.index("Role card")
    assert "farmer of Dodge" not in page
    for townie in townies:
        other = table.page(townie)
        assert "farmer of Dodge" in other and "Marshal" not in other
    for name in table.users:
        if name != sheriff and name not in townies:
            assert "Marshal" not in table.page(name) and "farmer" not in table.page(name)
    card = table.clients[sheriff].get(reverse("role_card", args=[table.game.id]))
    assert card.content.decode().startswith("You are <b>Marshal</b> Dillon.")
    gm = table.page("gemma")
    assert "Marshal" in gm and "farmer of Dodge" in gm
    assert "flavour" in shown_kinds(gm)
    services.set_flavour(table.gm, table.game.id, "townie", "")
    assert "farmer" not in table.page(townies[0])


def test_flavour_can_be_set_before_the_start(gemma, players):
    from tests.kit.games import new_classic7

    game = new_classic7(gemma, players)
    from django.test import Client

    gm = Client()
    gm.force_login(gemma)
    page = gm.get(reverse("game", args=[game.id])).content.decode()
    assert 'id="desk-flavour"' in page
    gm.post(reverse("desk_flavour", args=[game.id]), {"role": "doctor", "text": "The apothecary."})
    assert "The apothecary." in gm.get(reverse("game", args=[game.id])).content.decode()


def test_a_paranoid_reads_the_townies_flavour_not_his_own(gemma):
    """townston's Paranoid is told he is a Townie: his flavour must not betray him."""
    import roles
    from tests.kit.games import make_user, seat_players

    ruleset = roles.get_ruleset("townston")
    preset = next(p for p in ruleset.presets.values() if "paranoid" in p.roles)
    users = [make_user(f"t{i}") for i in range(len(preset.roles))]
    game = services.create_game(
        gemma,
        name="t",
        ruleset_id="townston",
        preset_id=preset.id,
        day_seconds=600,
        night_seconds=300,
        seed=3,
    )
    seat_players(gemma, game, users, start=True)
    game.refresh_from_db()
    state = services.engine_state(game)
    paranoid = next(p.name for p in state.players if p.role == "paranoid")
    told = ruleset.told_role(state, state.player(paranoid)).id
    services.set_flavour(gemma, game.id, "paranoid", "SECRET PARANOID")
    services.set_flavour(gemma, game.id, told, "Plain townsfolk.")
    from games.desk.flavour import seat_flavour

    assert seat_flavour(game, paranoid) == "Plain townsfolk."
