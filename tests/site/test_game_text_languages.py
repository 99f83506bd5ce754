"""Game text in words on the pages (issue 16): "every event, result, announcement and
role card the engine produces ... the site renders it as a sentence in the reader's
language"; "No raw id reaches a page". A mechanical game of every ruleset, each log
line read in English and in Russian; a ru_classic page in Russian and in English."""

import re

import pytest
from django.urls import reverse

import roles
from games import text
from games.models import Event
from tests.site.helpers import dealt_game
from tests.site.test_site_every_ruleset import PRESETS, play_mechanical_game

pytestmark = pytest.mark.django_db

LATIN = re.compile(r"[A-Za-z]+")
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
# The lines the engine's words make (the site's own lines come from its catalogue).
ENGINE_KINDS = {
    "phase_closed",
    "phase_opened",
    "result",
    "role",
    "teammates",
    "game_over",
    "action_recorded",
    "action_withdrawn",
    "phase_record",
    "last_will",
    "modkill",
}


def without_names(line: str, names) -> str:
    for name in sorted(names, key=len, reverse=True):
        line = line.replace(name, " ")
    return line


@pytest.mark.parametrize(("ruleset_id", "preset_id"), PRESETS)
def test_every_engine_line_of_a_game_is_a_sentence_in_both_languages(gemma, ruleset_id, preset_id):
    game = play_mechanical_game(gemma, ruleset_id, preset_id)
    names = list(game.seats.values_list("name", flat=True))
    said = 0
    for event in game.events.order_by("seq"):
        for lang in ("en", "ru"):
            for line in (text.event_text(event, lang), text.gm_event_text(event, lang)):
                assert not RAW_ID.search(without_names(line, names)), (event.kind, line)
                assert "He/She" not in line and "[" not in line, line
                if lang == "ru" and event.kind in ENGINE_KINDS:
                    rest = without_names(line, names)
                    assert not LATIN.findall(rest), (event.kind, line)
                    said += 1
    assert said > 10


CLASSIC = {f"p{i:02d}": role for i, role in enumerate(
    ("commissar", "doctor", "civilian", "civilian", "civilian", "civilian",
     "civilian", "civilian", "civilian", "mafia", "mafia", "advocate")
)}  # fmt: skip


def test_a_ru_classic_page_speaks_the_readers_language(gemma, monkeypatch):
    """003: 'Комиссар (мирные). ... ночью может проверять статус любого игрока'; the
    Russian reader reads the forum's names and card, the English reader faithful ones."""
    from django.test import Client

    from games import services

    game, users = dealt_game(gemma, monkeypatch, "ru_classic", "classic_12", CLASSIC)
    client = Client()
    client.force_login(users["p00"])
    url = reverse("game", args=[game.id])
    # The reader's language is his browser's (LocaleMiddleware): the night's form is the
    # engine's offer in words.
    night = client.get(url, headers={"accept-language": "ru"}).content.decode()
    assert "<legend data-engine-text>Проверить" in night
    assert "<legend data-engine-text>Check" not in night
    services.submit_action(users["p00"], game.id, ability="check", targets=["p09"])
    services.gm_close_phase(gemma, game.id)
    russian = client.get(url, headers={"accept-language": "ru"}).content.decode()
    english = client.get(url, headers={"accept-language": "en"}).content.decode()
    card_ru = roles.get_ruleset("ru_classic").roles["commissar"].card_ru
    assert "<strong>Комиссар</strong>" in russian and "Мирные" in russian
    assert card_ru[:40] in russian
    assert "Результат проверки игрока p09: Мафия." in russian
    assert "Ночь 1 закончилась." in russian
    assert "<strong>Commissar</strong>" in english and "Civilians" in english
    assert "Your check of p09: Mafia." in english
    assert "Записано: проверить → p09." in russian and "Recorded: check → p09." in english
    for page in (russian, english):  # the card in words: no "Check [check]"
        assert "[check]" not in page and "role_change" not in page
    assert not Event.objects.filter(game=game, kind="result").exclude(audience="seat:p00")
