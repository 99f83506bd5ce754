"""Issue 16: a service's refusal or a page that lists a ruleset's choices says them in
the reader's words, never the ids the service accepts: reveal modes ("light (the
role)", "светлая (роль)"), the GM's vote rulings (ru_hunt), a verdict round's ballots
(sc2's trial: "казнить", "помиловать")."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from games import services, text
from games.services import ServiceError
from tests.kit.i18n import english_left, names_of_the_site, reader, russian_account
from tests.kit.play import day_one_game, put_on_trial

pytestmark = pytest.mark.django_db


def refusal(call, lang: str) -> str:
    with translation.override(lang), pytest.raises(ServiceError) as refused:
        call()
    return str(refused.value)


def test_a_wrong_reveal_mode_lists_the_modes_in_words(gemma):
    def create():
        services.create_game(
            gemma,
            name="Piter",
            ruleset_id="ru_classic",
            preset_id="classic_11",
            day_seconds=600,
            night_seconds=300,
            reveal_mode="bright",
        )

    assert refusal(create, "en") == (
        "Reveal mode must be one of light (the role), half-light (the team)."
    )
    ru = refusal(create, "ru")
    assert "светлая (роль), полусветлая (команда)" in ru and "half_light" not in ru


def test_a_wrong_vote_ruling_lists_the_rulings_in_words(hunt_day):  # noqa: F811
    gm, game, users = hunt_day

    def rule():
        services.rule_vote(gm, game.id, "ann", "spam")

    en = refusal(rule, "en")
    assert "vote not accepted (the post held more than the nickname)" in en
    ru = refusal(rule, "ru")
    assert "голос не принят" in ru and "засчитан против него" in ru and "vote" not in ru
    # The GM's panel offers and lists them in Russian too.
    services.rule_vote(gm, game.id, "lou", "urged")
    html = reader(russian_account(gm)).get(reverse("game", args=[game.id])).content.decode()
    assert ">голос не принят (в посте было что-то кроме ника)</option>" in html
    assert "<strong>lou</strong>: призывал голосовать против кого-то" in html
    # The desk's sheet: the host's own move in words, not "GM (ведущий) применяет «urged»".
    assert "Ведущий засчитывает голос игрока lou против него самого (агитация)" in html
    # The GM's log line of the ruling too: no English is left on the page.
    assert "(ведущий) Голос игрока lou: призывал голосовать против кого-то" in html
    assert english_left(html, names_of_the_site()) == []
    ruled = game.events.filter(kind="vote_ruled").order_by("seq").last()
    assert text.event_text(ruled, "en").startswith("(GM) lou's vote: urged")
    services.rule_vote(gm, game.id, "lou", "")
    withdrawn = game.events.filter(kind="vote_ruled").order_by("seq").last()
    assert text.event_text(withdrawn, "en") == "(GM) The ruling on lou's vote is withdrawn."
    assert text.event_text(withdrawn, "ru") == "(ведущий) Решение о голосе игрока lou отменено."


def test_a_verdict_round_offers_and_refuses_in_words(gemma):
    table = day_one_game(gemma, "sc2", "standard15", 15, day_type="majority_trial")
    put_on_trial(table, "p01")
    voter = table.users["p00"]
    html = reader(russian_account(voter)).get(reverse("game", args=[table.game.id]))
    html = html.content.decode()
    # Every word of the page is Russian, the round's question included: the round
    # says what it decides (a verdict), not "the vote was tied".
    assert english_left(html, names_of_the_site()) == []
    assert "<h2>Раунд 1</h2>" in html and "поровну" not in html
    question = html.split('<p class="round-question">', 1)[1].split("</p>", 1)[0]
    assert "p01" in question, question
    assert '<option value="execute">казнить</option>' in html
    assert '<option value="pardon">помиловать</option>' in html
    services.cast_vote(voter, table.game.id, "pardon")
    html = reader(voter).get(reverse("game", args=[table.game.id])).content.decode()
    assert "<strong>помиловать</strong>" in html

    def vote_for_a_player():
        services.cast_vote(voter, table.game.id, "p02")

    assert "казнить, помиловать" in refusal(vote_for_a_player, "ru")
    assert "execute, pardon" in refusal(vote_for_a_player, "en")


def test_a_round_among_players_keeps_their_names():
    from roles.messages import rulesets_words as words

    assert words.ballot_labels(["execute", "pardon"], "ru") == {
        "execute": "казнить",
        "pardon": "помиловать",
    }
    assert words.ballot_labels(["ann", "execute"], "ru") == {}  # a player called so
