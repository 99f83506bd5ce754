"""Posthumous notes (issue 7) and the phase rule of private messages.

Issue 7: "Last words: where the ruleset has them (... ru_19: posthumous notes;
ru_two_clans: none for the commissar), a dying player's last words or a prepared
note are shown with the death." russian-digest.md, 19-player setup: "Posthumous
notes are allowed."; two clans, reviving commissar: "no posthumous note".
"""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Event, Game, Post
from tests.kit.games import seat_players
from tests.kit.sockets import Socket, db, roles_of, run


def _russian_game(ruleset_id: str, preset_id: str, size: int):
    make = get_user_model().objects.create_user
    gm = make("host", password="pw-host-123")
    users = {f"p{i:02d}": make(f"p{i:02d}", password="pw-player-123") for i in range(size)}
    game = services.create_game(
        gm,
        name="Notes",
        ruleset_id=ruleset_id,
        preset_id=preset_id,
        day_seconds=600,
        night_seconds=600,
        first_phase="day",
        reveal_mode="light",
        seed=3,
    )
    seat_players(gm, game, users.values(), start=True)
    return game, gm, users


def _state(game):
    return services.engine_state(Game.objects.get(pk=game.id))


def _page(user, game) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("game", args=[game.id])).content.decode()


def _eliminate_by_day(game, gm, users, victim: str) -> None:
    for name in _state(game).alive_names():
        if name != victim:
            services.cast_vote(users[name], game.id, victim)
    services.gm_close_phase(gm, game.id)


def test_ru_19_note_is_private_while_alive_and_shown_with_the_death(transactional_db):
    game, gm, users = _russian_game("ru_19", "19", 19)
    # The game option follows the ruleset: the Russian variants forbid PMs.
    assert Game.objects.get(pk=game.id).private_messages == "off"
    state = _state(game)
    victim, witness = state.players[0].name, state.players[1].name
    services.write_note(users[victim], game.id, "first draft")
    services.write_note(users[victim], game.id, "Check p05, <b>trust</b> no one.")
    # Read by its author and the GM only, never by another player or a spectator.
    assert "trust" in _page(users[victim], game)
    assert "trust" in _page(gm, game)
    assert "trust" not in _page(users[witness], game)
    assert services.current_note(Game.objects.get(pk=game.id), victim).startswith("Check p05")
    listener = Socket(game.id, users[witness])

    async def scenario():
        assert await listener.open()
        await listener.catch_up()
        await db(_eliminate_by_day, game, gm, users, victim)
        await listener.catch_up()
        await listener.close()

    run(scenario)
    assert victim not in _state(game).alive_names()
    kinds = [e["kind"] for e in listener.events()]
    assert "note" not in kinds  # the witness never received the draft
    shown = [e["payload"] for e in listener.events() if e["kind"] == "death_note"]
    assert shown == [{"player": victim, "text": "Check p05, <b>trust</b> no one."}]
    # Only the latest version is shown, once, escaped on the page.
    assert Event.objects.filter(game_id=game.id, kind="death_note").count() == 1
    page = _page(users[witness], game)
    assert f"{victim}&#x27;s posthumous note" in page or f"{victim}'s posthumous note" in page
    assert "&lt;b&gt;trust&lt;/b&gt;" in page and "<b>trust</b>" not in page
    assert "first draft" not in page
    # Beside the headline, as last words are (the news section of the page).
    news = page.split('id="news"', 1)[1].split("</section>", 1)[0]
    assert "posthumous note:</strong> Check p05, &lt;b&gt;trust&lt;/b&gt; no one." in news
    # The dead cannot write or replace a note.
    with pytest.raises(services.ServiceError, match="dead cannot write"):
        services.write_note(users[victim], game.id, "from beyond")


def test_a_player_without_a_note_leaves_none(transactional_db):
    game, gm, users = _russian_game("ru_19", "19", 19)
    victim = _state(game).players[2].name
    _eliminate_by_day(game, gm, users, victim)
    assert victim not in _state(game).alive_names()
    assert not Event.objects.filter(game_id=game.id, kind="death_note").exists()


def test_ru_two_clans_reviving_commissar_has_no_note_the_others_do(transactional_db):
    game, gm, users = _russian_game("ru_two_clans", "20", 20)
    cast = {}
    for p in _state(game).players:
        cast.setdefault(p.role, []).append(p.name)
    commissar = cast["reviving_commissar"][0]
    with pytest.raises(services.ServiceError, match="no posthumous note"):
        services.write_note(users[commissar], game.id, "my checks")
    assert not Event.objects.filter(game_id=game.id, kind="note").exists()
    civilian = cast["civilian"][0]
    services.write_note(users[civilian], game.id, "I was a civilian")
    _eliminate_by_day(game, gm, users, civilian)
    shown = Event.objects.get(game_id=game.id, kind="death_note")
    assert shown.audience == "public" and shown.payload["text"] == "I was a civilian"


def test_rulesets_without_notes_refuse_them(live_table):
    # bay12 has no posthumous notes (Ruleset.death_notes "none").
    sheriff = roles_of(live_table)["sheriff"][0]
    with pytest.raises(services.ServiceError, match="no posthumous notes"):
        services.write_note(live_table.users[sheriff], live_table.game.id, "note")
    assert not Event.objects.filter(game_id=live_table.game.id, kind="note").exists()


def test_bay12_private_messages_default_on_and_refused_by_day(live_table):
    """000: 'At night, no one is allowed to talk in the thread (although PM'ing may
    still be allowed)': bay12's PMs are on by default and open at night only."""
    from tests.kit.games import new_classic7

    game = new_classic7(live_table.gm, live_table.users, private_messages="")
    assert game.private_messages == "on"
    r = roles_of(live_table)
    gid = live_table.game.id
    sheriff, doctor = r["sheriff"][0], r["doctor"][0]
    users = live_table.users
    services.gm_close_phase(live_table.gm, gid)  # night 1 -> day 1
    assert live_table.phase().kind == "day"
    before = (Event.objects.filter(game_id=gid).count(), Post.objects.filter(game_id=gid).count())
    with pytest.raises(services.ServiceError, match="only at night"):
        services.post_message(users[sheriff], gid, channel="pm", text="psst", to=doctor)
    after = (Event.objects.filter(game_id=gid).count(), Post.objects.filter(game_id=gid).count())
    assert after == before


def test_the_note_form_on_the_page(transactional_db):
    """A living ru_19 player writes his note through the page; nobody else reads it."""
    game, gm, users = _russian_game("ru_19", "19", 19)
    state = _state(game)
    author, other = state.players[0].name, state.players[1].name
    assert "Your posthumous note" in _page(users[author], game)
    client = Client()
    client.force_login(users[author])
    response = client.post(reverse("note", args=[game.id]), {"text": "sealed words"})
    assert response.status_code == 302
    assert "sealed words" in _page(users[author], game)
    assert "sealed words" not in _page(users[other], game)
    spectator = get_user_model().objects.create_user("watcher", password="pw-watch-123")
    services.watch_game(spectator, game.id)
    assert "sealed words" not in _page(spectator, game)


def test_bay12_pm_form_only_at_night(live_table):
    from games.models import PrivateMessages

    gid = live_table.game.id
    Game.objects.filter(pk=gid).update(private_messages=PrivateMessages.ON)
    name = live_table.alive()[0]
    assert 'name="channel" value="pm"' in live_table.page(name)
    services.gm_close_phase(live_table.gm, gid)
    assert live_table.phase().kind == "day"
    assert 'name="channel" value="pm"' not in live_table.page(name)
    assert "Your posthumous note" not in live_table.page(name)  # bay12 has none
