"""A close's pushes from a closer to Redis: one publish per message, or the commit's
messages in one pipeline (games/live/layer.py `group_send_many`). CPU per close of
nine messages (the realistic night's eight or so private batches and the public one).

    REDIS_URL=redis://127.0.0.1:6379/6 python bench/publish.py
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafiasite.settings")

CLOSES, MESSAGES, ROUNDS = 200, 9, 5
MESSAGE = {
    "type": "game.batch",
    "game": 1,
    "events": [
        {
            "seq": n,
            "kind": "result",
            "payload": {"text": "x" * 200},
            "texts": {"en": "y" * 100, "ru": "z" * 100},
        }
        for n in range(2)
    ],
}


def batches() -> list[list[tuple[str, dict]]]:
    return [[(f"bench-{c}.g{g}", MESSAGE) for g in range(MESSAGES)] for c in range(CLOSES)]


async def one_by_one(layer) -> None:
    for batch in batches():
        for group, message in batch:
            await layer.group_send(group, message)


async def pipelined(layer) -> None:
    for batch in batches():
        await layer.group_send_many(batch)


async def main() -> None:
    import django

    django.setup()
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    if not hasattr(layer, "group_send_many"):
        sys.exit("set REDIS_URL: the bench needs the Redis channel layer")
    await layer.group_send("bench-warm", MESSAGE)
    figures: dict[str, list[float]] = {"one publish each": [], "one pipeline": []}
    for _ in range(ROUNDS):
        for label, run in (("one publish each", one_by_one), ("one pipeline", pipelined)):
            cpu = time.process_time()
            await run(layer)
            figures[label].append(1000 * (time.process_time() - cpu) / CLOSES)
    for label, values in figures.items():
        values.sort()
        print(
            f"{label:17s} {values[len(values) // 2]:.3f} ms CPU per close "
            f"(min {values[0]:.3f}, max {values[-1]:.3f}; {MESSAGES} messages)"
        )


if __name__ == "__main__":
    asyncio.run(main())
