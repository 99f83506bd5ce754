"""A call the site must refuse: it raises ServiceError with its reason and changes nothing."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from games.models import Action, Event, Game, Phase, Post, Seat, Vote
from games.services import ServiceError


def snapshot(game_id: int) -> tuple:
    game = Game.objects.get(pk=game_id)
    return (
        game.status,
        game.signups_open,
        game.state,
        game.last_event_seq,
        Event.objects.filter(game=game).count(),
        list(Seat.objects.filter(game=game).values_list("name", flat=True)),
        list(
            Action.objects.filter(phase__game=game).values_list("seat__name", "ability", "targets")
        ),
        Vote.objects.filter(phase__game=game).count(),
        Post.objects.filter(game=game).count(),
        list(Phase.objects.filter(game=game).values_list("seq", "closed_at")),
    )


@contextmanager
def refused(game_id: int, message: str = "", refusal: dict | None = None):
    """The call must raise ServiceError and change nothing: the engine's refusal carries
    its message, {"id", "params"} (`refusal`); the site's own says it only in words,
    matched by a fragment (`message`)."""
    before = snapshot(game_id)
    with pytest.raises(ServiceError) as caught:
        yield
    if refusal is not None:
        assert caught.value.refusal == refusal, str(caught.value)
    assert message.lower() in str(caught.value).lower(), str(caught.value)
    assert snapshot(game_id) == before
