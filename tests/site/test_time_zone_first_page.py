"""The browser's time zone on a reader's first page (issue 16): the page marks each of
its times for reader.js (`<time datetime data-format>`) and says whether the reader
chose his zone; the zone cookie reader.js writes (URL-encoded) is read back. The
browser itself: tests/live/test_time_zone_browser.py."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client, RequestFactory
from django.urls import reverse

from games import profiles, services
from games.models import Profile
from tests.kit.games import SEVEN, new_classic7, seat_players

pytestmark = pytest.mark.django_db


def test_the_encoded_zone_cookie_is_read():
    request = RequestFactory().get("/")
    request.COOKIES[profiles.TIME_ZONE_COOKIE] = "Asia%2FTokyo"  # as reader.js writes it
    assert profiles.time_zone_of(AnonymousUser(), request) == "Asia/Tokyo"


def test_the_page_marks_its_times_and_whether_the_zone_was_chosen(gemma, players):
    game = new_classic7(gemma, players, day_seconds=3600, night_seconds=3600)
    seat_players(gemma, game, [players[n] for n in SEVEN], start=True)
    services.gm_close_phase(gemma, game.id)
    services.post_message(players["bob"], game.id, channel="day", text="Hello.")
    url = reverse("game", args=[game.id])
    client = Client()
    client.force_login(players["alice"])
    page = client.get(url).content.decode()
    deadline = services.open_phase(game).deadline
    assert f'datetime="{deadline.isoformat()}" data-format="clock-zone">' in page
    assert 'data-format="clock">' in page  # bob's post
    assert "data-zone-chosen" not in page
    Profile.objects.create(user=players["alice"], time_zone="Europe/Moscow")
    assert "<body" in page and "data-zone-chosen" in client.get(url).content.decode()
