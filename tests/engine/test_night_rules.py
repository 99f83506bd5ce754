"""The shared night mechanism (`roles.abilities.NightRules`): one block and attack
settling for bay12 and sc2, the differences given as rules, not as copied code.

The rule sentences themselves are tested through each ruleset's fixtures
(tests/engine/scenarios/bay12, .../sc2); here each parameter is checked to do
what its documentation says, on a bare phase context.
"""

from __future__ import annotations

import roles
from roles import abilities
from roles.abilities import BAY12_RULES, NightRules, settle_attacks
from roles.night import Intent, PhaseContext
from roles.rulesets import sc2_night
from tests.kit.engine import phase_context as context
from tests.kit.engine import sc2_sim, sc2_table

BAY12_SEATS = [
    ("Maf", "mafioso"),
    ("Vig", "vigilante"),
    ("Town", "townie"),
    ("Doc", "doctor"),
    ("Doc2", "doctor"),
    ("Esc", "escort"),
]


def test_bay12_heal_stops_every_attack_by_default() -> None:
    """000 Doctor: 'Heal one person each night, preventing them from dying' (bay12: a
    heal stops every preventable attack of the night)."""
    ctx = context("bay12", BAY12_SEATS)
    ctx.attack("Maf", "Town", "mafioso")
    ctx.attack("Vig", "Town", "vigilante")
    ctx.protect("Doc", "Town", "heal")
    settle_attacks(ctx)
    assert ctx.deaths == {}
    assert {"to": "Town", "kind": "saved"} in ctx.results


def test_heal_capacity_one_attack_per_doctor() -> None:
    """sc2-reference: 'survives one attack per Doctor' as a `heal_capacity`."""
    one_each = NightRules(heal_capacity=len)
    ctx = context("bay12", BAY12_SEATS)
    ctx.attack("Maf", "Town", "mafioso")
    ctx.attack("Vig", "Town", "vigilante")
    ctx.protect("Doc", "Town", "heal")
    settle_attacks(ctx, one_each)
    assert ctx.deaths == {"Town": ["vigilante"]}  # the first attack was healed
    ctx = context("bay12", BAY12_SEATS)
    ctx.attack("Maf", "Town", "mafioso")
    ctx.attack("Vig", "Town", "vigilante")
    ctx.protect("Doc", "Town", "heal")
    ctx.protect("Doc2", "Town", "heal")
    settle_attacks(ctx, one_each)
    assert ctx.deaths == {}


def test_a_stop_tells_the_attacker_only() -> None:
    """sc2-notes 1: the jailed prisoner 'is blocked and protected': a `stops` rule
    turns the attack away; the attacker learns of it, the target is not attacked."""
    jail = NightRules(stops=lambda ctx, attack: attack.target == "Town")
    ctx = context("bay12", BAY12_SEATS)
    ctx.attack("Maf", "Town", "mafioso")
    settle_attacks(ctx, jail)
    assert ctx.deaths == {}
    assert {"to": "Maf", "kind": "immune", "target": "Town"} in ctx.results
    assert not [r for r in ctx.results if r["to"] == "Town"]


def test_unpreventable_attacks_pass_a_stop_and_a_heal() -> None:
    """000 Vigilante: the guilt suicide 'cannot be prevented'."""
    jail = NightRules(stops=lambda ctx, attack: True)
    ctx = context("bay12", BAY12_SEATS)
    ctx.attack(None, "Vig", "suicide", preventable=False, interceptable=False)
    ctx.protect("Doc", "Vig", "heal")
    settle_attacks(ctx, jail)
    assert ctx.deaths == {"Vig": ["suicide"]}


def test_on_block_can_absorb_a_block() -> None:
    """sc2: a roleblock on the jailed prisoner lands in the jail (`on_block` True):
    the prisoner's own actions are not blocked by it and he is not told."""
    absorbed = []

    def jail(ctx: PhaseContext, blocker: Intent) -> bool:
        absorbed.append(blocker.target)
        return True

    ctx = context("bay12", BAY12_SEATS)
    escort = ctx.role("Esc")
    doctor = ctx.role("Doc")
    ctx.add_intent(Intent("Esc", escort.abilities[0], escort, ["Doc"]))
    heal = ctx.add_intent(Intent("Doc", doctor.abilities[0], doctor, ["Town"]))
    abilities.settle_blocks(ctx, "block", NightRules(on_block=jail))
    assert absorbed == ["Doc"]
    assert not heal.blocked
    assert {"to": "Doc", "kind": "blocked"} not in ctx.results
    ctx = context("bay12", BAY12_SEATS)
    ctx.add_intent(Intent("Esc", escort.abilities[0], escort, ["Doc"]))
    heal = ctx.add_intent(Intent("Doc", doctor.abilities[0], doctor, ["Town"]))
    abilities.settle_blocks(ctx)  # bay12: the block lands
    assert heal.blocked
    assert {"to": "Doc", "kind": "blocked"} in ctx.results


def test_bay12_and_sc2_settle_through_the_shared_mechanism() -> None:
    """Issue 5: 'bay12 is close to a subset of sc2 -- share the code, do not copy it'."""
    assert roles.get_ruleset("bay12").procedures["settle"] is abilities.settle_attacks
    assert roles.get_ruleset("bay12").procedures["redirect_block"] is abilities.redirect_and_block
    assert abilities.NightRules() == BAY12_RULES
    assert sc2_night.SC2_RULES.heal_capacity([object(), object()]) == 2
    for copy in ("_settle_blocks", "_settle_blocks_on", "_apply_block", "_bodyguards"):
        assert not hasattr(sc2_night, copy), copy
    for copy in ("_settle_target", "_protections"):
        assert not hasattr(sc2_night, copy), copy


# -- Bodyguards in front of one target, in both rulesets -----------------------------------


def test_several_bodyguards_on_one_target_step_in_front_in_seat_order():
    """sc2 rulings ("Several Bodyguards guarding one attacked player ... in seat order,
    one attack each; the first seated fights the first attacker, the others stand by and
    are told they saved him"): the same on every seed, not a draw (catches, in
    `_bodyguard_interceptions`: the guards' seat order dropped)."""
    night = {
        "night": [
            {"actor": "Ann", "targets": ["Dan"]},
            {"actor": "Bob", "targets": ["Dan"]},
            {"actor": "Cid", "targets": ["Dan"]},
        ]
    }
    for seed in range(4):
        phase = sc2_sim(sc2_table("bodyguard", "bodyguard", "mafioso"), [night], seed=seed)[
            "phases"
        ][0]
        assert [d["player"] for d in phase["deaths"]] == ["Ann", "Cid"]
        assert phase["results"] == [
            {"to": "Ann", "kind": "saved", "target": "Dan"},
            {"to": "Bob", "kind": "saved", "target": "Dan"},
            {"to": "Dan", "kind": "saved"},
        ]
