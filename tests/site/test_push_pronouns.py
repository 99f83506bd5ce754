"""A commit's pushed lines read the players' pronouns once (issue 17, the load part):
each event's line is said in every language, and the GM's copy again; a realistic
night's close read the profiles once per line that names a death, a quarter of the
closer's time (py-spy of `bench/live.py --nights acting`)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.live.access import access_for, events_for
from games.services import push
from tests.kit.play import play_mechanical_game

pytestmark = pytest.mark.django_db


def profile_reads(queries) -> int:
    return sum("games_profile" in q["sql"] for q in queries)


def played(gemma):
    game = play_mechanical_game(gemma, "bay12", "standard15")
    events = list(game.events.select_related("game").order_by("seq"))
    deaths = [e for e in events if e.kind == "phase_closed" and e.payload.get("deaths")]
    assert deaths, "the game should have lines that describe a death"
    return game, events


def test_one_commit_reads_the_pronouns_once(gemma):
    game, events = played(gemma)
    seat_ids = dict(game.seats.values_list("name", "id"))
    with CaptureQueriesContext(connection) as said:
        messages = push.commit_messages(game.id, events, seat_ids)
    assert messages
    assert profile_reads(said.captured_queries) == 1


def test_a_socket_catching_up_reads_the_pronouns_once(gemma):
    game, _ = played(gemma)
    access = access_for(game.id, gemma)  # the GM reads every line
    with CaptureQueriesContext(connection) as said:
        found, last = events_for(access, {})
    assert len(found) > 10 and last
    assert profile_reads(said.captured_queries) == 1


def test_a_commit_says_each_line_as_the_event_alone_says_it(gemma):
    """The commit says its lines one language at a time and builds the GM's named
    lines on the seats' own (not said twice): every line must still read exactly as
    `event_text` / `gm_event_text` say that event alone, and the active language is
    left as it was."""
    from django.utils import translation

    from games.text import event_text, gm_event_text

    game, events = played(gemma)
    seat_ids = dict(game.seats.values_list("name", "id"))
    gm_group = push.group_for(game.id, "gm", seat_ids)
    by_seq = {e.seq: e for e in events}
    with translation.override("ru"):
        messages = push.commit_messages(game.id, events, seat_ids)
        assert translation.get_language() == "ru"
    checked = named = 0
    for group, message in messages:
        for pushed in message["events"]:
            event = by_seq[pushed["seq"]]
            gm_copy = group == gm_group and event.audience != "gm"
            for lang in ("en", "ru"):
                alone = gm_event_text(event, lang) if gm_copy else event_text(event, lang)
                assert pushed["texts"][lang] == alone, (group, event.kind, lang)
                checked += 1
            named += gm_copy and pushed["texts"]["en"] != event_text(event, "en")
    assert checked > 2 * len(events)  # private events twice: the seat's and the GM's
    assert named, "the GM's copies should name the seats they were for"
