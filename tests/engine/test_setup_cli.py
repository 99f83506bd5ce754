"""`python -m roles setup ...` (docs/setup.md): output shapes, exit codes, stdin, garbage."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from roles.__main__ import USAGE
from tests.kit.engine import run_cli as run

ROOT = Path(__file__).resolve().parents[2]
SPEC_EXAMPLE = {
    "ruleset": "sc2",
    "options": {"mason_leader_excluded_from_randoms": True},
    "slots": [
        {"role": "mayor"},
        {"role": "mafioso"},
        {"category": "town_power", "exclude": {"exclude_killing": True}},
        {"category": "town_investigative"},
        {"category": "any_random", "exclude": {"exclude_town": True}},
    ],
    "roles": {"jester": {"max": 1}, "doctor": {"excluded_from_randoms": True}},
}
EVERY_SIDE = {"exclude_town": True, "exclude_mafia": True, "exclude_neutral": True}
INVALID = {"ruleset": "sc2", "slots": [{"category": "any_random", "exclude": EVERY_SIDE}]}


def write(tmp_path, setup):
    path = tmp_path / "setup.json"
    path.write_text(setup if isinstance(setup, str) else json.dumps(setup))
    return str(path)


def test_categories_shape(capsys, monkeypatch):
    code, out, err = run(["setup", "categories", "sc2"], capsys, monkeypatch)
    assert code == 0 and not err
    categories = json.loads(out)
    assert categories["town_power"] == {
        "roles": ["mason_leader", "mayor", "jailor", "veteran"],
        "exclude": {"exclude_killing": False},
        "fallback": "town_random",
    }
    assert all(set(c) == {"roles", "exclude", "fallback"} for c in categories.values())
    assert out == json.dumps(categories, indent=2, ensure_ascii=False) + "\n"


def test_check_ok_and_not_ok(tmp_path, capsys, monkeypatch):
    code, out, _ = run(["setup", "check", write(tmp_path, SPEC_EXAMPLE)], capsys, monkeypatch)
    assert code == 0 and json.loads(out) == {"ok": True, "players": 5, "problems": []}
    code, out, err = run(["setup", "check", "-"], capsys, monkeypatch, json.dumps(INVALID))
    report = json.loads(out)
    assert code == 2 and not err and report["ok"] is False
    assert report["problems"][0]["slot"] == 0


def test_odds_shape(capsys, monkeypatch):
    code, out, _ = run(["setup", "odds", "-"], capsys, monkeypatch, json.dumps(SPEC_EXAMPLE))
    odds = json.loads(out)
    assert code == 0 and set(odds) == {"slots", "factions"}
    assert [s["slot"] for s in odds["slots"]] == [0, 1, 2, 3, 4]
    for slot in odds["slots"]:
        assert set(slot) == {"slot", "odds"}
        assert sum(slot["odds"].values()) == pytest.approx(1, abs=1e-4)
    assert sum(odds["factions"].values()) == pytest.approx(5, abs=1e-4)


def test_roll_shape_and_same_bytes(tmp_path, capsys, monkeypatch):
    path = write(tmp_path, SPEC_EXAMPLE)
    code, out, _ = run(["setup", "roll", path, "--seed", "7"], capsys, monkeypatch)
    rolled = json.loads(out)
    assert code == 0 and set(rolled) == {"roles", "slots"}
    assert rolled["roles"] == [s["role"] for s in rolled["slots"]]
    assert rolled["slots"][0] == {"slot": 0, "role": "mayor", "fallback": None}
    assert rolled["slots"][2]["fallback"] == "town_random"  # 002's impossible Town Power
    again = subprocess.run(
        [sys.executable, "-m", "roles", "setup", "roll", path, "--seed", "7"],
        capture_output=True,
        cwd=ROOT,
        check=True,
    )
    assert again.stdout.decode() == out


@pytest.mark.parametrize("command", [["odds", "-"], ["roll", "-", "--seed", "1"]])
def test_invalid_setup_exits_2_with_problems_on_stderr(command, capsys, monkeypatch):
    code, out, err = run(["setup", *command], capsys, monkeypatch, json.dumps(INVALID))
    assert code == 2 and out == ""
    assert err.startswith("slot 1 of 1 (Any Random): no possible role")


GARBAGE = {
    "not json": ("{oops", "invalid JSON"),
    "not an object": ("[1, 2]", "a setup is a JSON object"),
    "unknown ruleset": ({"ruleset": "sc3", "slots": []}, "unknown ruleset 'sc3'"),
    "unknown role": ({"ruleset": "sc2", "slots": [{"role": "wizard"}]}, "unknown role 'wizard'"),
    "unknown category": (
        {"ruleset": "sc2", "slots": [{"category": "town_magic"}]},
        "unknown category 'town_magic'",
    ),
    "flag the category does not have": (
        {
            "ruleset": "sc2",
            "slots": [{"category": "town_power", "exclude": {"exclude_town": True}}],
        },
        "town_power has no exclusion flag 'exclude_town'",
    ),
    "bad limit": ({"ruleset": "sc2", "slots": [], "roles": {"mayor": {"max": -1}}}, "max must be"),
    "unknown option": ({"ruleset": "sc2", "slots": [], "options": {"magic": 1}}, "unknown option"),
    "bad option value": (
        {"ruleset": "sc2", "slots": [], "options": {"day_type": "chaos"}},
        "day_type must be one of",
    ),
}


@pytest.mark.parametrize("name", list(GARBAGE))
@pytest.mark.parametrize("command", [["check", "-"], ["odds", "-"], ["roll", "-", "--seed", "3"]])
def test_garbage_exits_2_with_one_line(name, command, capsys, monkeypatch):
    given, expected = GARBAGE[name]
    text = given if isinstance(given, str) else json.dumps(given)
    code, out, err = run(["setup", *command], capsys, monkeypatch, text)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and expected in err


def test_unknown_ruleset_for_categories(capsys, monkeypatch):
    code, out, err = run(["setup", "categories", "nope"], capsys, monkeypatch)
    assert code == 2 and out == "" and err == "setup: unknown ruleset 'nope'\n"


def test_unreadable_file_and_bad_usage(tmp_path, capsys, monkeypatch):
    code, out, err = run(["setup", "check", str(tmp_path / "none.json")], capsys, monkeypatch)
    assert code == 2 and out == "" and err.count("\n") == 1
    code, out, err = run(["setup", "roll", "-"], capsys, monkeypatch, "{}")
    assert code == 2 and out == "" and USAGE in err
    assert "setup categories RULESET" in USAGE


def test_garbage_from_the_api_is_a_setup_error():
    import roles

    with pytest.raises(roles.SetupError) as error:
        roles.check_setup({"ruleset": "sc2", "slots": [{"role": "wizard"}]})
    assert isinstance(error.value, roles.ScenarioError) and "\n" not in str(error.value)
    with pytest.raises(roles.SetupError) as error:
        roles.check_setup({"ruleset": "sc2", "slots": [{"role": "two\nlines"}]})
    assert "\n" not in str(error.value)
