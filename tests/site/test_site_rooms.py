"""Night chat rooms on the site (games/rooms.py), from the engine's roles.night_chats:
who may post where, clear refusals that change nothing, the anonymous jail, the Spy's
anonymous copy, the GM's real names, membership that follows a jailing and a recruit.

The sc2 table (tests/kit/rooms.py): xena Jailor, bob Mafioso, cid Spy, dan Mason,
eve Mason Leader, fay Cultist, gus..jon Citizens, kay SK, lou Consort, oli Godfather.
"""

from __future__ import annotations

import json

import pytest

from games import services
from games.models import Event, Post
from games.viewer import viewer_for, visible_events
from tests.kit.games import Table, make_user
from tests.kit.refusals import refused
from tests.kit.rooms import CAST, jailed_night, new_sc2_rooms_game, say, section


@pytest.fixture
def sc2(gemma, monkeypatch):
    users = {name: make_user(name) for name in CAST}
    game = new_sc2_rooms_game(gemma, users, monkeypatch)
    return Table(game, users, gemma)


def copies_of(post: Post) -> dict[str, str]:
    """audience -> the author's name in that copy."""
    return {
        e.audience: e.payload["author"]
        for e in Event.objects.filter(game=post.game, kind="post", payload__post=post.ref)
    }


# -- the jail ------------------------------------------------------------------------------


def test_the_jail_opens_for_the_prisoner_and_the_jailor_when_the_day_closes(sc2):
    """sc2-reference 1.3 N0: 'Jail applied: prisoner roleblocked + protected; anonymous
    jail chat'. The prisoner is told at once (a 'rooms' event), never by whom."""
    jailed_night(sc2)
    told = Event.objects.get(game=sc2.game, kind="rooms", audience="seat:bob")
    assert told.payload["joined"] == ["Jail"]
    assert "xena" not in json.dumps(told.payload)
    assert Event.objects.filter(game=sc2.game, kind="rooms", audience="seat:xena").exists()
    bob = viewer_for(sc2.refresh(), sc2.users["bob"])
    assert "room:jail:1" in bob.audiences()
    assert "room:jail:1" not in viewer_for(sc2.refresh(), sc2.users["gus"]).audiences()


def test_the_prisoner_sees_jailor_never_the_jailors_name(sc2):
    """sc2-reference 2.1 Jailor: 'anonymous chat'; RULINGS: the prisoner sees the Jailor
    as 'Jailor', the Jailor sees the prisoner's name, the GM the real names."""
    jailed_night(sc2)
    asked = say(sc2, "xena", "jail:1", "Who are you?")
    answered = say(sc2, "bob", "jail:1", "Just a citizen.")
    assert copies_of(asked) == {"room:jail:1": "Jailor", "gm": "xena (as Jailor)"}
    assert copies_of(answered) == {"room:jail:1": "bob", "gm": "bob"}
    # Page source and event feed of the prisoner: the jail never names xena.
    page = sc2.page("bob")
    cell = section(page, "room-jail-1")
    assert "Who are you?" in cell and "Jailor" in cell and "xena" not in cell
    bob = viewer_for(sc2.refresh(), sc2.users["bob"])
    for event in visible_events(bob):
        if event.kind in ("post", "rooms") or event.audience.startswith("room"):
            assert "xena" not in json.dumps(event.payload), event.kind
    # The Jailor reads his prisoner's name; the GM reads both real names.
    assert "Just a citizen." in section(sc2.page("xena"), "room-jail-1")
    gm_cell = section(sc2.page("gemma"), "room-jail-1")
    assert "xena (as Jailor)" in gm_cell and "In the room: bob, xena (as Jailor)" in gm_cell


def test_nobody_else_writes_or_reads_the_jail(sc2):
    jailed_night(sc2)
    say(sc2, "xena", "jail:1", "cell secret")
    for outsider in ("gus", "cid", "lou"):
        with refused(sc2.game.id, "no such chat"):
            say(sc2, outsider, "jail:1", "let me in")
        assert "cell secret" not in sc2.page(outsider)
    with refused(sc2.game.id, "not playing"):  # the GM reads every room, writes in none
        services.post_message(sc2.gm, sc2.game.id, channel="room", text="x", room="jail:1")


def test_no_jail_without_a_prisoner(sc2):
    """sc2-reference 1.3 D: the Jailor 'picks a prisoner'; no pick, no jail."""
    services.gm_close_phase(sc2.gm, sc2.game.id)
    with refused(sc2.game.id, "no such chat"):
        say(sc2, "xena", "jail:1", "anyone?")
    assert not Event.objects.filter(game=sc2.game, kind="rooms").exists()


def test_the_prisoner_talks_only_in_his_cell(sc2):
    """RULINGS: 'A prisoner talks only in his cell: that night he may read his other
    rooms but not write in them.'"""
    jailed_night(sc2)
    say(sc2, "lou", "faction:mafia", "bob is gone tonight")
    with refused(sc2.game.id, "cannot write in this chat tonight"):
        say(sc2, "bob", "faction:mafia", "help")
    with refused(sc2.game.id, "cannot write in this chat tonight"):
        services.post_message(sc2.users["bob"], sc2.game.id, channel="faction", text="help")
    mafia_panel = section(sc2.page("bob"), "room-faction-mafia")
    assert "bob is gone tonight" in mafia_panel and "cannot write in it tonight" in mafia_panel
    assert "<form" not in mafia_panel


def test_the_jail_transcript_stays_the_next_day_then_closes(sc2):
    """RULINGS: 'The two may read it through the following day; a new night closes it.'"""
    jailed_night(sc2)
    say(sc2, "bob", "jail:1", "I am innocent")
    services.gm_close_phase(sc2.gm, sc2.game.id)
    assert sc2.phase().kind == "day"
    assert "I am innocent" in section(sc2.page("xena"), "room-jail-1")
    with refused(sc2.game.id, "open at night only"):
        say(sc2, "xena", "jail:1", "still there?")
    services.gm_close_phase(sc2.gm, sc2.game.id)
    assert sc2.phase().kind == "night"
    assert "I am innocent" not in sc2.page("xena")
    left = Event.objects.filter(game=sc2.game, kind="rooms", audience="seat:bob").last()
    assert left.payload["left"] == ["Jail"]


# -- Masons, Mafia, Cult and the Spy -------------------------------------------------------


def test_the_spy_reads_mafia_cult_and_masons_without_names_and_never_writes(sc2):
    """sc2-reference 2.1 Spy: 'Passive: reads Mafia/Triad/Cult/Mason night chat
    anonymously'; Mason: 'Spy can read Mason chat'."""
    services.gm_close_phase(sc2.gm, sc2.game.id)
    mafia = say(sc2, "oli", "faction:mafia", "kill ned")
    masons = say(sc2, "eve", "masons", "recruit gus")
    cult = say(sc2, "fay", "faction:cult", "convert hal")
    assert copies_of(mafia) == {
        "room:faction:mafia": "oli",
        "room-read:faction:mafia": "Mafia",
        "gm": "oli",
    }
    assert copies_of(masons)["room-read:masons"] == "Mason"
    assert copies_of(cult)["room-read:faction:cult"] == "Cultist"
    page = sc2.page("cid")
    for dom_id, text, alias in (
        ("room-faction-mafia", "kill ned", "Mafia"),
        ("room-masons", "recruit gus", "Mason"),
        ("room-faction-cult", "convert hal", "Cultist"),
    ):
        panel = section(page, dom_id)
        assert text in panel and f"<strong>{alias}</strong>" in panel and "you only read" in panel
        assert "<form" not in panel
    for name in ("oli", "eve", "fay"):
        assert f"<strong>{name}</strong>" not in page
    for room in ("faction:mafia", "masons"):
        with refused(sc2.game.id, "only read"):
            say(sc2, "cid", room, "I am listening")


def test_each_room_is_read_by_its_members_only(sc2):
    services.gm_close_phase(sc2.gm, sc2.game.id)
    say(sc2, "dan", "masons", "mason secret")
    say(sc2, "lou", "faction:mafia", "mafia secret")
    readers = {"mason secret": {"dan", "eve", "cid"}, "mafia secret": {"bob", "lou", "oli", "cid"}}
    for name in CAST:
        page = sc2.page(name)
        for text, allowed in readers.items():
            assert (text in page) == (name in allowed), (name, text)
    for text in readers:
        assert text in sc2.page("gemma")
    with refused(sc2.game.id, "no such chat"):
        say(sc2, "gus", "masons", "let me in")
    with refused(sc2.game.id, "no such chat"):
        say(sc2, "dan", "faction:mafia", "hello")
    with refused(sc2.game.id, "no such chat"):
        say(sc2, "dan", "no-such-room", "hello")


def test_a_recruit_joins_the_masons_and_reads_their_transcript(sc2):
    """sc2-reference 2.1 Mason Leader: 'recruit becomes Mason before end of night';
    RULINGS: he joins from the next phase and reads the earlier transcript."""
    services.gm_close_phase(sc2.gm, sc2.game.id)
    say(sc2, "eve", "masons", "welcome, gus")
    with refused(sc2.game.id, "no such chat"):
        say(sc2, "gus", "masons", "hello?")
    services.submit_action(sc2.users["eve"], sc2.game.id, ability="recruit", targets=["gus"])
    services.gm_close_phase(sc2.gm, sc2.game.id)
    assert sc2.role_of("gus") == "mason"
    told = Event.objects.get(game=sc2.game, kind="rooms", audience="seat:gus")
    assert told.payload["joined"] == ["Masons"]
    assert "welcome, gus" in section(sc2.page("gus"), "room-masons")
    with refused(sc2.game.id, "open at night only"):
        say(sc2, "gus", "masons", "by day")
    services.gm_close_phase(sc2.gm, sc2.game.id)
    say(sc2, "gus", "masons", "I am in")


def test_a_dead_mason_leaves_the_room(sc2):
    """RULINGS: 'A dead Mason reads the Mason chat no more.'"""
    for name in sc2.alive():
        services.cast_vote(sc2.users[name], sc2.game.id, "dan" if name != "dan" else "gus")
    assert "dan" not in sc2.alive()
    say(sc2, "eve", "masons", "dan is gone")
    assert "dan is gone" not in sc2.page("dan")
    assert not any(
        a.startswith("room") for a in viewer_for(sc2.refresh(), sc2.users["dan"]).audiences()
    )
    with refused(sc2.game.id, "dead"):
        say(sc2, "dan", "masons", "from beyond")


def test_a_room_post_by_form_and_its_errors(sc2):
    """The page's form posts channel 'room' with the room id; a refusal is shown."""
    from django.urls import reverse

    services.gm_close_phase(sc2.gm, sc2.game.id)
    url = reverse("post", args=[sc2.game.id])
    page = sc2.page("dan")
    assert '<input type="hidden" name="room" value="masons">' in page
    sc2.clients["dan"].post(url, {"channel": "room", "room": "masons", "text": "by form"})
    assert Post.objects.filter(game=sc2.game, room="masons", text="by form").exists()
    response = sc2.clients["gus"].post(
        url, {"channel": "room", "room": "masons", "text": "forged"}, follow=True
    )
    assert "You are in no such chat." in response.content.decode()
    assert not Post.objects.filter(text="forged").exists()


def test_once_the_game_is_over_every_room_is_open_to_all_under_real_names(sc2):
    """README: 'Once the game is over, everything (... chats ...) is readable by all.'"""
    jailed_night(sc2)
    say(sc2, "xena", "jail:1", "confess")
    for hostile in ("bob", "lou", "oli", "fay", "kay"):  # the GM modkills every hostile
        services.modkill_player(sc2.gm, sc2.game.id, hostile)
    assert sc2.refresh().status == "finished"
    page = sc2.page("gus")
    assert "confess" in page and "xena (as Jailor)" in page


def test_a_modkilled_jailor_closes_the_jail_and_the_prisoner_is_told(sc2):
    """The GM's modkill changes rooms at once, like a death at dawn."""
    jailed_night(sc2)
    services.modkill_player(sc2.gm, sc2.game.id, "xena")
    told = Event.objects.filter(game=sc2.game, kind="rooms", audience="seat:bob").last()
    assert told.payload["left"] == ["Jail"] and "xena" not in json.dumps(told.payload)
    with refused(sc2.game.id, "no such chat"):
        say(sc2, "bob", "jail:1", "hello?")
    say(sc2, "bob", "faction:mafia", "free again")  # no longer in a cell
