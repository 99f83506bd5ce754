"""A whole bay12 game, from the lobby to the game-over page, through the views.

The rules come from the engine (000_b45937d1804aaae2.txt): "whomever has the most
votes will be killed by the moderator" at the end of the day; the Doctor
"prevent[s] your target player from being killed tonight"; the Sheriff gets a
"suspicious result if your target is a member of the mafia"; the town wins once
the mafia are eliminated. The site only stores, shows and times what the engine
decides, and these tests check that it does so faithfully and to the right eyes.
"""

import pytest
from django.test import Client
from django.urls import reverse

import roles
from games import services
from games.models import Action, Event, Game, Phase, Status
from tests.kit.games import SEVEN, Table, shown_kinds


def post(client: Client, name: str, game_id: int, data: dict | None = None):
    response = client.post(reverse(name, args=[game_id]), data or {})
    assert response.status_code == 302, response.content[:500]
    return response


def messages_of(client: Client, game_id: int) -> str:
    return client.get(reverse("game", args=[game_id])).content.decode()


def act(table: Table, name: str, targets: list[str] | None = None, ability: str | None = None):
    """Submit through the action form, the way the browser does."""
    phase = table.phase()
    if ability is None:
        offered = services.choices_now(table.state(), name)
        ability = offered[0]["ability"] if targets else ""
    data = {"phase_seq": phase.seq, "ability": ability, "target": targets or []}
    post(table.clients[name], "act", table.game.id, data)


def vote(table: Table, name: str, target: str):
    post(
        table.clients[name],
        "vote",
        table.game.id,
        {"phase_seq": table.phase().seq, "target": target},
    )


@pytest.mark.django_db
def test_a_whole_bay12_game_through_the_views(gemma, players):
    gm = Client()
    gm.force_login(gemma)

    # The GM creates the game with the form: ruleset, preset, clock, reveal mode, options.
    form = gm.get(reverse("create_game") + "?ruleset=bay12")
    assert form.status_code == 200
    assert b"classic7" in form.content and b"option_tie" in form.content
    response = gm.post(
        reverse("create_game"),
        {
            "ruleset": "bay12",
            "name": "Friday night",
            "preset": "classic7",
            "day_minutes": 10,
            "night_minutes": 5,
            "first_phase": "night",
            "reveal_mode": "role",
            "option_tie": "0",
            "option_sk_beats_arsonist": "1",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(name="Friday night")
    assert game.gm == gemma and game.status == Status.LOBBY
    assert game.options["tie"] == "no_lynch" and game.options["sk_beats_arsonist"] is False
    game.seed = 7  # a known deal, so the story below reads the same on every run
    game.save(update_fields=["seed"])

    # Players say "in!"; the lobby lists the game with its seats and its GM.
    clients = {}
    for name in SEVEN:
        clients[name] = Client()
        clients[name].force_login(players[name])
        post(clients[name], "join", game.id)
    lobby = Client().get(reverse("lobby")).content.decode()
    assert "Friday night" in lobby and "7/7" in lobby and "gemma" in lobby

    post(gm, "signups", game.id, {"open": "0"})
    post(gm, "start", game.id)
    table = Table(Game.objects.get(pk=game.id), {n: players[n] for n in SEVEN}, gemma)
    table.clients.update(clients)
    table.clients["gemma"] = gm
    assert table.refresh().status == Status.RUNNING
    phase = table.phase()
    assert (phase.kind, phase.number) == ("night", 1)

    mafioso = table.with_role("mafioso")[0]
    consort = table.with_role("consort")[0]
    sheriff = table.with_role("sheriff")[0]
    doctor = table.with_role("doctor")[0]
    escort = table.with_role("escort")[0]
    townies = table.with_role("townie")

    # Each player sees their own role card; the mafia see each other, nobody else does.
    ruleset = roles.get_ruleset("bay12")
    for name in SEVEN:
        own = ruleset.roles[table.role_of(name)]
        assert f"<strong>{own.name}</strong>" in table.page(name)
        card = table.clients[name].get(reverse("role_card", args=[game.id])).content.decode()
        assert card == roles.role_card_in("bay12", own.id, "en")
    mafioso_page = table.page(mafioso)
    assert "Your team: " + consort in mafioso_page
    for name in (sheriff, doctor, escort, *townies):
        assert "Your team" not in table.page(name)
        assert "Team chat" not in table.page(name)
    assert "Mafioso" in table.page(mafioso) and "Mafioso" not in table.page(townies[0])

    # Night 1: the mafioso kills a townie; the sheriff checks the mafioso; the rest pass.
    victim = townies[0]
    act(table, mafioso, [victim])
    act(table, sheriff, [mafioso])
    assert Action.objects.get(seat__name=mafioso).targets == [victim]
    act(table, mafioso, [townies[1]])  # changeable until the deadline ...
    act(table, mafioso, [victim])  # ... and changed back
    post(table.clients[consort], "post", game.id, {"channel": "faction", "text": "Got it."})
    act(table, doctor, [sheriff])
    act(table, consort)  # nothing tonight
    assert table.phase().kind == "night"  # the escort has not acted yet
    act(table, escort)
    # Everyone who must act has acted: the night closed early, day 1 is open.
    phase = table.phase()
    assert (phase.kind, phase.number) == ("day", 1)
    assert Phase.objects.get(game=game, seq=1).close_reason == "everyone_acted"
    assert victim not in table.alive()
    night1 = Event.objects.get(game=game, kind="phase_closed", audience="public", phase__seq=1)
    assert [(d["player"], d["role"]) for d in night1.payload["deaths"]] == [(victim, "townie")]
    assert "phase_closed" in shown_kinds(table.page(townies[1]))

    # The sheriff's result is theirs alone.
    [check] = Event.objects.filter(game=game, kind="result")
    assert check.audience == f"seat:{sheriff}" and check.payload["target"] == mafioso
    assert "result" in shown_kinds(table.page(sheriff))
    for name in set(SEVEN) - {sheriff}:
        assert "result" not in shown_kinds(table.page(name))
    # The mafia chat is not readable by the town.
    assert "Got it." in table.page(mafioso)
    assert "Got it." not in table.page(sheriff)

    # Day 1: the dead cannot post; the living talk, vote, change votes, and lynch.
    dead = table.clients[victim]
    post(dead, "post", game.id, {"channel": "day", "text": "I am a ghost"})
    assert "I am a ghost" not in table.page(sheriff)
    post(table.clients[sheriff], "post", game.id, {"channel": "day", "text": "Vote the mafioso!"})
    assert "Vote the mafioso!" in table.page(doctor)
    vote(table, consort, sheriff)
    vote(table, mafioso, sheriff)
    assert "<strong>" + sheriff + "</strong>: 2" in table.page(doctor)
    vote(table, consort, mafioso)  # bussing: a vote change, as bay12 allows
    for name in table.alive():
        if name not in (consort, mafioso):
            vote(table, name, mafioso)
    # Every living player voted: the day closed; the mafioso was lynched.
    phase = table.phase()
    assert (phase.kind, phase.number) == ("night", 2)
    assert mafioso not in table.alive()
    day1 = Phase.objects.get(game=game, seq=2)
    assert day1.record["lynched"] == [mafioso]
    assert shown_kinds(table.page(doctor)).count("phase_closed") == 2

    # Night 2: the remaining mafia member strikes; the doctor saves the target.
    killer = consort
    choices = {c["ability"] for c in services.choices_now(table.state(), killer)}
    assert choices, "the surviving mafia member has a night action"
    target = sheriff
    ability = "kill" if "kill" in choices else sorted(choices)[0]
    act(table, killer, [target], ability=ability)
    act(table, doctor, [target])
    # The GM closes the night by hand.
    post(gm, "gm_close", game.id, {"phase_seq": table.phase().seq})
    phase = table.phase()
    assert (phase.kind, phase.number) == ("day", 2)
    assert target in table.alive()

    # Day 2: the town lynches the last mafia member and wins.
    for name in table.alive():
        if name != killer:
            vote(table, name, killer)
    post(gm, "gm_close", game.id, {"phase_seq": table.phase().seq})
    game = table.refresh()
    assert game.status == Status.FINISHED
    town = [n for n in SEVEN if n not in (mafioso, consort)]
    assert set(game.winners) == set(town)

    # Game over: winners, every role, and the full history, readable by everyone.
    page = Client().get(reverse("game", args=[game.id])).content.decode()
    assert "game over" in page
    for name in SEVEN:
        assert name in page
    for role in ("Mafioso", "Consort", "Sheriff", "Doctor", "Escort", "Townie"):
        assert role in page
    assert "Night 1" in page and "Day 1" in page and "Night 2" in page and "Day 2" in page
    assert f"{mafioso}: kill → {victim}" in page  # night actions
    # Day 1's vote history, vote changes included, is public after the game: its page
    # (loaded when opened from the history) is the day's history, read from the log.
    day1 = game.phases.get(kind="day", number=1)
    assert reverse("day_votes", args=[game.id, day1.seq]) in page
    assert Client().get(reverse("day_votes", args=[game.id, day1.seq])).status_code == 200
    changed = [e for e in services.vote_history(day1) if e["kind"] == "change"]
    assert [(e["voter"], e["was"], e["target"]) for e in changed] == [(consort, sheriff, mafioso)]
    # Private results, once the game is over, named: the game-over page's own words.
    assert f"{sheriff}&#x27;s check of " in page
    assert "Your check of" not in page  # nobody reads "Your" of another seat
    assert "Got it." in page  # the mafia chat too
    # The event log is append-only and numbered per game without gaps.
    seqs = list(Event.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1)) == list(range(1, game.last_event_seq + 1))
