"""sc2's night (roles/rulesets/sc2_night.py and the shared mechanics of
roles/abilities.py as sc2 plays them): kills and their causes, the night sequence, the
crime ledger, sprees, fires, blocks, transports and the jail. Each test cites the
sentence of sc2-reference.md, sc2-notes.md or 002 it checks.
"""

from __future__ import annotations

import pytest

import roles
from tests.kit.engine import (
    SC2_NAMES,
    move,
    offered,
    quiet_day,
    sc2_game,
    sc2_play,
    sc2_roster,
    sc2_sim,
    sc2_table,
)

# -- the night's shared mechanics as sc2 plays them: blocks, transports, Bodyguards, fires ---


def test_sc2_a_bodyguard_facing_two_attacks_takes_one_drawn_and_replays_the_same():
    """sc2's ruling, as bay12's, except that one attack left is taken without a draw
    (`draw_among_one=False`). Ann guards Fay (the Vigilante's shot), Bob guards Gus
    (the Mafioso and the Serial Killer) on night 2 (catches: `many` None, `and`, `> 2`:
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
        players = sc2_roster("bodyguard", "bodyguard", "mafioso", "serial_killer", "vigilante")
        out = sc2_sim(players, [{"night": []}, quiet_day(), {"night": night2}], seed=seed)
        dead = {d["player"] for d in out["phases"][2]["deaths"]}
        assert {"Ann", "Bob", "Eve", "Gus"} <= dead
        picks.append("Cid" if "Cid" in dead else "Dan")
    assert set(picks) == {"Cid", "Dan"}
    assert "".join(p[0] for p in picks) == "DDDCCDDCDCDCDDCC"


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
    not moved to Ivy (catches, in `settle_blocks_on`: `continue` -> `break` stopped at
    the blocked Escort; the blocks read under another stage; the chain count empty)."""
    players = sc2_roster(first, "escort", "bus_driver", "escort", "witch", "mafioso")
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
    """sc2's ruling: 'Blocks aimed at Witches and Bus Drivers land first' (catches, in
    `settle_blocks_on`: the block never applied before the Driver swapped)."""
    players = sc2_roster("escort", "bus_driver", "mafioso")
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
    Ann: Ann is blocked, the kill lands (catches, in `settle_blocks`: the chain count
    emptied or inverted, so Ann's block landed first, by seat)."""
    players = sc2_roster("escort", "consort", "mafioso")
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
    either may be the one (catches, in `settle_blocks`: the draw made of nothing)."""
    blocked = set()
    for seed in range(8):
        players = sc2_roster("escort", "consort", "mafioso", "sheriff")
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


def _sc2_nights(*nights, options=None):

    head, *nights = nights
    phases = []
    for acts in nights:
        phases += [
            {"night": [{"actor": a, "ability": ab, "targets": list(t)} for a, ab, *t in acts]},
            quiet_day(),
        ]
    return sc2_sim(sc2_roster(*head), phases[:-1], options=options)


@pytest.mark.parametrize("acts", [True, False])
def test_sc2_an_arsonist_who_acts_stays_doused(acts):
    """000 Arsonist: 'By doing nothing, you will clean yourself off.' Ann, doused by the
    other Arsonist, keeps dousing: she is still doused when he ignites and burns with
    her own victims; had she done nothing one night she would be clean
    (`arsonists_clean_off`: every Arsonist cleaned off, acting or not)."""
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
    (`burn_doused`: the mark kept after the fire)."""
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


def test_sc2_a_survivor_saved_by_her_own_vest_is_told_she_was_attacked():
    """sc2 Survivor's vest: the Mafia's attack on her fails; she is told she was
    attacked and the Mafioso that she was immune. No healer was there, so nobody is
    told a heal would have saved her (`_tell_every_protector`: the healers' notice
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
    not told he prevented it (`_tell_every_protector`: every healer told)."""

    def act(actor, ability, *targets):
        return {"actor": actor, "ability": ability, "targets": list(targets)}

    out = sc2_sim(
        sc2_roster("jailor", "bodyguard", "doctor", "mafioso"),
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


# -- fires and recruits --------------------------------------------------------------------


def test_sc2_a_spreading_fire_is_not_stopped_by_a_bodyguard():
    """sc2's documentation (fire_spreads): 'on, everyone who visited a burning house that
    night burns too, by the fire's rules (immunity, heals, jail and Bodyguards as for the
    doused)'; 000 Bodyguard: 'You cannot prevent a kill from the ... Arsonist'. The
    Sheriff who visited the burning house burns though a Bodyguard guards him (catches:
    the spread fire's attack made interceptable: the Bodyguard died in his place)."""
    players = sc2_roster("arsonist", "sheriff", "citizen", "bodyguard", "mafioso")
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
    (catches: the bludgeon mark read under another key, the recruit went on and failed)."""
    players = sc2_table("mason_leader", "mafioso", "cultist")
    out = sc2_sim(players, [{"night": [{"actor": "Ann", "targets": ["Cid"]}]}])
    assert {d["player"] for d in out["phases"][0]["deaths"]} == {"Cid"}
    assert [r for r in out["phases"][0]["results"] if r["to"] == "Ann"] == []


def test_sc2_the_night_sequence_narrates_a_night_in_order():
    """sc2-reference, Night Sequence: the night is told as it happened, without names:
    a vest, an alert, the Bodyguard's duel, a conversion, a recruitment, then the
    deaths (`_duel_*`, `convert`, `recruit`'s line, `vest`, `alert`)."""

    head = ("bodyguard", "mafioso", "citizen", "cultist", "mason_leader", "survivor", "veteran")
    night = [
        move("Ann", "guard", "Cid"),
        move("Bob", "kill", "Cid"),
        move("Dan", "convert", "Hal"),
        move("Eve", "recruit", "Ivy"),
        move("Fay", "vest"),
        move("Gus", "alert"),
    ]
    out = sc2_sim(sc2_roster(*head), [{"night": night}], options={"night_type": "night_sequence"})
    record = out["phases"][0]
    assert record["deaths"] == [
        {"player": "Ann", "role": "bodyguard", "by": ["mafioso"]},
        {"player": "Bob", "role": "mafioso", "by": ["bodyguard"]},
    ]
    assert record["descriptions"] == {
        "Ann": "He/She was killed in a duel.",
        "Bob": "He/She was killed in a duel.",
    }
    assert record["events"] == [
        {
            "kind": "night_sequence",
            "lines": [
                "Someone put on a bulletproof vest.",
                "Someone stayed on alert.",
                "A fight broke out.",
                "Someone joined the cult.",
                "Someone joined a secret society.",
                "He/She was killed in a duel.",
                "He/She was killed in a duel.",
            ],
        }
    ]
    assert out["roles"]["Hal"] == "cultist" and out["roles"]["Ivy"] == "mason"


def test_sc2_the_crime_ledger_by_action():
    """sc2-reference 2.4 (Investigator, option `investigator_results: crimes`): crimes
    are earned by actions and kept: an Escort who blocks a Citizen has disturbed the
    peace and trespassed; an Arsonist who ignites adds arson and murder; a Framer's
    target shows one crime he has not committed, that night only (`crimes_*`). A
    Mason Leader who recruits a player killed earlier that night fails; one who tries
    a Mafioso fails and the Mafioso learns who tried (`recruit`)."""

    head = ("investigator", "mafioso", "escort", "framer", "arsonist", "mason_leader")
    phases = [
        {
            "night": [
                move("Cid", "block", "Gus"),
                move("Eve", "douse", "Ivy"),
                move("Bob", "kill", "Jon"),
                move("Fay", "recruit", "Jon"),
            ]
        },
        quiet_day(),
        {"night": [move("Eve", "ignite"), move("Ann", "check", "Cid")]},
        quiet_day(),
        {"night": [move("Ann", "check", "Eve")]},
        quiet_day(),
        {"night": [move("Ann", "check", "Hal"), move("Dan", "frame", "Hal")]},
        quiet_day(),
        {"night": [move("Ann", "check", "Hal"), move("Fay", "recruit", "Bob")]},
    ]
    out = sc2_sim(sc2_roster(*head), phases, options={"investigator_results": "crimes"})
    nights = out["phases"][::2]
    assert nights[0]["results"][0] == {
        "to": "Fay",
        "kind": "recruit",
        "target": "Jon",
        "value": "failed",
    }
    assert nights[1]["results"] == [
        {
            "to": "Ann",
            "kind": "crimes",
            "target": "Cid",
            "value": ["disturbing_the_peace", "soliciting", "trespassing"],
        }
    ]
    assert nights[2]["results"][0]["value"] == [
        "arson",
        "destruction_of_property",
        "murder",
        "trespassing",
    ]
    (framed,) = nights[3]["results"][0]["value"]
    assert framed in roles.rulesets.sc2_rules.CRIMES
    assert nights[4]["results"] == [
        {"to": "Ann", "kind": "crimes", "target": "Hal", "value": []},
        {"to": "Bob", "kind": "recruit_attempt", "target": "Fay", "value": "mason_leader"},
        {"to": "Fay", "kind": "recruit", "target": "Bob", "value": "failed"},
    ]


def test_sc2_the_night_sequence_of_an_execution_a_fire_and_a_spree():
    """sc2-reference, Night Sequence: the jail, a block, the execution, the fire and the
    Mass Murderer's spree, in the order of 002's kills ('Jailor, ... Arsonist, Mass
    Murderer'), then the deaths (`kills`, `_mass_murders`)."""

    head = ("jailor", "mafioso", "mass_murderer", "citizen", "arsonist", "escort")
    phases = [
        {"night": [move("Eve", "douse", "Ivy")]},
        quiet_day([move("Ann", "jail", "Bob")]),
        {
            "night": [
                move("Ann", "execute"),
                move("Eve", "ignite"),
                move("Cid", "spree", "Jon"),
                move("Fay", "block", "Jon"),
            ]
        },
    ]
    out = sc2_sim(sc2_roster(*head), phases, options={"night_type": "night_sequence"})
    record = out["phases"][2]
    assert [(d["player"], d["by"]) for d in record["deaths"]] == [
        ("Bob", ["jailor"]),
        ("Fay", ["mass_murderer"]),
        ("Ivy", ["arsonist"]),
        ("Jon", ["mass_murderer"]),
    ]
    assert record["events"][0]["lines"] == [
        "Someone was hauled off to jail.",
        "Someone was roleblocked.",
        "A prisoner was executed.",
        "A fire broke out.",
        "A killing spree took place.",
        "He/She was executed in a jail cell.",
        "He/She was completely eviscerated.",
        "He/She was incinerated.",
        "He/She was completely eviscerated.",
    ]


def test_sc2_the_jesters_haunt_is_neither_healed_nor_guarded():
    """sc2-reference 2.3 Jester (`jester_kills_guilty_voter`): 'Kills a random guilty
    voter' the night after his lynch; the haunt is unstoppable: a Doctor's heal and a
    Bodyguard on the victim change nothing, and the Bodyguard does not fight
    (`kills`)."""

    votes = [[n, "Ann"] for n in SC2_NAMES[1:9]]
    lynch = {"day": {"votes": votes, "rounds": [], "actions": []}}
    options = {"jester_kills_guilty_voter": True}
    players = sc2_roster("jester", "doctor", "bodyguard", "mafioso")
    (haunted,) = sc2_sim(players, [lynch, {"night": []}], options=options)["phases"][1]["deaths"]
    victim = haunted["player"]
    guarded = [move("Bob", "heal", victim), move("Cid", "guard", victim)]
    night = sc2_sim(players, [lynch, {"night": guarded}], options=options)["phases"][1]
    assert night["deaths"] == [haunted] and haunted["by"] == ["jester"]
    assert night["results"] == []


def test_sc2_the_veterans_shot_is_not_intercepted_and_takes_the_doctor():
    """sc2-reference 2.1 Veteran: on alert he 'kills everyone who targets him'; a
    Bodyguard cannot intercept the shot (000: the Bodyguard 'cannot prevent a kill
    from the Veteran'), a Doctor's heal saves the visitor, and with
    `veteran_shoots_visitors_doctors` the 'Doctor whose target visits the Vet dies'
    (`kills`, `_shoot_doctors_of_*`)."""

    players = sc2_roster("veteran", "doctor", "bodyguard", "mafioso", "escort")
    night = [
        move("Ann", "alert"),
        move("Eve", "block", "Ann"),
        move("Cid", "guard", "Eve"),
        move("Bob", "heal", "Eve"),
    ]
    options = {"veteran_shoots_visitors_doctors": True}
    record = sc2_sim(players, [{"night": night}], options=options)["phases"][0]
    assert record["deaths"] == [{"player": "Bob", "role": "doctor", "by": ["veteran"]}]
    assert record["results"] == [
        {"to": "Ann", "kind": "blocked"},
        {"to": "Bob", "kind": "saved", "target": "Eve"},
        {"to": "Eve", "kind": "saved"},
    ]


def test_sc2_the_disguiser_takes_the_role_of_the_player_he_killed():
    """002: 'Disguiser replaces his target if the kill was successful': he is told whose
    role he now wears and the victim is shown as the Disguiser; a healed target is
    not replaced (`disguise`)."""

    players = sc2_roster("disguiser", "mafioso", "doctor")
    killed = sc2_sim(players, [{"night": [move("Ann", "disguise", "Dan")]}])["phases"][0]
    assert killed["results"] == [
        {"to": "Ann", "kind": "disguised", "target": "Dan", "value": "citizen"}
    ]
    assert killed["events"] == [{"kind": "reveal", "player": "Dan", "role": "disguiser"}]
    healed = [move("Ann", "disguise", "Dan"), move("Cid", "heal", "Dan")]
    saved = sc2_sim(players, [{"night": healed}])["phases"][0]
    assert saved["deaths"] == [] and saved["events"] == []
    assert {"to": "Ann", "kind": "disguised"} not in [
        {k: r[k] for k in ("to", "kind")} for r in saved["results"]
    ]


def test_sc2_kills_named_by_their_cause():
    """002's kills, each with its cause and death line: the Vigilante who shot a
    Citizen 'commit[s] suicide the following night', through a Doctor's heal; a
    Serial Killer jailed and not executed kills the Jailor ('releasing an SK ... SK
    kills Jailor'); the Godfather's order is carried out by the Mafioso, once; a doused
    player in jail burns ('jail' is pierced by the fire) (`kills`)."""

    guilt = sc2_sim(
        sc2_roster("vigilante", "mafioso", "doctor"),
        [
            {"night": []},
            quiet_day(),
            {"night": [move("Ann", "kill", "Dan")]},
            quiet_day(),
            {"night": [move("Cid", "heal", "Ann")]},
        ],
    )["phases"][4]
    assert guilt["deaths"] == [{"player": "Ann", "role": "vigilante", "by": ["suicide"]}]
    assert guilt["descriptions"] == {"Ann": "He/She apparently committed suicide."}

    jailed = sc2_sim(
        sc2_roster("jailor", "serial_killer", "mafioso"),
        [quiet_day([move("Ann", "jail", "Bob")]), {"night": []}],
    )["phases"][1]
    assert jailed["deaths"] == [{"player": "Ann", "role": "jailor", "by": ["serial_killer"]}]
    assert jailed["descriptions"] == {"Ann": "He/She had multiple stab wounds."}

    ordered = sc2_sim(
        sc2_roster("godfather", "mafioso", "doctor"), [{"night": [move("Ann", "kill", "Dan")]}]
    )["phases"][0]
    assert ordered["deaths"] == [{"player": "Dan", "role": "citizen", "by": ["mafioso"]}]

    fire = sc2_sim(
        sc2_roster("jailor", "arsonist", "mafioso"),
        [
            {"night": [move("Bob", "douse", "Dan")]},
            quiet_day([move("Ann", "jail", "Dan")]),
            {"night": [move("Bob", "ignite")]},
        ],
    )["phases"][2]
    assert fire["deaths"] == [{"player": "Dan", "role": "citizen", "by": ["arsonist"]}]


def test_sc2_the_cult_converts_once_a_night_and_the_sequence_tells_heals_and_swaps():
    """sc2-reference 2.3 Cultist: the cult converts one player a night: of two Cultists'
    orders the first converts and the second does nothing (`convert`). The
    night sequence tells a swap and a heal, without names (`_swapped`,
    `_saved`)."""

    night = [
        move("Ann", "convert", "Fay"),
        move("Bob", "convert", "Gus"),
        move("Cid", "kill", "Hal"),
        move("Dan", "heal", "Hal"),
        {"actor": "Eve", "targets": ["Ivy", "Jon"]},
    ]
    head = ("cultist", "cultist", "mafioso", "doctor", "bus_driver")
    out = sc2_sim(sc2_roster(*head), [{"night": night}], options={"night_type": "night_sequence"})
    record = out["phases"][0]
    assert out["roles"]["Fay"] == "cultist" and out["roles"]["Gus"] == "citizen"
    assert [r for r in record["results"] if r["kind"] == "convert"] == [
        {"to": "Ann", "kind": "convert", "target": "Fay", "value": "success"}
    ]
    assert record["events"] == [
        {
            "kind": "night_sequence",
            "lines": [
                "Two houses were swapped.",
                "Someone was attacked but nursed back to health.",
                "Someone joined the cult.",
            ],
        }
    ]


def _sc2_night_record(head, night, options=None, before=()):
    """One sc2 night's record (after the phases `before`, each a night or a day)."""

    out = sc2_sim(sc2_roster(*head), [*before, {"night": night}], options=options)
    return out["phases"][-1]


def test_sc2_a_spree_at_an_empty_house_spares_the_owner():
    """sc2-reference 2.3 Mass Murderer: 'Spree at target's house: kills everyone who
    visited the target; target dies only if "home" (did not target anyone)'. Cid is
    out checking Bob and nobody heals him: only his visitor dies (`_mass_murders`)."""
    record = _sc2_night_record(
        ("mass_murderer", "mafioso", "sheriff", "lookout"),
        [move("Ann", "spree", "Cid"), move("Cid", "check", "Bob"), move("Dan", "watch", "Cid")],
    )
    assert [d["player"] for d in record["deaths"]] == ["Dan"]


def test_sc2_a_guarded_spree_leaves_the_other_mass_murderers_spree():
    """sc2-reference 2.3 Mass Murderer: 'A Bodyguard visiting the target saves everyone
    else there and kills the MM'. Ann's spree ends in the duel at Dan's; Bob's spree at
    Fay's, where Gus is visiting, still takes place (`_mass_murders`: the duel
    ended every later spree)."""
    record = _sc2_night_record(
        ("mass_murderer", "mass_murderer", "bodyguard", "citizen", "citizen", "citizen", "doctor"),
        [
            move("Ann", "spree", "Dan"),
            move("Cid", "guard", "Dan"),
            move("Bob", "spree", "Fay"),
            move("Gus", "heal", "Fay"),
        ],
    )
    assert [d["player"] for d in record["deaths"]] == ["Ann", "Cid", "Gus"]


def test_sc2_the_mass_murderers_cooldown_is_the_nights_between_sprees():
    """sc2-reference 2.3 Mass Murderer: '1 or 2 nights between sprees (D: Off) -
    cooldown only after >=2 kills'. With one night of cooldown, a spree of two kills on
    the first night forbids the second night's and allows the third's (`dawn`: one
    night too many)."""

    state = sc2_game(
        sc2_roster("mass_murderer", "mafioso", "citizen", "lookout", "doctor"),
        {"mass_murderer_cooldown": 1},
    )
    night = [move("Ann", "spree", "Cid"), move("Dan", "watch", "Cid"), move("Eve", "heal", "Cid")]
    state = sc2_play(state, {"night": night}, quiet_day())
    assert [p.name for p in state.players if not p.alive] == ["Dan", "Eve"]
    assert "spree" not in offered(state, "Ann")
    state = sc2_play(state, {"night": []}, quiet_day())
    assert "spree" in offered(state, "Ann")


def test_sc2_a_godfather_without_a_mafioso_kills_beside_the_other_killers():
    """sc2-reference 2.2 Godfather: with no Mafioso he kills himself (option
    `godfather_kills_without_mafioso`, on by default); 002: the killing roles act
    simultaneously, so the Serial Killer's kill stands beside his (`kills`: the
    Godfather's own kill lost; `kills`: the killers after him skipped)."""
    record = _sc2_night_record(
        ("godfather", "serial_killer"), [move("Ann", "kill", "Cid"), move("Bob", "kill", "Dan")]
    )
    assert [(d["player"], d["by"]) for d in record["deaths"]] == [
        ("Cid", ["godfather"]),
        ("Dan", ["serial_killer"]),
    ]


def test_sc2_the_jail_absorbs_a_block_on_its_prisoner():
    """sc2-notes 1: 'Jail (SC2 only): the prisoner is blocked and protected.' An Escort
    who blocks the jailed Serial Killer is not killed for it, and the prisoner is told
    only that he was jailed (`_on_block`: the block landed as well)."""

    record = _sc2_night_record(
        ("jailor", "serial_killer", "escort"),
        [move("Cid", "block", "Bob")],
        before=[{"night": []}, quiet_day([move("Ann", "jail", "Bob")])],
    )
    assert record["deaths"] == []
    assert [r for r in record["results"] if r["to"] == "Bob"] == [{"to": "Bob", "kind": "jailed"}]


def test_sc2_only_the_arsonists_blocker_is_doused():
    """Port Arsonist `douse_blocker` (option `arsonist_douses_roleblockers`): 'a
    roleblocker who visits the Arsonist is doused'. An Escort who blocks a Citizen is
    not: the Arsonist's fire the next night burns only his own target
    (`_on_block`: every blocker doused)."""

    record = _sc2_night_record(
        ("arsonist", "escort"),
        [move("Ann", "ignite")],
        options={"arsonist_douses_roleblockers": True},
        before=[{"night": [move("Bob", "block", "Cid"), move("Ann", "douse", "Dan")]}, quiet_day()],
    )
    assert [d["player"] for d in record["deaths"]] == ["Dan"]


def test_sc2_the_coroner_learns_the_death_type_only_by_option():
    """sc2-reference 2.1 Coroner: 'Learn exact role of a dead player'; the death type is
    the option `coroner_discovers_death_type` (off by default): off, the autopsy tells
    the role only (`autopsy`)."""

    record = _sc2_night_record(
        ("coroner", "mafioso"),
        [move("Ann", "autopsy", "Cid")],
        before=[{"night": [move("Bob", "kill", "Cid")]}, quiet_day()],
    )
    assert record["results"] == [
        {"to": "Ann", "kind": "check", "target": "Cid", "value": "citizen"}
    ]


def test_sc2_a_jailor_lynched_the_day_he_jails_holds_nobody():
    """sc2-notes 1: the jail is the Jailor's; a Jailor lynched the day he jails holds
    nobody that night: his prisoner is free to kill. (The day keeps the cell only when
    both live at its end, so the night's own check, `jail`, is a guard.)"""

    votes = [[voter, "Ann"] for voter in ("Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")]
    day = quiet_day([move("Ann", "jail", "Bob")])
    day["day"]["votes"] = votes
    record = _sc2_night_record(
        ("jailor", "mafioso"), [move("Bob", "kill", "Cid")], before=[{"night": []}, day]
    )
    assert [d["player"] for d in record["deaths"]] == ["Cid"]
    assert not [r for r in record["results"] if r["kind"] == "jailed"]


def test_sc2_an_investigator_is_answered_under_the_name_he_chose():
    """sc2-reference 2.1 Bus Driver: 'Swap two players: all actions targeting one go to
    the other'. The Investigator who checks Cid while Cid and Dan are swapped learns
    Dan's group, told as the answer about Cid, the name he chose (`investigate`)."""
    record = _sc2_night_record(
        ("investigator", "bus_driver", "citizen", "mafioso"),
        [move("Bob", "transport", "Cid", "Dan"), move("Ann", "check", "Cid")],
        options={"investigator_results": "exact"},
    )
    assert [r for r in record["results"] if r["to"] == "Ann"] == [
        {"to": "Ann", "kind": "check", "target": "Cid", "value": "mafioso"}
    ]
