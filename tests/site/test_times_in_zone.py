"""Every time a reader reads is on his clock (issue 16: "dates, times and the countdown
in the reader's locale and time zone"): the GM's extension line in the log, a late
move's refusal and a night chat post's time, not a bare UTC."""

import zoneinfo
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import clocks, services
from games.models import Profile
from games.services import ServiceError
from tests.kit.games import SEVEN, new_classic7, seat_players
from tests.kit.i18n import signed_in

pytestmark = pytest.mark.django_db
TOKYO = zoneinfo.ZoneInfo("Asia/Tokyo")


def test_a_clock_names_the_active_zone():
    noon = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
    assert clocks.local_clock(noon) == "12:00:00 UTC"
    with timezone.override("Europe/Moscow"):
        assert clocks.local_clock(noon.isoformat()) == "15:00:00 MSK"
    with timezone.override(TOKYO):
        assert clocks.local_clock("2026-12-03T12:00:00+00:00") == "21:00:00 JST"


def test_the_gms_extension_reads_on_the_readers_clock(gemma, players):
    game = new_classic7(gemma, players)
    seat_players(gemma, game, [players[n] for n in SEVEN], start=True)
    phase = services.extend_phase(gemma, game.id, 600)
    alice = players["alice"]
    Profile.objects.create(user=alice, time_zone="Asia/Tokyo")
    tokyo = phase.deadline.astimezone(TOKYO)
    page = signed_in(alice).get(reverse("game", args=[game.id])).content.decode()
    assert f"{tokyo:%H:%M:%S} JST" in page
    utc = f"{phase.deadline.astimezone(UTC):%H:%M:%S} UTC"
    assert utc not in page  # no line of his log says the UTC time


def test_a_late_move_is_refused_on_the_readers_clock(gemma, players):
    game = new_classic7(gemma, players)
    phase = seat_players(gemma, game, [players[n] for n in SEVEN], start=True)
    game.refresh_from_db()
    state = services.engine_state(game)
    actor = next(p.name for p in state.players if services.choices_now(state, p.name) and p.alive)
    choice = services.choices_now(state, actor)[0]
    user = game.seats.get(name=actor).user
    ended = timezone.now() - timedelta(seconds=5)  # the deadline passed, not yet closed
    type(phase).objects.filter(pk=phase.pk).update(deadline=ended)
    with timezone.override(TOKYO), pytest.raises(ServiceError) as refused:
        services.submit_action(
            user, game.id, ability=choice["ability"], targets=choice["targets"][:1]
        )
    assert f"at {ended.astimezone(TOKYO):%H:%M:%S} JST: your move" in str(refused.value)


def test_a_night_chat_post_is_timed_on_the_readers_clock(gemma, monkeypatch):
    from tests.kit.games import Table, make_user
    from tests.kit.rooms import CAST, jailed_night, new_sc2_rooms_game, say

    users = {name: make_user(name) for name in CAST}
    table = Table(new_sc2_rooms_game(gemma, users, monkeypatch), users, gemma)
    jailed_night(table)
    post = say(table, "bob", "jail:1", "let me out")
    Profile.objects.create(user=users["bob"], time_zone="Asia/Tokyo")
    page = signed_in(users["bob"]).get(reverse("game", args=[table.game.id])).content.decode()
    assert "let me out" in page
    from games.models import Event

    at = Event.objects.filter(kind="post", payload__post=post.ref).first().payload["at"]
    assert f"{datetime.fromisoformat(at).astimezone(TOKYO):%H:%M:%S}" in page
