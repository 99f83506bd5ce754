"""bay12: one test per rule sentence of 000's role list and 002's mechanics.

Each test quotes the sentence it checks. Players are named after their role so
the cases read like the rules: `sim(["mafioso", "doctor", "townie"], ...)`
seats Mafioso, Doctor and Townie (a second townie is Townie2).
"""

from __future__ import annotations

import pytest

import roles
from tests.kit.engine import TOWN6, day, deaths, results
from tests.kit.engine import bay12_night as night
from tests.kit.engine import bay12_roster as roster
from tests.kit.engine import bay12_sim as sim

# -- Mafioso -----------------------------------------------------------------------------


def test_mafioso_kills_target():
    """000 Mafioso: 'Kill your target player.'"""
    out = sim(["mafioso", "townie", *TOWN6], [night(("Mafioso", "Townie"))])
    assert deaths(out, 0) == {"Townie"}
    assert out["phases"][0]["deaths"][0]["by"] == ["mafioso"]


@pytest.mark.parametrize("defender", ["executioner", "serial_killer", "arsonist"])
def test_mafioso_fails_against_defence_and_is_told(defender):
    """000 Mafioso: 'You will fail and be informed of it if your target's defense is too
    high, which is the case with the ... Executioner, Serial Killer, Arsonist'."""
    out = sim(["mafioso", defender, *TOWN6], [night(("Mafioso", roster([defender])[0]["name"]))])
    assert deaths(out, 0) == set()
    assert results(out, 0, to="Mafioso", kind="immune")


def test_mafioso_fails_against_self_guarding_bodyguard():
    """000 Mafioso: defence too high 'with the Bodyguard (targeting themselves)'."""
    out = sim(
        ["mafioso", "bodyguard", *TOWN6],
        [night(("Mafioso", "Bodyguard"), ("Bodyguard", "Bodyguard"))],
    )
    assert deaths(out, 0) == set()
    assert results(out, 0, to="Mafioso", kind="immune")


def test_witch_survives_first_attack_only():
    """000 Mafioso: fails against the 'Witch (if not already attacked)'; Witch: 'Once per
    game, if you would be killed at night ... you will survive'."""
    out = sim(
        ["mafioso", "witch", *TOWN6],
        [night(("Mafioso", "Witch")), day(), night(("Mafioso", "Witch"))],
    )
    assert deaths(out, 0) == set()
    assert results(out, 0, to="Mafioso", kind="immune")
    assert deaths(out, 2) == {"Witch"}


def test_mafioso_succession():
    """000 Mafioso: 'If you die, the other mafia member's role is replaced with the Mafioso.'"""
    out = sim(
        ["mafioso", "consort", *TOWN6],
        [night(), day(("Townie", "Mafioso"), ("Townie2", "Mafioso"), ("Townie3", "Mafioso"))],
    )
    assert out["roles"]["Consort"] == "mafioso"
    assert results(out, 1, to="Consort", kind="role_change")[0]["value"] == "mafioso"


def test_mafia_cannot_target_mafia():
    """000: 'mafia members cannot intentionally target another member of the mafia.'"""
    with pytest.raises(roles.ScenarioError, match="night 1: Mafioso: .*mafia"):
        sim(["mafioso", "consort", *TOWN6], [night(("Mafioso", "Consort"))])


def test_cannot_target_yourself_unless_stated():
    """000: 'unless otherwise stated, you cannot intentionally target yourself'."""
    with pytest.raises(roles.ScenarioError, match="night 1: Sheriff: .*themselves"):
        sim(["mafioso", "sheriff", *TOWN6], [night(("Sheriff", "Sheriff"))])


# -- Consort / Escort --------------------------------------------------------------------


@pytest.mark.parametrize("blocker", ["escort", "consort"])
def test_block_prevents_ability_and_target_is_told(blocker):
    """000 Escort/Consort: 'Prevent your target from using their ability tonight.' 'Your
    target will be informed of the attempt, whether or not you succeed.'"""
    out = sim(
        [blocker, "doctor", "mafioso", "vigilante", *TOWN6]
        if blocker == "escort"
        else [blocker, "doctor", "mafioso", "sheriff", *TOWN6],
        [
            night(
                (roster([blocker])[0]["name"], "Doctor"),
                ("Doctor", "Townie"),
                ("Mafioso", "Townie") if blocker == "escort" else ("Mafioso", "Townie"),
            )
        ],
    )
    assert deaths(out, 0) == {"Townie"}
    assert results(out, 0, to="Doctor", kind="blocked")


@pytest.mark.parametrize("immune", ["escort", "transporter", "witch"])
def test_block_immunity_is_reported(immune):
    """000 Consort: 'The Escort, Transporter and Witch are immune to this, and you are told if
    your target has that immunity.'"""
    name = roster([immune])[0]["name"]
    out = sim(["consort", "mafioso", immune, *TOWN6], [night(("Consort", name))])
    assert results(out, 0, to="Consort", kind="immune")[0]["target"] == name
    assert results(out, 0, to=name, kind="block_attempt")
    assert not results(out, 0, to=name, kind="blocked")


def test_blockers_are_immune_to_each_other():
    """000 Consort/Escort: 'You are immune to the Escort and Consort's abilities.'"""
    out = sim(
        ["consort", "mafioso", "escort", *TOWN6],
        [night(("Consort", "Escort"), ("Escort", "Mafioso"), ("Mafioso", "Townie"))],
    )
    assert deaths(out, 0) == set()  # the Escort's block on the Mafioso still lands
    assert results(out, 0, to="Consort", kind="immune")


def test_serial_killer_kills_blocker_instead():
    """000 Serial Killer: 'If you are targeted by the Escort or Consort, you will be forced to
    target them instead, and target all of them that visit you if multiple do so.'"""
    out = sim(
        ["serial_killer", "escort", "consort", "mafioso", *TOWN6],
        [
            night(
                ("SerialKiller", "Townie"),
                ("Escort", "SerialKiller"),
                ("Consort", "SerialKiller"),
            )
        ],
    )
    assert deaths(out, 0) == {"Escort", "Consort"}
    assert "Townie" in out["alive"]


def test_serial_killer_kills_blocker_even_without_choosing():
    """000 Consort: 'If your target is a Serial Killer, they will be forced to use their
    ability on you.'"""
    out = sim(["serial_killer", "escort", "mafioso", *TOWN6], [night(("Escort", "SerialKiller"))])
    assert deaths(out, 0) == {"Escort"}


def test_serial_killer_kills_transported_blocker():
    """000 Serial Killer: 'If the Transporter targets a Escort or Consort that visits you, you
    will still target them and not the Transporter's other target.'"""
    out = sim(
        ["serial_killer", "escort", "transporter", "mafioso", *TOWN6],
        [
            night(
                ("SerialKiller", "Townie"),
                ("Escort", "SerialKiller"),
                ("Transporter", "Escort", "Townie2"),
            )
        ],
    )
    assert "Escort" in deaths(out, 0)
    assert "Townie2" not in deaths(out, 0)


# -- Framer, Sheriff, Investigator, Consigliere --------------------------------------------


def test_sheriff_suspicious_for_mafia_and_serial_killer_only():
    """000 Sheriff: '"Suspicious" result if your target is a member of the mafia, the Serial
    Killer, or a framed player, and "Not Suspicious" if otherwise.'"""
    values = {}
    for target in ["consort", "serial_killer", "arsonist", "doctor", "witch"]:
        name = roster([target])[0]["name"]
        out = sim(
            ["sheriff", "mafioso", target, *TOWN6]
            if target != "consort"
            else ["sheriff", "mafioso", "consort", *TOWN6],
            [night(("Sheriff", name))],
        )
        values[target] = results(out, 0, to="Sheriff", kind="check")[0]["value"]
    assert values == {
        "consort": "suspicious",
        "serial_killer": "suspicious",
        "arsonist": "not_suspicious",
        "doctor": "not_suspicious",
        "witch": "not_suspicious",
    }


def test_framer_makes_target_suspicious_and_framed_for_investigator():
    """000 Framer: 'Make your target appear as "Suspicious" to the Sheriff and "Framer, Jester,
    or framed player" to the Investigator tonight.'"""
    out = sim(
        ["framer", "mafioso", "sheriff", "investigator", "doctor", *TOWN6],
        [night(("Framer", "Doctor"), ("Sheriff", "Doctor"), ("Investigator", "Doctor"))],
    )
    assert results(out, 0, to="Sheriff")[0]["value"] == "suspicious"
    assert results(out, 0, to="Investigator")[0]["value"] == ["framed", "framer", "jester"]


def test_framing_lasts_one_night():
    """000 Framer: '... tonight.'"""
    out = sim(
        ["framer", "mafioso", "sheriff", "doctor", *TOWN6],
        [night(("Framer", "Doctor")), day(), night(("Sheriff", "Doctor"))],
    )
    assert results(out, 2, to="Sheriff")[0]["value"] == "not_suspicious"


def test_framing_beats_dousing():
    """000 Framer: 'This overpowers the deceptive effect of the Arsonist's dousing.'"""
    out = sim(
        ["framer", "mafioso", "arsonist", "investigator", "doctor", *TOWN6],
        [night(("Framer", "Doctor"), ("Arsonist", "Doctor"), ("Investigator", "Doctor"))],
    )
    assert results(out, 0, to="Investigator")[0]["value"] == ["framed", "framer", "jester"]


@pytest.mark.parametrize(
    "role, group",
    [
        ("vigilante", ["mafioso", "vigilante"]),
        ("mafioso", ["mafioso", "vigilante"]),
        ("spy", ["spy"]),
        ("sheriff", ["executioner", "sheriff"]),
        ("executioner", ["executioner", "sheriff"]),
        ("jester", ["framed", "framer", "jester"]),
        ("lookout", ["lookout", "witch"]),
        ("witch", ["lookout", "witch"]),
        ("escort", ["consort", "escort", "transporter"]),
        ("transporter", ["consort", "escort", "transporter"]),
        ("doctor", ["doctor", "serial_killer"]),
        ("serial_killer", ["doctor", "serial_killer"]),
        ("consigliere", ["consigliere", "investigator"]),
        ("bodyguard", ["arsonist", "bodyguard", "doused"]),
        ("arsonist", ["arsonist", "bodyguard", "doused"]),
    ],
)
def test_investigator_groups(role, group):
    """000 Investigator: 'The different groups are: Vigilante or Mafioso; Spy (& nothing else);
    Sheriff or Executioner; Framer or Jester or framed player; Lookout or Witch; Escort or
    Transport or Consort; Doctor or Serial Killer; Investigator or Consigliere; Bodyguard or
    Arsonist or doused player.'"""
    lineup = ["investigator", role] + (["mafioso"] if role != "mafioso" else ["consort"])
    name = roster(lineup)[1]["name"]
    out = sim([*lineup, *TOWN6], [night(("Investigator", name))])
    assert results(out, 0, to="Investigator")[0]["value"] == group


def test_doused_player_reads_as_doused_group():
    """000 Arsonist: 'If investigated, they will appear as "Bodyguard or Arsonist or doused
    player".'"""
    out = sim(
        ["arsonist", "investigator", "doctor", "mafioso", *TOWN6],
        [night(("Arsonist", "Doctor")), day(), night(("Investigator", "Doctor"))],
    )
    assert results(out, 2, to="Investigator")[0]["value"] == ["arsonist", "bodyguard", "doused"]


def test_consigliere_learns_role_and_doused_reads_arsonist():
    """000 Consigliere: 'Learn the role of your target. If they have been doused, they appear to
    be the Arsonist.'"""
    out = sim(
        ["consigliere", "mafioso", "arsonist", "doctor", "sheriff", *TOWN6],
        [
            night(("Consigliere", "Sheriff"), ("Arsonist", "Doctor")),
            day(),
            night(("Consigliere", "Doctor")),
        ],
    )
    assert results(out, 0, to="Consigliere")[0]["value"] == "sheriff"
    assert results(out, 2, to="Consigliere")[0]["value"] == "arsonist"


# -- Lookout, Spy -------------------------------------------------------------------------


def test_lookout_sees_visitors_but_not_self_targets():
    """000 Lookout: 'Learn who else visited your target tonight ... You will not see the
    Transporter or Witch at their second target nor the Doctor and Bodyguard when they target
    themselves.'"""
    out = sim(
        ["lookout", "mafioso", "doctor", "sheriff", *TOWN6],
        [
            night(
                ("Lookout", "Doctor"),
                ("Mafioso", "Doctor"),
                ("Doctor", "Doctor"),
                ("Sheriff", "Doctor"),
            )
        ],
    )
    assert results(out, 0, to="Lookout")[0]["value"] == ["Mafioso", "Sheriff"]


def test_lookout_does_not_see_witch_at_second_target():
    """000 Witch: 'You do not visit your second target.'"""
    out = sim(
        ["lookout", "witch", "doctor", "mafioso", *TOWN6],
        [night(("Lookout", "Townie"), ("Witch", "Doctor", "Townie"), ("Doctor", "Mafioso"))],
    )
    assert results(out, 0, to="Lookout")[0]["value"] == ["Doctor"]


def test_spy_learns_mafia_visits_without_acting():
    """000 Spy: 'You learn which players the mafia visits every night. This happens whether you
    use your ability or not.'"""
    out = sim(
        ["spy", "mafioso", "framer", *TOWN6], [night(("Mafioso", "Townie"), ("Framer", "Townie2"))]
    )
    assert results(out, 0, to="Spy", kind="mafia_visits")[0]["value"] == ["Townie", "Townie2"]


def test_spy_sees_what_target_knows():
    """000 Spy: 'Learn what abilities your target knows they are affected by tonight.'"""
    out = sim(
        ["spy", "escort", "doctor", "mafioso", *TOWN6],
        [night(("Spy", "Doctor"), ("Escort", "Doctor"), ("Doctor", "Townie"))],
    )
    assert results(out, 0, to="Spy", kind="spied")[0]["value"] == ["blocked"]


# -- Doctor --------------------------------------------------------------------------------


def test_doctor_saves_and_both_are_told_once():
    """000 Doctor: 'You and your target will be told if you prevented an attack, even if
    multiple people prevented it, but will not receive additional messages because of extra
    protectors or extra attackers.'"""
    out = sim(
        ["doctor", "doctor", "mafioso", "serial_killer", *TOWN6],
        [
            night(
                ("Doctor", "Townie"),
                ("Doctor2", "Townie"),
                ("Mafioso", "Townie"),
                ("SerialKiller", "Townie"),
            )
        ],
    )
    assert deaths(out, 0) == set()
    assert len(results(out, 0, to="Townie", kind="saved")) == 1
    assert len(results(out, 0, to="Doctor", kind="saved")) == 1
    assert len(results(out, 0, to="Doctor2", kind="saved")) == 1


def test_doctor_self_target_once_per_game():
    """000 Doctor: 'You can target yourself with this ability once per game'."""
    with pytest.raises(roles.ScenarioError, match="night 2: Doctor"):
        sim(
            ["doctor", "mafioso", *TOWN6],
            [night(("Doctor", "Doctor")), day(), night(("Doctor", "Doctor"))],
        )


def test_doctor_cannot_stop_arsonist():
    """000 Doctor: 'You cannot prevent a kill from the Vigilante (if they are commiting
    suicide), Arsonist or Jester.'"""
    out = sim(
        ["doctor", "arsonist", "mafioso", *TOWN6],
        [night(("Arsonist", "Townie")), day(), night(("Arsonist", "ignite"), ("Doctor", "Townie"))],
    )
    assert deaths(out, 2) == {"Townie"}


# -- Bodyguard -----------------------------------------------------------------------------


def test_bodyguard_trades_lives_with_attacker():
    """000 Bodyguard: 'You will kill and be killed by that attacker (the attacker will still be
    visiting your target, not you).'"""
    out = sim(
        ["bodyguard", "mafioso", "lookout", *TOWN6],
        [night(("Bodyguard", "Townie"), ("Mafioso", "Townie"), ("Lookout", "Townie"))],
    )
    assert deaths(out, 0) == {"Bodyguard", "Mafioso"}
    assert set(results(out, 0, to="Lookout")[0]["value"]) == {"Bodyguard", "Mafioso"}
    assert results(out, 0, to="Mafioso", kind="guarded")
    desc = out["phases"][0]["descriptions"]
    assert desc["Bodyguard"].startswith("There were signs of struggle.")
    assert desc["Mafioso"] == "He/She was killed in a duel."


def test_bodyguard_stops_one_of_two_attackers():
    """000 Bodyguard: 'Prevent your target player from being killed by one attacker tonight.'
    'If there are multiple attackers visiting your target, you affect a random one.'"""
    out = sim(
        ["bodyguard", "mafioso", "vigilante", *TOWN6],
        [
            night(),
            day(),
            night(("Bodyguard", "Townie"), ("Mafioso", "Townie"), ("Vigilante", "Townie")),
        ],
    )
    assert "Townie" in deaths(out, 2) and "Bodyguard" in deaths(out, 2)


def test_bodyguard_self_guard_is_immunity_without_a_kill():
    """000 Bodyguard: 'You can target yourself with this ability once per game, and it will not
    count as a visit, nor will it kill the attacker, and attackers repelled by it will be told
    your defense was too high.'"""
    out = sim(
        ["bodyguard", "mafioso", *TOWN6],
        [night(("Bodyguard", "Bodyguard"), ("Mafioso", "Bodyguard"))],
    )
    assert deaths(out, 0) == set()
    assert results(out, 0, to="Mafioso", kind="immune")


def test_two_bodyguards_one_faces_the_attacker():
    """000 Bodyguard: 'If another Bodyguard is visiting your target, it is randomly determined
    which one of you faces the attacker.'"""
    faced = set()
    for seed in range(12):
        out = sim(
            ["bodyguard", "bodyguard", "mafioso", *TOWN6],
            [night(("Bodyguard", "Townie"), ("Bodyguard2", "Townie"), ("Mafioso", "Townie"))],
            seed=seed,
        )
        dead = deaths(out, 0)
        assert "Townie" not in dead and "Mafioso" in dead
        assert len(dead & {"Bodyguard", "Bodyguard2"}) == 1
        faced |= dead
    assert {"Bodyguard", "Bodyguard2"} <= faced


# -- Vigilante -----------------------------------------------------------------------------


def test_vigilante_not_on_first_night():
    """000 Vigilante: 'cannot use it on the first night.'"""
    with pytest.raises(roles.ScenarioError, match="night 1: Vigilante: .*night 1"):
        sim(["vigilante", "mafioso", *TOWN6], [night(("Vigilante", "Mafioso"))])


def test_vigilante_three_shots():
    """000 Vigilante: 'You may use this ability 3 times per game'."""
    phases = [night()]
    for target in ["Consort", "Framer", "Consigliere", "Mafioso"]:
        phases += [day(), night(("Vigilante", target))]
    with pytest.raises(roles.ScenarioError, match="night 5: Vigilante: .*no uses"):
        sim(["vigilante", "mafioso", "consort", "framer", "consigliere", *TOWN6, *TOWN6], phases)


def test_vigilante_guilt_suicide_next_night_unpreventable():
    """000 Vigilante: 'If you kill a town member, you will commit suicide the next night, which
    cannot be prevented in any way.'"""
    out = sim(
        ["vigilante", "doctor", "mafioso", *TOWN6],
        [night(), day(), night(("Vigilante", "Townie")), day(), night(("Doctor", "Vigilante"))],
    )
    assert deaths(out, 2) == {"Townie"}
    assert deaths(out, 4) == {"Vigilante"}
    assert out["phases"][4]["deaths"][0]["by"] == ["suicide"]


def test_vigilante_no_guilt_for_killing_mafia():
    """000 Vigilante: guilt only 'If you kill a town member'."""
    out = sim(
        ["vigilante", "mafioso", "consort", *TOWN6],
        [night(), day(), night(("Vigilante", "Consort")), day(), night()],
    )
    assert deaths(out, 4) == set()


# -- Transporter ---------------------------------------------------------------------------


def test_transporter_swaps_targets():
    """000 Transporter: 'Cause all targets visiting your first target tonight to instead visit
    your second target, and vica versa'."""
    out = sim(
        ["transporter", "mafioso", "doctor", *TOWN6],
        [night(("Transporter", "Townie", "Townie2"), ("Mafioso", "Townie"), ("Doctor", "Townie2"))],
    )
    # the kill went to Townie2, the heal to Townie: Townie2 dies
    assert deaths(out, 0) == {"Townie2"}
    assert results(out, 0, to="Townie", kind="transported")


def test_transporter_does_not_move_self_targeting_doctor():
    """000 Transporter: 'If the Doctor or Bodyguard are targeting themselves ... they will not
    be switched to another target.'"""
    out = sim(
        ["transporter", "mafioso", "doctor", *TOWN6],
        [night(("Transporter", "Doctor", "Townie"), ("Mafioso", "Townie"), ("Doctor", "Doctor"))],
    )
    # The kill moved to the Doctor; his self-heal stayed on him and saved him.
    assert deaths(out, 0) == set()
    assert results(out, 0, to="Doctor", kind="saved")


def test_transporter_may_name_himself_second_only():
    """000 Transporter: 'You do not visit your second target, and you may choose yourself as that
    target.'"""
    out = sim(
        ["transporter", "mafioso", *TOWN6],
        [night(("Transporter", "Townie", "Transporter"), ("Mafioso", "Townie"))],
    )
    assert deaths(out, 0) == {"Transporter"}
    with pytest.raises(roles.ScenarioError, match="second target"):
        sim(["transporter", "mafioso", *TOWN6], [night(("Transporter", "Transporter", "Townie"))])


def test_transporter_cannot_be_controlled_or_blocked():
    """000 Transporter: 'You are immune to the Escort, Consort and Witch's abilities.'"""
    out = sim(
        ["transporter", "witch", "consort", "mafioso", *TOWN6],
        [
            night(
                ("Transporter", "Townie", "Townie2"),
                ("Witch", "Transporter", "Townie3"),
                ("Consort", "Transporter"),
                ("Mafioso", "Townie"),
            )
        ],
    )
    assert deaths(out, 0) == {"Townie2"}


# -- Witch -----------------------------------------------------------------------------------


def test_witch_controls_and_learns_role():
    """000 Witch: 'Force your first target to visit your second target and use their ability on
    them ... You will learn the role of your first target (ignoring all deception), and your first
    target will be told that they were the target of a Witch.'"""
    out = sim(
        ["witch", "vigilante", "mafioso", *TOWN6],
        [night(), day(), night(("Witch", "Vigilante", "Mafioso"), ("Vigilante", "Townie"))],
    )
    assert deaths(out, 2) == {"Mafioso"}
    assert results(out, 2, to="Witch", kind="check")[0]["value"] == "vigilante"
    assert results(out, 2, to="Vigilante", kind="witched")


def test_witch_forces_an_idle_player():
    """000 Witch: 'Force your first target to visit your second target and use their ability on
    them, if possible.'"""
    out = sim(["witch", "mafioso", *TOWN6], [night(("Witch", "Mafioso", "Townie"))])
    assert deaths(out, 0) == {"Townie"}


def test_witch_does_not_force_blocked_target():
    """000 Witch: 'If your first target is prevented from using their ability by the Escort or
    Consort ... they will not be forced to visit your second target.'"""
    out = sim(
        ["witch", "mafioso", "escort", *TOWN6],
        [night(("Witch", "Mafioso", "Townie"), ("Escort", "Mafioso"))],
    )
    assert deaths(out, 0) == set()


def test_witch_two_attackers_one_repelled():
    """000 Witch: 'If multiple attackers attack you in the same night, a randomly determined one
    will be repelled.'"""
    out = sim(
        ["witch", "mafioso", "serial_killer", *TOWN6],
        [night(("Mafioso", "Witch"), ("SerialKiller", "Witch"))],
    )
    assert deaths(out, 0) == {"Witch"}
    repelled = [r for r in out["phases"][0]["results"] if r["kind"] == "immune"]
    assert len(repelled) == 1


# -- Arsonist --------------------------------------------------------------------------------


def test_arsonist_ignites_all_doused_unpreventably():
    """000 Arsonist: 'If you target yourself, you will kill all the players you have marked.
    Their death cannot be prevented by anything.'"""
    out = sim(
        ["arsonist", "doctor", "mafioso", *TOWN6],
        [
            night(("Arsonist", "Townie")),
            day(),
            night(("Arsonist", "Townie2")),
            day(),
            night(("Arsonist", "Arsonist"), ("Doctor", "Townie2")),
        ],
    )
    assert deaths(out, 4) == {"Townie", "Townie2"}
    assert out["phases"][4]["descriptions"]["Townie"] == "He/She was incinerated."


def test_arsonist_told_when_doused_and_cleans_by_idling():
    """000 Arsonist: 'You are told if you are doused.' 'If you do not use your ability, you will
    clean yourself off'."""
    out = sim(
        ["arsonist", "arsonist", "investigator", "mafioso", *TOWN6],
        [night(("Arsonist2", "Arsonist")), day(), night(("Investigator", "Arsonist"))],
    )
    assert results(out, 0, to="Arsonist", kind="doused")
    # The doused Arsonist did nothing on night 2: clean; he reads as his own group anyway.
    assert results(out, 2, to="Investigator")[0]["value"] == ["arsonist", "bodyguard", "doused"]


# -- Executioner, Jester -----------------------------------------------------------------------


def test_executioner_wins_when_target_lynched():
    """000 Executioner: 'You win if your target (a randomly chosen town member) is lynched.'"""
    out = sim(
        ["executioner", "mafioso", "sheriff", "townie", "townie"],
        [
            day(("Mafioso", "Sheriff"), ("Executioner", "Sheriff"), ("Townie", "Sheriff")),
            night(("Mafioso", "Townie")),
            day(("Executioner", "Townie2"), ("Mafioso", "Townie2")),
        ],
        extra={"Executioner": {"target": "Sheriff"}},
    )
    assert out["ended"]
    assert "Executioner" in out["winners"] and "Mafioso" in out["winners"]


def test_executioner_becomes_jester_when_target_dies_at_night():
    """000 Executioner: 'If your target dies during the night, your role is replaced with the
    Jester at the beginning of the following day.'"""
    out = sim(
        ["executioner", "mafioso", "sheriff", *TOWN6],
        [night(("Mafioso", "Sheriff"))],
        extra={"Executioner": {"target": "Sheriff"}},
    )
    assert out["roles"]["Executioner"] == "jester"


def test_executioner_random_target_is_town():
    """000 Executioner: 'your target (a randomly chosen town member)'."""
    state = roles.new_game("bay12", roster(["executioner", "mafioso", "serial_killer", *TOWN6]), 9)
    target = state.player("Executioner").memory["target"]
    assert state.player(target).faction == "town"


def test_jester_lynched_wins_and_haunts_a_voter():
    """000 Jester: 'You win if you are lynched.' 'your target must be a player who was voting for
    you at the end of the day. Kill your target player. This cannot be prevented in any way.'"""
    out = sim(
        ["jester", "mafioso", "doctor", "sheriff", *TOWN6],
        [
            day(("Townie", "Jester"), ("Townie2", "Jester"), ("Doctor", "Mafioso")),
            night(
                {"actor": "Jester", "ability": "haunt", "targets": ["Townie"]}, ("Doctor", "Townie")
            ),
        ],
    )
    assert deaths(out, 0) == {"Jester"}
    assert deaths(out, 1) == {"Townie"}
    assert "grief" in out["phases"][1]["descriptions"]["Townie"]
    with pytest.raises(roles.ScenarioError, match="Doctor"):
        sim(
            ["jester", "mafioso", "doctor", *TOWN6],
            [
                day(("Townie", "Jester"), ("Townie2", "Jester"), ("Doctor", "Mafioso")),
                night({"actor": "Jester", "ability": "haunt", "targets": ["Doctor"]}),
            ],
        )


def test_jester_haunt_ignores_transporter():
    """000 Jester: 'This ability does not visit, and therefore you will still kill your original
    target even if the Transporter targets them as well.'"""
    out = sim(
        ["jester", "mafioso", "transporter", *TOWN6],
        [
            day(("Townie", "Jester"), ("Townie2", "Jester"), ("Mafioso", "Jester")),
            night(
                {"actor": "Jester", "ability": "haunt", "targets": ["Townie"]},
                ("Transporter", "Townie", "Townie3"),
            ),
        ],
    )
    assert deaths(out, 1) == {"Townie"}


def test_jester_haunt_only_the_night_after():
    """000 Jester: 'You can only use this ability the night after you are lynched'."""
    with pytest.raises(roles.ScenarioError, match="night 1: Jester"):
        sim(
            ["jester", "mafioso", *TOWN6],
            [night({"actor": "Jester", "ability": "haunt", "targets": ["Townie"]})],
        )


# -- Serial Killer, win conditions, tie-breakers ------------------------------------------------


def test_serial_killer_immune_at_night():
    """000 Serial Killer: 'You cannot be killed at night except by the Jester, and repelled
    attackers will be told your defense was too high.'"""
    out = sim(
        ["serial_killer", "mafioso", "vigilante", *TOWN6],
        [night(), day(), night(("Vigilante", "SerialKiller"), ("Mafioso", "SerialKiller"))],
    )
    assert deaths(out, 2) == set()
    assert len(results(out, 2, kind="immune")) == 2


def test_town_wins_when_threats_gone():
    """000: 'Town Roles You win if the mafia and the Serial Killer / Arsonist / Witch are
    eliminated.'"""
    out = sim(["mafioso", "sheriff", *TOWN6], [day(("Sheriff", "Mafioso"), ("Townie", "Mafioso"))])
    assert out["ended"] and out["winners"] == ["Sheriff", "Townie", "Townie2", "Townie3", "Townie4"]


def test_mafia_wins_at_parity():
    """000: 'Mafia Roles You win if a mafia member is alive and there is no way (ignoring the
    Witch) that they can be eliminated.'"""
    out = sim(["mafioso", "consort", "townie", "townie", "townie"], [night(("Mafioso", "Townie"))])
    assert out["ended"] and out["winners"] == ["Mafioso", "Consort"]


def test_one_versus_one_serial_killer_beats_town():
    """002 One Versus One: 'at the start of a day ... Serial Killer ... Town'."""
    out = sim(["serial_killer", "townie", "townie"], [night(("SerialKiller", "Townie"))])
    assert out["ended"] and out["winners"] == ["SerialKiller"]


def test_one_versus_one_arsonist_beats_serial_killer_unless_option():
    """002: 'Arsonist - There is an option that allows for the Serial Killer to win over the
    Arsonist'."""
    phases = [night(("Arsonist", "Townie"), ("SerialKiller", "Townie"))]
    out = sim(["arsonist", "serial_killer", "townie"], phases)
    assert out["winners"] == ["Arsonist"]
    out = sim(["arsonist", "serial_killer", "townie"], phases, options={"sk_beats_arsonist": True})
    assert out["winners"] == ["SerialKiller"]


def test_three_days_of_peace():
    """002: 'When a game of Mafia goes for three days and three nights without any player dying
    ... If the Town outnumbers the Mafia then the Town wins'."""
    out = sim(["mafioso", *TOWN6], [night(), day(), night(), day(), night(), day()])
    assert out["ended"] and "Mafioso" not in out["winners"]


def test_tie_lynches_nobody():
    """000: 'whomever has the most votes will be killed' - a tie has no single such player
    (documented ruling: no lynch)."""
    out = sim(["mafioso", *TOWN6], [day(("Townie", "Mafioso"), ("Mafioso", "Townie"))])
    assert out["phases"][0]["lynched"] == []
    assert out["phases"][0]["events"][0]["kind"] == "no_lynch"


# -- 002 announcements ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "count, text",
    [
        (1, "One of us did not survive the night."),
        (2, "Some of us did not survive the night."),
        (3, "Some of us did not survive the night."),
        (4, "Many of us perished last night."),
        (6, "A mass quantity of people died last night."),
        (8, "Most of the entire town was wiped out last night."),
        (10, "A veritable Armageddon decimated the town last night."),
        (12, "Literally the entire town was obliterated last night."),
        (14, "Your setup is shit."),
        (30, "Your setup is shit."),
    ],
)
def test_headline_table(count, text):
    """002 Day-Break Headline: 'Depending on how many people die during the night, a message will
    be shown.'"""
    from roles.announce import headline

    assert headline(count) == text


def test_mafia_kill_description():
    """002 Death Descriptions: 'He/She was shot at close range.'"""
    out = sim(["mafioso", *TOWN6], [night(("Mafioso", "Townie"))])
    assert out["phases"][0]["descriptions"] == {"Townie": "He/She was shot at close range."}
    assert out["phases"][0]["headline"] == "One of us did not survive the night."


def test_combined_description_for_two_killers():
    """002: 'He/She was shot at close range.' then 'He/She was also ...' for a second killer."""
    out = sim(
        ["mafioso", "vigilante", *TOWN6],
        [night(), day(), night(("Mafioso", "Townie"), ("Vigilante", "Townie"))],
    )
    text = out["phases"][2]["descriptions"]["Townie"]
    assert text.startswith("He/She was shot at close range.")
    assert "high-caliber" in text


# -- cards, presets ------------------------------------------------------------------------------


def test_every_role_has_a_card_with_win_condition():
    ruleset = roles.get_ruleset("bay12")
    for role_id in ruleset.roles:
        card = roles.role_card("bay12", role_id)
        assert "Win condition:" in card and ruleset.roles[role_id].name in card


def test_presets_deal_their_roles():
    ruleset = roles.get_ruleset("bay12")
    assert len(ruleset.presets["seed18"].roles) == 18
    for preset in ruleset.presets.values():
        names = [f"P{i}" for i in range(len(preset.roles))]
        dealt = roles.deal("bay12", preset.id, names, seed=3)
        assert sorted(d["role"] for d in dealt) == sorted(preset.roles)
        assert dealt == roles.deal("bay12", preset.id, names, seed=3)


# -- the shared night mechanics in bay12: transports, Bodyguards, heals, Witches, fires ----


def test_a_self_heal_listed_before_the_kill_stays_and_the_later_kill_still_moves():
    """000 Transporter: 'If the Doctor or Bodyguard are targeting themselves ... they will
    not be switched to another target.' Skipping the Doctor's self-target must not stop
    the swap of the actions after it (catches: `continue` -> `break` in `transport`)."""
    out = sim(
        ["transporter", "doctor", "mafioso", *TOWN6],
        [night(("Transporter", "Doctor", "Townie"), ("Doctor", "Doctor"), ("Mafioso", "Townie"))],
    )
    # The kill moved from Townie to the Doctor, whose self-heal stayed on him.
    assert deaths(out, 0) == set()
    assert results(out, 0, to="Doctor", kind="saved")


def test_the_attacker_is_told_whose_bodyguard_stopped_him():
    """000 Bodyguard: 'You, your target, and the attacker will be told if you prevented an
    attack'. The attacker's message names the target he aimed at (catches: the `target`
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
    her (catches: always the first attacker repelled)."""
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


def test_a_bodyguard_on_an_unattacked_player_does_not_stop_the_next_bodyguard():
    """000 Bodyguard: 'Prevent your target from being killed by one attacker tonight'.
    The first Bodyguard (seat order) guards a player nobody attacks; the second still
    stands in front of the attack on his own target (catches: `break` -> `return` in
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
    seed's sequence does not depend on how many attacks a Bodyguard met (catches:
    `many` None, or `and` for `or`: no draw among one, the next draw moved)."""
    picks = [_guarded_against_two(seed) for seed in range(16)]
    assert set(picks) == {"Mafioso", "SerialKiller"}
    assert "".join(p[0] for p in picks) == "SMSSSSSMSMMSMSSM"


def test_bay12_the_executioner_dies_at_night_to_the_arsonist_and_the_jesters_haunt():
    """000 Executioner: 'You cannot be killed at night except by the Arsonist.' bay12's
    ruling adds the Jester, whose haunt 'cannot be prevented in any way' (catches, in
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
    ignite (catches, in `_default_night_ability`: `and` -> `or` let the targetless
    ignite in, two candidates, so the Witch forced nothing)."""
    out = sim(
        ["witch", "arsonist", "mafioso", *TOWN6],
        [night(("Witch", "Arsonist", "Townie")), day(), night(("Arsonist", "ignite"))],
    )
    assert deaths(out, 0) == set()
    assert deaths(out, 2) == {"Townie"}


def test_two_serial_killers_each_turn_on_their_own_blocker():
    """000 Serial Killer: 'If you are targeted by the Escort or Consort, you will be forced
    to target them instead, and target all of them that visit you if multiple do so.' Each
    Serial Killer targets the blockers who visited him, not another killer's
    (`_turn_on_blocker`: one list for every killer)."""
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
    the Bodyguard on the later target is told too (`_tell_every_protector`)."""
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
    name the Doctor (`_tell_saved`: the target dropped from the Doctor's result)."""
    out = sim(["doctor", "mafioso", *TOWN6], [night(("Doctor", "Townie"), ("Mafioso", "Townie"))])
    assert results(out, 0) == [
        {"to": "Doctor", "kind": "saved", "target": "Townie"},
        {"to": "Townie", "kind": "saved"},
    ]


@pytest.mark.parametrize("transports", [False, True])
def test_a_witch_cannot_control_the_transporter(transports):
    """000 Transporter: 'You cannot be forced to or prevented from using your ability.'
    A Witch on the Transporter, idle or swapping, gives him no forced action: he is told
    he was witched and the night goes on as if she had not come. (`witch_control`,
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
    her visit (`transport`: every other name in the action became the first)."""
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
    player swapped with him (`transport`: the index of who is aimed at lost every
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
    (`_struggle`: the blow back made with no attacker)."""
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
    life unspent (`_use_night_life`: the exception not read)."""
    out = sim(
        ["jester", "witch", "mafioso", *TOWN6],
        [
            day(("Witch", "Jester"), ("Townie", "Jester"), ("Townie2", "Jester")),
            night({"actor": "Jester", "ability": "haunt", "targets": ["Witch"]}),
        ],
    )
    assert deaths(out, 0) == {"Jester"}
    assert deaths(out, 1) == {"Witch"}


def test_bay12_a_doused_witch_spends_her_life_and_burns_at_the_next_fire():
    """000 Arsonist: 'Douse your target for the rest of the game'; Witch: 'Once per game
    you survive being killed at night'. The first fire takes the Witch's spare life (the
    Arsonist is told she lived), the second burns her: she is still doused
    (`burn_doused`: the burnt cleaned at once; `_8`: the fire has no igniter to tell)."""
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
    victim after her still brings the guilt (`town_killed_by`: the look ended at the
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
    Executioner (`executioners_turning`: the dead one turned too)."""
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
    meant to force kills as he chose (`_retarget_first`: her second target lost)."""
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


def test_a_vigilante_who_kills_the_bodyguard_in_front_of_his_target_feels_guilt():
    """000 Vigilante: 'If you kill a town member, you will commit suicide the next night.'
    The Bodyguard steps in front of the Vigilante's shot and dies of it; the Doctor heals
    the Vigilante through the Bodyguard's blow back. The Bodyguard is town, so the
    Vigilante is told his guilt and dies the night after (`_struggle`: the blow on the
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
    (`_use_night_life`: a draw even among one, which shifts the second)."""
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
    (`settle_attacks`: the targets settled in name order)."""
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


# -- wins, Three Days of Peace, lynch ties, checks, the Jester and the Executioner ---------


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
    any side but the town, alive.' (`bay12._decide`)."""
    import types

    from roles.rulesets import bay12

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
    (`bay12._peace_tiebreak`)."""
    from roles.rulesets import bay12

    assert bay12._peace_tiebreak(sides) == winner


def test_bay12_the_living_witch_wins_with_the_mafia():
    """000 Witch: 'You win if you are alive and the town loses.' (`bay12.win_check`)"""
    out = sim(["mafioso", "witch", "townie", "townie"], [night(("Mafioso", "Townie"))])
    assert out["winners"] == ["Mafioso", "Witch"]


def test_bay12_lynch_ties_the_jesters_win_and_unstoppable_deaths():
    """000 Jester: 'You win if you are lynched' (`bay12.day_lynch`); a tie lynches
    nobody and says who was tied, or with option tie = "random" lynches one drawn
    (`_19/20/25/26/33/36`); the Arsonist's ignition is unpreventable (a Bodyguard
    'cannot prevent a kill from the ... Arsonist') and spares the igniter, doused or
    not (`ignite`); the Vigilante's guilt 'cannot be prevented in any way',
    a Bodyguard on him included (`guilt`)."""
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


def test_bay12_each_check_is_told_about_its_target():
    """000 Investigator: 'Check one person each night for a clue to their role';
    Consigliere: 'Check one person each night for their exact role'; Spy: learns what
    his target was affected by -- only his target's own results (`investigator_check_
    34/38`, `consigliere_check`, `spy_on`)."""

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

    players = roster(["jester", "mafioso", *TOWN6, "townie"])
    state = roles.resolve_phase(roles.new_game("bay12", players, 0, {}, "night"), {"night": []})
    votes = [[p["name"], "Jester"] for p in players if p["name"] != "Jester"]
    state = roles.resolve_phase(state.state, day(*votes)).state
    assert state.phase_label == "night 2"
    assert [c.ability for c in roles.choices(state, "Jester")] == ["haunt"]


def test_bay12_three_days_of_peace_count_from_the_last_death():
    """002 Three Days of Peace: 'three days and three nights without a death' -- after
    a death the count starts again from nothing: five quiet phases are not enough,
    six are (`_count_peace`)."""

    death = night(("Mafioso", "Townie"))
    five = sim(["mafioso", *TOWN6], [death, day(), night(), day(), night(), day()])
    assert five["ended"] is False
    six = sim(["mafioso", *TOWN6], [death, day(), night(), day(), night(), day(), night()])
    assert six["ended"] is True and six["winners"] == ["Townie", "Townie2", "Townie3", "Townie4"]


def test_bay12_each_executioner_gets_a_town_target_drawn_by_seed():
    """000 Executioner: 'your target (a randomly chosen town member)'. One Executioner's
    given target does not stop the other's draw; the draw is seeded (its stream is
    named, so the same seed draws the same target), always a town member; a given
    target that is no other player is refused (`setup`)."""

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


# -- investigators -------------------------------------------------------------------------


def test_a_blocked_or_killed_investigator_does_not_stop_the_next_one_detecting():
    """002, Order of Night actions: "Killing roles ... act simultaneously", then
    "Investigative roles detect (Sheriff, Investigator, Consigliere)". The Sheriff
    role-blocked by the Escort, or shot by the Mafioso before the detection, detects
    nothing; the Investigator seated after him still detects (catches: `continue` ->
    `break` past a blocked or a dead actor, which skipped everyone after him)."""
    cast = ["escort", "sheriff", "investigator", "mafioso", *TOWN6[:4]]
    blocked = sim(
        cast, [night(("Escort", "Sheriff"), ("Sheriff", "Mafioso"), ("Investigator", "Mafioso"))]
    )
    assert results(blocked, 0, to="Sheriff") == [{"to": "Sheriff", "kind": "blocked"}]
    assert results(blocked, 0, to="Investigator", kind="roles")
    cast = ["mafioso", "sheriff", "investigator", "doctor", *TOWN6[:4]]
    shot = sim(
        cast, [night(("Mafioso", "Sheriff"), ("Sheriff", "Mafioso"), ("Investigator", "Mafioso"))]
    )
    assert deaths(shot, 0) == {"Sheriff"}
    assert results(shot, 0, to="Sheriff") == []
    assert results(shot, 0, to="Investigator", kind="roles")
