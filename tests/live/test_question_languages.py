"""The pending round's question over the socket in each reader's language (issue 16):
a ru_sport tie calls a catastrophe round; a Russian voter and an English voter each
read the question pushed to them in their own words."""

from games import services
from tests.kit.games import make_user, seat_players
from tests.kit.sockets import Socket, db, run


def test_the_catastrophe_question_reaches_each_socket_in_its_language(transactional_db):
    gm = make_user("gemma")
    users = {f"p{i:02d}": make_user(f"p{i:02d}") for i in range(10)}
    game = services.create_game(
        gm,
        name="Спорт",
        ruleset_id="ru_sport",
        preset_id="sport_10",
        day_seconds=600,
        night_seconds=300,
        reveal_mode="",
        first_phase="day",
        seed=3,
    )
    seat_players(gm, game, users.values(), start=True)
    sockets = {
        "ru": Socket(game.id, users["p00"], cookie=b"django_language=ru"),
        "en": Socket(game.id, users["p02"], cookie=b"django_language=en"),
    }

    async def tie():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        others = [n for n in users if n not in ("p01", "p04")]
        await db(services.cast_vote, users["p01"], game.id, "p04")
        await db(services.cast_vote, users["p04"], game.id, "p01")
        for index, voter in enumerate(others):
            await db(services.cast_vote, users[voter], game.id, "p01" if index % 2 else "p04")
        await db(services.gm_close_phase, gm, game.id)
        for sock in sockets.values():
            await sock.catch_up()
            await sock.close()

    run(tie)
    asked = {
        lang: [e["text"] for e in sock.events() if e["kind"] == "decision_needed"]
        for lang, sock in sockets.items()
    }
    assert asked["ru"] == [
        "Ничья на голосовании — катастрофа: казнить всех или помиловать всех (раунд катастрофы 1)."
    ], asked
    assert asked["en"] == ["The vote is tied: catastrophe round 1 is needed (execute / pardon)."], (
        asked
    )
