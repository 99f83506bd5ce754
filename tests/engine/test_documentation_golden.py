"""The documentation the command line shows (`python -m roles rules [RULESET]`, `rules
RULESET --lang ru`, `setup categories RULESET`, `roulette`) against golden files
(tests/engine/golden/), rewritten on purpose only, with the one switch of every golden
test (tests/engine/golden/README.md):

    GOLDEN_UPDATE=1 .venv/bin/python -m pytest -q tests/engine/test_documentation_golden.py

That output changes only when a change means to change a ruling or a text: it is what
the GM and the players read: each role's abilities with their labels, stages, targets
and visits, each ruling of each ruleset, the role cards in Russian, the setup builder's
categories with their flags' defaults; some label and card texts no other test reads.
The commands are called in-process, so a mutant of the engine (bench/mutation.py) is
switched on while they run.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import roles
from roles.__main__ import main

GOLDEN = Path(__file__).parent / "golden"
WRITE = os.environ.get("GOLDEN_UPDATE") == "1"
RULESETS = [r.id for r in roles.list_rulesets()]

COMMANDS = (
    [("rules", ["rules"])]
    + [(f"rules-{r}", ["rules", r]) for r in RULESETS]
    + [(f"cards-ru-{r}", ["rules", r, "--lang", "ru"]) for r in RULESETS]
    + [(f"setup-categories-{r}", ["setup", "categories", r]) for r in RULESETS]
    + [("roulette", ["roulette"])]
)


@pytest.mark.parametrize("name, argv", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_the_documentation_reads_as_its_golden_file(name, argv, capsys):
    assert main(argv) == 0
    shown = capsys.readouterr().out
    path = GOLDEN / f"{name}.txt"
    if WRITE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(shown, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: write it with GOLDEN_UPDATE=1"
    expected = path.read_text(encoding="utf-8")
    assert shown == expected, (
        f"`python -m roles {' '.join(argv)}` differs from tests/engine/golden/{path.name}; "
        "if the change is on purpose, rewrite it with GOLDEN_UPDATE=1 (golden/README.md)"
    )


def test_every_golden_file_belongs_to_a_command():
    """A ruleset removed or renamed leaves no stale golden file behind."""
    names = {f"{name}.txt" for name, _ in COMMANDS}
    assert {p.name for p in GOLDEN.glob("*.txt")} == names
