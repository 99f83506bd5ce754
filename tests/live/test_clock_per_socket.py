"""A pushed line's times on each reader's clock (issue 16: "dates, times and the
countdown in the reader's ... time zone"): the GM extends the night, and the line each
socket receives says the new deadline in its own reader's zone (his account's, else
his browser's cookie), though the line was said once for every reader."""

import zoneinfo
from datetime import UTC

from games import services
from games.models import Profile
from tests.kit.games import SEVEN, make_user, new_classic7, seat_players
from tests.kit.sockets import Socket, db, run


def test_the_gms_extension_reaches_each_socket_on_its_readers_clock(transactional_db):
    gm = make_user("gemma")
    users = {name: make_user(name) for name in SEVEN}
    game = new_classic7(gm, users)
    seat_players(gm, game, [users[n] for n in SEVEN], start=True)
    Profile.objects.create(user=users[SEVEN[0]], time_zone="Asia/Tokyo")
    sockets = {
        "Asia/Tokyo": Socket(game.id, users[SEVEN[0]]),  # his account's zone
        "Europe/Moscow": Socket(game.id, users[SEVEN[1]], cookie=b"mafia_tz=Europe%2FMoscow"),
        "UTC": Socket(game.id, users[SEVEN[2]]),  # chose none, sent none
    }

    async def extend():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        phase = await db(services.extend_phase, gm, game.id, 600)
        for sock in sockets.values():
            await sock.catch_up()
            await sock.close()
        return phase

    phase = run(extend)
    for zone, sock in sockets.items():
        lines = [e["text"] for e in sock.events() if e["kind"] == "deadline_extended"]
        local = phase.deadline.astimezone(zoneinfo.ZoneInfo(zone))
        assert len(lines) == 1 and f"{local:%H:%M:%S} {local.tzname()}" in lines[0], lines
        assert "\u2063" not in lines[0]  # the mark never reaches a browser
    assert phase.deadline.astimezone(UTC).tzname() == "UTC"
