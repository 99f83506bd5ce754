"""Median time of the setup builder (`roles.roll_setup`, `roles.setup_odds`).

    python bench/setup.py               # the table
    python bench/setup.py --repeat 5    # fewer runs per line (quicker, noisier)

Lines:
- roll, 1,500 slots of sc2: 500 fixed roles (the standard 15's list without its
  unique roles, repeated) and 1,000 random slots cycling through every sc2
  category (Town Power with killing roles excluded, so its fallback is in play),
  the Coroner and Mason Leader constraints live (mason_leader_excluded_from_randoms
  off) and a GM max on the Jester. A roll is everything `roll_setup` does: read
  the setup, check every slot (the reachable states of the whole setup), draw each
  random slot.
- the same for 150 and 15 slots (the first slots of the 1,500).
- odds, 20 slots of sc2 with 10 random (constraints, unique roles and both
  fallbacks in play): `setup_odds`, exact by dynamic programming; and the odds of
  the 1,500-slot setup, for scale.

Targets (issue 14): a 1,500-slot roll under 100 ms, the 20-slot odds under 200 ms.
Two medians per line: wall clock and this process's CPU time. Nothing here asserts
on time; the table is for people.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import roles  # noqa: E402

OPTIONS = {"mason_leader_excluded_from_randoms": False}
LIMITS = {"jester": {"max": 2}}


def big_setup(size: int) -> dict:
    sc2 = roles.get_ruleset("sc2")
    preset = [r for r in sc2.presets["standard15"].roles if r not in sc2.unique_roles]
    categories = list(roles.setup_categories("sc2"))
    slots = []
    for i in range(1500):
        if i % 3 == 0:
            slots.append({"role": preset[(i // 3) % len(preset)]})
            continue
        category = categories[i % len(categories)]
        exclude = {"exclude_killing": True} if category == "town_power" else {}
        slots.append({"category": category, "exclude": exclude})
    return {"ruleset": "sc2", "options": OPTIONS, "slots": slots[:size], "roles": LIMITS}


def odds_setup() -> dict:
    fixed = ["mayor", "godfather", "sheriff", "doctor", "citizen"] + ["citizen"] * 5
    randoms = [
        {"category": "mafia_deception"},
        {"category": "town_investigative"},
        {"category": "town_investigative"},
        {"category": "town_power", "exclude": {"exclude_killing": True}},
        {"category": "town_power", "exclude": {"exclude_killing": True}},
        {"category": "town_government", "exclude": {"exclude_citizen": True}},
        {"category": "mafia_killing"},
        {"category": "mafia_random"},
        {"category": "neutral_random"},
        {"category": "any_random", "exclude": {"exclude_town": True}},
    ]
    slots = [{"role": r} for r in fixed] + randoms
    return {"ruleset": "sc2", "options": OPTIONS, "slots": slots, "roles": LIMITS}


def measure(call, repeat: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        call()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    lines = []
    for size in (15, 150, 1500):
        setup = big_setup(size)
        assert roles.check_setup(setup)["ok"]
        lines.append(
            (f"roll, {size} slots", measure(lambda s=setup: roles.roll_setup(s, 7), args.repeat))
        )
    big = big_setup(1500)
    lines.append(
        ("odds, 1500 slots", measure(lambda: roles.setup_odds(big), max(3, args.repeat // 5)))
    )
    setup = odds_setup()
    lines.append(
        ("odds, 20 slots (10 random)", measure(lambda: roles.setup_odds(setup), args.repeat))
    )
    print(f"{'line':<30} {'wall ms':>9} {'cpu ms':>9}")
    for name, (wall, cpu) in lines:
        print(f"{name:<30} {wall:>9.2f} {cpu:>9.2f}")


if __name__ == "__main__":
    main()
