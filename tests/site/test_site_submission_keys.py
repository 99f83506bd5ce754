"""Issue 17, item 5: a retried submission is the same submission.

Each render of a player's form carries a submission key; the form sent again after a
lost answer (a connection error, a timeout) returns the first result and uses up
nothing. A new choice is a new submission; a key is its user's own.
"""

import re

import pytest
from django.urls import reverse

from games import services
from games.models import Action, Post, SubmissionKey, Vote
from tests.kit.forms import flash_tags
from tests.kit.games import Table, make_user, seat_players

KEY_FIELD = re.compile(r'name="submission_key" value="([0-9a-f]{32})"')


def sport_day(gemma) -> Table:
    """A ru_sport (003) game of ten, opened on day 1."""
    users = {f"p{i:02d}": make_user(f"p{i:02d}") for i in range(10)}
    game = services.create_game(
        gemma,
        name="sport retries",
        ruleset_id="ru_sport",
        preset_id="sport_10",
        day_seconds=600,
        night_seconds=300,
        reveal_mode="",
        options={},
        first_phase="day",
        seed=3,
    )
    seat_players(gemma, game, users.values(), start=True)
    return Table(game, users, gemma)


def form_key(page: str, action_url: str) -> str:
    """The submission key of the page's form that posts to `action_url`."""
    form = re.search(rf'<form[^>]*action="{re.escape(action_url)}"[^>]*>(.*?)</form>', page, re.S)
    assert form, f"no form posts to {action_url}"
    found = KEY_FIELD.search(form.group(1))
    assert found, f"the form posting to {action_url} carries no submission key"
    return found.group(1)


def test_ru_sport_a_retried_vote_does_not_use_up_the_one_change(gemma):
    """003: "Голос в дневном голосовании можно менять только один раз." (a day vote may
    be changed only once). The vote form sent twice (the first answer was lost) is one
    vote: the player's one change is still his."""
    table = sport_day(gemma)
    voter, first, second = "p00", "p01", "p02"
    client = table.clients[voter]
    vote_url = reverse("vote", args=[table.game.id])
    key = form_key(table.page(voter), vote_url)
    seq = table.phase().seq
    sent = {"phase_seq": seq, "target": first, "submission_key": key}
    for _attempt in range(2):  # the retry of a stored vote
        response = client.post(vote_url, sent, follow=True)
        assert flash_tags(response.content.decode()) == ["success"]
    votes = Vote.objects.filter(phase=table.phase(), voter__name=voter)
    assert list(votes.values_list("target", flat=True)) == [first]
    # The one change allowed: a new choice, from the page rendered again (a new key).
    key = form_key(table.page(voter), vote_url)
    response = client.post(
        vote_url, {"phase_seq": seq, "target": second, "submission_key": key}, follow=True
    )
    assert flash_tags(response.content.decode()) == ["success"]
    assert list(votes.values_list("target", flat=True)) == [first, second]
    # ... and the second change is refused, as the rule says.
    key = form_key(table.page(voter), vote_url)
    response = client.post(
        vote_url, {"phase_seq": seq, "target": first, "submission_key": key}, follow=True
    )
    assert flash_tags(response.content.decode()) == ["error"]
    assert "changed only once" in response.content.decode()
    assert votes.count() == 2


def test_a_new_choice_in_the_same_form_is_a_new_submission(gemma):
    table = sport_day(gemma)
    user = table.users["p00"]
    key = "ab" * 16
    services.cast_vote(user, table.game.id, "p01", key=key)
    services.cast_vote(user, table.game.id, "p02", key=key)  # the form changed: a change
    targets = Vote.objects.filter(voter__name="p00").values_list("target", flat=True)
    assert list(targets) == ["p01", "p02"]


def test_a_key_is_its_users_own(gemma):
    """Another user's key neither returns his submission nor blocks one's own."""
    table = sport_day(gemma)
    key = "cd" * 16
    mine = services.cast_vote(table.users["p00"], table.game.id, "p05", key=key)
    theirs = services.cast_vote(table.users["p01"], table.game.id, "p05", key=key)
    assert theirs.pk != mine.pk and theirs.voter.name == "p01"
    assert SubmissionKey.objects.filter(key=key).count() == 2
    # p00's retry still returns p00's first vote, not p01's.
    again = services.cast_vote(table.users["p00"], table.game.id, "p05", key=key)
    assert again.pk == mine.pk
    assert Vote.objects.filter(target="p05").count() == 2


def test_a_malformed_key_is_refused_and_changes_nothing(gemma):
    table = sport_day(gemma)
    with pytest.raises(services.ServiceError, match="submission key is malformed"):
        services.cast_vote(table.users["p00"], table.game.id, "p01", key="<script>")
    assert not Vote.objects.exists() and not SubmissionKey.objects.exists()


def test_a_retried_move_and_post_are_stored_once(table):
    """A night move sent twice is one action row and one log line; a post sent twice
    (the page's form, or the socket's post carrying the same key) is one post."""
    game_id = table.game.id
    state = table.state()
    actor = next(
        name
        for name in table.users
        if services.choices_now(state, name) and services.choices_now(state, name)[0]["targets"]
    )
    choice = services.choices_now(state, actor)[0]
    seq = table.phase().seq
    act_url = reverse("act", args=[game_id])
    key = form_key(table.page(actor), act_url)
    sent = {
        "phase_seq": seq,
        "ability": choice["ability"],
        "target": choice["targets"][0],
        "submission_key": key,
    }
    for _attempt in range(2):
        response = table.clients[actor].post(act_url, sent, follow=True)
        assert flash_tags(response.content.decode()) == ["success"]
    assert Action.objects.filter(seat__name=actor, phase__seq=seq).count() == 1
    logged = table.game.events.filter(kind="action_recorded", audience=f"seat:{actor}")
    assert logged.count() == 1
    # A day post sent twice under one key.
    services.gm_close_phase(table.gm, game_id)
    speaker = table.alive()[0]
    key = "ef" * 16
    for _attempt in range(2):
        services.post_message(
            table.users[speaker], game_id, channel="day", text="I am the doctor", key=key
        )
    assert Post.objects.filter(text="I am the doctor").count() == 1


def test_a_retried_extension_extends_once(table, gemma):
    """The GM's extend form sent again (its answer lost) adds its minutes once."""
    client = table.clients["gemma"]
    extend_url = reverse("gm_extend", args=[table.game.id])
    key = form_key(table.page("gemma"), extend_url)
    before = table.phase().deadline
    sent = {"phase_seq": table.phase().seq, "minutes": 15, "submission_key": key}
    for _attempt in range(2):
        response = client.post(extend_url, sent, follow=True)
        assert flash_tags(response.content.decode()) == ["success"]
    assert (table.phase().deadline - before).total_seconds() == 15 * 60
