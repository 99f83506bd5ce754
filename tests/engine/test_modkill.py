"""roles.modkill: the host removes a player at once, in any ruleset.

- docs/design.md: the GM "can step in: extend or close a phase, pause, modkill, replace a
  player, announce".
- 002 (death description table): "Administrator Kick: He/She was struck by lightning."
- 003 (sport): "Последнее слово есть у всех ... Искючение - модкилл." (everyone gets
  last words but the modkilled).
- ru_hunt's documentation: "a host modkill during a day counts as a modkill at the vote,
  so nobody else leaves that day".
"""

from __future__ import annotations

import pytest

import roles
from roles.modkill import void_modkilled
from tests.kit.engine import bay12_seven as bay12


def test_the_player_dies_at_once_with_cause_modkill_and_the_phase_stays_open():
    state = bay12()
    result = roles.modkill(state, "Fay")
    after = result.state
    assert not after.player("Fay").alive
    assert after.player("Fay").death == {"phase": "day", "number": 1, "by": ["modkill"]}
    assert (after.phase_kind, after.phase_number) == ("day", 1)
    assert after.history == state.history == []
    assert state.player("Fay").alive, "the old state is never changed"
    assert result.record["deaths"] == [{"player": "Fay", "role": "townie", "by": ["modkill"]}]
    public = [e for e in result.events if e.audience == "public"]
    assert [e.kind for e in public] == ["modkill"]
    assert public[0].payload["player"] == "Fay"
    assert public[0].payload["events"] == [
        {"kind": "modkill", "players": ["Fay"], "reason": "host"}
    ]


def test_a_night_modkill_is_described_as_002s_administrator_kick():
    """002: 'Administrator Kick: He/She was struck by lightning.'"""
    result = roles.modkill(bay12(first="night"), "Cid")
    public = result.events[0].payload
    assert public["descriptions"] == {"Cid": "He/She was struck by lightning."}


@pytest.mark.parametrize(
    "reveal, shown",
    [
        ("role", {"player": "Cid", "role": "sheriff", "faction": "town"}),
        ("team", {"player": "Cid", "faction": "town"}),
        ("none", {"player": "Cid"}),
    ],
)
def test_the_reveal_follows_the_games_reveal_mode(reveal, shown):
    result = roles.modkill(bay12(reveal=reveal), "Cid")
    assert result.events[0].payload["deaths"] == [shown]
    # The GM's record has everything.
    gm = [e for e in result.events if e.audience == "gm"]
    assert gm[0].payload["deaths"][0]["role"] == "sheriff"


def test_the_win_conditions_are_checked_at_once():
    state = roles.modkill(bay12(), "Ann").state
    assert not state.ended
    result = roles.modkill(state, "Bob")
    assert result.state.ended
    assert result.state.winners == ["Cid", "Dan", "Eve", "Fay", "Gil"]
    kinds = [e.kind for e in result.events]
    assert kinds == ["modkill", "game_over", "phase_record"]
    with pytest.raises(roles.IllegalAction) as refused:
        roles.modkill(result.state, "Cid")
    assert refused.value.message == {"id": "refusal.ended", "params": {}}


@pytest.mark.parametrize(
    "name, reason", [("Zed", "unknown player 'Zed'"), (["Ann"], "unknown player"), ("Ann", "dead")]
)
def test_bad_names_are_refused_and_change_nothing(name, reason):
    state = roles.modkill(bay12(), "Ann").state if name == "Ann" else bay12()
    before = state.to_dict()
    with pytest.raises(roles.IllegalAction, match=reason):
        roles.modkill(state, name)
    assert state.to_dict() == before


def test_the_close_voids_the_modkilled_players_moves_and_the_ballots_naming_him():
    state = roles.modkill(bay12(), "Fay").state
    votes = [
        ["Fay", "Ann"],  # the modkilled player's own ballot
        ["Gil", "Fay"],  # a ballot naming him: Gil has no ballot
        ["Cid", "Fay"],
        ["Cid", "Ann"],  # Cid voted again after the modkill: that ballot counts
        ["Dan", "Ann"],
        ["Eve", "Ann"],
    ]
    result = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}})
    assert result.record["tally"] == {"Ann": 3}
    assert result.record["lynched"] == ["Ann"]
    assert "modkilled" not in result.state.memory
    # The next phase starts clean: nothing is void any more.
    assert roles.resolve_phase(result.state, {"night": []}).state.phase_label == "day 2"


def test_a_night_action_of_or_on_the_modkilled_is_void():
    state = roles.modkill(bay12(first="night"), "Dan")
    night = [
        {"actor": "Dan", "targets": ["Cid"]},  # the doctor, modkilled
        {"actor": "Ann", "targets": ["Dan"]},  # the kill aimed at him
        {"actor": "Cid", "targets": ["Ann"]},
    ]
    record = roles.resolve_phase(state.state, {"night": night}).record
    assert record["deaths"] == []
    assert [r["to"] for r in record["results"]] == ["Cid"]


def test_without_a_modkill_the_input_is_untouched():
    """The scenario contract: existing inputs resolve as before (no memory key added)."""
    state = bay12()
    result = roles.resolve_phase(state, {"day": {"votes": [["Cid", "Fay"]], "actions": []}})
    assert "modkilled" not in result.state.memory


RU_SPORT = ["commissar", "don", "mafia", "mafia", *["civilian"] * 6]
RU_NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil", "Hal", "Ian", "Jon"]


def ru_sport(first="day"):
    players = [{"name": n, "role": r} for n, r in zip(RU_NAMES, RU_SPORT, strict=True)]
    return roles.new_game("ru_sport", players, 0, {}, first)


def test_sport_a_modkilled_player_gets_no_last_words_the_lynched_does():
    """003 sport: 'Последнее слово есть у всех ... Искючение - модкилл.'"""
    result = roles.modkill(ru_sport(), "Eve")
    assert all(e["kind"] != "last_words" for e in result.record["events"])
    # The ruleset's own rule applied it (ru_common.gm_modkills): one place per rule.
    assert result.record["events"] == [{"kind": "modkill", "players": ["Eve"], "reason": "host"}]
    votes = [[n, "Cid"] for n in RU_NAMES if n not in ("Eve", "Cid")] + [["Cid", "Ann"]]
    close = roles.resolve_phase(result.state, {"day": {"votes": votes, "rounds": []}})
    last_words = [e["player"] for e in close.record["events"] if e["kind"] == "last_words"]
    assert last_words == ["Cid"]


def test_sport_a_modkilled_don_passes_the_title_on_at_the_close():
    """003 sport: 'При посадке/убийстве статус Дон переходит другому члену мафии'."""
    state = roles.modkill(ru_sport(first="night"), "Bob").state
    kills = [{"actor": m, "ability": "kill", "targets": ["Eve"]} for m in ("Cid", "Dan")]
    after = roles.resolve_phase(state, {"night": kills}).state
    assert after.player("Cid").role == "don"
    assert not after.player("Eve").alive, "the modkilled don's kill vote is not awaited"


def test_the_at_once_modkill_agrees_with_the_gm_action_at_the_close():
    """ru_classic: the host's modkill as a GM action at the close and at once give the
    same day (his ballot void, the lynch counted from the others)."""
    names = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil"]
    roles_ = ["commissar", "mafia", "mafia", "doctor", "civilian", "civilian", "civilian"]
    players = [{"name": n, "role": r} for n, r in zip(names, roles_, strict=True)]
    state = roles.new_game("ru_classic", players, 0, {}, "day")
    votes = [[n, "Bob"] for n in names if n not in ("Bob", "Gil")] + [
        ["Bob", "Ann"],
        ["Gil", "Ann"],
    ]
    at_close = roles.resolve_phase(
        state,
        {
            "day": {
                "votes": votes,
                "rounds": [],
                "actions": [{"actor": "GM", "ability": "modkill", "targets": ["Gil"]}],
            }
        },
    )
    at_once = roles.resolve_phase(roles.modkill(state, "Gil").state, {"day": {"votes": votes}})
    for result in (at_close, at_once):
        assert result.record["tally"] == {"Bob": 5, "Ann": 1}
        assert result.record["lynched"] == ["Bob"]
        assert not result.state.player("Gil").alive
        assert result.state.player("Gil").death["by"] == ["modkill"]


def test_hunt_a_host_modkill_during_the_day_means_nobody_else_leaves():
    """ru_hunt: 'a host modkill during a day counts as a modkill at the vote, so nobody
    else leaves that day'."""
    names = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
    roles_ = ["mafia", "maniac", "doctor", "civilian", "civilian", "civilian"]
    players = [{"name": n, "role": r} for n, r in zip(names, roles_, strict=True)]
    state = roles.modkill(roles.new_game("ru_hunt", players, 0, {}, "day"), "Fay").state
    votes = [[n, "Ann"] for n in names if n not in ("Ann", "Fay")] + [["Ann", "Bob"]]
    record = roles.resolve_phase(state, {"day": {"votes": votes}}).record
    assert not record.get("lynched")
    assert any(e["kind"] == "no_lynch" and e["reason"] == "modkill" for e in record["events"])


@pytest.mark.parametrize("ruleset_id", [r.id for r in roles.list_rulesets()])
def test_every_ruleset_modkills_and_then_closes_the_phase(ruleset_id):
    ruleset = roles.get_ruleset(ruleset_id)
    preset = next(iter(ruleset.presets.values()))
    names = [f"P{i}" for i in range(len(preset.roles))]
    dealt = roles.deal(ruleset_id, preset.id, names, 5)
    state = roles.new_game(ruleset_id, dealt, seed=5, options=preset.options, first_phase="night")
    victim = names[-1]
    result = roles.modkill(state, victim)
    assert not result.state.player(victim).alive
    assert result.state.player(victim).death["by"] == ["modkill"]
    if not result.state.ended:
        roles.resolve_phase(result.state, {"night": []})


@pytest.mark.parametrize("ruleset_id", ["bay12", "ru_sport"])
def test_the_rulings_are_printed_with_every_rulesets_rules(ruleset_id):
    """The decisions where the documents are silent are in `python -m roles rules`."""
    assert "The host's modkill (any ruleset) takes effect at once" in roles.rules_text(ruleset_id)


# -- the modkill's record, its refusals and what it voids ----------------------------------


def test_the_modkill_record_and_its_public_event_name_the_phase_number():
    """The record: {"phase", "number", "modkill", ...} (roles/modkill.py; catches: the
    "number" key renamed)."""
    result = roles.modkill(bay12(), "Fay")
    assert (result.record["phase"], result.record["number"]) == ("day", 1)
    public = result.events[0].payload
    assert (public["phase"], public["number"]) == ("day", 1)


def test_a_malformed_ballot_of_a_modkilled_voter_is_still_refused():
    """Voiding the modkilled player's ballots removes ballots, never a malformed event
    that the day then refuses (catches: a three-item list read as his ballot)."""
    state = roles.modkill(bay12(), "Fay").state
    with pytest.raises(roles.IllegalAction):
        roles.resolve_phase(
            state, {"day": {"votes": [["Fay", "Ann", "Bob"]], "rounds": [], "actions": []}}
        )


def test_the_modkilled_players_round_ballots_and_day_actions_are_void_too():
    """roles.modkill's ruling: 'What he submitted in that phase is void, so are moves
    aimed at him and ballots naming him.' That holds in the day's extra rounds and its
    day actions as in its votes (catches: rounds left as given, actions under another
    key)."""
    day = {
        "votes": [["Fay", "Ann"]],
        "rounds": [[["Fay", "Ann"], ["Cid", "Ann"], ["Dan", "Fay"]]],
        "actions": [{"actor": "Fay", "targets": ["Ann"]}, {"actor": "Gil", "targets": ["Fay"]}],
    }
    assert void_modkilled({"day": day}, {"Fay"}) == {
        "day": {"votes": [], "rounds": [[["Cid", "Ann"]]], "actions": []}
    }


def test_a_modkill_of_a_dead_player_is_refused_naming_him():
    """The host's modkill removes a living player; a dead one is refused, naming him
    (catches: the refusal's player dropped)."""
    state = roles.modkill(bay12(), "Fay").state
    with pytest.raises(roles.IllegalAction) as refusal:
        roles.modkill(state, "Fay")
    assert refusal.value.message == {"id": "refusal.dead", "params": {"player": "Fay"}}


def test_two_modkills_in_one_phase_are_both_remembered_and_both_voided():
    """roles.modkill: "The modkilled players of the open phase are remembered in the state
    until that phase is resolved": a second modkill in the same phase adds to the first
    (catches: each modkill started a new list, forgetting the first)."""
    from roles.modkill import modkilled_now

    state = roles.modkill(roles.modkill(bay12(), "Fay").state, "Gil").state
    assert modkilled_now(state) == ["Fay", "Gil"]
    votes = [["Fay", "Ann"], ["Gil", "Ann"], ["Cid", "Ann"], ["Dan", "Bob"]]
    result = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}})
    assert result.record["tally"] == {"Ann": 1, "Bob": 1}


def test_void_modkilled_drops_the_ballots_naming_the_modkilled_and_keeps_the_rest():
    """roles.modkill: "What he submitted in that phase is void, so are moves aimed at him
    and ballots naming him (that voter has no ballot until he votes again)"; a move whose
    targets are not a list, or a ballot that is not a pair, is left for the engine to
    refuse (catches: a voter's last target forgotten, so his earlier ballot stood; any
    targets field read as names; any ballot read as a pair)."""
    day = {
        "votes": [["Gil", "Fay"], ["Cid", "Fay"], ["Cid", "Ann"], ["Fay", "Ann"], ["Dan", "Ann"]],
        "rounds": [[["Eve", "Fay"]]],
        "actions": [],
    }
    voided = void_modkilled({"day": day}, {"Fay"})["day"]
    assert voided["votes"] == [["Cid", "Ann"], ["Dan", "Ann"]]
    # Gil's last ballot named Fay: his earlier one for Ann is void with it.
    votes = [["Gil", "Ann"], ["Gil", "Fay"], ["Dan", "Ann"]]
    assert void_modkilled({"day": {"votes": votes}}, {"Fay"})["day"]["votes"] == [["Dan", "Ann"]]
    # What is not a [voter, target] pair is not a ballot: left as it is.
    assert void_modkilled({"day": {"votes": ["xy", None]}}, {"y"})["day"]["votes"] == ["xy", None]
    assert voided["rounds"] == [[]]
    night = [{"actor": "Ann", "targets": "F"}, {"actor": "Bob", "targets": ["F"]}]
    assert void_modkilled({"night": night}, {"F"}) == {"night": night[:1]}


def test_void_modkilled_leaves_what_is_not_a_phase_or_a_round_to_the_engine():
    """void_modkilled voids only well-formed moves and ballots; an input that is not an
    object, or a round that is not a list, is left as it came, for the engine's own
    refusal (catches: the shape tests made `and` / always true)."""
    assert void_modkilled(["night"], {"Fay"}) == ["night"]
    rounds = void_modkilled({"day": {"rounds": ["xy", [["Ann", "y"]]]}}, {"y"})["day"]["rounds"]
    assert rounds == ["xy", []]
