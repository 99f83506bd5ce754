"""The graveyard's roulette on the site (games/services/roulette.py; rules/002,
"Russian Roulette Mini-game"; docs/design.md: "spectators and the dead watch the public
thread and talk in the graveyard chat, where the dead can play Russian roulette for
points").

Who may do what, clear refusals that change nothing, points that move only at a
round's start and end, a stored secret seed, and a table the living never see.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games import services
from games.models import Event, Post, RoulettePoints, RouletteTable, Status
from games.web import roulette as roulette_panel
from roles import roulette
from tests.kit.roulette import bury_two, rig, say, snapshot, table_state


@pytest.fixture
def graves(table):
    first, second = bury_two(table)
    table.first, table.second = first, second
    return table


def test_a_dash_in_the_graveyard_is_a_move_of_the_table_not_a_chat_post(graves):
    """002: 'The game begins by having one player type -roulette in the graveyard chat'.
    Issue 20: the command shows as the table's move, the chat keeps the talk."""
    move = say(graves, graves.first, "-roulette 5 4")
    event = Event.objects.filter(game=graves.game, kind="roulette").get()
    assert move.seq == event.seq and event.audience == "dead"
    assert not Post.objects.filter(game=graves.game).exists()
    assert not Event.objects.filter(game=graves.game, kind="post").exists()
    assert event.payload["command"] == "-roulette 5 4" and event.payload["opened"] is True
    assert event.payload["lines"][0].startswith(f"{graves.first} opens a roulette table")
    assert event.payload["table"]["stage"] == "betting"
    assert (table_state(graves.game).min_bet, table_state(graves.game).chambers) == (5, 4)


def test_living_gm_strangers_and_logged_out_are_refused_and_nothing_changes(graves, mallory):
    from django.contrib.auth.models import AnonymousUser

    living = graves.alive()[0]
    before = snapshot(graves.game)
    refusals = {
        "living": (graves.users[living], "graveyard chat is for the dead"),
        "gm": (graves.gm, "graveyard chat is for the dead"),
        "stranger": (mallory, "You are not playing"),
        "logged out": (AnonymousUser(), "Log in first"),
    }
    for who, (user, reason) in refusals.items():
        with pytest.raises(services.ServiceError, match=reason):
            services.post_message(user, graves.game.id, channel="graveyard", text="-roulette")
        assert snapshot(graves.game) == before, who


def test_bad_commands_get_the_engines_reason_and_change_nothing(graves):
    say(graves, graves.first, "-roulette")
    before = snapshot(graves.game)
    for text, reason in [
        ("-spin", "no command -spin"),
        ("-bet 1000", "only 100 points"),
        ("-start", "two players at least"),
        ("-roulette", "table is open"),
    ]:
        with pytest.raises(services.ServiceError, match=reason):
            say(graves, graves.first, text)
        assert snapshot(graves.game) == before, text


def test_with_the_option_off_spectators_are_told_they_only_watch(graves, mallory):
    """Issue 20: the GM's "spectators may play roulette" off, a spectator who tries is
    refused with a clear message and changes nothing; he may still -observe."""
    services.watch_game(mallory, graves.game.id)
    services.set_roulette_spectators(graves.gm, graves.game.id, False)
    gid = graves.game.id
    before = snapshot(graves.game)
    with pytest.raises(services.ServiceError, match="GM of this game has spectators only watch"):
        services.post_message(mallory, gid, channel="graveyard", text="-roulette")
    assert snapshot(graves.game) == before
    say(graves, graves.first, "-roulette")
    with pytest.raises(services.ServiceError, match="spectators only watch the roulette"):
        services.post_message(mallory, gid, channel="graveyard", text="-join")
    services.post_message(mallory, gid, channel="graveyard", text="-observe")
    assert table_state(graves.game).observers == ["mallory (spectator)"]
    page = graves.clients["gemma"].get(reverse("game", args=[gid])).content.decode()
    assert 'name="spectators_play" value="1">' in page  # the GM's box, unchecked


def seat_both(graves, chamber=None, bets=()):
    """first opens a table, second joins, each places their bet (if given); the bullet
    goes in `chamber`, or where the server's own seed puts it."""
    if chamber is not None:
        rig(graves.game, chamber)
    say(graves, graves.first, "-roulette")
    say(graves, graves.second, "-join")
    for name, amount in zip((graves.first, graves.second), bets, strict=False):
        say(graves, name, f"-bet {amount}")


def pull_until_shot(graves) -> dict:
    """Each pulls once and passes until the bullet fires: the last roulette payload."""
    while table_state(graves.game).stage == roulette.PLAYING:
        current = table_state(graves.game).current
        say(graves, current, "-pull")
        if table_state(graves.game).stage == roulette.PLAYING:
            say(graves, current, "-pass")
    return Event.objects.filter(game=graves.game, kind="roulette").last().payload


def play_round(graves, bets=(30, 20), chamber=2) -> str:
    """A whole round of the two dead; returns who was shot."""
    seat_both(graves, chamber, bets)
    say(graves, graves.first, "-start")
    return pull_until_shot(graves)["shot"]


def points(graves, name) -> int:
    return roulette_panel.points_of(graves.users[name])


def test_bets_are_taken_at_the_start_and_the_survivor_is_paid_at_the_end(graves):
    """002: 'Bets are silently removed at the beginning of the game and are given back at
    the end'; 'the surviving players split the points bet by that player'; 1v1 bets
    are normalised to equal amounts."""
    first, second = graves.first, graves.second
    seat_both(graves, 3, bets=(30, 20))
    assert points(graves, first) == points(graves, second) == roulette.STARTING_POINTS
    say(graves, first, "-start")
    assert (points(graves, first), points(graves, second)) == (80, 80)  # 30 cut to 20
    last = pull_until_shot(graves)
    shot = last["shot"]
    survivor = second if shot == first else first
    assert points(graves, shot) == 80 and points(graves, survivor) == 120
    assert last["points"] == {shot: 80, survivor: 120}
    assert table_state(graves.game).killed == [shot]


def test_the_shot_cannot_join_a_later_table(graves):
    """002: 'Once a player has been killed in a game of Russian Roulette they cannot join
    any subsequent games'."""
    shot = play_round(graves)
    survivor = graves.second if shot == graves.first else graves.first
    say(graves, survivor, "-roulette")
    with pytest.raises(services.ServiceError, match="cannot play again"):
        say(graves, shot, "-join")


def test_leaving_the_round_loses_the_bet(graves):
    """002: 'leaving when you know your odds are bad ... will still make you lose the
    points you bet'."""
    first, second = graves.first, graves.second
    seat_both(graves, 5)
    say(graves, first, "-start")
    say(graves, first, "-pull")
    say(graves, first, "-leave")
    assert points(graves, first) == 90 and points(graves, second) == 110
    assert table_state(graves.game).stage == roulette.CLOSED


def test_the_round_plays_on_after_the_mafia_game_ends(graves):
    """002: 'If the game of Mafia comes to a conclusion during a game of Russian Roulette
    the game will NOT be aborted.' The end is stored as the phase close stores it."""
    first, second = graves.first, graves.second
    seat_both(graves, 1)
    say(graves, first, "-start")
    game = graves.refresh()
    game.move_to(Status.FINISHED)
    game.save()
    say(graves, first, "-pull")
    say(graves, first, "-pass")
    say(graves, second, "-pull")
    assert (points(graves, first), points(graves, second)) == (110, 90)
    with pytest.raises(services.ServiceError, match="Mafia game is over"):
        say(graves, first, "-roulette")
    # once the game is over the whole graveyard, the table included, is open to all
    page = graves.page(graves.alive()[0])
    assert 'id="roulette"' in page and f"{second} is shot" in page


def test_the_seed_and_the_bullet_never_leave_the_server(graves):
    play_round(graves, chamber=None)
    row = RouletteTable.objects.get(game=graves.game)
    assert row.seed > 2**40  # drawn by the server: 62 random bits
    for event in Event.objects.filter(game=graves.game, kind="roulette"):
        assert "bullet" not in event.payload["table"]
        assert str(row.seed) not in str(event.payload)
    page = graves.page(graves.first)
    assert str(row.seed) not in page and "bullet" not in page.lower().replace("one bullet", "")


def test_the_spins_replay_from_the_stored_seed(graves):
    shot = play_round(graves, chamber=2)
    row = RouletteTable.objects.get(game=graves.game)
    assert roulette.bullet_chamber(row.seed, 1, 6) == 2
    pulls = [
        e.payload["lines"][0]
        for e in Event.objects.filter(game=graves.game, kind="roulette")
        if " pulls: " in e.payload["lines"][0]
    ]
    assert len(pulls) == 3 and "BANG" in pulls[-1] and shot in pulls[-1]


def test_the_panel_shows_table_points_and_leaderboard_to_the_graveyard_only(graves, mallory):
    services.watch_game(mallory, graves.game.id)
    seat_both(graves)
    say(graves, graves.first, "-start")
    dead_page = graves.page(graves.first)
    assert 'id="roulette"' in dead_page and "Your points: <strong>90</strong>" in dead_page
    assert "Points leaderboard" in dead_page and "Pull the trigger" in dead_page
    started_at = table_state(graves.game).turn_since
    skip_from = datetime.fromtimestamp(started_at + roulette.TURN_SECONDS, tz=UTC)
    assert f'may be skipped from <time datetime="{skip_from.isoformat()}"' in dead_page
    assert "Pull the trigger" not in graves.page(graves.second)  # not their turn
    gm_page = graves.page("gemma")
    assert 'id="roulette"' in gm_page and "Pull the trigger" not in gm_page
    for name in graves.alive():
        page = graves.page(name)
        assert 'id="roulette"' not in page and "opens a roulette table" not in page, name


def test_panel_buttons_post_commands_and_show_refusals(graves):
    client = graves.clients[graves.first]
    url = reverse("roulette", args=[graves.game.id])
    response = client.post(url, {"command": "roulette", "min_bet": "15", "chambers": "3"})
    assert response.status_code == 302
    assert (table_state(graves.game).min_bet, table_state(graves.game).chambers) == (15, 3)
    graves.clients[graves.second].post(url, {"command": "join"})
    client.post(url, {"command": "bet", "amount": "40"})
    assert table_state(graves.game).bets == {graves.first: 40}
    before = snapshot(graves.game)
    page = client.post(url, {"command": "explode"}, follow=True).content.decode()
    assert "There is no such roulette command." in page
    page = client.post(url, {"command": "bet", "amount": "4 0"}, follow=True).content.decode()
    assert "Give whole numbers." in page
    living = graves.alive()[0]
    page = graves.clients[living].post(url, {"command": "join"}, follow=True).content.decode()
    assert "graveyard chat is for the dead" in page
    assert snapshot(graves.game) == before
    assert graves.clients[living].get(url).status_code == 405


def test_accounts_start_with_the_starting_points_and_never_go_negative(graves):
    first, second = graves.first, graves.second
    RoulettePoints.objects.create(user=graves.users[first], points=12)
    say(graves, first, "-roulette")
    with pytest.raises(services.ServiceError, match="only 12 points"):
        say(graves, first, "-bet 13")
    say(graves, first, "-bet 12")
    say(graves, second, "-join")
    say(graves, second, "-bet 100")
    say(graves, first, "-start")
    assert points(graves, first) == 0 and points(graves, second) == 88
    assert roulette_panel.leaderboard()[0]["points"] == 88


def test_help_typed_in_the_graveyard_is_answered_there_and_changes_no_table(graves):
    """Decision: '-roulette help' shows the rules of the table (roles.roulette.HELP)."""
    from games.text import event_text

    say(graves, graves.first, "-roulette help")
    event = Event.objects.filter(game=graves.game, kind="roulette").get()
    assert event.payload["lines"] == [roulette.HELP] and event_text(event) == roulette.HELP
    assert table_state(graves.game).stage == roulette.CLOSED
    page = graves.page(graves.second)
    recent = page[page.index('id="roulette-moves"') :]
    assert "Every account starts with 100 points" in recent[: recent.index("</ol>")]


def test_the_log_line_of_a_round_is_the_tables_own_words(graves):
    from games.text import event_text

    play_round(graves, chamber=0)
    last = Event.objects.filter(game=graves.game, kind="roulette").last()
    assert event_text(last) == " ".join(last.payload["lines"])
    assert "BANG!" in event_text(last) and "{" not in event_text(last)
