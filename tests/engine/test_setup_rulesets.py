"""Every ruleset has a setup builder: categories, presets as setups, dealing."""

from __future__ import annotations

import json
import random

import pytest

import roles
from roles.__main__ import main

RULESETS = [r.id for r in roles.list_rulesets()]
PRESETS = [(r.id, p) for r in roles.list_rulesets() for p in r.presets]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_ruleset_has_faction_randoms(ruleset_id, capsys):
    """docs/setup.md: "Every ruleset has categories (at least its factions' randoms: town,
    mafia, neutral where it has neutrals, any)"."""
    ruleset = roles.get_ruleset(ruleset_id)
    categories = roles.setup_categories(ruleset_id)
    assert {"town_random", "mafia_random", "any_random"} <= set(categories)
    assert set(categories["any_random"]["roles"]) == set(ruleset.roles)
    neutral = [r for r in ruleset.roles.values() if r.faction not in ("town", "mafia")]
    assert ("neutral_random" in categories) == bool(neutral)
    for category_id, category in categories.items():
        assert category["roles"] and set(category["roles"]) <= set(ruleset.roles)
        fallback = category["fallback"]
        assert fallback is None or fallback in categories or fallback in ruleset.roles
        assert roles.category_title(ruleset_id, category_id)
    assert main(["setup", "categories", ruleset_id]) == 0
    assert json.loads(capsys.readouterr().out) == categories


def test_category_titles():
    assert roles.category_title("sc2", "town_power") == "Town Power"
    assert roles.category_title("ru_sport", "town_special") == "Civilian Special"
    with pytest.raises(KeyError):
        roles.setup_categories("nope")


@pytest.mark.parametrize("kind", ["town_investigative", "town_protective", "town_killing"])
@pytest.mark.parametrize("ruleset_id", ["bay12", "townston"])
def test_bay12_and_townston_have_kinds(ruleset_id, kind):
    assert kind in roles.setup_categories(ruleset_id)


@pytest.mark.parametrize("ruleset_id, preset_id", PRESETS)
def test_each_preset_is_a_setup_of_fixed_slots(ruleset_id, preset_id):
    """ "The role lists in the rule documents are presets, and a preset is a setup with
    only fixed slots": it passes check and rolls to exactly its roles."""
    preset = roles.get_ruleset(ruleset_id).presets[preset_id]
    setup = roles.preset_setup(ruleset_id, preset_id)
    assert setup == {
        "ruleset": ruleset_id,
        "options": dict(preset.options),
        "slots": [{"role": r} for r in preset.roles],
        "roles": {},
    }
    report = roles.check_setup(setup)
    assert report == {"ok": True, "players": len(preset.roles), "problems": []}
    assert roles.roll_setup(setup, 11)["roles"] == list(preset.roles)


def test_document_lists_are_presets():
    """Each document's list: townston's 20, ru_hunt's 12-17 with and without the maniac,
    ru_two_clans' 20, ru_19's 19, classic 12 and 11, sport 10, eleven 11, 000's list."""
    sizes = {(r.id, len(p.roles)) for r in roles.list_rulesets() for p in r.presets.values()}
    expected = {("townston", 20), ("ru_two_clans", 20), ("ru_19", 19), ("ru_classic", 12)}
    expected |= {("ru_classic", 11), ("ru_sport", 10), ("ru_eleven", 11), ("bay12", 18)}
    expected |= {("ru_hunt", n) for n in range(12, 18)}
    assert expected <= sizes
    hunt = roles.get_ruleset("ru_hunt").presets
    assert all(f"hunt_{n}_no_maniac" in hunt for n in range(12, 18))


@pytest.mark.parametrize("ruleset_id, preset_id", PRESETS)
def test_deal_is_deal_roles_of_the_preset(ruleset_id, preset_id):
    """deal_roles shuffles exactly as deal always did: random.Random(f"{seed}:deal")."""
    preset = roles.get_ruleset(ruleset_id).presets[preset_id]
    names = [f"P{i}" for i in range(len(preset.roles))]
    dealt = roles.deal(ruleset_id, preset_id, names, 5)
    assert dealt == roles.deal_roles(list(preset.roles), names, 5)
    deck = list(preset.roles)
    random.Random("5:deal").shuffle(deck)
    assert dealt == [{"name": n, "role": r} for n, r in zip(names, deck, strict=True)]


def test_deal_roles_of_a_rolled_setup():
    setup = {"ruleset": "sc2", "slots": [{"category": "town_random"}] * 3 + [{"role": "mafioso"}]}
    rolled = roles.roll_setup(setup, 2)["roles"]
    dealt = roles.deal_roles(rolled, ["Ann", "Bob", "Cid", "Dan"], 2)
    assert sorted(d["role"] for d in dealt) == sorted(rolled)
    with pytest.raises(roles.IllegalAction):
        roles.deal_roles(rolled, ["Ann"], 2)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_sheet_prints_the_setup_rulings(ruleset_id):
    text = roles.rules_text(ruleset_id)
    assert "The setup builder" in text and "A later slot does not count" in text


def test_sc2_sheet_prints_its_setup_rulings():
    text = roles.rules_text("sc2")
    for words in ("reveal_roles off", "Masons spawn as a pair", "no smaller SC2 setups"):
        assert words in text
