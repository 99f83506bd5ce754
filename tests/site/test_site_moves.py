"""Every move the engine offers can be made on the site (issue 13): several abilities
per seat and phase, moves from the dead where the engine offers them, "has acted"
from the engine (roles.owed), and the stored deadline ends the phase.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

import roles
from games import services
from games.models import Action, Event, Phase, Status
from games.services import ServiceError
from tests.kit.games import (
    ELEVEN,
    SPORT,
    TOWN10,
    dealt_game,
    game_page,
    make_user,
    replay,
    seat_players,
    state_of,
)

pytestmark = pytest.mark.django_db


def phase_of(game) -> Phase:
    game.refresh_from_db()
    return services.open_phase(game)


@pytest.fixture
def gm(db):
    return make_user("gemma")


def test_the_sport_don_checks_and_votes_the_kill_in_one_night(gm, monkeypatch):
    # 003 (ru_sport): the Don votes the mafia's kill with his team and checks a player
    # for the Commissar; both are his moves of one night.
    game, users = dealt_game(gm, monkeypatch, "ru_sport", "sport_10", SPORT)
    night = phase_of(game)
    for mafioso in ("mia", "max"):
        services.submit_action(users[mafioso], game.id, ability="kill", targets=["c1"])
    services.submit_action(users["cole"], game.id, ability="check", targets=["don"])
    services.submit_action(users["don"], game.id, ability="kill", targets=["c1"])
    # He still owes his check: the night waits for him (it closed here before).
    assert phase_of(game).seq == night.seq
    assert roles.owed(state_of(game), "don", {"kill"}) == ["check"]
    kill = Action.objects.get(seat__name="don")
    assert (kill.ability, kill.targets) == ("kill", ["c1"])
    page = game_page(users["don"], game)
    assert '<p class="current">' in page and 'value="check"' in page
    services.submit_action(users["don"], game.id, ability="check", targets=["cole"])
    night.refresh_from_db()
    assert night.close_reason == "everyone_acted"
    assert set(night.actions.filter(seat__name="don").values_list("ability", flat=True)) == {
        "kill",
        "check",
    }
    checks = Event.objects.filter(game=game, kind="result", audience="seat:don")
    assert [e.payload["target"] for e in checks if e.payload["kind"] == "check"] == ["cole"]
    assert "c1" not in state_of(game).alive_names()
    assert replay(game) == game.state


def test_a_choice_of_one_ability_replaces_only_that_ability(gm, monkeypatch):
    game, users = dealt_game(gm, monkeypatch, "ru_sport", "sport_10", SPORT)
    services.submit_action(users["don"], game.id, ability="kill", targets=["c1"])
    services.submit_action(users["don"], game.id, ability="check", targets=["c2"])
    services.submit_action(users["don"], game.id, ability="check", targets=["cole"])
    rows = dict(Action.objects.filter(seat__name="don").values_list("ability", "targets"))
    assert rows == {"kill": ["c1"], "check": ["cole"]}
    services.withdraw_action(users["don"], game.id, ability="check")
    assert list(Action.objects.filter(seat__name="don").values_list("ability", flat=True)) == [
        "kill"
    ]
    with pytest.raises(ServiceError, match="no action to withdraw"):
        services.withdraw_action(users["don"], game.id, ability="check")


def test_nothing_more_keeps_the_moves_and_do_nothing_withdraws_them(gm, monkeypatch):
    game, users = dealt_game(gm, monkeypatch, "ru_sport", "sport_10", SPORT)
    services.submit_action(users["don"], game.id, ability="kill", targets=["c1"])
    services.finish_actions(users["don"], game.id)
    state = state_of(game)
    assert "don" in services.have_acted(state, phase_of(game))
    done = game.events.filter(audience="seat:don", kind="action_recorded").last()
    assert done.payload == {"ability": "", "targets": [], "done": True}
    assert '<p class="current">' in game_page(users["don"], game)
    # Choosing again: he is no longer done (he may still check).
    services.submit_action(users["don"], game.id, ability="check", targets=["c2"])
    assert "" not in set(Action.objects.filter(seat__name="don").values_list("ability", flat=True))
    services.submit_action(users["don"], game.id, ability="")
    assert list(Action.objects.filter(seat__name="don").values_list("ability", flat=True)) == [""]
    assert services.phase_input(phase_of(game))["night"] == []


def test_a_civilian_of_ru_eleven_sends_all_four_conditional_moves(gm, monkeypatch):
    # 003 (ru_eleven): a civilian sends the move of every status he might hold; only
    # the real holder's move counts.
    game, users = dealt_game(gm, monkeypatch, "ru_eleven", "11", ELEVEN)
    moves = {"heal": "c2", "check": "gus", "plus": "c3", "minus": "hal"}
    for ability, target in moves.items():
        services.submit_action(users["com"], game.id, ability=ability, targets=[target])
    stored = dict(Action.objects.filter(seat__name="com").values_list("ability", "targets"))
    assert stored == {ability: [target] for ability, target in moves.items()}
    sent = [a for a in services.phase_input(phase_of(game))["night"] if a["actor"] == "com"]
    assert sorted(a["ability"] for a in sent) == sorted(moves)
    assert roles.owed(state_of(game), "com", set(moves)) == []
    # Every seat plays its moves (the mafia's kill and decoys too): the night closes.
    for name in ELEVEN:
        if name == "com":
            continue
        state = state_of(game)
        for choice in services.choices_now(state, name):
            targets = choice["targets"][: choice["min_targets"]]
            services.submit_action(users[name], game.id, ability=choice["ability"], targets=targets)
    game.refresh_from_db()
    assert game.phases.get(seq=1).close_reason == "everyone_acted"
    # What the engine made of the four moves is its business (only the real holder's
    # counts): the stored inputs replay to the stored game.
    assert replay(game) == game.state


def test_a_lynched_bay12_jester_haunts_a_voter_the_next_night(gm, monkeypatch):
    # 000 (Jester): "If you are lynched, you may kill one of your guilty voters the
    # following night." The engine offers the dead Jester his haunt: so does the site.
    game, users = dealt_game(gm, monkeypatch, "bay12", "town10", TOWN10, first_phase="day")
    for name in TOWN10:
        if name != "jess":
            services.cast_vote(users[name], game.id, "jess")
    services.gm_close_phase(gm, game.id)
    state = state_of(game)
    assert not state.player("jess").alive
    night = phase_of(game)
    assert night.kind == "night"
    haunt = [c for c in services.choices_now(state, "jess") if c["ability"] == "haunt"]
    assert haunt and "tom" in haunt[0]["targets"]
    # The night waits for him like for any seat the engine offers a move.
    assert "jess" in services.must_act(state, night)
    page = game_page(users["jess"], game)
    assert 'name="ability" value="haunt"' in page and "from the grave" in page
    services.submit_action(users["jess"], game.id, ability="haunt", targets=["tom"])
    services.gm_close_phase(gm, game.id)
    assert "tom" not in state_of(game).alive_names()
    assert replay(game) == game.state


def test_a_dead_player_the_engine_offers_nothing_is_refused(gm, monkeypatch):
    game, users = dealt_game(gm, monkeypatch, "bay12", "town10", TOWN10, first_phase="day")
    for name in TOWN10:
        if name != "tom":
            services.cast_vote(users[name], game.id, "tom")
    services.gm_close_phase(gm, game.id)
    with pytest.raises(ServiceError, match="nothing to do"):
        services.submit_action(users["tom"], game.id, ability="kill", targets=["mo"])
    assert not Action.objects.filter(seat__name="tom").exists()
    assert 'id="actions"' not in game_page(users["tom"], game)


def test_a_move_or_vote_after_the_stored_deadline_is_refused_before_the_close(gm, monkeypatch):
    # ru_classic: late votes are not counted; the site refuses every move after the
    # stored deadline, whenever the close runs (roles.legal.OWED_RULINGS).
    game, users = dealt_game(gm, monkeypatch, "ru_sport", "sport_10", SPORT)
    night = phase_of(game)
    services.submit_action(users["cole"], game.id, ability="check", targets=["don"])
    Phase.objects.filter(pk=night.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    before = list(Action.objects.values_list("id", "ability", "targets"))
    events = game.events.count()
    with pytest.raises(ServiceError, match=r"The night ended at .* your move was not recorded"):
        services.submit_action(users["don"], game.id, ability="check", targets=["c1"])
    with pytest.raises(ServiceError, match="not recorded"):
        services.finish_actions(users["mia"], game.id)
    with pytest.raises(ServiceError, match="your withdrawal was not recorded"):
        services.withdraw_action(users["cole"], game.id)
    assert list(Action.objects.values_list("id", "ability", "targets")) == before
    assert game.events.count() == events
    # The close still runs on what was in time.
    assert services.sweep_overdue_phases() == 1
    night.refresh_from_db()
    assert night.closed_at is not None


def test_a_vote_after_the_deadline_is_refused(gm, monkeypatch):
    game, users = dealt_game(gm, monkeypatch, "bay12", "town10", TOWN10, first_phase="day")
    day = phase_of(game)
    Phase.objects.filter(pk=day.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    with pytest.raises(ServiceError, match="The day ended at .* your vote was not recorded"):
        services.cast_vote(users["tom"], game.id, "mo")
    assert not day.votes.exists()


def test_a_paused_phase_past_its_old_deadline_still_refuses_as_paused(gm, monkeypatch):
    game, users = dealt_game(gm, monkeypatch, "bay12", "town10", TOWN10, first_phase="day")
    services.pause_phase(gm, game.id)
    day = phase_of(game)
    Phase.objects.filter(pk=day.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    with pytest.raises(ServiceError, match="paused"):
        services.cast_vote(users["tom"], game.id, "mo")


def test_the_vote_list_preselects_nobody(gm, monkeypatch):
    game, users = dealt_game(gm, monkeypatch, "bay12", "town10", TOWN10, first_phase="day")
    page = game_page(users["tom"], game)
    form = page[page.index('name="target" required') :]
    form = form[: form.index("</select>")]
    assert '<option value="" selected disabled>— choose —</option>' in form
    assert form.count(" selected") == 1
    # bay12 has no pass vote: the engine refuses it, so the list does not offer it.
    assert 'value="pass"' not in form
    services.cast_vote(users["tom"], game.id, "mo")
    form = game_page(users["tom"], game)
    form = form[form.index('name="target" required') :]
    assert '<option value="mo" selected>' in form[: form.index("</select>")]


def test_the_vote_list_offers_pass_where_the_ruleset_has_it(gm, monkeypatch):
    # ru_sport has a pass vote (the engine accepts "pass"): the list offers it.
    game, users = dealt_game(gm, monkeypatch, "ru_sport", "sport_10", SPORT, first_phase="day")
    roles.check_vote(state_of(game), "c1", "pass")
    assert '<option value="pass">Pass (vote for nobody)</option>' in game_page(users["c1"], game)


def test_a_finished_game_refuses_moves(gm, monkeypatch):
    game, users = dealt_game(gm, monkeypatch, "ru_sport", "sport_10", SPORT)
    game.status = Status.FINISHED
    game.save(update_fields=["status"])
    with pytest.raises(ServiceError, match="over"):
        services.finish_actions(users["don"], game.id)


def test_the_log_says_what_was_sent_withdrawn_or_finished(gm, monkeypatch):
    """The seat's own copy and the GM's (with the seat's name); their lines in words are
    tests/site/golden/event_lines.txt's."""
    game, users = dealt_game(gm, monkeypatch, "ru_sport", "sport_10", SPORT)
    services.submit_action(users["don"], game.id, ability="kill", targets=["c1"])
    services.finish_actions(users["don"], game.id)
    services.withdraw_action(users["don"], game.id, ability="kill")
    mine = game.events.filter(audience="seat:don", kind__startswith="action_").order_by("seq")
    assert [(e.kind, e.payload) for e in mine] == [
        ("action_recorded", {"ability": "kill", "targets": ["c1"]}),
        ("action_recorded", {"ability": "", "targets": [], "done": True}),
        ("action_withdrawn", {"ability": "kill"}),
    ]
    gms = game.events.filter(audience="gm", kind__startswith="action_").order_by("seq")
    assert [(e.kind, e.payload["player"]) for e in gms] == [
        ("action_recorded", "don"),
        ("action_recorded", "don"),
        ("action_withdrawn", "don"),
    ]


def test_where_one_action_counts_a_second_ability_replaces_the_first(gm):
    # roles.legal.OWED_RULINGS: "a second ability that spends it replaces the first (the
    # Arsonist who doused and now ignites ignites instead)" (bay12: one action a night).
    game = services.create_game(
        gm,
        name="seed18",
        ruleset_id="bay12",
        preset_id="seed18",
        day_seconds=600,
        night_seconds=600,
        reveal_mode="role",
        seed=5,
    )
    users = {f"p{i:02d}": make_user(f"p{i:02d}") for i in range(18)}
    seat_players(gm, game, users.values(), start=True)
    state = state_of(game)
    arsonist = next(p.name for p in state.players if p.role == "arsonist")
    douse = next(c for c in services.choices_now(state, arsonist) if c["ability"] == "douse")
    services.submit_action(users[arsonist], game.id, ability="douse", targets=douse["targets"][:1])
    assert arsonist in services.have_acted(state, phase_of(game))  # his one action is spent
    services.submit_action(users[arsonist], game.id, ability="ignite", targets=[])
    mine = Action.objects.filter(seat__name=arsonist).values_list("ability", flat=True)
    assert list(mine) == ["ignite"]
    last = game.events.filter(audience=f"seat:{arsonist}", kind="action_recorded").last()
    assert last.payload == {"ability": "ignite", "targets": [], "replaces": ["douse"]}
    assert "choosing another replaces the one you chose" in game_page(users[arsonist], game)
