"""Scenario fixtures: every JSON file under tests/engine/scenarios/ is a rule case.

Each file is a scenario in the contract's format (docs/scenario.md)
plus `why` (the rule sentence it checks) and `expect` (the keys to compare).
The comparison follows tests/engine/scenarios/README.md: only the keys given are
checked; names compare as sets; a result matches on the keys it gives.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import roles

SCENARIO_DIR = Path(__file__).parent / "scenarios"
SCENARIO_FILES = sorted(SCENARIO_DIR.rglob("*.json"))


def _norm(value):
    return sorted(value) if isinstance(value, list) else value


def _result_matches(wanted: dict, result: dict) -> bool:
    return all(_norm(result.get(key)) == _norm(value) for key, value in wanted.items())


def check_expectations(scenario: dict, outcome: dict) -> None:
    expect = scenario.get("expect", {})
    for index, wanted_phase in enumerate(expect.get("phases", [])):
        phase = outcome["phases"][index]
        if "deaths" in wanted_phase:
            got = {d["player"] for d in phase["deaths"]}
            assert got == set(wanted_phase["deaths"]), f"phase {index} deaths"
        if "lynched" in wanted_phase:
            assert set(phase.get("lynched", [])) == set(wanted_phase["lynched"]), (
                f"phase {index} lynched"
            )
        for key, value in wanted_phase.items():
            if key not in ("deaths", "lynched"):
                assert phase.get(key) == value, f"phase {index} {key}"
    for key in ("alive", "winners"):
        if key in expect:
            assert set(outcome[key]) == set(expect[key]), key
    if "ended" in expect:
        assert outcome["ended"] == expect["ended"]
    for name, role in expect.get("roles", {}).items():
        assert outcome["roles"][name] == role, f"role of {name}"
    for wanted in expect.get("results", []):
        wanted = dict(wanted)
        phase_index = wanted.pop("phase")
        results = outcome["phases"][phase_index]["results"]
        assert any(_result_matches(wanted, r) for r in results), (
            f"no result like {wanted} in phase {phase_index}: {results}"
        )
    for wanted in expect.get("events", []):
        wanted = dict(wanted)
        phase_index = wanted.pop("phase")
        events = outcome["phases"][phase_index]["events"]
        assert any(_result_matches(wanted, e) for e in events), (
            f"no event like {wanted} in phase {phase_index}: {events}"
        )


@pytest.mark.parametrize(
    "path", SCENARIO_FILES, ids=[str(p.relative_to(SCENARIO_DIR)) for p in SCENARIO_FILES]
)
def test_scenario(path: Path) -> None:
    scenario = json.loads(path.read_text())
    assert scenario.get("why"), "every scenario cites the rule it checks"
    if scenario.get("expect", {}).get("error"):
        with pytest.raises(roles.ScenarioError):
            roles.simulate(scenario)
        return
    outcome = roles.simulate(scenario)
    check_expectations(scenario, outcome)
    # Same seed, same outcome, byte for byte.
    assert json.dumps(roles.simulate(scenario)) == json.dumps(outcome)


def test_cli_rejects_invalid_scenario_with_one_line(tmp_path: Path) -> None:
    bad = SCENARIO_DIR / "examples" / "05-ru-classic-doctor-repeat-rejected.json"
    proc = subprocess.run(
        [sys.executable, "-m", "roles", "simulate", str(bad)], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1
