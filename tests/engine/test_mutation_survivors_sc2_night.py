"""Tests the mutation run over roles/ showed missing in sc2's night
(roles/rulesets/sc2_night.py: kills, the night sequence, the crime ledger, sprees, the
jail) (bench/mutation.py; bench/README.md, "Mutation testing"). Each names the surviving
mutant it kills; where it checks a rule it quotes the rule sentence.
"""

from __future__ import annotations

import roles
from tests.engine.test_mutation_survivors_engine import _act

# -- sc2_night: runtime survivors, session 31 ----------------------------------------


def test_sc2_the_night_sequence_narrates_a_night_in_order():
    """sc2-reference, Night Sequence: the night is told as it happened, without names:
    a vest, an alert, the Bodyguard's duel, a conversion, a recruitment, then the
    deaths (`_duel_*`, `convert_99-104`, `recruit`'s line, `vest`, `alert`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    head = ("bodyguard", "mafioso", "citizen", "cultist", "mason_leader", "survivor", "veteran")
    night = [
        _act("Ann", "guard", "Cid"),
        _act("Bob", "kill", "Cid"),
        _act("Dan", "convert", "Hal"),
        _act("Eve", "recruit", "Ivy"),
        _act("Fay", "vest"),
        _act("Gus", "alert"),
    ]
    out = sc2_sim(roster(*head), [{"night": night}], options={"night_type": "night_sequence"})
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
    a Mafioso fails and the Mafioso learns who tried (`recruit_10-19`)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    head = ("investigator", "mafioso", "escort", "framer", "arsonist", "mason_leader")
    phases = [
        {
            "night": [
                _act("Cid", "block", "Gus"),
                _act("Eve", "douse", "Ivy"),
                _act("Bob", "kill", "Jon"),
                _act("Fay", "recruit", "Jon"),
            ]
        },
        quiet_day(),
        {"night": [_act("Eve", "ignite"), _act("Ann", "check", "Cid")]},
        quiet_day(),
        {"night": [_act("Ann", "check", "Eve")]},
        quiet_day(),
        {"night": [_act("Ann", "check", "Hal"), _act("Dan", "frame", "Hal")]},
        quiet_day(),
        {"night": [_act("Ann", "check", "Hal"), _act("Fay", "recruit", "Bob")]},
    ]
    out = sc2_sim(roster(*head), phases, options={"investigator_results": "crimes"})
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
    Murderer'), then the deaths (`kills_36-41/185-190`, `_mass_murders_52-57`)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    head = ("jailor", "mafioso", "mass_murderer", "citizen", "arsonist", "escort")
    phases = [
        {"night": [_act("Eve", "douse", "Ivy")]},
        quiet_day([_act("Ann", "jail", "Bob")]),
        {
            "night": [
                _act("Ann", "execute"),
                _act("Eve", "ignite"),
                _act("Cid", "spree", "Jon"),
                _act("Fay", "block", "Jon"),
            ]
        },
    ]
    out = sc2_sim(roster(*head), phases, options={"night_type": "night_sequence"})
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
    (`kills_202-215`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import NAMES, roster

    votes = [[n, "Ann"] for n in NAMES[1:9]]
    lynch = {"day": {"votes": votes, "rounds": [], "actions": []}}
    options = {"jester_kills_guilty_voter": True}
    players = roster("jester", "doctor", "bodyguard", "mafioso")
    (haunted,) = sc2_sim(players, [lynch, {"night": []}], options=options)["phases"][1]["deaths"]
    victim = haunted["player"]
    guarded = [_act("Bob", "heal", victim), _act("Cid", "guard", victim)]
    night = sc2_sim(players, [lynch, {"night": guarded}], options=options)["phases"][1]
    assert night["deaths"] == [haunted] and haunted["by"] == ["jester"]
    assert night["results"] == []


def test_sc2_the_veterans_shot_is_not_intercepted_and_takes_the_doctor():
    """sc2-reference 2.1 Veteran: on alert he 'kills everyone who targets him'; a
    Bodyguard cannot intercept the shot (000: the Bodyguard 'cannot prevent a kill
    from the Veteran'), a Doctor's heal saves the visitor, and with
    `veteran_shoots_visitors_doctors` the 'Doctor whose target visits the Vet dies'
    (`kills_235-252`, `_shoot_doctors_of_*`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    players = roster("veteran", "doctor", "bodyguard", "mafioso", "escort")
    night = [
        _act("Ann", "alert"),
        _act("Eve", "block", "Ann"),
        _act("Cid", "guard", "Eve"),
        _act("Bob", "heal", "Eve"),
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
    not replaced (`disguise_6/15/17/52-60`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    players = roster("disguiser", "mafioso", "doctor")
    killed = sc2_sim(players, [{"night": [_act("Ann", "disguise", "Dan")]}])["phases"][0]
    assert killed["results"] == [
        {"to": "Ann", "kind": "disguised", "target": "Dan", "value": "citizen"}
    ]
    assert killed["events"] == [{"kind": "reveal", "player": "Dan", "role": "disguiser"}]
    healed = [_act("Ann", "disguise", "Dan"), _act("Cid", "heal", "Dan")]
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
    player in jail burns ('jail' is pierced by the fire) (`kills_57/68/76/77/138/139`)."""
    from tests.engine.test_sc2 import quiet_day
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    guilt = sc2_sim(
        roster("vigilante", "mafioso", "doctor"),
        [
            {"night": []},
            quiet_day(),
            {"night": [_act("Ann", "kill", "Dan")]},
            quiet_day(),
            {"night": [_act("Cid", "heal", "Ann")]},
        ],
    )["phases"][4]
    assert guilt["deaths"] == [{"player": "Ann", "role": "vigilante", "by": ["suicide"]}]
    assert guilt["descriptions"] == {"Ann": "He/She apparently committed suicide."}

    jailed = sc2_sim(
        roster("jailor", "serial_killer", "mafioso"),
        [quiet_day([_act("Ann", "jail", "Bob")]), {"night": []}],
    )["phases"][1]
    assert jailed["deaths"] == [{"player": "Ann", "role": "jailor", "by": ["serial_killer"]}]
    assert jailed["descriptions"] == {"Ann": "He/She had multiple stab wounds."}

    ordered = sc2_sim(
        roster("godfather", "mafioso", "doctor"), [{"night": [_act("Ann", "kill", "Dan")]}]
    )["phases"][0]
    assert ordered["deaths"] == [{"player": "Dan", "role": "citizen", "by": ["mafioso"]}]

    fire = sc2_sim(
        roster("jailor", "arsonist", "mafioso"),
        [
            {"night": [_act("Bob", "douse", "Dan")]},
            quiet_day([_act("Ann", "jail", "Dan")]),
            {"night": [_act("Bob", "ignite")]},
        ],
    )["phases"][2]
    assert fire["deaths"] == [{"player": "Dan", "role": "citizen", "by": ["arsonist"]}]


def test_sc2_the_cult_converts_once_a_night_and_the_sequence_tells_heals_and_swaps():
    """sc2-reference 2.3 Cultist: the cult converts one player a night: of two Cultists'
    orders the first converts and the second does nothing (`convert_2/7/8/18-20`). The
    night sequence tells a swap and a heal, without names (`_swapped_5-7`,
    `_saved_5-7`)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    night = [
        _act("Ann", "convert", "Fay"),
        _act("Bob", "convert", "Gus"),
        _act("Cid", "kill", "Hal"),
        _act("Dan", "heal", "Hal"),
        {"actor": "Eve", "targets": ["Ivy", "Jon"]},
    ]
    head = ("cultist", "cultist", "mafioso", "doctor", "bus_driver")
    out = sc2_sim(roster(*head), [{"night": night}], options={"night_type": "night_sequence"})
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


# -- sc2_night: the gaps named in session 31, session 32 --------------------------------


def _sc2_night_record(head, night, options=None, before=()):
    """One sc2 night's record (after the phases `before`, each a night or a day)."""
    from tests.engine.test_sc2 import sim as sc2_sim
    from tests.engine.test_sc2_options import roster

    out = sc2_sim(roster(*head), [*before, {"night": night}], options=options)
    return out["phases"][-1]


def test_sc2_a_spree_at_an_empty_house_spares_the_owner():
    """sc2-reference 2.3 Mass Murderer: 'Spree at target's house: kills everyone who
    visited the target; target dies only if "home" (did not target anyone)'. Cid is
    out checking Bob and nobody heals him: only his visitor dies (`_mass_murders_33`)."""
    record = _sc2_night_record(
        ("mass_murderer", "mafioso", "sheriff", "lookout"),
        [_act("Ann", "spree", "Cid"), _act("Cid", "check", "Bob"), _act("Dan", "watch", "Cid")],
    )
    assert [d["player"] for d in record["deaths"]] == ["Dan"]


def test_sc2_a_guarded_spree_leaves_the_other_mass_murderers_spree():
    """sc2-reference 2.3 Mass Murderer: 'A Bodyguard visiting the target saves everyone
    else there and kills the MM'. Ann's spree ends in the duel at Dan's; Bob's spree at
    Fay's, where Gus is visiting, still takes place (`_mass_murders_27`: the duel
    ended every later spree)."""
    record = _sc2_night_record(
        ("mass_murderer", "mass_murderer", "bodyguard", "citizen", "citizen", "citizen", "doctor"),
        [
            _act("Ann", "spree", "Dan"),
            _act("Cid", "guard", "Dan"),
            _act("Bob", "spree", "Fay"),
            _act("Gus", "heal", "Fay"),
        ],
    )
    assert [d["player"] for d in record["deaths"]] == ["Ann", "Cid", "Gus"]


def test_sc2_the_mass_murderers_cooldown_is_the_nights_between_sprees():
    """sc2-reference 2.3 Mass Murderer: '1 or 2 nights between sprees (D: Off) -
    cooldown only after >=2 kills'. With one night of cooldown, a spree of two kills on
    the first night forbids the second night's and allows the third's (`dawn_53`: one
    night too many)."""
    from tests.engine.test_sc2 import game, offered, play, quiet_day
    from tests.engine.test_sc2_options import roster

    state = game(
        roster("mass_murderer", "mafioso", "citizen", "lookout", "doctor"),
        {"mass_murderer_cooldown": 1},
    )
    night = [_act("Ann", "spree", "Cid"), _act("Dan", "watch", "Cid"), _act("Eve", "heal", "Cid")]
    state = play(state, {"night": night}, quiet_day())
    assert [p.name for p in state.players if not p.alive] == ["Dan", "Eve"]
    assert "spree" not in offered(state, "Ann")
    state = play(state, {"night": []}, quiet_day())
    assert "spree" in offered(state, "Ann")


def test_sc2_a_godfather_without_a_mafioso_kills_beside_the_other_killers():
    """sc2-reference 2.2 Godfather: with no Mafioso he kills himself (option
    `godfather_kills_without_mafioso`, on by default); 002: the killing roles act
    simultaneously, so the Serial Killer's kill stands beside his (`kills_120`: the
    Godfather's own kill lost; `kills_123`: the killers after him skipped)."""
    record = _sc2_night_record(
        ("godfather", "serial_killer"), [_act("Ann", "kill", "Cid"), _act("Bob", "kill", "Dan")]
    )
    assert [(d["player"], d["by"]) for d in record["deaths"]] == [
        ("Cid", ["godfather"]),
        ("Dan", ["serial_killer"]),
    ]


def test_sc2_the_jail_absorbs_a_block_on_its_prisoner():
    """sc2-notes 1: 'Jail (SC2 only): the prisoner is blocked and protected.' An Escort
    who blocks the jailed Serial Killer is not killed for it, and the prisoner is told
    only that he was jailed (`_on_block_28`: the block landed as well)."""
    from tests.engine.test_sc2 import quiet_day

    record = _sc2_night_record(
        ("jailor", "serial_killer", "escort"),
        [_act("Cid", "block", "Bob")],
        before=[{"night": []}, quiet_day([_act("Ann", "jail", "Bob")])],
    )
    assert record["deaths"] == []
    assert [r for r in record["results"] if r["to"] == "Bob"] == [{"to": "Bob", "kind": "jailed"}]


def test_sc2_only_the_arsonists_blocker_is_doused():
    """Port Arsonist `douse_blocker` (option `arsonist_douses_roleblockers`): 'a
    roleblocker who visits the Arsonist is doused'. An Escort who blocks a Citizen is
    not: the Arsonist's fire the next night burns only his own target
    (`_on_block_29`: every blocker doused)."""
    from tests.engine.test_sc2 import quiet_day

    record = _sc2_night_record(
        ("arsonist", "escort"),
        [_act("Ann", "ignite")],
        options={"arsonist_douses_roleblockers": True},
        before=[{"night": [_act("Bob", "block", "Cid"), _act("Ann", "douse", "Dan")]}, quiet_day()],
    )
    assert [d["player"] for d in record["deaths"]] == ["Dan"]


def test_sc2_the_coroner_learns_the_death_type_only_by_option():
    """sc2-reference 2.1 Coroner: 'Learn exact role of a dead player'; the death type is
    the option `coroner_discovers_death_type` (off by default): off, the autopsy tells
    the role only (`autopsy_36`)."""
    from tests.engine.test_sc2 import quiet_day

    record = _sc2_night_record(
        ("coroner", "mafioso"),
        [_act("Ann", "autopsy", "Cid")],
        before=[{"night": [_act("Bob", "kill", "Cid")]}, quiet_day()],
    )
    assert record["results"] == [
        {"to": "Ann", "kind": "check", "target": "Cid", "value": "citizen"}
    ]


def test_sc2_a_jailor_lynched_the_day_he_jails_holds_nobody():
    """sc2-notes 1: the jail is the Jailor's; a Jailor lynched the day he jails holds
    nobody that night: his prisoner is free to kill. (The day keeps the cell only when
    both live at its end, so the night's own check, `jail_17`, is a guard.)"""
    from tests.engine.test_sc2 import quiet_day

    votes = [[voter, "Ann"] for voter in ("Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")]
    day = quiet_day([_act("Ann", "jail", "Bob")])
    day["day"]["votes"] = votes
    record = _sc2_night_record(
        ("jailor", "mafioso"), [_act("Bob", "kill", "Cid")], before=[{"night": []}, day]
    )
    assert [d["player"] for d in record["deaths"]] == ["Cid"]
    assert not [r for r in record["results"] if r["kind"] == "jailed"]


def test_sc2_an_investigator_is_answered_under_the_name_he_chose():
    """sc2-reference 2.1 Bus Driver: 'Swap two players: all actions targeting one go to
    the other'. The Investigator who checks Cid while Cid and Dan are swapped learns
    Dan's group, told as the answer about Cid, the name he chose (`investigate_4`)."""
    record = _sc2_night_record(
        ("investigator", "bus_driver", "citizen", "mafioso"),
        [_act("Bob", "transport", "Cid", "Dan"), _act("Ann", "check", "Cid")],
        options={"investigator_results": "exact"},
    )
    assert [r for r in record["results"] if r["to"] == "Ann"] == [
        {"to": "Ann", "kind": "check", "target": "Cid", "value": "mafioso"}
    ]
