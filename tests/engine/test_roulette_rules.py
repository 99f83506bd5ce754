"""The graveyard's roulette, pinned line by line (roles/roulette.py, `HELP`).

tests/engine/test_roulette.py checks 002's rules; this file pins the exact
outcomes a reader of the graveyard sees, all seed-deterministic through
`apply`: every refusal's wording, every line said (open, join, watch, bet,
begin with normalised bets, click with the chambers left, bang, winnings,
leaving), whose turn it is after a pull, a pass and a leave (the current
player, the last in order, one before the current), the clock an idle skip
counts from, the streak weights of the payout, the rounds counted across
tables, and the table left behind when a table closes or a round ends.
"""

from __future__ import annotations

import pytest

from roles.roulette import (
    BETTING,
    CLOSED,
    PLAYING,
    TURN_SECONDS,
    RouletteRefused,
    Table,
    apply,
    bullet_chamber,
    is_command,
    normalise,
    payouts,
)
from tests.kit.engine import RICH, roulette_started, seed_with_bullet
from tests.kit.engine import roulette_play as play
from tests.kit.engine import roulette_seated as seated


def refusal(table, actor, text, **kw) -> str:
    """The reason a refused command gives, word for word."""
    with pytest.raises(RouletteRefused) as refused:
        play(table, actor, text, **kw)
    return str(refused.value)


def started(*names, seed=7, now=0.0, **kw) -> Table:
    return play(seated(*names, seed=seed, **kw), names[0], "-start", seed=seed, now=now).table


def after_a_shot_at_ann() -> Table:
    """ann (host) is shot on the first pull of round 1; bob survives."""
    seed = seed_with_bullet(0)
    return play(started("ann", "bob", seed=seed), "ann", "-pull", seed=seed).table


# -- refusals: the reason is shown to the player, so its words are pinned --


def _closed():
    return Table()


def _betting():
    return seated("ann", "bob")


def _playing():
    return started("ann", "bob")


REFUSALS = [
    (_closed, "ann", "pull", {}, "Roulette commands start with '-': type -roulette help."),
    (
        _closed,
        "ann",
        "-roulette",
        {"game_over": True},
        "The Mafia game is over: no new tables or players.",
    ),
    (_closed, "ann", "-roulette 10", {}, "Type -roulette, or -roulette <minimum bet> <chambers>."),
    (_closed, "ann", "-roulette 0 6", {}, "The minimum bet is at least 1 point."),
    (_closed, "zed", "-observe", {}, "No table is open: type -roulette to open one."),
    (_closed, "ann", "-start", {}, "No table is open."),
    (_closed, "ann", "-pull", {}, "No round is being played."),
    (_closed, "zed", "-leave", {}, "You are not at the table."),
    (_betting, "bob", "-join", {}, "You are already at the table."),
    (
        _betting,
        "zed",
        "-observe",
        {"game_over": True},
        "The Mafia game is over: no new tables or players.",
    ),
    (_betting, "bob", "-observe", {}, "You play at this table; -leave it first to watch."),
    (_betting, "zed", "-bet 20", {}, "Bets are placed by the players of a table before its round."),
    (_betting, "bob", "-bet", {}, "Type -bet <points>."),
    (_betting, "bob", "-bet 10 20", {}, "Type -bet <points>."),
    (_betting, "bob", "-bet ten", {}, "The bet must be a whole number."),
    (_betting, "ann", "-pull", {}, "No round is being played."),
    (
        _betting,
        "bob",
        "-skip",
        {"now": 500},
        "Only a player of the round being played may skip a turn.",
    ),
    (_playing, "cid", "-join", {}, "The round has started: wait for the next table."),
    (_playing, "ann", "-start", {}, "The round is already on."),
    (_playing, "cid", "-pull", {}, "You are not playing this round."),
    (_playing, "ann", "-pass", {}, "Pull the trigger once at least before you pass."),
    (_playing, "ann", "-skip", {"now": 500}, "It is your own turn: -pull, -pass or -leave."),
    (
        _playing,
        "cid",
        "-skip",
        {"now": 500},
        "Only a player of the round being played may skip a turn.",
    ),
]


@pytest.mark.parametrize("build, actor, text, kw, reason", REFUSALS)
def test_each_refusal_gives_its_exact_reason(build, actor, text, kw, reason):
    assert refusal(build(), actor, text, **kw) == reason


def test_the_watcher_is_refused_twice_with_its_exact_reason():
    table = play(seated("ann"), "zed", "-observe").table
    assert refusal(table, "zed", "-observe") == "You are already watching the table."


def test_the_shot_is_told_why_they_cannot_sit_again():
    """HELP: "The shot cannot play again in this game's graveyard." """
    table = after_a_shot_at_ann()
    reason = "You were shot at this table: you cannot play again."
    assert refusal(table, "ann", "-roulette") == reason
    assert refusal(play(table, "bob", "-roulette").table, "ann", "-join") == reason


def test_points_missing_from_the_balances_count_as_none():
    # the caller may pass only the players it knows: an absent account owns 0
    assert refusal(Table(), "ann", "-roulette", balances={}) == (
        "You have 0 points; the minimum bet is 10."
    )


# -- the edges of "a bet can never exceed what you own" --


def test_a_minimum_bet_of_one_point_opens_a_table():
    table = play(Table(), "ann", "-roulette 1 6").table
    assert (table.stage, table.min_bet) == (BETTING, 1)


def test_owning_exactly_the_minimum_is_enough_to_open_join_bet_and_play():
    """HELP: "Every account starts with 100 points; a bet can never exceed what you own." """
    exact = {"ann": 10, "bob": 10, "cid": 25}
    table = play(Table(), "ann", "-roulette", balances=exact).table
    table = play(table, "bob", "-join", balances=exact).table
    table = play(table, "cid", "-join", balances=exact).table
    table = play(table, "cid", "-bet 25", balances=exact).table  # all cid owns
    outcome = play(table, "ann", "-start", balances=exact)
    assert outcome.table.players == ["ann", "bob", "cid"] and outcome.table.observers == []
    assert outcome.debits == {"ann": 10, "bob": 10, "cid": 20}


# -- the lines said --


def test_opening_joining_watching_and_betting_say_exact_lines():
    opened = play(Table(), "ann", "-roulette 5 8")
    assert opened.lines == [
        "ann opens a roulette table: minimum bet 5, 8 chambers, one bullet. "
        "-join to play, -observe to watch."
    ]
    joined = play(opened.table, "bob", "-join")
    assert joined.lines == ["bob joins the table (2 players)."]
    watched = play(joined.table, "zed", "-observe")
    assert watched.lines == ["zed watches the table."]
    bet = play(watched.table, "bob", "-bet 40")
    assert bet.lines == ["bob bets 40."]


def test_a_watcher_who_leaves_stops_watching():
    table = play(seated("ann"), "zed", "-observe").table
    outcome = play(table, "zed", "-leave")
    assert outcome.lines == ["zed stops watching the table."]
    assert outcome.table.observers == []


def test_the_host_leaving_before_the_round_hands_the_table_on():
    """HELP: "-leave  leave the table (during the round your bet is lost)": before it, free."""
    outcome = play(seated("ann", "bob", "cid"), "ann", "-leave")
    assert outcome.lines == ["ann leaves the table. bob is the host now."]
    assert outcome.table.host == "bob" and outcome.table.players == ["bob", "cid"]


def test_the_last_player_leaving_before_the_round_closes_the_table_and_keeps_its_history():
    table = after_a_shot_at_ann()
    table = play(table, "bob", "-roulette").table
    outcome = play(table, "bob", "-leave")
    assert outcome.lines == ["bob leaves; the table closes."]
    # the shot stay barred and the rounds keep counting after the table closes
    assert outcome.table == Table(killed=["ann"], rounds=1)


def test_the_round_begins_with_the_bets_and_says_who_was_normalised():
    """HELP: "Bets are normalised when the round starts: nobody bets more than all the
    others together." """
    table = seated("ann", "bob", "cid", bets={"ann": 100, "bob": 20, "cid": 30})
    outcome = play(table, "ann", "-start")
    assert outcome.lines == [
        "The round begins: 6 chambers, one bullet. Bets: ann 50, bob 20, cid 30 "
        "(normalised: ann from 100). ann pulls first."
    ]
    assert outcome.debits == {"ann": 50, "bob": 20, "cid": 30}


def test_the_round_begins_without_a_normalised_note_when_no_bet_is_cut():
    outcome = play(seated("ann", "bob", "cid", bets={"bob": 15}), "ann", "-start")
    assert outcome.lines == [
        "The round begins: 6 chambers, one bullet. Bets: ann 10, bob 15, cid 10. ann pulls first."
    ]


def test_a_click_says_how_many_chambers_are_left():
    """HELP: "-pull  pull the trigger on your turn; after a click, -pull again or -pass"."""
    seed = seed_with_bullet(1, chambers=2)
    table = started("ann", "bob", seed=seed, chambers=2)
    outcome = play(table, "ann", "-pull", seed=seed)
    assert outcome.lines == ["ann pulls: click. 1 chamber left; ann may -pull again or -pass."]
    assert outcome.table.public()["chambers_left"] == 1
    table = started("ann", "bob", seed=seed_with_bullet(5))
    outcome = play(table, "ann", "-pull", seed=seed_with_bullet(5))
    assert outcome.lines == ["ann pulls: click. 5 chambers left; ann may -pull again or -pass."]


def test_the_bang_ends_the_round_with_each_survivors_winnings():
    """HELP: "The shot player's bet (and the bets of those who left) go to the survivors,
    in proportion to their bet x (1 + the pulls they made beyond the first in a turn)." """
    seed = seed_with_bullet(0)
    table = started("ann", "bob", "cid", seed=seed, bets={"ann": 31, "bob": 20, "cid": 30})
    outcome = play(table, "ann", "-pull", seed=seed)
    assert outcome.lines == [
        "ann pulls: BANG! ann is shot.",
        "The round is over. Winnings: bob +12, cid +19 (and each their bet back).",
    ]
    assert outcome.shot == "ann"
    assert outcome.credits == {"bob": 32, "cid": 49}
    assert outcome.table == Table(killed=["ann"], rounds=1)


def test_a_one_point_round_pays_the_lone_survivor_the_whole_pot():
    seed = seed_with_bullet(0)
    table = started("ann", "bob", seed=seed, min_bet=1)
    outcome = play(table, "ann", "-pull", seed=seed)
    assert outcome.credits == {"bob": 2}
    assert outcome.lines[1] == "The round is over. Winnings: bob +1 (and each their bet back)."


# -- what viewers see of a table --


def test_the_public_table_shows_chambers_left_only_while_playing():
    assert seated("ann", "bob").public()["chambers_left"] == 0
    assert Table().public()["chambers_left"] == 0
    seed = seed_with_bullet(5)
    table = play(started("ann", "bob", seed=seed), "ann", "-pull", seed=seed).table
    seen = table.public()
    assert (seen["chambers_left"], seen["current"]) == (5, "ann")
    table = play(table, "ann", "-pull", seed=seed).table
    assert table.public()["chambers_left"] == 4


def test_table_command_lists_the_minimum_for_who_has_not_bet():
    """HELP: "-bet <points>  your bet (the minimum if you never bet)"."""
    table = seated("ann", "bob", bets={"ann": 20})
    assert play(table, "zed", "-table").lines == [
        "ann's table: minimum bet 10, 6 chambers. Players: ann 20, bob 10."
    ]


def test_table_command_counts_the_chambers_left_after_clicks():
    seed = seed_with_bullet(5)
    table = play(started("ann", "bob", seed=seed), "ann", "-pull", seed=seed).table
    table = play(table, "ann", "-pass", seed=seed).table
    assert play(table, "zed", "-table").lines == [
        "ann's table: minimum bet 10, 6 chambers. Players: ann 10, bob 10. "
        "5 chambers left; bob's turn."
    ]


# -- turns and the clock an idle skip counts from --


def test_the_turn_clock_starts_at_zero_when_no_time_is_given():
    table = apply(seated("ann", "bob"), "ann", "-start", balances=RICH, seed=7).table
    assert table.turn_since == 0.0


def test_each_pull_and_pass_restarts_the_turn_clock():
    seed = seed_with_bullet(5)
    table = started("ann", "bob", seed=seed, now=10)
    assert table.turn_since == 10
    table = play(table, "ann", "-pull", seed=seed, now=50).table
    assert table.turn_since == 50
    table = play(table, "ann", "-pass", seed=seed, now=70).table
    assert (table.turn_since, table.current, table.pulls_this_turn) == (70, "bob", 0)


def test_a_skip_counts_the_seconds_from_the_last_pull():
    """HELP: "-skip  skip a player idle for 120 seconds (they lose their bet)"."""
    seed = seed_with_bullet(5)
    table = started("ann", "bob", "cid", seed=seed, now=100)
    table = play(table, "ann", "-pull", seed=seed, now=130).table
    assert refusal(table, "bob", "-skip", seed=seed, now=230) == (
        "ann has 21 more seconds for the turn."
    )
    assert refusal(table, "bob", "-skip", seed=seed, now=130 + TURN_SECONDS - 1) == (
        "ann has 2 more seconds for the turn."
    )
    outcome = play(table, "bob", "-skip", seed=seed, now=130 + TURN_SECONDS)
    assert outcome.lines == [
        "ann let the turn stand too long, is skipped and loses the bet. bob has the revolver."
    ]
    assert outcome.table.current == "bob" and outcome.table.forfeits == {"ann": 10}


def four_at_the_table(seed: int) -> Table:
    return started("ann", "bob", "cid", "dee", seed=seed)


def handed_to(table: Table, name: str, seed: int) -> Table:
    """Pull once and pass until `name` holds the revolver."""
    while table.current != name:
        table = play(table, table.current, "-pull", seed=seed).table
        table = play(table, table.current, "-pass", seed=seed).table
    return table


def test_a_player_before_the_current_leaving_keeps_the_revolver_where_it_is():
    seed = seed_with_bullet(5)
    table = handed_to(four_at_the_table(seed), "dee", seed)
    table = play(table, "dee", "-pull", seed=seed).table
    outcome = play(table, "ann", "-leave", seed=seed, now=40)
    assert outcome.lines == ["ann leaves the round and loses the bet."]
    left = outcome.table
    assert (left.players, left.turn, left.current) == (["bob", "cid", "dee"], 2, "dee")
    # dee's turn goes on: the pull already made still lets dee pass
    assert left.pulls_this_turn == 1
    assert play(left, "dee", "-pass", seed=seed).table.current == "bob"


def test_a_player_after_the_current_leaving_changes_nothing_of_the_turn():
    seed = seed_with_bullet(5)
    table = handed_to(four_at_the_table(seed), "bob", seed)
    outcome = play(table, "dee", "-leave", seed=seed)
    assert outcome.lines == ["dee leaves the round and loses the bet."]
    assert (outcome.table.turn, outcome.table.current) == (1, "bob")


def test_the_current_player_leaving_hands_the_revolver_to_the_next():
    seed = seed_with_bullet(5)
    table = handed_to(four_at_the_table(seed), "bob", seed)
    table = play(table, "bob", "-pull", seed=seed).table
    table = play(table, "bob", "-pull", seed=seed).table  # one consecutive pull
    assert table.streaks == {"ann": 0, "bob": 1, "cid": 0, "dee": 0}
    outcome = play(table, "bob", "-leave", seed=seed, now=90)
    assert outcome.lines == ["bob leaves the round and loses the bet. cid has the revolver."]
    left = outcome.table
    assert (left.players, left.turn, left.current) == (["ann", "cid", "dee"], 1, "cid")
    # a fresh turn for cid: no pull yet, the clock restarted, the leaver's streak gone
    assert (left.pulls_this_turn, left.turn_since) == (0, 90)
    assert left.streaks == {"ann": 0, "cid": 0, "dee": 0}
    assert left.forfeits == {"bob": 10}
    assert refusal(left, "cid", "-pass", seed=seed) == (
        "Pull the trigger once at least before you pass."
    )


def test_the_last_in_order_leaving_on_their_turn_hands_the_revolver_to_the_first():
    """HELP: "players pull in the order they joined, the host first"."""
    seed = seed_with_bullet(5)
    table = handed_to(started("ann", "bob", "cid", seed=seed), "cid", seed)
    outcome = play(table, "cid", "-leave", seed=seed)
    assert outcome.lines == ["cid leaves the round and loses the bet. ann has the revolver."]
    assert (outcome.table.turn, outcome.table.current) == (0, "ann")


def test_the_last_one_at_the_table_takes_the_pot_without_a_shot():
    table = started("ann", "bob", bets={"ann": 30, "bob": 30})
    outcome = play(table, "bob", "-leave")
    assert outcome.lines == [
        "bob leaves the round and loses the bet. ann is the last one at the table.",
        "The round is over. Winnings: ann +30 (and each their bet back).",
    ]
    assert outcome.credits == {"ann": 60} and outcome.shot == ""
    assert outcome.table == Table(rounds=1)


# -- streaks: "1 + the pulls they made beyond the first in a turn" --


def test_three_pulls_in_a_turn_count_two_consecutive_pulls():
    """HELP: "in proportion to their bet x (1 + the pulls they made beyond the first in a
    turn)"."""
    seed = seed_with_bullet(4)
    table = started("ann", "bob", "cid", seed=seed)
    for _ in range(3):
        table = play(table, "ann", "-pull", seed=seed).table
    assert table.streaks == {"ann": 2, "bob": 0, "cid": 0}
    table = play(table, "ann", "-pass", seed=seed).table
    table = play(table, "bob", "-pull", seed=seed).table
    table = play(table, "bob", "-pass", seed=seed).table
    outcome = play(table, "cid", "-pull", seed=seed)
    assert outcome.shot == "cid"
    # weights ann 10 x 3, bob 10 x 1: the pot of 10 is 7.5 / 2.5, the odd point to ann
    assert outcome.credits == {"ann": 18, "bob": 12}
    assert (
        outcome.lines[1] == "The round is over. Winnings: ann +8, bob +2 (and each their bet back)."
    )


def test_payouts_weigh_a_survivor_missing_from_the_streaks_as_no_streak():
    assert payouts({"ann": 10, "bob": 10}, {"ann": 1}, 10) == {"ann": 17, "bob": 13}


def test_payouts_and_normalise_of_empty_or_single_inputs():
    assert payouts({}, {}, 0) == {}
    assert normalise({}) == {}
    assert normalise({"ann": 40}) == {"ann": 40}


# -- rounds are counted across tables, and each round spins anew --


def test_rounds_are_counted_across_tables():
    seed = seed_with_bullet(0)
    table = play(started("ann", "bob", seed=seed), "ann", "-pull", seed=seed).table
    assert (table.stage, table.rounds) == (CLOSED, 1)
    table = play(table, "bob", "-roulette", seed=seed).table
    assert table.rounds == 1
    table = play(table, "cid", "-join", seed=seed).table
    table = play(table, "bob", "-start", seed=seed).table
    assert (table.stage, table.rounds) == (PLAYING, 2)
    assert table.bullet == bullet_chamber(seed, 2, 6)


# -- the table's dict and the command test --


def test_a_table_from_no_dict_is_a_closed_table():
    assert Table.from_dict(None) == Table()


def test_a_table_from_a_dict_shares_no_list_with_it():
    # the site stores the dict: changing the table must not change what was read
    data = started("ann", "bob").to_dict()
    table = Table.from_dict(data)
    table.players.append("zed")
    table.bets["zed"] = 5
    assert data["players"] == ["ann", "bob"] and "zed" not in data["bets"]


def test_only_text_starting_with_a_dash_is_a_command():
    assert is_command("  -pull ")
    assert not is_command("pull the trigger")


# -- clicks, rounds of one and the pot's remainders ----------------------------------------


def test_a_click_tells_the_chambers_left_and_the_choice():
    """002 Russian Roulette: 'Each player takes a turn pulling the trigger'; HELP: 'after
    a click, -pull again or -pass'. The line says so (catches: no line)."""
    seed = seed_with_bullet(5)
    table = roulette_started("ann", "bob", seed=seed).table
    assert play(table, "ann", "-pull", seed=seed).lines == [
        "ann pulls: click. 5 chambers left; ann may -pull again or -pass."
    ]


def test_a_round_of_one_player_is_refused_in_a_sentence():
    """HELP: '-start  the host starts the round (two players at least)' (catches: the
    refusal's first letter lower-cased)."""
    with pytest.raises(RouletteRefused, match=r"^A round needs two players at least\.$"):
        play(seated("ann"), "ann", "-start")


def test_the_pots_odd_points_go_to_the_largest_remainders():
    """roulette.payouts: 'whole points by largest remainder'. Weights 5 and 1 share a pot
    of 4: 3.33 and 0.67; the odd point goes to the 0.67 (remainder 4 of 6), not to the
    larger share (catches: sorted by the share, `%` -> `/`)."""
    assert payouts({"a": 5, "b": 1}, {}, 4) == {"a": 8, "b": 2}
