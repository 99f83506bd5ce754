"""Median time to resolve one night with the pure engine (`roles.resolve_phase`).

    python bench/engine.py                 # the table below
    python bench/engine.py --repeat 3      # fewer runs per line (quicker, noisier)
    python bench/engine.py --profile 1500  # cProfile of one 1,500-player bay12 night

Lines:
- bay12 with 15, 150 and 1,500 players: the seed's 18-role list (preset `seed18`)
  repeated and cut to size, every player whose role has a night ability acting
  (targets drawn with a fixed seed from `roles.choices`, kept if
  `roles.check_action` accepts them). The night measured is night 2 (after a quiet
  night 1 and a day without votes), so the Vigilante, who may not shoot on night 1,
  acts too.
- every other registered ruleset at its natural size (its preset of that size, or
  its largest), dealt with `roles.deal`, night 1, every player with a choice acting.

A resolution is everything `resolve_phase` does: validate every action, copy the
state, run the night order, settle deaths, announce, check the win. Issue 2's
targets: under 1 ms for 15 players, and growth close to linear (1,500 players no
more than 150 times the 15-player time). Nothing here asserts on time; the table
is for people.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import roles  # noqa: E402
from roles import GameState, IllegalAction  # noqa: E402

BAY12_SIZES = (15, 150, 1500)
NATURAL_SIZE = {"townston": 20, "ru_19": 19, "sc2": 15, "ru_two_clans": 20, "ru_eleven": 11}
SEED = 12


def names(count: int) -> list[str]:
    return [f"P{i:04d}" for i in range(1, count + 1)]


def night_actions(state: GameState, rng: random.Random) -> list[dict[str, Any]]:
    """One action per player who may act: the first choice, targets drawn at random."""
    actions = []
    for player in state.players:
        offered = roles.choices(state, player.name)
        if not offered:
            continue
        choice = offered[0]
        count = min(choice.max_targets, len(choice.targets))
        action = {
            "actor": player.name,
            "ability": choice.ability,
            "targets": rng.sample(choice.targets, count),
            **{key: rng.choice(values) for key, values in sorted(choice.extra.items())},
        }
        try:
            roles.check_action(state, action)
        except IllegalAction:
            continue  # e.g. a transporter who drew himself as the first target
        actions.append(action)
    return actions


def bay12_night(size: int) -> tuple[GameState, list[dict[str, Any]]]:
    role_list = roles.get_ruleset("bay12").presets["seed18"].roles
    players = [
        {"name": name, "role": role_list[i % len(role_list)]} for i, name in enumerate(names(size))
    ]
    state = roles.new_game("bay12", players, seed=SEED)
    state = roles.resolve_phase(state, {"night": []}).state
    state = roles.resolve_phase(state, {"day": {"votes": [], "rounds": [], "actions": []}}).state
    assert state.phase_label == "night 2" and len(state.alive()) == size
    return state, night_actions(state, random.Random(SEED))


def natural_night(ruleset_id: str) -> tuple[GameState, list[dict[str, Any]]]:
    ruleset = roles.get_ruleset(ruleset_id)
    presets = sorted(ruleset.presets.values(), key=lambda p: len(p.roles))
    wanted = NATURAL_SIZE.get(ruleset_id)
    preset = next((p for p in presets if len(p.roles) == wanted), presets[-1])
    players = roles.deal(ruleset_id, preset.id, names(len(preset.roles)), SEED)
    state = roles.new_game(ruleset_id, players, SEED, dict(preset.options), "night")
    return state, night_actions(state, random.Random(SEED))


def median_seconds(
    state: GameState, actions: list[dict[str, Any]], repeat: int
) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of one `resolve_phase` of the night."""
    phase = {"night": actions}
    roles.resolve_phase(state, phase)  # warm up
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        roles.resolve_phase(state, phase)
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    return statistics.median(wall), statistics.median(cpu)


def repeats_for(size: int, base: int) -> int:
    """Fewer runs for larger games (about the same total time per line), never under 5."""
    return max(5, base * 15 // max(size, 15))


def run(repeat: int) -> None:
    rows = []
    for size in BAY12_SIZES:
        state, actions = bay12_night(size)
        runs = repeats_for(size, repeat)
        rows.append(("bay12", size, len(actions), runs, *median_seconds(state, actions, runs)))
    for ruleset in roles.list_rulesets():
        if ruleset.id == "bay12" or not ruleset.presets:
            continue
        state, actions = natural_night(ruleset.id)
        players = len(state.players)
        rows.append(
            (ruleset.id, players, len(actions), repeat, *median_seconds(state, actions, repeat))
        )
    base_wall, base_cpu = rows[0][4], rows[0][5]
    print(
        f"{'ruleset':<14}{'players':>8}{'actions':>9}{'runs':>6}"
        f"{'wall ms':>10}{'cpu ms':>9}{'x15 wall':>10}{'x15 cpu':>9}"
    )
    for ruleset_id, players, acting, runs, wall, cpu in rows:
        ratios = ("", "")
        if ruleset_id == "bay12":
            ratios = (f"{wall / base_wall:.1f}", f"{cpu / base_cpu:.1f}")
        print(
            f"{ruleset_id:<14}{players:>8}{acting:>9}{runs:>6}"
            f"{wall * 1000:>10.3f}{cpu * 1000:>9.3f}{ratios[0]:>10}{ratios[1]:>9}"
        )
    print(f"\nmedians; Python {sys.version.split()[0]}; x15: times the 15-player bay12 night")


def profile(size: int) -> None:
    state, actions = bay12_night(size)
    profiler = cProfile.Profile()
    profiler.enable()
    roles.resolve_phase(state, {"night": actions})
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="runs per 15-player line")
    parser.add_argument("--profile", type=int, metavar="PLAYERS", help="profile one bay12 night")
    args = parser.parse_args(argv)
    if args.profile:
        profile(args.profile)
    else:
        run(args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
