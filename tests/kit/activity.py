"""A day played for the posts rule (tests of the activity counters and their reminders)."""

from __future__ import annotations

from games import services
from games.models import Event, Phase
from tests.kit.games import CLASSIC, dealt_game, state_of


def open_phase(game) -> Phase:
    game.refresh_from_db()
    return services.open_phase(game)


def post(users, game, name, times):
    for i in range(times):
        services.post_message(users[name], game.id, channel="day", text=f"{name} says {i}")


def play_day(gm, game, users, lynch, posts, default_posts=10):
    """Everyone alive posts `default_posts` times (or `posts[name]`) and votes `lynch`
    (who votes for someone else); the GM closes the day."""
    state = state_of(game)
    for name in state.alive_names():
        post(users, game, name, posts.get(name, default_posts))
        services.cast_vote(users[name], game.id, lynch if name != lynch else "ann")
    assert open_phase(game).kind == "night"  # the last vote closed the day


def public(game, kind):
    return [e.payload for e in Event.objects.filter(game=game, kind=kind, audience="public")]


def classic(gm, monkeypatch, first_phase="day", **more):
    return dealt_game(gm, monkeypatch, "ru_classic", "classic_11", CLASSIC, first_phase, **more)
