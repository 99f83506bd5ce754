"""sc2: choices ("what may this player do now"), role cards, options, presets, setup data.

The rule cases themselves are scenario fixtures in scenarios/sc2/ (each citing
002, sc2-notes.md or sc2-reference.md); these tests cover what a fixture cannot
state: what the engine offers a player, what it must not announce, the cards and
the tables the setup builder reads.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import roles
from roles.rulesets import sc2_categories as categories
from tests.kit.engine import SC2_NAMES as NAMES
from tests.kit.engine import offered, quiet_day
from tests.kit.engine import sc2_game as game
from tests.kit.engine import sc2_play as play
from tests.kit.engine import sc2_sim as sim
from tests.kit.engine import sc2_table as table

SPEC_ROLES = (
    "citizen mason mason_leader mayor sheriff investigator lookout coroner doctor bodyguard "
    "escort bus_driver spy jailor veteran vigilante godfather mafioso consort consigliere "
    "framer janitor disguiser serial_killer arsonist mass_murderer witch executioner jester "
    "amnesiac survivor cultist"
).split()


# -- the role list is the contract's ----------------------------------------------------


def test_every_contract_role_exists():
    """docs/scenario.md: the sc2 role ids."""
    assert sorted(roles.get_ruleset("sc2").roles) == sorted(SPEC_ROLES)


@pytest.mark.parametrize(
    "role, abilities",
    [
        ("jailor", {"jail", "execute"}),
        ("veteran", {"alert"}),
        ("citizen", {"vest"}),
        ("survivor", {"vest"}),
        ("mayor", {"reveal"}),
        ("amnesiac", {"remember"}),
        ("mason_leader", {"recruit"}),
        ("cultist", {"convert"}),
        ("arsonist", {"douse", "ignite"}),
    ],
)
def test_ability_ids_follow_the_contract(role, abilities):
    """docs/scenario.md 'Ability ids': sc2 jailor jail/execute, vest/alert, reveal, ..."""
    assert {a.id for a in roles.get_ruleset("sc2").roles[role].abilities} == abilities


# -- what may this player do now? -----------------------------------------------------------


def test_jailor_jails_by_day_and_executes_only_a_prisoner():
    """sc2-reference 2.1 Jailor: 'Day: choose prisoner'; sc2-notes: executing with no
    prisoner is invalid."""
    state = game(table("jailor", "mafioso"), first="day")
    assert set(offered(state, "Ann")) == {"jail"}
    assert "Ann" not in offered(state, "Ann")["jail"].targets
    night_without = play(state, quiet_day())
    assert "execute" not in offered(night_without, "Ann")
    with pytest.raises(roles.IllegalAction, match="no prisoner"):
        roles.check_action(night_without, {"actor": "Ann", "ability": "execute"})
    jailed = play(state, quiet_day([{"actor": "Ann", "ability": "jail", "targets": ["Bob"]}]))
    assert roles.check_action(jailed, {"actor": "Ann", "ability": "execute"}).id == "execute"
    assert "execute" in offered(jailed, "Ann")


def test_mayor_reveal_offered_once():
    """sc2-notes: 'a Mayor revealing twice' is invalid input."""
    state = game(table("mayor", "mafioso"), first="day")
    assert "reveal" in offered(state, "Ann")
    state = play(state, quiet_day([{"actor": "Ann", "ability": "reveal"}]), {"night": []})
    assert "reveal" not in offered(state, "Ann")
    assert state.player("Ann").memory["vote_weight"] == 3


def test_vigilante_offered_from_night_two():
    """000 Vigilante: 'cannot use it on the first night'."""
    state = game(table("vigilante", "mafioso"))
    assert "kill" not in offered(state, "Ann")
    state = play(state, {"night": []}, quiet_day())
    assert "kill" in offered(state, "Ann")


def test_coroner_and_amnesiac_target_only_the_dead():
    """sc2-reference: Coroner 'Learn exact role of a dead player'; Amnesiac 'Take a role
    from the graveyard'."""
    state = game(table("coroner", "mafioso", "citizen", "amnesiac"))
    assert "autopsy" not in offered(state, "Ann")
    state = play(state, {"night": [{"actor": "Bob", "targets": ["Cid"]}]}, quiet_day())
    assert offered(state, "Ann")["autopsy"].targets == ["Cid"]
    assert offered(state, "Dan")["remember"].targets == ["Cid"]


def test_mafia_and_cult_do_not_target_their_own():
    """000: 'mafia cannot target mafia'; the Cult cannot convert its own."""
    state = game(table("godfather", "mafioso", "cultist", "cultist"))
    for name in ("Ann", "Bob"):
        for choice in roles.choices(state, name):
            assert not {"Ann", "Bob", "Lou"} & set(choice.targets)
    assert "Dan" not in offered(state, "Cid")["convert"].targets


def test_mass_murderer_self_target_follows_the_option():
    """sc2-reference 2.3 Mass Murderer: 'Can target self (D: Off)'."""
    assert "Ann" not in offered(game(table("mass_murderer")), "Ann")["spree"].targets
    state = game(table("mass_murderer"), {"mass_murderer_can_target_self": True})
    assert "Ann" in offered(state, "Ann")["spree"].targets


def test_citizen_vest_follows_the_option():
    """sc2-reference 2.1 Citizen: 'Optional one-shot bulletproof vest'."""
    assert "vest" in offered(game(table("citizen")), "Ann")
    assert "vest" not in offered(game(table("citizen"), {"citizen_vest": False}), "Ann")


def test_survivor_vests_counted():
    """sc2-notes: 'Survivor: 4 vests'; 'a Survivor with no vest has nothing to do'."""
    state = game(table("survivor"), {"survivor_vests": 2})
    for _ in range(2):
        assert "vest" in offered(state, "Ann")
        state = play(state, {"night": [{"actor": "Ann", "ability": "vest"}]}, quiet_day())
    assert "vest" not in offered(state, "Ann")


def test_godfather_order_needs_a_mafioso_when_the_option_is_off():
    """sc2-reference 2.2 Godfather: 'kills himself if no Mafioso (option)'."""
    players = table("godfather", "framer")
    assert "kill" in offered(game(players), "Ann")
    assert "kill" not in offered(game(players, {"godfather_kills_without_mafioso": False}), "Ann")


def test_the_dead_are_offered_nothing():
    state = game(table("citizen", "mafioso", "sheriff"))
    state = play(state, {"night": [{"actor": "Bob", "targets": ["Cid"]}]})
    assert roles.choices(state, "Cid") == []


# -- options, presets, cards ------------------------------------------------------------------


def test_options_are_validated():
    with pytest.raises(ValueError, match="unknown option"):
        game(table("citizen"), {"no_such_option": True})
    with pytest.raises(ValueError, match="mayor_votes"):
        game(table("citizen"), {"mayor_votes": 7})


def test_sheriff_needs_one_detection():
    """sc2-reference 2.1 Sheriff: 'detect_* (>=1 must be on)'."""
    off = {
        f"sheriff_detects_{k}": False
        for k in ("mafia", "serial_killer", "arsonist", "cult", "mass_murderer")
    }
    with pytest.raises(roles.IllegalAction, match="sheriff_detects"):
        game(table("sheriff"), off)


@pytest.mark.parametrize(
    "option_id, default",
    [
        ("mayor_votes", 3),
        ("jailor_executions", 1),
        ("mason_leader_recruits", 2),
        ("survivor_vests", 4),
        ("bodyguard_ignores_invulnerability", True),
        ("bodyguard_cannot_be_healed", True),
        ("arsonist_ignores_immunity", True),
        ("arsonist_ignores_healing", False),
        ("arsonist_night_immune", True),
        ("mass_murderer_night_immune", False),
        ("executioner_becomes_jester", True),
        ("executioner_target_must_be_town", True),
        ("executioner_must_survive", True),
        ("jester_kills_guilty_voter", False),
        ("amnesiac_revealed", True),
        ("amnesiac_cannot_become_killing", True),
        ("cultist_excluded_from_randoms", True),
        ("cult_immunity_prevents_conversion", True),
        ("cult_nights_between_conversions", 1),
        ("mayor_cannot_be_healed", True),
        ("framer_detection_immune", False),
    ],
)
def test_reference_defaults(option_id, default):
    """sc2-reference 2.x '(D: ...)' defaults are the option defaults."""
    options = {o.id: o.default for o in roles.get_ruleset("sc2").options}
    assert options[option_id] == default


def test_classic_preset():
    """sc2-reference 3.3: 'Classic (only Mafioso, Consort, Citizen, Doctor, Sheriff; no
    last wills...)'."""
    preset = roles.get_ruleset("sc2").presets["classic"]
    assert set(preset.roles) == {"mafioso", "consort", "citizen", "doctor", "sheriff"}
    assert preset.options == {"last_wills": False}


@pytest.mark.parametrize("preset_id", ["classic", "standard15", "clue15"])
def test_presets_deal_fifteen_and_play(preset_id):
    preset = roles.get_ruleset("sc2").presets[preset_id]
    assert len(preset.roles) == 15
    names = [f"P{i}" for i in range(15)]
    players = roles.deal("sc2", preset_id, names, seed=4)
    state = roles.new_game("sc2", players, 4, dict(preset.options))
    state = play(state, {"night": []}, quiet_day())
    assert not state.ended
    uniques = [r for r in preset.roles if r in categories.UNIQUE]
    assert len(uniques) == len(set(uniques))


def test_executioner_target_drawn_from_town_with_the_seed():
    """sc2-reference 2.3 Executioner: 'Target must be Town (D: On)'; drawn when not fixed."""
    players = table("executioner", "mafioso")
    first = game(players, seed=9).player("Ann").memory["exe_target"]
    assert first == game(players, seed=9).player("Ann").memory["exe_target"]
    drawn = {game(players, seed=s).player("Ann").memory["exe_target"] for s in range(20)}
    assert all(
        roles.get_ruleset("sc2").roles[next(p["role"] for p in players if p["name"] == n)].faction
        == "town"
        for n in drawn
    )


def test_rules_text_prints_cards_options_and_rulings():
    """Issue 5: '`python -m roles rules sc2` prints every card and option'."""
    proc = subprocess.run(
        [sys.executable, "-m", "roles", "rules", "sc2"], capture_output=True, text=True
    )
    assert proc.returncode == 0
    text = proc.stdout
    ruleset = roles.get_ruleset("sc2")
    for role in ruleset.roles.values():
        assert f"[{role.id}]" in text
        assert role.name in text
        assert f"Win condition: {role.win}" in text
    for option in ruleset.options:
        assert f"- {option.id} = {option.default!r}" in text
    assert "Rulings" in text and "Redirect/block cycle" in text


def test_role_card_names_faction_and_limits():
    card = roles.role_card("sc2", "vigilante")
    assert card.startswith("Vigilante (Town)")
    assert "not before night 2" in card
    assert "Neutral Killing" in roles.role_card("sc2", "serial_killer")


# -- what the engine announces and keeps quiet ---------------------------------------------------


def test_janitor_hides_the_last_will():
    """sc2-reference 2.2 Janitor: 'if he dies tonight, role and last will are hidden'."""
    players = table("janitor", "mafioso", "sheriff")
    players[2]["will"] = "Bob is the Mafioso."
    kill = {"actor": "Bob", "targets": ["Cid"]}
    plain = sim(players, [{"night": [kill]}])
    assert {"kind": "last_will", "player": "Cid", "text": "Bob is the Mafioso."} in plain["phases"][
        0
    ]["events"]
    cleaned = sim(players, [{"night": [kill, {"actor": "Ann", "targets": ["Cid"]}]}])
    kinds = [e["kind"] for e in cleaned["phases"][0]["events"]]
    assert "last_will" not in kinds and "sanitized" in kinds


def test_classic_has_no_last_wills():
    """sc2-reference 3.3 Classic: 'no last wills'."""
    players = table("citizen", "mafioso", "sheriff")
    players[2]["will"] = "x"
    out = sim(players, [{"night": [{"actor": "Bob", "targets": ["Cid"]}]}], {"last_wills": False})
    assert out["phases"][0]["events"] == []


def test_night_sequence_names_no_role():
    """Issue 5: the night sequence narrates 'without names that would reveal roles'."""
    players = table("jailor", "mafioso", "citizen", "escort", "doctor", "mason_leader", "citizen")
    players[6]["role"] = "bus_driver"
    players[7]["role"] = "veteran"
    out = sim(
        players,
        [
            quiet_day([{"actor": "Ann", "ability": "jail", "targets": ["Cid"]}]),
            {
                "night": [
                    {"actor": "Bob", "targets": ["Fay"]},
                    {"actor": "Dan", "targets": ["Kay"]},
                    {"actor": "Kay", "targets": ["Eve"]},
                    {"actor": "Eve", "targets": ["Fay"]},
                    {"actor": "Fay", "targets": ["Ivy"]},
                    {"actor": "Gus", "targets": ["Jon", "Ivy"]},
                    {"actor": "Hal", "ability": "alert"},
                ]
            },
        ],
        {"night_type": "night_sequence"},
    )
    event = next(e for e in out["phases"][1]["events"] if e["kind"] == "night_sequence")
    assert event["lines"][0] == "Someone was hauled off to jail."
    text = " ".join(event["lines"])
    for name in NAMES:
        assert name not in text
    for role in SPEC_ROLES:
        assert role.replace("_", " ") not in text.lower()


def test_spy_option_off_gives_no_result():
    players = table("spy", "mafioso")
    out = sim(
        players,
        [{"night": [{"actor": "Bob", "targets": ["Cid"]}]}],
        {"spy_sees_mafia_targets": False},
    )
    assert not [r for r in out["phases"][0]["results"] if r["to"] == "Ann"]


def test_amnesiac_not_announced_when_option_off():
    players = table("citizen", "mafioso", "sheriff", "amnesiac")
    phases = [
        {"night": [{"actor": "Bob", "targets": ["Cid"]}]},
        quiet_day(),
        {"night": [{"actor": "Dan", "ability": "remember", "targets": ["Cid"]}]},
    ]
    out = sim(players, phases, {"amnesiac_revealed": False})
    assert out["roles"]["Dan"] == "sheriff"
    assert out["phases"][2]["events"] == []


def test_doctor_told_only_with_the_option():
    players = table("citizen", "mafioso", "citizen", "doctor")
    phases = [
        {"night": [{"actor": "Bob", "targets": ["Cid"]}, {"actor": "Dan", "targets": ["Cid"]}]}
    ]
    out = sim(players, phases, {"doctor_knows_if_attacked": False})
    assert out["phases"][0]["deaths"] == []
    assert not [r for r in out["phases"][0]["results"] if r["to"] == "Dan"]


def test_mafia_and_cult_see_their_teammates():
    state = game(table("godfather", "mafioso", "cultist"))
    view = roles.observe(state, "Ann")
    assert {t["name"] for t in view["teammates"]} == {"Bob", "Lou"}
    assert "teammates" not in roles.observe(state, "Dan")


# -- the setup builder's tables -----------------------------------------------------------------


def test_every_role_is_in_a_random_category():
    assert set(categories.CATEGORIES["any_random"]) == set(SPEC_ROLES)


def test_impossible_town_power_falls_back_to_town_random():
    """002 Impossible Randoms: 'Town Power: Exclude killing roles' ON + 'Mason Leader:
    Excluded from randoms' ON + Mayor + Town Power = Town Power -> Town Random."""
    options = {"mason_leader_excluded_from_randoms": True}
    exclusions = {"exclude_killing": True}
    assert categories.candidates("town_power", ["mayor"], options, exclusions) == []
    role = categories.draw_slot("town_power", ["mayor"], options, random.Random(3), exclusions)
    assert role in categories.CATEGORIES["town_random"]


def test_any_random_excluding_every_side_has_no_role():
    """002: 'Any Random: Exclude Town/Mafia/Neutral' all ON + Any Random = '???????????'."""
    everything = {"exclude_town": True, "exclude_mafia": True, "exclude_neutral": True}
    assert categories.draw_slot("any_random", [], {}, random.Random(1), everything) is None


def test_coroner_and_mason_leader_constraints():
    """002: 'Coroner will only spawn from random if ... a Janitor ... Clue ... All options';
    'Mason Leader spawns only when a Citizen or Cultist spawns'."""
    assert "coroner" not in categories.candidates("town_investigative", [], {})
    assert "coroner" in categories.candidates("town_investigative", ["janitor"], {})
    assert "coroner" in categories.candidates("town_investigative", [], {}, clue_variant=True)
    all_on = {o: True for o in categories.CORONER_OPTIONS}
    assert "coroner" in categories.candidates("town_investigative", [], all_on)
    # The options read with the ruleset's defaults: the Mason Leader is excluded from
    # randoms by default (sc2-reference 3.2), so the constraint shows with it off.
    included = {"mason_leader_excluded_from_randoms": False}
    assert "mason_leader" not in categories.candidates("town_power", ["sheriff"], included)
    assert "mason_leader" in categories.candidates("town_power", ["citizen"], included)
    assert "mason_leader" not in categories.candidates("town_power", ["citizen"], {})


def test_unique_roles_drawn_once():
    """sc2-reference 3.2: 'Unique roles (max one per game): Mason Leader, Mayor, Godfather'."""
    assert "godfather" not in categories.candidates("mafia_killing", ["godfather"], {})
    assert "mayor" not in categories.candidates("town_power", ["mayor"], {})


def test_excluded_from_randoms_options():
    """sc2-reference 3.2: Cultist 'Excluded from randoms (D: On)'."""
    assert "cultist" not in categories.candidates(
        "neutral_evil", [], {"cultist_excluded_from_randoms": True}
    )
    assert "cultist" in categories.candidates(
        "neutral_evil", [], {"cultist_excluded_from_randoms": False}
    )


def test_sanitized_and_disguised_bodies_in_the_public_view():
    """sc2-reference 2.2 Janitor: 'role and last will are hidden'; Disguiser: 'the victim
    appears as "Disguiser"' (the public 'reveal' event says so; the true role is not
    shown). The GM record keeps the truth."""
    state = game(table("janitor", "mafioso", "sheriff", "disguiser", "citizen"))
    night_ = {
        "night": [
            {"actor": "Ann", "targets": ["Cid"]},
            {"actor": "Bob", "targets": ["Cid"]},
            {"actor": "Dan", "targets": ["Eve"]},
        ]
    }
    result = roles.resolve_phase(state, night_)
    public = next(e for e in result.events if e.kind == "phase_closed").payload
    assert public["deaths"] == [{"player": "Cid"}, {"player": "Eve"}]
    assert {"kind": "reveal", "player": "Eve", "role": "disguiser"} in public["events"]
    assert {d["player"]: d["role"] for d in result.record["deaths"]} == {
        "Cid": "sheriff",
        "Eve": "citizen",
    }
    seen = {p["name"]: p for p in roles.observe(result.state, "Fay")["players"]}
    assert "role" not in seen["Cid"] and "role" not in seen["Eve"]


@pytest.mark.parametrize("groups", ["INVESTIGATOR_GROUPS", "FLAVOUR_GROUPS"])
def test_investigator_groups_hold_every_role_once(groups):
    """Issue 5: 'Investigator results' -- every role appears in exactly one group."""
    from roles.rulesets import sc2_rules

    members = [r for g in getattr(sc2_rules, groups) for r in g]
    assert sorted(members) == sorted([*SPEC_ROLES, "doused", "framed"])


def test_blocker_not_told_of_immunity_when_the_option_is_off():
    """sc2-reference 2.1 Escort port option detects_block_immune_target."""
    players = table("godfather", "mafioso", "citizen", "escort")
    phases = [{"night": [{"actor": "Dan", "targets": ["Ann"]}]}]
    options = {"godfather_cannot_be_blocked": True, "escort_detects_immune": False}
    out = sim(players, phases, options)
    assert not [r for r in out["phases"][0]["results"] if r["to"] == "Dan"]


def test_witch_target_not_told_when_the_option_is_off():
    """sc2-reference 2.3 Witch port option target_is_notified."""
    players = table("witch", "mafioso", "citizen", "citizen")
    phases = [
        {
            "night": [
                {"actor": "Ann", "targets": ["Bob", "Cid"]},
                {"actor": "Bob", "targets": ["Dan"]},
            ]
        }
    ]
    out = sim(players, phases, {"witch_target_notified": False})
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Cid"]
    assert not [r for r in out["phases"][0]["results"] if r["to"] == "Bob"]


def test_clue_variant_hides_roles_until_the_end():
    """sc2-reference 3.3: 'Clue (no last wills, roles not revealed at death ...)'."""
    preset = roles.get_ruleset("sc2").presets["clue15"]
    assert preset.options == {"last_wills": False, "reveal_roles": False}
    assert "coroner" in preset.roles  # 002: the Coroner spawns in the Clue variant
    state = game(table("citizen", "mafioso", "sheriff"), {"reveal_roles": False})
    result = roles.resolve_phase(state, {"night": [{"actor": "Bob", "targets": ["Cid"]}]})
    public = next(e for e in result.events if e.kind == "phase_closed").payload
    assert public["deaths"] == [{"player": "Cid"}]
    seen = {p["name"]: p for p in roles.observe(result.state, "Ann")["players"]}
    assert "role" not in seen["Cid"]


def test_signs_of_struggle_when_a_bodyguard_fought_in_vain():
    """002: 'There were signs of struggle. He/She was shot at close range.' -- the
    Bodyguard stopped one of two attackers; the other killed his charge."""
    players = table("citizen", "mafioso", "bodyguard", "citizen")
    phases = [
        {
            "night": [
                {"actor": "Bob", "targets": ["Dan"]},
                {"actor": "Kay", "targets": ["Dan"]},
                {"actor": "Cid", "targets": ["Dan"]},
            ]
        }
    ]
    out = sim(players, phases)
    night_ = out["phases"][0]
    assert "Dan" in {d["player"] for d in night_["deaths"]}
    assert night_["descriptions"]["Dan"].startswith("There were signs of struggle. ")
    assert night_["descriptions"]["Cid"] == "He/She was killed in a duel."


def test_setup_reports_every_problem_at_once():
    """DESIGN/STYLE: 'A setup check returns all problems, not the first'."""
    players = table("mayor", "mayor", "executioner")
    players[2]["target"] = "Lou"  # a Consort: not Town
    off = {
        f"sheriff_detects_{k}": False
        for k in ("mafia", "serial_killer", "arsonist", "cult", "mass_murderer")
    }
    with pytest.raises(roles.IllegalAction) as refused:
        game(players, off)
    message = str(refused.value)
    assert "sheriff_detects" in message and "mayor is unique" in message
    assert "Cid: the Executioner's target must be Town" in message


def test_amnesiac_offered_only_the_roles_he_may_take():
    """sc2-reference 2.3 Amnesiac: 'Cannot become a killing role (D: On)'."""
    state = game(table("citizen", "mafioso", "vigilante", "amnesiac", "sheriff"))
    night_ = {"night": [{"actor": "Bob", "targets": ["Cid"]}, {"actor": "Kay", "targets": ["Eve"]}]}
    state = play(state, night_, quiet_day())
    assert offered(state, "Dan")["remember"].targets == ["Eve"]
