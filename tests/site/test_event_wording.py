"""Issue 16's wording, as the browser test's screenshots showed it wrong: a revealed
death told once; a seat's own result without its own name before it; the GM (and,
after the game, everyone) reading a seat's result as that seat's ("eve's check of
bob", never "Your check of bob"); the "dead" tag agreeing with the player's pronoun.
Each in English and in Russian."""

import pytest
from django.test import Client
from django.urls import reverse

from games import services, text
from games.models import Event, Profile
from games.services import push
from tests.kit.games import CLASSIC, dealt_game, game_page

pytestmark = pytest.mark.django_db


@pytest.fixture
def night_one(gemma, monkeypatch):
    """ru_classic: eve (the Commissar, she) checks bob (mafia); the mafia shoot fay
    (she); the GM closes the night. ann is "he", the others "they"."""
    game, users = dealt_game(gemma, monkeypatch, "ru_classic", "classic_11", CLASSIC)
    for name, pronoun in (("eve", "she"), ("fay", "she"), ("ann", "he")):
        Profile.objects.create(user=users[name], pronoun=pronoun)
    services.submit_action(users["eve"], game.id, ability="check", targets=["bob"])
    for mafia in ("bob", "cid"):
        services.submit_action(users[mafia], game.id, ability="kill", targets=["fay"])
    services.gm_close_phase(gemma, game.id)
    game.refresh_from_db()
    return game, users


def test_a_revealed_death_is_told_once(night_one):
    game, users = night_one
    russian, english = game_page(users["gil"], game, "ru"), game_page(users["gil"], game, "en")
    assert russian.count("fay (Мирный) погибла.") >= 1
    assert "Статус игрока fay" not in russian
    assert "fay (Civilian) died." in english
    assert "fay was Civilian" not in english
    closed = Event.objects.get(game=game, kind="phase_closed", audience="public")
    assert text.event_text(closed, "ru", {"fay": "she"}.get) == (
        "Ночь 1 закончилась. Этой ночью убит 1 игрок. fay (Мирный) погибла."
    )


def test_the_commissar_reads_her_result_without_her_own_name(night_one):
    game, users = night_one
    russian, english = game_page(users["eve"], game, "ru"), game_page(users["eve"], game, "en")
    assert "Ночь 1: Результат проверки игрока bob: Мафия." in russian
    assert "eve: Результат" not in russian
    assert "Night 1: Your check of bob: Mafia." in english
    assert "eve: Your check" not in english
    result = Event.objects.get(game=game, kind="result")
    assert text.event_text(result, "en") == "Your check of bob: Mafia."
    assert text.event_text(result, "ru") == "Результат проверки игрока bob: Мафия."


def test_the_gm_reads_the_seats_result_as_the_seats(night_one, gemma):
    game, _users = night_one
    result = Event.objects.get(game=game, kind="result")
    assert text.gm_event_text(result, "en") == "eve's check of bob: Mafia."
    assert text.gm_event_text(result, "ru") == "eve проверила игрока bob: Мафия."
    pushed = push.event_message(result, named=True)["texts"]  # the GM's socket copy
    assert pushed == {"en": "eve's check of bob: Mafia.", "ru": "eve проверила игрока bob: Мафия."}
    for lang in ("en", "ru"):
        gm_page = game_page(gemma, game, lang)
        assert "Your check of" not in gm_page and "Результат проверки" not in gm_page
    assert "eve проверила игрока bob: Мафия." in game_page(gemma, game, "ru")
    # The GM's resync (events_after) reads the same line.
    client = Client()
    client.force_login(gemma)
    synced = client.get(reverse("events_after", args=[game.id]), {"after": ""}).json()
    lines = [e["text"] for e in synced["events"] if e["kind"] == "result"]
    assert lines == ["eve's check of bob: Mafia."]


def test_a_result_without_a_named_form_is_addressed_to_the_seat():
    said = {"to": "ann", "kind": "blocked"}
    assert text.result_text(said, "en", "bay12") == "To ann: You were roleblocked tonight."
    assert text.result_text(said, "ru", "bay12") == "Игроку ann: Этой ночью вас заблокировали."
    assert text.own_result_text(said, "en", "bay12") == "You were roleblocked tonight."


def test_the_dead_tag_agrees_with_the_pronoun(night_one, gemma):
    game, users = night_one
    russian = game_page(users["gil"], game, "ru")
    assert '<span class="pname">fay</span> <span class="tag">мертва · Мирный</span>' in russian
    assert "мёртв ·" not in russian
    # The day: ann (he) and gil (they) are modkilled by the GM.
    services.modkill_player(gemma, game.id, "ann")
    services.modkill_player(gemma, game.id, "gil")
    russian = game_page(users["hal"], game, "ru")
    assert '<span class="pname">ann</span> <span class="tag">мёртв · Доктор</span>' in russian
    assert '<span class="pname">gil</span> <span class="tag">мёртв(а) · Мирный</span>' in russian
    english = game_page(users["hal"], game, "en")
    assert '<span class="pname">fay</span> <span class="tag">dead · Civilian</span>' in english
    # fay reads her own role's tag in her words; the GM's table too.
    assert '<span class="tag dead-tag">мертва</span>' in game_page(users["fay"], game, "ru")
    assert "<td>мертва</td>" in game_page(gemma, game, "ru")


# -- the pronouns, read once per page or commit (games/profiles.py pronoun_batch) -------


def pronoun_reads(queries) -> int:
    """The reads of a game's seats' pronouns (not a reader's own profile)."""
    return sum("JOIN games_profile" in q["sql"] for q in queries)  # profiles.PRONOUNS_IN_GAME


def test_a_batch_of_lines_reads_the_pronouns_once(night_one, django_assert_num_queries):
    from games import profiles

    game, _users = night_one
    events = list(Event.objects.filter(game=game).select_related("game").order_by("seq"))
    with django_assert_num_queries(1):  # the seats and their profiles: once for them all
        with profiles.pronoun_batch():
            lines = [text.gm_event_text(e, lang) for e in events for lang in ("en", "ru")]
    assert "fay (Мирный) погибла." in " ".join(lines)
    with django_assert_num_queries(2):  # outside a batch: each line that needs them reads
        text.event_text(events[-2], "ru"), text.event_text(events[-2], "en")


def test_a_page_and_a_commit_read_the_pronouns_once(night_one, gemma):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game, users = night_one
    client = Client()
    client.force_login(gemma)
    with CaptureQueriesContext(connection) as page_queries:
        client.get(reverse("game", args=[game.id]), headers={"accept-language": "ru"})
    assert pronoun_reads(page_queries.captured_queries) == 1
    # A commit's pushes: every line in every language, the GM's copies included.
    with CaptureQueriesContext(connection) as commit_queries:
        services.modkill_player(gemma, game.id, "ann")
    assert pronoun_reads(commit_queries.captured_queries) == 1
