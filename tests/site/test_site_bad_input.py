"""Bad input gets a clear message and changes nothing.

Personas: gemma is the GM, alice..grace play, mallory is a logged-in stranger.
"""

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Event, Game
from games.services import ServiceError
from tests.kit.games import SEVEN, new_classic7
from tests.kit.refusals import refused, snapshot

# -- the lobby -------------------------------------------------------------------


@pytest.fixture
def lobby_game(gemma, players):
    return new_classic7(gemma, players)


def test_the_gm_does_not_play(lobby_game, gemma):
    with refused(lobby_game.id, "does not play"):
        services.join_game(gemma, lobby_game.id)


def test_double_join(lobby_game, players):
    services.join_game(players["alice"], lobby_game.id)
    with refused(lobby_game.id, "already joined"):
        services.join_game(players["alice"], lobby_game.id)


def test_full_game(lobby_game, players):
    for name in SEVEN:
        services.join_game(players[name], lobby_game.id)
    with refused(lobby_game.id, "full"):
        services.join_game(players["heidi"], lobby_game.id)


def test_closed_signups_and_started_games_take_nobody(lobby_game, gemma, players):
    for name in SEVEN[:6]:
        services.join_game(players[name], lobby_game.id)
    services.set_signups(gemma, lobby_game.id, False)
    with refused(lobby_game.id, "closed"):
        services.join_game(players["grace"], lobby_game.id)
    with refused(lobby_game.id, "only leave while sign-ups are open"):
        services.leave_game(players["alice"], lobby_game.id)
    with refused(lobby_game.id, "needs 7 players; 6 have joined"):
        services.start_game(gemma, lobby_game.id)
    services.set_signups(gemma, lobby_game.id, True)
    services.join_game(players["grace"], lobby_game.id)
    services.set_signups(gemma, lobby_game.id, False)
    services.start_game(gemma, lobby_game.id)
    with refused(lobby_game.id, "already started"):
        services.join_game(players["heidi"], lobby_game.id)
    with refused(lobby_game.id, "already started"):
        services.start_game(gemma, lobby_game.id)


def test_start_needs_closed_signups(lobby_game, gemma, players):
    for name in SEVEN:
        services.join_game(players[name], lobby_game.id)
    with refused(lobby_game.id, "close sign-ups"):
        services.start_game(gemma, lobby_game.id)


def test_only_the_gm_runs_the_lobby(lobby_game, players, mallory):
    services.join_game(players["alice"], lobby_game.id)
    for user in (players["alice"], mallory):
        with refused(lobby_game.id, "only the game's gm"):
            services.set_signups(user, lobby_game.id, False)
        with refused(lobby_game.id, "only the game's gm"):
            services.start_game(user, lobby_game.id)


def test_leaving_a_game_you_are_not_in(lobby_game, mallory):
    with refused(lobby_game.id, "not playing"):
        services.leave_game(mallory, lobby_game.id)


def test_join_and_leave_while_open(lobby_game, players):
    services.join_game(players["alice"], lobby_game.id)
    services.leave_game(players["alice"], lobby_game.id)
    assert not lobby_game.seats.exists()


def test_no_such_game(mallory, db):
    with pytest.raises(ServiceError, match="no such game"):
        services.join_game(mallory, 999_999)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"ruleset_id": "bay13"}, "no ruleset"),
        ({"preset_id": "classic8"}, "no preset"),
        ({"day_seconds": 3}, "between"),
        ({"night_seconds": "soon"}, "whole number"),
        ({"reveal_mode": "sometimes"}, "Reveal mode must be one of"),
        ({"options": {"tie": "coin"}}, "tie must be one of"),
        ({"options": {"haste": True}}, "unknown option"),
        ({"name": "   "}, "name"),
        ({"first_phase": "dusk"}, "by day or by night"),
    ],
)
def test_create_game_refuses_bad_settings(gemma, players, overrides, message):
    with pytest.raises(ServiceError, match=message):
        new_classic7(gemma, players, **overrides)
    assert not Game.objects.exists()


def test_create_form_shows_the_error(gemma, db):
    client = Client()
    client.force_login(gemma)
    response = client.post(
        reverse("create_game"),
        {"ruleset": "bay12", "name": "x", "preset": "nope", "day_minutes": 1, "night_minutes": 1},
    )
    assert response.status_code == 200
    assert b"has no setup nope: choose one of its setups." in response.content
    assert not Game.objects.exists()


# -- a running game -------------------------------------------------------------


def roles_of(table) -> dict[str, list[str]]:
    state = table.state()
    found: dict[str, list[str]] = {}
    for p in state.players:
        found.setdefault(p.role, []).append(p.name)
    return found


def test_a_stranger_cannot_act_vote_or_post(table, mallory):
    game_id = table.game.id
    with refused(game_id, "not playing"):
        services.submit_action(mallory, game_id, ability="kill", targets=["alice"])
    with refused(game_id, "not playing"):
        services.post_message(mallory, game_id, channel="day", text="hi")
    with refused(game_id, "not playing"):
        services.cast_vote(mallory, game_id, "alice")


def test_wrong_phase(table):
    r = roles_of(table)
    sheriff = table.users[r["sheriff"][0]]
    with refused(table.game.id, "votes are cast during the day"):
        services.cast_vote(sheriff, table.game.id, r["mafioso"][0])
    with refused(table.game.id, "day thread is closed at night"):
        services.post_message(sheriff, table.game.id, channel="day", text="hello")
    with refused(table.game.id, "your faction has no chat"):
        services.post_message(sheriff, table.game.id, channel="faction", text="hello")


def test_illegal_targets_and_forged_fields(table):
    r = roles_of(table)
    mafioso, consort, sheriff = r["mafioso"][0], r["consort"][0], r["sheriff"][0]
    user = table.users[mafioso]
    gid = table.game.id
    with refused(gid, "cannot be targeted"):
        # bay12 mafia do not kill their own (the engine leaves teammates out of the list)
        services.submit_action(user, gid, ability="kill", targets=[consort])
    with refused(gid, "cannot be targeted"):
        services.submit_action(user, gid, ability="kill", targets=["nobody-at-all"])
    with refused(gid, "cannot use 'heal' now"):
        services.submit_action(user, gid, ability="heal", targets=[sheriff])
    with refused(gid, "unexpected field"):
        services.submit_action(user, gid, ability="kill", targets=[sheriff], extra={"role": "x"})
    with refused(gid, "takes no target"):
        services.submit_action(user, gid, ability="", targets=[sheriff])
    with refused(gid, "that phase has already closed"):
        services.submit_action(user, gid, ability="kill", targets=[sheriff], phase_seq=99)
    two_targets = {"id": "refusal.target_count", "params": {"ability": "kill", "want": "1", "n": 2}}
    with refused(gid, refusal=two_targets):
        services.submit_action(user, gid, ability="kill", targets=[sheriff, sheriff])
    townie = table.users[r["townie"][0]]
    with refused(gid, "nothing to do this night"):
        services.submit_action(townie, gid, ability="", targets=[])


def test_a_forged_form_post_shows_the_reason_and_changes_nothing(table):
    r = roles_of(table)
    mafioso, consort = r["mafioso"][0], r["consort"][0]
    client = table.clients[mafioso]
    before = snapshot(table.game.id)
    response = client.post(
        reverse("act", args=[table.game.id]),
        {"phase_seq": table.phase().seq, "ability": "kill", "target": [consort]},
        follow=True,
    )
    assert "cannot be targeted" in response.content.decode()
    assert snapshot(table.game.id) == before
    response = client.post(
        reverse("act", args=[table.game.id]), {"ability": "kill", "target": [consort]}, follow=True
    )
    assert "missing its phase" in response.content.decode()
    assert snapshot(table.game.id) == before


def test_the_dead_cannot_act_vote_or_post(table, gemma):
    r = roles_of(table)
    mafioso, victim, sheriff = r["mafioso"][0], r["townie"][0], r["sheriff"][0]
    services.submit_action(table.users[mafioso], table.game.id, ability="kill", targets=[victim])
    services.gm_close_phase(gemma, table.game.id)
    assert victim not in table.alive()
    gid = table.game.id
    with refused(gid, "dead"):
        services.cast_vote(table.users[victim], gid, mafioso)
    with refused(gid, "dead cannot post"):
        services.post_message(table.users[victim], gid, channel="day", text="boo")
    with refused(gid, refusal={"id": "refusal.vote_dead", "params": {"player": victim}}):
        services.cast_vote(table.users[sheriff], gid, victim)
    with refused(gid, "no vote to withdraw"):
        services.cast_vote(table.users[sheriff], gid, None)
    with refused(gid, "no action to withdraw"):
        services.withdraw_action(table.users[sheriff], gid)
    with refused(gid, "write something"):
        services.post_message(table.users[sheriff], gid, channel="day", text="   ")
    with refused(gid, "at most"):
        services.post_message(table.users[sheriff], gid, channel="day", text="x" * 5001)
    with refused(gid, "no such thread"):
        services.post_message(table.users[sheriff], gid, channel="gm", text="psst")


def test_only_the_gm_closes_a_phase(table, mallory):
    for user in (table.users["alice"], mallory):
        with refused(table.game.id, "only the game's gm"):
            services.gm_close_phase(user, table.game.id)


def test_finished_games_refuse_everything(table, gemma):
    from games.models import Status

    game = table.refresh()
    game.move_to(Status.FINISHED)
    game.save()
    with refused(table.game.id, "game is over"):
        services.cast_vote(table.users["alice"], table.game.id, "bob")
    with refused(table.game.id, "game is over"):
        services.gm_close_phase(gemma, table.game.id)


def test_posts_and_events_are_never_edited(table):
    from games.models import IllegalTransition, Status

    event = Event.objects.filter(game=table.game).first()
    event.payload = {"forged": True}
    with pytest.raises(IllegalTransition):
        event.save()
    game = table.refresh()
    with pytest.raises(IllegalTransition):
        game.move_to(Status.LOBBY)


def test_views_need_a_login_and_a_post(table):
    anonymous = Client()
    response = anonymous.post(reverse("join", args=[table.game.id]))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    response = table.clients["alice"].get(reverse("vote", args=[table.game.id]))
    assert response.status_code == 405


def test_vote_changes_as_the_ruleset_allows(table, gemma):
    """Ruleset.vote_changes (ru_sport: 1) is refused at submission, as the engine would."""
    from unittest import mock

    import roles

    services.gm_close_phase(gemma, table.game.id)
    alice, bob, carol = (table.users[n] for n in ("alice", "bob", "carol"))
    alive = table.alive()
    first, second = [n for n in alive if n != "alice"][:2]
    with mock.patch.object(roles.get_ruleset("bay12"), "vote_changes", 1):
        services.cast_vote(alice, table.game.id, first)
        services.cast_vote(alice, table.game.id, second)  # the one change allowed
        with refused(table.game.id, "changed only once"):
            services.cast_vote(alice, table.game.id, first)
        with refused(table.game.id, "changed only once"):
            services.cast_vote(alice, table.game.id, None)
    with mock.patch.object(roles.get_ruleset("bay12"), "vote_changes", 0):
        services.cast_vote(bob, table.game.id, first)
        with refused(table.game.id, "cannot be changed"):
            services.cast_vote(bob, table.game.id, second)
    # bay12 itself sets no limit: carol changes as often as she likes.
    for target in (first, second, first, second):
        services.cast_vote(carol, table.game.id, target)


@pytest.mark.parametrize("ruleset_id", [r.id for r in __import__("roles").list_rulesets()])
def test_the_create_form_works_for_every_ruleset_with_its_defaults(gemma, ruleset_id):
    """The form is built from the ruleset's options: its initial values create a game
    whose options are the ruleset's defaults."""
    import roles

    ruleset = roles.get_ruleset(ruleset_id)
    client = Client()
    client.force_login(gemma)
    page = client.get(reverse("create_game") + f"?ruleset={ruleset_id}")
    assert page.status_code == 200
    form = page.context["form"]
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if value is None and getattr(field, "choices", None):
            value = list(field.choices)[0][0]  # what a browser submits: the first option
        data[name] = value
    data.update(name=f"{ruleset_id} game", day_minutes=10, night_minutes=5)
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    response = client.post(reverse("create_game"), data)
    assert response.status_code == 302, response.context["form"].errors
    game = Game.objects.get(name=f"{ruleset_id} game")
    preset = ruleset.presets[game.preset_id]
    expected = ruleset.resolved_options({**preset.options, **game.options})
    assert game.options == expected
    for option in ruleset.options:
        if option.id not in preset.options and option.id != "reveal":
            assert game.options[option.id] == option.default, option.id


def test_the_sign_up_page_has_one_live_box_and_a_plain_title(lobby_game, players):
    """The lobby page's title is the game's name (it once carried the live box's markup
    as text), and the page holds one live box for live.js."""
    client = Client()
    client.force_login(players["alice"])
    html = client.get(f"/games/{lobby_game.id}/").content.decode()
    title = html.split("<title>", 1)[1].split("</title>", 1)[0]
    assert title == f"{lobby_game.name} · Mafia for game-masters"
    assert html.count('id="live"') == 1 and html.count("games/live.js") == 1


def test_the_lobby_lists_the_newest_games_of_each_kind_not_the_whole_history(
    gemma, players, monkeypatch, django_assert_max_num_queries
):
    """With thousands of games the lobby page rendered every one (and loaded each
    game's state): it lists the newest of each kind, in a fixed number of queries."""
    from games.web import views

    monkeypatch.setattr(views, "LISTED_OPEN_OR_RUNNING", 2)
    games = [new_classic7(gemma, players, seed=n, name=f"Game {n}") for n in range(4)]
    client = Client()
    with django_assert_max_num_queries(8):
        html = client.get(reverse("lobby")).content.decode()
    assert "Game 3" in html and "Game 2" in html
    assert "Game 1" not in html and "Game 0" not in html
    assert len(games) == 4
