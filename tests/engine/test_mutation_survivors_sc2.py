"""Tests the mutation run over roles/ showed missing in sc2 (roles/rulesets/sc2*.py other
than the night: setup, options, chats, day, wins, conversions and promotions, refusals)
(bench/mutation.py; bench/README.md, "Mutation testing"). Each names the surviving mutant
it kills; where it checks a rule it quotes the rule sentence.
"""

from __future__ import annotations

import pytest

import roles
from roles.setup.categories import setup_categories
from tests.engine.test_chats import by_id, play, sc2_game
from tests.engine.test_chats import day as chat_day
from tests.engine.test_mutation_survivors_engine import _act
from tests.engine.test_mutation_survivors_townston import _refusal
from tests.engine.test_sc2 import game as sc2_new_game
from tests.engine.test_sc2 import offered, quiet_day, table
from tests.engine.test_sc2 import sim as sc2_sim
from tests.engine.test_sc2_options import roster

# -- the ruleset samples' survivors (bench/README.md, "Ruleset survivors") -----------------


def test_sc2_the_mason_chat_is_titled_masons():
    """sc2-reference 2.1 Mason: 'night chat with Masons + Mason Leader'. The room's title
    is what the site shows (mutants: no title, another title)."""
    masons = by_id(play(sc2_game(), chat_day()))["masons"]
    assert masons.title == "Masons"


def test_sc2_the_godfather_orders_the_kill_when_a_mafioso_lives_whatever_the_option():
    """sc2-reference 2.2 Godfather: 'Orders the Mafia kill; kills himself if no
    Mafioso (option)'. With a Mafioso alive the order is his with the option off too
    (mutant: the Mafioso looked up under no role, so the order was never offered)."""
    players = table("godfather", "mafioso")
    assert "kill" in offered(
        sc2_new_game(players, {"godfather_kills_without_mafioso": False}), "Ann"
    )


def test_sc2_a_revealed_mayor_and_a_jailor_have_their_crimes():
    """sc2-reference 2.4: 'jailing/kidnapping = Kidnapping; Mayor/Judge/Marshall reveal =
    Corruption'. The Investigators (crimes mode) that night read exactly those (mutant:
    the Mayor's crime renamed)."""
    players = table("mayor", "jailor", "investigator", "investigator", "mafioso")
    reveal = {"actor": "Ann", "ability": "reveal"}
    jail = {"actor": "Bob", "ability": "jail", "targets": ["Gus"]}
    checks = [{"actor": "Cid", "targets": ["Ann"]}, {"actor": "Dan", "targets": ["Bob"]}]
    out = sc2_sim(
        players,
        [quiet_day([reveal, jail]), {"night": checks}],
        {"investigator_results": "crimes"},
    )
    crimes = [r for r in out["phases"][1]["results"] if r["kind"] == "crimes"]
    assert [(r["target"], r["value"]) for r in crimes] == [
        ("Ann", ["corruption"]),
        ("Bob", ["kidnapping"]),
    ]


def test_sc2_a_spreading_fire_is_not_stopped_by_a_bodyguard():
    """sc2's documentation (fire_spreads): 'on, everyone who visited a burning house that
    night burns too, by the fire's rules (immunity, heals, jail and Bodyguards as for the
    doused)'; 000 Bodyguard: 'You cannot prevent a kill from the ... Arsonist'. The
    Sheriff who visited the burning house burns though a Bodyguard guards him (mutant:
    the spread fire's attack made interceptable: the Bodyguard died in his place)."""
    players = roster("arsonist", "sheriff", "citizen", "bodyguard", "mafioso")
    fire = [
        {"actor": "Ann", "ability": "ignite"},
        {"actor": "Bob", "targets": ["Cid"]},
        {"actor": "Dan", "targets": ["Bob"]},
    ]
    out = sc2_sim(
        players,
        [{"night": [{"actor": "Ann", "targets": ["Cid"]}]}, quiet_day(), {"night": fire}],
        {"arsonist_fire_spreads": True},
    )
    assert {d["player"] for d in out["phases"][2]["deaths"]} == {"Bob", "Cid"}


def test_sc2_a_bludgeoning_mason_leader_is_not_told_his_recruit_failed():
    """sc2-reference 2.1 Mason Leader: 'a Cultist visited is bludgeoned to death (uses a
    recruit)'. The visit is a kill, not a recruitment: no 'recruit failed' result
    (mutant: the bludgeon mark read under another key, the recruit went on and failed)."""
    players = table("mason_leader", "mafioso", "cultist")
    out = sc2_sim(players, [{"night": [{"actor": "Ann", "targets": ["Cid"]}]}])
    assert {d["player"] for d in out["phases"][0]["deaths"]} == {"Cid"}
    assert [r for r in out["phases"][0]["results"] if r["to"] == "Ann"] == []


def test_sc2_the_jail_transcript_is_gone_once_a_later_night_has_passed():
    """sc2's documentation (chats): 'The two may read it through the following day; a new
    night closes it.' Closed, it stays closed: the day after the next night shows no
    jail room either (mutant: `or` -> `and`, night 1's transcript came back on day 3)."""
    night = play(
        sc2_game(), chat_day(actions=[{"actor": "Ann", "ability": "jail", "targets": ["Bob"]}])
    )
    day_two = play(night, {"night": []})
    assert "jail:1" in by_id(day_two)
    day_three = play(day_two, chat_day(), {"night": []})
    assert not any(room.id.startswith("jail") for room in by_id(day_three).values())


def test_sc2_every_setup_flag_is_off_by_default_and_prints_as_false():
    """sc2-reference 3.1: 'Exclude Citizen (D: Off), Exclude Mason (D: Off)', 'Exclude
    killing roles (D: Off)', Neutral Evil's 'host option to include/exclude NK in NE'
    (ours: off). `setup categories sc2` prints each default as false (mutant: Neutral
    Evil's default None, printed null)."""
    flags = {
        (category, flag): value
        for category, entry in setup_categories("sc2").items()
        for flag, value in entry["exclude"].items()
    }
    assert flags[("neutral_evil", "include_neutral_killing")] is False
    assert all(value is False for value in flags.values())


# -- the ruleset samples' survivors, the second session's draw (2026-12-03) ----------------


def test_sc2_a_dead_players_role_is_public_unless_the_clue_variant_hides_it():
    """sc2-reference 3.3: the Clue variant has 'roles not revealed at death'; sc2's option
    reveal_roles (on): 'a dead player's role is shown'. The night's public death list
    shows the role and the faction, and hides them in Clue (mutant: `reveal_of`'s
    "role" renamed, so no death showed its role)."""
    kill = {"night": [{"actor": "Bob", "targets": ["Ann"]}]}

    def public_deaths(options):
        state = sc2_new_game(table("citizen", "mafioso"), options)
        result = roles.resolve_phase(state, kill)
        return next(e for e in result.events if e.kind == "phase_closed").payload["deaths"]

    assert public_deaths({}) == [{"player": "Ann", "role": "citizen", "faction": "town"}]
    assert public_deaths({"reveal_roles": False}) == [{"player": "Ann"}]


# -- the rulesets' runtime survivors, session 30 ----------------------------------------------


def test_sc2_jail_transcript_of_a_game_that_began_at_night():
    """sc2 RULINGS: 'The two may read it through the following day; a new night closes
    it.' 'It is anonymous: the prisoner sees the Jailor as 'Jailor', never his name.' A
    game that began at night jails on day 1 for night 2: on day 2 the cell's transcript
    is there, closed, and says the Jailor's name is never shown (`sc2_chats.jail_room_31`:
    the day numbers taken for the nights; `_43`: closed as None; `_56/62/63/64`: the
    notice)."""
    from tests.engine.test_chats import JAIL_BOB

    night = play(sc2_game(first="night"), {"night": []}, chat_day(actions=[JAIL_BOB]))
    assert by_id(night)["jail:2"].open is True
    jail = by_id(play(night, {"night": []}))["jail:2"]
    assert jail.members == ("Bob", "Ann") and jail.open is False
    assert jail.notice == "The Jailor's name is never shown here."


def test_sc2_draw_slot_draws_the_coroner_only_in_the_clue_variant():
    """002: the Coroner is drawn when 'The mode is the Clue variant.' `draw_slot` (the
    game-start draw of one random slot) leaves him out of Town Investigative by default
    and draws him with `clue_variant` (`sc2_categories.draw_slot_1/7`: the variant on by
    default, or off when asked for)."""
    import random

    from roles.rulesets import sc2_categories

    def drawn(**clue):
        return {
            sc2_categories.draw_slot("town_investigative", [], {}, random.Random(s), **clue)
            for s in range(60)
        }

    assert drawn() == {"investigator", "lookout", "sheriff"}
    assert drawn(clue_variant=True) == {"coroner", "investigator", "lookout", "sheriff"}


@pytest.mark.parametrize(
    ("head", "acts", "options", "value"),
    [
        # 'Cannot convert Mafia'; Masons and the Mason Leader are immune.
        (("cultist", "mason_leader", "mafioso"), [], None, "failed"),
        (("cultist", "citizen", "mafioso"), [], None, "success"),
        # A player killed the same night is not converted.
        (("cultist", "citizen", "mafioso"), [_act("Cid", "kill", "Bob")], None, "failed"),
        # 'Immunity prevents conversion (D: On)': a vest worn that night is immunity.
        (("cultist", "survivor", "mafioso"), [_act("Bob", "vest")], None, "failed"),
        (
            ("cultist", "survivor", "mafioso"),
            [_act("Bob", "vest")],
            {"cult_immunity_prevents_conversion": False},
            "success",
        ),
        # Doctor/Bodyguard prevent it only with their options ('Prevents Cultist
        # conversion (D: Off)').
        (
            ("cultist", "citizen", "doctor", "mafioso"),
            [_act("Cid", "heal", "Bob")],
            None,
            "success",
        ),
        (
            ("cultist", "citizen", "doctor", "mafioso"),
            [_act("Cid", "heal", "Bob")],
            {"doctor_prevents_conversion": True},
            "failed",
        ),
        (
            ("cultist", "citizen", "bodyguard", "mafioso"),
            [_act("Cid", "guard", "Bob")],
            None,
            "success",
        ),
        (
            ("cultist", "citizen", "bodyguard", "mafioso"),
            [_act("Cid", "guard", "Bob")],
            {"bodyguard_prevents_conversion": True},
            "failed",
        ),
        # Each option names its own protector: a guard is no heal, a heal no guard.
        (
            ("cultist", "citizen", "bodyguard", "mafioso"),
            [_act("Cid", "guard", "Bob")],
            {"doctor_prevents_conversion": True},
            "success",
        ),
        (
            ("cultist", "citizen", "doctor", "mafioso"),
            [_act("Cid", "heal", "Bob")],
            {"bodyguard_prevents_conversion": True},
            "success",
        ),
    ],
)
def test_sc2_conversion_refused_for_each_reason_the_references_give(head, acts, options, value):
    """sc2-reference 2.3 Cultist: 'Convert a player'; 'Cannot convert Mafia'; Masons are
    immune; 'Immunity prevents conversion (D: On)'; Bodyguard 'Prevents Cultist conversion
    (D: Off)', the Doctor's port option likewise (`sc2_rules.conversion_refusal_2-71`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    out = sc2_sim(roster(*head), [{"night": [_act("Ann", "convert", "Bob"), *acts]}], options)
    results = [r for r in out["phases"][0]["results"] if r["kind"] == "convert"]
    assert results == [{"to": "Ann", "kind": "convert", "target": "Bob", "value": value}]


def test_sc2_a_jailed_player_is_not_converted():
    """sc2-reference N0: 'Jail applied: prisoner roleblocked + protected': the Cultist's
    conversion of the prisoner fails (`sc2_rules.conversion_refusal_16/17/18`)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    phases = [{"night": []}, quiet_day([_act("Cid", "jail", "Bob")])]
    phases.append({"night": [_act("Ann", "convert", "Bob")]})
    out = sc2_sim(roster("cultist", "citizen", "jailor", "mafioso"), phases)
    assert [r for r in out["phases"][2]["results"] if r["kind"] == "convert"] == [
        {"to": "Ann", "kind": "convert", "target": "Bob", "value": "failed"}
    ]
    assert out["roles"]["Bob"] == "citizen"


@pytest.mark.parametrize("promoted", [True, False])
def test_sc2_a_consigliere_takes_the_godfathers_place_only_with_the_option(promoted):
    """sc2 port Consigliere `promoted_if_no_Godfather`: with the Godfather lynched and no
    Mafioso, the Consigliere becomes the Godfather with the option and, without it, the
    Mafioso (Framer 'Becomes Mafioso if alone (D: On)'); a Citizen is never promoted
    (`sc2_rules.after_deaths_18/32`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import NAMES, roster

    lynch = {"day": {"votes": [[n, "Bob"] for n in NAMES if n != "Bob"], "rounds": []}}
    lynch["day"]["actions"] = []
    out = sc2_sim(
        roster("citizen", "godfather", "consigliere", "doctor"),
        [{"night": []}, lynch],
        {"consigliere_promoted_if_no_godfather": promoted},
    )
    assert out["phases"][1]["lynched"] == ["Bob"]
    assert out["roles"]["Ann"] == "citizen"
    assert out["roles"]["Cid"] == ("godfather" if promoted else "mafioso")


def test_sc2_a_mason_is_not_promoted_while_the_leader_lives():
    """sc2 port Mason `promoted_if_alone`: a lone Mason becomes the Mason Leader only when
    no Leader lives (`sc2_rules.after_deaths_93/98/99`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    out = sc2_sim(
        roster("mason", "mason_leader", "mafioso"),
        [{"night": [_act("Cid", "kill", "Eve")]}],
        {"mason_promoted_to_leader": True},
    )
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Eve"]
    assert out["roles"]["Ann"] == "mason"


def test_sc2_the_failed_executioner_is_told_whose_death_failed_him():
    """002: 'He/She apparently shot himself after leaving a suicide note with the words
    "I failed." on it.' With the suicide option, the Executioner whose target dies at
    night is told his failure, naming the target (`after_deaths_147/150`)."""
    options = {"executioner_becomes_jester": False, "executioner_suicides_on_failure": True}
    from tests.engine.test_sc2_options import roster

    state = roles.new_game("sc2", roster("executioner", "mafioso"), 1, options)
    target = state.player("Ann").memory["exe_target"]
    result = roles.resolve_phase(state, {"night": [_act("Bob", "kill", target)]})
    assert result.record["results"] == [{"to": "Ann", "kind": "failed", "target": target}]


def test_sc2_a_converted_player_joins_the_cult_and_the_cap_counts_the_dead():
    """sc2-reference 2.3 Cultist: 'Convert a player'; 'cult capped at 1/3 of original size
    minus Mafia; regains a conversion per 2 cultists killed'. A converted Citizen's
    faction is the cult's (`change_role_4`); two founders under a cap of three convert
    (`cult_has_room_32`); three founders at the cap, one of them dead, still cannot:
    one death is not two (`_11/36`)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    def converted(head, phases):
        out = sc2_sim(roster(*head), phases)
        convert = [r for p in out["phases"] for r in p["results"] if r["kind"] == "convert"]
        return convert[-1]["value"]

    state = roles.new_game("sc2", roster("cultist", "citizen", "mafioso"), 1, {})
    state = roles.resolve_phase(state, {"night": [_act("Ann", "convert", "Bob")]}).state
    assert state.player("Bob").role == "cultist" and state.player("Bob").faction == "cult"

    # 12 players, one mafioso: a cap of (12 - 1) // 3 = 3.
    two = ("cultist", "cultist", "citizen", "mafioso")
    assert converted(two, [{"night": [_act("Ann", "convert", "Cid")]}]) == "success"
    three = ("cultist", "cultist", "cultist", "citizen", "mafioso")
    phases = [{"night": [_act("Eve", "kill", "Cid")]}, quiet_day()]
    phases.append({"night": [_act("Ann", "convert", "Dan")]})
    assert converted(three, phases) == "failed"


def test_sc2_a_leaver_at_night_gets_the_leaver_line():
    """002: 'Leaver Suicide: (name) committed suicide.' in sc2 as in bay12
    (`sc2_rules.describe_12`: the name left out)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    out = sc2_sim(roster("mafioso", "doctor"), [{"night": [_act("GM", "leave", "Eve")]}])
    assert out["phases"][0]["descriptions"] == {"Eve": "Eve committed suicide."}


def test_sc2_trial_question_refusals_record_and_the_verdict_in_seat_order():
    """sc2-reference 3.3 'Majority + Trial (defence then verdict)'; 'SC2 shows how everyone
    voted in the verdict'. The engine asks for the verdict naming the accused and the
    choices (`sc2_day._trial_7-13`); a bad verdict ballot is refused naming the round
    (`_3/_47`); the record keeps the count (`_85-87`) and the verdict event lists the
    guilty and the innocent in seat order, whatever their names (`_63-71`)."""
    names = ["Zed", "Yan", "Xia", "Wes", "Vic", "Uma"]
    cast = ["citizen", "mafioso", "citizen", "citizen", "citizen", "citizen"]
    players = [{"name": n, "role": r} for n, r in zip(names, cast, strict=True)]
    state = roles.new_game("sc2", players, 1, {"day_type": "majority_trial"}, "day")
    votes = [[n, "Yan"] for n in ("Zed", "Xia", "Wes", "Vic")]

    def day_with(rounds):
        return {"day": {"votes": votes, "rounds": rounds, "actions": []}}

    with pytest.raises(roles.PendingDecision) as asked:
        roles.resolve_phase(state, day_with([]))
    assert str(asked.value) == "Yan is on trial: the verdict is needed (execute / pardon)"
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(state, day_with([[["Vic", "maybe"]]]))
    assert str(refused.value) == "Vic: the trial verdict is a choice of execute, pardon"

    ballots = [["Vic", "execute"], ["Zed", "execute"], ["Uma", "pardon"], ["Wes", "execute"]]
    ballots.append(["Xia", "pardon"])
    record = roles.resolve_phase(state, day_with([ballots])).record
    assert record["rounds"] == [{"execute": 3, "pardon": 2}] and record["lynched"] == ["Yan"]
    verdict = next(e for e in record["events"] if e["kind"] == "verdict")
    assert verdict == {
        "kind": "verdict",
        "player": "Yan",
        "verdict": "guilty",
        "guilty": ["Zed", "Wes", "Vic"],
        "innocent": ["Xia", "Uma"],
    }


def test_sc2_majority_lynches_at_the_vote_that_reaches_it():
    """sc2-reference 3.3 Majority: '>=51 % of votes executes immediately'. Seven of twelve
    lynch the Jester at the seventh vote: the tally is the one at that moment and a vote
    cast after it is no guilty vote for the Jester's haunt ('Kills a random guilty
    voter') (`sc2_day._majority_10/26/27`, `vote_52/56/57`). The Executioner wins only
    when his own target is lynched (`vote_91/98`)."""
    from tests.engine.test_sc2_options import roster

    options = {"day_type": "majority", "jester_kills_guilty_voter": True}
    state = roles.new_game("sc2", roster("jester", "mafioso", "executioner"), 1, options, "day")
    assert state.player("Cid").memory["exe_target"] == "Lou"
    seven = [[n, "Ann"] for n in ("Bob", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")]
    result = roles.resolve_phase(
        state, {"day": {"votes": [*seven, ["Jon", "Ann"]], "rounds": [], "actions": []}}
    )
    assert result.record["lynched"] == ["Ann"] and result.record["tally"] == {"Ann": 7}
    assert result.state.player("Ann").memory["haunt_voters"] == [v for v, _ in seven]
    assert "exe_won" not in result.state.player("Cid").memory

    lou = [[n, "Lou"] for n in ("Ann", "Bob", "Dan", "Eve", "Fay", "Gus", "Hal")]
    result = roles.resolve_phase(state, {"day": {"votes": lou, "rounds": [], "actions": []}})
    assert result.record["lynched"] == ["Lou"]
    assert result.state.player("Cid").memory["exe_won"] is True


@pytest.mark.parametrize(
    ("alive", "regular", "peace"),
    [
        ((), "nobody", "nobody"),
        # Only neutrals left: their own goals decide.
        (("survivor", "jester"), "nobody", "nobody"),
        # The Town wins once every other side is gone, but not beside a Witch.
        (("citizen", "witch"), None, "town"),
        (("citizen",), "town", "town"),
        # The Cult wins at parity with the Town; the Mafia not while a killer lives.
        (("cultist", "cultist", "citizen"), "cult", "cult"),
        (("mafioso", "mafioso", "serial_killer"), None, "mafia"),
        # A neutral killer wins alone with a Witch or a Survivor beside him.
        (("serial_killer", "witch"), "serial_killer", "serial_killer"),
        (("serial_killer", "jester"), None, "serial_killer"),
        # Three Days of Peace: equal numbers go to the side higher in precedence.
        (("serial_killer", "arsonist"), None, "arsonist"),
        (("cultist", "mafioso"), None, "mafia"),
        (("mafioso", "mafioso", "citizen", "citizen"), "mafia", "mafia"),
    ],
)
def test_sc2_who_wins_with_these_players_alive(alive, regular, peace):
    """002: the Town wins when the Mafia, Cult and neutral killers are gone; the Mafia or
    the Cult when they are at least as many as the rest ('equal or greater numbers');
    Three Days of Peace: 'the larger side wins', a tie to the side that is not the Town,
    neutrals by precedence (`sc2_day.regular_winner_3-52`, `peace_winner_13/14/21`)."""
    from roles.rulesets.sc2_day import peace_winner, regular_winner
    from tests.engine.test_sc2_options import roster

    state = roles.new_game("sc2", roster(*alive), 1, {})
    for player in state.players[len(alive) :]:
        player.alive = False
    assert state.alive_names() == [p["name"] for p in roster(*alive)[: len(alive)]]
    assert regular_winner(state) == regular
    assert peace_winner(state) == peace


def test_sc2_three_days_of_peace_are_counted_from_the_last_death_and_announced():
    """002 Three Days of Peace: six phases without a death end the game for the larger
    side, and the phase says so ('Three days without a death: the game is decided for
    ...'). A death starts the count again (`sc2_day.win_check_12/14`: the count not
    reset, or reset to one); the announcement names the side (`_45-50`). Found by these
    mutants: the engine took the phase's events before the win check, so the
    announcement was lost."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2_options import roster

    def ended_at(phases):
        state = roles.new_game("sc2", roster("mafioso", "doctor"), 1, {})
        for index, phase in enumerate(phases):
            result = roles.resolve_phase(state, phase)
            state = result.state
            if state.ended:
                peace = [e for e in result.record["events"] if e["kind"] == "three_days_of_peace"]
                return index, peace
        return None

    quiet = [{"night": []}, quiet_day()] * 4
    assert ended_at(quiet) == (5, [{"kind": "three_days_of_peace", "side": "town"}])
    death = [{"night": []}, quiet_day(), {"night": [_act("Ann", "kill", "Eve")]}]
    assert ended_at(death + [quiet_day(), {"night": []}] * 3) == (
        8,
        [{"kind": "three_days_of_peace", "side": "town"}],
    )


@pytest.mark.parametrize(
    ("pair", "citizen_wins", "side"),
    [
        (("citizen", "serial_killer"), True, "serial_killer"),
        (("citizen", "mafioso"), True, "town"),
        (("citizen", "mafioso"), False, "mafia"),
        (("jester", "survivor"), False, "nobody"),
        (("jester", "citizen"), False, "town"),
    ],
)
def test_sc2_one_versus_one(pair, citizen_wins, side):
    """002: 'When the game comes down to a one versus one scenario ... the game is
    automatically concluded'; sc2's port option `citizen_wins_1v1` gives the Citizen the
    win against the Mafia only; two neutrals without a side leave it to their own goals
    (`sc2_day.one_versus_one_9/32/33`, `_rank_32`)."""
    from roles.rulesets.sc2_day import one_versus_one
    from tests.engine.test_sc2_options import roster

    state = roles.new_game("sc2", roster(*pair), 1, {"citizen_wins_1v1": citizen_wins})
    assert one_versus_one(state, state.players[0], state.players[1]) == side


def test_sc2_a_living_witch_wins_unless_the_town_does_and_the_mayor_is_announced():
    """sc2-reference Witch: 'wins if the Town loses', alive (`sc2_day.winners_of_22/23`);
    Mayor 'Reveal: vote counts 3': the day announces the revealed Mayor by name
    (`day_actions_23/25`)."""
    from roles.rulesets.sc2_day import winners_of
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2_options import roster

    state = roles.new_game("sc2", roster("citizen", "witch"), 1, {})
    assert "Bob" not in winners_of(state, "town") and "Bob" in winners_of(state, "mafia")
    mayor = roles.new_game("sc2", roster("mayor", "mafioso"), 1, {}, "day")
    reveal = quiet_day([{"actor": "Ann", "ability": "reveal", "targets": []}])
    record = roles.resolve_phase(mayor, reveal).record
    assert record["events"] == [{"kind": "mayor_revealed", "player": "Ann"}]


@pytest.mark.parametrize(
    ("players", "problem"),
    [
        (
            [("Ann", "godfather"), ("Bob", "godfather"), ("Cid", "mason_leader")]
            + [("Dan", "mason_leader"), ("Eve", "citizen")],
            "mason_leader is unique (sc2-reference 3.2): Cid, Dan cannot all be one; "
            "godfather is unique (sc2-reference 3.2): Ann, Bob cannot all be one",
        ),
        (
            [("Ann", "executioner", "Ann"), ("Bob", "mafioso"), ("Cid", "citizen")],
            "Ann: the Executioner's target must be another player",
        ),
        (
            [("Ann", "executioner", "Zed"), ("Bob", "mafioso"), ("Cid", "citizen")],
            "Ann: the Executioner's target must be another player",
        ),
        (
            [("Ann", "executioner"), ("Bob", "mafioso"), ("Cid", "mafioso")]
            + [("Dan", "serial_killer")],
            "Ann: the Executioner has nobody to target",
        ),
    ],
)
def test_sc2_setup_problems_named_exactly(players, problem):
    """sc2-reference 3.2: the Mason Leader, the Mayor and the Godfather are unique; the
    Executioner's 'Target must be Town (D: On)' and another player; each refused at the
    start with every problem, in the order found (`sc2.setup_problems_16-66`)."""
    seats = [
        {"name": p[0], "role": p[1], **({"target": p[2]} if len(p) > 2 else {})} for p in players
    ]
    with pytest.raises(roles.IllegalAction) as refused:
        roles.new_game("sc2", seats, 1, {})
    assert str(refused.value) == problem


def test_sc2_a_lynch_leaves_the_jail_empty_and_says_so():
    """sc2-reference 2.1 Jailor: 'Day: choose prisoner (only after a no-lynch day)'. A
    day that lynches leaves the cell empty and the day says so; a day without a lynch
    holds the prisoner for the night (`sc2_day.after_day_45/46/47`)."""
    from tests.engine.test_sc2_options import NAMES, roster

    state = roles.new_game("sc2", roster("jailor", "mafioso"), 1, {}, "day")
    jail = [_act("Ann", "jail", "Bob")]
    votes = [[n, "Lou"] for n in NAMES if n != "Lou"]
    lynch = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": jail}})
    assert lynch.record["lynched"] == ["Lou"]
    assert lynch.record["events"] == [{"kind": "jail_empty"}]
    assert "sc2_jail" not in lynch.state.memory
    quiet = roles.resolve_phase(state, {"day": {"votes": [], "rounds": [], "actions": jail}})
    assert quiet.record["events"] == []
    assert quiet.state.memory["sc2_jail"] == {"jailor": "Ann", "prisoner": "Bob", "night": 1}


# -- sc2: runtime survivors read in session 32 ------------------------------------------


def test_sc2_a_day_crime_joins_the_crimes_already_committed():
    """sc2-reference 2.4 (option `investigator_results: crimes`): crimes are earned by
    actions and kept. The Jailor's second jailing (kidnapping, by day) keeps the murder
    of his execution in his ledger (`sc2_day._crime_7/11/12`: the ledger restarted)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    phases = [
        {"night": []},
        quiet_day([_act("Ann", "jail", "Bob")]),
        {"night": [_act("Ann", "execute")]},
        quiet_day([_act("Ann", "jail", "Cid")]),
        {"night": [_act("Dan", "check", "Ann")]},
    ]
    out = sc2_sim(
        roster("jailor", "mafioso", "citizen", "investigator", "mafioso"),
        phases,
        options={"investigator_results": "crimes"},
    )
    assert out["phases"][4]["results"][-1] == {
        "to": "Dan",
        "kind": "crimes",
        "target": "Ann",
        "value": ["kidnapping", "murder"],
    }


@pytest.mark.parametrize("lynched", ["Ann", "Bob"])
def test_sc2_a_jail_whose_jailor_or_prisoner_is_lynched_stays_empty(lynched):
    """sc2-reference 2.1 Jailor: the prisoner is held the night after the day he was
    chosen; if that day's lynch takes the Jailor or the prisoner, the day says the jail
    stays empty, also where the host lets him jail after a lynch (option
    `jail_requires_no_lynch` off) (`sc2_day.after_day_23/25`: the cell kept)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    day = quiet_day([_act("Ann", "jail", "Bob")])
    voters = ("Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
    day["day"]["votes"] = [[voter, lynched] for voter in voters]
    options = {"jail_requires_no_lynch": False}  # else any lynch empties the jail
    out = sc2_sim(roster("jailor", "mafioso", "godfather"), [{"night": []}, day], options)
    assert out["phases"][1]["lynched"] == [lynched]
    assert {"kind": "jail_empty"} in out["phases"][1]["events"]


def test_sc2_without_last_wills_a_lynched_players_will_is_not_read():
    """sc2-reference 1.3: the last will is read 'unless sanitized / Clue'; the host's
    option `last_wills` off, no will is read, by day either (`sc2_day.after_day_48`)."""
    from tests.engine.test_sc2 import table

    players = table("sheriff", "mafioso")
    players[1]["will"] = "I was framed."  # a scenario's will: wills cannot be written here
    state = roles.new_game("sc2", players, 1, {"last_wills": False}, "day")
    voters = [p.name for p in state.players if p.name != "Bob"]
    day = {"day": {"votes": [[v, "Bob"] for v in voters], "rounds": [], "actions": []}}
    result = roles.resolve_phase(state, day)
    assert result.record["lynched"] == ["Bob"]
    assert not [e for e in result.record["events"] if e["kind"] == "last_will"]


def test_sc2_each_wait_and_limit_is_refused_in_words():
    """sc2-reference 2.3 Mass Murderer '1 or 2 nights between sprees', Cultist 'nights
    between conversions', Mason Leader's recruits (port `mason_leader_recruits`), the
    Witch who may not control herself (port `can_control_self`, off), the Amnesiac who
    'Cannot become Town/Mafia/a killing role': each refusal names the night or the
    limit or the role (`_spree_usable_11/13`, `_convert_usable_17/19/22`,
    `_mason_recruits_17/19`, `_control_self_refusal_11-17`, `_remember_refusal_16-57`)."""
    from tests.engine.test_sc2 import game, play, quiet_day
    from tests.engine.test_sc2_options import roster

    spree = game(
        roster("mass_murderer", "mafioso", "citizen", "lookout", "doctor"),
        {"mass_murderer_cooldown": 1},
    )
    night = [_act("Ann", "spree", "Cid"), _act("Dan", "watch", "Cid"), _act("Eve", "heal", "Cid")]
    spree = play(spree, {"night": night}, quiet_day())
    recruits = game(roster("mason_leader", "mafioso"), {"mason_leader_recruits": 2})
    recruits = play(
        recruits,
        {"night": [_act("Ann", "recruit", "Cid")]},
        quiet_day(),
        {"night": [_act("Ann", "recruit", "Eve")]},
        quiet_day(),
    )
    cult = game(roster("cultist", "mafioso"), {"cult_nights_between_conversions": 2})
    cult = play(cult, {"night": [_act("Ann", "convert", "Cid")]}, quiet_day())
    witch = game(roster("witch", "mafioso"))
    assert [
        _refusal(spree, _act("Ann", "spree", "Cid")),
        _refusal(recruits, _act("Ann", "recruit", "Dan")),
        _refusal(cult, _act("Ann", "convert", "Dan")),
        _refusal(witch, _act("Ann", "control", "Bob", "Ann")),
    ] == [
        "the Mass Murderer must wait until night 3 (mass_murderer_cooldown)",
        "the Mason Leader has no recruits left (mason_leader_recruits = 2)",
        "the cult cannot convert until night 3 (cult_nights_between_conversions)",
        "witch cannot target themselves",
    ]
    never = {
        "amnesiac_cannot_become_town": True,
        "amnesiac_cannot_become_mafia": True,
        "amnesiac_cannot_become_killing": True,
    }
    bodies = game(roster("amnesiac", "mafioso", "citizen", "serial_killer", "godfather"), never)
    bodies = play(
        bodies,
        {"night": [_act("Bob", "kill", "Dan"), _act("Dan", "kill", "Bob")]},
        quiet_day(),
        {"night": [_act("Eve", "kill", "Cid")]},
        quiet_day(),
    )
    killer = game(roster("amnesiac", "mafioso", "citizen", "mass_murderer"), never)
    killer = play(killer, {"night": [_act("Bob", "kill", "Dan")]}, quiet_day())
    assert [
        _refusal(bodies, _act("Ann", "remember", "Cid")),
        _refusal(bodies, _act("Ann", "remember", "Bob")),
        _refusal(killer, _act("Ann", "remember", "Dan")),
    ] == [
        "the Amnesiac cannot become a Town role (citizen)",
        "the Amnesiac cannot become a Mafia role (mafioso)",
        "the Amnesiac cannot become a killing role (mass_murderer)",
    ]


def test_sc2_the_jailors_executions_are_refused_in_words():
    """sc2-reference 2.1 Jailor: 'Execute prisoner (limited executions)' -- the limit
    (port `jailor_executions`), a night with no prisoner, and a prisoner who died (the
    host's modkill) are each refused in words (`_limit_13-21`, `_execute_usable_5/21-23/
    30/38/39`)."""
    from tests.engine.test_sc2 import game, play, quiet_day
    from tests.engine.test_sc2_options import roster

    seats = roster("jailor", "mafioso", "citizen", "godfather")
    used = play(
        game(seats, {"jailor_executions": 1}),
        {"night": []},
        quiet_day([_act("Ann", "jail", "Bob")]),
        {"night": [_act("Ann", "execute")]},
        quiet_day([_act("Ann", "jail", "Cid")]),
    )
    empty = play(used, {"night": []}, quiet_day())
    dead = play(game(seats), {"night": []}, quiet_day([_act("Ann", "jail", "Cid")]))
    dead = roles.modkill(dead, "Cid").state
    assert [
        (used.phase_label, _refusal(used, _act("Ann", "execute"))),
        (empty.phase_label, _refusal(empty, _act("Ann", "execute"))),
        (dead.phase_label, _refusal(dead, _act("Ann", "execute"))),
    ] == [
        ("night 3", "jailor has no executions left (jailor_executions = 1)"),
        ("night 4", "the Jailor has no prisoner tonight"),
        ("night 2", "the Jailor's prisoner is dead"),
    ]


def test_sc2_an_executioner_not_bound_to_town_targets_anyone_but_himself():
    """sc2-reference 2.3 Executioner, option `executioner_target_must_be_town` off: the
    target is any other player, drawn by seed, or given -- a Mafioso too
    (`_executioner_pool_10`, `setup_20`, `setup_problems_71`)."""
    from tests.engine.test_sc2_options import roster

    anyone = {"executioner_target_must_be_town": False}
    drawn = [
        roles.new_game("sc2", roster("executioner", "mafioso"), seed, anyone, "night")
        .player("Ann")
        .memory["exe_target"]
        for seed in range(6)
    ]
    assert drawn == ["Fay", "Jon", "Eve", "Dan", "Kay", "Ivy"]
    given = roster("executioner", "mafioso")
    given[0]["target"] = "Bob"
    state = roles.new_game("sc2", given, 0, anyone, "night")
    assert state.player("Ann").memory["exe_target"] == "Bob"
