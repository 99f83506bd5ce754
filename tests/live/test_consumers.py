"""The game socket: who receives what, membership changes, catch-up after drops.

DESIGN.md: "the consumer authenticates from the session and joins only the
groups the user may read: the game's public group, their own private group,
their faction's chat group while alive, the graveyard group when dead or
spectating, the GM group for the GM. Membership is re-checked when a player dies
or changes faction. Every pushed message is also in the event log, so a
reconnecting browser asks for 'everything after event N' and misses nothing."
"""

from asgiref.sync import async_to_sync, sync_to_async

from games import services
from games.models import Event
from tests.live.conftest import Socket


def roles_of(table) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for p in table.state().players:
        found.setdefault(p.role, []).append(p.name)
    return found


def db(fn, *args, **kwargs):
    return sync_to_async(fn, thread_sensitive=True)(*args, **kwargs)


def run(coro_fn):
    return async_to_sync(coro_fn)()


def test_connecting_catches_up_from_the_log_and_needs_an_origin(live_table):
    game_id = live_table.game.id
    alice = live_table.users["alice"]

    refused = Socket(game_id, alice, origin=False)
    missing = Socket(game_id + 1000, alice)
    sock = Socket(game_id, alice)

    async def scenario():
        assert not await refused.open()
        assert not await missing.open()
        assert await sock.open()
        await sock.drain()
        await sock.close()
        return sock

    sock = run(scenario)
    expected = list(
        Event.objects.filter(game=live_table.game, audience__in=["public", "seat:alice"])
        .exclude(audience__startswith="faction")
        .values_list("seq", flat=True)
    )
    mine = set(expected)
    if live_table.state().player("alice").faction == "mafia":
        mine |= set(
            Event.objects.filter(game=live_table.game, audience="faction:mafia").values_list(
                "seq", flat=True
            )
        )
    assert sock.seqs() == sorted(mine)
    assert sock.upto == live_table.refresh().last_event_seq
    first = sock.messages[0]
    assert first["type"] == "events" and first["prev"] == 0 and "now" in first


def test_a_phase_close_is_pushed_to_each_seat_with_its_own_results(live_table):
    r = roles_of(live_table)
    game_id = live_table.game.id
    mafioso, sheriff, doctor = r["mafioso"][0], r["sheriff"][0], r["doctor"][0]
    victim = r["townie"][0]

    socks = {n: Socket(game_id, u) for n, u in live_table.users.items()}

    async def scenario():
        for sock in socks.values():
            assert await sock.open()
            await sock.drain(0.1)
        await db(
            services.submit_action,
            live_table.users[mafioso],
            game_id,
            ability="kill",
            targets=[victim],
        )
        await db(
            services.submit_action,
            live_table.users[sheriff],
            game_id,
            ability="check",
            targets=[mafioso],
        )
        await db(services.gm_close_phase, live_table.gm, game_id)
        for sock in socks.values():
            await sock.drain()
            await sock.close()
        return socks

    socks = run(scenario)
    for name, sock in socks.items():
        kinds = [e["kind"] for e in sock.events()]
        assert "phase_closed" in kinds and kinds[-1] == "phase_opened", name
        closed = next(e for e in sock.events() if e["kind"] == "phase_closed")
        assert [d["player"] for d in closed["payload"]["deaths"]] == [victim]
        results = [e["payload"] for e in sock.events() if e["kind"] == "result"]
        assert all(res["to"] == name for res in results), name
    sheriff_results = [e["payload"] for e in socks[sheriff].events() if e["kind"] == "result"]
    assert sheriff_results and sheriff_results[0]["target"] == mafioso
    assert not [e for e in socks[doctor].events() if e["kind"] == "result"]
