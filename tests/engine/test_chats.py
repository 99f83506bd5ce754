"""Night chat rooms (roles/chats.py): which rooms exist, who writes, who only reads,
how each author is shown. sc2's rooms cite sc2-reference.md; the rulings where it is
silent are sc2's documentation (sc2_chats.RULINGS)."""

from __future__ import annotations

import roles
from roles.chats import night_chats, rooms_of
from tests.kit.engine import cli_stdout, sc2_table
from tests.kit.engine import sc2_game as new_sc2_game
from tests.kit.engine import sc2_play as play

SC2_NAMES = "Ann Bob Cid Dan Eve Fay Gus Hal Ivy Jon Kay Lou".split()
# Ann Jailor, Bob Mafioso, Cid Spy, Dan Mason, Eve Mason Leader, Fay Cultist,
# Gus..Jon Citizens, Kay Serial Killer, Lou Consort (Mafia).
SC2_ROLES = (
    ["jailor", "mafioso", "spy", "mason", "mason_leader", "cultist"]
    + ["citizen"] * 4
    + ["serial_killer", "consort"]
)


def sc2_game(first="day", options=None):
    players = [{"name": n, "role": r} for n, r in zip(SC2_NAMES, SC2_ROLES, strict=True)]
    return roles.new_game("sc2", players, 1, options or {}, first)


def day(votes=(), actions=()):
    return {"day": {"votes": [list(v) for v in votes], "rounds": [], "actions": list(actions)}}


JAIL_BOB = {"actor": "Ann", "ability": "jail", "targets": ["Bob"]}


def by_id(state):
    return {room.id: room for room in night_chats(state)}


# -- the default: one room per faction with a night chat ---------------------------------


def bay12_game(first="night"):
    cast = ["mafioso", "consort", "sheriff", "doctor", "escort", "townie", "spy"]
    players = [{"name": n, "role": r} for n, r in zip("abcdefg", cast, strict=True)]
    return roles.new_game("bay12", players, 1, {}, first)


def test_a_faction_chat_is_open_at_night_for_its_living_members():
    """docs/design.md: players 'talk in the day thread (and their faction's night chat)';
    bay12 (000) mafia are an informed minority."""
    night = bay12_game()
    (room,) = night_chats(night)
    assert (room.id, room.title, room.members, room.open) == (
        "faction:mafia",
        "Mafia chat",
        ("a", "b"),
        True,
    )
    assert room.may_write("a") and not room.may_read("c")
    by_day = play(night, {"night": []})
    (room,) = night_chats(by_day)
    assert room.members == ("a", "b") and not room.open and not room.may_write("a")


def test_the_dead_leave_the_faction_chat_and_a_bay12_spy_reads_nothing():
    """000 Spy: 'See what results your target receives ... told who the mafia visit':
    no chat; the dead talk in the graveyard (docs/design.md)."""
    votes = [[v, "b"] for v in "acdefg"]
    after = play(bay12_game("day"), {"day": {"votes": votes, "rounds": [], "actions": []}})
    assert not after.player("b").alive and after.phase_kind == "night"
    (room,) = night_chats(after)
    assert room.members == ("a",) and room.readers == ()
    assert rooms_of(after, "g") == [] and rooms_of(after, "b") == []


def test_sport_mafia_have_no_chat():
    """003 sport: 'мафии так же нельзя общаться между собой в личках'."""
    cast = ["commissar", *["civilian"] * 6, "don", "mafia", "mafia"]
    players = [{"name": f"p{i}", "role": r} for i, r in enumerate(cast)]
    state = roles.new_game("ru_sport", players, 0, {}, "night")
    assert night_chats(state) == []


def test_no_rooms_once_the_game_is_over():
    state = bay12_game()
    state.ended = True
    assert night_chats(state) == []


# -- sc2: Mafia, Cult, Masons read by the Spy ----------------------------------------------


def test_sc2_spy_reads_mafia_cult_and_mason_chats_anonymously():
    """sc2-reference 2.1 Spy: 'Passive: reads Mafia/Triad/Cult/Mason night chat
    anonymously'; Mason: 'Spy can read Mason chat'."""
    night = play(sc2_game(), day())
    rooms = by_id(night)
    assert set(rooms) == {"faction:mafia", "faction:cult", "masons"}
    for room_id, alias in (("faction:mafia", "Mafia"), ("faction:cult", "Cultist")):
        assert rooms[room_id].readers == ("Cid",)
        assert rooms[room_id].shown_to_readers("Bob") == alias
    assert rooms["faction:mafia"].members == ("Bob", "Lou")
    assert not rooms["faction:mafia"].may_write("Cid")
    assert rooms["faction:mafia"].may_read("Cid")
    assert "Spy" in rooms["faction:mafia"].notice  # the members know a Spy may read


def test_sc2_masons_and_the_mason_leader_share_a_chat():
    """sc2-reference 2.1 Mason: 'night chat with Masons + Mason Leader'."""
    masons = by_id(play(sc2_game(), day()))["masons"]
    assert masons.members == ("Dan", "Eve") and masons.open
    assert masons.readers == ("Cid",) and masons.shown_to_readers("Eve") == "Mason"
    assert masons.shown_as("Eve") == "Eve"  # the Masons know each other


def test_sc2_a_recruited_citizen_joins_the_mason_chat_after_the_night():
    """sc2-reference 2.1 Mason Leader: 'recruit becomes Mason before end of night'
    (stage N8): he is in the room from the next phase (RULINGS)."""
    night = play(sc2_game(), day())
    assert "Gus" not in by_id(night)["masons"].members
    recruit = {"actor": "Eve", "ability": "recruit", "targets": ["Gus"]}
    after = play(night, {"night": [recruit]})
    assert after.player("Gus").role == "mason"
    assert by_id(after)["masons"].members == ("Dan", "Eve", "Gus")


def test_sc2_a_dead_mason_leaves_the_mason_chat():
    """RULINGS: 'The dead leave every night chat'."""
    night = play(sc2_game(), day(votes=[("Gus", "Dan")]))
    assert not night.player("Dan").alive
    assert by_id(night)["masons"].members == ("Eve",)
    assert rooms_of(night, "Dan") == []


def test_sc2_a_dead_spy_reads_nothing():
    night = play(sc2_game(), day(votes=[("Gus", "Cid")]))
    assert all(room.readers == () for room in night_chats(night))


# -- sc2: the jail ------------------------------------------------------------------------


def test_sc2_jail_chat_exists_on_the_night_the_jailor_holds_a_prisoner():
    """sc2-reference 1.3 N0: 'Jail applied: prisoner roleblocked + protected; anonymous
    jail chat'."""
    night = play(sc2_game(), day(actions=[JAIL_BOB]))
    jail = by_id(night)["jail:1"]
    assert jail.title == "Jail" and jail.members == ("Bob", "Ann") and jail.open
    assert jail.may_write("Bob") and jail.may_write("Ann")
    assert jail.readers == ()  # the Spy reads no jail


def test_sc2_jail_chat_is_anonymous_for_the_jailor_only():
    """sc2-reference 2.1 Jailor: 'anonymous chat': the prisoner sees 'Jailor'; the
    Jailor sees his prisoner's name (RULINGS)."""
    jail = by_id(play(sc2_game(), day(actions=[JAIL_BOB])))["jail:1"]
    assert jail.shown_as("Ann") == "Jailor"
    assert jail.shown_as("Bob") == "Bob"
    assert "Ann" not in jail.to_dict()["title"] + jail.notice


def test_sc2_no_jail_chat_without_a_prisoner_or_after_a_lynch():
    """sc2-reference 1.3 D: 'Jailor picks a prisoner (2013+ pages: only after a day
    with no lynch)'."""
    assert not any(r.id.startswith("jail") for r in night_chats(play(sc2_game(), day())))
    lynch = day(votes=[("Gus", "Hal")], actions=[JAIL_BOB])
    assert not any(r.id.startswith("jail") for r in night_chats(play(sc2_game(), lynch)))
    allowed = play(sc2_game(options={"jail_requires_no_lynch": False}), lynch)
    assert "jail:1" in by_id(allowed)


def test_sc2_a_prisoner_writes_only_in_his_cell():
    """RULINGS: 'A prisoner talks only in his cell: that night he may read his other
    rooms but not write in them.'"""
    mafia = by_id(play(sc2_game(), day(actions=[JAIL_BOB])))["faction:mafia"]
    assert mafia.may_read("Bob") and not mafia.may_write("Bob")
    assert mafia.may_write("Lou")


def test_sc2_jail_transcript_stays_readable_the_next_day_and_closes_at_night():
    """RULINGS: 'The two may read it through the following day; a new night closes it.'"""
    night = play(sc2_game(), day(actions=[JAIL_BOB]))
    next_day = play(night, {"night": []})
    jail = by_id(next_day)["jail:1"]
    assert jail.members == ("Bob", "Ann") and not jail.open
    next_night = play(next_day, day())
    assert not any(r.id.startswith("jail") for r in night_chats(next_night))


def test_sc2_an_executed_prisoner_leaves_the_jail():
    """sc2-reference 2.1 Jailor: 'optional execution'."""
    night = play(sc2_game(), day(actions=[JAIL_BOB]))
    after = play(night, {"night": [{"actor": "Ann", "ability": "execute"}]})
    assert not after.player("Bob").alive
    assert by_id(after)["jail:1"].members == ("Ann",)


def test_sc2_rules_print_the_chat_rulings(capsys):
    """`python -m roles rules sc2` prints what the references leave open."""
    text = cli_stdout(capsys, "rules", "sc2")
    text = " ".join(text.split())
    for ruling in (
        "The jail chat exists only on a night the Jailor holds a prisoner",
        "A dead Mason reads the Mason chat no more",
        "A recruited Citizen becomes a Mason at the end of the night",
        "sees every author as 'Mafia', 'Cultist' or 'Mason': no names",
        "the prisoner sees the Jailor as 'Jailor', never his name",
    ):
        assert ruling in text


# -- who reads a room ----------------------------------------------------------------------


def test_a_player_reads_his_factions_night_chat_and_a_townie_reads_none():
    """sc2: the mafia talk at night in their chat ('Mafia chat'); the Sheriff reads no
    room (`chats.rooms_of`: "The rooms this player reads now") (catches: the reader's
    name not passed, so nobody read any room)."""
    from roles import chats

    state = new_sc2_game(sc2_table("sheriff", "mafioso", "consort"))
    assert [(r.id, r.title) for r in chats.rooms_of(state, "Bob")] == [
        ("faction:mafia", "Mafia chat")
    ]
    assert chats.rooms_of(state, "Ann") == []


# -- sc2's rooms: titles and the jail's transcript -----------------------------------------


def test_sc2_the_mason_chat_is_titled_masons():
    """sc2-reference 2.1 Mason: 'night chat with Masons + Mason Leader'. The room's title
    is what the site shows (catches: no title, another title)."""
    masons = by_id(play(sc2_game(), day()))["masons"]
    assert masons.title == "Masons"


def test_sc2_the_jail_transcript_is_gone_once_a_later_night_has_passed():
    """sc2's documentation (chats): 'The two may read it through the following day; a new
    night closes it.' Closed, it stays closed: the day after the next night shows no
    jail room either (catches: `or` -> `and`, night 1's transcript came back on day 3)."""
    night = play(sc2_game(), day(actions=[{"actor": "Ann", "ability": "jail", "targets": ["Bob"]}]))
    day_two = play(night, {"night": []})
    assert "jail:1" in by_id(day_two)
    day_three = play(day_two, day(), {"night": []})
    assert not any(room.id.startswith("jail") for room in by_id(day_three).values())


def test_sc2_jail_transcript_of_a_game_that_began_at_night():
    """sc2 RULINGS: 'The two may read it through the following day; a new night closes
    it.' 'It is anonymous: the prisoner sees the Jailor as 'Jailor', never his name.' A
    game that began at night jails on day 1 for night 2: on day 2 the cell's transcript
    is there, closed, and says the Jailor's name is never shown (`sc2_chats.jail_room`:
    the day numbers taken for the nights; `_43`: closed as None; `_56/62/63/64`: the
    notice)."""

    night = play(sc2_game(first="night"), {"night": []}, day(actions=[JAIL_BOB]))
    assert by_id(night)["jail:2"].open is True
    jail = by_id(play(night, {"night": []}))["jail:2"]
    assert jail.members == ("Bob", "Ann") and jail.open is False
    assert jail.notice == "The Jailor's name is never shown here."
