"""Issue 16: the night chats sc2 names itself (the Masons, the jail, the Spy's anonymous
copies) in the reader's language, as the faction chats already are: the panels'
titles, notices and aliases, the "rooms" line, the GM's members and copies, the
refusal naming a closed room, a replay and a socket's frames.

The sc2 table (tests/kit/rooms.py): xena Jailor, bob Mafioso, cid Spy, dan Mason,
eve Mason Leader, fay Cultist, lou Consort, oli Godfather.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from games import rooms, services
from games.live.consumers import _for_browser
from games.models import Event
from games.services import push
from games.viewer import streams_of, viewer_for
from roles.messages import rooms as room_words
from tests.kit.games import Table, make_user
from tests.kit.i18n import assert_russian, reader, russian_account
from tests.kit.rooms import CAST, jail, new_sc2_rooms_game, section


@pytest.fixture
def sc2_ru(gemma, monkeypatch):
    """The rooms table with every reader in Russian, on its first night: bob jailed by
    xena, a post in each room."""
    users = {name: russian_account(make_user(name)) for name in CAST}
    russian_account(gemma)
    game = new_sc2_rooms_game(gemma, users, monkeypatch)
    table = Table(game, users, gemma)
    jail(users, game.id)
    services.gm_close_phase(gemma, game.id)
    for name, room, text in (
        ("xena", "jail:1", "Кто ты?"),
        ("bob", "jail:1", "Просто горожанин."),
        ("dan", "masons", "Масоны на связи."),
        ("lou", "faction:mafia", "План на ночь."),
        ("fay", "faction:cult", "Кого обращаем?"),
    ):
        services.post_message(users[name], game.id, channel="room", room=room, text=text)
    return table


def page(table, name: str) -> str:
    user = table.gm if name == "gemma" else table.users[name]
    return assert_russian(reader(user), reverse("game", args=[table.game.id]))


def test_every_room_a_ruleset_names_has_words_in_both_languages():
    """English is the engine's own word (roles/rulesets/sc2_chats.py); Russian differs."""
    from roles.rulesets import sc2_chats

    assert room_words.room_title("masons", "en") == "Masons"
    assert room_words.room_title("jail:3", "en") == "Jail"
    assert room_words.room_title("masons", "ru") == "Чат масонов"
    for notice in room_words.NOTICES:
        assert room_words.room_notice(notice, "en") == notice
        assert room_words.room_notice(notice, "ru") != notice
    assert room_words.room_notice(sc2_chats.SPY_NOTICE, "ru").startswith("Шпион")
    aliases = {sc2_chats.JAILOR_ALIAS, *sc2_chats.SPY_ALIASES.values()}
    assert aliases == set(room_words.ALIASES)
    for alias in aliases:
        assert room_words.room_alias(alias, "en") == alias
        assert room_words.room_alias(alias, "ru") != alias


@pytest.mark.django_db
def test_the_prisoner_reads_the_jail_in_russian(sc2_ru):
    html = page(sc2_ru, "bob")
    cell = section(html, "room-jail-1")
    assert "Тюрьма" in cell and "Ник тюремщика здесь не показывается никогда." in cell
    assert "<strong>Тюремщик</strong>" in cell and "Jailor" not in cell and "xena" not in cell
    # The "rooms" line that told him: "теперь в комнате «Тюрьма»".
    assert "теперь в комнате «Тюрьма»" in html
    assert "Чат (Мафия)" in html  # his faction's chat, as before


@pytest.mark.django_db
def test_the_masons_and_the_spy_read_their_rooms_in_russian(sc2_ru):
    cell = section(page(sc2_ru, "dan"), "room-masons")
    assert "Чат масонов" in cell and "Шпион, если он есть в игре" in cell
    spy = page(sc2_ru, "cid")
    for dom_id, alias in (
        ("room-masons", "Масон"),
        ("room-faction-mafia", "Мафия"),
        ("room-faction-cult", "Культист"),
    ):
        assert f"<strong>{alias}</strong>" in section(spy, dom_id), dom_id


@pytest.mark.django_db
def test_the_gm_reads_the_rooms_in_russian(sc2_ru):
    cell = section(page(sc2_ru, "gemma"), "room-jail-1")
    assert "Тюрьма" in cell and "xena (как Тюремщик)" in cell
    assert "bob, xena (как Тюремщик)" in cell
    assert "cid (читает)" in section(page(sc2_ru, "gemma"), "room-masons")


@pytest.mark.django_db
def test_a_socket_frame_names_the_alias_in_its_readers_language(sc2_ru):
    game = sc2_ru.refresh()
    for name, lang, author in (("bob", "ru", "Тюремщик"), ("bob", "en", "Jailor")):
        streams = streams_of(viewer_for(game, sc2_ru.users[name]))
        event = Event.objects.get(game=game, audience="room:jail:1", payload__text="Кто ты?")
        frame = _for_browser(push.event_message(event), streams, lang)
        assert frame["payload"]["author"] == author
    gm_copy = Event.objects.get(game=game, audience="gm", payload__text="Кто ты?")
    frame = _for_browser(push.event_message(gm_copy, named=True), streams, "ru")
    assert frame["payload"]["author"] == "xena (как Тюремщик)"


@pytest.mark.django_db
def test_a_player_called_like_an_alias_keeps_his_name():
    """Only a copy that says it shows an alias is read as one."""
    assert rooms.post_author({"author": "Mason", "room": "masons"}, "ru") == "Mason"
    assert rooms.post_author({"author": "Mason", "alias": "Mason"}, "ru") == "Масон"


@pytest.mark.django_db
def test_a_closed_room_is_named_in_russian_in_its_refusal(sc2_ru):
    services.gm_close_phase(sc2_ru.gm, sc2_ru.game.id)  # day 2: the jail is read-only
    with translation.override("ru"), pytest.raises(services.ServiceError) as refused:
        services.post_message(
            sc2_ru.users["xena"], sc2_ru.game.id, channel="room", room="jail:1", text="…"
        )
    assert "Тюрьма" in str(refused.value) and "Jail" not in str(refused.value)


@pytest.mark.django_db
def test_a_replay_names_the_room_and_the_alias_in_russian(sc2_ru):
    from games import record

    game = sc2_ru.refresh()
    night = game.phases.get(kind="night", number=1)
    with translation.override("ru"):
        step = record.replay_step(game, "bob", night.seq)
    posts = [line["payload"] for line in step.lines if line["kind"] == "post"]
    jail_posts = [(p["author"], p["room_title"]) for p in posts if p["room"] == "jail:1"]
    assert jail_posts == [("Тюремщик", "Тюрьма"), ("bob", "Тюрьма")]
    assert "Чат (Мафия)" in {p["room_title"] for p in posts}
