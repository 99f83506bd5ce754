"""The engine's answers agree with each other, views hide secrets, the CLI keeps its contract;
the phase records, events, views and state lookups have the fields the contract names.

- docs/design.md: "The web layer renders its forms and validates submissions from that
  answer alone": every target `roles.choices` lists is accepted by
  `roles.check_action`, every living player it does not list is refused with a
  reason, and votes follow `roles.check_vote`.
- docs/design.md, pitfalls: "Leaks through order and side channels: target lists
  ordered like roles": target lists follow the seating order.
- docs/style.md: "`observe(state, seat)` is what one seat may know": a living player
  sees no other seat's role or private results, a spectator sees neither.
- docs/scenario.md: `python -m roles rules [RULESET]`; an invalid scenario exits
  with status 2, nothing on stdout and one line on stderr that names the phase
  and the actor; the same seed gives the same output, byte for byte.

The states checked are taken from random legal games of every registered ruleset
(the driver of test_properties.py), so a new ruleset is covered automatically.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

import roles
from roles import GameState, IllegalAction
from roles.__main__ import main as cli_main
from tests.kit.engine import (
    TOWN6,
    TOWNSTON_FULL,
    RandomChooser,
    bay12_night,
    bay12_seven,
    bay12_sim,
    new_random_game,
    sample_states,
    sport_game,
)
from tests.kit.engine import play_random_game as play

ROOT = Path(__file__).resolve().parents[2]
RULESET_IDS = [r.id for r in roles.list_rulesets()]

# Rulesets whose answers are known to disagree: ruleset id -> the minimal case.
KNOWN_DISAGREEMENTS: dict[str, str] = {}


def ruleset_params(known: dict[str, str] | None = None) -> list:
    known = known or {}
    return [
        pytest.param(
            rid,
            id=rid,
            marks=[pytest.mark.xfail(strict=False, reason=known[rid])] if rid in known else [],
        )
        for rid in RULESET_IDS
    ]


# -- choices and check_action agree -----------------------------------------------------


def extra_keys(choice: roles.Choice) -> dict[str, Any]:
    return {key: values[0] for key, values in sorted(choice.extra.items()) if values}


def accepted(state: GameState, action: dict[str, Any]) -> str | None:
    """None if `check_action` accepts the action, else its reason."""
    try:
        roles.check_action(state, action)
    except IllegalAction as exc:
        return exc.reason or "(no reason)"
    return None


def target_sets_with(choice: roles.Choice, target: str, limit: int = 12):
    """Target lists of a legal size that name `target`, built from the listed targets."""
    others = [t for t in choice.targets if t != target]
    size = max(choice.min_targets, 1)
    for rest in itertools.islice(itertools.permutations(others, size - 1), limit):
        for position in range(size):
            yield [*rest[:position], target, *rest[position:]]


def check_choice_agrees(state: GameState, name: str, choice: roles.Choice) -> None:
    form = choice.to_dict()  # what the site renders: plain JSON
    assert json.loads(json.dumps(form)) == form
    assert 0 <= choice.min_targets <= choice.max_targets
    assert choice.uses_left is None or choice.uses_left > 0
    base = {"actor": name, "ability": choice.ability, **extra_keys(choice)}
    if choice.max_targets == 0:
        reason = accepted(state, {**base, "targets": []})
        assert reason is None, f"{name} {choice.ability} with no target refused: {reason}"
        return
    for target in choice.targets:
        reasons = [
            accepted(state, {**base, "targets": targets})
            for targets in target_sets_with(choice, target)
        ]
        assert None in reasons, f"{name} {choice.ability} -> {target} listed but refused: {reasons}"
    for key, values in choice.extra.items():
        for value in values:
            targets = next(target_sets_with(choice, choice.targets[0]), [])
            reason = accepted(state, {**base, key: value, "targets": targets})
            assert reason is None, f"{name} {choice.ability} {key}={value} refused: {reason}"
    for other in state.alive_names():
        if other in choice.targets:
            continue
        for targets in target_sets_with(choice, other, limit=3):
            reason = accepted(state, {**base, "targets": targets})
            assert reason is not None, f"{name} {choice.ability} {targets}: {other} not listed"
            assert reason.strip() and "\n" not in reason


@pytest.mark.parametrize("ruleset_id", ruleset_params(KNOWN_DISAGREEMENTS))
def test_choices_and_check_action_agree(ruleset_id: str) -> None:
    checked = 0
    for state in sample_states(ruleset_id):
        for player in state.players:
            for choice in roles.choices(state, player.name):
                check_choice_agrees(state, player.name, choice)
                checked += 1
    assert checked, "no choice was offered in any sampled state"


@pytest.mark.parametrize("ruleset_id", ruleset_params())
def test_target_lists_follow_seating_order(ruleset_id: str) -> None:
    for state in sample_states(ruleset_id):
        seat = {p.name: p.seat for p in state.players}
        for player in state.players:
            for choice in roles.choices(state, player.name):
                seats = [seat[t] for t in choice.targets]
                assert seats == sorted(seats), f"{player.name} {choice.ability}: {choice.targets}"


def bay12_state(players: list[tuple[str, str]], **kw: Any) -> GameState:
    return roles.new_game("bay12", [{"name": n, "role": r} for n, r in players], **kw)


def test_targets_are_listed_by_seat_not_by_role() -> None:
    """Seats in an order unlike the role list: the sheriff's list is the seating order."""
    seating = [
        ("Zed", "witch"),
        ("Ann", "townie"),
        ("Max", "mafioso"),
        ("Bob", "sheriff"),
        ("Cid", "doctor"),
        ("Dan", "consort"),
    ]
    state = bay12_state(seating)
    (check,) = roles.choices(state, "Bob")
    assert check.targets == ["Zed", "Ann", "Max", "Cid", "Dan"]
    (kill,) = roles.choices(state, "Max")
    assert kill.targets == ["Zed", "Ann", "Bob", "Cid"]  # "mafia cannot target mafia"


def test_check_action_refusals_are_clear() -> None:
    state = bay12_state(
        [("Ann", "doctor"), ("Bob", "mafioso"), ("Cid", "sheriff"), ("Dan", "consort")]
    )
    cases = [
        ({"actor": "Bob", "targets": ["Dan"]}, "cannot target another mafia member"),
        ({"actor": "Cid", "targets": ["Cid"]}, "cannot target themselves"),
        ({"actor": "Cid", "targets": ["Nobody"]}, "unknown player 'Nobody'"),
        ({"actor": "Nobody", "targets": ["Ann"]}, "unknown player 'Nobody'"),
        ({"actor": "Cid", "targets": ["Ann", "Bob"]}, "takes 1 target(s), not 2"),
        ({"actor": "Cid", "ability": "shoot", "targets": ["Bob"]}, "has no ability 'shoot'"),
    ]
    for action, reason in cases:
        with pytest.raises(IllegalAction) as caught:
            roles.check_action(state, action)
        assert reason in caught.value.reason


def test_check_vote_agrees_with_the_living() -> None:
    """Votes are cast by day by the living for the living; a withdrawn vote is None."""
    state = bay12_state(
        [("Ann", "doctor"), ("Bob", "mafioso"), ("Cid", "sheriff"), ("Dan", "townie")],
        first_phase="night",
    )
    with pytest.raises(IllegalAction) as refused:
        roles.check_vote(state, "Ann", "Bob")
    assert refused.value.message == {"id": "refusal.votes_by_day", "params": {}}
    day = roles.resolve_phase(state, {"night": [{"actor": "Bob", "targets": ["Dan"]}]}).state
    for voter in day.alive_names():
        roles.check_vote(day, voter, None)
        for target in day.alive_names():
            roles.check_vote(day, voter, target)
    with pytest.raises(IllegalAction) as refused:
        roles.check_vote(day, "Dan", "Bob")
    assert refused.value.message == {"id": "refusal.dead", "params": {"player": "Dan"}}
    with pytest.raises(IllegalAction) as refused:
        roles.check_vote(day, "Ann", "Dan")
    assert refused.value.message == {"id": "refusal.vote_dead", "params": {"player": "Dan"}}
    with pytest.raises(IllegalAction) as refused:
        roles.check_vote(day, "Ann", "Eve")
    assert refused.value.message == {"id": "refusal.unknown_player", "params": {"player": "Eve"}}
    with pytest.raises(IllegalAction) as refused:
        roles.check_vote(day, "Ann", "pass")
    assert refused.value.message == {"id": "refusal.no_pass", "params": {}}


def test_choices_of_strangers_and_the_dead_are_empty() -> None:
    state = bay12_state(
        [("Ann", "doctor"), ("Bob", "mafioso"), ("Cid", "sheriff"), ("Dan", "townie")]
    )
    assert roles.choices(state, "Nobody") == []
    night = roles.resolve_phase(state, {"night": [{"actor": "Bob", "targets": ["Cid"]}]})
    day = roles.resolve_phase(night.state, {"day": {"votes": [], "rounds": [], "actions": []}})
    assert not day.state.player("Cid").alive
    assert roles.choices(day.state, "Cid") == []


# -- observe hides what a seat may not know ---------------------------------------------


def check_view(state: GameState, name: str | None) -> None:
    view = roles.observe(state, name)
    assert json.loads(json.dumps(view)) == view, "a view is plain JSON"
    living = set(state.alive_names())
    for entry in view["players"]:
        if entry["name"] in living and entry["name"] != name and not state.ended:
            assert "role" not in entry and "faction" not in entry, f"{name} sees {entry}"
    for record in view["history"]:
        assert "results" not in record, "private results in the public history"
    if name is None:
        assert not {"me", "results", "teammates"} & set(view), "a spectator sees a seat's secrets"
        return
    me = state.player(name)
    assert view["me"]["name"] == name
    assert all(r["to"] == name for r in view["results"]), f"{name} sees another's results"
    mine = [r for rec in state.history for r in rec["results"] if r["to"] == name]
    assert len(view["results"]) == len(mine)
    ruleset = roles.get_ruleset(state.ruleset)
    if "teammates" in view:
        assert me.faction in ruleset.informed_factions
        for mate in view["teammates"]:
            assert state.player(mate["name"]).faction == me.faction


@pytest.mark.parametrize("ruleset_id", ruleset_params())
def test_observe_shows_a_seat_only_its_own_secrets(ruleset_id: str) -> None:
    for state in sample_states(ruleset_id):
        check_view(state, None)
        for player in state.players:
            if player.alive:
                check_view(state, player.name)


def test_observe_of_a_bay12_game() -> None:
    """The sheriff sees his check; the doctor, the spectator and the public record do not."""
    state = bay12_state(
        [("Ann", "doctor"), ("Bob", "mafioso"), ("Cid", "sheriff"), ("Dan", "townie")], seed=2
    )
    night = roles.resolve_phase(
        state,
        {"night": [{"actor": "Cid", "targets": ["Bob"]}, {"actor": "Ann", "targets": ["Dan"]}]},
    ).state
    sheriff = roles.observe(night, "Cid")
    assert sheriff["results"] == [
        {"phase": "night", "number": 1, "to": "Cid", "kind": "check", "target": "Bob",
         "value": "suspicious"}
    ]  # fmt: skip
    assert sheriff["me"]["role"] == "sheriff"
    assert roles.observe(night, "Ann")["results"] == []
    assert "suspicious" not in json.dumps(roles.observe(night, None))
    assert "suspicious" not in json.dumps(roles.observe(night, "Dan"))
    assert "mafioso" not in json.dumps(roles.observe(night, None))


# -- the command line (docs/scenario.md) --------------------------------------------------


def run_cli(*args: str, stdin: str | None = None, env: dict | None = None):
    return subprocess.run(
        [sys.executable, "-m", "roles", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )


def test_rules_lists_every_ruleset() -> None:
    proc = run_cli("rules")
    assert proc.returncode == 0 and proc.stderr == ""
    listed = [line.split(":")[0] for line in proc.stdout.splitlines()]
    assert listed == RULESET_IDS


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_rules_prints_every_role_card_and_option(ruleset_id: str, capsys) -> None:
    assert cli_main(["rules", ruleset_id]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    ruleset = roles.get_ruleset(ruleset_id)
    for role in ruleset.roles.values():
        assert f"[{role.id}]" in out
        assert roles.role_card(ruleset_id, role.id, shown=False) in out
    for option in ruleset.options:
        assert f"- {option.id} = {option.default!r}" in out


def test_rules_bay12_as_a_process() -> None:
    proc = run_cli("rules", "bay12")
    assert proc.returncode == 0 and proc.stderr == ""
    assert "Serial Killer" in proc.stdout and "Rulings" in proc.stdout


def scenario(**changes: Any) -> dict[str, Any]:
    base = {
        "ruleset": "bay12",
        "seed": 7,
        "players": [
            {"name": "Ann", "role": "doctor"},
            {"name": "Bob", "role": "mafioso"},
            {"name": "Eve", "role": "executioner", "target": "Cid"},
            {"name": "Cid", "role": "sheriff"},
            {"name": "Dan", "role": "townie"},
            {"name": "Fay", "role": "consort"},
        ],
        "phases": [
            {"night": [{"actor": "Bob", "targets": ["Ann"]}, {"actor": "Cid", "targets": ["Bob"]}]},
            {"day": {"votes": [["Cid", "Bob"], ["Eve", "Bob"]], "rounds": [], "actions": []}},
        ],
    }
    return {**base, **changes}


INVALID = {
    "dead actor": (
        scenario(
            phases=[
                *scenario()["phases"],
                {"night": [{"actor": "Ann", "targets": ["Cid"]}]},
            ]
        ),
        ["night 2", "Ann is dead"],
    ),
    "unknown role": (
        scenario(players=[{"name": "Ann", "role": "docter"}, *scenario()["players"][1:]]),
        ["unknown role 'docter' (did you mean 'doctor'?)"],
    ),
    "mafia on mafia": (
        scenario(phases=[{"night": [{"actor": "Bob", "targets": ["Fay"]}]}]),
        ["night 1", "Bob", "mafioso cannot target another mafia member"],
    ),
    "vigilante on night 1": (
        scenario(
            players=[*scenario()["players"], {"name": "Vic", "role": "vigilante"}],
            phases=[{"night": [{"actor": "Vic", "targets": ["Bob"]}]}],
        ),
        ["night 1", "Vic", "vigilante cannot use kill on night 1"],
    ),
    "phases not alternating": (
        scenario(phases=[{"night": []}, {"night": []}]),
        ["night", "alternate"],
    ),
    "unknown ruleset": (scenario(ruleset="bay13"), ["unknown ruleset 'bay13'"]),
    "late error, nothing printed": (
        scenario(
            phases=[
                *scenario()["phases"],
                {"night": [{"actor": "Dan", "targets": ["Bob"]}]},
            ]
        ),
        ["night 2", "Dan"],
    ),
}


@pytest.mark.parametrize("case", sorted(INVALID))
def test_invalid_scenario_exit_2_one_line_nothing_on_stdout(case: str, tmp_path, capsys) -> None:
    data, wanted = INVALID[case]
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data))
    with pytest.raises(roles.ScenarioError):
        roles.simulate(data)
    assert cli_main(["simulate", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1 and err.endswith("\n")
    for part in wanted:
        assert part in err


@pytest.mark.parametrize(
    "args, stdin",
    [
        (["simulate", "/nonexistent/scenario.json"], None),
        (["simulate", "-"], "{not json"),
        (["simulate", "-"], "[1, 2]"),
        (["simulate"], None),
        (["rules", "bay13"], None),
        (["frobnicate"], None),
    ],
)
def test_cli_misuse_exit_2_one_line(args, stdin, capsys, monkeypatch) -> None:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", __import__("io").StringIO(stdin))
    assert cli_main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1


def test_invalid_scenario_as_a_process() -> None:
    data, wanted = INVALID["dead actor"]
    proc = run_cli("simulate", "-", stdin=json.dumps(data))
    assert (proc.returncode, proc.stdout) == (2, "")
    assert len(proc.stderr.splitlines()) == 1
    assert all(part in proc.stderr for part in wanted)


def test_same_seed_same_bytes_across_processes() -> None:
    """Two processes, different hash seeds: the same output byte for byte, and the same as
    `roles.simulate`. The scenario draws from the RNG: a random tie-break and two
    Transporters in random order."""
    data = scenario(
        options={"tie": "random"},
        players=[
            *scenario()["players"],
            {"name": "Tia", "role": "transporter"},
            {"name": "Tom", "role": "transporter"},
        ],
        phases=[
            {
                "night": [
                    {"actor": "Bob", "targets": ["Ann"]},
                    {"actor": "Tia", "targets": ["Ann", "Cid"]},
                    {"actor": "Tom", "targets": ["Cid", "Dan"]},
                ]
            },
            {"day": {"votes": [["Tia", "Bob"], ["Tom", "Tia"]], "rounds": [], "actions": []}},
        ],
    )
    text = json.dumps(data)
    first = run_cli("simulate", "-", stdin=text, env={"PYTHONHASHSEED": "1"})
    second = run_cli("simulate", "-", stdin=text, env={"PYTHONHASHSEED": "2"})
    assert first.returncode == second.returncode == 0
    assert first.stderr == second.stderr == ""
    assert first.stdout == second.stdout
    assert json.loads(first.stdout) == roles.simulate(data)


def test_random_games_replay_the_same_bytes_in_new_processes_under_any_hash_seed(tmp_path) -> None:
    """Random games of every ruleset, replayed in two processes with different string
    hash seeds: the same bytes (no outcome may depend on set or dict iteration order)."""
    scenarios = []
    for ruleset_id in RULESET_IDS:
        for seed in range(2):
            chooser = RandomChooser(random.Random(f"bytes:{ruleset_id}:{seed}"))
            header = new_random_game(ruleset_id, chooser, seed)
            scenarios.append(play(header, chooser, ("night", "day")[seed], 8).scenario)
    path = tmp_path / "scenarios.json"
    path.write_text(json.dumps(scenarios))
    probe = (
        "import json, sys, roles\n"
        "scenarios = json.load(open(sys.argv[1]))\n"
        "print(json.dumps([roles.simulate(s) for s in scenarios], indent=1))\n"
    )
    outputs = []
    for hash_seed in ("0", "12345"):
        proc = subprocess.run(
            [sys.executable, "-c", probe, str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert proc.returncode == 0, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    here = json.dumps([roles.simulate(s) for s in scenarios], indent=1) + "\n"
    assert outputs[0] == here


def test_simulate_from_file_and_stdin_agree(tmp_path, capsys, monkeypatch) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario()))
    assert cli_main(["simulate", str(path)]) == 0
    from_file = capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO(json.dumps(scenario())))
    assert cli_main(["simulate", "-"]) == 0
    from_stdin = capsys.readouterr()
    assert from_file.out == from_stdin.out and from_file.err == from_stdin.err == ""
    outcome = json.loads(from_file.out)
    assert set(outcome) == {"phases", "alive", "roles", "ended", "winners"}
    assert outcome["phases"][0]["deaths"] == [
        {"player": "Ann", "role": "doctor", "by": ["mafioso"]}
    ]
    assert outcome["phases"][1]["lynched"] == ["Bob"]


# -- the phase records, the events, the views and the state's lookups ----------------------


def test_the_game_over_event_names_the_winners_and_reveals_every_role():
    """The public "game_over" event: the winners and every player's role (catches: the
    "winners" key renamed)."""
    state = roles.modkill(bay12_seven(), "Ann").state
    result = roles.modkill(state, "Bob")
    over = next(e for e in result.events if e.kind == "game_over")
    assert over.audience == "public"
    assert over.payload["winners"] == ["Cid", "Dan", "Eve", "Fay", "Gil"]
    assert over.payload["roles"]["Ann"] == "mafioso"
    assert len(over.payload["roles"]) == 7


def test_the_public_phase_closed_event_names_the_phase():
    """The public record of a closed phase says which phase it was (catches: the "phase"
    key renamed)."""
    result = roles.resolve_phase(bay12_seven(), {"day": {"votes": [], "rounds": [], "actions": []}})
    closed = next(e for e in result.events if e.kind == "phase_closed")
    assert (closed.payload["phase"], closed.payload["number"]) == ("day", 1)


@pytest.mark.parametrize(
    "item",
    [
        roles.ChatGroup("jail:1", "Jail", ("Bob", "Ann"), False, aliases={"Ann": "Jailor"}),
        roles.Event("role_change", ("seat", "Ann"), {"role": "mafioso"}),
    ],
    ids=["chat", "event"],
)
def test_the_dict_form_names_every_field(item):
    """The dict forms the site stores and sends keep each field under its own name, a
    tuple as a list (catches: "aliases" and "audience" renamed)."""
    as_dict = item.to_dict()
    for field in fields(item):
        value = getattr(item, field.name)
        expected = list(value) if isinstance(value, tuple) else value
        assert as_dict[field.name] == expected, field.name
    assert set(as_dict) == {f.name for f in fields(item)}


def test_faction_members_are_the_living_unless_asked_for_all():
    """GameState.faction_members (no engine caller today; catches: the default, `!=`)."""
    state = roles.modkill(bay12_seven(), "Ann").state  # Ann the Mafioso modkilled, Bob the Consort
    assert [p.name for p in state.faction_members("mafia")] == ["Bob"]
    assert [p.name for p in state.faction_members("mafia", alive_only=False)] == ["Ann", "Bob"]
    assert "Ann" not in [p.name for p in state.faction_members("town", alive_only=False)]


def test_each_record_has_the_fields_the_scenario_spec_shows_in_its_order():
    """docs/scenario.md, Output: a night's record is phase, number, deaths, headline,
    descriptions, results, events; a day's is phase, number, tally, lynched, deaths,
    results, events; "`headline`, `descriptions`: the day-break headline and the death
    descriptions ..., where the ruleset announces them": a quiet bay12 night has both
    (no description), a day has neither, and ru_sport, which describes no death, has no
    descriptions (catches: the tally under another key, a headline on a day, the empty
    descriptions on the wrong phase or for a ruleset that has none)."""
    state = bay12_seven(first="night")
    night_record = roles.resolve_phase(state, {"night": []})
    assert list(night_record.record) == [
        "phase", "number", "deaths", "headline", "descriptions", "results", "events"
    ]  # fmt: skip
    assert night_record.record["descriptions"] == {}
    day_input = {"day": {"votes": [["Cid", "Fay"]], "rounds": [], "actions": []}}
    day_record = roles.resolve_phase(night_record.state, day_input).record
    assert list(day_record) == [
        "phase",
        "number",
        "tally",
        "lynched",
        "deaths",
        "results",
        "events",
    ]
    sport_night = roles.resolve_phase(sport_game(), {"night": []}).record
    assert "headline" in sport_night and "descriptions" not in sport_night


def test_the_private_results_are_listed_in_the_seat_order_of_who_receives_them():
    """docs/scenario.md: "`results`: every private result a player receives", listed like
    the deaths in seat order (the Sheriff, seated first, checks after the kills are
    settled, yet his result comes first; one player's results keep the order they came
    in) (catches: the sort key dropped or made the same for every player)."""
    cast = ["sheriff", "mafioso", "doctor", *TOWN6]
    out = bay12_sim(
        cast, [bay12_night(("Sheriff", "Mafioso"), ("Mafioso", "Townie"), ("Doctor", "Townie"))]
    )
    assert [r["to"] for r in out["phases"][0]["results"]] == ["Sheriff", "Doctor", "Townie"]


def test_each_phase_draws_from_the_seed_its_kind_and_its_number(monkeypatch):
    """A stored game is replayed from its seed and inputs: each phase's random draws come
    from a generator seeded from the game's seed, the phase's kind and its number, so
    night 1 and day 1, or night 1 and night 2, never share their draws (catches: the
    kind or the number left out of the salt)."""
    from roles.model import GameState

    salts = []
    real_rng = GameState.rng

    def spy(self, *salt):
        salts.append(salt)
        return real_rng(self, *salt)

    monkeypatch.setattr(GameState, "rng", spy)
    state = roles.resolve_phase(bay12_seven(first="night"), {"night": []}).state
    roles.resolve_phase(state, {"day": {"votes": [], "rounds": [], "actions": []}})
    assert ("night", 1) in salts and ("day", 1) in salts


def test_the_public_close_carries_the_headline_and_the_descriptions_for_every_player():
    """002's day-break headline and death descriptions are what every player reads when
    the night closes (the site pushes the public `phase_closed` event): they are in it,
    not only in the GM's record (catches: either key renamed, so it never reached the
    public event)."""
    result = roles.resolve_phase(
        bay12_seven(first="night"), {"night": [{"actor": "Ann", "targets": ["Gil"]}]}
    )
    [public] = [e for e in result.events if e.audience == "public"]
    assert public.payload["headline"] == result.record["headline"]
    assert public.payload["descriptions"] == result.record["descriptions"] != {}


def test_a_close_is_split_by_audience_public_close_seat_results_and_the_gms_record():
    """What the site pushes from a close (roles.engine `_events`: "the record split by
    audience"): one public `phase_closed` with the tally and the lynch on a day, one
    `result` to each receiving seat with that result, and the GM's `phase_record`, the
    whole record (catches: each kind, audience and payload emptied or renamed)."""
    night_input = {
        "night": [{"actor": "Ann", "targets": ["Gil"]}, {"actor": "Cid", "targets": ["Ann"]}]
    }
    night_result = roles.resolve_phase(bay12_seven(first="night"), night_input)
    check = {"to": "Cid", "kind": "check", "target": "Ann", "value": "suspicious"}
    assert [(e.kind, e.audience, e.payload) for e in night_result.events[1:]] == [
        ("result", ("seat", "Cid"), check),
        ("phase_record", "gm", night_result.record),
    ]
    assert night_result.events[0].kind == "phase_closed"
    assert night_result.events[0].audience == "public"
    votes = [["Cid", "Bob"], ["Dan", "Bob"]]
    day_result = roles.resolve_phase(
        night_result.state, {"day": {"votes": votes, "rounds": [], "actions": []}}
    )
    closed = day_result.events[0].payload
    assert (closed["tally"], closed["lynched"]) == ({"Bob": 2}, ["Bob"])


def test_the_state_and_ruleset_lookups_answer_exactly():
    """The small lookups every rule goes through (roles.model, roles.ruleset): a name that
    is not a player, even an unhashable one, is no player; a missing player or ruleset
    is a KeyError naming it; `with_role` lists the living by default, the dead on
    request; an option not set takes its default, an unknown one is a KeyError naming
    it, a bad choice names the allowed ones; an event's audience stays a word or becomes
    a list; the draws of a purpose are seeded "seed:salt" (a stored game replays the
    same) (catches: each answer or name dropped or inverted)."""
    import random

    from roles.model import Event
    from roles.ruleset import get_ruleset

    state = roles.modkill(bay12_seven(), "Fay").state
    assert not state.has_player(["Ann"])
    with pytest.raises(KeyError) as missing:
        state.player("Zed")
    assert missing.value.args == ("Zed",)
    assert [p.name for p in state.with_role("townie")] == ["Gil"]
    assert [p.name for p in state.with_role("townie", alive_only=False)] == ["Fay", "Gil"]
    assert state.rng("x", 1).random() == random.Random(f"{state.seed}:x:1").random()
    bay = get_ruleset("bay12")
    assert bay.option({}, "reveal") == "role" and bay.option({"reveal": "team"}, "reveal") == "team"
    assert bay.option({}, "tie") == "no_lynch"
    with pytest.raises(KeyError) as unknown_option:
        bay.option({}, "weather")
    assert unknown_option.value.args == ("weather",)
    with pytest.raises(
        ValueError, match=r"^option reveal must be one of role, team, none, not 'x'$"
    ):
        bay.resolved_options({"reveal": "x"})
    with pytest.raises(KeyError) as unknown_ruleset:
        get_ruleset("bay13")
    assert unknown_ruleset.value.args == ("bay13",)
    assert Event("phase_closed", "public", {}).to_dict()["audience"] == "public"
    assert Event("result", ("seat", "Ann"), {}).to_dict()["audience"] == ["seat", "Ann"]


def test_a_seats_view_names_its_fields_and_the_winners_only_once_the_game_is_over():
    """roles.view.observe, "A seat's view (None: a spectator's)", is what the site shows:
    the ruleset, the phase (kind and number), the players, whether it ended and who won
    (nobody while it goes on), the history; a seat's own part adds whether he lives; an
    unknown name gets the spectator's view (catches: each key renamed, the winners
    shown early or never, the unknown-name test made an `and`)."""
    from roles.view import observe

    state = roles.modkill(bay12_seven(), "Ann").state
    spectator = observe(state, None)
    assert list(spectator) == ["ruleset", "phase", "players", "ended", "winners", "history"]
    assert spectator["ruleset"] == "bay12"
    assert spectator["phase"] == {"kind": "day", "number": 1}
    assert (spectator["ended"], spectator["winners"]) == (False, [])
    assert observe(state, "Zed") == spectator
    assert observe(state, "Ann")["me"]["alive"] is False
    over = roles.modkill(state, "Bob").state
    assert observe(over, None)["winners"] == ["Cid", "Dan", "Eve", "Fay", "Gil"]


def test_once_the_game_is_over_every_role_is_public_whatever_the_reveal_mode():
    """`Ruleset.public_reveal`: "the role, of everyone, once the game is over": with
    bay12's reveal "none" the dead show no role while the game goes on, and every seat,
    dead or alive, shows its role and faction at the end (catches: the end's reveal
    word changed, so no role was shown)."""
    from roles.view import observe

    state = roles.modkill(bay12_seven(reveal="none"), "Ann").state
    assert "role" not in observe(state, None)["players"][0]
    over = roles.modkill(state, "Bob").state
    assert over.ended
    shown = observe(over, None)["players"]
    assert [(p["name"], p["role"], p["faction"]) for p in shown][:3] == [
        ("Ann", "mafioso", "mafia"),
        ("Bob", "consort", "mafia"),
        ("Cid", "sheriff", "town"),
    ]


def test_the_name_index_is_built_once_per_roster_and_follows_a_new_one():
    """roles.model: every rule looks players up by name, so the state keeps one name
    index per roster (a dict read, not a scan of the seats). It is built once and then
    reused; it is rebuilt when the roster list is replaced or grown, and a copy's index
    points at the copy's own players (catches, in `_by_name`: the index rebuilt on every
    lookup, never rebuilt, or rebuilt on the wrong test)."""
    from roles.model import Player

    state = roles.modkill(bay12_seven(), "Fay").state
    index = state._by_name()
    assert state._by_name() is index
    assert state.player("Gil") is index["Gil"]
    assert state._by_name() is index

    copy = state.copy()
    assert copy.player("Gil") is copy.players[[p.name for p in copy.players].index("Gil")]
    assert copy.player("Gil") is not state.player("Gil")
    assert copy._by_name() is copy._by_name()

    newcomer = Player(name="Zed", seat=len(state.players) + 1, role="townie", faction="town")
    state.players.append(newcomer)
    assert state.player("Zed") is newcomer and state.has_player("Zed")
    grown = state._by_name()
    assert grown is not index and state._by_name() is grown

    state.players = [p for p in state.players if p.name != "Gil"]
    assert not state.has_player("Gil") and state.player("Zed") is newcomer
    with pytest.raises(KeyError):
        state.player("Gil")
    swapped = list(state.players)
    swapped[0] = Player(name="Ada", seat=swapped[0].seat, role="townie", faction="town")
    state.players = swapped
    assert state.player("Ada") is swapped[0]


def test_a_scenario_without_a_seed_plays_seed_zero():
    """docs/scenario.md: the seed is optional, 0 by default: a townston street conflict
    drawn without a seed is seed 0's (`simulate`)."""

    votes = [["Ann", "Bob"], ["Dan", "Bob"], ["Lou", "Bob"], ["Hal", "Gil"], ["Jon", "Gil"]]
    votes.append(["Eve", "Gil"])
    scenario = {
        "ruleset": "townston",
        "players": [{"name": n, "role": r} for n, r in TOWNSTON_FULL],
        "phases": [{"day": {"votes": votes, "rounds": [], "actions": []}}],
    }
    assert roles.simulate(scenario) == roles.simulate({**scenario, "seed": 0})
    assert roles.simulate(scenario) != roles.simulate({**scenario, "seed": 1})
