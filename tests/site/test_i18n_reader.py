"""Issue 16: "a language switch on every page, remembered per account, defaulting from
the browser; dates, times and the countdown in the reader's locale and time zone";
the profile's pronoun ("they" by default) for the death descriptions.

Personas: olga has set Russian in her profile; ivan never set anything (his browser
speaks for him); a visitor is not signed in."""

import zoneinfo

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation

from games import profiles, services
from games.models import Profile
from tests.kit.games import SEVEN, make_user, new_classic7, seat_players
from tests.kit.i18n import signed_in

RUSSIAN_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "ru-RU,ru;q=0.9"}


def page_language(client, url="/") -> str:
    html = client.get(url).content.decode()
    return html.split('<html lang="', 1)[1].split('"', 1)[0]


@pytest.mark.django_db
def test_the_language_defaults_from_the_browser():
    assert page_language(Client()) == "en"
    assert page_language(Client(**RUSSIAN_BROWSER)) == "ru"
    assert "Лобби" in Client(**RUSSIAN_BROWSER).get("/").content.decode()
    ivan = make_user("ivan")
    assert page_language(signed_in(ivan, **RUSSIAN_BROWSER)) == "ru"
    assert page_language(signed_in(ivan)) == "en"


@pytest.mark.django_db
def test_every_page_has_the_switch_and_it_is_remembered_per_account():
    olga = make_user("olga")
    browser = signed_in(olga, HTTP_REFERER="http://testserver/leaderboard/")
    assert 'name="language" value="ru"' in browser.get("/").content.decode()
    response = browser.post(reverse("set_language"), {"language": "ru"})
    assert response.status_code == 302 and response["Location"] == "http://testserver/leaderboard/"
    assert Profile.objects.get(user=olga).language == "ru"
    # Another browser (no cookie, an English Accept-Language): the account decides.
    elsewhere = signed_in(olga, HTTP_ACCEPT_LANGUAGE="en")
    assert page_language(elsewhere) == "ru"
    signed_in(olga).post(reverse("set_language"), {"language": "en"})
    assert page_language(signed_in(olga, **RUSSIAN_BROWSER)) == "en"


@pytest.mark.django_db
def test_a_visitors_switch_is_kept_by_his_browser_only():
    visitor = Client()
    visitor.post(reverse("set_language"), {"language": "ru"})
    assert page_language(visitor) == "ru"
    assert page_language(Client()) == "en"
    assert not Profile.objects.exists()


@pytest.mark.django_db
def test_a_bad_language_or_a_foreign_page_changes_nothing():
    olga = make_user("olga")
    browser = signed_in(olga, HTTP_REFERER="https://elsewhere.example/phish")
    response = browser.post(reverse("set_language"), {"language": "xx"})
    assert response["Location"] == "/"  # never back to another site
    assert not Profile.objects.filter(user=olga).exists()
    assert page_language(browser) == "en"
    assert Client().get(reverse("set_language")).status_code == 405


@pytest.mark.django_db
def test_the_settings_page_sets_language_time_zone_and_pronoun():
    olga = make_user("olga")
    browser = signed_in(olga)
    assert signed_in(olga).get(reverse("settings")).status_code == 200
    assert Client().get(reverse("settings")).status_code == 302  # log in first
    data = {"language": "ru", "time_zone": "Europe/Moscow", "pronoun": "she"}
    response = browser.post(reverse("settings"), data)
    assert response.status_code == 302
    assert (profiles.language_of(olga), profiles.time_zone_of(olga)) == ("ru", "Europe/Moscow")
    assert profiles.pronoun_of(olga) == "she"
    assert "Настройки сохранены." in browser.get(reverse("settings")).content.decode()
    # Bad input gets a clear error and changes nothing.
    bad = browser.post(reverse("settings"), {**data, "time_zone": "Mars/Olympus", "pronoun": "it"})
    assert bad.status_code == 200
    profile = Profile.objects.get(user=olga)
    assert (profile.time_zone, profile.pronoun) == ("Europe/Moscow", "she")


@pytest.mark.django_db
def test_the_readers_defaults_without_a_profile():
    ivan = make_user("ivan")
    for reader in (AnonymousUser(), ivan):
        assert profiles.pronoun_of(reader) == "they"
        assert profiles.time_zone_of(reader) == "UTC"
        assert profiles.language_of(reader) == "en"
    request = RequestFactory().get("/", **RUSSIAN_BROWSER)
    request.COOKIES[profiles.TIME_ZONE_COOKIE] = "Asia/Tokyo"
    assert profiles.language_of(AnonymousUser(), request) == "ru"
    assert profiles.time_zone_of(AnonymousUser(), request) == "Asia/Tokyo"
    request.COOKIES[profiles.TIME_ZONE_COOKIE] = "Not/AZone"
    assert profiles.time_zone_of(ivan, request) == "UTC"


@pytest.mark.django_db
def test_the_phase_deadline_is_shown_in_the_readers_time_zone(gemma, players):
    game = new_classic7(gemma, players)
    seat_players(gemma, game, [players[n] for n in SEVEN], start=True)
    deadline = services.open_phase(game).deadline
    alice, bob = players["alice"], players["bob"]
    Profile.objects.create(user=alice, time_zone="Asia/Tokyo")
    tokyo = deadline.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    page = signed_in(alice).get(reverse("game", args=[game.id])).content.decode()
    assert f"{tokyo:%H:%M:%S} JST</time>" in page
    assert 'data-time-zone="Asia/Tokyo"' in page  # the scripts write times in it too
    # bob chose none: his browser's zone (reader.js's cookie), else UTC.
    browser = signed_in(bob)
    browser.cookies[profiles.TIME_ZONE_COOKIE] = "America/New_York"
    new_york = deadline.astimezone(zoneinfo.ZoneInfo("America/New_York"))
    page = browser.get(reverse("game", args=[game.id])).content.decode()
    assert f"{new_york:%H:%M:%S} {new_york.tzname()}</time>" in page
    page = signed_in(bob).get(reverse("game", args=[game.id])).content.decode()
    assert f"{deadline:%H:%M:%S} UTC</time>" in page


@pytest.mark.django_db
def test_a_refusal_reads_in_the_readers_language(gemma, players):
    """Services' refusals are written in the reader's language (ServiceError texts)."""
    game = new_classic7(gemma, players)
    olga = make_user("olga")
    Profile.objects.create(user=olga, language="ru")
    with translation.override("ru"):
        with pytest.raises(services.ServiceError, match="Вы не играете в этой игре"):
            services.cast_vote(olga, game.id, "bob")
    browser = signed_in(olga)
    response = browser.post(reverse("vote", args=[game.id]), {"target": "bob"}, follow=True)
    assert "В форме нет фазы; обновите страницу." in response.content.decode()
    english = signed_in(make_user("yuri"))
    response = english.post(reverse("vote", args=[game.id]), {"target": "bob"}, follow=True)
    assert "The form is missing its phase; reload the page." in response.content.decode()


@pytest.mark.django_db
def test_a_socket_speaks_its_readers_language():
    olga, ivan = make_user("olga"), make_user("ivan")
    Profile.objects.create(user=olga, language="ru")
    assert profiles.language_of_socket({"user": olga, "headers": []}) == "ru"
    russian_headers = [(b"accept-language", b"ru-RU,ru;q=0.9")]
    assert profiles.language_of_socket({"user": ivan, "headers": russian_headers}) == "ru"
    assert profiles.language_of_socket({"user": ivan, "headers": []}) == "en"
    cookie = [(b"cookie", b"django_language=ru")]
    assert profiles.language_of_socket({"user": AnonymousUser(), "headers": cookie}) == "ru"


def test_the_migrations_form_one_chain_ending_in_the_last():
    """Branches that each added a migration were chained on merge: one leaf, the last."""
    from django.db.migrations.loader import MigrationLoader

    leaves = MigrationLoader(None).graph.leaf_nodes("games")
    assert leaves == [("games", "0021_post_thread_search")]
