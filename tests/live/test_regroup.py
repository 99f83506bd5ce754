"""A phase close names the seats whose socket groups it changed; only those re-read.

docs/design.md: "Membership is re-checked when a player dies or changes faction." At a
realistic night close most seats get a private result (a check, a block) that
changes none of their groups; each socket re-reading its groups then cost a trip to
the database through the web process's one shared thread, and held every other
socket of every game up (bench/README.md, realistic nights). The close computes who
changed (games/rooms.py `regrouped`) and the sockets of everyone else stay as they
are; the dead still enter the graveyard at once.
"""

import roles
from games import rooms, services
from games.live import access as live_access
from games.live import consumers
from games.services import push
from tests.kit.sockets import Socket, db, roles_of, run


def test_regrouped_names_the_dead_and_the_turned_not_the_merely_told():
    names = ["a", "b", "c", "d", "e", "f", "g"]
    cast = ["mafioso", "consort", "sheriff", "doctor", "townie", "townie", "executioner"]
    seated = [{"name": n, "role": r} for n, r in zip(names, cast, strict=True)]
    before = roles.new_game("bay12", seated, seed=2)
    target = before.player("g").memory.get("target")
    assert target not in ("a", "c")  # the seed's draw: a townie dies, the sheriff lives
    result = roles.resolve_phase(
        before,
        {
            "night": [
                {"actor": "a", "ability": "kill", "targets": [target]},
                {"actor": "c", "ability": "check", "targets": ["a"]},
            ]
        },
    )
    after = result.state
    assert not after.player(target).alive
    assert after.player("g").role == "jester"  # a role change: no group changes
    told = {e.audience[1] for e in result.events if isinstance(e.audience, tuple)}
    assert "c" in told  # the sheriff's result is private...
    # ...but only the dead regroups, told what he reads now: no faction chat, no room.
    assert rooms.regrouped(before, after) == {
        target: {"alive": False, "faction": after.player(target).faction, "rooms": []}
    }


def test_only_the_dead_seat_regroups_at_a_night_close_and_in_memory(unwatched_table, monkeypatch):
    """The close tells each regrouped seat what it reads now (rooms.regrouped, in the
    commit's server-side message): the dead seat's socket rebuilds its groups without
    a trip to the database (`access_regrouped`), and with its graveyard empty (the
    commit's counters say so: nobody watches) it reads no log either."""
    live_table = unwatched_table
    r = roles_of(live_table)
    gid = live_table.game.id
    mafioso, sheriff = r["mafioso"][0], r["sheriff"][0]
    victim = r["townie"][0]
    users = live_table.users
    sockets = {n: Socket(gid, u) for n, u in users.items()}
    re_read, read_fully, in_memory, log_reads = [], [], [], []
    access_for, access_after_close = live_access.access_for, live_access.access_after_close
    access_regrouped, visible_events = consumers.access_regrouped, live_access.visible_events

    def counted(game_id, user):
        read_fully.append(user.username)
        return access_for(game_id, user)

    def counted_after_close(game_id, before):
        re_read.append(before.viewer.user.username)
        return access_after_close(game_id, before)

    def counted_in_memory(before, groups):
        in_memory.append(before.viewer.user.username)
        return access_regrouped(before, groups)

    def counted_log_read(viewer, *args, **kwargs):
        log_reads.append(viewer.user.username)
        return visible_events(viewer, *args, **kwargs)

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        monkeypatch.setattr(live_access, "access_for", counted)
        monkeypatch.setattr(live_access, "access_after_close", counted_after_close)
        monkeypatch.setattr(consumers, "access_regrouped", counted_in_memory)
        monkeypatch.setattr(live_access, "visible_events", counted_log_read)
        await db(services.submit_action, users[mafioso], gid, ability="kill", targets=[victim])
        await db(services.submit_action, users[sheriff], gid, ability="check", targets=[mafioso])
        await db(services.gm_close_phase, live_table.gm, gid)
        for sock in sockets.values():
            await sock.catch_up()  # the dead seat's: regrouped
        # Each socket handles the close before its disconnect: a re-read would be counted.
        for sock in sockets.values():
            await sock.close()

    run(scenario)
    assert in_memory == [victim]
    assert re_read == [] and read_fully == [] and log_reads == []
    results = [e["payload"] for e in sockets[sheriff].events() if e["kind"] == "result"]
    assert results and results[0]["target"] == mafioso  # told, without re-reading
    membership = [m for m in sockets[victim].messages if m["type"] == "membership"]
    assert membership and "dead" in membership[-1]["audiences"]
    assert "faction" not in membership[-1]["audiences"]
    # What the close told the server (each seat's faction) never reaches a browser.
    for sock in sockets.values():
        for message in sock.messages:
            assert "regroup" not in message and "counters" not in message


def test_a_seat_who_dies_into_a_spoken_graveyard_reads_it_at_once(live_table, monkeypatch):
    """The commit's counters say the graveyard holds posts: the newly dead seat's socket
    reads it from the log right after regrouping in memory, and the living do not."""
    r = roles_of(live_table)
    gid = live_table.game.id
    users, gm, sam = live_table.users, live_table.gm, live_table.sam
    mafioso, first, second = r["mafioso"][0], r["townie"][0], r["townie"][1]
    services.submit_action(users[mafioso], gid, ability="kill", targets=[first])
    services.gm_close_phase(gm, gid)  # night 1: the first townie dies
    services.post_message(sam, gid, channel="graveyard", text="Welcome, ghost.")
    services.gm_close_phase(gm, gid)  # day 1: no lynch
    services.submit_action(users[mafioso], gid, ability="kill", targets=[second])
    watched = [second, r["sheriff"][0]]
    sockets = {n: Socket(gid, users[n]) for n in watched}
    in_memory, re_read = [], []
    access_regrouped = consumers.access_regrouped
    access_after_close = live_access.access_after_close
    monkeypatch.setattr(
        consumers,
        "access_regrouped",
        lambda before, groups: in_memory.append(groups) or access_regrouped(before, groups),
    )
    monkeypatch.setattr(
        live_access,
        "access_after_close",
        lambda game_id, before: re_read.append(game_id) or access_after_close(game_id, before),
    )

    async def scenario():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        await db(services.gm_close_phase, gm, gid)  # night 2: the second townie dies
        for sock in sockets.values():
            await sock.catch_up()  # the dead seat's: regrouped, the graveyard read
            await sock.close()

    run(scenario)
    assert in_memory == [{"alive": False, "faction": "town", "rooms": []}] and re_read == []
    posts = [e["payload"]["text"] for e in sockets[second].events() if e["kind"] == "post"]
    assert posts == ["Welcome, ghost."]
    assert [e for e in sockets[watched[1]].events() if e["kind"] == "post"] == []
    membership = [m for m in sockets[second].messages if m["type"] == "membership"]
    assert membership and "dead" in membership[-1]["audiences"]


def _same_access(light, full) -> None:
    assert light.groups == full.groups
    assert light.audiences == full.audiences
    assert light.streams == full.streams
    assert light.accounts == full.accounts
    for fact in ("is_gm", "is_cogm", "is_spectator", "alive", "faction", "rooms"):
        assert getattr(light.viewer, fact) == getattr(full.viewer, fact), fact
    assert light.viewer.seat.pk == full.viewer.seat.pk
    assert light.viewer.game.status == full.viewer.game.status


def test_the_access_after_a_close_is_the_full_re_read(live_table, monkeypatch):
    """A close changes the game and each seat's life, faction and rooms, never who an
    account is: the light re-read (the game's row alone) must give every seat exactly
    the groups, audiences and streams a full re-read gives, through a night with a
    death, a day with a lynch and the game's end."""
    from games.models import Game

    r = roles_of(live_table)
    gid = live_table.game.id
    users, gm = live_table.users, live_table.gm
    before = {name: live_access.access_for(gid, user) for name, user in users.items()}

    told = []  # each close's commit: the seats it regrouped, with what each reads now
    commit_messages = push.commit_messages

    def kept(game_id, events, seat_ids, regroup=None, counters=None):
        told.append((regroup, {e.kind for e in events}))
        return commit_messages(game_id, events, seat_ids, regroup, counters)

    monkeypatch.setattr(push, "commit_messages", kept)

    def compare():
        nonlocal before
        regroup, kinds = told[-1]
        for name, user in users.items():
            full = live_access.access_for(gid, user)
            if regroup is not None and "game_over" not in kinds:  # else the socket re-reads
                # In memory, from what the close said, as the socket does it: the same.
                if name in regroup:
                    _same_access(consumers.access_regrouped(before[name], regroup[name]), full)
                else:  # a seat the close did not name reads what it read before
                    assert before[name].groups == full.groups, name
                    assert before[name].audiences == full.audiences, name
            light = live_access.access_after_close(gid, before[name])
            _same_access(light, full)
            before[name] = light

    mafioso, victim = r["mafioso"][0], r["townie"][0]
    services.submit_action(users[mafioso], gid, ability="kill", targets=[victim])
    services.gm_close_phase(gm, gid)  # night 1: the townie dies
    compare()
    assert not before[victim].viewer.alive and "dead" in before[victim].audiences
    while Game.objects.get(pk=gid).status != "finished":
        game = Game.objects.get(pk=gid)
        alive = [
            s.name for s in game.seats.all() if services.engine_state(game).player(s.name).alive
        ]
        if mafioso in alive and game.phases.filter(closed_at__isnull=True, kind="day").exists():
            for name in alive:
                if name != mafioso:
                    services.cast_vote(users[name], gid, mafioso)
        services.gm_close_phase(gm, gid)
        compare()
    assert before[mafioso].viewer.game.status == "finished"


def test_the_log_is_read_only_when_a_stream_holds_something_new(live_table, monkeypatch):
    """A socket asks the log only when one of its streams has an event past its cursor:
    the game's counters (`Game.audience_seqs`, `Game.last_gm_seq`) are read with the
    log's end and say so. A seat who dies opens the graveyard; empty, it costs no read
    of the log (at a realistic close of 100 games those reads were a tenth of the web
    process's CPU); once someone has spoken there, the log is read and the post told."""
    from games.models import Game
    from tests.kit.sockets import position_at

    r = roles_of(live_table)
    gid = live_table.game.id
    users, gm, sam = live_table.users, live_table.gm, live_table.sam
    log_reads = []
    real_visible_events = live_access.visible_events

    def counted(viewer, *args, **kwargs):
        log_reads.append(viewer.user.username)
        return real_visible_events(viewer, *args, **kwargs)

    monkeypatch.setattr(live_access, "visible_events", counted)

    def events_now(user, after):
        access = live_access.access_for(gid, user)
        return live_access.events_for(access, after)[0]

    last = Game.objects.get(pk=gid).last_event_seq
    townie, mafioso = r["townie"][0], r["mafioso"][0]
    for who in (users[townie], gm, sam):  # a seat, the GM's stream, a spectator
        assert events_now(who, position_at(gid, who, last)) == []
    assert log_reads == []

    services.submit_action(users[mafioso], gid, ability="kill", targets=[townie])
    services.gm_close_phase(gm, gid)  # night 1: the townie dies
    # The dead townie's graveyard is empty: a cursor naming none of it reads nothing.
    dead = live_access.access_for(gid, users[townie])
    assert "dead" in dead.audiences
    caught_up = position_at(gid, users[townie], Game.objects.get(pk=gid).last_event_seq)
    assert live_access.events_for(dead, caught_up) == ([], Game.objects.get(pk=gid).last_event_seq)
    assert log_reads == []

    services.post_message(sam, gid, channel="graveyard", text="Welcome, ghost.")
    told = events_now(users[townie], caught_up)
    assert [e["payload"]["text"] for e in told if e["kind"] == "post"] == ["Welcome, ghost."]
    assert [e["kind"] for e in events_now(gm, position_at(gid, gm, last))].count("post") == 1
    assert log_reads == [townie, gm.username]
    # Nothing of the graveyard reaches a living seat, with or without a log read.
    living = r["sheriff"][0]
    assert events_now(users[living], position_at(gid, users[living], told[-1]["seq"])) == []
