"""Game text in words on the pages (issue 16): "every event, result, announcement and
role card the engine produces ... the site renders it as a sentence in the reader's
language"; "No raw id reaches a page". A ru_classic page in Russian and in English, the
site's own lines in Russian (every ruleset's game, each log line read in both languages,
is in tests/site/test_site_every_ruleset.py)."""

import re

import pytest
from django.urls import reverse

import roles
from games import text
from games.models import Event
from tests.kit.games import dealt_game
from tests.kit.i18n import LATIN, without_names

pytestmark = pytest.mark.django_db

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


# The site's own lines (games/text.py, the catalogue's words): one payload of each kind
# and each branch, as the GM's tools, the lobby and the posts rule write them.
SITE_LINES = [
    ("joined", {"player": "ann"}),
    ("left", {"player": "ann"}),
    ("left_game", {"player": "ann", "by": "gm", "tonight": True}),
    ("left_game", {"player": "ann", "tonight": False}),
    ("signups", {"open": True}),
    ("signups", {"open": False}),
    ("game_cancelled", {"gm": "gemma"}),
    ("game_started", {"players": ["ann", "bob"]}),
    ("note", {"text": "ann"}),
    ("death_note", {"player": "ann", "text": "bob"}),
    ("will", {"player": "ann", "text": "bob"}),
    ("will", {"player": "ann", "text": ""}),
    ("flavour", {"role": "doctor", "text": "bob"}),
    ("flavour", {"role": "doctor", "text": ""}),
    (
        "dealt",
        {
            "players": [
                {"player": "ann", "role": "mafioso"},
                {"player": "bob", "role": "consigliere", "told": "townie"},
            ]
        },
    ),
    ("masks", {"masks": [{"mask": "Oak", "account": "ann"}]}),
    ("your_mask", {"mask": "Oak"}),
    ("spectator_joined", {"spectator": "ann"}),
    ("roulette_option", {"spectators_play": True}),
    ("roulette_option", {"spectators_play": False}),
    ("modkill", {"you": True}),
    ("modkill", {"player": "ann", "deaths": [{"player": "ann"}], "void_votes": ["bob"]}),
    ("activity_warning", {"player": "ann", "posts": 3, "needed": 10, "day": 1}),
    ("substitute_wanted", {"player": "ann", "posts": 3, "needed": 10, "day": 2}),
    ("substitute_wanted", {"you": True, "posts": 3, "needed": 10, "day": 2}),
    (
        "reminder",
        {
            "kind": "day",
            "number": 2,
            "deadline": "2026-01-01T18:00:00Z",
            "minutes": 15,
            "owes": "vote",
        },
    ),
    (
        "reminder",
        {
            "kind": "night",
            "number": 2,
            "deadline": "2026-01-01T18:00:00Z",
            "minutes": 15,
            "owes": "action",
        },
    ),
    ("deadline_extended", {"deadline": "2026-01-01T18:00:00Z"}),
    ("deadline_extended", {"gm": "gemma", "by": 900, "paused": True, "remaining": 600}),
    ("deadline_extended", {"gm": "gemma", "by": 900, "deadline": "2026-01-01T18:00:00Z"}),
    (
        "deadline_extended",
        {
            "gm": "gemma",
            "by": 900,
            "deadline": "2026-01-01T18:00:00Z",
            "acting_cogm": True,
            "acting": "carol",
        },
    ),
    ("paused", {"remaining": 600}),
    ("resumed", {"deadline": "2026-01-01T18:00:00Z"}),
    ("replaced", {"player": "ann", "by": "bob"}),
    ("replaced", {"player": "Oak", "masked": True}),
    ("cogm_added", {"account": "carol"}),
    ("cogm_removed", {"account": "carol"}),
    ("gm_handed_over", {"was": "gemma", "account": "carol"}),
    ("bots_added", {"players": ["bot1", "bot2"]}),
    ("bot_removed", {"player": "bot1"}),
    ("action_void", {"player": "ann"}),
    (
        "rooms",
        {"player": "ann", "joined": ["Mafia chat"], "left": [], "joined_ids": ["faction:mafia"]},
    ),
]
SITE_NAMES = ["gemma", "carol", "ann", "bob", "bot1", "bot2", "Oak", "UTC"]


@pytest.mark.parametrize(("kind", "payload"), SITE_LINES)
def test_the_sites_own_lines_are_said_in_russian(kind, payload):
    """ "every page rendered in Russian with no English left but names": the lobby's,
    the GM tools', the masks' and the posts rule's lines in the reader's language."""
    event = Event(kind=kind, payload=payload, audience="all")
    event.ruleset = "bay12"  # the role names of the deal and the flavour text
    english = text.event_text(event, "en")
    russian = text.event_text(event, "ru")
    assert english and russian and english != russian, (kind, english, russian)
    assert not LATIN.findall(without_names(russian, SITE_NAMES)), (kind, russian)
    assert not re.search(r"[А-Яа-яЁё]", english), (kind, english)
    assert "%(" not in russian and "%(" not in english


def test_a_co_gms_tool_names_him_in_each_language():
    event = Event(kind="paused", payload={"remaining": 60, "acting_cogm": True, "acting": "carol"})
    assert text.event_text(event, "en") == "Co-GM carol paused the game (1:00 left)."
    assert (
        text.event_text(event, "ru") == "Со-ведущий carol поставил игру на паузу (осталось 1:00)."
    )


@pytest.mark.parametrize(
    "pending",
    [
        roles.PendingDecision(
            "GM: the vote is tied between ann, bob; the host must decide (tie)",
            kind="action",
            choices=["ann", "bob"],
            actor="GM",
            ability="hang",
        ),
        roles.PendingDecision(
            "hal: the vote is tied between ann, bob; the hangman must choose",
            kind="action",
            choices=["ann", "bob"],
            actor="hal",
            ability="hang",
        ),
        roles.PendingDecision(
            "the second round", kind="round", choices=["ann", "bob"], voters=["hal"], index=1
        ),
    ],
)
def test_the_desks_question_is_asked_in_the_gms_language(pending):
    """The GM desk's pending decision: the engine's English in English, a Russian
    sentence with no English word but the names in Russian."""
    from games.desk.outcome import question_text

    english = question_text(pending, "en")
    assert pending.reason in english
    russian = question_text(pending, "ru")
    assert not LATIN.findall(without_names(russian, ["ann", "bob", "hal"])), russian


def test_the_desks_question_gives_the_engines_reason_in_russian_too():
    """The engine's reason is a message (roles.Reason): the Russian desk says it in
    Russian after the question, as English says it inside."""
    from games.desk.outcome import question_text
    from roles.errors import Reason

    reason = Reason("question.tie", tied="ann, bob")
    pending = roles.PendingDecision(reason, kind="action", choices=["ann", "bob"], actor="GM")
    assert str(reason) in question_text(pending, "en")
    russian = question_text(pending, "ru")
    assert russian.endswith("Ничья на голосовании между ann, bob: решает ведущий."), russian
