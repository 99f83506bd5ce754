"""Tests the mutation run over roles/ showed missing in roles/abilities.py, the night's
shared mechanics (blocks, transports, Bodyguards, heals, Witches, fires) as bay12 and sc2
use them (bench/mutation.py; bench/README.md, "Mutation testing"). Each names the
surviving mutant it kills; where it checks a rule it quotes the rule sentence.
"""

from __future__ import annotations

import pytest

import roles
from tests.engine.test_bay12 import TOWN6, day, deaths, night, results, sim
from tests.engine.test_sc2 import quiet_day, table
from tests.engine.test_sc2 import sim as sc2_sim
from tests.engine.test_sc2_options import roster

# -- the core sample's survivors (bench/README.md, "Survivors after the new tests") --------


def test_a_self_heal_listed_before_the_kill_stays_and_the_later_kill_still_moves():
    """000 Transporter: 'If the Doctor or Bodyguard are targeting themselves ... they will
    not be switched to another target.' Skipping the Doctor's self-target must not stop
    the swap of the actions after it (mutant: `continue` -> `break` in `transport`)."""
    out = sim(
        ["transporter", "doctor", "mafioso", *TOWN6],
        [night(("Transporter", "Doctor", "Townie"), ("Doctor", "Doctor"), ("Mafioso", "Townie"))],
    )
    # The kill moved from Townie to the Doctor, whose self-heal stayed on him.
    assert deaths(out, 0) == set()
    assert results(out, 0, to="Doctor", kind="saved")


def test_the_attacker_is_told_whose_bodyguard_stopped_him():
    """000 Bodyguard: 'You, your target, and the attacker will be told if you prevented an
    attack'. The attacker's message names the target he aimed at (mutant: the `target`
    field dropped from the "guarded" result)."""
    out = sim(
        ["bodyguard", "mafioso", *TOWN6],
        [night(("Bodyguard", "Townie"), ("Mafioso", "Townie"))],
    )
    assert results(out, 0, to="Mafioso", kind="guarded") == [
        {"to": "Mafioso", "kind": "guarded", "target": "Townie"}
    ]


def test_the_witchs_one_night_life_repels_a_drawn_attacker_of_several():
    """000 Witch: 'Once per game, if you would be killed at night ... you will survive'.
    With two attackers the life stops one, drawn by the game's seed, and the other kills
    her (mutant: always the first attacker repelled)."""
    repelled = set()
    for seed in range(12):
        out = sim(
            ["mafioso", "vigilante", "witch", *TOWN6],
            [night(), day(), night(("Mafioso", "Witch"), ("Vigilante", "Witch"))],
            seed=seed,
        )
        assert deaths(out, 2) == {"Witch"}
        told = {r["to"] for r in results(out, 2, kind="immune")}
        assert len(told) == 1
        repelled |= told
    assert repelled == {"Mafioso", "Vigilante"}


# -- abilities.py, session 29: the Bodyguard's interceptions ------------------------------


def test_a_bodyguard_on_an_unattacked_player_does_not_stop_the_next_bodyguard():
    """000 Bodyguard: 'Prevent your target from being killed by one attacker tonight'.
    The first Bodyguard (seat order) guards a player nobody attacks; the second still
    stands in front of the attack on his own target (mutant: `break` -> `return` in
    `_bodyguard_interceptions`: the night stopped looking after the first target)."""
    out = sim(
        ["bodyguard", "bodyguard", "mafioso", *TOWN6],
        [night(("Bodyguard", "Townie"), ("Bodyguard2", "Townie2"), ("Mafioso", "Townie2"))],
    )
    assert deaths(out, 0) == {"Bodyguard2", "Mafioso"}


def _guarded_against_two(seed: int) -> str:
    """Night 2 of bay12: the Vigilante shoots Townie (one attack, Bodyguard in front),
    the Mafioso and the Serial Killer attack Townie2 (two attacks, Bodyguard2 in front
    of one). Returns which of the two Bodyguard2 took."""
    out = sim(
        ["bodyguard", "bodyguard", "mafioso", "serial_killer", "vigilante", *TOWN6],
        [
            night(),
            day(),
            night(
                ("Bodyguard", "Townie"),
                ("Bodyguard2", "Townie2"),
                ("Vigilante", "Townie"),
                ("Mafioso", "Townie2"),
                ("SerialKiller", "Townie2"),
            ),
        ],
        seed=seed,
    )
    assert {"Bodyguard", "Vigilante", "Townie2"} <= deaths(out, 2)
    return "Mafioso" if "Mafioso" in deaths(out, 2) else "SerialKiller"


def test_bay12_a_bodyguard_facing_two_attacks_takes_one_drawn_and_replays_the_same():
    """bay12's ruling (a Bodyguard faces one attacker; among several, one is drawn with
    the game's seed): over sixteen seeds each attacker is taken, and a stored game
    replays the same draws. The draw is made even when one attack is left, so the
    seed's sequence does not depend on how many attacks a Bodyguard met (mutants:
    `many` None, or `and` for `or`: no draw among one, the next draw moved)."""
    picks = [_guarded_against_two(seed) for seed in range(16)]
    assert set(picks) == {"Mafioso", "SerialKiller"}
    assert "".join(p[0] for p in picks) == "SMSSSSSMSMMSMSSM"


def test_sc2_a_bodyguard_facing_two_attacks_takes_one_drawn_and_replays_the_same():
    """sc2's ruling, as bay12's, except that one attack left is taken without a draw
    (`draw_among_one=False`). Ann guards Fay (the Vigilante's shot), Bob guards Gus
    (the Mafioso and the Serial Killer) on night 2 (mutants: `many` None, `and`, `> 2`:
    no draw between two; `>= 1`: a draw among one, which moves every later draw)."""
    picks = []
    for seed in range(16):
        night2 = [
            {"actor": "Ann", "targets": ["Fay"]},
            {"actor": "Bob", "targets": ["Gus"]},
            {"actor": "Cid", "targets": ["Gus"]},
            {"actor": "Dan", "targets": ["Gus"]},
            {"actor": "Eve", "targets": ["Fay"]},
        ]
        players = roster("bodyguard", "bodyguard", "mafioso", "serial_killer", "vigilante")
        out = sc2_sim(players, [{"night": []}, quiet_day(), {"night": night2}], seed=seed)
        dead = {d["player"] for d in out["phases"][2]["deaths"]}
        assert {"Ann", "Bob", "Eve", "Gus"} <= dead
        picks.append("Cid" if "Cid" in dead else "Dan")
    assert set(picks) == {"Cid", "Dan"}
    assert "".join(p[0] for p in picks) == "DDDCCDDCDCDCDDCC"


def test_bay12_the_executioner_dies_at_night_to_the_arsonist_and_the_jesters_haunt():
    """000 Executioner: 'You cannot be killed at night except by the Arsonist.' bay12's
    ruling adds the Jester, whose haunt 'cannot be prevented in any way' (mutants in
    `_defended_by_traits`: `and` -> `or` made the Arsonist's fire fail too; the haunt's
    "defence" piercing read under another name made the haunt fail)."""
    burnt = sim(
        ["executioner", "arsonist", "mafioso", *TOWN6],
        [night(("Arsonist", "douse", "Executioner")), day(), night(("Arsonist", "ignite"))],
    )
    assert deaths(burnt, 2) == {"Executioner"}
    haunted = sim(
        ["jester", "executioner", "mafioso", *TOWN6],
        [
            day(("Executioner", "Jester"), ("Townie", "Jester"), ("Mafioso", "Townie")),
            night({"actor": "Jester", "ability": "haunt", "targets": ["Executioner"]}),
        ],
    )
    assert deaths(haunted, 1) == {"Executioner"}


def test_bay12_a_witch_makes_an_idle_arsonist_douse_her_second_target():
    """000 Witch: 'force them to visit your second target'. A player who chose nothing
    uses his one night ability that takes a target: the Arsonist douses, he does not
    ignite (mutants in `_default_night_ability`: `and` -> `or` let the targetless
    ignite in, two candidates, so the Witch forced nothing)."""
    out = sim(
        ["witch", "arsonist", "mafioso", *TOWN6],
        [night(("Witch", "Arsonist", "Townie")), day(), night(("Arsonist", "ignite"))],
    )
    assert deaths(out, 0) == set()
    assert deaths(out, 2) == {"Townie"}


SC2_BLOCKS_FIRST_NIGHT = [
    {"actor": "Bob", "targets": ["Cid"]},  # Escort -> the Bus Driver
    {"actor": "Cid", "targets": ["Gus", "Hal"]},  # Bus Driver swaps Gus and Hal
    {"actor": "Dan", "targets": ["Eve"]},  # Escort -> the Witch
    {"actor": "Eve", "targets": ["Fay", "Ivy"]},  # Witch: the Mafioso onto Ivy
    {"actor": "Fay", "targets": ["Gus"]},  # Mafioso -> Gus
]


@pytest.mark.parametrize(
    ("first", "blocked_first"),
    [
        ("consort", {"actor": "Ann", "targets": ["Bob"]}),  # a blocker on the blocker
        ("jailor", None),  # the blocker in jail (jailed the day before)
    ],
)
def test_sc2_blocks_on_witches_and_bus_drivers_land_first_a_blocked_blocker_waits(
    first, blocked_first
):
    """sc2's ruling: 'Blocks aimed at Witches and Bus Drivers land first ... a blocker
    with a blocker on him waits for the chain.' The Escort on the Bus Driver is
    blocked (by a Consort, or jailed), so the Driver swaps and the kill lands on Hal;
    the other Escort's block on the Witch lands before she acts, so the Mafioso is
    not moved to Ivy (mutants in `settle_blocks_on`: `continue` -> `break` stopped at
    the blocked Escort; the blocks read under another stage; the chain count empty)."""
    players = roster(first, "escort", "bus_driver", "escort", "witch", "mafioso")
    if blocked_first is not None:
        phases = [{"night": [blocked_first, *SC2_BLOCKS_FIRST_NIGHT]}]
    else:
        jail = {"actor": "Ann", "targets": ["Bob"]}
        phases = [{"night": []}, quiet_day([jail]), {"night": SC2_BLOCKS_FIRST_NIGHT}]
    out = sc2_sim(players, phases)
    last = out["phases"][-1]
    assert [d["player"] for d in last["deaths"]] == ["Hal"]
    assert {"to": "Eve", "kind": "blocked"} in last["results"]


def test_sc2_an_escort_on_the_bus_driver_stops_the_swap():
    """sc2's ruling: 'Blocks aimed at Witches and Bus Drivers land first' (mutants in
    `settle_blocks_on`: the block never applied before the Driver swapped)."""
    players = roster("escort", "bus_driver", "mafioso")
    night1 = [
        {"actor": "Ann", "targets": ["Bob"]},
        {"actor": "Bob", "targets": ["Dan", "Eve"]},
        {"actor": "Cid", "targets": ["Dan"]},
    ]
    out = sc2_sim(players, [{"night": night1}])
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Dan"]
    assert out["phases"][0]["results"] == [{"to": "Bob", "kind": "blocked"}]


def test_sc2_a_blocker_seated_first_but_blocked_does_not_block():
    """sc2's ruling: 'the roleblock chain in sequence (A->B->C->D blocks B and D)', in
    chain order, not seat order. Ann (Escort) aims at the Mafioso, Bob (Consort) at
    Ann: Ann is blocked, the kill lands (mutants in `settle_blocks`: the chain count
    emptied or inverted, so Ann's block landed first, by seat)."""
    players = roster("escort", "consort", "mafioso")
    night1 = [
        {"actor": "Ann", "targets": ["Cid"]},
        {"actor": "Bob", "targets": ["Ann"]},
        {"actor": "Cid", "targets": ["Dan"]},
    ]
    out = sc2_sim(players, [{"night": night1}])
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Dan"]
    assert out["phases"][0]["results"] == [{"to": "Ann", "kind": "blocked"}]


def test_sc2_a_ring_of_blockers_is_broken_by_a_draw():
    """sc2's ruling on the roleblock chain: a ring of blockers with nobody outside it is
    broken by the seeded draw: one of them blocks the other, and over several seeds
    either may be the one (mutants in `settle_blocks`: the draw made of nothing)."""
    blocked = set()
    for seed in range(8):
        players = roster("escort", "consort", "mafioso", "sheriff")
        ring = [
            {"actor": "Ann", "targets": ["Bob"]},
            {"actor": "Bob", "targets": ["Ann"]},
            {"actor": "Cid", "targets": ["Eve"]},
        ]
        out = sc2_sim(players, [{"night": ring}], seed=seed)
        told = [r["to"] for r in out["phases"][0]["results"] if r["kind"] == "blocked"]
        assert len(told) == 1
        blocked.add(told[0])
    assert blocked == {"Ann", "Bob"}


# -- abilities.py, session 30: the runtime survivors read -----------------------------------


def test_several_bodyguards_on_one_target_step_in_front_in_seat_order():
    """sc2 rulings ("Several Bodyguards guarding one attacked player ... in seat order,
    one attack each; the first seated fights the first attacker, the others stand by and
    are told they saved him"): the same on every seed, not a draw (mutants of
    `_bodyguard_interceptions`: the guards' seat order dropped)."""
    night = {
        "night": [
            {"actor": "Ann", "targets": ["Dan"]},
            {"actor": "Bob", "targets": ["Dan"]},
            {"actor": "Cid", "targets": ["Dan"]},
        ]
    }
    for seed in range(4):
        phase = sc2_sim(table("bodyguard", "bodyguard", "mafioso"), [night], seed=seed)["phases"][0]
        assert [d["player"] for d in phase["deaths"]] == ["Ann", "Cid"]
        assert phase["results"] == [
            {"to": "Ann", "kind": "saved", "target": "Dan"},
            {"to": "Bob", "kind": "saved", "target": "Dan"},
            {"to": "Dan", "kind": "saved"},
        ]


def test_two_serial_killers_each_turn_on_their_own_blocker():
    """000 Serial Killer: 'If you are targeted by the Escort or Consort, you will be forced
    to target them instead, and target all of them that visit you if multiple do so.' Each
    Serial Killer targets the blockers who visited him, not another killer's
    (`_turn_on_blocker_7`: one list for every killer)."""
    out = sim(
        ["serial_killer", "serial_killer", "escort", "consort", "mafioso", *TOWN6],
        [
            night(
                ("SerialKiller", "Townie"),
                ("SerialKiller2", "Townie2"),
                ("Escort", "SerialKiller"),
                ("Consort", "SerialKiller2"),
            )
        ],
    )
    by = {d["player"]: d["by"] for d in out["phases"][0]["deaths"]}
    assert by == {"Escort": ["serial_killer"], "Consort": ["serial_killer"]}
    assert {"Townie", "Townie2"} <= set(out["alive"])
    # A Bodyguard on the Escort stops the one attack on her; a second Serial Killer
    # turned on her too would get through.
    guarded = sim(
        ["serial_killer", "serial_killer", "escort", "consort", "bodyguard", "mafioso", *TOWN6],
        [
            night(
                ("SerialKiller", "Townie"),
                ("SerialKiller2", "Townie2"),
                ("Escort", "SerialKiller"),
                ("Consort", "SerialKiller2"),
                ("Bodyguard", "Escort"),
            )
        ],
    )
    assert "Escort" in guarded["alive"] and "Consort" not in guarded["alive"]


def test_a_doctor_behind_a_bodyguard_is_told_after_an_earlier_target_healed_alone():
    """000 Doctor: 'You and your target will be told if you prevented an attack, even if
    multiple people prevented it'. Each attacked target is looked at in turn: a target
    seated first whom only a Doctor saved does not end the look, so the Doctor behind
    the Bodyguard on the later target is told too (`_tell_every_protector_24`)."""
    out = sim(
        ["townie", "doctor", "serial_killer", "bodyguard", "doctor", "mafioso", "townie"],
        [
            night(
                ("Mafioso", "Townie"),
                ("Doctor", "Townie"),
                ("SerialKiller", "Townie2"),
                ("Bodyguard", "Townie2"),
                ("Doctor2", "Townie2"),
            )
        ],
    )
    assert {"Townie", "Townie2"} <= set(out["alive"])
    assert len(results(out, 0, to="Doctor", kind="saved")) == 1
    assert len(results(out, 0, to="Bodyguard", kind="saved")) == 1
    assert len(results(out, 0, to="Doctor2", kind="saved")) == 1


def test_a_doctor_who_saved_is_told_whom():
    """000 Doctor: 'You and your target will be told if you prevented an attack': the
    Doctor's result names the player he saved, himself included; the target's does not
    name the Doctor (`_tell_saved_3/6`: the target dropped from the Doctor's result)."""
    out = sim(["doctor", "mafioso", *TOWN6], [night(("Doctor", "Townie"), ("Mafioso", "Townie"))])
    assert results(out, 0) == [
        {"to": "Doctor", "kind": "saved", "target": "Townie"},
        {"to": "Townie", "kind": "saved"},
    ]


@pytest.mark.parametrize("transports", [False, True])
def test_a_witch_cannot_control_the_transporter(transports):
    """000 Transporter: 'You cannot be forced to or prevented from using your ability.'
    A Witch on the Transporter, idle or swapping, gives him no forced action: he is told
    he was witched and the night goes on as if she had not come. (`witch_control_11/14/15`,
    the trait not read there, still survive: his only ability cannot be redirected and
    is no default action, so the Witch has nothing to force either way.)"""
    acts = [("Witch", "Transporter", "Townie"), ("Mafioso", "Townie2")]
    if transports:
        acts.append(("Transporter", "Townie2", "Townie3"))
    out = sim(["witch", "transporter", "mafioso", *TOWN6], [night(*acts)])
    assert deaths(out, 0) == ({"Townie3"} if transports else {"Townie2"})
    assert results(out, 0, to="Transporter") == [{"to": "Transporter", "kind": "witched"}]


def test_a_transport_moves_only_the_swapped_name_of_a_witchs_action():
    """002: 'Witches, then Transporters' act in that order. A Witch forces the Mafioso onto
    a Townie whom the Transporter then swaps with another: the kill follows the swap, and
    the Witch's own action keeps its first target, so a Lookout on the Mafioso still sees
    her visit (`transport_29`: every other name in the action became the first)."""
    out = sim(
        ["witch", "transporter", "mafioso", "lookout", *TOWN6],
        [
            night(
                ("Witch", "Mafioso", "Townie"),
                ("Transporter", "Townie", "Townie2"),
                ("Lookout", "Mafioso"),
            )
        ],
    )
    assert deaths(out, 0) == {"Townie2"}
    assert results(out, 0, to="Lookout") == [
        {"to": "Lookout", "kind": "visitors", "target": "Mafioso", "value": ["Witch"]}
    ]


@pytest.mark.parametrize("seed", [0, 1])
def test_two_transports_each_move_every_action_aimed_at_their_pair(seed):
    """000 Transporter: 'Swap your two targets: everything aimed at one affects the
    other.' The Witch forces the Mafioso onto a Townie whom one Transporter swaps away,
    while another swaps the Mafioso himself: in either order of the two transports the
    kill lands on the swapped Townie and the Sheriff's check on the Mafioso lands on the
    player swapped with him (`transport_36`: the index of who is aimed at lost every
    action but the moved one)."""
    out = sim(
        ["witch", "transporter", "transporter", "sheriff", "mafioso", *TOWN6],
        [
            night(
                ("Witch", "Mafioso", "Townie"),
                ("Transporter", "Townie", "Townie2"),
                ("Transporter2", "Mafioso", "Townie3"),
                ("Sheriff", "Mafioso"),
            )
        ],
        seed=seed,
    )
    assert deaths(out, 0) == {"Townie2"}
    assert results(out, 0, to="Sheriff") == [
        {"to": "Sheriff", "kind": "check", "target": "Townie3", "value": "not_suspicious"}
    ]


def test_a_bodyguard_striking_back_at_a_serial_killer_is_told_he_is_immune():
    """000 Bodyguard: 'You, your target, and the attacker will be told if you prevented an
    attack'; 000 Serial Killer: 'You are immune to night kills.' The Bodyguard steps in
    front of the Serial Killer, the Doctor heals the Bodyguard, and the Bodyguard's blow
    back fails on the Serial Killer's immunity, which the Bodyguard is told
    (`_struggle_16`: the blow back made with no attacker)."""
    out = sim(
        ["bodyguard", "serial_killer", "doctor", "mafioso", *TOWN6],
        [night(("Bodyguard", "Townie"), ("SerialKiller", "Townie"), ("Doctor", "Bodyguard"))],
    )
    assert deaths(out, 0) == set()
    assert results(out, 0) == [
        {"to": "Bodyguard", "kind": "saved", "target": "Townie"},
        {"to": "Bodyguard", "kind": "saved"},
        {"to": "Bodyguard", "kind": "immune", "target": "SerialKiller"},
        {"to": "SerialKiller", "kind": "guarded", "target": "Townie"},
        {"to": "SerialKiller", "kind": "attacked"},
        {"to": "Doctor", "kind": "saved", "target": "Bodyguard"},
        {"to": "Townie", "kind": "saved"},
    ]


def test_the_witchs_spare_life_does_not_save_her_from_the_jester():
    """000 Witch: 'Once per game you survive being killed at night (except by the
    Jester).' The lynched Jester haunts the Witch who voted for him: she dies with her
    life unspent (`_use_night_life_15/20/21`: the exception not read)."""
    out = sim(
        ["jester", "witch", "mafioso", *TOWN6],
        [
            day(("Witch", "Jester"), ("Townie", "Jester"), ("Townie2", "Jester")),
            night({"actor": "Jester", "ability": "haunt", "targets": ["Witch"]}),
        ],
    )
    assert deaths(out, 0) == {"Jester"}
    assert deaths(out, 1) == {"Witch"}


def _sc2_nights(*nights, options=None):
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    head, *nights = nights
    phases = []
    for acts in nights:
        phases += [
            {"night": [{"actor": a, "ability": ab, "targets": list(t)} for a, ab, *t in acts]},
            quiet_day(),
        ]
    return sc2_sim(roster(*head), phases[:-1], options=options)


@pytest.mark.parametrize("acts", [True, False])
def test_sc2_an_arsonist_who_acts_stays_doused(acts):
    """000 Arsonist: 'By doing nothing, you will clean yourself off.' Ann, doused by the
    other Arsonist, keeps dousing: she is still doused when he ignites and burns with
    her own victims; had she done nothing one night she would be clean
    (`arsonists_clean_off_14`: every Arsonist cleaned off, acting or not)."""
    out = _sc2_nights(
        ("arsonist", "arsonist", "doctor", "mafioso"),
        [("Bob", "douse", "Ann"), ("Ann", "douse", "Eve")],
        [("Ann", "douse", "Fay")] if acts else [],
        [("Bob", "ignite")],
        options={"arsonist_ignores_immunity": True},
    )
    burnt = {d["player"] for d in out["phases"][4]["deaths"]}
    assert burnt == ({"Ann", "Eve", "Fay"} if acts else {"Eve"})


def test_sc2_a_doused_player_who_lives_through_the_fire_is_clean():
    """sc2 (the port's ignite clears the burnt): the Doctor heals Eve the night the
    Arsonist ignites, and the next ignition does not burn her again
    (`burn_doused_18/19/20`: the mark kept after the fire)."""
    out = _sc2_nights(
        ("arsonist", "doctor", "mafioso"),
        [("Ann", "douse", "Eve")],
        [("Ann", "ignite"), ("Bob", "heal", "Eve")],
        [("Ann", "ignite")],
    )
    assert [p["deaths"] for p in out["phases"]] == [[]] * 5
    assert out["phases"][2]["results"] == [
        {"to": "Bob", "kind": "saved", "target": "Eve"},
        {"to": "Eve", "kind": "saved"},
    ]


def test_bay12_a_doused_witch_spends_her_life_and_burns_at_the_next_fire():
    """000 Arsonist: 'Douse your target for the rest of the game'; Witch: 'Once per game
    you survive being killed at night'. The first fire takes the Witch's spare life (the
    Arsonist is told she lived), the second burns her: she is still doused
    (`burn_doused_1`: the burnt cleaned at once; `_8`: the fire has no igniter to tell)."""
    out = sim(
        ["arsonist", "witch", "mafioso", *TOWN6],
        [
            night(("Arsonist", "douse", "Witch")),
            day(),
            night(("Arsonist", "ignite")),
            day(),
            night(("Arsonist", "ignite")),
        ],
    )
    assert deaths(out, 2) == set()
    assert results(out, 2) == [
        {"to": "Arsonist", "kind": "immune", "target": "Witch"},
        {"to": "Witch", "kind": "attacked"},
    ]
    assert deaths(out, 4) == {"Witch"}


def test_vigilante_guilt_counts_every_town_victim_of_the_night():
    """000 Vigilante: 'If you kill a town member, you will commit suicide the next night.'
    The other Vigilante's victim the same night is a Consort seated first: the town
    victim after her still brings the guilt (`town_killed_by_12`: the look ended at the
    first victim who is not town)."""
    out = sim(
        ["consort", "vigilante", "vigilante", "mafioso", *TOWN6],
        [night(), day(), night(("Vigilante", "Townie"), ("Vigilante2", "Consort")), day(), night()],
    )
    assert deaths(out, 2) == {"Townie", "Consort"}
    assert results(out, 2, to="Vigilante", kind="guilt") == [
        {"to": "Vigilante", "kind": "guilt", "target": "Townie"}
    ]
    assert deaths(out, 4) == {"Vigilante"}


def test_a_lynched_executioner_does_not_become_the_jester():
    """000 Executioner: 'If your target dies during the night, your role is replaced with
    the Jester.' An Executioner lynched before his target dies at night stays an
    Executioner (`executioners_turning_3/4`: the dead one turned too)."""
    out = sim(
        ["executioner", "mafioso", "sheriff", *TOWN6],
        [
            night(),
            day(("Townie", "Executioner"), ("Townie2", "Executioner"), ("Sheriff", "Executioner")),
            night(("Mafioso", "Sheriff")),
        ],
        extra={"Executioner": {"target": "Sheriff"}},
    )
    assert deaths(out, 1) == {"Executioner"} and deaths(out, 2) == {"Sheriff"}
    assert out["roles"]["Executioner"] == "executioner"
    assert results(out, 2, to="Executioner") == []


def test_a_witch_controlling_a_witch_replaces_only_her_first_target():
    """000 Witch: 'Force your first target to use their ability on your second target.'
    A Witch forces the other Witch onto a Townie: the controlled Witch now controls that
    Townie (who has nothing to force) and keeps her own second target; the Mafioso she
    meant to force kills as he chose (`_retarget_first_2`: her second target lost)."""
    out = sim(
        ["witch", "witch", "mafioso", "sheriff", *TOWN6],
        [
            night(
                ("Witch", "Witch2", "Townie"),
                ("Witch2", "Sheriff", "Mafioso"),
                ("Mafioso", "Townie2"),
            )
        ],
    )
    assert deaths(out, 0) == {"Townie2"}
    assert results(out, 0) == [
        {"to": "Witch", "kind": "check", "target": "Witch2", "value": "witch"},
        {"to": "Witch2", "kind": "witched"},
        {"to": "Witch2", "kind": "check", "target": "Townie", "value": "townie"},
        {"to": "Townie", "kind": "witched"},
    ]


def test_sc2_a_survivor_saved_by_her_own_vest_is_told_she_was_attacked():
    """sc2 Survivor's vest: the Mafia's attack on her fails; she is told she was
    attacked and the Mafioso that she was immune. No healer was there, so nobody is
    told a heal would have saved her (`_tell_every_protector_32`: the healers' notice
    given with no healer, telling her "saved" as well)."""
    out = _sc2_nights(("survivor", "mafioso"), [("Ann", "vest"), ("Bob", "kill", "Ann")])
    assert out["phases"][0]["deaths"] == []
    assert out["phases"][0]["results"] == [
        {"to": "Ann", "kind": "attacked"},
        {"to": "Bob", "kind": "immune", "target": "Ann"},
    ]


def test_sc2_a_doctor_on_the_jailors_prisoner_is_not_told_he_saved_him():
    """sc2-reference Bodyguard: 'Guarding a Jailor's prisoner: BG and Jailor die'; Jailor:
    the execution 'ignores night immunity' and no heal stops it. The Bodyguard faces the
    execution and saves the prisoner; the Doctor on the prisoner could not have, so he is
    not told he prevented it (`_tell_every_protector_34/35`: every healer told)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    def act(actor, ability, *targets):
        return {"actor": actor, "ability": ability, "targets": list(targets)}

    out = sc2_sim(
        roster("jailor", "bodyguard", "doctor", "mafioso"),
        [
            {"night": []},
            quiet_day([act("Ann", "jail", "Eve")]),
            {
                "night": [
                    act("Ann", "execute"),
                    act("Bob", "guard", "Eve"),
                    act("Cid", "heal", "Eve"),
                ]
            },
        ],
    )
    assert {d["player"] for d in out["phases"][2]["deaths"]} == {"Ann", "Bob"}
    assert out["phases"][2]["results"] == [
        {"to": "Bob", "kind": "saved", "target": "Eve"},
        {"to": "Eve", "kind": "jailed"},
        {"to": "Eve", "kind": "saved"},
    ]


def test_a_vigilante_who_kills_the_bodyguard_in_front_of_his_target_feels_guilt():
    """000 Vigilante: 'If you kill a town member, you will commit suicide the next night.'
    The Bodyguard steps in front of the Vigilante's shot and dies of it; the Doctor heals
    the Vigilante through the Bodyguard's blow back. The Bodyguard is town, so the
    Vigilante is told his guilt and dies the night after (`_struggle_2`: the blow on the
    Bodyguard made with no attacker)."""
    out = sim(
        ["vigilante", "bodyguard", "doctor", "mafioso", *TOWN6],
        [
            night(),
            day(),
            night(("Vigilante", "Townie"), ("Bodyguard", "Townie"), ("Doctor", "Vigilante")),
            day(),
            night(),
        ],
    )
    assert deaths(out, 2) == {"Bodyguard"}
    assert results(out, 2, to="Vigilante", kind="guilt") == [
        {"to": "Vigilante", "kind": "guilt", "target": "Bodyguard"}
    ]
    assert deaths(out, 4) == {"Vigilante"}


def test_bay12_a_witchs_spare_life_draws_only_among_several_attacks():
    """000 Witch: 'Once per game you survive being killed at night.' bay12's ruling: a
    Witch attacked several times spends her life on one attack drawn with the game's
    seed, and one attack needs no draw, so a stored game replays the same. The first
    Witch's single attack draws nothing, and the second Witch's draw between the Serial
    Killer and the Vigilante replays exactly over eight seeds
    (`_use_night_life_27/29`: a draw even among one, which shifts the second)."""
    repelled = ""
    for seed in range(8):
        out = sim(
            ["witch", "witch", "mafioso", "serial_killer", "vigilante", *TOWN6],
            [
                night(),
                day(),
                night(("Mafioso", "Witch"), ("SerialKiller", "Witch2"), ("Vigilante", "Witch2")),
            ],
            seed=seed,
        )
        assert deaths(out, 2) == {"Witch2"}
        immune = [r["to"] for r in results(out, 2, kind="immune")]
        assert immune[0] == "Mafioso" and len(immune) == 2
        repelled += immune[1][0]
    assert repelled == "VVVSSVVS"


def test_bay12_witches_draw_for_their_spare_lives_in_seat_order():
    """bay12's ruling (`rules bay12`): a Witch attacked several times spends her spare life
    on one attack drawn with the game's seed, and several Witches draw in seat order, so a
    stored game replays the same whatever the players are called. Zed sits before Amy
    (`settle_attacks_19/21`: the targets settled in name order)."""
    seats = [("Zed", "witch"), ("Amy", "witch"), ("Max", "mafioso"), ("Sam", "serial_killer")]
    seats += [("Vic", "vigilante"), ("Val", "vigilante")]
    seats += [(name, "townie") for name in ("Tom", "Tim", "Ted", "Tia")]
    spared = []
    for seed in range(8):
        out = roles.simulate(
            {
                "ruleset": "bay12",
                "seed": seed,
                "options": {},
                "players": [{"name": n, "role": r} for n, r in seats],
                "phases": [
                    night(),
                    day(),
                    night(("Max", "Zed"), ("Sam", "Zed"), ("Vic", "Amy"), ("Val", "Amy")),
                ],
            }
        )
        assert deaths(out, 2) == {"Zed", "Amy"}
        spared.append(" ".join(r["to"] for r in results(out, 2, kind="immune")))
    assert spared == [
        "Sam Val",
        "Sam Vic",
        "Sam Val",
        "Max Val",
        "Max Val",
        "Sam Val",
        "Sam Val",
        "Max Vic",
    ]
