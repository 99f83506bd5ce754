"""The rulesets' own refusals and the pending round's question in the reader's language
(issue 16): a ruleset's check (ru_classic has no pass vote: ru_common.vote_rule) read
in Russian by a Russian player who posts it; a catastrophe round's question (ru_sport)
and the GM's line when the round lacks ballots, in each reader's language."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games import text as game_text
from games.models import Event, Phase, Profile
from tests.kit.play import day_one_game, tie_between


def signed_in(user, lang: str) -> Client:
    Profile.objects.update_or_create(user=user, defaults={"language": lang})
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_a_rulesets_own_refusal_reads_in_russian_on_the_page(gemma):
    table = day_one_game(gemma, "ru_classic", "classic_11", 11, reveal_mode="light")
    day = table.phase()
    vote = reverse("vote", args=[table.game.id])
    russian = signed_in(table.users["p00"], "ru")
    page = russian.post(vote, {"target": "pass", "phase_seq": day.seq}, follow=True)
    assert "В этих правилах нельзя проголосовать «пас»." in page.content.decode()
    english = signed_in(table.users["p01"], "en")
    page = english.post(vote, {"target": "pass", "phase_seq": day.seq}, follow=True)
    assert "this ruleset has no pass vote" in page.content.decode()


@pytest.mark.django_db
def test_ru_sports_second_vote_change_is_refused_in_russian(gemma):
    table = day_one_game(gemma, "ru_sport", "sport_10", 10)
    day = table.phase()
    vote = reverse("vote", args=[table.game.id])
    russian = signed_in(table.users["p00"], "ru")
    for target in ("p01", "p02"):
        russian.post(vote, {"target": target, "phase_seq": day.seq})
    page = russian.post(vote, {"target": "p03", "phase_seq": day.seq}, follow=True)
    assert "В этих правилах голос можно изменить только 1 раз." in page.content.decode()


@pytest.mark.django_db
def test_the_catastrophe_rounds_question_reads_in_each_language(gemma):
    table = day_one_game(gemma, "ru_sport", "sport_10", 10)
    tie_between(table, "p01", "p04")
    assert services.gm_close_phase(gemma, table.game.id) is False
    asked = Event.objects.get(game=table.game, kind="decision_needed", audience="public")
    assert game_text.event_text(asked, "ru") == (
        "Ничья на голосовании — катастрофа: казнить всех или помиловать всех (раунд катастрофы 1)."
    )
    assert game_text.event_text(asked, "en") == (
        "The vote is tied: catastrophe round 1 is needed (execute / pardon)."
    )
    # The round lacks ballots at the deadline: the GM is told why, in his language.
    services.cast_vote(table.users["p00"], table.game.id, "execute")
    day = table.phase()
    Phase.objects.filter(pk=day.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    services.sweep_overdue_phases()
    refused = Event.objects.filter(game=table.game, kind="close_refused").first()
    russian = game_text.event_text(refused, "ru")
    assert re.fullmatch(
        r"Фазу пока нельзя закрыть\. Нет голоса игрока p\d\d: голосуют все живые игроки "
        r"\(раунд катастрофы 1\)\.",
        russian,
    ), russian
    english = game_text.event_text(refused, "en")
    assert re.fullmatch(
        r"The phase cannot close yet\. p\d\d: every living player votes in the catastrophe "
        r"round 1\.",
        english,
    ), english


@pytest.mark.django_db
def test_the_hosts_tie_question_reads_in_russian(gemma):
    table = day_one_game(gemma, "ru_classic", "classic_11", 11, reveal_mode="light", tie="gm")
    tie_between(table, "p01", "p04")
    services.gm_close_phase(gemma, table.game.id)
    asked = Event.objects.get(game=table.game, kind="decision_needed", audience="gm")
    assert game_text.event_text(asked, "ru") == (
        "Ничья на голосовании между p01, p04: решает ведущий."
    )
    public = Event.objects.get(game=table.game, kind="decision_needed", audience="public")
    assert game_text.event_text(public, "en") == "The vote is over: the day waits for a decision."
    assert game_text.event_text(public, "ru") == "Голосование окончено: день ждёт решения."
