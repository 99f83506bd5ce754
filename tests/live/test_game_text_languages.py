"""Game text in each reader's language over the socket (issue 16): "the site renders it
as a sentence in the reader's language"; a push is said once per reader, not once per
group: a ru_classic night closes, and the Russian reader (the language cookie), the
Russian GM (his browser's Accept-Language) and the English reader each read it in
their own words, with no raw id; a Russian line has no Latin word but names."""

import re

import pytest
from django.contrib.auth.models import AnonymousUser

import roles
from games import services
from games.models import Game
from games.profiles import language_of_socket
from tests.kit.games import make_user, seat_players
from tests.kit.sockets import Socket, db, run

LATIN = re.compile(r"[A-Za-z]+")
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
NAMES = [f"p{i:02d}" for i in range(12)]


def russian_words_only(text: str, names) -> None:
    rest = text
    for name in names:
        rest = rest.replace(name, " ")
    assert not LATIN.findall(rest), text


@pytest.mark.parametrize(
    ("cookies", "accept", "expected"),
    [
        ({"django_language": "ru"}, "en-US,en;q=0.9", "ru"),
        ({}, "ru-RU,ru;q=0.9,en;q=0.8", "ru"),
        ({}, "de-DE,ru;q=0.5", "ru"),
        ({"django_language": "en"}, "ru", "en"),
        ({}, "", "en"),
        ({"django_language": "xx"}, "fr", "en"),
    ],
)
def test_the_readers_language_is_the_cookie_then_the_browser_then_english(
    cookies, accept, expected
) -> None:
    headers = [(b"accept-language", accept.encode())]
    if cookies:
        cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
        headers.append((b"cookie", cookie.encode()))
    scope = {"user": AnonymousUser(), "headers": headers}
    assert language_of_socket(scope) == expected


def test_each_socket_reads_the_night_in_its_own_language(transactional_db):
    gm = make_user("gemma")
    users = {name: make_user(name) for name in NAMES}
    game = services.create_game(
        gm,
        name="Классика",
        ruleset_id="ru_classic",
        preset_id="classic_12",
        day_seconds=600,
        night_seconds=600,
        reveal_mode=services.reveal_modes(roles.get_ruleset("ru_classic"))[0],
        seed=5,
    )
    seat_players(gm, game, users.values(), start=True)
    state = services.engine_state(Game.objects.get(pk=game.id))
    commissar = state.with_role("commissar")[0].name
    mafia = [p.name for p in state.players if p.faction == "mafia"]
    victim = next(p.name for p in state.players if p.role == "civilian")
    english = next(p.name for p in state.players if p.role == "civilian" and p.name != victim)
    sockets = {
        "commissar": Socket(game.id, users[commissar], cookie=b"django_language=ru"),
        "gm": Socket(game.id, gm, headers=[(b"accept-language", b"ru-RU,ru;q=0.9")]),
        "english": Socket(game.id, users[english], cookie=b"django_language=en"),
    }

    async def night():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        move = services.submit_action
        await db(move, users[commissar], game.id, ability="check", targets=[mafia[0]])
        for name in mafia:
            try:
                await db(move, users[name], game.id, ability="kill", targets=[victim])
            except services.ServiceError:
                pass  # one shot for the team is enough
        await db(services.gm_close_phase, gm, game.id)
        for sock in sockets.values():
            await sock.catch_up()
            await sock.close()

    run(night)
    said = {who: sock.events() for who, sock in sockets.items()}
    closed = {
        who: [e for e in events if e["kind"] == "phase_closed"] for who, events in said.items()
    }
    assert all(closed.values()), closed
    assert closed["commissar"][0]["text"].startswith("Ночь 1 закончилась.")
    assert closed["english"][0]["text"].startswith("Night 1 ended.")
    assert closed["gm"][0]["text"] == closed["commissar"][0]["text"]
    role = [e["text"] for e in said["commissar"] if e["kind"] == "role"]
    assert role == ["Ваша роль: Комиссар (Мирные)."]
    assert [e["text"] for e in said["english"] if e["kind"] == "role"] == [
        "Your role: Civilian (Civilians)."
    ]
    check = [e["text"] for e in said["commissar"] if e["kind"] == "result"]
    assert check and check[0].startswith(f"Результат проверки игрока {mafia[0]}:")  # no own name
    for who in ("commissar", "gm"):
        for event in said[who]:
            if event["kind"] in ENGINE_KINDS:
                russian_words_only(event["text"], NAMES)
    for events in said.values():
        for event in events:
            assert not RAW_ID.search(event["text"]), event["text"]
            assert "He/She" not in event["text"]


# The lines the engine's words make (the site's own lines are the site's catalogue's).
ENGINE_KINDS = {
    "phase_closed",
    "phase_opened",
    "result",
    "role",
    "teammates",
    "game_over",
    "action_recorded",
    "action_withdrawn",
    "phase_record",
}
