"""Last wills written during the game (issue 13: "sc2 last wills: the option exists and
the engine reads the will, but there is no way to write one").

`roles.write_will(state, name, text)` is the transition (roles/wills.py); the sc2
rules read the written will when its author dies. Sources: sc2-notes.md 'Dawn: the
death list, the headline, death descriptions, last wills'; sc2-reference.md 1.3
'Dawn | ... last will (unless sanitized / Clue)', 2.2 Janitor 'if he dies tonight,
role and last will are hidden', 2.2 Disguiser 'the victim appears as "Disguiser" with
the Disguiser's will', 2.1 Coroner options '`discover_lw`' and 'Coroner can read
sanitized bodies'. The decisions where they are silent are the rulings printed by
`python -m roles rules sc2` (roles/wills.py RULINGS and sc2's own).
"""

from __future__ import annotations

import doctest
import json

import pytest

import roles
from roles import wills
from tests.kit.engine import cli_stdout, quiet_day
from tests.kit.engine import sc2_game as game
from tests.kit.engine import sc2_play as play
from tests.kit.engine import sc2_table as table

WILL = "N1: I checked Bob. <b>Bob is the Mafioso</b>."


def last_wills(result) -> list[dict]:
    public = next(e for e in result.events if e.kind == "phase_closed").payload
    return [e for e in public["events"] if e["kind"] == "last_will"]


def test_the_docstring_example_runs():
    assert doctest.testmod(wills).failed == 0


def test_a_written_will_is_kept_in_a_new_state_and_survives_storage():
    state = game(table("sheriff", "mafioso"))
    written = roles.write_will(state, "Ann", WILL)
    assert roles.will_of(written, "Ann") == WILL
    assert roles.will_of(state, "Ann") == ""  # the old state is not changed
    stored = roles.GameState.from_dict(json.loads(json.dumps(written.to_dict())))
    assert roles.will_of(stored, "Ann") == WILL


def test_a_rewritten_will_replaces_the_old_one_and_an_empty_one_erases_it():
    """Ruling: 'may rewrite it as often as he likes ... Writing an empty will erases it'
    (a written will replaces even the scenario's 'will' key)."""
    players = table("sheriff", "mafioso")
    players[0]["will"] = "from the scenario"
    state = game(players)
    assert roles.will_of(state, "Ann") == "from the scenario"
    state = roles.write_will(state, "Ann", "first draft")
    state = roles.write_will(state, "Ann", WILL)
    assert roles.will_of(state, "Ann") == WILL
    erased = roles.write_will(state, "Ann", "")
    assert roles.will_of(erased, "Ann") == ""
    result = roles.resolve_phase(erased, {"night": [{"actor": "Bob", "targets": ["Ann"]}]})
    assert [d["player"] for d in result.record["deaths"]] == ["Ann"]
    assert last_wills(result) == []  # an erased will is not read out


def test_a_written_will_is_read_out_with_a_night_death():
    """sc2-notes.md 10: 'Dawn: the death list, the headline, death descriptions, last
    wills'; sc2-reference 1.3: 'Dawn | ... last will (unless sanitized / Clue)'."""
    state = roles.write_will(game(table("sheriff", "mafioso")), "Ann", WILL)
    result = roles.resolve_phase(state, {"night": [{"actor": "Bob", "targets": ["Ann"]}]})
    assert last_wills(result) == [{"kind": "last_will", "player": "Ann", "text": WILL}]
    assert {"kind": "last_will", "player": "Ann", "text": WILL} in result.record["events"]


def test_a_written_will_is_read_out_with_a_lynch():
    """sc2-reference 1.3: the last will is read 'unless sanitized / Clue'; a lynched
    player's will is read at the day's close (ruling)."""
    state = game(table("sheriff", "mafioso"), first="day")
    state = roles.write_will(state, "Bob", "I was framed.")
    voters = [p.name for p in state.players if p.name != "Bob"]
    day = {"day": {"votes": [[v, "Bob"] for v in voters], "rounds": [], "actions": []}}
    result = roles.resolve_phase(state, day)
    assert result.record["lynched"] == ["Bob"]
    assert last_wills(result) == [{"kind": "last_will", "player": "Bob", "text": "I was framed."}]


def test_only_the_dead_players_will_is_read_out():
    state = game(table("sheriff", "mafioso"))
    state = roles.write_will(state, "Ann", WILL)
    state = roles.write_will(state, "Cid", "Cid's secret")
    result = roles.resolve_phase(state, {"night": [{"actor": "Bob", "targets": ["Ann"]}]})
    texts = [e["text"] for e in last_wills(result)]
    assert texts == [WILL]


def test_the_janitor_hides_a_written_will():
    """sc2-reference 2.2 Janitor: 'Sanitize one player: if he dies tonight, role and
    last will are hidden'."""
    state = roles.write_will(game(table("janitor", "mafioso", "sheriff")), "Cid", WILL)
    night = {"night": [{"actor": "Bob", "targets": ["Cid"]}, {"actor": "Ann", "targets": ["Cid"]}]}
    result = roles.resolve_phase(state, night)
    kinds = [
        e["kind"]
        for e in next(e for e in result.events if e.kind == "phase_closed").payload["events"]
    ]
    assert "sanitized" in kinds and "last_will" not in kinds
    assert WILL not in json.dumps([e.to_dict() for e in result.events if e.audience == "public"])
    # The body keeps it (a Coroner may read it; the game's end shows it).
    assert roles.will_of(result.state, "Cid") == WILL


def test_the_janitor_does_not_hide_the_will_of_a_player_who_survives_his_visit():
    """sc2-reference 2.2: 'if he dies tonight' -- sanitizing a survivor hides nothing
    later: his will is read when he dies another night."""
    state = roles.write_will(game(table("janitor", "mafioso", "sheriff")), "Cid", WILL)
    state = play(state, {"night": [{"actor": "Ann", "targets": ["Cid"]}]}, quiet_day())
    result = roles.resolve_phase(state, {"night": [{"actor": "Bob", "targets": ["Cid"]}]})
    assert last_wills(result) == [{"kind": "last_will", "player": "Cid", "text": WILL}]


def test_the_coroner_reads_a_written_will_of_a_sanitized_body():
    """sc2-reference 2.1 Coroner: options '`discover_lw`' (coroner_discovers_last_will)
    and 'Coroner can read sanitized bodies'."""
    options = {"coroner_discovers_last_will": True}
    players = table("janitor", "mafioso", "sheriff", "coroner")
    state = roles.write_will(game(players, options), "Cid", WILL)
    night = {"night": [{"actor": "Bob", "targets": ["Cid"]}, {"actor": "Ann", "targets": ["Cid"]}]}
    state = play(state, night, quiet_day())
    result = roles.resolve_phase(state, {"night": [{"actor": "Dan", "targets": ["Cid"]}]})
    read = [r for r in result.record["results"] if r["kind"] == "last_will"]
    assert read == [{"to": "Dan", "kind": "last_will", "target": "Cid", "value": WILL}]
    assert all(e.audience == ("seat", "Dan") for e in result.events if e.kind == "result")


def test_the_coroner_reads_no_will_without_the_option():
    """sc2-reference 2.1: discover_lw is an option (coroner_discovers_last_will, off)."""
    players = table("janitor", "mafioso", "sheriff", "coroner")
    state = roles.write_will(game(players), "Cid", WILL)
    state = play(state, {"night": [{"actor": "Bob", "targets": ["Cid"]}]}, quiet_day())
    result = roles.resolve_phase(state, {"night": [{"actor": "Dan", "targets": ["Cid"]}]})
    assert not [r for r in result.record["results"] if r["kind"] == "last_will"]


def test_a_disguisers_victim_appears_with_the_disguisers_will():
    """sc2-reference 2.2 Disguiser: 'after a successful jump the victim appears as
    "Disguiser" with the Disguiser's will'."""
    state = game(table("disguiser", "mafioso", "sheriff"))
    state = roles.write_will(state, "Ann", "Disguiser's own words")
    state = roles.write_will(state, "Cid", "Cid's true will")
    result = roles.resolve_phase(state, {"night": [{"actor": "Ann", "targets": ["Cid"]}]})
    public = next(e for e in result.events if e.kind == "phase_closed").payload
    assert {"kind": "reveal", "player": "Cid", "role": "disguiser"} in public["events"]
    assert last_wills(result) == [
        {"kind": "last_will", "player": "Cid", "text": "Disguiser's own words"}
    ]
    assert "Cid's true will" not in json.dumps(public)


def test_a_modkill_reads_no_will_out():
    """Ruling (sc2): 'The host's modkill reads no will out (it gives no last words
    either); the body keeps it for a Coroner.'"""
    state = roles.write_will(game(table("sheriff", "mafioso")), "Ann", WILL)
    result = roles.modkill(state, "Ann")
    assert WILL not in json.dumps([e.to_dict() for e in result.events])
    assert roles.will_of(result.state, "Ann") == WILL
    later = roles.resolve_phase(result.state, {"night": []})
    assert last_wills(later) == []


def test_no_seat_sees_another_seats_will_in_its_view():
    """docs/design.md: 'Render each page and each socket message from the viewer's own view'."""
    state = roles.write_will(game(table("sheriff", "mafioso")), "Ann", WILL)
    for viewer in ("Bob", "Cid", None):
        assert "Bob is the Mafioso" not in json.dumps(roles.observe(state, viewer))


@pytest.mark.parametrize(
    ("ruleset_id", "options", "reason"),
    [
        ("bay12", {}, "bay12 has no last wills"),
        ("ru_19", {}, "ru_19 has no last wills"),
        ("sc2", {"last_wills": False}, "last wills are off in this game"),
    ],
)
def test_rulesets_and_games_without_wills_refuse_them(ruleset_id, options, reason):
    """sc2-reference 3.3: Classic and Clue have 'no last wills' (the option off); a
    ruleset without the 'last_wills' option has none (ruling)."""
    role = roles.get_ruleset(ruleset_id).presets
    role_id = next(iter(next(iter(role.values())).roles))
    players = [{"name": n, "role": role_id} for n in ("Ann", "Bob", "Cid")]
    state = roles.new_game(ruleset_id, players, 1, options)
    assert not roles.wills_on(state)
    with pytest.raises(roles.IllegalAction, match=reason):
        roles.write_will(state, "Ann", WILL)


def test_the_sc2_classic_and_clue_presets_have_wills_off():
    """sc2-reference 3.3: 'Classic (... no last wills ...), Clue (no last wills ...)'."""
    ruleset = roles.get_ruleset("sc2")
    assert roles.offers_wills(ruleset)
    for preset_id in ("classic", "clue15"):
        options = ruleset.presets[preset_id].options
        state = roles.new_game("sc2", table("sheriff", "mafioso"), 1, options)
        with pytest.raises(roles.IllegalAction) as refused:
            roles.write_will(state, "Ann", WILL)
        assert refused.value.message == {"id": "refusal.wills_off", "params": {}}
    assert roles.wills_on(roles.new_game("sc2", table("sheriff", "mafioso"), 1, {}))


def test_the_dead_and_a_finished_game_write_no_will():
    """Ruling: 'The dead and the players of a finished game write no will'."""
    state = game(table("sheriff", "mafioso"))
    after = roles.resolve_phase(state, {"night": [{"actor": "Bob", "targets": ["Ann"]}]}).state
    with pytest.raises(roles.IllegalAction) as refused:
        roles.write_will(after, "Ann", "from beyond")
    assert refused.value.message == {"id": "refusal.will_dead", "params": {"player": "Ann"}}
    over = after.copy()
    over.ended = True
    with pytest.raises(roles.IllegalAction) as refused:
        roles.write_will(over, "Cid", WILL)
    assert refused.value.message == {"id": "refusal.ended", "params": {}}


def test_bad_wills_are_refused():
    """Ruling: 'At most 2000 characters'; an unknown writer or a will that is not text
    is invalid input."""
    state = game(table("sheriff", "mafioso"))
    assert roles.MAX_WILL_CHARS == 2000
    roles.write_will(state, "Ann", "x" * roles.MAX_WILL_CHARS)  # the longest accepted
    with pytest.raises(roles.IllegalAction) as refused:
        roles.write_will(state, "Ann", "x" * (roles.MAX_WILL_CHARS + 1))
    assert refused.value.message == {"id": "refusal.will_long", "params": {"n": 2000}}
    with pytest.raises(roles.IllegalAction) as refused:
        roles.write_will(state, "Zed", WILL)
    assert refused.value.message == {"id": "refusal.unknown_player", "params": {"player": "Zed"}}
    with pytest.raises(roles.IllegalAction) as refused:
        roles.write_will(state, ["Ann"], WILL)
    assert refused.value.message == {"id": "refusal.unknown_player", "params": {"player": ["Ann"]}}
    with pytest.raises(roles.IllegalAction) as refused:
        roles.write_will(state, "Ann", 42)
    assert refused.value.message == {"id": "refusal.will_text", "params": {}}
    assert roles.will_of(state, "Ann") == ""


def test_the_rulings_are_printed_with_the_rules(capsys):
    """Where the documents are silent the decisions are written in the rulings."""
    out = cli_stdout(capsys, "rules", "sc2")
    out = " ".join(out.split())  # the rulings are wrapped
    assert "Last wills (the 'last_wills' option):" in out
    assert "Writing an empty will erases it." in out
    assert "The host's modkill reads no will out" in out
    assert "with the Disguiser's will" in out
    bay12 = roles.rules_text("bay12")
    assert "Last wills (the 'last_wills' option)" not in bay12


# -- who may write -------------------------------------------------------------------------


def test_a_will_by_someone_not_at_the_table_is_refused_naming_him():
    """sc2's last wills are written by a player of the game; any other name is refused,
    naming it (catches: the refused name dropped)."""

    state = game(table("sheriff", "mafioso"))
    with pytest.raises(roles.IllegalAction) as refused_will:
        roles.write_will(state, "Zed", "N1: nothing")
    assert refused_will.value.message == {
        "id": "refusal.unknown_player",
        "params": {"player": "Zed"},
    }
