"""Which engine tests run the line a mutant changes: the recheck's test selection.

mutmut maps a mutant to the tests that called its function while they ran. A
factory called once at import (`abilities.lookout()`, `ru_common.kill_ability()`)
is called by no test, so that map says nothing about the closures it builds,
which every night of a ruleset calls. Line coverage does: one run of the engine
suite under coverage.py, each line's tests recorded by node id
(bench/coverage_contexts.py), tells which tests execute the closure's lines. The
recheck then runs those tests only, with the mutant switched on from import.
"""

from __future__ import annotations

import ast
import difflib
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants"
DATA = MUTANTS / "coverage-by-test"
SUFFIX = re.compile(r"__mutmut_\d+$")
OUTSIDE = ""  # the context of a line run outside any test (at import, in collection)


def stale() -> bool:
    """The coverage data predates a change to roles/ or tests/engine."""
    if not DATA.exists():
        return True
    sources = [p for d in ("roles", "tests/engine") for p in (ROOT / d).rglob("*.py")]
    newest = max(p.stat().st_mtime for p in sources)
    return DATA.stat().st_mtime < newest


def collect(pytest_args: list[str]) -> None:
    """Run the engine suite once under coverage, each line's tests recorded."""
    MUTANTS.mkdir(exist_ok=True)
    print("collecting each line's tests (the engine suite under coverage) ...", flush=True)
    subprocess.call(
        [sys.executable, "-m", "coverage", "run", f"--data-file={DATA}", "--source=roles"]
        + ["-m", "pytest", "-p", "coverage_contexts", *pytest_args, "tests/engine"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "bench")},
        stdout=subprocess.DEVNULL,
    )
    read.cache_clear()


@cache
def read() -> dict[str, dict[int, frozenset[str]]]:
    """{absolute path of a roles/ file: {line: test node ids that executed it}}."""
    from coverage import CoverageData

    data = CoverageData(basename=str(DATA))
    data.read()
    found: dict[str, dict[int, frozenset[str]]] = {}
    for path in data.measured_files():
        found[path] = {
            line: frozenset(contexts) for line, contexts in data.contexts_by_lineno(path).items()
        }
    return found


def _functions(tree: ast.AST, name: str, cls: str | None) -> ast.FunctionDef | None:
    scope = tree.body
    if cls is not None:
        scope = next((n.body for n in scope if isinstance(n, ast.ClassDef) and n.name == cls), [])
    return next((n for n in scope if isinstance(n, ast.FunctionDef) and n.name == name), None)


def _source_function(mutant: str, module: str) -> ast.FunctionDef | None:
    key = SUFFIX.sub("", mutant.rsplit(".", 1)[-1])
    cls, name = key.split("ǁ")[1:] if key.startswith("xǁ") else (None, key[2:])
    return _functions(_parsed(ROOT / module), name, cls)


@cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def runs_at_import(mutant: str, module: str) -> bool:
    """Some line of the mutant's function (below its signature) runs outside any test:
    a factory, or a helper a table calls at import. mutmut's own run switches such a
    mutant on too late; any other mutant's verdict from mutmut stands."""
    fn = _source_function(mutant, module)
    if fn is None:
        return True
    by_line = read().get(str(ROOT / module), {})
    body = range(fn.body[0].lineno, (fn.end_lineno or fn.lineno) + 1)
    return any(OUTSIDE in by_line.get(n, ()) for n in body)


def changed_lines(mutant: str, module: str) -> list[int]:
    """The lines of roles/<module> that the mutant changes (the line before an
    insertion), found by diffing its function against mutmut's copy of the original."""
    key = SUFFIX.sub("", mutant.rsplit(".", 1)[-1])  # x_lookout / xǁGameStateǁ_by_name
    cls = key.split("ǁ")[1] if key.startswith("xǁ") else None
    mutated_source = (MUTANTS / module).read_text(encoding="utf-8")
    mutated = ast.parse(mutated_source)
    orig = _functions(mutated, f"{key}__mutmut_orig", cls)
    mutant_fn = _functions(mutated, mutant.rsplit(".", 1)[-1], cls)
    source_fn = _source_function(mutant, module)
    if orig is None or mutant_fn is None or source_fn is None:
        return []
    lines = mutated_source.splitlines()

    def body(fn: ast.FunctionDef) -> list[str]:
        text = lines[fn.lineno - 1 : fn.end_lineno]
        return [text[0].replace(fn.name, "§", 1), *text[1:]]

    a, b = body(orig), body(mutant_fn)
    changed: set[int] = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            changed.update(range(i1, i2) if i2 > i1 else [max(i1 - 1, 0)])
    return sorted(source_fn.lineno + i for i in changed)


def tests_for(mutant: str, module: str) -> list[str]:
    """The tests that execute the mutant's changed lines. A line also run outside any
    test (a factory's body at import, a closure's default argument) adds the tests that
    run any line of the innermost function around it: the closure the factory builds."""
    by_line = read().get(str(ROOT / module), {})
    lines = changed_lines(mutant, module)
    tests = set().union(*(by_line.get(n, frozenset()) for n in lines))
    if OUTSIDE in tests or (lines and not tests):
        tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
        around = [
            n
            for n in ast.walk(tree)
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            and n.lineno <= lines[0] <= (n.end_lineno or n.lineno)
        ]
        if around:
            innermost = max(around, key=lambda n: n.lineno)
            inside = range(innermost.lineno, (innermost.end_lineno or innermost.lineno) + 1)
            tests |= set().union(*(by_line.get(n, frozenset()) for n in inside))
    return sorted(tests - {OUTSIDE})
