"""GM announcements outside the phases: in the lobby and after the game.

docs/design.md: the GM "can step in: extend or close a phase, pause, modkill, replace a
player, announce". A GM running a forum-style game also speaks before it starts
("we start at 20:00, two seats left") and after it ends (a wrap-up note): the
announcement thread (channel "announce", public) is open to the GM in the lobby, in
a running game and after game over (decision in docs/decisions/site-services.md). Every
other thread stays closed outside a running phase, with the error it always gave.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Event, Post, Status
from tests.kit.forms import flash_tags
from tests.kit.games import SEVEN, Table, game_page, new_classic7, seat_players
from tests.kit.play import end_by_modkills
from tests.kit.refusals import refused

pytestmark = pytest.mark.django_db

ANNOUNCE_FORM = '<input type="hidden" name="channel" value="announce">'
SCRIPT = "<script>alert('x')</script> we start at 20:00 & two seats left"
ESCAPED = "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; we start at 20:00 &amp; two seats left"


@pytest.fixture
def lobby(gemma, players, mallory):
    """Three players signed up, sign-ups open; ivan watches; mallory is a stranger."""
    game = new_classic7(gemma, players)
    for name in SEVEN[:3]:
        services.join_game(players[name], game.id)
    services.watch_game(players["ivan"], game.id)  # a spectator may watch the lobby
    return game


def announce(user, game_id: int, text: str) -> Post:
    return services.post_message(user, game_id, channel="announce", text=text)


# -- the service ------------------------------------------------------------------


def test_the_gm_announces_in_the_lobby_outside_any_phase(lobby, gemma):
    post = announce(gemma, lobby.id, "We start at 20:00, two seats left.")
    assert post.phase is None and post.channel == Post.ANNOUNCEMENT
    assert post.when == "sign-ups"
    event = Event.objects.filter(game=lobby, kind="post").get()
    assert event.audience == "public" and event.phase is None
    assert event.payload["gm"] is True and event.payload["phase"] == "sign-ups"
    assert event.payload["text"] == "We start at 20:00, two seats left."
    lobby.refresh_from_db()
    assert lobby.status == Status.LOBBY and lobby.last_event_seq == event.seq


@pytest.mark.parametrize("who", ["player", "stranger", "spectator", "logged_out"])
def test_only_the_gm_announces_in_the_lobby(lobby, players, mallory, who):
    user = {
        "player": players["alice"],
        "stranger": mallory,
        "spectator": players["ivan"],
        "logged_out": AnonymousUser(),
    }[who]
    message = {
        "player": "only the gm makes announcements",
        "stranger": "not playing in this game",
        "spectator": "only the gm makes announcements",
        "logged_out": "log in first",
    }[who]
    with refused(lobby.id, message):
        announce(user, lobby.id, "I am the GM now")


@pytest.mark.parametrize(
    "who, channel, message",
    [
        ("gemma", "day", "has not started yet"),
        ("gemma", "graveyard", "has not started yet"),
        ("alice", "day", "has not started yet"),
        ("alice", "faction", "has not started yet"),
        ("alice", "pm", "has not started yet"),
        ("alice", "last_words", "has not started yet"),
        ("ivan", "day", "has not started yet"),
        ("ivan", "graveyard", "has not started yet"),
    ],
)
def test_every_other_thread_stays_closed_in_the_lobby(lobby, gemma, players, who, channel, message):
    user = gemma if who == "gemma" else players[who]
    with refused(lobby.id, message):
        services.post_message(user, lobby.id, channel=channel, text="hello", to="bob")


def test_a_roulette_command_in_the_lobby_is_refused(lobby, players):
    with refused(lobby.id, "has not started yet"):
        services.post_message(players["ivan"], lobby.id, channel="graveyard", text="-roulette")


def test_length_and_flood_limits_hold_in_the_lobby(lobby, gemma):
    with refused(lobby.id, f"at most {services.MAX_POST_CHARS} characters"):
        announce(gemma, lobby.id, "x" * (services.MAX_POST_CHARS + 1))
    with refused(lobby.id, "write something first"):
        announce(gemma, lobby.id, "   ")
    for n in range(services.RATE_POSTS):
        announce(gemma, lobby.id, f"news {n}")
    with refused(lobby.id, f"at most {services.RATE_POSTS} posts"):
        announce(gemma, lobby.id, "one too many")


def test_the_gm_adds_a_wrap_up_note_after_the_game(table, mallory):
    """Decision: a wrap-up note is common on forums, so the GM may announce after
    game over; nobody else may, and every other thread stays closed."""
    end_by_modkills(table)
    post = announce(table.gm, table.game.id, "GG all, thanks for playing.")
    assert post.phase is None and post.when == "after the game"
    event = Event.objects.filter(game=table.game, kind="post").last()
    assert event.payload["phase"] == "after the game" and event.audience == "public"
    gid = table.game.id
    for user, message in (
        (table.users["alice"], "only the gm makes announcements"),
        (mallory, "not playing in this game"),
    ):
        with refused(gid, message):
            announce(user, gid, "me too")
    with refused(gid, "the game is over"):
        services.post_message(table.gm, gid, channel="day", text="hello")
    with refused(gid, "the game is over"):
        services.post_message(table.users["alice"], gid, channel="day", text="hello")


# -- the pages ----------------------------------------------------------------------


def test_the_lobby_shows_announcements_escaped_and_the_form_only_to_the_gm(
    lobby, gemma, players, mallory
):
    announce(gemma, lobby.id, SCRIPT)
    gm_page = game_page(gemma, lobby.id)
    assert ANNOUNCE_FORM in gm_page
    for user in (players["alice"], players["ivan"], mallory, None):
        page = game_page(user, lobby.id)
        assert ESCAPED in page and "<script>alert" not in page
        assert "GM announcements" in page and "sign-ups ·" in page
        assert ANNOUNCE_FORM not in page
    assert ESCAPED in gm_page and "<script>alert" not in gm_page


def test_a_lobby_without_announcements_hides_the_thread_from_players(lobby, gemma, players):
    assert 'class="announcements hidden"' in game_page(players["alice"], lobby.id)
    assert 'class="announcements"' in game_page(gemma, lobby.id)


def test_the_lobby_form_posts_through_the_view(lobby, gemma, players):
    url = reverse("post", args=[lobby.id])
    gm = Client()
    gm.force_login(gemma)
    response = gm.post(url, {"channel": "announce", "text": "Two seats left."})
    assert response.status_code == 302 and response["Location"] == reverse("game", args=[lobby.id])
    assert Post.objects.filter(game=lobby, channel="announce").count() == 1
    alice = Client()
    alice.force_login(players["alice"])
    page = alice.post(url, {"channel": "announce", "text": "Me!"}, follow=True).content.decode()
    assert flash_tags(page) == ["error"]
    assert Post.objects.filter(game=lobby, channel="announce").count() == 1


def test_lobby_announcements_stay_shown_while_the_game_runs_and_after_it_ends(
    gemma, players, mallory
):
    game = new_classic7(gemma, players)
    seated = {name: players[name] for name in SEVEN}
    announce(gemma, game.id, SCRIPT)
    seat_players(gemma, game, seated.values(), start=True)
    table = Table(game, seated, gemma)
    announce(gemma, game.id, "Night one: send your actions.")
    for user in (players["alice"], mallory, None):
        page = game_page(user, game.id)
        assert ESCAPED in page and "sign-ups ·" in page and "<script>alert" not in page
        assert "Night one: send your actions." in page and "night 1 ·" in page
    end_by_modkills(table)
    announce(gemma, game.id, "GG <b>all</b>")
    for user in (players["alice"], mallory, None):
        page = game_page(user, game.id)
        assert "game over" in page
        assert ESCAPED in page and "Night one: send your actions." in page
        assert "GG &lt;b&gt;all&lt;/b&gt;" in page and "after the game ·" in page
        assert ANNOUNCE_FORM not in page
    assert ANNOUNCE_FORM in game_page(gemma, game.id)
    # The posts show in the order they were written, one thread.
    page = game_page(players["bob"], game.id)
    assert page.index(ESCAPED) < page.index("Night one") < page.index("GG &lt;b&gt;")


def test_in_a_running_game_only_the_gm_has_the_form(table):
    assert ANNOUNCE_FORM in table.page("gemma")
    assert ANNOUNCE_FORM not in table.page("alice")
