"""Hostile strings in every form a person can post (issue 18: "Fuzz chat, names and
every form with hostile strings (hypothesis) in pages and socket payloads: never a
crash, never markup").

Each example posts a drawn string through the real views (CSRF-checked clients of the
named personas) and then reads every page it can show up on: the answer is never a
server error, and the page never holds the string's markup unescaped. Strings are
built around a tag that cannot occur in the site's own markup, so finding it raw in a
page means it was not escaped.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services
from games.models import Phase
from tests.kit.hostile import MARK, hostile_text

pytestmark = pytest.mark.django_db


FUZZ = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def assert_clean(response):
    """Never a server error; an HTML page never holds the markup unescaped. A JSON
    answer (events/, the setup check) carries text as data, for live.js and
    builder.js to put in place as text: it must be JSON, and typed so (nosniff)."""
    assert response.status_code < 500, response.status_code
    body = response.content.decode(errors="replace")
    if response.get("Content-Type", "").startswith("application/json"):
        json.loads(body)
        assert response.get("X-Content-Type-Options") == "nosniff"
        return
    assert MARK not in body


def read_everywhere(table, extra_urls=()):
    """The pages where posted text can show: the game for each persona, the GM's, the
    event feed, the lobby."""
    game = table.game
    urls = [reverse("game", args=[game.id]), reverse("events_after", args=[game.id]), "/"]
    for client in table.clients.values():
        for url in [*urls, *extra_urls]:
            assert_clean(client.get(url))
    assert_clean(Client().get(reverse("game", args=[game.id])))


@pytest.fixture
def day_table(table):
    """The classic7 game on day 1 (the day thread is open; night 1 closed quietly)."""
    services.gm_close_phase(table.gm, table.game.id)
    assert table.phase().kind == Phase.DAY
    return table


def living(table, *names):
    alive = set(table.alive())
    return [n for n in names if n in alive]


def phase_seq(table):
    phase = table.phase()
    return phase.seq if phase else ""


@FUZZ
@given(text=hostile_text)
def test_chat_posts_are_never_markup(day_table, text):
    table = day_table
    speakers = [(n, "day") for n in living(table, "alice", "bob")] + [("gemma", "announcement")]
    for name, channel in speakers:
        client = table.clients[name]
        response = client.post(
            reverse("post", args=[table.game.id]), {"channel": channel, "text": text}
        )
        assert_clean(response)
    read_everywhere(table)


@FUZZ
@given(text=hostile_text)
def test_wills_notes_and_last_words_are_never_markup(table, text):
    for name in ("alice", "bob"):
        response = table.clients[name].post(
            reverse("will", args=[table.game.id]),
            {"text": text, "phase_seq": phase_seq(table)},
        )
        assert_clean(response)
        response = table.clients[name].post(reverse("note", args=[table.game.id]), {"text": text})
        assert_clean(response)
    read_everywhere(table)


@FUZZ
@given(text=hostile_text)
def test_gm_tool_fields_are_never_markup(table, text):
    gm = table.clients["gemma"]
    game_id = table.game.id
    for view, data in (
        ("gm_modkill", {"player": text, "sure": "1"}),
        ("gm_replace", {"player": text, "username": text}),
        ("gm_extend", {"minutes": text}),
        ("gm_decide", {"choice": text}),
        ("act", {"ability": text, "targets": text}),
        ("vote", {"target": text}),
    ):
        data = {**data, "phase_seq": phase_seq(table)}
        response = gm.post(reverse(view, args=[game_id]), data, follow=True)
        assert_clean(response)
        response = table.clients["carol"].post(reverse(view, args=[game_id]), data, follow=True)
        assert_clean(response)
    read_everywhere(table)


@FUZZ
@given(name=hostile_text)
def test_game_and_setup_names_are_never_markup(gemma, name):
    client = Client()
    client.force_login(gemma)
    response = client.post(
        reverse("create_game"),
        {
            "ruleset": "bay12",
            "preset": "classic7",
            "shown_ruleset": "bay12",
            "shown_preset": "classic7",
            "name": name,
            "day_minutes": "10",
            "night_minutes": "10",
            "first_phase": "night",
        },
        follow=True,
    )
    assert_clean(response)
    for slots in ({"slot-0": "role:townie"}, {"slot-0": f"role:{name}", "slot-1": name}):
        response = client.post(
            reverse("new_setup") + "?ruleset=bay12",
            {"name": name, **slots, "op": "save"},
            follow=True,
        )
        assert_clean(response)
    response = client.post(
        reverse("check_setup"),
        data=json.dumps({"ruleset": "bay12", "slots": [{"role": name}], "name": name}),
        content_type="application/json",
    )
    assert_clean(response)
    assert_clean(client.get("/"))
    assert_clean(client.get(reverse("setups")))
    for game in gemma_games(gemma):
        assert_clean(client.get(reverse("game", args=[game.id])))
        assert_clean(Client().get(reverse("game", args=[game.id])))


def gemma_games(gemma):
    from games.models import Game

    return Game.objects.filter(gm=gemma)


@FUZZ
@given(username=hostile_text, password=st.text(max_size=30))
def test_sign_up_and_log_in_are_never_markup_or_crash(db, username, password):
    client = Client()
    response = client.post(
        reverse("signup"),
        {"username": username, "password1": password, "password2": password},
    )
    assert_clean(response)
    response = client.post(reverse("login"), {"username": username, "password": password})
    assert_clean(response)


def test_a_hostile_post_is_shown_escaped(day_table):
    """The control: the drawn strings do reach the pages, escaped (so the fuzz above
    reads pages that hold them)."""
    table = day_table
    text = f"{MARK} onload=alert(1)>hi"
    client = table.clients[living(table, "alice", "bob", "carol")[0]]
    client.post(reverse("post", args=[table.game.id]), {"channel": "day", "text": text})
    page = table.page("gemma")
    assert "&lt;zq-hostile onload=alert(1)&gt;hi" in page
    assert MARK not in page
