"""Tests the mutation run over roles/ showed missing in bay12 (roles/rulesets/bay12.py):
wins, Three Days of Peace, lynch ties, checks, the Jester and the Executioner
(bench/mutation.py; bench/README.md, "Mutation testing"). Each names the surviving mutant
it kills; where it checks a rule it quotes the rule sentence.
"""

from __future__ import annotations

import pytest

import roles
from tests.engine.test_bay12 import TOWN6, day, deaths, night, results, sim

# -- the rulesets' runtime survivors, session 30 ----------------------------------------------


@pytest.mark.parametrize(
    ("alive", "decided"),
    [
        # The Witch is a threat to the Town: it has not won while she lives.
        (["witch", "townie", "townie"], None),
        (["serial_killer"], {"serial_killer"}),
        # "The Witch wins with any side but the town, alive": alone with neutrals.
        (["witch", "jester", "executioner"], {"witch"}),
        (["mafioso", "witch", "townie"], {"mafia"}),
    ],
)
def test_bay12_who_has_won_with_these_players_alive(alive, decided):
    """`rules bay12`: 'Mafia wins once no Serial Killer or Arsonist lives and the mafia
    are at least as many as every other living player but the Witch. The Witch wins with
    any side but the town, alive.' (`bay12._decide_10-34`)."""
    import types

    from roles.rulesets import bay12
    from tests.engine.test_bay12 import roster

    state = roles.new_game("bay12", roster([*alive, "mafioso", "mafioso", "mafioso"]), 1)
    for player in state.players[len(alive) :]:
        player.alive = False
    assert bay12._decide(state, types.SimpleNamespace(kind="day"), state.alive()) == decided


@pytest.mark.parametrize(
    ("sides", "winner"),
    [
        (["mafia", "town"], "mafia"),
        (["serial_killer", "town"], "serial_killer"),
        (["town", "town", "serial_killer"], "town"),
        (["town", "town", "mafia"], "town"),
    ],
)
def test_bay12_three_days_of_peace_go_to_equal_or_greater_numbers(sides, winner):
    """002 Three Days of Peace: the Town wins only if it outnumbers the Mafia ('equal or
    greater numbers' win), else the Mafia, else a neutral killer as many as the Town
    (`bay12._peace_tiebreak_3-9`)."""
    from roles.rulesets import bay12

    assert bay12._peace_tiebreak(sides) == winner


def test_bay12_the_living_witch_wins_with_the_mafia():
    """000 Witch: 'You win if you are alive and the town loses.' (`bay12.win_check_35-38`)"""
    out = sim(["mafioso", "witch", "townie", "townie"], [night(("Mafioso", "Townie"))])
    assert out["winners"] == ["Mafioso", "Witch"]


def test_bay12_lynch_ties_the_jesters_win_and_unstoppable_deaths():
    """000 Jester: 'You win if you are lynched' (`bay12.day_lynch_64`); a tie lynches
    nobody and says who was tied, or with option tie = "random" lynches one drawn
    (`_19/20/25/26/33/36`); the Arsonist's ignition is unpreventable (a Bodyguard
    'cannot prevent a kill from the ... Arsonist') and spares the igniter, doused or
    not (`ignite_5/8/10/12`); the Vigilante's guilt 'cannot be prevented in any way',
    a Bodyguard on him included (`guilt_9/15/20`)."""
    out = sim(
        ["jester", "mafioso", "townie", "townie"],
        [
            day(("Mafioso", "Jester"), ("Townie", "Jester"), ("Townie2", "Jester")),
            night(("Mafioso", "Townie")),
        ],
    )
    assert out["ended"] and out["winners"] == ["Jester", "Mafioso"]

    tie = [day(("Mafioso", "Townie"), ("Townie", "Townie2"))]
    drawn = sim(["mafioso", *TOWN6], tie, options={"tie": "random"})["phases"][0]
    assert drawn["lynched"] == ["Townie2"] and drawn["events"] == []
    kept = sim(["mafioso", *TOWN6], tie, options={"tie": "no_lynch"})["phases"][0]
    assert kept["lynched"] == []
    assert kept["events"] == [
        {"kind": "no_lynch", "reason": "tie", "candidates": ["Townie", "Townie2"]}
    ]

    fire = sim(
        ["arsonist", "arsonist", "bodyguard", "mafioso", *TOWN6],
        [
            night(("Arsonist2", "douse", "Arsonist"), ("Arsonist", "douse", "Townie")),
            day(),
            night(("Arsonist", "ignite"), ("Bodyguard", "Townie")),
        ],
    )
    assert deaths(fire, 2) == {"Townie"} and results(fire, 2) == []

    guilt = sim(
        ["vigilante", "bodyguard", "mafioso", *TOWN6],
        [night(), day(), night(("Vigilante", "Townie")), day(), night(("Bodyguard", "Vigilante"))],
    )
    assert deaths(guilt, 4) == {"Vigilante"} and results(guilt, 4) == []


# -- bay12: runtime survivors read in session 32 ----------------------------------------


def test_bay12_each_check_is_told_about_its_target():
    """000 Investigator: 'Check one person each night for a clue to their role';
    Consigliere: 'Check one person each night for their exact role'; Spy: learns what
    his target was affected by -- only his target's own results (`investigator_check_
    34/38`, `consigliere_check_13-21`, `spy_on_6/15/19`)."""
    from tests.engine.test_bay12 import TOWN6, night, sim

    roster = ["investigator", "consigliere", "spy", "mafioso", "doctor", "escort", *TOWN6]
    moves = night(
        ("Investigator", "Mafioso"),
        ("Consigliere", "Doctor"),
        ("Spy", "Townie"),
        ("Mafioso", "Townie"),
        ("Doctor", "Townie"),
        ("Escort", "Townie2"),
    )
    results = sim(roster, [moves])["phases"][0]["results"]
    told = {r["to"]: r for r in results if r["kind"] in ("roles", "check", "spied")}
    assert told == {
        "Investigator": {
            "to": "Investigator",
            "kind": "roles",
            "target": "Mafioso",
            "value": ["mafioso", "vigilante"],
        },
        "Consigliere": {
            "to": "Consigliere",
            "kind": "check",
            "target": "Doctor",
            "value": "doctor",
        },
        "Spy": {"to": "Spy", "kind": "spied", "target": "Townie", "value": ["saved"]},
    }


def test_bay12_a_jester_lynched_after_a_night_haunts_the_next_night():
    """000 Jester: 'If you are lynched, you may kill one of your guilty voters the
    following night' -- counted right in a game that began at night (`_next_night_3/6/
    7/8`: the haunt put on another night)."""
    from tests.engine.test_bay12 import TOWN6, day, roster

    players = roster(["jester", "mafioso", *TOWN6, "townie"])
    state = roles.resolve_phase(roles.new_game("bay12", players, 0, {}, "night"), {"night": []})
    votes = [[p["name"], "Jester"] for p in players if p["name"] != "Jester"]
    state = roles.resolve_phase(state.state, day(*votes)).state
    assert state.phase_label == "night 2"
    assert [c.ability for c in roles.choices(state, "Jester")] == ["haunt"]


def test_bay12_three_days_of_peace_count_from_the_last_death():
    """002 Three Days of Peace: 'three days and three nights without a death' -- after
    a death the count starts again from nothing: five quiet phases are not enough,
    six are (`_count_peace_6`)."""
    from tests.engine.test_bay12 import TOWN6, day, night, sim

    death = night(("Mafioso", "Townie"))
    five = sim(["mafioso", *TOWN6], [death, day(), night(), day(), night(), day()])
    assert five["ended"] is False
    six = sim(["mafioso", *TOWN6], [death, day(), night(), day(), night(), day(), night()])
    assert six["ended"] is True and six["winners"] == ["Townie", "Townie2", "Townie3", "Townie4"]


def test_bay12_each_executioner_gets_a_town_target_drawn_by_seed():
    """000 Executioner: 'your target (a randomly chosen town member)'. One Executioner's
    given target does not stop the other's draw; the draw is seeded (its stream is
    named, so the same seed draws the same target), always a town member; a given
    target that is no other player is refused (`setup_4/10/15/18-24/28`)."""
    from tests.engine.test_bay12 import TOWN6, roster

    players = roster(["mafioso", "executioner", "executioner", "serial_killer", *TOWN6])
    players[1]["target"] = "Townie"  # seated after a non-Executioner, as a draw may be
    drawn = []
    for seed in range(6):
        state = roles.new_game("bay12", players, seed)
        assert state.player("Executioner").memory["target"] == "Townie"
        drawn.append(state.player("Executioner2").memory["target"])
    assert drawn == ["Townie4", "Townie4", "Townie", "Townie", "Townie3", "Townie2"]
    for bad in ("Executioner", "Zed"):
        alone = roster(["executioner", "mafioso", *TOWN6])
        alone[0]["target"] = bad
        with pytest.raises(ValueError) as refused:
            roles.new_game("bay12", alone, 0)
        assert str(refused.value) == f"executioner Executioner: target {bad!r} is not a player"
