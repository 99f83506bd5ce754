"""Mutation testing of the engine (`roles/`) with mutmut 3: the score per module and overall.

Not part of CI (a full run is hours on two cores). `make mutation` installs the
`mutation` extra and runs this script; by hand:

    python bench/mutation.py roles/night.py roles/day.py   # these modules, every mutant
    python bench/mutation.py --core --sample 40 --seed 19  # 40 drawn mutants per core module
    python bench/mutation.py --all                         # every module (hours)
    python bench/mutation.py --core --sample 40 --rerun    # the same draw's survivors again
    python bench/mutation.py --report                      # the table of what was run so far
    python bench/mutation.py --survivors roles/night.py    # each surviving mutant's diff
    python bench/mutation.py --recheck roles/abilities.py  # survivors rerun, mutant on at import

The configuration is `[tool.mutmut]` in pyproject.toml: mutants of `roles/`, each
run against the engine tests (tests/engine) that cover its function, less the
few tests that start a process (they check bytes and
imports, not rules). mutmut mutates code inside functions only: module-level
tables (texts, role cards) are not mutated.

mutmut switches a mutant on when its function is called. A function called
once at import (a factory that builds an ability's closure, a table built at
import) is never called again while a test runs, so its mutants survive
whatever the tests do. `--recheck` runs each survivor again in a new process
(pytest in `mutants/`) with the mutant switched on from the start
(`MUTANT_UNDER_TEST`), so the factory builds the mutated closure at import. A
survivor that fails there is counted as killed ("killed on recheck" in the
table). The recheck runs the tests that execute the lines the mutant changes
(bench/mutation_lines.py: one run of the engine suite under coverage.py records
each line's tests; a line also run at import adds the tests of the closure
around it), `--children` at once, and resumes where it stopped. For a line no
test executes it falls back to the golden files, the module's own test files
and the tests mutmut's stats map to the function.

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
import re
import shutil
import subprocess
import sys
import time
import tomllib
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import mutation_lines  # bench/, beside this script

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


RECHECK = MUTANTS / "recheck.json"
BATCH = 1500  # mutant names per mutmut call (about 60 KB of arguments)
# Run first: the golden files print every card, option and ruling, so they kill many mutants.
FIRST_TESTS = ["tests/engine/test_documentation_golden.py"]


def mutmut(*args: str, cwd: Path = ROOT) -> int:
    exe = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or "mutmut"
    return subprocess.call([exe, *args], cwd=cwd)


def read_recheck() -> dict[str, bool]:
    return json.loads(RECHECK.read_text()) if RECHECK.exists() else {}


def covering_tests(mutant: str) -> list[str]:
    function = re.sub(r"__mutmut_\d+$", "", mutant)
    return sorted(_tests_by_function().get(function, []))


@cache
def _tests_by_function() -> dict[str, list[str]]:
    """mutmut's map of tests to functions, read once. A mutmut run beside a recheck
    rewrites the file: a read caught half-written is tried again."""
    for _ in range(20):
        try:
            stats = json.loads((MUTANTS / "mutmut-stats.json").read_text())
            return stats["tests_by_mangled_function_name"]
        except (json.JSONDecodeError, FileNotFoundError):
            time.sleep(0.5)
    return {}


def recheck_tests(mutant: str, module: str) -> list[str]:
    """The tests that execute the lines the mutant changes (bench/mutation_lines.py: line
    coverage of the engine suite, each line's tests recorded), which finds the tests of
    a closure that a factory builds at import. When no test executes them: the golden
    files, then the module's own test files (named
    for it, or importing it), then the tests mutmut's stats map to the function; the
    whole engine suite when there are none."""
    by_lines = mutation_lines.tests_for(mutant, module)
    if by_lines:
        return by_lines
    stem = Path(module).stem
    prefix = stem.split("_")[0]
    imports = re.compile(rf"^\s*(from|import) .*\b{re.escape(stem)}\b", re.MULTILINE)
    own = sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "tests/engine").glob("test_*.py")
        if p.name.startswith(f"test_{prefix}") or imports.search(p.read_text(encoding="utf-8"))
    )
    tests = [*own, *covering_tests(mutant)] or ["tests/engine"]
    return list(dict.fromkeys([*FIRST_TESTS, *tests]))


def recheck_env(mutant: str) -> dict[str, str]:
    """The mutant switched on from import. Bytecode is written: a mutated module holds every
    mutant of its functions (1 MB for abilities.py), and compiling the package anew
    took about 4 s of each recheck's start."""
    env = {**os.environ, "MUTANT_UNDER_TEST": mutant}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def recheck(modules: list[str], children: int) -> None:
    """Rerun each survivor of `modules` in a new process with its mutant switched on
    from the start (`MUTANT_UNDER_TEST`), so that a factory called at import builds
    the mutated closure; `children` at once. A mutant with a recheck verdict is not
    run again (an interrupted recheck resumes), unless `--rerun` cleared it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    if mutation_lines.stale():
        mutation_lines.collect(config["pytest_add_cli_args"])
    verdicts = read_recheck()
    # The tests as they are now (mutmut copies them only when it runs).
    shutil.copytree(ROOT / "tests", MUTANTS / "tests", dirs_exist_ok=True)
    todo = [
        (name, module)
        for module in modules
        for name, code in sorted(read_meta(module).items())
        if code is not None and code not in KILLED and name not in verdicts
    ]
    at_import = [job for job in todo if mutation_lines.runs_at_import(*job)]
    print(
        f"rechecking {len(at_import)} survivors whose function runs at import, {children} at"
        f" once (mutmut's verdict stands for the other {len(todo) - len(at_import)})",
        flush=True,
    )
    todo = at_import

    def one(job: tuple[str, str]) -> tuple[str, bool]:
        name, module = job
        failed = subprocess.call(
            [sys.executable, "-m", "pytest", "-x", "-q", "--rootdir", str(MUTANTS)]
            + config["pytest_add_cli_args"]
            + recheck_tests(name, module),
            cwd=MUTANTS,
            env=recheck_env(name),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        return name, failed != 0

    with ThreadPoolExecutor(max_workers=children) as pool:
        for name, killed in pool.map(one, todo):
            verdicts[name] = killed
            print(("killed  " if killed else "survived"), name, flush=True)
            RECHECK.write_text(json.dumps(verdicts, indent=1, sort_keys=True))


def generate() -> None:
    """Create the mutants (cheap, cached by mutmut) without running any: an empty name list
    would run them all, so ask for one name that matches nothing in the run phase."""
    if not any(MUTANTS.rglob("*.meta")):
        mutmut("run", "--max-children", "1", "roles.__init__.x_none__mutmut_0")


def run(modules: list[str], sample: int | None, seed: int, children: int, rerun: bool) -> list[str]:
    generate()
    chosen: list[str] = []
    for module in modules:
        codes = read_meta(module)
        names = sorted(codes)
        if sample is not None and len(names) > sample:
            names = sorted(random.Random(f"{seed}:{module}").sample(names, sample))
        # mutmut reruns every name it is given: leave out those with a verdict already
        # (with `rerun`, run the survivors again: after new tests, they may die).
        chosen.extend(n for n in names if codes[n] in NOT_RUN or (rerun and codes[n] not in KILLED))
    if not chosen:
        print("nothing left to run in", ", ".join(modules))
        return []
    print(f"running {len(chosen)} mutants", end="")
    print(f" (of a sample of {sample} per module, seed {seed})" if sample else "")
    # mutmut takes the names on its command line and runs the clean tests of each call's
    # functions first (minutes for the core): few large batches, each well under ARG_MAX.
    for start in range(0, len(chosen), BATCH):
        mutmut("run", "--max-children", str(children), *chosen[start : start + BATCH])
    return chosen


def table(modules: list[str]) -> str:
    rows = [
        "| module | run | killed | killed on recheck | survived | no tests | score |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    total = Counter()
    rechecked = read_recheck()
    for module in modules:
        codes = read_meta(module)
        count = Counter()
        for name, code in codes.items():
            if code in NOT_RUN:
                continue
            count["run"] += 1
            if code in KILLED:
                count["killed"] += 1
            elif rechecked.get(name):
                count["recheck"] += 1
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
    score = 100 * (count["killed"] + count["recheck"]) / count["run"]
    ran = f"{count['run']} of {of}" if of else str(count["run"])
    return (
        f"| {module} | {ran} | {count['killed']} | {count['recheck']} | {count['survived']} | "
        f"{count['no tests']} | {score:.1f}% |"
    )


def survivors(modules: list[str]) -> None:
    rechecked = read_recheck()
    for module in modules:
        for name, code in sorted(read_meta(module).items()):
            if code is not None and code not in KILLED and not rechecked.get(name):
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
    parser.add_argument("--rerun", action="store_true", help="run the survivors again")
    parser.add_argument("--report", action="store_true", help="print the table, run nothing")
    parser.add_argument("--survivors", action="store_true", help="print surviving mutants")
    parser.add_argument("--recheck", action="store_true", help="rerun survivors on disk")
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
    if args.recheck:
        if args.rerun:  # the survivors of an earlier recheck run again (after new tests)
            names = {n for m in modules for n in read_meta(m)}
            kept = {n: v for n, v in read_recheck().items() if v or n not in names}
            RECHECK.write_text(json.dumps(kept, indent=1, sort_keys=True))
        recheck(modules, args.children)
    elif not args.report:
        run(modules, args.sample, args.seed, args.children, args.rerun)
    print()
    print(table(modules))


if __name__ == "__main__":
    main()
