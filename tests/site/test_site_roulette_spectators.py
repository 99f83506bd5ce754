"""Spectators play the graveyard's roulette (issue 20; rules/002, "Russian Roulette
Mini-game"), and a command is a move of the table, the same typed or pressed.

Personas: the two dead of `graves` (first, second) play; heidi and ivan, never seated,
watch the game and play too; the living and the GM never sit at a table.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.models import Event, Post, RoulettePoints, Spectator, Status
from games.text import event_text
from games.web import roulette as roulette_panel
from roles import roulette
from tests.kit.roulette import bury_two, rig, say, snapshot, table_state


@pytest.fixture
def graves(table, players):
    table.first, table.second = bury_two(table)
    for name in ("heidi", "ivan"):
        services.watch_game(players[name], table.game.id)
    table.heidi, table.ivan = players["heidi"], players["ivan"]
    return table


def watcher_says(graves, user, text):
    return services.post_message(user, graves.game.id, channel="graveyard", text=text)


def move(graves):
    """The table's last move (its roulette event)."""
    return Event.objects.filter(game=graves.game, kind="roulette").last()


def record(user) -> tuple[int, int, int, int]:
    row = RoulettePoints.objects.get(user=user)
    return row.points, row.tables_played, row.tables_won, row.times_shot


def test_a_spectator_plays_a_round_with_two_dead_and_the_payout_follows_002(graves):
    """002: 'the bets are normalized so no one player bets more points than the other
    players combined'; 'the surviving players split the points bet by that player';
    'Players who bet more points receive more winnings'; 'Players who pulled the trigger
    multiple times consecutively during play receive more winnings'; 'Bets are silently
    removed at the beginning of the game and are given back at the end'."""
    first, second, heidi = graves.first, graves.second, graves.heidi
    rig(graves.game, 2)  # chambers 0 and 1 click, the third pull is the bang
    say(graves, first, "-roulette")
    say(graves, second, "-join")
    watcher_says(graves, heidi, "-join")
    assert table_state(graves.game).players == [first, second, "heidi (spectator)"]
    say(graves, first, "-bet 30")
    say(graves, second, "-bet 20")
    watcher_says(graves, heidi, "-bet 60")
    say(graves, first, "-start")
    # 60 is more than the others' 30 + 20: cut to 50, and the three bets are taken.
    assert table_state(graves.game).bets == {first: 30, second: 20, "heidi (spectator)": 50}
    assert roulette_panel.points_of(heidi) == 50
    say(graves, first, "-pull")  # click
    say(graves, first, "-pull")  # click: one consecutive pull
    say(graves, first, "-pass")
    say(graves, second, "-pull")  # BANG
    last = move(graves)
    assert last.payload["shot"] == second
    # The pot (second's 20) split by bet x (1 + consecutive pulls): first 30 x 2 = 60,
    # heidi 50 x 1 = 50 -> 20 * 60/110 = 10.9 and 20 * 50/110 = 9.1: 11 and 9 in whole
    # points (largest remainder), each with the bet back.
    assert roulette.payouts({first: 30, "h": 50}, {first: 1}, 20) == {first: 41, "h": 59}
    assert record(graves.users[first]) == (100 - 30 + 41, 1, 1, 0)
    assert record(graves.users[second]) == (80, 1, 0, 1)
    assert record(heidi) == (100 - 50 + 59, 1, 1, 0)
    assert last.payload["points"]["heidi (spectator)"] == 109
    assert not Post.objects.filter(game=graves.game).exists()  # moves, not posts


def test_a_spectator_shot_cannot_join_another_table_of_that_game(graves):
    """002: 'Once a player has been killed in a game of Russian Roulette they cannot
    join any subsequent games' (of that Mafia game): a spectator as a dead player."""
    heidi, first = graves.heidi, graves.first
    rig(graves.game, 0)
    watcher_says(graves, heidi, "-roulette")
    say(graves, first, "-join")
    watcher_says(graves, heidi, "-start")
    watcher_says(graves, heidi, "-pull")
    assert move(graves).payload["shot"] == "heidi (spectator)"
    say(graves, first, "-roulette")
    before = snapshot(graves.game)
    with pytest.raises(services.ServiceError, match="shot at this table: you cannot play"):
        watcher_says(graves, heidi, "-join")
    assert snapshot(graves.game) == before
    watcher_says(graves, heidi, "-observe")  # watching is still open to him
    page = graves.clients["gemma"].get(reverse("game", args=[graves.game.id])).content.decode()
    assert "heidi (spectator) pulls: BANG!" in page


def test_the_round_plays_on_for_a_spectator_after_the_game_ends(graves):
    """002: 'If the game of Mafia comes to a conclusion during a game of Russian Roulette
    the game will NOT be aborted.'"""
    heidi, first = graves.heidi, graves.first
    rig(graves.game, 1)
    watcher_says(graves, heidi, "-roulette")
    say(graves, first, "-join")
    watcher_says(graves, heidi, "-start")
    game = graves.refresh()
    game.move_to(Status.FINISHED)
    game.save()
    watcher_says(graves, heidi, "-pull")
    watcher_says(graves, heidi, "-pass")
    say(graves, first, "-pull")
    assert record(heidi) == (110, 1, 1, 0)
    with pytest.raises(services.ServiceError, match="Mafia game is over"):
        watcher_says(graves, graves.ivan, "-roulette")


def test_the_gms_option_is_a_locked_service_told_to_the_graveyard(graves, mallory):
    gid = graves.game.id
    for user in (graves.users[graves.first], mallory):  # a player, a stranger
        with pytest.raises(services.ServiceError, match="Only the game's GM"):
            services.set_roulette_spectators(user, gid, False)
    services.set_roulette_spectators(graves.gm, gid, False)
    assert graves.refresh().roulette_spectators is False
    told = Event.objects.filter(game=graves.game, kind="roulette_option").get()
    assert told.audience == "dead" and "only watch" in event_text(told)
    with pytest.raises(services.ServiceError, match="already only watch"):
        services.set_roulette_spectators(graves.gm, gid, False)
    # from the GM panel's form: the checkbox sent is "on"
    url = reverse("roulette_option", args=[gid])
    graves.clients["gemma"].post(url, {"spectators_play": "1"})
    assert graves.refresh().roulette_spectators is True
    assert "lets spectators play" in event_text(
        Event.objects.filter(game=graves.game, kind="roulette_option").last()
    )
    graves.clients[graves.first].post(url, {})  # not the GM: refused, nothing changes
    assert graves.refresh().roulette_spectators is True


def test_turned_off_mid_table_a_seated_spectator_plays_it_out_but_opens_no_new_one(graves):
    heidi, first = graves.heidi, graves.first
    rig(graves.game, 0)
    say(graves, first, "-roulette")
    watcher_says(graves, heidi, "-join")
    services.set_roulette_spectators(graves.gm, graves.game.id, False)
    watcher_says(graves, heidi, "-bet 20")
    say(graves, first, "-start")
    say(graves, first, "-pull")  # first is shot: heidi takes the pot (20 cut to 10)
    assert record(heidi) == (110, 1, 1, 0)
    with pytest.raises(services.ServiceError, match="spectators only watch"):
        watcher_says(graves, heidi, "-roulette")


def test_the_create_form_sets_the_option_on_by_default(gemma, client):
    client.force_login(gemma)
    page = client.get(reverse("create_game") + "?ruleset=bay12").content.decode()
    assert 'name="roulette_spectators"' in page and "Spectators may play roulette" in page
    box = page[page.index('name="roulette_spectators"') - 80 :][:200]
    assert "checked" in box
    assert services.create_game(
        gemma, name="g", ruleset_id="bay12", preset_id="classic7", day_seconds=600,
        night_seconds=600, reveal_mode="role",
    ).roulette_spectators is True  # fmt: skip


def test_a_spectators_table_name_is_never_a_seats_name(table, players):
    """A seat keeps the name it was joined with when another account takes it over: the
    seat 'alice', played by heidi, and alice's own account watching (were she let in)
    sit at the table as two players, each with their own points."""
    state = table.state()
    townie = next(p.name for p in state.players if p.role == "townie")
    services.replace_player(table.gm, table.game.id, townie, "heidi")
    table.users[townie] = players["heidi"]
    first, _second = bury_two(table)
    assert first == townie  # the seat died: heidi plays in the graveyard as its name
    old_account = players[townie]
    Spectator.objects.create(game=table.game, user=old_account)
    gid = table.game.id
    services.post_message(players["heidi"], gid, channel="graveyard", text="-roulette")
    services.post_message(old_account, gid, channel="graveyard", text="-join")
    tabled = table_state(table.game)
    assert tabled.players == [townie, f"{townie} (spectator)"]
    services.post_message(players["heidi"], gid, channel="graveyard", text="-bet 15")
    services.post_message(old_account, gid, channel="graveyard", text="-bet 15")
    services.post_message(players["heidi"], gid, channel="graveyard", text="-start")
    assert roulette_panel.points_of(players["heidi"]) == 85
    assert roulette_panel.points_of(old_account) == 85
    assert services.spectator_name(old_account) != townie


def _dead_key(graves, event) -> str:
    from games.viewer import streams_of, viewer_for

    viewer = viewer_for(graves.game, graves.users[graves.first])
    return ":".join(map(str, streams_of(viewer).key(event)))


def test_a_typed_command_and_a_pressed_button_make_the_same_move(graves):
    """Issue 20: 'typing a command and pressing the panel's buttons give the same move'
    (the same service, the same event, the same line on the page), and no chat post."""
    gid, first, second = graves.game.id, graves.first, graves.second
    url = reverse("roulette", args=[gid])
    say(graves, first, "-roulette 5 4")
    graves.clients[second].post(url, {"command": "join"})
    say(graves, first, "-bet 15")  # typed
    graves.clients[second].post(url, {"command": "bet", "amount": "15"})  # pressed
    typed, pressed = Event.objects.filter(game=graves.game, kind="roulette").order_by("seq")[2:]
    assert (typed.kind, typed.audience) == (pressed.kind, pressed.audience) == ("roulette", "dead")
    assert typed.payload["command"] == pressed.payload["command"] == "-bet 15"
    assert typed.payload["lines"] == [f"{first} bets 15."]
    assert pressed.payload["lines"] == [f"{second} bets 15."]
    assert not Post.objects.filter(game=graves.game).exists()
    page = graves.page(graves.first)
    for event in (typed, pressed):
        # Named by the dead stream's own number, never the game-wide one (issue 18).
        assert f'<li data-event="{_dead_key(graves, event)}">{event_text(event)}</li>' in page
        assert f'data-seq="{event.seq}"' not in page
    posts = page[page.index('id="thread-graveyard"') : page.index('id="roulette"')]
    assert "bets 15" not in posts and "Silence among the dead." in posts


def test_the_living_see_no_table_and_cannot_play(graves):
    say(graves, graves.first, "-roulette")
    watcher_says(graves, graves.heidi, "-join")
    for name in graves.alive():
        with pytest.raises(services.ServiceError, match="graveyard chat is for the dead"):
            say(graves, name, "-join")
        page = graves.page(name)
        assert 'id="roulette"' not in page and "heidi (spectator)" not in page, name
        assert "opens a roulette table" not in page, name
    assert table_state(graves.game).players == [graves.first, "heidi (spectator)"]


def test_the_panel_lists_the_moves_of_the_table_open_now(graves):
    rig(graves.game, 0)
    say(graves, graves.first, "-roulette")
    say(graves, graves.second, "-join")
    say(graves, graves.first, "-start")
    say(graves, graves.first, "-pull")
    watcher_says(graves, graves.heidi, "-roulette 5 3")
    from games.viewer import viewer_for

    moves = roulette_panel.table_moves(graves.game, viewer_for(graves.game, graves.heidi))
    assert all(not m["key"].startswith(("all:", "public:")) for m in moves)  # the dead stream
    assert [m["text"] for m in moves] == [
        "heidi (spectator) opens a roulette table: minimum bet 5, 3 chambers, one bullet. "
        "-join to play, -observe to watch."
    ]
    page = graves.page(graves.second)
    assert "heidi (spectator) opens a roulette table" in page
    assert "Your points: <strong>110</strong>" in page


def test_moves_are_rate_limited_without_posts(graves, settings):
    say(graves, graves.first, "-roulette")
    for _ in range(services.roulette.RATE_COMMANDS - 1):
        say(graves, graves.first, "-table")
    with pytest.raises(services.ServiceError, match="Slow down: at most 12 roulette moves"):
        say(graves, graves.first, "-table")
