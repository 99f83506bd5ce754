"""Where a commit's pushes run (games/services/push.py, `delivery_loop`).

A phase closed by the embedded timer is closed in a thread of its own, outside any
event loop (games/timers.py). Its pushes must still wake the sockets: the in-memory
layer's queues belong to the loop serving the sockets, and a message put there from
another loop's thread sat unseen until something else woke that loop.
"""

import asyncio
import threading

from games import services
from games.services import push
from tests.kit.sockets import Socket, run


def test_a_close_from_a_thread_outside_any_loop_reaches_an_open_socket(live_table):
    game_id = live_table.game.id
    sock = Socket(game_id, live_table.users["alice"])
    closer = threading.Thread(target=services.gm_close_phase, args=(live_table.gm, game_id))

    async def scenario():
        assert await sock.open()
        await sock.catch_up()
        # A plain thread, not awaited: nothing but the push may wake this loop.
        closer.start()
        kinds = []
        while "phase_opened" not in kinds:
            message = await sock.communicator.receive_json_from(timeout=30)
            kinds += [e["kind"] for e in message.get("events", [])]
        await sock.close()
        return kinds

    kinds = run(scenario)
    closer.join(timeout=30)
    assert kinds.index("phase_closed") < kinds.index("phase_opened")


def test_pushes_outside_a_server_share_one_loop_for_the_process():
    """A Celery worker's commits reuse one loop (and the Redis layer's connection on
    it) rather than making a new one per commit; a serving loop, while it runs, is the
    one the pushes go to."""
    first = push.delivery_loop()
    assert first.is_running() and push.delivery_loop() is first

    async def serving():
        push.serve_from(asyncio.get_running_loop())
        return push.delivery_loop() is asyncio.get_running_loop()

    assert asyncio.run(serving())
    assert push.delivery_loop() is first  # that loop has stopped: back to the process's own
