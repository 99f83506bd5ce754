"""Issue 17, item 4: the database unreachable gives a clear page, not a bare 500.

"a refused connection gives a bare "Server Error (500)" on every page and submission,
with no word on whether the vote was recorded; a stalled one hangs every request for
the whole stall (no timeouts configured)". The real outage (a TCP proxy cut for ten
seconds) is tests/faults/test_database_cut.py; here the failure is injected where the
site meets the database.
"""

from unittest import mock

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import OperationalError
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Vote
from mafiasite.env import DatabaseTimeouts, ImproperSetting, database_from_url
from tests.kit.forms import flash_tags

REFUSED = OperationalError(
    'connection failed: connection to server at "127.0.0.1", port 5432 failed: Connection refused'
)


def test_postgresql_has_connect_statement_and_lock_timeouts(monkeypatch):
    """No request waits for the database longer than a few seconds: each has a limit."""
    options = database_from_url("postgres://postgres@127.0.0.1:5432/mafia")["OPTIONS"]
    assert options["connect_timeout"] == 3
    assert options["options"] == "-c statement_timeout=5000 -c lock_timeout=5000"
    # A silent peer (a cut network) is dropped in seconds, not the kernel's minutes.
    assert options["tcp_user_timeout"] == 6000 and options["keepalives"] == 1
    monkeypatch.setenv("DATABASE_CONNECT_TIMEOUT", "2")
    monkeypatch.setenv("DATABASE_STATEMENT_TIMEOUT_MS", "1500")
    monkeypatch.setenv("DATABASE_LOCK_TIMEOUT_MS", "1000")
    monkeypatch.setenv("DATABASE_ALIVE_TIMEOUT", "0")
    options = DatabaseTimeouts.from_env().connection_options()
    assert options == {
        "connect_timeout": 2,
        "options": "-c statement_timeout=1500 -c lock_timeout=1000",
    }
    monkeypatch.setenv("DATABASE_CONNECT_TIMEOUT", "0")
    with pytest.raises(ImproperSetting, match="wait forever"):
        DatabaseTimeouts.from_env()
    monkeypatch.setenv("DATABASE_CONNECT_TIMEOUT", "-1")
    with pytest.raises(ImproperSetting, match="negative"):
        DatabaseTimeouts.from_env()


def assert_outage_page(response, *, recorded_word: str | None):
    page = response.content.decode()
    assert response.status_code == 503
    assert response["Retry-After"]
    assert "The database is unreachable." in page
    assert 'class="brand"' in page and "site.css" in page  # the site's own layout
    assert "Traceback" not in page and "Server Error" not in page
    assert "Connection refused" not in page  # nothing of the server's insides
    if recorded_word:
        assert f"Your {recorded_word} was NOT recorded" in page
        assert "Send it again" in page
    return page


def test_a_vote_refused_by_the_database_says_it_was_not_recorded(table, gemma):
    services.gm_close_phase(gemma, table.game.id)  # day 1
    client = table.clients["alice"]
    target = next(n for n in table.alive() if n != "alice")
    with mock.patch.object(services, "cast_vote", side_effect=REFUSED):
        response = client.post(
            reverse("vote", args=[table.game.id]),
            {"phase_seq": table.phase().seq, "target": target},
        )
    assert_outage_page(response, recorded_word="vote")
    assert not Vote.objects.filter(voter__name="alice").exists()
    # Back: the same vote goes through.
    response = client.post(
        reverse("vote", args=[table.game.id]),
        {"phase_seq": table.phase().seq, "target": target},
        follow=True,
    )
    assert flash_tags(response.content.decode()) == ["success"]
    assert Vote.objects.get(voter__name="alice").target == target


def test_a_move_and_a_post_say_so_too(table):
    client = table.clients["alice"]
    with mock.patch.object(services, "submit_action", side_effect=REFUSED):
        response = client.post(
            reverse("act", args=[table.game.id]), {"phase_seq": table.phase().seq, "ability": "x"}
        )
    assert_outage_page(response, recorded_word="move")
    with mock.patch.object(services, "post_message", side_effect=REFUSED):
        response = client.post(
            reverse("post", args=[table.game.id]), {"channel": "day", "text": "hello"}
        )
    assert_outage_page(response, recorded_word="post")


def test_a_page_whose_session_cannot_be_read_says_the_database_is_unreachable(table):
    """The session and the user are in the database: the page is rendered without
    them (no name in the bar, no login links that would fail as well)."""
    with mock.patch.object(SessionStore, "load", side_effect=REFUSED):
        response = table.clients["alice"].get(reverse("game", args=[table.game.id]))
    page = assert_outage_page(response, recorded_word=None)
    assert "cannot be shown right now" in page
    assert "Log out" not in page and "alice" not in page


def test_a_vote_whose_session_cannot_be_read_still_says_the_vote_was_not_recorded(table):
    """The database fails before the view is chosen (the session, the reader's profile):
    the page still names what was not recorded, from the URL."""
    with mock.patch.object(SessionStore, "load", side_effect=REFUSED):
        response = table.clients["alice"].post(
            reverse("vote", args=[table.game.id]), {"phase_seq": 1, "target": "bob"}
        )
    assert_outage_page(response, recorded_word="vote")


def test_a_failure_outside_the_view_gets_the_page_too(table, settings):
    """The session saved on the way out (a middleware, not the view) fails."""
    settings.SESSION_SAVE_EVERY_REQUEST = True
    client = Client(raise_request_exception=False)
    client.force_login(table.users["alice"])
    with mock.patch.object(SessionStore, "save", side_effect=REFUSED):
        response = client.get(reverse("lobby"))
    assert_outage_page(response, recorded_word=None)


def test_a_scripts_request_gets_the_words_as_json(table):
    """The page's own fetches (live.js, desk.js, builder.js) send X-Requested-With."""
    client = table.clients["alice"]
    with mock.patch.object(services, "cast_vote", side_effect=REFUSED):
        response = client.post(
            reverse("vote", args=[table.game.id]),
            {"phase_seq": table.phase().seq, "target": "bob"},
            headers={"X-Requested-With": "fetch"},
        )
    assert response.status_code == 503
    body = response.json()
    assert body["recorded"] is False and body["database"] == "unreachable"
    assert body["error"].startswith("The database is unreachable. Your vote was NOT recorded")
    with mock.patch.object(SessionStore, "load", side_effect=REFUSED):
        response = client.get(
            reverse("game", args=[table.game.id]), headers={"X-Requested-With": "fetch"}
        )
    assert response.status_code == 503 and "recorded" not in response.json()


def test_other_database_errors_stay_errors(table):
    """Only an unreachable database is an outage: a bug is not dressed up as one."""
    from django.db import IntegrityError

    client = Client(raise_request_exception=False)
    client.force_login(table.users["alice"])
    with mock.patch.object(services, "cast_vote", side_effect=IntegrityError("bug")):
        response = client.post(
            reverse("vote", args=[table.game.id]),
            {"phase_seq": table.phase().seq, "target": "bob"},
        )
    assert response.status_code == 500
