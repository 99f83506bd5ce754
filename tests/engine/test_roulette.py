"""The graveyard's Russian roulette (rules/002, "Russian Roulette Mini-game"; roles/roulette.py).

Each rule sentence of 002 is quoted above the test that checks it; the choices
made where 002 is silent are those of the module docstring and `HELP`.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roles import roulette
from roles.roulette import (
    BETTING,
    CLOSED,
    PLAYING,
    RouletteRefused,
    Table,
    apply,
    bullet_chamber,
    normalise,
    payouts,
)
from tests.kit.engine import cli_stdout, seed_with_bullet
from tests.kit.engine import roulette_play as play
from tests.kit.engine import roulette_seated as seated
from tests.kit.engine import roulette_started as started

# -- "The game begins by having one player type -roulette in the graveyard chat" --


def test_roulette_opens_a_table_with_its_opener_as_host_and_first_player():
    outcome = play(Table(), "ann", "-roulette")
    assert outcome.table.stage == BETTING
    assert outcome.table.host == "ann" and outcome.table.players == ["ann"]
    assert "ann opens a roulette table" in outcome.lines[0]


def test_one_table_at_a_time():
    table = play(Table(), "ann", "-roulette").table
    with pytest.raises(RouletteRefused, match="ann's table is open"):
        play(table, "bob", "-roulette")


# -- "By typing -roulette # # players you can set a minimum bet and number of chambers" --


def test_roulette_with_two_numbers_sets_minimum_bet_and_chambers():
    table = play(Table(), "ann", "-roulette 25 8").table
    assert (table.min_bet, table.chambers) == (25, 8)


def test_defaults_are_six_chambers_and_minimum_bet_ten():
    # "a six-barrel revolver (unless changed in the settings)"
    table = play(Table(), "ann", "-roulette").table
    assert (table.min_bet, table.chambers) == (roulette.DEFAULT_MIN_BET, 6)


@pytest.mark.parametrize(
    "text, reason",
    [
        ("-roulette 10", "Type -roulette, or"),
        ("-roulette ten 6", "minimum bet must be a whole number"),
        ("-roulette 10 six", "number of chambers must be a whole number"),
        ("-roulette 10 1", "2 to 12 chambers"),
        ("-roulette 10 13", "2 to 12 chambers"),
        ("-roulette 0 6", "at least 1 point"),
        ("-roulette 2000 6", "You have 1000 points"),
        ("-spin", "no command -spin"),
        ("roulette", "start with '-'"),
    ],
)
def test_bad_commands_are_refused_with_a_reason(text, reason):
    with pytest.raises(RouletteRefused, match=reason):
        play(Table(), "ann", text)


def test_help_is_readable_by_anyone_and_changes_nothing():
    table = seated("ann", "bob")
    outcome = play(table, "zed", "-roulette help", can_play=False)
    assert outcome.lines == [roulette.HELP]
    assert outcome.table == table


def test_help_text_is_printed_by_the_command_line(capsys):
    assert cli_stdout(capsys, "roulette").strip() == roulette.HELP


# -- "Other players can then join the game by subsequently typing -join" --


def test_join_adds_players_in_order():
    table = seated("ann", "bob", "cid")
    assert table.players == ["ann", "bob", "cid"]


def test_join_refused_without_table_twice_or_during_the_round():
    with pytest.raises(RouletteRefused, match="No table is open"):
        play(Table(), "bob", "-join")
    table = seated("ann", "bob")
    with pytest.raises(RouletteRefused, match="already at the table"):
        play(table, "bob", "-join")
    table = started("ann", "bob").table
    with pytest.raises(RouletteRefused, match="round has started"):
        play(table, "cid", "-join")


def test_join_needs_the_minimum_bet():
    table = seated("ann", min_bet=50)
    with pytest.raises(RouletteRefused, match="You have 20 points; the minimum bet is 50"):
        play(table, "bob", "-join", balances={"bob": 20})


def test_who_may_not_sit_is_refused_with_the_callers_reason():
    """Decision: the dead and the spectators play; the caller (the site) says who may
    not sit, and why (a game whose GM has spectators only watch)."""
    with pytest.raises(RouletteRefused, match="Only the dead and the spectators play"):
        play(Table(), "zed", "-roulette", can_play=False)
    why = "The GM of this game has spectators only watch the roulette."
    with pytest.raises(RouletteRefused, match=why):
        play(seated("ann"), "zed", "-join", can_play=False, why_not=why)
    assert play(seated("ann"), "zed", "-observe", can_play=False, why_not=why).table.observers


def test_a_rounds_end_names_everyone_whose_bet_it_took():
    """The accounts' record (tables played, won, shot) is counted where a round ends."""
    seed = seed_with_bullet(2)
    table = started("ann", "bob", "cid", seed=seed).table
    table = play(table, "ann", "-pull", seed=seed).table
    table = play(table, "ann", "-pass", seed=seed).table
    table = play(table, "cid", "-leave", seed=seed).table
    outcome = play(table, "bob", "-pull", seed=seed)
    assert outcome.round_players == []  # click: the round goes on
    outcome = play(outcome.table, "bob", "-pull", seed=seed)
    assert outcome.shot == "bob"
    assert outcome.round_players == ["ann", "bob", "cid"]
    assert set(outcome.credits) == {"ann"}


# -- "Players can also type -observe to observe the game" --


def test_observe_lists_a_watcher_who_may_still_join_before_the_round():
    table = play(seated("ann"), "zed", "-observe", can_play=False).table
    assert table.observers == ["zed"]
    table = play(table, "bob", "-observe").table
    table = play(table, "bob", "-join").table
    assert table.observers == ["zed"] and table.players == ["ann", "bob"]


def test_observe_refused_for_players_and_twice():
    table = seated("ann", "bob")
    with pytest.raises(RouletteRefused, match="You play at this table"):
        play(table, "bob", "-observe")
    table = play(table, "zed", "-observe").table
    with pytest.raises(RouletteRefused, match="already watching"):
        play(table, "zed", "-observe")


# -- "Players can then bet points on the game by typing -bet #" --


def test_bet_records_the_amount_within_minimum_and_points():
    table = seated("ann", "bob")
    table = play(table, "bob", "-bet 40").table
    assert table.bets == {"bob": 40}
    with pytest.raises(RouletteRefused, match="minimum bet at this table is 10"):
        play(table, "bob", "-bet 5")
    with pytest.raises(RouletteRefused, match="only 30 points"):
        play(table, "bob", "-bet 40", balances={"bob": 30})
    with pytest.raises(RouletteRefused, match="Bets are placed by the players"):
        play(table, "cid", "-bet 40")


def test_a_player_who_does_not_bet_bets_the_minimum():
    outcome = started("ann", "bob", bets={"ann": 10})
    assert outcome.debits == {"ann": 10, "bob": 10}


# -- "At the end of betting, the bets are normalized so no one player bets more points than
#     the other players combined. Therefore, a 1v1 game will always result in both players
#     betting equal amounts." --


def test_normalised_so_nobody_bets_more_than_the_others_combined():
    assert normalise({"ann": 100, "bob": 20, "cid": 30}) == {"ann": 50, "bob": 20, "cid": 30}
    assert normalise({"ann": 10, "bob": 20, "cid": 30}) == {"ann": 10, "bob": 20, "cid": 30}


def test_one_versus_one_bets_are_equal():
    outcome = started("ann", "bob", bets={"ann": 90, "bob": 15})
    assert outcome.debits == {"ann": 15, "bob": 15}
    assert "normalised: ann from 90" in outcome.lines[-1]


@given(st.lists(st.integers(1, 10_000), min_size=2, max_size=8))
def test_normalised_bets_never_exceed_the_others(amounts):
    bets = {f"p{i}": a for i, a in enumerate(amounts)}
    fixed = normalise(bets)
    for name, amount in fixed.items():
        assert 0 < amount <= bets[name]
        assert amount <= sum(fixed.values()) - amount


# -- "The game is a standard game of Russian Roulette with a six-barrel revolver (unless
#     changed in the settings) and one bullet" --


@pytest.mark.parametrize("chambers", [2, 6, 12])
def test_the_bullet_fires_at_its_chamber_and_only_there(chambers):
    for chamber in range(chambers):
        seed = seed_with_bullet(chamber, chambers)
        table = started("ann", "bob", seed=seed, chambers=chambers).table
        shots = []
        while table.stage == PLAYING:
            outcome = play(table, table.current, "-pull", seed=seed)
            shots.append(outcome.shot)
            if outcome.table.stage == PLAYING:
                table = play(outcome.table, table.current, "-pass", seed=seed).table
            else:
                table = outcome.table
        assert len(shots) == chamber + 1 and shots[-1] and not any(shots[:-1])


def test_the_spin_is_replayable_from_the_seed_and_round():
    assert bullet_chamber(42, 3, 6) == bullet_chamber(42, 3, 6)
    assert {bullet_chamber(42, r, 6) for r in range(1, 60)} == set(range(6))


def test_the_public_table_never_shows_the_bullet():
    table = started("ann", "bob").table
    assert "bullet" not in table.public()
    assert table.public()["chambers_left"] == 6 and table.public()["current"] == "ann"


# Turns (002 is silent): join order, the host first; pull at least once, then pull or pass.


def test_turns_go_in_join_order_and_a_player_must_pull_before_passing():
    seed = seed_with_bullet(5)
    table = started("ann", "bob", "cid", seed=seed).table
    with pytest.raises(RouletteRefused, match="It is ann's turn"):
        play(table, "bob", "-pull", seed=seed)
    with pytest.raises(RouletteRefused, match="Pull the trigger once at least"):
        play(table, "ann", "-pass", seed=seed)
    table = play(table, "ann", "-pull", seed=seed).table
    outcome = play(table, "ann", "-pass", seed=seed)
    assert outcome.table.current == "bob" and "passes the revolver to bob" in outcome.lines[0]


def test_only_the_host_starts_and_with_two_players():
    with pytest.raises(RouletteRefused, match="two players at least"):
        play(seated("ann"), "ann", "-start")
    with pytest.raises(RouletteRefused, match="Only the host, ann"):
        play(seated("ann", "bob"), "bob", "-start")


# -- "Once a player has been killed the surviving players split the points bet by that
#     player between them" --


def test_the_shot_players_bet_is_split_among_survivors():
    seed = seed_with_bullet(0)
    table = started("ann", "bob", "cid", seed=seed, bets={"ann": 20, "bob": 20, "cid": 20}).table
    outcome = play(table, "ann", "-pull", seed=seed)
    assert outcome.shot == "ann"
    assert outcome.credits == {"bob": 30, "cid": 30}
    assert outcome.table.stage == CLOSED


# -- "Players who bet more points receive more winnings" --


def test_bigger_bets_receive_more():
    assert payouts({"bob": 30, "cid": 10}, {}, 40) == {"bob": 60, "cid": 20}


# -- "Players who pulled the trigger multiple times consecutively during play receive
#     more winnings." --


def test_consecutive_pulls_earn_more():
    seed = seed_with_bullet(3)
    table = started("ann", "bob", "cid", seed=seed, bets={"ann": 10, "bob": 10, "cid": 10}).table
    table = play(table, "ann", "-pull", seed=seed).table
    table = play(table, "ann", "-pull", seed=seed).table  # one consecutive pull
    table = play(table, "ann", "-pass", seed=seed).table
    table = play(table, "bob", "-pull", seed=seed).table
    table = play(table, "bob", "-pass", seed=seed).table
    outcome = play(table, "cid", "-pull", seed=seed)
    assert outcome.shot == "cid"
    # weights ann 10 x 2, bob 10 x 1: the pot of 10 splits 7 / 3 (largest remainder)
    assert outcome.credits == {"ann": 17, "bob": 13}


def test_payouts_conserve_points_exactly():
    assert payouts({"a": 1, "b": 1, "c": 1}, {}, 2) == {"a": 2, "b": 2, "c": 1}
    assert sum(payouts({"a": 7, "b": 3}, {"a": 2}, 11).values()) == 21


# -- "Once a player has been killed in a game of Russian Roulette they cannot join any
#     subsequent games" --


def test_the_shot_cannot_join_or_open_later_tables():
    seed = seed_with_bullet(0)
    table = play(started("ann", "bob", seed=seed).table, "ann", "-pull", seed=seed).table
    assert table.killed == ["ann"]
    with pytest.raises(RouletteRefused, match="cannot play again"):
        play(table, "ann", "-roulette")
    table = play(table, "bob", "-roulette").table
    with pytest.raises(RouletteRefused, match="cannot play again"):
        play(table, "ann", "-join")
    assert play(table, "ann", "-observe").table.observers == ["ann"]


# -- "If the game of Mafia comes to a conclusion during a game of Russian Roulette the game
#     will NOT be aborted." --


def test_a_round_plays_on_after_the_mafia_game_ends():
    seed = seed_with_bullet(1)
    table = started("ann", "bob", seed=seed).table
    table = play(table, "ann", "-pull", seed=seed, game_over=True).table
    table = play(table, "ann", "-pass", seed=seed, game_over=True).table
    outcome = play(table, "bob", "-pull", seed=seed, game_over=True)
    assert outcome.shot == "bob" and outcome.credits == {"ann": 20}


def test_no_new_table_or_seat_after_the_mafia_game_ends():
    with pytest.raises(RouletteRefused, match="Mafia game is over"):
        play(Table(), "ann", "-roulette", game_over=True)
    table = seated("ann")
    with pytest.raises(RouletteRefused, match="Mafia game is over"):
        play(table, "bob", "-join", game_over=True)
    with pytest.raises(RouletteRefused, match="Mafia game is over"):
        play(table, "bob", "-observe", game_over=True)


# -- "Bets are silently removed at the beginning of the game and are given back at the end;
#     leaving when you know your odds are bad (50% or 100% to die) will still make you lose
#     the points you bet." --


def test_bets_are_taken_at_the_start_and_given_back_at_the_end():
    outcome = started("ann", "bob", "cid", bets={"ann": 10, "bob": 20, "cid": 30})
    assert outcome.debits == {"ann": 10, "bob": 20, "cid": 30}
    seed = seed_with_bullet(0)
    table = started("ann", "bob", "cid", seed=seed, bets={"bob": 20, "cid": 30}).table
    ended = play(table, "ann", "-pull", seed=seed)
    assert ended.credits["bob"] >= 20 and ended.credits["cid"] >= 30


def test_leaving_when_the_odds_are_bad_still_loses_the_bet():
    seed = seed_with_bullet(5)
    table = started("ann", "bob", "cid", seed=seed).table
    for _ in range(4):  # four clicks: two chambers left, 50% to die
        table = play(table, table.current, "-pull", seed=seed).table
        table = play(table, table.current, "-pass", seed=seed).table
    leaver = table.current
    outcome = play(table, leaver, "-leave", seed=seed, now=5)
    assert leaver not in outcome.table.players
    assert outcome.table.forfeits == {leaver: 10}
    shooter = outcome.table.current
    outcome = play(outcome.table, shooter, "-pull", seed=seed)  # click: one chamber left
    outcome = play(outcome.table, shooter, "-pull", seed=seed)  # 100%: bang
    assert outcome.table.stage == CLOSED and outcome.shot == shooter
    assert leaver not in outcome.credits and sum(outcome.credits.values()) == 30


def test_leaving_before_the_round_costs_nothing_and_passes_the_host_on():
    table = seated("ann", "bob", bets={"ann": 50})
    outcome = play(table, "ann", "-leave")
    assert outcome.table.host == "bob" and "ann" not in outcome.table.bets
    assert outcome.debits == {} and "bob is the host now" in outcome.lines[0]
    assert play(outcome.table, "bob", "-leave").table.stage == CLOSED


def test_the_last_player_left_ends_the_round_without_a_shot_and_takes_the_pot():
    table = started("ann", "bob").table
    outcome = play(table, "ann", "-leave")
    assert outcome.shot == "" and outcome.credits == {"bob": 20}
    assert outcome.table.stage == CLOSED and outcome.table.killed == []


def test_an_idle_player_may_be_skipped_after_the_turn_time():
    table = started("ann", "bob", "cid").table
    with pytest.raises(RouletteRefused, match="more seconds"):
        play(table, "bob", "-skip", now=roulette.TURN_SECONDS - 1)
    with pytest.raises(RouletteRefused, match="your own turn"):
        play(table, "ann", "-skip", now=roulette.TURN_SECONDS)
    outcome = play(table, "bob", "-skip", now=roulette.TURN_SECONDS)
    assert outcome.table.players == ["bob", "cid"] and outcome.table.current == "bob"
    assert outcome.table.forfeits == {"ann": 10}


def test_commands_never_change_their_input_table():
    table = started("ann", "bob").table
    before = table.to_dict()
    play(table, "ann", "-pull")
    play(table, "bob", "-leave")
    assert table.to_dict() == before


def test_table_round_trips_through_its_dict():
    table = started("ann", "bob", "cid").table
    assert Table.from_dict(table.to_dict()) == table
    assert Table.from_dict({}) == Table()


# -- properties: any command sequence --

NAMES = ["ann", "bob", "cid", "dee"]
COMMAND_TEXTS = [
    "-roulette",
    "-roulette 5 3",
    "-roulette 1 2",
    "-join",
    "-observe",
    "-bet 10",
    "-bet 35",
    "-bet 99",
    "-start",
    "-pull",
    "-pull",
    "-pull",
    "-pass",
    "-leave",
    "-skip",
    "-table",
    "-bet x",
    "-nonsense",
]


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    steps=st.lists(
        st.tuples(st.sampled_from(NAMES), st.sampled_from(COMMAND_TEXTS), st.integers(0, 300)),
        max_size=60,
    ),
)
def test_any_command_sequence_conserves_points_and_fires_once_per_round(seed, steps):
    balances = dict.fromkeys(NAMES, 100)
    table = Table()
    now = 0.0
    shots_this_round = 0
    for actor, text, wait in steps:
        now += wait
        try:
            outcome = apply(table, actor, text, balances=balances, seed=seed, now=now)
        except RouletteRefused:
            continue
        for name, amount in outcome.debits.items():
            balances[name] -= amount
            assert balances[name] >= 0  # points never go negative
        if outcome.debits:
            stake = sum(outcome.debits.values())
            shots_this_round = 0
        if outcome.shot:
            shots_this_round += 1
            assert shots_this_round == 1
        if outcome.credits:
            # the round is over: exactly the points bet are paid out
            assert sum(outcome.credits.values()) == stake
            assert outcome.table.stage == CLOSED
        for name, amount in outcome.credits.items():
            balances[name] += amount
        table = outcome.table
        assert table.fired <= table.chambers
        assert set(table.players).isdisjoint(table.killed) or table.stage == CLOSED
        if table.stage == PLAYING:
            assert len(table.players) >= 2 and table.fired <= table.bullet
    at_stake = sum(table.bets.values()) + sum(table.forfeits.values())
    assert sum(balances.values()) + (at_stake if table.stage == PLAYING else 0) == 400


def test_a_player_who_cannot_cover_the_minimum_at_the_start_only_watches():
    """Decision: points are checked again when the round starts (a round elsewhere
    may have cost them): short players are moved to the watchers."""
    table = seated("ann", "bob", "cid")
    outcome = play(table, "ann", "-start", balances={"ann": 50, "bob": 5, "cid": 50})
    assert outcome.table.players == ["ann", "cid"] and outcome.table.observers == ["bob"]
    assert outcome.lines[0] == "bob cannot cover the minimum bet and now watches."
    assert outcome.debits == {"ann": 10, "cid": 10}
    with pytest.raises(RouletteRefused, match="two players at least"):
        play(table, "ann", "-start", balances={"ann": 50, "bob": 5, "cid": 5})


def test_a_bet_bigger_than_the_points_left_at_the_start_is_cut_to_them():
    table = seated("ann", "bob", bets={"ann": 40, "bob": 40})
    outcome = play(table, "ann", "-start", balances={"ann": 25, "bob": 100})
    assert outcome.debits == {"ann": 25, "bob": 25}


def test_table_shows_the_table_and_changes_nothing():
    assert play(Table(), "ann", "-table").lines == ["No table is open: type -roulette to open one."]
    table = started("ann", "bob", bets={"ann": 20, "bob": 30}).table
    outcome = play(table, "cid", "-table", can_play=False)
    assert outcome.table == table
    assert outcome.lines == [
        "ann's table: minimum bet 10, 6 chambers. Players: ann 20, bob 20. "
        "6 chambers left; ann's turn."
    ]


@pytest.mark.parametrize("ruleset_id", ["bay12", "sc2", "ru_classic"])
def test_the_tables_rules_are_printed_with_every_rulesets_rules(ruleset_id):
    """The choices where 002 is silent are in `python -m roles rules RULESET` too."""
    import roles

    assert roulette.HELP in roles.rules_text(ruleset_id)
