"""The GM's rulings on the vote thread from the GM panel (ru_hunt, issue 19).

003: 'В случае, если в теме для голосования, в сообщении содержится что-либо, кроме ника
игрока – голос не будет принят. Если в теме для голосования игрок призывает голосовать
против кого-то – его голос засчитывается против себя.' The site records the GM's ruling
as the engine's GM day action; the engine applies it at the close."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.models import Event
from games.services import ServiceError
from tests.kit.games import dealt_game, make_user

pytestmark = pytest.mark.django_db


def everyone_votes_eve(game, users):
    for name, user in users.items():
        services.cast_vote(user, game.id, "fay" if name == "eve" else "eve")


def day_record(game):
    return game.phases.get(kind="day", number=1).record


def test_a_vote_not_accepted_is_not_counted_and_no_modkill(hunt_day):
    gm, game, users = hunt_day
    services.rule_vote(gm, game.id, "ann", "reject_vote")
    everyone_votes_eve(game, users)  # the last vote closes the day
    record = day_record(game)
    assert record["tally"]["eve"] == 10
    assert record["lynched"] == ["eve"]
    assert "ann" not in {d["player"] for d in record["deaths"]}


def test_an_urged_vote_counts_against_its_author(hunt_day):
    gm, game, users = hunt_day
    services.rule_vote(gm, game.id, "lou", "urged")
    everyone_votes_eve(game, users)
    assert day_record(game)["tally"]["lou"] == 1


def test_a_ruling_is_withdrawn_and_replaced(hunt_day):
    gm, game, users = hunt_day
    services.rule_vote(gm, game.id, "ann", "reject_vote")
    services.rule_vote(gm, game.id, "ann", "urged")  # the second ruling replaces the first
    phase = game.phases.get(kind="day")
    assert [r["ruling"] for r in services.vote_rulings_of(phase, _ruleset())] == ["urged"]
    services.rule_vote(gm, game.id, "ann", "")
    phase.refresh_from_db()
    assert services.vote_rulings_of(phase, _ruleset()) == []
    everyone_votes_eve(game, users)
    assert day_record(game)["tally"]["eve"] == 11


def _ruleset():
    import roles

    return roles.get_ruleset("ru_hunt")


@pytest.mark.parametrize(
    "who, voter, ruling, message",
    [
        ("player", "ann", "reject_vote", "GM"),
        ("gm", "zed", "reject_vote", "not a living player"),
        ("gm", "ann", "modkill", "Choose one of"),
        ("gm", "ann", "", "no ruling"),
    ],
)
def test_bad_rulings_are_refused_and_change_nothing(hunt_day, who, voter, ruling, message):
    gm, game, users = hunt_day
    actor = gm if who == "gm" else users["bob"]
    before = list(game.phases.get(kind="day").gm_actions)
    with pytest.raises(ServiceError, match=message):
        services.rule_vote(actor, game.id, voter, ruling)
    assert game.phases.get(kind="day").gm_actions == before


def test_other_rulesets_have_no_vote_rulings(monkeypatch):
    gm = make_user("host")
    roles_ = ["mafioso", "consort", "sheriff", "doctor"] + ["townie"] * 3
    cast = dict(zip("abcdefg", roles_, strict=True))
    game, _ = dealt_game(gm, monkeypatch, "bay12", "classic7", cast, first_phase="day")
    with pytest.raises(ServiceError, match="no vote to rule on"):
        services.rule_vote(gm, game.id, "a", "reject_vote")


def test_the_panel_offers_the_rulings_to_the_gm_only(client, hunt_day):
    gm, game, users = hunt_day
    client.force_login(gm)
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert 'id="gm-vote-rulings"' in page and "vote not accepted" in page
    client.force_login(users["bob"])
    assert (
        'id="gm-vote-rulings"' not in client.get(reverse("game", args=[game.id])).content.decode()
    )


def test_the_panel_form_records_a_ruling_seen_by_the_gm_only(client, hunt_day):
    gm, game, users = hunt_day
    client.force_login(gm)
    phase = game.phases.get(kind="day")
    url = reverse("gm_rule_vote", args=[game.id])
    client.post(url, {"player": "ann", "ruling": "reject_vote", "phase_seq": phase.seq})
    phase.refresh_from_db()
    assert phase.gm_actions == [{"actor": "GM", "ability": "reject_vote", "targets": ["ann"]}]
    logged = Event.objects.get(game=game, kind="vote_ruled")
    assert logged.audience == "gm"
    client.force_login(users["ann"])
    assert "vote_ruled" not in client.get(reverse("events_after", args=[game.id])).content.decode()
