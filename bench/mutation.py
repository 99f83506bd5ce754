"""Mutation testing of the engine (`roles/`) with mutmut 3: the score per module and overall.

Not part of CI (a full run is hours on two cores). `make mutation` installs the
`mutation` extra and runs this script; by hand:

    python bench/mutation.py roles/night.py roles/day.py   # these modules, every mutant
    python bench/mutation.py --core --sample 40 --seed 19  # 40 drawn mutants per core module
    python bench/mutation.py --all                         # every module (hours)
    python bench/mutation.py --report                      # the table of what was run so far
    python bench/mutation.py --survivors roles/night.py    # each surviving mutant's diff

The configuration is `[tool.mutmut]` in pyproject.toml: mutants of `roles/`, each
run against the engine tests (tests/engine) that cover its function, less the
few tests that start a process or roll 20,000 setups (they check bytes and
imports, not rules). mutmut mutates code inside functions only: module-level
tables (texts, role cards) are not mutated.

The script lowers its own priority to the lowest (`nice 19`): the mutants run
beside other work. Results accumulate in `mutants/` (git-ignored); a rerun of
the same mutants replaces their result, so adding a test and rerunning the
survivors updates the table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants"

# The engine core: the modules every ruleset goes through.
CORE = [
    "roles/engine.py",
    "roles/night.py",
    "roles/day.py",
    "roles/legal.py",
    "roles/abilities.py",
    "roles/outcome.py",
    "roles/modkill.py",
    "roles/announce.py",
    "roles/leavers.py",
    "roles/wills.py",
    "roles/chats.py",
    "roles/cards.py",
    "roles/model.py",
    "roles/ruleset.py",
    "roles/view.py",
]

# mutmut's exit-code verdicts (mutmut/stats.py), folded to what the table counts.
KILLED = {1: "killed", 3: "killed", 36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout"}
KILLED |= {255: "timeout", 37: "killed"}
NOT_RUN = {None, 2}
SURVIVED = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped"}


def meta_path(module: str) -> Path:
    return MUTANTS / (module + ".meta")


def read_meta(module: str) -> dict[str, int | None]:
    path = meta_path(module)
    if not path.exists():
        return {}
    return json.loads(path.read_text())["exit_code_by_key"]


def all_modules() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "roles").rglob("*.py"))


def ruleset_modules() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "roles" / "rulesets").glob("*.py"))


def mutmut(*args: str) -> int:
    exe = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or "mutmut"
    return subprocess.call([exe, *args], cwd=ROOT)


def generate() -> None:
    """Create the mutants (cheap, cached by mutmut) without running any: an empty name list
    would run them all, so ask for one name that matches nothing in the run phase."""
    if not any(MUTANTS.rglob("*.meta")):
        mutmut("run", "--max-children", "1", "roles.__init__.x_none__mutmut_0")


def run(modules: list[str], sample: int | None, seed: int, children: int) -> list[str]:
    generate()
    chosen: list[str] = []
    for module in modules:
        names = sorted(read_meta(module))
        if sample is not None and len(names) > sample:
            names = sorted(random.Random(f"{seed}:{module}").sample(names, sample))
        chosen.extend(names)
    if not chosen:
        print("no mutants in", ", ".join(modules))
        return []
    print(f"running {len(chosen)} mutants", end="")
    print(f" (a sample of {sample} per module, seed {seed})" if sample else " (every mutant)")
    # mutmut takes the names on its command line; run them in batches to keep it short.
    for start in range(0, len(chosen), 200):
        mutmut("run", "--max-children", str(children), *chosen[start : start + 200])
    return chosen


def table(modules: list[str]) -> str:
    rows = [
        "| module | run | killed | survived | no tests | score |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    total = Counter()
    for module in modules:
        codes = read_meta(module)
        count = Counter()
        for code in codes.values():
            if code in NOT_RUN:
                continue
            count["run"] += 1
            if code in KILLED:
                count["killed"] += 1
            elif SURVIVED.get(code) == "no tests":
                count["no tests"] += 1
            else:
                count["survived"] += 1
        if not count["run"]:
            continue
        total += count
        rows.append(_row(module, count, len(codes)))
    if total["run"]:
        rows.append(_row("**overall**", total, None))
    return "\n".join(rows)


def _row(module: str, count: Counter, of: int | None) -> str:
    score = 100 * count["killed"] / count["run"]
    ran = f"{count['run']} of {of}" if of else str(count["run"])
    return (
        f"| {module} | {ran} | {count['killed']} | {count['survived']} | "
        f"{count['no tests']} | {score:.1f}% |"
    )


def survivors(modules: list[str]) -> None:
    for module in modules:
        for name, code in sorted(read_meta(module).items()):
            if code is not None and code not in KILLED:
                print(f"## {name} ({SURVIVED.get(code, code)})")
                mutmut("show", name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*", help="paths such as roles/night.py")
    parser.add_argument("--core", action="store_true", help="the engine core modules")
    parser.add_argument("--rulesets", action="store_true", help="every roles/rulesets module")
    parser.add_argument("--all", action="store_true", help="every module of roles/")
    parser.add_argument("--sample", type=int, help="run N mutants drawn per module, not all")
    parser.add_argument("--seed", type=int, default=19, help="the draw's seed (default 19)")
    parser.add_argument("--children", type=int, default=2, help="mutants run at once")
    parser.add_argument("--report", action="store_true", help="print the table, run nothing")
    parser.add_argument("--survivors", action="store_true", help="print surviving mutants")
    args = parser.parse_args()

    os.nice(19 - os.nice(0))
    modules = list(args.modules)
    if args.core:
        modules += CORE
    if args.rulesets:
        modules += ruleset_modules()
    if args.all:
        modules = all_modules()
    modules = list(dict.fromkeys(modules)) or all_modules()

    if args.survivors:
        survivors(modules)
        return
    if not args.report:
        run(modules, args.sample, args.seed, args.children)
    print()
    print(table(modules))


if __name__ == "__main__":
    main()
