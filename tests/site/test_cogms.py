"""Co-GMs (issue 15): the GM adds another account as co-GM, who sees and does
everything a GM does under his own name, and may hand the game over.

Personas: gemma is the GM, heidi her co-GM, alice..grace play, ivan is another
account, mallory a logged-in stranger. The rulings are in games/services/cogms.py.
"""

import pytest
from django.urls import reverse

from games import services
from games.models import CoGM, Event, Phase, Spectator
from games.services import ServiceError
from tests.kit.forms import flash_tags
from tests.kit.games import make_user, new_classic7
from tests.kit.refusals import refused, snapshot


@pytest.fixture
def heidi(table, players):
    services.add_cogm(table.gm, table.game.id, "heidi")
    client = table.clients["heidi"] = type(table.clients["gemma"])()
    client.force_login(players["heidi"])
    return players["heidi"]


def gm_events(table, kind: str) -> list[Event]:
    return list(Event.objects.filter(game=table.game, kind=kind).order_by("seq"))


def test_the_gm_adds_a_co_gm_who_sees_the_gm_panel(table, heidi):
    assert services.cogm_names(table.game) == ["heidi"]
    [added] = gm_events(table, "cogm_added")
    assert added.audience == "public" and added.payload == {"account": "heidi", "acting": "gemma"}
    page = table.page("heidi")
    assert 'id="gm-tools"' in page and "you are a co-GM" in page
    # Every role, as the GM reads them.
    for player in table.state().players:
        assert f"<td>{player.name}</td>" in page
    # A co-GM reads the list but does not manage it.
    assert 'id="add-cogm"' not in page and 'id="hand-over"' not in page
    assert 'id="add-cogm"' in table.page("gemma") and 'id="hand-over"' in table.page("gemma")
    assert "co-GMs: heidi" in table.page("alice")  # public, as on a forum
    # The players' pages show no GM panel.
    assert 'id="gm-tools"' not in table.page("alice")


def test_a_co_gms_tools_are_logged_under_his_own_name(table, heidi):
    phase = table.phase()
    services.extend_phase(heidi, table.game.id, 900)
    [extended] = gm_events(table, "deadline_extended")
    by_heidi = {"acting": "heidi", "acting_cogm": True}
    assert extended.payload.items() >= by_heidi.items() and extended.payload["by"] == 900
    services.pause_phase(heidi, table.game.id)
    services.resume_phase(heidi, table.game.id)
    assert gm_events(table, "paused")[0].payload.items() >= by_heidi.items()
    victim = table.with_role("townie")[0]
    services.modkill_player(heidi, table.game.id, victim)
    [modkill] = [e for e in gm_events(table, "modkill") if e.audience == "public"]
    assert modkill.payload["player"] == victim and modkill.payload.items() >= by_heidi.items()
    assert services.gm_close_phase(heidi, table.game.id, phase_seq=phase.seq)
    closed = Event.objects.get(game=table.game, kind="phase_closed", phase=phase, audience="public")
    assert closed.payload.items() >= by_heidi.items()
    # The GM's own tools name her too, without the co-GM mark.
    services.extend_phase(table.gm, table.game.id, 60)
    last = gm_events(table, "deadline_extended")[-1]
    assert last.payload["acting"] == "gemma" and "acting_cogm" not in last.payload
    assert last.payload["by"] == 60


def test_a_co_gm_replaces_a_player_and_announces(table, heidi, players):
    seat = table.with_role("townie")[0]
    services.replace_player(heidi, table.game.id, seat, "ivan")
    assert table.game.seats.get(name=seat).user == players["ivan"]
    post = services.post_message(heidi, table.game.id, channel="announce", text="Hello from heidi")
    assert post.author_name == "heidi"


def test_a_co_gm_runs_the_lobby_sign_ups_start_and_cancel(gemma, players):
    game = new_classic7(gemma, players)
    services.add_cogm(gemma, game.id, "heidi")
    heidi = players["heidi"]
    for name in ["alice", "bob", "carol", "dave", "erin", "frank"]:
        services.join_game(players[name], game.id)
    services.add_bots(heidi, game.id, 1)
    services.set_signups(heidi, game.id, False)
    phase = services.start_game(heidi, game.id)
    assert phase.kind == Phase.NIGHT
    started = Event.objects.get(game=game, kind="game_started")
    assert started.payload["acting"] == "heidi"
    other = new_classic7(gemma, players)
    services.add_cogm(gemma, other.id, "heidi")
    services.cancel_game(heidi, other.id, reason="no quorum")
    other.refresh_from_db()
    assert other.status == "cancelled"
    cancelled = Event.objects.get(game=other, kind="game_cancelled")
    assert cancelled.payload == {
        "gm": "heidi",
        "reason": "no quorum",
        "players": [],
        "acting": "heidi",
        "acting_cogm": True,
    }


def test_a_co_gm_is_never_a_player_of_the_game(table, heidi, gemma, players):
    gid = table.game.id
    # Not a seated player, nor one replaced out.
    with refused(gid, "plays in this game"):
        services.add_cogm(gemma, gid, "alice")
    seat = table.with_role("townie")[0]
    services.replace_player(gemma, gid, seat, "ivan")
    with refused(gid, "played in this game"):
        services.add_cogm(gemma, gid, seat)
    # A co-GM does not take a seat: not by replacement, not by watching.
    other_seat = table.with_role("townie")[0]
    with refused(gid, "cannot take a seat"):
        services.replace_player(gemma, gid, other_seat, "heidi")
    with refused(gid, "A co-GM already sees everything"):
        services.watch_game(heidi, gid)
    # Nor by joining in the lobby.
    lobby = new_classic7(gemma, players)
    services.add_cogm(gemma, lobby.id, "grace")
    with refused(lobby.id, "A co-GM runs the game and does not play"):
        services.join_game(players["grace"], lobby.id)


def test_only_the_gm_adds_and_removes_co_gms_and_hands_over(table, heidi, mallory, players):
    gid = table.game.id
    for who, message in [
        (heidi, "not a co-GM"),
        (players["alice"], "Only the game's GM"),
        (mallory, "Only the game's GM"),
    ]:
        with refused(gid, message):
            services.add_cogm(who, gid, "ivan")
        with refused(gid, message):
            services.remove_cogm(who, gid, "heidi")
        with refused(gid, message):
            services.hand_over(who, gid, "heidi")
    assert services.cogm_names(table.game) == ["heidi"]


def test_bad_input_is_refused_and_changes_nothing(table, heidi, gemma):
    gid = table.game.id
    for name, message in [
        ("", "Give the account's name"),
        ("nobody", "no account named"),
        ("gemma", "You are the GM"),
        ("heidi", "co-GM of this game already"),
    ]:
        with refused(gid, message):
            services.add_cogm(gemma, gid, name)
    with refused(gid, "is not a co-GM"):
        services.remove_cogm(gemma, gid, "ivan")
    with refused(gid, "add the account as co-GM first"):
        services.hand_over(gemma, gid, "ivan")
    assert CoGM.objects.filter(game=table.game).count() == 1


def test_a_removed_co_gm_loses_access_at_once(table, heidi, gemma):
    gid = table.game.id
    services.remove_cogm(gemma, gid, "heidi")
    assert services.cogm_names(table.game) == []
    page = table.page("heidi")
    assert 'id="gm-tools"' not in page and "you are a co-GM" not in page
    before = snapshot(gid)
    with pytest.raises(ServiceError, match="Only the game's GM"):
        services.extend_phase(heidi, gid, 600)
    assert snapshot(gid) == before
    # The event log as she reads it now: no GM event any more.
    response = table.clients["heidi"].get(reverse("events_after", args=[gid]))
    kinds = {e["kind"] for e in response.json()["events"]}
    assert "dealt" not in kinds and "role" not in kinds


def test_the_gm_hands_the_game_over_and_stays_on_as_co_gm(table, heidi, gemma):
    gid = table.game.id
    services.hand_over(gemma, gid, "heidi")
    game = table.refresh()
    assert game.gm == heidi and services.cogm_names(game) == ["gemma"]
    [event] = gm_events(table, "gm_handed_over")
    assert event.payload.items() >= {"was": "gemma", "account": "heidi"}.items()
    # The new GM manages the co-GMs; the old one is a co-GM and no longer does.
    with refused(gid, "not a co-GM"):
        services.add_cogm(gemma, gid, "ivan")
    services.extend_phase(gemma, gid, 60)  # still a GM's tools
    services.remove_cogm(heidi, gid, "gemma")
    assert 'id="gm-tools"' not in table.page("gemma")
    assert 'id="hand-over"' not in table.page("heidi")  # no co-GM to hand to


def test_the_views_add_remove_and_hand_over(table, players):
    gemma = table.clients["gemma"]
    gid = table.game.id

    def flashed(client, view, username, **more):
        response = client.post(
            reverse(view, args=[gid]), {"username": username, **more}, follow=True
        )
        return flash_tags(response.content.decode())

    assert flashed(gemma, "add_cogm", "heidi") == ["success"]
    assert services.cogm_names(table.game) == ["heidi"]
    assert flashed(gemma, "hand_over", "heidi") == ["error"]  # not confirmed
    assert table.refresh().gm == table.gm
    assert flashed(gemma, "add_cogm", "alice") == ["error"]  # a player
    assert flashed(table.clients["alice"], "remove_cogm", "heidi") == ["error"]
    assert services.cogm_names(table.game) == ["heidi"]
    assert flashed(gemma, "hand_over", "heidi", sure="1") == ["success"]
    assert table.refresh().gm == players["heidi"]
    assert flashed(gemma, "remove_cogm", "gemma") == ["error"]  # the new GM's to remove
    assert services.cogm_names(table.refresh()) == ["gemma"]


def test_a_spectator_made_co_gm_reads_as_a_gm(table, gemma):
    sam = make_user("sam")
    services.watch_game(sam, table.game.id)
    services.add_cogm(gemma, table.game.id, "sam")
    viewer = services.runs_game(table.refresh(), sam)
    assert viewer and Spectator.objects.filter(game=table.game, user=sam).exists()
