"""What a long day thread costs the game page and the thread's answers, on the current
back end.

    python bench/long_thread.py                   # embedded default (SQLite)
    DATABASE_URL=postgres://... python bench/long_thread.py
    python bench/long_thread.py --sizes 100 1000  # fewer lines

It creates a throw-away test database and one sc2 standard15 game (15 seats) open on
day 1, then writes its day thread through the services (`post_message`, each post
with its event, as the site stores it; the flood limit is lifted for the writing
only) up to each size in turn: 100, 1,000 and 10,000 posts. At each size it reads,
as a player, the GM and a logged-out visitor, the game page, and as the player the
thread's answers: "older posts" from the page's oldest post, a permalink's page at
the thread's first post, a search and ISO. Per line: the median server time of
`--repeat` requests (Django's test client, in process: no network, no compression),
the queries, and the bytes, raw and gzipped (level 6, what a compressing server
would send). Nothing here asserts on time; the table is for people.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafiasite.settings")

SLOWEST = 0  # --slowest

WORDS = (
    "I think p03 is scummy, his vote on day one came far too late",
    "Town, let us not rush: who has not posted yet today?",
    "Claim: I am a plain citizen. Vote p07, his reads make no sense.",
    "Привет, город: я голосую против p11, он молчит весь день.",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument(
        "--slowest", type=int, default=0, help="print each line's N slowest queries (stderr)"
    )
    args = parser.parse_args()
    global SLOWEST
    SLOWEST = args.slowest

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.PHASE_TIMER = "off"
    settings.ALLOWED_HOSTS = ["testserver", *settings.ALLOWED_HOSTS]
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        print(f"back end: {connection.vendor}; page size {settings.THREAD_PAGE_POSTS}")
        print("| posts | reader | what | median | queries | bytes | gzipped |")
        print("|---:|---|---|---:|---:|---:|---:|")
        run(args.sizes, args.repeat)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(sizes: list[int], repeat: int) -> None:
    from django.test import Client

    from games.models import Post

    game, gm, users = day_one()
    clients = {"player": Client(), "GM": Client(), "visitor": Client()}
    clients["player"].force_login(users[0])
    clients["GM"].force_login(gm)
    written = 0
    for size in sizes:
        write_posts(game, users, size - written)
        written = size
        posts = Post.objects.filter(game=game, channel="day").order_by("id")
        first = posts.first().ref
        oldest_shown = posts.reverse()[49].ref if size > 50 else first
        for reader, client in clients.items():
            line(size, reader, "game page", measure(client, f"/games/{game.id}/", {}, repeat))
        thread = f"/games/{game.id}/thread/"
        player = clients["player"]
        for what, params in (
            ("older posts", {"before": oldest_shown}),
            ("permalink page", {"post": first}),
            ("search", {"q": "голосую"}),
            ("ISO", {"iso": users[3].username}),
        ):
            line(size, "player", what, measure(player, thread, params, repeat))
        line(
            size,
            "player",
            "page at a permalink",
            measure(player, f"/games/{game.id}/", {"post": first}, repeat),
        )


def day_one():
    from django.contrib.auth import get_user_model

    from games import services

    User = get_user_model()
    gm = User.objects.create_user("bench-gm", password="x")
    users = [User.objects.create_user(f"p{i:02d}", password="x") for i in range(15)]
    game = services.create_game(
        gm,
        name="Long thread",
        ruleset_id="sc2",
        preset_id="standard15",
        day_seconds=86400,
        night_seconds=86400,
        first_phase="day",
        reveal_mode="",
        seed=3,
    )
    for user in users:
        services.join_game(user, game.id)
    services.set_signups(gm, game.id, False)
    services.start_game(gm, game.id)
    return game, gm, users


def write_posts(game, users, count: int) -> None:
    """`count` day posts through the services, in turn by the 15 seats."""
    from games import services
    from games.services import chat

    lifted = chat.check_rate
    chat.check_rate = lambda *args, **kwargs: None  # the flood limit: not what is measured
    try:
        for i in range(count):
            services.post_message(
                users[i % len(users)], game.id, channel="day", text=f"{WORDS[i % 4]} ({i})"
            )
    finally:
        chat.check_rate = lifted


def measure(client, path: str, params: dict, repeat: int) -> tuple[float, int, int, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times = []
    for _ in range(repeat):
        connection.queries_log.clear()  # the writing filled it: a full log counts wrong
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = client.get(path, params)
            times.append(time.perf_counter() - start)
        assert response.status_code == 200, (path, params, response.status_code)
    body = response.content
    if SLOWEST:
        slowest = sorted(queries.captured_queries, key=lambda q: -float(q["time"]))[:SLOWEST]
        for query in slowest:
            print(
                f"    {float(query['time']) * 1000:.1f} ms  {query['sql'][:160]}", file=sys.stderr
            )
    return statistics.median(times), len(queries), len(body), len(gzip.compress(body, 6))


def line(size: int, reader: str, what: str, figures) -> None:
    median, queries, raw, packed = figures
    print(
        f"| {size:,} | {reader} | {what} | {median * 1000:,.0f} ms | {queries} "
        f"| {raw / 1024:,.1f} KB | {packed / 1024:,.1f} KB |",
        flush=True,
    )


if __name__ == "__main__":
    main()
