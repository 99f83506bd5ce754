"""docs/rulings/ is what `python -m roles rules [RULESET]` prints: the list of rulesets
(README.md) and each ruleset's sheet (RULESET.md: role cards, options, presets and
the rulings where the rule documents are silent), so the rulings can be read without
running the engine and a change to one shows in review. After a change made on
purpose, regenerate the pages with:

    GOLDEN_UPDATE=1 .venv/bin/python -m pytest -q tests/engine/test_docs_rulings.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import roles
from roles.__main__ import main

RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings"
UPDATE = os.environ.get("GOLDEN_UPDATE") == "1"
RULESETS = [r.id for r in roles.list_rulesets()]
PAGES = [("README", ["rules"])] + [(r, ["rules", r]) for r in RULESETS]
REGENERATE = "GOLDEN_UPDATE=1 .venv/bin/python -m pytest -q tests/engine/test_docs_rulings.py"


def page(name: str, argv: list[str], shown: str) -> str:
    """The Markdown page for one command's output, kept byte for byte in a text block."""
    command = f"python -m roles {' '.join(argv)}"
    if name == "README":
        title = "# Rulings: the rules sheet of each ruleset"
        links = "\n".join(f"- [{r}]({r}.md): `python -m roles rules {r}`" for r in RULESETS)
        intro = (
            "Each page is the sheet the engine prints for one ruleset: its role cards,\n"
            "options, presets and the rulings it applies where the rule documents\n"
            "(`docs/rules/`) are silent or ambiguous.\n\n" + links
        )
    else:
        title = f"# Rulings: {name}"
        intro = "The rules sheet of this ruleset, as the engine prints it."
    return (
        f"<!-- Generated from `{command}` by tests/engine/test_docs_rulings.py; do not\n"
        f"edit. Regenerate: {REGENERATE} -->\n\n"
        f"{title}\n\n{intro}\n\n`{command}`:\n\n```text\n{shown}```\n"
    )


@pytest.mark.parametrize("name, argv", PAGES, ids=[name for name, _ in PAGES])
def test_the_rulings_page_is_the_command_output(name, argv, capsys):
    assert main(argv) == 0
    shown = capsys.readouterr().out
    assert "```" not in shown  # the text block would end early
    expected = page(name, argv, shown)
    path = RULINGS / f"{name}.md"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(expected, encoding="utf-8")
    assert path.exists(), f"no page docs/rulings/{path.name}: {REGENERATE}"
    assert path.read_text(encoding="utf-8") == expected, (
        f"docs/rulings/{path.name} differs from `python -m roles {' '.join(argv)}`; "
        f"if the change is on purpose: {REGENERATE}"
    )


def test_every_rulings_page_belongs_to_a_ruleset():
    """A ruleset removed or renamed leaves no stale page behind."""
    assert {p.name for p in RULINGS.glob("*.md")} == {f"{name}.md" for name, _ in PAGES}
