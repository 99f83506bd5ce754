"""Practice seats (issue 15): the GM fills empty seats with bots that act and vote
legally at random from roles.choices, marked as bots everywhere, to try a setup alone.

Personas: gemma is the GM, heidi her co-GM, alice..grace play, mallory a stranger.
The rulings are in games/services/bots.py.
"""

import pytest
from django.test import Client
from django.urls import reverse

import roles
from games import services
from games.models import Action, Event, Seat, Status, Vote
from tests.kit.games import answer_pending, new_classic7
from tests.kit.refusals import refused

MAX_PHASES = 60


def play_to_the_end(gm, game, users=None) -> int:
    """Close phases as the GM would (answering any question the engine asks of the
    people) until the game is over; returns the phases played."""
    for played in range(1, MAX_PHASES + 1):
        game.refresh_from_db()
        if game.status == Status.FINISHED:
            return played - 1
        phase = services.open_phase(game)
        if phase.pending and users is not None:
            answer_pending(users, gm, game, phase)
        services.gm_close_phase(gm, game.id)
    raise AssertionError(f"the game did not end in {MAX_PHASES} phases")


def test_a_game_with_three_bots_plays_to_its_end(gemma, players):
    """Three bots and four people: the bots move by themselves every phase."""
    game = new_classic7(gemma, players)
    people = ["alice", "bob", "carol", "dave"]
    for name in people:
        services.join_game(players[name], game.id)
    bots = services.add_bots(gemma, game.id, 3)
    assert [b.name for b in bots] == ["Bot 1", "Bot 2", "Bot 3"]
    services.set_signups(gemma, game.id, False)
    services.start_game(gemma, game.id)
    state = services.engine_state(game.__class__.objects.get(pk=game.id))
    phases = play_to_the_end(gemma, game, {n: players[n] for n in people})
    game.refresh_from_db()
    assert game.status == Status.FINISHED and game.winners and phases >= 2
    # Every bot's move was legal when it was made: it is stored and the engine
    # resolved every phase from it; by day each living bot voted.
    assert Action.objects.filter(seat__is_bot=True).exclude(ability=roles.DONE).exists()
    first_day = game.phases.filter(kind="day").first()
    alive_bots = [b.name for b in bots if state.player(b.name).alive]
    assert alive_bots or first_day is None
    page = Client()
    page.force_login(players["alice"])
    over = page.get(reverse("game", args=[game.id])).content.decode()
    assert over.count('<span class="tag bot">bot</span>') >= 3  # the game-over role list


def test_a_gm_alone_with_seven_bots_steps_the_game_through(gemma):
    game = new_classic7(gemma, {})
    services.add_bots(gemma, game.id, 7)
    services.set_signups(gemma, game.id, False)
    night = services.start_game(gemma, game.id)
    # Bots moved in the start's own transaction, but never close a phase early.
    state = services.engine_state(game.__class__.objects.get(pk=game.id))
    awaited = set(services.must_act(state, night))
    assert awaited and awaited == services.have_acted(state, night)
    assert services.open_phase(game).seq == night.seq
    assert play_to_the_end(gemma, game) >= 2


def test_the_bots_moves_are_seeded_by_the_game_and_the_phase(gemma):
    moves = []
    for _ in range(2):
        game = new_classic7(gemma, {}, seed=11)
        services.add_bots(gemma, game.id, 7)
        services.set_signups(gemma, game.id, False)
        phase = services.start_game(gemma, game.id)
        moves.append(
            sorted(phase.actions.values_list("seat__name", "ability", "targets").order_by("id"))
        )
    assert moves[0] == moves[1]


def test_bots_vote_legally_by_day(gemma):
    game = new_classic7(gemma, {}, first_phase="day")
    services.add_bots(gemma, game.id, 7)
    services.set_signups(gemma, game.id, False)
    day = services.start_game(gemma, game.id)
    state = services.engine_state(game.__class__.objects.get(pk=game.id))
    votes = list(day.votes.select_related("voter"))
    assert len(votes) == 7
    for vote in votes:
        roles.check_vote(state, vote.voter.name, vote.target)  # raises if illegal
    # The public log carries each vote, as a person's (the change, not the tally).
    logged = Event.objects.filter(game=game, kind="vote", audience="public")
    assert [set(p) for p in logged.values_list("payload", flat=True)] == [
        {"voter", "target", "round"}
    ] * 7


def test_bots_answer_a_re_vote_round_they_are_asked(gemma, monkeypatch):
    """A question of the engine (here a re-vote round) is answered by the bots asked."""
    game = new_classic7(gemma, {}, first_phase="day")
    services.add_bots(gemma, game.id, 7)
    services.set_signups(gemma, game.id, False)
    day = services.start_game(gemma, game.id)
    names = list(day.votes.values_list("voter__name", flat=True))
    pending = roles.PendingDecision(
        reason="a test's re-vote", kind="round", choices=names[:2], voters=names, index=0
    )
    calls = []

    def ask(*args, **kwargs):
        if not calls:
            calls.append(1)
            raise pending
        return real(*args, **kwargs)

    real = roles.resolve_phase
    monkeypatch.setattr(roles, "resolve_phase", ask)
    assert not services.gm_close_phase(gemma, game.id)
    day.refresh_from_db()
    assert day.pending["kind"] == "round"
    ballots = Vote.objects.filter(phase=day, round=1)
    assert ballots.count() == 7 and set(ballots.values_list("target", flat=True)) <= set(names[:2])


def test_bot_accounts_never_log_in(gemma):
    game = new_classic7(gemma, {})
    [seat] = services.add_bots(gemma, game.id, 1)
    user = seat.user
    assert not user.is_active and not user.has_usable_password() and " " in user.username
    client = Client()
    response = client.post(reverse("login"), {"username": user.username, "password": "x"})
    assert "_auth_user_id" not in client.session and response.status_code == 200


def test_bots_are_marked_in_every_list_and_their_roles_stay_secret(gemma, players):
    game = new_classic7(gemma, players, first_phase="day")
    for name in ["alice", "bob", "carol", "dave"]:
        services.join_game(players[name], game.id)
    services.add_bots(gemma, game.id, 3)
    lobby = Client()
    lobby.force_login(players["alice"])
    page = lobby.get(reverse("game", args=[game.id])).content.decode()
    assert page.count('<span class="tag bot">bot</span>') == 3
    services.set_signups(gemma, game.id, False)
    services.start_game(gemma, game.id)
    state = services.engine_state(game.__class__.objects.get(pk=game.id))
    page = lobby.get(reverse("game", args=[game.id])).content.decode()
    players_list = page.split('id="players"')[1].split("</section>")[0]
    assert players_list.count('<span class="tag bot">bot</span>') == 3
    tally = page.split("tally-list")[1].split("</ul>")[0]
    assert '<span class="tag bot">bot</span>' in tally  # the bots voted
    ruleset = roles.get_ruleset("bay12")
    alice_role = state.player("alice").role
    for bot in ["Bot 1", "Bot 2", "Bot 3"]:
        role = state.player(bot).role
        if role != alice_role and state.player(bot).faction != state.player("alice").faction:
            assert f"{bot}: {ruleset.roles[role].name}" not in page
    # The player's event log holds no bot's private event.
    response = lobby.get(reverse("events_after", args=[game.id]))
    from games.viewer import streams_of, viewer_for

    # Each event is named by the viewer's own stream (games/cursors.py): map the labels
    # back to the audiences they stand for.
    by_label = {
        label: audience
        for audience, label in streams_of(viewer_for(game, players["alice"])).labels.items()
    }
    audiences = {by_label[x["id"][0]] for x in response.json()["events"]}
    assert audiences and not any(a.startswith("seat:Bot") for a in audiences)
    gm = Client()
    gm.force_login(gemma)
    panel = gm.get(reverse("game", args=[game.id])).content.decode().split('id="gm"')[1]
    assert panel.count('<span class="tag bot">bot</span>') >= 3


def test_who_may_add_and_remove_bots(gemma, players, mallory):
    game = new_classic7(gemma, players)
    services.join_game(players["alice"], game.id)
    for who in (players["alice"], mallory):
        with refused(game.id, "Only the game's GM"):
            services.add_bots(who, game.id, 1)
    services.add_bots(gemma, game.id, 2)
    with refused(game.id, "Only the game's GM"):
        services.remove_bot(players["alice"], game.id, "Bot 1")
    with refused(game.id, "no bot 'alice'"):
        services.remove_bot(gemma, game.id, "alice")  # a person is no bot
    for count, message in [("two", "whole number"), (0, "between 1 and 4"), (5, "between 1")]:
        with refused(game.id, message):
            services.add_bots(gemma, game.id, count)
    services.remove_bot(gemma, game.id, "Bot 1")
    assert list(game.seats.values_list("name", flat=True)) == ["alice", "Bot 2"]
    services.add_bots(gemma, game.id, 5)
    with refused(game.id, "Every seat is taken"):
        services.add_bots(gemma, game.id, 1)
    services.set_signups(gemma, game.id, False)
    services.start_game(gemma, game.id)
    with refused(game.id, "during sign-ups only"):
        services.add_bots(gemma, game.id, 1)
    with refused(game.id, "during sign-ups only"):
        services.remove_bot(gemma, game.id, "Bot 2")


def test_a_person_replaces_a_bot_and_the_seat_is_a_persons(gemma, players):
    game = new_classic7(gemma, players)
    services.add_bots(gemma, game.id, 7)
    services.set_signups(gemma, game.id, False)
    services.start_game(gemma, game.id)
    services.replace_player(gemma, game.id, "Bot 3", "alice")
    seat = Seat.objects.get(game=game, name="Bot 3")
    assert seat.user == players["alice"] and not seat.is_bot


def test_the_lobby_views_add_and_remove_bots(gemma, players):
    game = new_classic7(gemma, players)
    gm = Client()
    gm.force_login(gemma)
    response = gm.post(reverse("add_bots", args=[game.id]), {"count": "3"}, follow=True)
    page = response.content.decode()
    assert "The bots took their seats." in page and 'id="add-bots"' in page
    response = gm.post(reverse("add_bots", args=[game.id]), {"count": "x"}, follow=True)
    assert "whole number" in response.content.decode()
    response = gm.post(reverse("remove_bot", args=[game.id]), {"player": "Bot 2"}, follow=True)
    assert "Bot 2 left." in response.content.decode()
    assert game.seats.count() == 2
    alice = Client()
    alice.force_login(players["alice"])
    response = alice.post(reverse("add_bots", args=[game.id]), {"count": "1"}, follow=True)
    assert "Only the game&#x27;s GM" in response.content.decode()
    assert 'id="add-bots"' not in response.content.decode()
    assert game.seats.count() == 2


@pytest.mark.parametrize("ruleset_id", ["sc2", "ru_classic", "townston"])
def test_bots_play_other_rulesets_to_the_end(gemma, ruleset_id):
    ruleset = roles.get_ruleset(ruleset_id)
    preset_id = next(iter(ruleset.presets))
    options = {}
    reveal = services.reveal_modes(ruleset)
    game = services.create_game(
        gemma,
        name="practice",
        ruleset_id=ruleset_id,
        preset_id=preset_id,
        day_seconds=600,
        night_seconds=300,
        reveal_mode=reveal[0] if reveal else "",
        options=options,
        seed=5,
    )
    services.add_bots(gemma, game.id, services.preset_size(game))
    services.set_signups(gemma, game.id, False)
    services.start_game(gemma, game.id)
    for _ in range(MAX_PHASES):
        game.refresh_from_db()
        if game.status == Status.FINISHED:
            break
        phase = services.open_phase(game)
        if phase.pending.get("actor") == services.GM_ACTOR:
            services.gm_decide(gemma, game.id, phase.pending["choices"][0])
        else:
            services.gm_close_phase(gemma, game.id)
    game.refresh_from_db()
    assert game.status == Status.FINISHED
