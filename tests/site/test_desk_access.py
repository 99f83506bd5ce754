"""Every desk URL is the GM's (issue 15): gemma (the GM) may; alice (a player), sam (a
spectator), mallory (a stranger) and an anonymous visitor may not, and learn nothing;
posts are CSRF-checked; bad input gets a clear message and changes nothing."""

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Event, RoleFlavour
from tests.kit.games import make_user

pytestmark = pytest.mark.django_db

URLS = [
    ("get", "desk_live"),
    ("get", "desk_whatif"),
    ("post", "desk_whatif"),
    ("post", "desk_flavour"),
    ("post", "desk_posts_rule"),
]


def clients(table, mallory):
    sam = make_user("sam")
    services.watch_game(sam, table.game.id)
    out = {"alice": table.clients["alice"], "anonymous": Client()}
    for name, user in (("sam", sam), ("mallory", mallory)):
        client = Client()
        client.force_login(user)
        out[name] = client
    return out


@pytest.mark.parametrize("method,name", URLS)
def test_only_the_gm_opens_the_desk(table, mallory, method, name):
    url = reverse(name, args=[table.game.id])
    role = table.state().player("alice").role
    data = {"role": "townie", "text": "pwned", "move_0": "alice|kill", "min_posts": 1}
    data["post_days"] = 2
    personas = clients(table, mallory)
    events = Event.objects.count()
    for persona, client in personas.items():
        response = getattr(client, method)(url, data)
        if persona == "anonymous":
            assert response.status_code == 302 and "/login/" in response["Location"]
        else:
            assert response.status_code == 403, persona
            body = response.content.decode()
            assert "desk-sheet" not in body and "Mafioso" not in body and role not in body
    assert not RoleFlavour.objects.exists()
    assert Event.objects.count() == events
    gm = table.clients["gemma"]
    assert getattr(gm, method)(url, data).status_code in (200, 302)


def test_desk_posts_are_csrf_checked(table):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(table.gm)
    for name in ("desk_flavour", "desk_whatif", "desk_posts_rule"):
        response = strict.post(reverse(name, args=[table.game.id]), {"role": "townie", "text": "x"})
        assert response.status_code == 403
    assert not RoleFlavour.objects.exists()


def test_bad_flavour_input_changes_nothing(table):
    gm = table.clients["gemma"]
    url = reverse("desk_flavour", args=[table.game.id])
    events = Event.objects.filter(game=table.game).count()
    for data, message in [
        ({"role": "no_such_role", "text": "x"}, "Choose one of the ruleset"),
        ({"role": "townie", "text": "x" * 2001}, "at most 2000"),
        ({"role": "townie", "text": ""}, "has no flavour text to remove"),
    ]:
        page = gm.post(url, data, follow=True).content.decode()
        assert message in page
    assert not RoleFlavour.objects.exists()
    assert Event.objects.filter(game=table.game).count() == events
    with pytest.raises(services.ServiceError):
        services.set_flavour(table.users["alice"], table.game.id, "townie", "mine now")
