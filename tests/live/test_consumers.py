"""The game socket: who receives what, membership changes, catch-up after drops.

docs/design.md: "the consumer authenticates from the session and joins only the
groups the user may read: the game's public group, their own private group,
their faction's chat group while alive, the graveyard group when dead or
spectating, the GM group for the GM. Membership is re-checked when a player dies
or changes faction. Every pushed message is also in the event log, so a
reconnecting browser asks for 'everything after event N' and misses nothing."
"""

from games import services
from games.models import Event, Game, Post
from games.services import core, push
from tests.kit.matrix import checked_page, expected_seqs, sockets_after_catch_up
from tests.kit.sockets import Socket, db, log_seqs, position_at, roles_of, run


def test_connecting_catches_up_from_the_log_and_needs_an_origin(live_table):
    game_id = live_table.game.id
    alice = live_table.users["alice"]

    refused = Socket(game_id, alice, origin=False)
    missing = Socket(game_id + 1000, alice)
    sock = Socket(game_id, alice)

    async def scenario():
        assert not await refused.open()
        assert not await missing.open()
        assert await sock.open()
        await sock.catch_up()
        await sock.close()
        return sock

    sock = run(scenario)
    expected = list(
        Event.objects.filter(game=live_table.game, audience__in=["public", "seat:alice"])
        .exclude(audience__startswith="faction")
        .values_list("seq", flat=True)
    )
    mine = set(expected)
    if live_table.state().player("alice").faction == "mafia":
        mine |= set(
            Event.objects.filter(game=live_table.game, audience="faction:mafia").values_list(
                "seq", flat=True
            )
        )
    assert sock.seqs() == sorted(mine)
    # Its cursor: its own streams' numbers, none of them the game-wide seq.
    last = live_table.refresh().last_event_seq
    assert sock.upto == position_at(live_table.game.id, live_table.users["alice"], last)
    first = sock.messages[0]
    assert first["type"] == "events" and set(first["prev"].values()) == {0} and "now" in first


def test_a_phase_close_is_pushed_to_each_seat_with_its_own_results(live_table):
    r = roles_of(live_table)
    game_id = live_table.game.id
    mafioso, sheriff, doctor = r["mafioso"][0], r["sheriff"][0], r["doctor"][0]
    victim = r["townie"][0]

    socks = {n: Socket(game_id, u) for n, u in live_table.users.items()}

    async def scenario():
        for sock in socks.values():
            assert await sock.open()
            await sock.catch_up()
        await db(
            services.submit_action,
            live_table.users[mafioso],
            game_id,
            ability="kill",
            targets=[victim],
        )
        await db(
            services.submit_action,
            live_table.users[sheriff],
            game_id,
            ability="check",
            targets=[mafioso],
        )
        await db(services.gm_close_phase, live_table.gm, game_id)
        for sock in socks.values():
            await sock.catch_up()
            await sock.close()
        return socks

    socks = run(scenario)
    for name, sock in socks.items():
        kinds = [e["kind"] for e in sock.events()]
        # (then a death opens the graveyard, read from its start: the spectator's arrival)
        assert "phase_opened" in kinds[kinds.index("phase_closed") :], name
        closed = next(e for e in sock.events() if e["kind"] == "phase_closed")
        assert [d["player"] for d in closed["payload"]["deaths"]] == [victim]
        results = [e["payload"] for e in sock.events() if e["kind"] == "result"]
        assert all(res["to"] == name for res in results), name
    sheriff_results = [e["payload"] for e in socks[sheriff].events() if e["kind"] == "result"]
    assert sheriff_results and sheriff_results[0]["target"] == mafioso
    assert not [e for e in socks[doctor].events() if e["kind"] == "result"]


# -- the leak matrix -------------------------------------------------------

SECRET_MAFIA = "mafia secret plan"
SECRET_PM = "pm secret between town"
GHOST = "ghost secret from the grave"
WATCHER = "spectator secret in the graveyard"


def play_night_one_with_secrets(table) -> dict:
    """Night 1: the mafia chat, the Sheriff checks, a PM, the mafioso kills a townie;
    day 1: the dead townie and the spectator talk in the graveyard, where the townie
    opens a roulette table and the spectator watches it."""
    r = roles_of(table)
    mafioso, consort, sheriff, doctor = (
        r["mafioso"][0],
        r["consort"][0],
        r["sheriff"][0],
        r["doctor"][0],
    )
    victim = r["townie"][0]
    gid = table.game.id
    services.post_message(table.users[consort], gid, channel="faction", text=SECRET_MAFIA)
    services.post_message(table.users[sheriff], gid, channel="pm", text=SECRET_PM, to=doctor)
    services.submit_action(table.users[mafioso], gid, ability="kill", targets=[victim])
    services.submit_action(table.users[sheriff], gid, ability="check", targets=[mafioso])
    services.gm_close_phase(table.gm, gid)
    services.post_message(table.users[victim], gid, channel="graveyard", text=GHOST)
    services.post_message(table.sam, gid, channel="graveyard", text=WATCHER)
    services.post_message(table.users[victim], gid, channel="graveyard", text="-roulette")
    services.post_message(table.sam, gid, channel="graveyard", text="-observe")
    return {
        "mafioso": mafioso,
        "consort": consort,
        "sheriff": sheriff,
        "doctor": doctor,
        "victim": victim,
    }


def allowed_audiences(table, who: str, cast: dict) -> set[str] | None:
    """What each kind of viewer may read, written out (None: everything but PMs)."""
    if who == "gemma":
        return None
    if who in ("mallory", "anonymous"):
        return {"public"}
    if who == "sam":
        return {"public", "dead"}
    if who == cast["victim"]:
        return {"public", f"seat:{who}", "dead"}
    audiences = {"public", f"seat:{who}"}
    if who in (cast["mafioso"], cast["consort"]):
        audiences |= {"faction:mafia", "room:faction:mafia"}
    return audiences


def test_the_leak_matrix_sockets_and_pages(live_table):
    """Issue 7: 'no private result, role, night chat or graveyard message reaches a
    socket or a page that may not read it (every viewer: GM, each living player by
    faction, the dead, a spectator, a stranger, logged out)'."""
    cast = play_night_one_with_secrets(live_table)
    game = live_table.refresh()
    viewers = {
        **live_table.users,
        "gemma": live_table.gm,
        "sam": live_table.sam,
        "mallory": live_table.mallory,
        "anonymous": None,
    }
    sockets = sockets_after_catch_up(game.id, viewers)
    log = {e.seq: e for e in Event.objects.filter(game=game)}
    for who, user in viewers.items():
        allowed = allowed_audiences(live_table, who, cast)
        expected = expected_seqs(log, allowed)
        page = checked_page(game.id, who, user, sockets[who], expected)
        may_read_faction = allowed is None or "room:faction:mafia" in allowed
        may_read_graveyard = allowed is None or "dead" in allowed
        may_read_pm = who in (cast["sheriff"], cast["doctor"], "gemma")
        assert (SECRET_MAFIA in page) == may_read_faction, who
        assert (GHOST in page) == may_read_graveyard, who
        assert (WATCHER in page) == may_read_graveyard, who
        assert (SECRET_PM in page) == may_read_pm, who
        # The graveyard's roulette table (its events and its panel) as the graveyard chat.
        roulette_seqs = {s for s, e in log.items() if e.kind == "roulette"}
        assert len(roulette_seqs) == 2
        assert roulette_seqs & set(sockets[who].seqs()) == (
            roulette_seqs if may_read_graveyard else set()
        ), who
        assert ("opens a roulette table" in page) == may_read_graveyard, who
        assert ('id="roulette"' in page) == may_read_graveyard, who
        # The Sheriff's result ("Your check of") and the living mafia's roles stay private;
        # the GM reads it as the Sheriff's ("<sheriff>'s check of").
        assert ("Your check of" in page) == (who == cast["sheriff"]), who
        assert (f"{cast['sheriff']}&#x27;s check of" in page) == (who == "gemma"), who
        for role_name, holder in (("Consort", cast["consort"]), ("Mafioso", cast["mafioso"])):
            # (a role card may name other roles: "immune to the Escort and Consort")
            dealt = f"Your role: {role_name} (Mafia)"
            assert (dealt in page) == (who == holder), (who, role_name)
            # The GM reads every seat's line, naming the seat (issue 15).
            named = f"{holder}&#x27;s role: {role_name} (Mafia)"
            assert (named in page) == (who == "gemma"), (who, role_name)


def test_player_and_target_lists_follow_seating_never_roles(live_table):
    """docs/design.md: 'Leaks through order and side channels: target lists ordered like
    roles...'. Every list on the page and in the socket follows the seating order."""
    from django.test import Client
    from django.urls import reverse

    import roles

    state = live_table.state()
    seating = [p.name for p in state.players]
    preset = roles.get_ruleset("bay12").presets["classic7"].roles
    by_role = sorted(seating, key=lambda n: (preset.index(state.player(n).role), n))
    assert by_role != seating  # this deal makes the two orders differ
    game = live_table.refresh()
    mafioso = roles_of(live_table)["mafioso"][0]
    client = Client()
    client.force_login(live_table.users[mafioso])
    page = client.get(reverse("game", args=[game.id])).content.decode()
    players_block = page[page.index('id="players"') :]
    positions = [players_block.index(f'<span class="pname">{n}</span>') for n in seating]
    assert positions == sorted(positions)
    actions = page[page.index('id="actions"') : page.index('id="tally"')]
    offered = [n for n in seating if f'<option value="{n}">' in actions]
    assert offered and [actions.index(f'<option value="{n}">') for n in offered] == sorted(
        actions.index(f'<option value="{n}">') for n in offered
    )
    started = Event.objects.get(game=game, kind="game_started")
    assert started.payload["players"] == seating


# -- membership changes without a reconnect --------------------------------


def test_a_lynched_mafioso_leaves_the_night_chat_and_enters_the_graveyard_live(live_table):
    """docs/design.md: 'Membership is re-checked when a player dies'; issue 7: 'the
    graveyard chat for the dead and spectators (living players never see it)'."""
    r = roles_of(live_table)
    gid = live_table.game.id
    mafioso, consort, sheriff = r["mafioso"][0], r["consort"][0], r["sheriff"][0]
    victim = r["townie"][0]
    sockets = {n: Socket(gid, live_table.users[n]) for n in (mafioso, sheriff)}
    watcher = Socket(gid, live_table.sam)
    users = live_table.users

    async def scenario():
        for sock in [*sockets.values(), watcher]:
            assert await sock.open()
            await sock.catch_up()
        await db(services.submit_action, users[mafioso], gid, ability="kill", targets=[victim])
        await db(services.gm_close_phase, live_table.gm, gid)
        living = await db(lambda: live_table.state().alive_names())
        for name in living:
            target = mafioso if name != mafioso else sheriff
            await db(services.cast_vote, users[name], gid, target)
        for sock in [*sockets.values(), watcher]:
            await sock.catch_up()
        assert mafioso not in await db(lambda: live_table.state().alive_names())
        before = {n: len(s.events()) for n, s in sockets.items()}
        await db(services.post_message, users[consort], gid, channel="faction", text="alone now")
        await db(services.post_message, live_table.sam, gid, channel="graveyard", text="welcome")
        for sock in [*sockets.values(), watcher]:
            await sock.nothing_more()  # and nothing more: "alone now" never comes
            await sock.close()
        return before

    before = run(scenario)
    texts = {
        n: [e["payload"].get("text") for e in s.events()[before[n] :]] for n, s in sockets.items()
    }
    assert texts[mafioso] == ["welcome"]  # the graveyard, not the night chat any more
    assert "welcome" not in texts[sheriff] and "alone now" not in texts[sheriff]
    membership = [m for m in sockets[mafioso].messages if m["type"] == "membership"]
    assert membership and "dead" in membership[-1]["audiences"]
    assert "welcome" in [e["payload"].get("text") for e in watcher.events()]


# -- no lost message ---------------------------------------------------------


def test_reconnect_after_a_dropped_socket_and_after_a_server_restart(live_table):
    """docs/design.md: 'a reconnecting browser asks for everything after event N and
    misses nothing' (a network drop; a server restart loses the channel layer)."""
    from channels.layers import channel_layers

    r = roles_of(live_table)
    gid = live_table.game.id
    sheriff, mafioso = r["sheriff"][0], r["mafioso"][0]
    users = live_table.users
    first = Socket(gid, users[sheriff])

    async def part_one():
        assert await first.open()
        await first.catch_up()
        await first.close()  # the network drops

    run(part_one)
    upto = live_table.refresh().last_event_seq  # the log as the dropped socket left it
    cursor = first.upto
    assert cursor == position_at(gid, users[sheriff], upto)
    services.submit_action(users[sheriff], gid, ability="check", targets=[mafioso])
    services.gm_close_phase(live_table.gm, gid)
    channel_layers.backends.clear()  # the server restarts: a new, empty channel layer
    again = Socket(gid, users[sheriff], after=cursor)

    async def part_two():
        assert await again.open()
        await again.nothing_more()  # what it missed, once each
        await again.close()

    run(part_two)
    missed = list(
        Event.objects.filter(game_id=gid, seq__gt=upto, audience__in=["public", f"seat:{sheriff}"])
        .order_by("seq")
        .values_list("seq", flat=True)
    )
    assert again.seqs() == missed
    assert set(first.seqs()).isdisjoint(again.seqs())
    kinds = [e["kind"] for e in again.events()]
    assert "result" in kinds and "phase_closed" in kinds and "phase_opened" in kinds


def test_a_dropped_push_is_fetched_from_the_log(live_table, monkeypatch):
    """docs/design.md: 'Channel layers deliver at most once and drop messages when a
    channel's buffer is full. Treat the socket as a hint'. Every private message of
    the close is dropped here; the manifest shows the gap and the log fills it."""
    r = roles_of(live_table)
    gid = live_table.game.id
    sheriff, mafioso = r["sheriff"][0], r["mafioso"][0]
    real_send_all = push.send_all

    def lossy(messages):
        real_send_all([(g, m) for g, m in messages if m["type"] != push.BATCH])

    sock = Socket(gid, live_table.users[sheriff])

    async def scenario():
        assert await sock.open()
        await sock.catch_up()
        monkeypatch.setattr(push, "send_all", lossy)
        await db(
            services.submit_action,
            live_table.users[sheriff],
            gid,
            ability="check",
            targets=[mafioso],
        )
        await db(services.gm_close_phase, live_table.gm, gid)
        await sock.nothing_more()  # the gap filled from the log, each event once
        held = len(sock.messages)
        replay = await sock.ask({"type": "resync", "after": 0}, answer=("events",))
        await sock.close()
        return held, replay

    held, replay = run(scenario)
    pushed = [e for m in sock.messages[:held] if m["type"] == "events" for e in m["events"]]
    results = [e for e in pushed if e["kind"] == "result"]
    assert len(results) == 1 and results[0]["payload"]["target"] == mafioso
    seqs = log_seqs(gid, live_table.users[sheriff], [tuple(e["id"]) for e in pushed])
    assert len(seqs) == len(set(seqs))
    # A browser that saw a gap asks again from 0 and gets the whole visible log.
    replayed = [tuple(e["id"]) for e in replay["events"]]
    assert log_seqs(gid, live_table.users[sheriff], replayed) == seqs


def open_while_a_change_commits(monkeypatch, sock: Socket, change) -> list:
    """Open `sock` while `change()` commits between the socket's read of the log's end
    and the rest of its opening (its read of the log, when there is anything to read);
    returns what `change` returned (empty: never staged)."""
    from games.live import access

    real = access.log_end
    staged = []

    def end_read_then_the_change(game_id):
        end = real(game_id)
        if not staged:  # the socket's opening read, then the change
            staged.append(change())
        return end

    monkeypatch.setattr(access, "log_end", end_read_then_the_change)

    async def scenario():
        assert await sock.open()
        await sock.nothing_more()  # and no more than the log holds
        await sock.close()

    run(scenario)
    return staged


def test_a_change_committed_while_a_socket_opens_is_not_lost(live_table, monkeypatch):
    """No lost message: a change commits between the socket's read of the log and
    its read of the log's end. Read in that order, the change counted as delivered
    and its push was dropped as old (the browser test's sign-up page that stayed in
    the lobby). The log's end is read first now."""
    gid = live_table.game.id
    sock = Socket(gid, live_table.users["alice"], after=live_table.refresh().last_event_seq)

    def the_gm_announces():
        return services.post_message(live_table.gm, gid, channel="announce", text="Hold on.")

    assert open_while_a_change_commits(monkeypatch, sock, the_gm_announces)
    posts = [e for e in sock.events() if e["kind"] == "post"]
    assert [p["payload"]["text"] for p in posts] == ["Hold on."]
    last = live_table.refresh().last_event_seq
    assert sock.upto == position_at(gid, live_table.users["alice"], last)


def test_a_sign_up_page_whose_socket_opens_as_the_game_starts_learns_of_it(
    transactional_db, monkeypatch
):
    """The same race on the lobby page: the start commits while its socket opens. The
    page must receive the start (it then opens the game), whichever read saw it."""
    from tests.kit.games import SEVEN, make_user, new_classic7, seat_players

    gemma = make_user("gemma")
    users = {name: make_user(name) for name in SEVEN}
    game = new_classic7(gemma, users)
    seat_players(gemma, game, users.values())
    sock = Socket(game.id, users["alice"], after=Game.objects.get(pk=game.id).last_event_seq)

    assert open_while_a_change_commits(
        monkeypatch, sock, lambda: services.start_game(gemma, game.id)
    )
    kinds = {e["kind"] for e in sock.events()}  # repeats are the browser's to skip (seen)
    assert {"game_started", "role", "phase_opened"} <= kinds
    last = Game.objects.get(pk=game.id).last_event_seq
    assert sock.upto == position_at(game.id, users["alice"], last)


# -- posts -------------------------------------------------------------------


def test_posts_over_the_socket_are_checked_like_any_post(live_table, monkeypatch):
    """Issue 7: 'Posts are immutable, escaped, length-limited and rate-limited';
    docs/design.md: 'a websocket message for a game the user is not in' is refused."""
    from django.test import Client
    from django.urls import reverse

    r = roles_of(live_table)
    gid = live_table.game.id
    consort = r["consort"][0]
    town = r["townie"][0]
    stranger = Socket(gid, live_table.mallory)
    nobody = Socket(gid, None)
    mafia = Socket(gid, live_table.users[consort])
    townie = Socket(gid, live_table.users[town])
    # The flood window outlasts the test however slow the machine: the sixth post is
    # refused for the count, not for how fast the first five went.
    monkeypatch.setattr(core, "RATE_SECONDS", 3600)

    async def scenario():
        replies = {}
        for sock in (stranger, nobody, mafia, townie):
            assert await sock.open()
            await sock.catch_up()
        replies["stranger"] = await stranger.ask({"type": "post", "channel": "day", "text": "hi"})
        replies["nobody"] = await nobody.ask({"type": "post", "channel": "day", "text": "hi"})
        replies["living graveyard"] = await townie.ask(
            {"type": "post", "channel": "graveyard", "text": "hi"}
        )
        replies["garbage"] = await townie.ask("not json")
        replies["long"] = await mafia.ask(
            {"type": "post", "channel": "faction", "text": "x" * 5001, "ref": 1}
        )
        for i in range(services.RATE_POSTS):
            await mafia.send(
                {"type": "post", "channel": "faction", "text": f"<b>{i}</b>", "ref": i}
            )
        await mafia.until(lambda m: m.get("type") == "posted" and m["ref"] == i)
        await mafia.catch_up()  # every post pushed back
        replies["flood"] = await mafia.ask(
            {"type": "post", "channel": "faction", "text": "one too many"}
        )
        for sock in (stranger, nobody, mafia, townie):
            await sock.close()
        return replies

    replies = run(scenario)
    assert "not playing" in replies["stranger"]["message"]
    assert "log in" in replies["nobody"]["message"].lower()
    assert "graveyard chat is for the dead" in replies["living graveyard"]["message"]
    assert replies["garbage"] == {"type": "error", "message": "Send a JSON object.", "ref": None}
    assert "at most 5000" in replies["long"]["message"]
    assert "slow down" in replies["flood"]["message"].lower()
    posted = [m for m in mafia.messages if m["type"] == "posted"]
    assert len(posted) == services.RATE_POSTS
    texts = [e["payload"]["text"] for e in mafia.events() if e["kind"] == "post"]
    assert texts == [f"<b>{i}</b>" for i in range(services.RATE_POSTS)]
    client = Client()
    client.force_login(live_table.users[consort])
    page = client.get(reverse("game", args=[gid])).content.decode()
    assert "&lt;b&gt;0&lt;/b&gt;" in page and "<b>0</b>" not in page
    post = Post.objects.filter(game_id=gid).first()
    post.text = "edited"
    try:
        post.save()
    except ValueError as error:
        assert "cannot be edited" in str(error)
    else:  # pragma: no cover
        raise AssertionError("a post was edited")


def test_private_messages_follow_the_game_option(live_table):
    """Issue 7: 'private messages between players where the game allows them ... a
    game option, off, on, or "GM sees all"'."""
    from games.models import Game, PrivateMessages

    r = roles_of(live_table)
    gid = live_table.game.id
    sheriff, doctor = r["sheriff"][0], r["doctor"][0]
    users = live_table.users
    game = Game.objects.get(pk=gid)
    for mode, gm_reads in ((PrivateMessages.ON, False), (PrivateMessages.GM_SEES_ALL, True)):
        Game.objects.filter(pk=gid).update(private_messages=mode)
        services.post_message(users[sheriff], gid, channel="pm", text=f"psst {mode}", to=doctor)
        pm_events = Event.objects.filter(game=game, kind="pm", payload__text=f"psst {mode}")
        audiences = sorted(pm_events.values_list("audience", flat=True))
        expected = sorted([f"seat:{sheriff}", f"seat:{doctor}"] + (["gm"] if gm_reads else []))
        assert audiences == expected
    Game.objects.filter(pk=gid).update(private_messages=PrivateMessages.OFF)
    try:
        services.post_message(users[sheriff], gid, channel="pm", text="psst", to=doctor)
    except services.ServiceError as error:
        assert "no private messages" in str(error)
    else:  # pragma: no cover
        raise AssertionError("a PM went through with PMs off")


def test_the_gm_sees_live_tally_and_acted_counts(live_table):
    """Issue 7: 'live vote tally; new posts; "X has acted" counts for the GM'."""
    r = roles_of(live_table)
    gid = live_table.game.id
    mafioso, sheriff = r["mafioso"][0], r["sheriff"][0]
    victim = r["townie"][0]
    users = live_table.users
    gm = Socket(gid, live_table.gm)
    townie = Socket(gid, users[r["townie"][1]])

    async def scenario():
        for sock in (gm, townie):
            assert await sock.open()
            await sock.catch_up()
        await db(services.submit_action, users[mafioso], gid, ability="kill", targets=[victim])
        await gm.catch_up()
        await db(services.gm_close_phase, live_table.gm, gid)
        await db(services.cast_vote, users[sheriff], gid, mafioso)
        for sock in (gm, townie):
            await sock.catch_up()
            await sock.close()

    run(scenario)
    acted = [e["payload"] for e in gm.events() if e["kind"] == "action_recorded"]
    assert acted[-1]["player"] == mafioso and acted[-1]["acted"] == 1 and acted[-1]["of"] >= 4
    assert not [e for e in townie.events() if e["kind"] == "action_recorded"]
    votes = [e["payload"] for e in townie.events() if e["kind"] == "vote"]
    # The change alone: the page counts the tally from the ballots it holds (live.js).
    assert votes[-1] == {"voter": sheriff, "target": mafioso, "round": 0}


def test_last_words_in_sport_are_posted_once_and_pushed_to_everyone(transactional_db):
    """ru_sport: 'Последнее слово есть у всех ... Искючение - модкилл' (the engine
    announces 'last_words' for each death but a modkill's); issue 7: 'a dying
    player's last words ... are shown with the death'. bay12 has none."""
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from games.models import Game
    from tests.kit.games import seat_players

    make = get_user_model().objects.create_user
    gm = make("host", password="pw-host-123")
    users = {f"p{i}": make(f"p{i}", password="pw-player-123") for i in range(10)}
    game = services.create_game(
        gm,
        name="Sport",
        ruleset_id="ru_sport",
        preset_id="sport_10",
        day_seconds=600,
        night_seconds=600,
        seed=1,
    )
    seat_players(gm, game, users.values(), start=True)
    state = services.engine_state(Game.objects.get(pk=game.id))
    mafia = [p.name for p in state.players if p.faction == "mafia"]
    town = [p.name for p in state.players if p.faction != "mafia"]
    victim, witness = town[0], town[1]
    with_last_words = Socket(game.id, users[witness])

    for name in mafia:  # the sport mafia's unanimous shot
        services.submit_action(users[name], game.id, ability="kill", targets=[victim])
    if Game.objects.get(pk=game.id).phases.filter(closed_at__isnull=True, kind="night").exists():
        services.gm_close_phase(gm, game.id)
    assert victim not in services.engine_state(Game.objects.get(pk=game.id)).alive_names()
    for who, error in ((witness, "no last words"), (mafia[0], "no last words")):
        try:
            services.post_message(users[who], game.id, channel="last_words", text="I lived")
        except services.ServiceError as refused:
            assert error in str(refused)
        else:  # pragma: no cover
            raise AssertionError(f"{who} said last words")

    async def scenario():
        assert await with_last_words.open()
        await with_last_words.catch_up()
        await db(
            services.post_message,
            users[victim],
            game.id,
            channel="last_words",
            text="It was the don, I tell you!",
        )
        await with_last_words.catch_up()
        await with_last_words.close()

    run(scenario)
    pushed = [e["payload"] for e in with_last_words.events() if e["kind"] == "post"]
    assert pushed[-1]["channel"] == "last_words" and pushed[-1]["author"] == victim
    try:
        services.post_message(users[victim], game.id, channel="last_words", text="again")
    except services.ServiceError as refused:
        assert "no last words" in str(refused)
    else:  # pragma: no cover
        raise AssertionError("last words twice")
    client = Client()
    client.force_login(users[witness])
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert f"{victim}'s last words:" in page and "It was the don, I tell you!" in page


def test_gm_announcements_reach_everyone_and_only_the_gm_announces(live_table):
    """Issue 7: 'Chats: ... GM announcements'. Spectating is for those without a seat."""
    gid = live_table.game.id
    alice = live_table.users["alice"]
    everyone = [Socket(gid, alice), Socket(gid, live_table.mallory), Socket(gid, None)]

    async def scenario():
        for sock in everyone:
            assert await sock.open()
            await sock.catch_up()
        await db(
            services.post_message, live_table.gm, gid, channel="announce", text="Night is long."
        )
        for sock in everyone:
            await sock.catch_up()
            await sock.close()

    run(scenario)
    for sock in everyone:
        posts = [e["payload"] for e in sock.events() if e["kind"] == "post"]
        assert posts[-1]["text"] == "Night is long." and posts[-1]["gm"] is True
    for user, reason in (
        (alice, "only the gm makes announcements"),
        (live_table.sam, "only the gm makes announcements"),
    ):
        try:
            services.post_message(user, gid, channel="announce", text="hear me")
        except services.ServiceError as refused:
            assert reason in str(refused).lower()
        else:  # pragma: no cover
            raise AssertionError("a non-GM announced")
    for user, reason in (
        (live_table.gm, "already sees everything"),
        (alice, "cannot spectate their own game"),
        (live_table.sam, "already watching"),
    ):
        try:
            services.watch_game(user, gid)
        except services.ServiceError as refused:
            assert reason in str(refused).lower()
        else:  # pragma: no cover
            raise AssertionError(f"{user} could watch")
    services.watch_game(live_table.mallory, gid)  # a stranger may start watching
    services.post_message(live_table.mallory, gid, channel="graveyard", text="hello, ghosts")
