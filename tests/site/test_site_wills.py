"""Last wills on the site (issue 13): "Last wills (sc2, and any ruleset whose options
have them): written and edited while alive, shown with the death as the options and
the Janitor say, kept in the game-over record, like ru_19's notes."

The engine applies a will (roles.write_will) and reads it at the death; the service
(games/services/notes.py write_will) stores the new state and logs each version for
the writer and the GM; the close logs each will the engine read out as a public line.
The rulings (who writes when, the length, erasing) are printed by
`python -m roles rules sc2`.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

import roles
from games import services
from games.models import Event, Game, Status
from games.services import ServiceError
from tests.kit.games import make_user, new_classic7, replay, seat_players, shown_kinds
from tests.kit.play import day_one_game

pytestmark = pytest.mark.django_db

WILL = "Day 1: p03 claimed Sheriff.\n<script>alert('x')</script> p05 is <b>shady</b>."
MARK = "claimed Sheriff"  # a piece of the will that escaping leaves as it is
ESCAPED = "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; p05 is &lt;b&gt;shady&lt;/b&gt;."


def sc2_game(gemma, **options):
    """sc2 standard15, day 1 open (p00..p14 play)."""
    return day_one_game(gemma, "sc2", "standard15", 15, **options)


def town(table) -> list[str]:
    return [p.name for p in table.state().players if p.faction == "town" and p.alive]


def lynch(table, victim: str) -> None:
    for name in table.alive():
        if name != victim:
            services.cast_vote(table.users[name], table.game.id, victim)
    services.gm_close_phase(table.gm, table.game.id)


def log_size(game) -> tuple[int, dict]:
    game = Game.objects.get(pk=game.id)
    return game.events.count(), game.state


def news_of(page: str) -> str:
    return page.split('id="news"', 1)[1].split("</section>", 1)[0]


def spectator_of(table):
    sam = make_user("sam")
    services.watch_game(sam, table.game.id)
    client = Client()
    client.force_login(sam)
    return client


def test_a_will_is_written_edited_and_kept_in_the_stored_state(gemma):
    table = sc2_game(gemma)
    writer = town(table)[0]
    services.write_will(table.users[writer], table.game.id, "first draft")
    services.write_will(table.users[writer], table.game.id, "  " + WILL.replace("\n", "\r\n"))
    game = table.refresh()
    assert services.current_will(game, writer) == WILL  # trimmed, CR LF as LF
    assert roles.will_of(services.engine_state(game), writer) == WILL
    versions = Event.objects.filter(game=game, kind=services.WILL_KIND).order_by("seq")
    assert [(e.audience, e.payload["text"]) for e in versions] == [
        (f"seat:{writer}", "first draft"),
        (f"seat:{writer}", WILL),
    ]
    # The stored game equals a replay of its stored inputs, the wills included.
    assert replay(game) == game.state


def test_the_will_is_read_by_its_writer_and_the_gm_only(gemma, mallory):
    table = sc2_game(gemma)
    writer, other = town(table)[:2]
    services.write_will(table.users[writer], table.game.id, WILL)
    mine = table.page(writer)
    assert ESCAPED in mine and "<script>alert" not in mine
    assert ESCAPED in table.page("gemma")  # the GM's panel and log
    assert 'id="gm-wills"' in table.page("gemma")
    sam = spectator_of(table)
    outsiders = {"another seat": table.clients[other], "a spectator": sam}
    stranger = Client()
    stranger.force_login(mallory)
    outsiders.update({"a stranger": stranger, "a visitor": Client()})
    for who, client in outsiders.items():
        page = client.get(reverse("game", args=[table.game.id])).content.decode()
        assert MARK not in page, who
        resync = client.get(reverse("events_after", args=[table.game.id])).content.decode()
        assert MARK not in resync, who
    # The writer's own resync holds his version; the GM's too.
    for name in (writer, "gemma"):
        resync = table.clients[name].get(reverse("events_after", args=[table.game.id])).json()
        assert WILL in [e["payload"].get("text") for e in resync["events"]], name


def test_a_will_is_written_by_night_as_by_day_and_while_paused(gemma):
    """Ruling: 'A living player writes his last will at any time of the game, day or
    night (paused or not)'."""
    table = sc2_game(gemma)
    writer = town(table)[0]
    services.gm_close_phase(gemma, table.game.id)
    assert table.phase().kind == "night"
    services.write_will(table.users[writer], table.game.id, "written at night")
    assert services.current_will(table.refresh(), writer) == "written at night"
    services.pause_phase(gemma, table.game.id)
    services.write_will(table.users[writer], table.game.id, "written while paused")
    assert services.current_will(table.refresh(), writer) == "written while paused"
    assert replay(table.refresh()) == table.game.state


def test_the_log_lines_of_a_will():
    """How a will reads in the log and in a Coroner's result (games/text.py)."""
    from types import SimpleNamespace

    from games.text import event_text, outcome_text, result_text

    def line(kind, **payload):
        return event_text(SimpleNamespace(kind=kind, payload=payload))

    assert line("will", player="p01", text="hi") == (
        "p01's last will, as it stands (read by p01 and the GM): hi"
    )
    assert line("will", player="p01", text="") == (
        "p01's last will is erased (nothing will be read out)."
    )
    assert line("last_will", player="p01", text="hi") == "p01's last will: hi"
    read = {"to": "p07", "kind": "last_will", "target": "p01", "value": "hi"}
    assert result_text(read) == "To p07: p01's last will: hi"
    assert result_text({**read, "value": ""}) == "To p07: p01 left no last will."
    closed = {"phase": "day", "number": 1, "events": [{"kind": "last_will", "text": "hi"}]}
    assert "hi" not in outcome_text(closed)  # told once, by its own line


def test_a_lynched_players_will_is_shown_with_his_death(gemma):
    """sc2-reference 1.3 'Dawn | ... last will (unless sanitized / Clue)'; a lynched
    player's will is read at the day's close (ruling)."""
    table = sc2_game(gemma)
    writer, witness = town(table)[:2]
    services.write_will(table.users[writer], table.game.id, "an old draft")
    services.write_will(table.users[writer], table.game.id, WILL)
    lynch(table, writer)
    assert writer not in table.alive()
    shown = Event.objects.get(game=table.game, kind=services.LAST_WILL_KIND)
    assert shown.audience == "public" and shown.payload == {"player": writer, "text": WILL}
    page = table.page(witness)
    news = news_of(page)
    assert MARK in news and ESCAPED in news and "<script>alert" not in page
    assert "an old draft" not in page
    # In the log once (its own line, not again in the phase's outcome).
    assert shown_kinds(page).count(services.LAST_WILL_KIND) == 1
    assert page.count(ESCAPED) == 2  # the news and the log
    assert replay(table.refresh()) == table.game.state


def test_a_night_victims_will_is_shown_at_dawn(gemma):
    """sc2-notes.md 10: 'Dawn: the death list, the headline, death descriptions, last
    wills'."""
    table = sc2_game(gemma)
    services.gm_close_phase(gemma, table.game.id)  # day 1 -> night 1
    victim = town(table)[0]
    services.write_will(table.users[victim], table.game.id, WILL)
    (mafioso,) = table.with_role("mafioso")
    (godfather,) = table.with_role("godfather")
    for killer in (godfather, mafioso):
        services.submit_action(table.users[killer], table.game.id, ability="kill", targets=[victim])
    services.gm_close_phase(gemma, table.game.id)
    assert victim not in table.alive()
    shown = Event.objects.get(game=table.game, kind=services.LAST_WILL_KIND)
    assert shown.payload == {"player": victim, "text": WILL}
    assert ESCAPED in news_of(table.page(town(table)[0]))
    assert replay(table.refresh()) == table.game.state


def test_a_player_without_a_will_or_with_an_erased_one_has_none_read_out(gemma):
    table = sc2_game(gemma)
    writer = town(table)[0]
    services.write_will(table.users[writer], table.game.id, WILL)
    services.write_will(table.users[writer], table.game.id, "   ")  # erased
    assert services.current_will(table.refresh(), writer) == ""
    lynch(table, writer)
    assert writer not in table.alive()
    assert not Event.objects.filter(game=table.game, kind=services.LAST_WILL_KIND).exists()
    assert "last will:" not in news_of(table.page(town(table)[0]))


def test_the_dead_write_no_will_and_see_their_own(gemma):
    """Ruling: 'The dead ... write no will'."""
    table = sc2_game(gemma)
    writer = town(table)[0]
    services.write_will(table.users[writer], table.game.id, WILL)
    lynch(table, writer)
    before = log_size(table.game)
    with pytest.raises(ServiceError) as refused:
        services.write_will(table.users[writer], table.game.id, "from beyond")
    assert refused.value.refusal == {"id": "refusal.will_dead", "params": {"player": writer}}
    assert log_size(table.game) == before
    page = table.page(writer)
    assert "your will can no longer change" in page
    assert f'action="{reverse("will", args=[table.game.id])}"' not in page


def test_a_finished_game_takes_no_will(gemma):
    table = sc2_game(gemma)
    writer = town(table)[0]
    Game.objects.filter(pk=table.game.id).update(status=Status.FINISHED)
    before = log_size(table.game)
    with pytest.raises(ServiceError, match="The game is over"):
        services.write_will(table.users[writer], table.game.id, WILL)
    assert log_size(table.game) == before


def test_a_will_too_long_or_not_text_changes_nothing(gemma):
    """Ruling: 'At most 2000 characters'."""
    table = sc2_game(gemma)
    writer = town(table)[0]
    before = log_size(table.game)
    with pytest.raises(ServiceError) as refused:
        services.write_will(table.users[writer], table.game.id, "x" * 2001)
    assert refused.value.refusal == {"id": "refusal.will_long", "params": {"n": 2000}}
    with pytest.raises(ServiceError, match="is text"):
        services.write_will(table.users[writer], table.game.id, ["x"])
    assert log_size(table.game) == before
    services.write_will(table.users[writer], table.game.id, "x" * 2000)  # the longest
    assert len(services.current_will(table.refresh(), writer)) == 2000


def test_outsiders_write_no_will(gemma, mallory):
    table = sc2_game(gemma)
    before = log_size(table.game)
    with pytest.raises(ServiceError, match="not playing in this game"):
        services.write_will(mallory, table.game.id, WILL)
    with pytest.raises(ServiceError, match="not playing in this game"):
        services.write_will(gemma, table.game.id, WILL)  # the GM does not play
    with pytest.raises(ServiceError, match="Log in first"):
        services.write_will(AnonymousUser(), table.game.id, WILL)
    with pytest.raises(ServiceError, match="no such game"):
        services.write_will(table.users["p00"], "nope", WILL)
    assert log_size(table.game) == before


def test_a_ruleset_without_wills_refuses_them(gemma, players):
    """A ruleset without the 'last_wills' option has no wills (ruling); bay12 has none."""
    game = new_classic7(gemma, players)
    seat_players(gemma, game, list(players.values())[:7], start=True)
    before = log_size(game)
    with pytest.raises(ServiceError) as refused:
        services.write_will(players["alice"], game.id, WILL)
    assert refused.value.refusal == {"id": "refusal.no_wills", "params": {"ruleset": "bay12"}}
    assert log_size(game) == before
    client = Client()
    client.force_login(players["alice"])
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert 'id="last-will"' not in page


@pytest.mark.parametrize("setup", [{"preset_id": "classic"}, {"options": {"last_wills": False}}])
def test_an_sc2_game_with_wills_off_refuses_them(gemma, setup):
    """sc2-reference 3.3: 'Classic (... no last wills ...)'; the option off, no wills."""
    users = {f"p{i:02d}": make_user(f"p{i:02d}") for i in range(15)}
    game = services.create_game(
        gemma,
        name="No wills",
        ruleset_id="sc2",
        preset_id=setup.get("preset_id", "standard15"),
        day_seconds=600,
        night_seconds=300,
        reveal_mode="",
        options=setup.get("options", {}),
        first_phase="day",
        seed=3,
    )
    seat_players(gemma, game, users.values(), start=True)
    before = log_size(game)
    with pytest.raises(ServiceError) as refused:
        services.write_will(users["p00"], game.id, WILL)
    assert refused.value.refusal == {"id": "refusal.wills_off", "params": {}}
    assert log_size(game) == before
    client = Client()
    client.force_login(users["p00"])
    assert 'id="last-will"' not in client.get(reverse("game", args=[game.id])).content.decode()


def test_the_will_box_saves_edits_and_erases_through_the_form(gemma):
    table = sc2_game(gemma)
    writer, other = town(table)[:2]
    client = table.clients[writer]
    url = reverse("will", args=[table.game.id])
    page = table.page(writer)
    assert 'id="last-will"' in page and 'maxlength="2000"' in page
    response = client.post(url, {"text": WILL}, follow=True)
    assert "Your last will is saved." in response.content.decode()
    # The box shows the current will in its textarea, to edit it.
    assert f">Day 1: p03 claimed Sheriff.\n{ESCAPED}</textarea>" in table.page(writer)
    assert MARK not in table.page(other)
    response = client.post(url, {"text": "x" * 2001}, follow=True)
    assert "at most 2000 characters" in response.content.decode()
    assert services.current_will(table.refresh(), writer) == WILL  # unchanged
    response = client.post(url, {"text": ""}, follow=True)
    assert "Your last will is erased." in response.content.decode()
    assert services.current_will(table.refresh(), writer) == ""
    assert client.get(url).status_code == 405  # a will is posted, never read by GET
    anonymous = Client().post(url, {"text": WILL})
    assert anonymous.status_code == 302 and "/login" in anonymous["Location"]


def test_the_game_over_page_keeps_every_will(gemma):
    """Issue 13: wills 'kept in the game-over record'; ruling: 'After the game every
    will is shown, the ones never read out too'."""
    table = sc2_game(gemma)
    lynched, modkilled, survivor = town(table)[:3]
    for name, text in ((lynched, WILL), (modkilled, "modkilled words"), (survivor, "alive")):
        services.write_will(table.users[name], table.game.id, text)
    lynch(table, lynched)
    services.modkill_player(gemma, table.game.id, modkilled)  # reads no will out (ruling)
    for role in ("godfather", "mafioso", "consort", "serial_killer"):
        for name in table.with_role(role):
            if table.refresh().status == Status.RUNNING:
                services.modkill_player(gemma, table.game.id, name)
    game = table.refresh()
    assert game.status == Status.FINISHED
    assert [e.payload["player"] for e in game.events.filter(kind=services.LAST_WILL_KIND)] == [
        lynched
    ]
    page = Client().get(reverse("game", args=[game.id])).content.decode()
    final = page.split('id="final-wills"', 1)[1].split("</section>", 1)[0]
    assert ESCAPED in final and "<script>alert" not in page
    assert f'<strong>{lynched}</strong> <span class="tag">read out at the death' in final
    assert f'<strong>{modkilled}</strong> <span class="tag">never read out' in final
    assert f'<strong>{survivor}</strong> <span class="tag">alive at the end' in final
    history = page.split('class="history"', 1)[1]
    assert f"{lynched}'s last will:</strong> Day 1: p03 claimed Sheriff." in history
    assert replay(game) == game.state
