"""The GM's night-order sheet (issue 15): "this phase's submitted actions grouped by
the ruleset's stages in the order the engine applies them (its named priority table),
each in words ("dan (Escort) blocks gus"), with who has not acted yet and what each
still owes. The same sheet for day actions." """

import pytest
from django.urls import reverse

import roles
from games import services
from games.desk.sheet import order_sheet
from tests.kit.desk import act, sc2_table

pytestmark = pytest.mark.django_db


def titles_and_lines(sheet):
    return [(s.title, [line.text for line in s.lines]) for s in sheet["stages"]]


def test_bay12_night_the_block_comes_before_the_heal_and_the_kill(table):
    victim = table.with_role("townie")[0]
    # Sent in the "wrong" order: the kill first, the block last.
    mafioso = act(table, "mafioso", "kill", [victim])
    doctor = act(table, "doctor", "heal", [victim])
    escort = act(table, "escort", "block", [doctor])
    sheet = order_sheet(table.state(), table.phase())
    assert titles_and_lines(sheet) == [
        ("Redirection and blocks · Blocks", [f"{escort} (Escort) blocks {doctor}"]),
        ("Protection", [f"{doctor} (Doctor) heals {victim}"]),
        ("Kills", [f"{mafioso} (Mafioso) kills {victim}"]),
    ]
    # The stages follow bay12's table: its night_order, blocks inside redirect_block.
    order = roles.get_ruleset("bay12").night_order
    assert order.index("redirect_block") < order.index("protect") < order.index("kill")
    waiting = {w["name"]: w["owes"] for w in sheet["waiting"]}
    assert waiting == {
        table.with_role("consort")[0]: ["Block"],
        table.with_role("sheriff")[0]: ["Check"],
    }
    assert sheet["acted"] == {"acted": 3, "of": 5}


def test_the_gm_page_shows_the_sheet_in_engine_order(table):
    victim = table.with_role("townie")[0]
    act(table, "mafioso", "kill", [victim])
    escort = act(table, "escort", "block", [table.with_role("doctor")[0]])
    page = table.page("gemma")
    assert page.index(f"{escort} (Escort) blocks") < page.index("(Mafioso) kills")
    assert "owes Check" in page


def test_sc2_night_blocks_then_marks_then_kills_then_investigations(gemma):
    table = sc2_table(gemma)
    victim = table.with_role("citizen")[0]
    sheriff = act(table, "sheriff", "check", [victim])
    mafioso = act(table, "mafioso", "kill", [victim])
    doctor = act(table, "doctor", "heal", [victim])
    consort = act(table, "consort", "block", [doctor])
    lines = titles_and_lines(order_sheet(table.state(), table.phase()))
    assert [t for t, _ in lines] == [
        "Redirection and blocks · Blocks",
        "Marks and protection",
        "Kills",
        "Investigations",
    ]
    assert lines[0][1] == [f"{consort} (Consort) blocks {doctor}"]
    assert lines[1][1] == [f"{doctor} (Doctor) heals {victim}"]
    assert lines[2][1] == [f"{mafioso} (Mafioso) kills {victim}"]
    assert lines[3][1] == [f"{sheriff} (Sheriff) investigates {victim}"]


def test_the_day_sheet_shows_day_actions_votes_and_who_has_not_voted(table):
    services.gm_close_phase(table.gm, table.game.id)  # to day 1
    alive = table.alive()
    voter, target = alive[0], alive[1]
    services.cast_vote(table.users[voter], table.game.id, target)
    sheet = order_sheet(table.state(), table.phase())
    assert sheet["kind"] == "day"
    assert sheet["tally"] == {target: [voter]}
    waiting = {w["name"]: w["owes"] for w in sheet["waiting"]}
    assert voter not in waiting
    assert waiting[alive[2]] == ["a vote"]
    page = table.page("gemma")
    assert "Day 1: the order sheet" in page


def test_the_engine_helper_groups_by_stage_and_keeps_unknown_moves():
    state = roles.new_game(
        "bay12",
        [
            {"name": "ann", "role": "witch"},
            {"name": "bea", "role": "transporter"},
            {"name": "cy", "role": "escort"},
            {"name": "dee", "role": "townie"},
        ],
    )
    sheet = roles.order_sheet(
        state,
        [
            {"actor": "cy", "ability": "block", "targets": ["dee"]},
            {"actor": "bea", "ability": "transport", "targets": ["cy", "dee"]},
            {"actor": "ann", "ability": "control", "targets": ["bea", "cy"]},
            {"actor": "nobody", "ability": "kill", "targets": ["dee"]},
        ],
    )
    assert [s.title for s in sheet] == [
        "Redirection and blocks · Control (Witches)",
        "Redirection and blocks · Transports",
        "Redirection and blocks · Blocks",
        "Other moves",
    ]
    assert sheet[1].lines[0].text == "bea (Transporter) swaps cy and dee"


def test_the_desk_fragment_is_the_gms(table):
    response = table.clients["gemma"].get(reverse("desk_live", args=[table.game.id]))
    assert response.status_code == 200
    assert b'id="desk-sheet"' in response.content and b'id="desk-preview"' in response.content
