"""Cancelling a game during sign-ups, and a full game (games/services/lobby.py,
templates/games/lobby_game.html).

Found by a new user: "A GM cannot cancel a game during sign-ups; a full game still
offers In!". The rule documents say nothing of either (a forum GM closes the sign-up
thread with a post); the decisions are in docs/decisions/site-lobby.md: a cancelled game is a
status of its own, for good; the players who joined are told on its page; it leaves
the lobby's open list for "Finished or cancelled".
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Event, Game, IllegalTransition, Post, Status
from games.services import ServiceError
from tests.kit.games import SEVEN, game_page, new_classic7, seat_players

CANCELLED = "This game was cancelled by its GM"


@pytest.fixture
def signups(gemma, players):
    """A bay12 classic7 game in sign-ups: alice, bob and carol have joined."""
    game = new_classic7(gemma, players)
    for name in ("alice", "bob", "carol"):
        services.join_game(players[name], game.id)
    return game


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def unchanged(game):
    """The game's row and log as they are now, to compare after a refusal."""
    game.refresh_from_db()
    return (game.status, game.signups_open, game.last_event_seq, Event.objects.count())


# -- the service -----------------------------------------------------------------------


def test_the_gm_cancels_during_sign_ups_and_the_players_are_told(gemma, signups):
    services.cancel_game(gemma, signups.id, reason="  Not enough players this week.  ")
    signups.refresh_from_db()
    assert signups.status == Status.CANCELLED
    assert not signups.signups_open and signups.finished_at is not None
    event = signups.events.get(kind="game_cancelled")
    assert event.audience == "public" and event.seq == signups.last_event_seq
    assert event.payload == {
        "gm": "gemma",
        "players": ["alice", "bob", "carol"],
        "reason": "Not enough players this week.",
        "acting": "gemma",
    }
    assert list(signups.seats.values_list("name", flat=True)) == ["alice", "bob", "carol"]


def test_sign_ups_closed_can_be_cancelled_too(gemma, signups):
    services.set_signups(gemma, signups.id, False)
    services.cancel_game(gemma, signups.id)
    signups.refresh_from_db()
    assert signups.status == Status.CANCELLED
    assert signups.events.get(kind="game_cancelled").payload == {
        "gm": "gemma",
        "players": ["alice", "bob", "carol"],
        "reason": "",
        "acting": "gemma",
    }


def test_only_the_gm_cancels(signups, players, mallory):
    before = unchanged(signups)
    for who in (players["alice"], mallory):
        with pytest.raises(ServiceError, match="Only the game's GM"):
            services.cancel_game(who, signups.id)
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(ServiceError, match="Only the game's GM"):
        services.cancel_game(AnonymousUser(), signups.id)
    assert unchanged(signups) == before


def test_a_started_or_finished_game_cannot_be_cancelled(gemma, players):
    game = new_classic7(gemma, players)
    seat_players(gemma, game, [players[n] for n in SEVEN], start=True)
    before = unchanged(game)
    with pytest.raises(ServiceError, match="has started: it can no longer be cancelled"):
        services.cancel_game(gemma, game.id)
    assert unchanged(game) == before
    Game.objects.filter(pk=game.id).update(status=Status.FINISHED)
    with pytest.raises(ServiceError, match="The game is over"):
        services.cancel_game(gemma, game.id)
    game.refresh_from_db()
    assert game.status == Status.FINISHED


def test_cancelled_is_for_good(gemma, signups):
    services.cancel_game(gemma, signups.id)
    with pytest.raises(ServiceError, match=CANCELLED):
        services.cancel_game(gemma, signups.id)
    signups.refresh_from_db()
    with pytest.raises(IllegalTransition):
        signups.move_to(Status.LOBBY)
    with pytest.raises(IllegalTransition):
        signups.move_to(Status.RUNNING)


def test_a_reason_too_long_is_refused_before_anything_changes(gemma, signups):
    before = unchanged(signups)
    too_long = "x" * (services.CANCEL_REASON_MAX_CHARS + 1)
    with pytest.raises(ServiceError, match="at most 500 characters"):
        services.cancel_game(gemma, signups.id, reason=too_long)
    assert unchanged(signups) == before


def test_nothing_happens_in_a_cancelled_game_any_more(gemma, signups, players, mallory):
    """Joining, leaving, sign-ups, starting, watching, posting (the GM's announcement
    too): each refused with the same clear message, nothing written."""
    services.cancel_game(gemma, signups.id)
    before = unchanged(signups)
    alice = players["alice"]
    refused = [
        lambda: services.join_game(mallory, signups.id),
        lambda: services.leave_game(alice, signups.id),
        lambda: services.set_signups(gemma, signups.id, True),
        lambda: services.start_game(gemma, signups.id),
        lambda: services.watch_game(mallory, signups.id),
        lambda: services.post_message(gemma, signups.id, channel="announce", text="Back on?"),
        lambda: services.post_message(alice, signups.id, channel="day", text="hello"),
        lambda: services.post_message(alice, signups.id, channel="graveyard", text="-roulette"),
    ]
    for call in refused:
        with pytest.raises(ServiceError, match=CANCELLED):
            call()
    assert unchanged(signups) == before
    assert not Post.objects.filter(game=signups).exists()


# -- the pages -------------------------------------------------------------------------


def test_the_gm_sees_a_cancel_button_that_asks_first(gemma, signups, players, mallory):
    html = game_page(logged_in(gemma), signups)
    assert f'href="/games/{signups.id}/cancel/"' in html and "Cancel the game" in html
    confirm = logged_in(gemma).get(reverse("cancel", args=[signups.id])).content.decode()
    assert "Cancel Classic seven?" in confirm and "alice, bob, carol" in confirm
    assert f'action="/games/{signups.id}/cancel/"' in confirm and "csrfmiddlewaretoken" in confirm
    signups.refresh_from_db()
    assert signups.status == Status.LOBBY  # asking changed nothing
    for client in (logged_in(players["alice"]), logged_in(mallory), Client()):
        assert "Cancel the game" not in game_page(client, signups)


def test_a_player_cannot_open_or_post_the_cancel_page(signups, players, mallory):
    for user in (players["alice"], mallory):
        client = logged_in(user)
        response = client.get(reverse("cancel", args=[signups.id]), follow=True)
        assert "Only the game&#x27;s GM may cancel it." in response.content.decode()
        response = client.post(reverse("cancel", args=[signups.id]), follow=True)
        assert "Only the game&#x27;s GM may do that." in response.content.decode()
    anonymous = Client().post(reverse("cancel", args=[signups.id]))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    signups.refresh_from_db()
    assert signups.status == Status.LOBBY


def test_the_cancel_post_needs_its_csrf_token(gemma, signups):
    client = Client(enforce_csrf_checks=True)
    client.force_login(gemma)
    assert client.post(reverse("cancel", args=[signups.id])).status_code == 403
    signups.refresh_from_db()
    assert signups.status == Status.LOBBY


def test_a_cancelled_game_page_tells_everyone_and_offers_nothing(gemma, signups, players):
    gm = logged_in(gemma)
    response = gm.post(
        reverse("cancel", args=[signups.id]),
        {"reason": "No <b>quorum</b>; see you Friday."},
        follow=True,
    )
    assert "The game is cancelled" in response.content.decode()
    for client in (logged_in(players["alice"]), logged_in(players["dave"]), Client(), gm):
        html = game_page(client, signups)
        assert '<section class="cancelled" id="cancelled">' in html
        assert "gemma cancelled this game during sign-ups" in html
        assert "No &lt;b&gt;quorum&lt;/b&gt;; see you Friday." in html
        assert "<b>quorum</b>" not in html
        assert "3 of 7 seats were filled" in html and "<li>alice</li>" in html
        for offer in ("In!", ">Leave<", "Start the game", "sign-ups</button>", "Cancel the"):
            assert offer not in html
        assert 'id="live"' not in html  # nothing more will happen on this page
        assert 'name="text"' not in html  # no announcement form


def test_the_cancel_page_of_a_cancelled_or_started_game_says_why_not(gemma, players):
    game = new_classic7(gemma, players)
    services.cancel_game(gemma, game.id)
    response = logged_in(gemma).get(reverse("cancel", args=[game.id]), follow=True)
    assert "This game is cancelled already." in response.content.decode()
    started = new_classic7(gemma, players, name="Started")
    seat_players(gemma, started, [players[n] for n in SEVEN], start=True)
    response = logged_in(gemma).get(reverse("cancel", args=[started.id]), follow=True)
    assert "Only a game in sign-ups can be cancelled." in response.content.decode()
    response = logged_in(gemma).post(reverse("cancel", args=[started.id]), follow=True)
    assert "it can no longer be cancelled" in response.content.decode()


def test_a_join_in_a_cancelled_game_gets_the_message(gemma, signups, mallory):
    services.cancel_game(gemma, signups.id)
    response = logged_in(mallory).post(reverse("join", args=[signups.id]), follow=True)
    assert CANCELLED in response.content.decode()
    assert not signups.seats.filter(user=mallory).exists()


def test_the_lobby_lists_a_cancelled_game_among_the_finished_not_the_open(gemma, players):
    kept = new_classic7(gemma, players, name="Still open")
    gone = new_classic7(gemma, players, name="Called off")
    services.cancel_game(gemma, gone.id)
    html = Client().get(reverse("lobby")).content.decode()
    open_part, rest = html.split("<h2>Running</h2>", 1)
    finished_part = rest.split("<h2>Finished or cancelled</h2>", 1)[1]
    assert kept.name in open_part and gone.name not in open_part
    assert gone.name in finished_part
    assert '<small class="tag">cancelled</small>' in finished_part


# -- a full game -----------------------------------------------------------------------


def test_a_full_game_shows_full_instead_of_in(gemma, players, mallory):
    game = new_classic7(gemma, players)
    for name in SEVEN:
        services.join_game(players[name], game.id)
    for client in (logged_in(mallory), Client()):
        html = game_page(client, game)
        assert "Full: 7 of 7" in html and "In!" not in html
        assert f'action="/games/{game.id}/join/"' not in html
    assert "Full: 7 of 7" not in game_page(logged_in(players["alice"]), game)  # she may leave
    assert "Full: 7 of 7" not in game_page(logged_in(gemma), game)  # the GM closes sign-ups
    lobby = Client().get(reverse("lobby")).content.decode()
    assert "Classic seven</a> <small>(full)</small>" in lobby
    # The service refuses the eighth seat (already so); the page says why.
    response = logged_in(mallory).post(reverse("join", args=[game.id]), follow=True)
    assert "This game is full." in response.content.decode()
    # A seat frees up: the page offers it again.
    services.leave_game(players["grace"], game.id)
    html = game_page(logged_in(mallory), game)
    assert "In!" in html and "Full:" not in html


def test_a_game_not_full_offers_in_and_a_visitor_is_asked_to_log_in(gemma, signups, mallory):
    assert "In!" in game_page(logged_in(mallory), signups)
    html = game_page(Client(), signups)
    assert "In!" not in html and "to join" in html and "Full:" not in html
