"""The day's votes as changes (games/services/votes.py): a vote event says who voted
for whom instead of whom, never the tally; the public vote history replays the log
(events of either shape) and costs the page the same whatever the number of votes;
its sentences equal their golden file (games/text.py, games/web/votes.py)."""

import os
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

import roles
from games import services
from games.models import Event, Game, Phase
from games.services.core import lock_game
from games.web.votes import need_text, past_days
from tests.kit.games import sc2_day_one
from tests.kit.play import day_one_game, tie_between

GOLDEN = Path(__file__).parent / "golden" / "vote_history.txt"


def to_day(table) -> Phase:
    services.gm_close_phase(table.gm, table.game.id)
    assert table.phase().kind == Phase.DAY
    return table.phase()


def vote_payloads(game) -> list[dict]:
    kept = Event.objects.filter(game=game, kind="vote", audience="public").order_by("seq")
    return list(kept.values_list("payload", flat=True))


def history(phase) -> list[tuple]:
    """The history's content: kind, round and names, in order."""
    said = []
    for e in services.vote_history(phase):
        if e["kind"] == "void":
            said.append(("void", e["round"], e["player"], e["cause"], tuple(e["voters"])))
        else:
            said.append((e["kind"], e["round"], e["voter"], e["target"], e["was"]))
    return said


def test_a_vote_event_carries_the_change_not_the_tally(table):
    phase = to_day(table)
    ann, bob, cat = table.alive()[:3]
    services.cast_vote(table.users[ann], table.game.id, bob)
    services.cast_vote(table.users[bob], table.game.id, bob)
    services.cast_vote(table.users[ann], table.game.id, cat)
    services.cast_vote(table.users[ann], table.game.id, None)
    assert vote_payloads(table.game) == [
        {"voter": ann, "target": bob, "round": 0},
        {"voter": bob, "target": bob, "round": 0},
        {"voter": ann, "target": cat, "round": 0, "was": bob},
        {"voter": ann, "target": None, "round": 0, "was": cat},
    ]
    assert history(phase) == [
        ("vote", 0, ann, bob, ""),
        ("vote", 0, bob, bob, ""),
        ("change", 0, ann, cat, bob),
        ("withdraw", 0, ann, None, cat),
    ]
    assert services.tally(phase) == {bob: [bob]}  # counted from the ballots


def test_the_history_reads_events_logged_with_the_whole_tally(table):
    """Games logged before vote events were changes: their events carry the tally and
    no "was"; the history replays them the same (docs/decisions/vote-events.md)."""
    phase = to_day(table)
    ann, bob, cat = table.alive()[:3]
    old = [
        {"voter": ann, "target": bob, "round": 0, "fast": False, "tally": {bob: [ann]}},
        {"voter": ann, "target": cat, "round": 0, "fast": False, "tally": {cat: [ann]}},
        {"voter": bob, "target": cat, "round": 0, "fast": False, "tally": {cat: [ann, bob]}},
        {"voter": ann, "target": None, "round": 0, "fast": False, "tally": {cat: [bob]}},
    ]
    with transaction.atomic():
        change = lock_game(table.game.id)
        for payload in old:
            change.log("vote", "public", payload, phase=phase)
        change.finish()
    assert history(phase) == [
        ("vote", 0, ann, bob, ""),
        ("change", 0, ann, cat, bob),
        ("vote", 0, bob, cat, ""),
        ("withdraw", 0, ann, None, cat),
    ]


def test_a_modkill_voids_ballots_in_the_history(table):
    phase = to_day(table)
    victim, voter, other = table.alive()[:3]
    services.cast_vote(table.users[voter], table.game.id, victim)
    services.cast_vote(table.users[victim], table.game.id, other)
    services.cast_vote(table.users[other], table.game.id, voter)
    services.modkill_player(table.gm, table.game.id, victim)
    assert history(phase)[-1] == ("void", 0, victim, "modkill", (voter, victim))
    modkill = Event.objects.get(game=table.game, kind="modkill", audience="public").payload
    assert "tally" not in modkill and modkill["void_votes"] == [voter]


@pytest.mark.django_db
def test_a_catastrophe_rounds_ballots_are_their_rounds_history(gemma):
    """ru_sport: a tie opens a catastrophe round (execute / pardon); its ballots are
    the history's round 1, after the day's vote, and the page holds that round open."""
    table = day_one_game(gemma, "ru_sport", "sport_10", 10)
    tie_between(table, "p01", "p04")
    assert services.gm_close_phase(gemma, table.game.id) is False
    day = table.phase()
    voter = day.pending["voters"][0]
    services.cast_vote(table.users[voter], table.game.id, "execute")
    rounds = [entry[1] for entry in history(day)]
    assert rounds == [0] * (len(rounds) - 1) + [1]
    assert history(day)[-1] == ("vote", 1, voter, "execute", "")
    context = table_context(table, voter)
    assert context["vote_round"] == 1 and context["vote_need"] == ""
    assert [r["round"] for r in context["vote_rounds"]] == [0, 1]
    assert context["ballots_json"] == f'[["{voter}", "execute"]]'


def table_context(table, name: str):
    return table.clients[name].get(reverse("game", args=[table.game.id])).context


def page_queries(client, game) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("game", args=[game.id]))
    assert response.status_code == 200
    return len(queries)


def test_the_vote_history_costs_the_page_the_same_whatever_the_number_of_votes(table):
    to_day(table)
    alive = table.alive()
    ann, bob = alive[0], alive[1]
    services.cast_vote(table.users[ann], table.game.id, bob)
    few = page_queries(table.clients[bob], table.game)
    for turn in range(4):  # twelve more: votes, changes, withdrawals
        for index, voter in enumerate(alive[:3]):
            target = None if turn == 1 else alive[(turn + index + 3) % len(alive)]
            services.cast_vote(table.users[voter], table.game.id, target)
    assert len(services.vote_history(table.phase())) == 13
    assert page_queries(table.clients[bob], table.game) == few
    # The page names each closed day's history, loaded when opened: one query for them all.
    assert past_days(table.game) == []


def test_a_closed_days_history_is_its_own_page_public_and_bounded(table):
    phase = to_day(table)
    ann, bob = table.alive()[:2]
    services.cast_vote(table.users[ann], table.game.id, bob)
    services.gm_close_phase(table.gm, table.game.id)
    assert past_days(table.game) == [{"seq": phase.seq, "number": phase.number}]
    address = reverse("day_votes", args=[table.game.id, phase.seq])
    assert address in table.page(bob)  # the night's page links it
    fragment = Client().get(address, headers={"X-Requested-With": "fetch"})
    assert fragment.status_code == 200 and b"<html" not in fragment.content
    assert Client().get(address).status_code == 200  # a page of its own without script
    night = table.phase()
    refused = reverse("day_votes", args=[table.game.id, night.seq])
    assert Client().get(refused).status_code == 404  # a night has no vote
    assert Client().get(reverse("day_votes", args=[table.game.id, 999])).status_code == 404


def test_the_panel_says_what_the_engine_needs_and_the_ballots_in_order(db):
    game, gm, users = sc2_day_one()
    services.cast_vote(users["p03"], game.id, "p01")
    services.cast_vote(users["p02"], game.id, "p01")
    services.cast_vote(users["p03"], game.id, "p04")  # a change keeps its voter's place
    reader = Client()
    reader.force_login(users["p00"])
    context = reader.get(reverse("game", args=[game.id])).context
    state = services.engine_state(Game.objects.get(pk=game.id))
    assert context["vote_need"] == need_text(roles.lynch_need(state))
    assert context["vote_round"] == 0
    assert context["ballots_json"] == '[["p03", "p04"], ["p02", "p01"]]'
    kinds = [line["kind"] for line in context["vote_rounds"][0]["lines"]]
    assert kinds == ["vote", "vote", "change"]


NEEDS = [
    {"rule": "plurality"},
    {"rule": "majority", "votes": 1, "of": 1},
    {"rule": "majority", "votes": 3, "of": 5},
    {"rule": "majority", "votes": 8, "of": 15},
    {"rule": "trial", "votes": 7, "of": 12},
    {"rule": "trial", "votes": 21, "of": 40},
]
VOIDS = [
    {"player": "ann", "cause": "modkill", "voters": ["bob", "ann"]},
    {"player": "ann", "cause": "left_game", "voters": ["ann"]},
]


def test_the_history_sentences_equal_their_golden_file():
    from games import text

    said = ""
    for lang in ("en", "ru"):
        with translation.override(lang):
            said += "".join(f"need {lang}: {need_text(n)}\n" for n in NEEDS)
            said += "".join(f"void {lang}: {text.void_votes_text(v)}\n" for v in VOIDS)
    if os.environ.get("GOLDEN_UPDATE") == "1":
        GOLDEN.write_text(said, encoding="utf-8")
    assert said == GOLDEN.read_text(encoding="utf-8")
