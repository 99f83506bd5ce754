"""The size of a day's vote events in the log: each event the change alone (today)
against each event carrying the whole tally (before: docs/decisions/vote-events.md).

    python bench/vote_events.py             # embedded default (SQLite)
    python bench/vote_events.py --changes 5 --seats 15

It creates a throw-away test database and an sc2 game of `--seats` seats opened by
day; every seat but the last votes `--changes` times through `services.cast_vote`
(its first vote, then changes, each to another player), then the last seat votes
and the day closes (everyone has voted). For each vote it reads the event as stored
and the payload the old event would have stored at the same moment (the same fields
and `services.tally` after the vote, as the old code computed it), both encoded as
the JSON field encodes them. Sizes are bytes; nothing is timed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafiasite.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=15)
    parser.add_argument("--changes", type=int, default=5, help="votes per seat (default 5)")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.PHASE_TIMER = "off"
    settings.MOVE_RATE_LIMIT = 10_000  # the bench votes faster than a person may
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        new, old = vote_day(args.seats, args.changes)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(f"{len(new)} vote events ({args.seats} seats, {args.changes} votes each but the last)")
    print("| payload | total bytes | mean | largest |")
    print("|---|---:|---:|---:|")
    for label, sizes in (("with the whole tally (before)", old), ("the change (now)", new)):
        print(f"| {label} | {sum(sizes):,} | {sum(sizes) / len(sizes):.0f} | {max(sizes)} |")


def vote_day(seats: int, changes: int) -> tuple[list[int], list[int]]:
    from django.contrib.auth import get_user_model

    from games import services
    from games.models import Event, Game

    users = [get_user_model().objects.create_user(f"p{i:02d}", password="x") for i in range(seats)]
    gm = get_user_model().objects.create_user("host", password="x")
    game = services.create_game(
        gm,
        name="Votes",
        ruleset_id="sc2",
        preset_id="standard15",
        day_seconds=3600,
        night_seconds=3600,
        first_phase="day",
        reveal_mode="",
        seed=3,
    )
    for user in users:
        services.join_game(user, game.id)
    services.set_signups(gm, game.id, False)
    phase = services.start_game(gm, game.id)
    names = [u.username for u in users]
    new_sizes, old_sizes = [], []

    def vote(user, target: str) -> None:
        services.cast_vote(user, game.id, target)
        event = Event.objects.filter(game=game, kind="vote").order_by("-seq").first()
        new_sizes.append(len(json.dumps(event.payload).encode()))
        before = {"voter": user.username, "target": target, "round": 0, "fast": False}
        before["tally"] = services.tally(phase)
        old_sizes.append(len(json.dumps(before).encode()))

    for turn in range(changes):
        for index, user in enumerate(users[:-1]):
            vote(user, names[(index + turn + 1) % seats])
    vote(users[-1], names[0])
    assert Game.objects.get(pk=game.id).phases.count() > 1, "the day closed"
    return new_sizes, old_sizes


if __name__ == "__main__":
    main()
