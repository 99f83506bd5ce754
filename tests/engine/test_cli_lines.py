"""The command line's exact lines: what `python -m roles` prints on stdout and stderr.

docs/scenario.md: the CLI "prints the outcome as JSON on stdout", and invalid input
"exits with status 2, prints nothing on stdout and one line on stderr"; docs/setup.md:
setup garbage exits 2 with "one line on stderr naming what is wrong, as `simulate`
does". These pin each line word for word (the wider checks are in test_api.py and
test_setup_cli.py), in process so that they run fast and under mutation testing.
"""

from __future__ import annotations

import json

import pytest

import roles
from tests.kit.engine import run_cli as run

# A scenario whose outcome carries a non-ASCII name: the JSON keeps it as written.
SCENARIO = {
    "ruleset": "sc2",
    "players": [
        {"name": "Аня", "role": "doctor"},
        {"name": "Bob", "role": "mafioso"},
        {"name": "Cid", "role": "citizen"},
        {"name": "Dan", "role": "citizen"},
        {"name": "Eve", "role": "citizen"},
    ],
    "phases": [{"night": [{"actor": "Bob", "targets": ["Cid"]}]}],
}
SETUP = {"ruleset": "sc2", "slots": [{"role": "mayor"}, {"category": "town_investigative"}]}


def as_printed(result) -> str:
    return json.dumps(result, indent=2, ensure_ascii=False) + "\n"


def test_simulate_prints_indented_json_with_names_as_written(capsys, monkeypatch):
    code, out, err = run(["simulate", "-"], capsys, monkeypatch, json.dumps(SCENARIO))
    assert code == 0 and err == ""
    assert out == as_printed(roles.simulate(SCENARIO))
    assert '\n  "phases": [' in out and "Аня" in out


def test_simulate_reads_a_utf8_file(tmp_path, capsys, monkeypatch):
    path = tmp_path / "scenario.json"
    path.write_bytes(json.dumps(SCENARIO, ensure_ascii=False).encode("utf-8"))
    code, out, err = run(["simulate", str(path)], capsys, monkeypatch)
    assert code == 0 and err == "" and "Аня" in out


def test_simulate_unreadable_file_names_the_file_and_why(tmp_path, capsys, monkeypatch):
    missing = tmp_path / "none.json"
    code, out, err = run(["simulate", str(missing)], capsys, monkeypatch)
    assert (code, out) == (2, "")
    assert err == f"simulate: cannot read {missing}: No such file or directory\n"


def test_simulate_invalid_json_names_the_line(capsys, monkeypatch):
    code, out, err = run(["simulate", "-"], capsys, monkeypatch, '{\n  "ruleset": oops\n}')
    assert (code, out) == (2, "")
    assert err == "simulate: invalid JSON: Expecting value at line 2\n"


def test_rules_in_a_language_refuses_an_unknown_language_or_ruleset(capsys, monkeypatch):
    usage = "usage: python -m roles rules RULESET --lang en|ru\n"
    for argv in (["rules", "sc2", "--lang", "fr"], ["rules", "sc3", "--lang", "ru"]):
        assert run(argv, capsys, monkeypatch) == (2, "", usage)


def test_rules_of_an_unknown_ruleset_names_it(capsys, monkeypatch):
    assert run(["rules", "bay13"], capsys, monkeypatch) == (2, "", "unknown ruleset 'bay13'\n")


def test_rules_with_an_extra_word_is_misuse(capsys, monkeypatch):
    code, out, err = run(["rules", "sc2", "extra"], capsys, monkeypatch)
    assert (code, out) == (2, "") and err.startswith("usage: python -m roles simulate")


def test_setup_seed_must_be_an_integer(capsys, monkeypatch):
    code, out, err = run(["setup", "roll", "-", "--seed", "seven"], capsys, monkeypatch, "{}")
    assert (code, out) == (2, "")
    assert err == "setup: --seed must be an integer, not 'seven'\n"


def test_setup_roll_uses_the_seed_given(capsys, monkeypatch):
    text = json.dumps(SETUP)
    rolls = {}
    for seed in range(12):
        code, out, err = run(["setup", "roll", "-", "--seed", str(seed)], capsys, monkeypatch, text)
        assert code == 0 and err == ""
        assert out == as_printed(roles.roll_setup(SETUP, seed))
        rolls[seed] = out
    assert len(set(rolls.values())) > 1  # the town investigative slot varies with the seed


def test_setup_prints_json_as_simulate_does_and_reads_files(tmp_path, capsys, monkeypatch):
    # docs/setup.md: "JSON on stdout (as `simulate` prints it)": two-space indents.
    code, out, err = run(["setup", "categories", "ru_eleven"], capsys, monkeypatch)
    assert code == 0 and err == ""
    assert out == as_printed(roles.setup_categories("ru_eleven"))
    assert out.startswith('{\n  "town_random": {\n    "roles": [\n      "civilian",')
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(SETUP), encoding="utf-8")
    code, out, err = run(["setup", "check", str(path)], capsys, monkeypatch)
    assert (code, err) == (0, "") and out == as_printed({"ok": True, "players": 2, "problems": []})


def test_setup_unreadable_and_invalid_json_lines(tmp_path, capsys, monkeypatch):
    missing = tmp_path / "none.json"
    code, out, err = run(["setup", "check", str(missing)], capsys, monkeypatch)
    assert (code, out, err) == (2, "", f"setup: cannot read {missing}: No such file or directory\n")
    code, out, err = run(["setup", "odds", "-"], capsys, monkeypatch, "[1,\n2,,]")
    assert (code, out, err) == (2, "", "setup: invalid JSON: Expecting value at line 2\n")


@pytest.mark.parametrize(
    "slot, hint",
    [
        ({"role": "mayr"}, "slot 1 of 1: unknown role 'mayr' of sc2 (did you mean 'mayor'?)\n"),
        (
            {"category": "town_powr"},
            "slot 1 of 1: unknown category 'town_powr' of sc2 (did you mean 'town_power'?)\n",
        ),
    ],
)
def test_setup_unknown_word_hints_the_closest(slot, hint, capsys, monkeypatch):
    text = json.dumps({"ruleset": "sc2", "slots": [slot]})
    code, out, err = run(["setup", "check", "-"], capsys, monkeypatch, text)
    assert (code, out, err) == (2, "", hint)


def test_setup_unknown_word_with_nothing_close_has_no_hint(capsys, monkeypatch):
    text = json.dumps({"ruleset": "sc2", "slots": [{"role": "wizard"}]})
    code, out, err = run(["setup", "check", "-"], capsys, monkeypatch, text)
    assert (code, err) == (2, "slot 1 of 1: unknown role 'wizard' of sc2\n")
