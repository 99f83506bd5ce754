"""Command line: `python -m roles simulate FILE|-`, `python -m roles rules [RULESET]`
(`rules RULESET --lang ru`: the role cards as the site shows them in that language),
`python -m roles roulette` (the graveyard's roulette, the same for every ruleset) and
`python -m roles setup categories RULESET | check FILE|- | odds FILE|- | roll FILE|- --seed N`
(the setup builder, docs/setup.md)."""

from __future__ import annotations

import json
import sys

from .cards import rules_text, rulesets_text
from .errors import ScenarioError
from .messages import LANGUAGES, role_card_in
from .roulette import HELP as ROULETTE_HELP
from .ruleset import get_ruleset, list_rulesets
from .scenario import simulate
from .setup.cli import USAGE as SETUP_USAGE
from .setup.cli import setup_main

USAGE = (
    "usage: python -m roles simulate FILE|-  |  python -m roles rules [RULESET]"
    "  |  python -m roles roulette  |  " + SETUP_USAGE
)


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "simulate":
        return _simulate(argv[1])
    if argv[:1] == ["rules"] and len(argv) == 4 and argv[2] == "--lang":
        if argv[3] not in LANGUAGES or argv[1] not in {r.id for r in list_rulesets()}:
            print(
                f"usage: python -m roles rules RULESET --lang {'|'.join(LANGUAGES)}",
                file=sys.stderr,
            )
            return 2
        print(cards_text(argv[1], argv[3]))
        return 0
    if argv[:1] == ["rules"] and len(argv) <= 2:
        try:
            print(rules_text(argv[1]) if len(argv) == 2 else rulesets_text())
        except KeyError:
            print(f"unknown ruleset '{argv[1]}'", file=sys.stderr)
            return 2
        return 0
    if argv[:1] == ["setup"]:
        code = setup_main(argv[1:])
        if code is not None:
            return code
    if argv == ["roulette"]:
        print(ROULETTE_HELP)
        return 0
    print(USAGE, file=sys.stderr)
    return 2


def cards_text(ruleset_id: str, lang: str) -> str:
    """Every role card of a ruleset in `lang`, as a player reads it on the site."""
    ruleset = get_ruleset(ruleset_id)
    cards = [
        f"[{role_id}]\n{role_card_in(ruleset_id, role_id, lang, shown=False)}"
        for role_id in ruleset.roles
    ]
    return f"{ruleset.title} [{ruleset.id}]\n\n" + "\n\n".join(cards)


def _simulate(path: str) -> int:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        print(f"simulate: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        scenario = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"simulate: invalid JSON: {exc.msg} at line {exc.lineno}", file=sys.stderr)
        return 2
    try:
        outcome = simulate(scenario)
    except ScenarioError as exc:
        print(" ".join(str(exc).split()), file=sys.stderr)
        return 2
    sys.stdout.write(json.dumps(outcome, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
