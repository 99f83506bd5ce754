"""Roulette points across games: an account's profile and the site-wide leaderboard
(issue 20). Both are open to anonymous visitors, read the record the service counted
where each round ended, and escape what accounts are named."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import RoulettePoints
from roles import roulette
from tests.kit.roulette import bury_two, rig, say


def played_one_round(table):
    """Two of the dead play a round; the first is shot (the bullet in chamber 0)."""
    first, second = bury_two(table)
    rig(table.game, 0)
    say(table, first, "-roulette")
    say(table, second, "-join")
    say(table, first, "-start")
    say(table, first, "-pull")
    return first, second


def test_the_profile_shows_points_and_the_record_to_anyone(table, client):
    first, second = played_one_round(table)
    page = client.get(reverse("profile", args=[second])).content.decode()
    assert f"<h1>{second}</h1>" in page
    assert "<dd><strong>110</strong></dd>" in page  # the pot of 10
    assert "<dt>Rounds played</dt><dd>1</dd>" in page
    assert "<dt>Rounds won</dt><dd>1</dd>" in page and "<dt>Shot</dt><dd>0</dd>" in page
    assert "<dt>Rank</dt><dd>1 of 2</dd>" in page
    shot = client.get(reverse("profile", args=[first])).content.decode()
    assert "<dt>Shot</dt><dd>1</dd>" in shot and "<dd><strong>90</strong></dd>" in shot


def test_a_newcomers_profile_shows_the_starting_points(players, client):
    page = client.get(reverse("profile", args=["ivan"])).content.decode()
    assert f"<strong>{roulette.STARTING_POINTS}</strong>" in page
    assert "not ranked yet" in page and "has not played a round yet" in page


def test_an_unknown_account_is_a_404(db, client):
    assert client.get(reverse("profile", args=["nobody"])).status_code == 404
    assert client.get("/users/nobody/").status_code == 404


def test_the_leaderboard_ranks_accounts_by_points_with_their_record(table, client):
    first, second = played_one_round(table)
    page = client.get(reverse("leaderboard")).content.decode()
    assert page.index(f">{second}</a>") < page.index(f">{first}</a>")
    row = page[page.index(f">{second}</a>") :]
    row = row[: row.index("</tr>")]
    assert "<strong>110</strong>" in row
    assert [c for c in row.split('<td class="num">')[1:]] == [
        "<strong>110</strong></td>",
        "1</td>",
        "1</td>",
        "0</td>",
    ]
    assert f'href="{reverse("profile", args=[second])}"' in page


def test_the_record_is_counted_at_the_rounds_end_not_read_from_the_log(table, client):
    table.first, table.second = played_one_round(table)
    rows = {r.user.username: r for r in RoulettePoints.objects.select_related("user")}
    assert sorted((r.tables_played, r.tables_won, r.times_shot) for r in rows.values()) == [
        (1, 0, 1),
        (1, 1, 0),
    ]
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("leaderboard")).content.decode()
        client.get(reverse("profile", args=[table.first]))
    assert page.count("<tr>") == 1 + 2  # header + the two accounts
    assert not [q for q in queries.captured_queries if "games_event" in q["sql"]]


def test_names_are_escaped_on_both_pages(db, client):
    odd = get_user_model().objects.create(username="<b>bold</b>")
    RoulettePoints.objects.create(user=odd, points=150, tables_played=2, tables_won=2)
    board = client.get(reverse("leaderboard")).content.decode()
    assert "<b>bold</b>" not in board and "&lt;b&gt;bold&lt;/b&gt;" in board
    profile = client.get(reverse("profile", args=[odd.username]))
    assert profile.status_code == 200
    assert "<b>bold</b>" not in profile.content.decode()


def test_the_header_links_the_leaderboard_and_ones_own_profile(players, client):
    page = client.get(reverse("lobby")).content.decode()
    assert f'href="{reverse("leaderboard")}"' in page  # for anonymous visitors too
    client.force_login(players["ivan"])
    page = client.get(reverse("lobby")).content.decode()
    assert f'href="{reverse("profile", args=["ivan"])}"' in page


def test_an_empty_leaderboard_says_so(db, client):
    assert "Nobody has played yet" in client.get(reverse("leaderboard")).content.decode()
