"""Every protector that prevented an attack is told, once (issue 19).

000 Doctor: "You and your target will be told if you prevented an attack, even if
multiple people prevented it, but will not receive additional messages because of
extra protectors or extra attackers." 000 Bodyguard: "You, your target, and the
attacker will be told if you prevented an attack, even if multiple people prevented
it, but will not receive additional messages because of extra protectors or extra
attackers."

Each combination of protectors on one target, in bay12 and in sc2: the doctor, the
bodyguard who faces the attacker, the bodyguard who stands by, a self-guard or a vest
worn by the target, the jail, and a role's own night immunity (no one's doing).
"""

from __future__ import annotations

import pytest

import roles
from tests.kit.engine import TOWN6, deaths, results
from tests.kit.engine import bay12_night as night
from tests.kit.engine import bay12_sim as sim
from tests.kit.engine import sc2_roster as sc2_table

QUOTE = "even if multiple people prevented it"


def saved_count(outcome, to):
    return len(results(outcome, 0, to=to, kind="saved"))


# -- bay12 ------------------------------------------------------------------------------


def test_doctor_and_bodyguard_on_one_attacker_are_both_told():
    """000 Doctor: 'You and your target will be told if you prevented an attack, even if
    multiple people prevented it'. The bodyguard faces the mafioso; the doctor's heal
    would have stopped him too, so the doctor prevented it as well."""
    out = sim(
        ["bodyguard", "doctor", "mafioso", *TOWN6],
        [night(("Bodyguard", "Townie"), ("Doctor", "Townie"), ("Mafioso", "Townie"))],
    )
    assert deaths(out, 0) == {"Bodyguard", "Mafioso"}
    assert saved_count(out, "Bodyguard") == 1
    assert saved_count(out, "Doctor") == 1
    assert saved_count(out, "Townie") == 1
    assert len(results(out, 0, to="Mafioso", kind="guarded")) == 1


def test_doctor_and_bodyguard_on_two_attackers_each_told_once():
    """000: '... but will not receive additional messages because of extra protectors or
    extra attackers.'"""
    out = sim(
        ["bodyguard", "doctor", "mafioso", "vigilante", *TOWN6],
        [
            night(),
            {"day": {"votes": [], "rounds": [], "actions": []}},
            night(
                ("Bodyguard", "Townie"),
                ("Doctor", "Townie"),
                ("Mafioso", "Townie"),
                ("Vigilante", "Townie"),
            ),
        ],
    )
    phase = out["phases"][2]
    assert "Townie" not in {d["player"] for d in phase["deaths"]}
    told = [r["to"] for r in phase["results"] if r["kind"] == "saved"]
    assert sorted(told) == ["Bodyguard", "Doctor", "Townie"]


def test_two_bodyguards_and_a_doctor_all_told_once():
    """000 Bodyguard: 'If another Bodyguard is visiting your target, it is randomly
    determined which one of you faces the attacker', and 'You ... will be told if you
    prevented an attack, even if multiple people prevented it': the one who stood by
    prevented it too."""
    out = sim(
        ["bodyguard", "bodyguard", "doctor", "mafioso", *TOWN6],
        [
            night(
                ("Bodyguard", "Townie"),
                ("Bodyguard2", "Townie"),
                ("Doctor", "Townie"),
                ("Mafioso", "Townie"),
            )
        ],
    )
    assert "Townie" not in deaths(out, 0)
    for protector in ("Bodyguard", "Bodyguard2", "Doctor", "Townie"):
        assert saved_count(out, protector) == 1, protector
    # Exactly one of the two bodyguards faced the mafioso and died with him.
    assert len(deaths(out, 0) & {"Bodyguard", "Bodyguard2"}) == 1


def test_doctor_on_a_self_guarding_bodyguard_is_told():
    """000 Bodyguard: 'You can target yourself ... attackers repelled by it will be told
    your defense was too high'; the doctor who healed him prevented the attack too."""
    out = sim(
        ["bodyguard", "doctor", "mafioso", *TOWN6],
        [night(("Bodyguard", "Bodyguard"), ("Doctor", "Bodyguard"), ("Mafioso", "Bodyguard"))],
    )
    assert deaths(out, 0) == set()
    assert results(out, 0, to="Mafioso", kind="immune")
    assert saved_count(out, "Doctor") == 1
    assert saved_count(out, "Bodyguard") == 1


def test_doctor_on_a_night_immune_role_is_not_told():
    """000 Serial Killer: 'You cannot be killed at night except by the Jester': his own
    defence stopped the mafioso, no protector did, so the doctor prevented nothing."""
    out = sim(
        ["doctor", "mafioso", "serial_killer", *TOWN6],
        [night(("Doctor", "SerialKiller"), ("Mafioso", "SerialKiller"))],
    )
    assert deaths(out, 0) == set()
    assert results(out, 0, to="Mafioso", kind="immune")
    assert saved_count(out, "Doctor") == 0


def test_no_protector_told_when_the_target_dies_anyway():
    """000 Doctor: 'You cannot prevent a kill from the ... Arsonist': the bodyguard still
    faces the mafioso, but the target burns; the doctor prevented nothing."""
    out = sim(
        ["bodyguard", "doctor", "mafioso", "arsonist", *TOWN6],
        [
            night(("Arsonist", "Townie")),
            {"day": {"votes": [], "rounds": [], "actions": []}},
            night(
                ("Bodyguard", "Townie"),
                ("Doctor", "Townie"),
                ("Mafioso", "Townie"),
                ("Arsonist", "ignite"),
            ),
        ],
    )
    phase = out["phases"][2]
    assert "Townie" in {d["player"] for d in phase["deaths"]}
    assert not [r for r in phase["results"] if r["kind"] == "saved" and r["to"] == "Doctor"]


# -- sc2 --------------------------------------------------------------------------------


def sc2(players, phases, options=None):
    return roles.simulate(
        {
            "ruleset": "sc2",
            "seed": 1,
            "options": options or {},
            "players": players,
            "phases": phases,
        }
    )


def acts(*triples):
    return {"night": [{"actor": a, "ability": b, "targets": list(t)} for a, b, *t in triples]}


@pytest.mark.parametrize("knows", [True, False])
def test_sc2_doctor_told_when_a_bodyguard_saved_his_target(knows):
    """000's rule in sc2, with sc2-reference 2.1 Doctor 'knows_if_attacked': the Doctor
    whose target a Bodyguard saved is told with the option on, as when his own heal did."""
    out = sc2(
        sc2_table("bodyguard", "doctor", "mafioso"),
        [acts(("Ann", "guard", "Dan"), ("Bob", "heal", "Dan"), ("Cid", "kill", "Dan"))],
        {"doctor_knows_if_attacked": knows},
    )
    assert "Dan" not in deaths(out, 0)
    assert saved_count(out, "Ann") == 1
    assert saved_count(out, "Bob") == (1 if knows else 0)
    assert saved_count(out, "Dan") == 1


def test_sc2_doctor_told_when_a_vest_saved_his_target():
    """002 'Bulletproof vests are used' before the kills: the vest and the heal both
    stood between the mafioso and the Citizen; each protector is told once."""
    out = sc2(
        sc2_table("doctor", "mafioso"),
        [acts(("Cid", "vest"), ("Ann", "heal", "Cid"), ("Bob", "kill", "Cid"))],
    )
    assert "Cid" not in deaths(out, 0)
    assert saved_count(out, "Ann") == 1
    assert saved_count(out, "Cid") == 1


def test_sc2_jailed_target_tells_no_protector():
    """sc2-reference 2.1 Jailor: the jail 'roleblock + protect prisoner' is anonymous; a
    jail-like stop tells the attacker, not the prisoner, and so no healer either."""
    players = sc2_table("jailor", "doctor", "mafioso")
    out = sc2(
        players,
        [
            {
                "day": {
                    "votes": [],
                    "rounds": [],
                    "actions": [{"actor": "Ann", "ability": "jail", "targets": ["Dan"]}],
                }
            },
            acts(("Bob", "heal", "Dan"), ("Cid", "kill", "Dan")),
        ],
    )
    phase = out["phases"][1]
    assert "Dan" not in {d["player"] for d in phase["deaths"]}
    told = [r["to"] for r in phase["results"] if r["kind"] == "saved"]
    assert "Bob" not in told and "Dan" not in told


@pytest.mark.parametrize("ruleset", ["bay12", "sc2"])
def test_the_ruling_is_printed(ruleset):
    """Every new ruling is printed by `python -m roles rules RULESET`."""
    assert QUOTE in " ".join(roles.rules_text(ruleset).split())


# -- townston ---------------------------------------------------------------------------


def test_townston_every_bodyguard_of_the_target_is_told():
    """001 Bodyguard: 'you will defend him with your life'; with two Bodyguards on one
    player (townston deals two) each stopped the hit, so each is told once. 001 says
    nothing of telling the protected player, so he is not told (000's sentence is
    bay12's)."""
    pairs = [
        ("Ann", "townie"),
        ("Bob", "hitman"),
        ("Cid", "bodyguard"),
        ("Dan", "bodyguard"),
        ("Eve", "townie"),
        ("Fay", "godfather"),
        ("Gil", "townie"),
    ]
    out = roles.simulate(
        {
            "ruleset": "townston",
            "seed": 1,
            "options": {},
            "players": [{"name": n, "role": r} for n, r in pairs],
            "phases": [
                {
                    "night": [
                        {"actor": "Cid", "targets": ["Ann"]},
                        {"actor": "Dan", "targets": ["Ann"]},
                        {"actor": "Bob", "targets": ["Ann"]},
                    ]
                }
            ],
        }
    )
    phase = out["phases"][0]
    assert "Ann" not in {d["player"] for d in phase["deaths"]}
    told = sorted(r["to"] for r in phase["results"] if r["kind"] == "protected")
    assert told == ["Cid", "Dan"]
