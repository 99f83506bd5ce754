"""Leaving a running game (issue 19): 002's leavers from the site.

002: "Jailor, Vigilante, Mafioso and Godfather, Serial Killer, Arsonist, Mass Murderer,
Jester, Disguiser, and leavers in that order" and "Leaver Suicide: (name) committed
suicide." A player who leaves (his confirmed leave, or the GM recording it) dies as a
leaver in the night."""

from __future__ import annotations

import pytest
from django.urls import reverse

import roles
from games import services
from games.models import Action, Event
from games.services import ServiceError
from tests.kit.games import dealt_game, make_user

pytestmark = pytest.mark.django_db

CAST = {
    "ann": "mafioso",
    "bob": "consort",
    "cid": "sheriff",
    "dan": "doctor",
    "eve": "townie",
    "fay": "townie",
    "gus": "townie",
}


def table(monkeypatch, first_phase="night"):
    gm = make_user("host")
    game, users = dealt_game(gm, monkeypatch, "bay12", "classic7", CAST, first_phase=first_phase)
    return gm, game, users


def night_record(game, number=1):
    return game.phases.get(kind="night", number=number).record


def test_a_player_leaves_at_night_and_dies_in_it(monkeypatch):
    gm, game, users = table(monkeypatch)
    services.submit_action(users["ann"], game.id, ability="kill", targets=["eve"])
    services.leave_running_game(users["ann"], game.id, sure=True)
    assert not Action.objects.filter(seat__name="ann").exists()  # his kill is void
    game.refresh_from_db()
    assert services.choices_now(services.engine_state(game), "ann") == []
    left = Event.objects.get(game=game, kind=services.LEFT_KIND)
    assert left.audience == "public" and left.payload["player"] == "ann"
    services.gm_close_phase(gm, game.id)
    record = night_record(game)
    assert [(d["player"], d["by"]) for d in record["deaths"]] == [("ann", ["leaver"])]
    told = roles.description_message("ann", record["descriptions"]["ann"])
    assert told == {"id": "death.leaver", "ruleset": None, "params": {"player": "ann"}}


def test_a_day_leaver_dies_the_next_night(monkeypatch):
    gm, game, users = table(monkeypatch, first_phase="day")
    services.cast_vote(users["eve"], game.id, "ann")
    services.record_leaver(gm, game.id, "eve")
    day = game.phases.get(kind="day")
    assert not day.votes.filter(voter__name="eve").exists()
    services.gm_close_phase(gm, game.id)
    services.gm_close_phase(gm, game.id)
    assert [d["player"] for d in night_record(game)["deaths"]] == ["eve"]


def test_leaving_needs_the_confirmation_and_changes_nothing_without(monkeypatch):
    gm, game, users = table(monkeypatch)
    with pytest.raises(ServiceError, match="confirm"):
        services.leave_running_game(users["ann"], game.id, sure=False)
    game.refresh_from_db()
    assert not roles.has_left(services.engine_state(game), "ann")


def test_leaving_twice_and_strangers_are_refused(monkeypatch):
    gm, game, users = table(monkeypatch)
    services.leave_running_game(users["cid"], game.id, sure=True)
    with pytest.raises(ServiceError) as refused:
        services.leave_running_game(users["cid"], game.id, sure=True)
    assert refused.value.refusal == {
        "id": "refusal.by",
        "params": {
            "actor": "GM",
            "reason": {"id": "refusal.left.already", "params": {"player": "cid"}},
        },
    }
    with pytest.raises(ServiceError, match="not playing"):
        services.leave_running_game(make_user("zed"), game.id, sure=True)
    with pytest.raises(ServiceError, match="GM"):
        services.record_leaver(users["ann"], game.id, "bob")


def test_rulesets_without_leavers_refuse(monkeypatch):
    from tests.kit.games import SPORT

    gm = make_user("host")
    game, users = dealt_game(gm, monkeypatch, "ru_sport", "sport_10", SPORT)
    first = next(iter(users.values()))
    with pytest.raises(ServiceError, match="no leavers"):
        services.leave_running_game(first, game.id, sure=True)


def test_the_page_offers_the_leave_to_the_living_player(client, monkeypatch):
    gm, game, users = table(monkeypatch)
    client.force_login(users["cid"])
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert '<details id="leave-game"' in page and "committed suicide" in page
    seq = game.phases.get(kind="night").seq
    response = client.post(
        reverse("leave_running", args=[game.id]), {"sure": "1", "phase_seq": seq}, follow=True
    )
    assert response.status_code == 200
    left = Event.objects.get(game=game, kind=services.LEFT_KIND)
    assert left.payload["player"] == "cid"
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert '<section id="leave-game"' in page and '<details id="leave-game"' not in page
    client.force_login(gm)
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert 'id="gm-leaver"' in page and "Left: cid." in page
