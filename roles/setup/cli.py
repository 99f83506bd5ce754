"""`python -m roles setup categories RULESET | check FILE|- | odds FILE|- | roll FILE|- --seed N`.

JSON on stdout (as `simulate` prints it). check exits 0 when ok, 2 otherwise (the JSON
still printed); odds and roll of an invalid setup exit 2 with the problems on stderr;
garbage exits 2 with nothing on stdout and one line on stderr.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from ..errors import InvalidSetup, SetupError
from .categories import setup_categories
from .check import check_setup
from .odds import setup_odds
from .roll import roll_setup

USAGE = (
    "python -m roles setup categories RULESET | check FILE|- | odds FILE|- | roll FILE|- --seed N"
)


def setup_main(argv: list[str]) -> int | None:
    """Run `setup ...`; None when argv is not a well-formed setup command."""
    if len(argv) == 2 and argv[0] == "categories":
        try:
            categories = setup_categories(argv[1])
        except KeyError:
            return _fail(f"setup: unknown ruleset '{argv[1]}'")
        return _print(categories)
    if len(argv) == 2 and argv[0] in ("check", "odds"):
        return _run(argv[0], argv[1], None)
    if len(argv) == 4 and argv[0] == "roll" and argv[2] == "--seed":
        try:
            seed = int(argv[3])
        except ValueError:
            return _fail(f"setup: --seed must be an integer, not '{argv[3]}'")
        return _run("roll", argv[1], seed)
    return None


def _run(command: str, path: str, seed: int | None) -> int:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        return _fail(f"setup: cannot read {path}: {exc.strerror}")
    try:
        setup = json.loads(text)
    except json.JSONDecodeError as exc:
        return _fail(f"setup: invalid JSON: {exc.msg} at line {exc.lineno}")
    try:
        if command == "check":
            result = check_setup(setup)
            _print(result)
            return 0 if result["ok"] else 2
        if command == "odds":
            return _print(setup_odds(setup))
        assert seed is not None
        return _print(roll_setup(setup, seed))
    except SetupError as exc:
        return _fail(str(exc))
    except InvalidSetup as exc:
        for problem in exc.problems:
            print(" ".join(problem["message"].split()), file=sys.stderr)
        return 2


def _print(result: Any) -> int:
    sys.stdout.write(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    return 0


def _fail(message: str) -> int:
    print(" ".join(message.split()), file=sys.stderr)
    return 2
