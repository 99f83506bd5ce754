"""sc2: choices ("what may this player do now"), role cards, options, presets, setup data.

The rule cases themselves are scenario fixtures in scenarios/sc2/ (each citing
002, sc2-notes.md or sc2-reference.md); these tests cover what a fixture cannot
state: what the engine offers a player, what it must not announce, the cards and
the tables the setup builder reads; and the day's rules (trials, majority, wins,
Three Days of Peace), conversions, promotions, the jail and each refusal, as message
ids. The night is tests/engine/test_sc2_night.py.
"""

from __future__ import annotations

import random

import pytest

import roles
from roles.rulesets import sc2_categories as categories
from roles.setup.categories import setup_categories
from tests.kit.engine import SC2_NAMES as NAMES
from tests.kit.engine import cli_stdout, move, offered, quiet_day, refused, sc2_roster
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
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night_without, {"actor": "Ann", "ability": "execute"})
    assert refused.value.message == {"id": "refusal.sc2.no_prisoner", "params": {}}
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
    with pytest.raises(roles.IllegalAction) as refused:
        game(table("sheriff"), off)
    assert refused.value.message == {"id": "refusal.sc2.setup.detects", "params": {}}


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


def test_rules_text_prints_cards_options_and_rulings(capsys):
    """Issue 5: '`python -m roles rules sc2` prints every card and option'."""
    text = cli_stdout(capsys, "rules", "sc2")
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


# -- the day, the wins, setups, conversions, promotions and the jail -----------------------


def test_sc2_the_godfather_orders_the_kill_when_a_mafioso_lives_whatever_the_option():
    """sc2-reference 2.2 Godfather: 'Orders the Mafia kill; kills himself if no
    Mafioso (option)'. With a Mafioso alive the order is his with the option off too
    (catches: the Mafioso looked up under no role, so the order was never offered)."""
    players = table("godfather", "mafioso")
    assert "kill" in offered(game(players, {"godfather_kills_without_mafioso": False}), "Ann")


def test_sc2_a_revealed_mayor_and_a_jailor_have_their_crimes():
    """sc2-reference 2.4: 'jailing/kidnapping = Kidnapping; Mayor/Judge/Marshall reveal =
    Corruption'. The Investigators (crimes mode) that night read exactly those (catches:
    the Mayor's crime renamed)."""
    players = table("mayor", "jailor", "investigator", "investigator", "mafioso")
    reveal = {"actor": "Ann", "ability": "reveal"}
    jail = {"actor": "Bob", "ability": "jail", "targets": ["Gus"]}
    checks = [{"actor": "Cid", "targets": ["Ann"]}, {"actor": "Dan", "targets": ["Bob"]}]
    out = sim(
        players,
        [quiet_day([reveal, jail]), {"night": checks}],
        {"investigator_results": "crimes"},
    )
    crimes = [r for r in out["phases"][1]["results"] if r["kind"] == "crimes"]
    assert [(r["target"], r["value"]) for r in crimes] == [
        ("Ann", ["corruption"]),
        ("Bob", ["kidnapping"]),
    ]


def test_sc2_every_setup_flag_is_off_by_default_and_prints_as_false():
    """sc2-reference 3.1: 'Exclude Citizen (D: Off), Exclude Mason (D: Off)', 'Exclude
    killing roles (D: Off)', Neutral Evil's 'host option to include/exclude NK in NE'
    (ours: off). `setup categories sc2` prints each default as false (catches: Neutral
    Evil's default None, printed null)."""
    flags = {
        (category, flag): value
        for category, entry in setup_categories("sc2").items()
        for flag, value in entry["exclude"].items()
    }
    assert flags[("neutral_evil", "include_neutral_killing")] is False
    assert all(value is False for value in flags.values())


def test_sc2_a_dead_players_role_is_public_unless_the_clue_variant_hides_it():
    """sc2-reference 3.3: the Clue variant has 'roles not revealed at death'; sc2's option
    reveal_roles (on): 'a dead player's role is shown'. The night's public death list
    shows the role and the faction, and hides them in Clue (catches: `reveal_of`'s
    "role" renamed, so no death showed its role)."""
    kill = {"night": [{"actor": "Bob", "targets": ["Ann"]}]}

    def public_deaths(options):
        state = game(table("citizen", "mafioso"), options)
        result = roles.resolve_phase(state, kill)
        return next(e for e in result.events if e.kind == "phase_closed").payload["deaths"]

    assert public_deaths({}) == [{"player": "Ann", "role": "citizen", "faction": "town"}]
    assert public_deaths({"reveal_roles": False}) == [{"player": "Ann"}]


def test_sc2_draw_slot_draws_the_coroner_only_in_the_clue_variant():
    """002: the Coroner is drawn when 'The mode is the Clue variant.' `draw_slot` (the
    game-start draw of one random slot) leaves him out of Town Investigative by default
    and draws him with `clue_variant` (`sc2_categories.draw_slot`: the variant on by
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
        (("cultist", "citizen", "mafioso"), [move("Cid", "kill", "Bob")], None, "failed"),
        # 'Immunity prevents conversion (D: On)': a vest worn that night is immunity.
        (("cultist", "survivor", "mafioso"), [move("Bob", "vest")], None, "failed"),
        (
            ("cultist", "survivor", "mafioso"),
            [move("Bob", "vest")],
            {"cult_immunity_prevents_conversion": False},
            "success",
        ),
        # Doctor/Bodyguard prevent it only with their options ('Prevents Cultist
        # conversion (D: Off)').
        (
            ("cultist", "citizen", "doctor", "mafioso"),
            [move("Cid", "heal", "Bob")],
            None,
            "success",
        ),
        (
            ("cultist", "citizen", "doctor", "mafioso"),
            [move("Cid", "heal", "Bob")],
            {"doctor_prevents_conversion": True},
            "failed",
        ),
        (
            ("cultist", "citizen", "bodyguard", "mafioso"),
            [move("Cid", "guard", "Bob")],
            None,
            "success",
        ),
        (
            ("cultist", "citizen", "bodyguard", "mafioso"),
            [move("Cid", "guard", "Bob")],
            {"bodyguard_prevents_conversion": True},
            "failed",
        ),
        # Each option names its own protector: a guard is no heal, a heal no guard.
        (
            ("cultist", "citizen", "bodyguard", "mafioso"),
            [move("Cid", "guard", "Bob")],
            {"doctor_prevents_conversion": True},
            "success",
        ),
        (
            ("cultist", "citizen", "doctor", "mafioso"),
            [move("Cid", "heal", "Bob")],
            {"bodyguard_prevents_conversion": True},
            "success",
        ),
    ],
)
def test_sc2_conversion_refused_for_each_reason_the_references_give(head, acts, options, value):
    """sc2-reference 2.3 Cultist: 'Convert a player'; 'Cannot convert Mafia'; Masons are
    immune; 'Immunity prevents conversion (D: On)'; Bodyguard 'Prevents Cultist conversion
    (D: Off)', the Doctor's port option likewise (`sc2_rules.conversion_refusal`)."""

    out = sim(sc2_roster(*head), [{"night": [move("Ann", "convert", "Bob"), *acts]}], options)
    results = [r for r in out["phases"][0]["results"] if r["kind"] == "convert"]
    assert results == [{"to": "Ann", "kind": "convert", "target": "Bob", "value": value}]


def test_sc2_a_jailed_player_is_not_converted():
    """sc2-reference N0: 'Jail applied: prisoner roleblocked + protected': the Cultist's
    conversion of the prisoner fails (`sc2_rules.conversion_refusal`)."""

    phases = [{"night": []}, quiet_day([move("Cid", "jail", "Bob")])]
    phases.append({"night": [move("Ann", "convert", "Bob")]})
    out = sim(sc2_roster("cultist", "citizen", "jailor", "mafioso"), phases)
    assert [r for r in out["phases"][2]["results"] if r["kind"] == "convert"] == [
        {"to": "Ann", "kind": "convert", "target": "Bob", "value": "failed"}
    ]
    assert out["roles"]["Bob"] == "citizen"


@pytest.mark.parametrize("promoted", [True, False])
def test_sc2_a_consigliere_takes_the_godfathers_place_only_with_the_option(promoted):
    """sc2 port Consigliere `promoted_if_no_Godfather`: with the Godfather lynched and no
    Mafioso, the Consigliere becomes the Godfather with the option and, without it, the
    Mafioso (Framer 'Becomes Mafioso if alone (D: On)'); a Citizen is never promoted
    (`sc2_rules.after_deaths`)."""

    lynch = {"day": {"votes": [[n, "Bob"] for n in NAMES if n != "Bob"], "rounds": []}}
    lynch["day"]["actions"] = []
    out = sim(
        sc2_roster("citizen", "godfather", "consigliere", "doctor"),
        [{"night": []}, lynch],
        {"consigliere_promoted_if_no_godfather": promoted},
    )
    assert out["phases"][1]["lynched"] == ["Bob"]
    assert out["roles"]["Ann"] == "citizen"
    assert out["roles"]["Cid"] == ("godfather" if promoted else "mafioso")


def test_sc2_a_mason_is_not_promoted_while_the_leader_lives():
    """sc2 port Mason `promoted_if_alone`: a lone Mason becomes the Mason Leader only when
    no Leader lives (`sc2_rules.after_deaths`)."""

    out = sim(
        sc2_roster("mason", "mason_leader", "mafioso"),
        [{"night": [move("Cid", "kill", "Eve")]}],
        {"mason_promoted_to_leader": True},
    )
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Eve"]
    assert out["roles"]["Ann"] == "mason"


def test_sc2_the_failed_executioner_is_told_whose_death_failed_him():
    """002: 'He/She apparently shot himself after leaving a suicide note with the words
    "I failed." on it.' With the suicide option, the Executioner whose target dies at
    night is told his failure, naming the target (`after_deaths`)."""
    options = {"executioner_becomes_jester": False, "executioner_suicides_on_failure": True}

    state = roles.new_game("sc2", sc2_roster("executioner", "mafioso"), 1, options)
    target = state.player("Ann").memory["exe_target"]
    result = roles.resolve_phase(state, {"night": [move("Bob", "kill", target)]})
    assert result.record["results"] == [{"to": "Ann", "kind": "failed", "target": target}]


def test_sc2_a_converted_player_joins_the_cult_and_the_cap_counts_the_dead():
    """sc2-reference 2.3 Cultist: 'Convert a player'; 'cult capped at 1/3 of original size
    minus Mafia; regains a conversion per 2 cultists killed'. A converted Citizen's
    faction is the cult's (`change_role`); two founders under a cap of three convert
    (`cult_has_room`); three founders at the cap, one of them dead, still cannot:
    one death is not two (`_11/36`)."""

    def converted(head, phases):
        out = sim(sc2_roster(*head), phases)
        convert = [r for p in out["phases"] for r in p["results"] if r["kind"] == "convert"]
        return convert[-1]["value"]

    state = roles.new_game("sc2", sc2_roster("cultist", "citizen", "mafioso"), 1, {})
    state = roles.resolve_phase(state, {"night": [move("Ann", "convert", "Bob")]}).state
    assert state.player("Bob").role == "cultist" and state.player("Bob").faction == "cult"

    # 12 players, one mafioso: a cap of (12 - 1) // 3 = 3.
    two = ("cultist", "cultist", "citizen", "mafioso")
    assert converted(two, [{"night": [move("Ann", "convert", "Cid")]}]) == "success"
    three = ("cultist", "cultist", "cultist", "citizen", "mafioso")
    phases = [{"night": [move("Eve", "kill", "Cid")]}, quiet_day()]
    phases.append({"night": [move("Ann", "convert", "Dan")]})
    assert converted(three, phases) == "failed"


def test_sc2_a_leaver_at_night_gets_the_leaver_line():
    """002: 'Leaver Suicide: (name) committed suicide.' in sc2 as in bay12
    (`sc2_rules.describe`: the name left out)."""

    out = sim(sc2_roster("mafioso", "doctor"), [{"night": [move("GM", "leave", "Eve")]}])
    assert out["phases"][0]["descriptions"] == {"Eve": "Eve committed suicide."}


def test_sc2_trial_question_refusals_record_and_the_verdict_in_seat_order():
    """sc2-reference 3.3 'Majority + Trial (defence then verdict)'; 'SC2 shows how everyone
    voted in the verdict'. The engine asks for the verdict naming the accused and the
    choices (`sc2_day._trial`); a bad verdict ballot is refused naming the round
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
    assert asked.value.message == {
        "id": "question.verdict",
        "params": {"accused": "Yan", "choices": "execute / pardon"},
    }
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(state, day_with([[["Vic", "maybe"]]]))
    assert refused.value.message == {
        "id": "refusal.round_choice",
        "params": {
            "voter": "Vic",
            "label": {"id": "round.verdict", "params": {}},
            "choices": "execute, pardon",
        },
    }

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
    voter') (`sc2_day._majority`, `vote`). The Executioner wins only
    when his own target is lynched (`vote`)."""

    options = {"day_type": "majority", "jester_kills_guilty_voter": True}
    state = roles.new_game("sc2", sc2_roster("jester", "mafioso", "executioner"), 1, options, "day")
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
    neutrals by precedence (`sc2_day.regular_winner`, `peace_winner`)."""
    from roles.rulesets.sc2_day import peace_winner, regular_winner

    state = roles.new_game("sc2", sc2_roster(*alive), 1, {})
    for player in state.players[len(alive) :]:
        player.alive = False
    assert state.alive_names() == [p["name"] for p in sc2_roster(*alive)[: len(alive)]]
    assert regular_winner(state) == regular
    assert peace_winner(state) == peace


def test_sc2_three_days_of_peace_are_counted_from_the_last_death_and_announced():
    """002 Three Days of Peace: six phases without a death end the game for the larger
    side, and the phase says so ('Three days without a death: the game is decided for
    ...'). A death starts the count again (`sc2_day.win_check`: the count not
    reset, or reset to one); the announcement names the side (`_45-50`). Found by these
    catches: the engine took the phase's events before the win check, so the
    announcement was lost."""

    def ended_at(phases):
        state = roles.new_game("sc2", sc2_roster("mafioso", "doctor"), 1, {})
        for index, phase in enumerate(phases):
            result = roles.resolve_phase(state, phase)
            state = result.state
            if state.ended:
                peace = [e for e in result.record["events"] if e["kind"] == "three_days_of_peace"]
                return index, peace
        return None

    quiet = [{"night": []}, quiet_day()] * 4
    assert ended_at(quiet) == (5, [{"kind": "three_days_of_peace", "side": "town"}])
    death = [{"night": []}, quiet_day(), {"night": [move("Ann", "kill", "Eve")]}]
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
    (`sc2_day.one_versus_one`, `_rank`)."""
    from roles.rulesets.sc2_day import one_versus_one

    state = roles.new_game("sc2", sc2_roster(*pair), 1, {"citizen_wins_1v1": citizen_wins})
    assert one_versus_one(state, state.players[0], state.players[1]) == side


def test_sc2_a_living_witch_wins_unless_the_town_does_and_the_mayor_is_announced():
    """sc2-reference Witch: 'wins if the Town loses', alive (`sc2_day.winners_of`);
    Mayor 'Reveal: vote counts 3': the day announces the revealed Mayor by name
    (`day_actions`)."""
    from roles.rulesets.sc2_day import winners_of

    state = roles.new_game("sc2", sc2_roster("citizen", "witch"), 1, {})
    assert "Bob" not in winners_of(state, "town") and "Bob" in winners_of(state, "mafia")
    mayor = roles.new_game("sc2", sc2_roster("mayor", "mafioso"), 1, {}, "day")
    reveal = quiet_day([{"actor": "Ann", "ability": "reveal", "targets": []}])
    record = roles.resolve_phase(mayor, reveal).record
    assert record["events"] == [{"kind": "mayor_revealed", "player": "Ann"}]


@pytest.mark.parametrize(
    ("players", "problem"),
    [
        (
            [("Ann", "godfather"), ("Bob", "godfather"), ("Cid", "mason_leader")]
            + [("Dan", "mason_leader"), ("Eve", "citizen")],
            {
                "id": "refusal.sc2.setup.and",
                "params": {
                    "first": {
                        "id": "refusal.sc2.setup.unique",
                        "params": {"role": "mason_leader", "holders": "Cid, Dan"},
                    },
                    "rest": {
                        "id": "refusal.sc2.setup.unique",
                        "params": {"role": "godfather", "holders": "Ann, Bob"},
                    },
                },
            },
        ),
        (
            [("Ann", "executioner", "Ann"), ("Bob", "mafioso"), ("Cid", "citizen")],
            {"id": "refusal.sc2.setup.other_target", "params": {"player": "Ann"}},
        ),
        (
            [("Ann", "executioner", "Zed"), ("Bob", "mafioso"), ("Cid", "citizen")],
            {"id": "refusal.sc2.setup.other_target", "params": {"player": "Ann"}},
        ),
        (
            [("Ann", "executioner"), ("Bob", "mafioso"), ("Cid", "mafioso")]
            + [("Dan", "serial_killer")],
            {"id": "refusal.sc2.setup.no_target", "params": {"player": "Ann"}},
        ),
    ],
)
def test_sc2_setup_problems_named_exactly(players, problem):
    """sc2-reference 3.2: the Mason Leader, the Mayor and the Godfather are unique; the
    Executioner's 'Target must be Town (D: On)' and another player; each refused at the
    start with every problem, in the order found (`sc2.setup_problems`)."""
    seats = [
        {"name": p[0], "role": p[1], **({"target": p[2]} if len(p) > 2 else {})} for p in players
    ]
    with pytest.raises(roles.IllegalAction) as refused:
        roles.new_game("sc2", seats, 1, {})
    assert refused.value.message == problem


def test_sc2_a_lynch_leaves_the_jail_empty_and_says_so():
    """sc2-reference 2.1 Jailor: 'Day: choose prisoner (only after a no-lynch day)'. A
    day that lynches leaves the cell empty and the day says so; a day without a lynch
    holds the prisoner for the night (`sc2_day.after_day`)."""

    state = roles.new_game("sc2", sc2_roster("jailor", "mafioso"), 1, {}, "day")
    jail = [move("Ann", "jail", "Bob")]
    votes = [[n, "Lou"] for n in NAMES if n != "Lou"]
    lynch = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": jail}})
    assert lynch.record["lynched"] == ["Lou"]
    assert lynch.record["events"] == [{"kind": "jail_empty"}]
    assert "sc2_jail" not in lynch.state.memory
    quiet = roles.resolve_phase(state, {"day": {"votes": [], "rounds": [], "actions": jail}})
    assert quiet.record["events"] == []
    assert quiet.state.memory["sc2_jail"] == {"jailor": "Ann", "prisoner": "Bob", "night": 1}


def test_sc2_a_day_crime_joins_the_crimes_already_committed():
    """sc2-reference 2.4 (option `investigator_results: crimes`): crimes are earned by
    actions and kept. The Jailor's second jailing (kidnapping, by day) keeps the murder
    of his execution in his ledger (`sc2_day._crime`: the ledger restarted)."""

    phases = [
        {"night": []},
        quiet_day([move("Ann", "jail", "Bob")]),
        {"night": [move("Ann", "execute")]},
        quiet_day([move("Ann", "jail", "Cid")]),
        {"night": [move("Dan", "check", "Ann")]},
    ]
    out = sim(
        sc2_roster("jailor", "mafioso", "citizen", "investigator", "mafioso"),
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
    `jail_requires_no_lynch` off) (`sc2_day.after_day`: the cell kept)."""

    day = quiet_day([move("Ann", "jail", "Bob")])
    voters = ("Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
    day["day"]["votes"] = [[voter, lynched] for voter in voters]
    options = {"jail_requires_no_lynch": False}  # else any lynch empties the jail
    out = sim(sc2_roster("jailor", "mafioso", "godfather"), [{"night": []}, day], options)
    assert out["phases"][1]["lynched"] == [lynched]
    assert {"kind": "jail_empty"} in out["phases"][1]["events"]


def test_sc2_without_last_wills_a_lynched_players_will_is_not_read():
    """sc2-reference 1.3: the last will is read 'unless sanitized / Clue'; the host's
    option `last_wills` off, no will is read, by day either (`sc2_day.after_day`)."""

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
    limit or the role (`_spree_usable`, `_convert_usable`,
    `_mason_recruits`, `_control_self_refusal`, `_remember_refusal`)."""

    spree = game(
        sc2_roster("mass_murderer", "mafioso", "citizen", "lookout", "doctor"),
        {"mass_murderer_cooldown": 1},
    )
    night = [move("Ann", "spree", "Cid"), move("Dan", "watch", "Cid"), move("Eve", "heal", "Cid")]
    spree = play(spree, {"night": night}, quiet_day())
    recruits = game(sc2_roster("mason_leader", "mafioso"), {"mason_leader_recruits": 2})
    recruits = play(
        recruits,
        {"night": [move("Ann", "recruit", "Cid")]},
        quiet_day(),
        {"night": [move("Ann", "recruit", "Eve")]},
        quiet_day(),
    )
    cult = game(sc2_roster("cultist", "mafioso"), {"cult_nights_between_conversions": 2})
    cult = play(cult, {"night": [move("Ann", "convert", "Cid")]}, quiet_day())
    witch = game(sc2_roster("witch", "mafioso"))
    assert [
        refused(spree, move("Ann", "spree", "Cid")),
        refused(recruits, move("Ann", "recruit", "Dan")),
        refused(cult, move("Ann", "convert", "Dan")),
        refused(witch, move("Ann", "control", "Bob", "Ann")),
    ] == [
        {"id": "refusal.sc2.spree_wait", "params": {"n": 3}},
        {"id": "refusal.sc2.recruits", "params": {"limit": 2}},
        {"id": "refusal.sc2.convert_wait", "params": {"n": 3}},
        {"id": "refusal.self", "params": {"role": "witch"}},
    ]
    never = {
        "amnesiac_cannot_become_town": True,
        "amnesiac_cannot_become_mafia": True,
        "amnesiac_cannot_become_killing": True,
    }
    bodies = game(sc2_roster("amnesiac", "mafioso", "citizen", "serial_killer", "godfather"), never)
    bodies = play(
        bodies,
        {"night": [move("Bob", "kill", "Dan"), move("Dan", "kill", "Bob")]},
        quiet_day(),
        {"night": [move("Eve", "kill", "Cid")]},
        quiet_day(),
    )
    killer = game(sc2_roster("amnesiac", "mafioso", "citizen", "mass_murderer"), never)
    killer = play(killer, {"night": [move("Bob", "kill", "Dan")]}, quiet_day())
    assert [
        refused(bodies, move("Ann", "remember", "Cid")),
        refused(bodies, move("Ann", "remember", "Bob")),
        refused(killer, move("Ann", "remember", "Dan")),
    ] == [
        {"id": "refusal.sc2.amnesiac", "params": {"side": "town", "role": "citizen"}},
        {"id": "refusal.sc2.amnesiac", "params": {"side": "mafia", "role": "mafioso"}},
        {"id": "refusal.sc2.amnesiac", "params": {"side": "killing", "role": "mass_murderer"}},
    ]


def test_sc2_the_jailors_executions_are_refused_in_words():
    """sc2-reference 2.1 Jailor: 'Execute prisoner (limited executions)' -- the limit
    (port `jailor_executions`), a night with no prisoner, and a prisoner who died (the
    host's modkill) are each refused in words (`_limit`, `_execute_usable_5/21-23/
    30/38/39`)."""

    seats = sc2_roster("jailor", "mafioso", "citizen", "godfather")
    used = play(
        game(seats, {"jailor_executions": 1}),
        {"night": []},
        quiet_day([move("Ann", "jail", "Bob")]),
        {"night": [move("Ann", "execute")]},
        quiet_day([move("Ann", "jail", "Cid")]),
    )
    empty = play(used, {"night": []}, quiet_day())
    dead = play(game(seats), {"night": []}, quiet_day([move("Ann", "jail", "Cid")]))
    dead = roles.modkill(dead, "Cid").state
    assert [
        (used.phase_label, refused(used, move("Ann", "execute"))),
        (empty.phase_label, refused(empty, move("Ann", "execute"))),
        (dead.phase_label, refused(dead, move("Ann", "execute"))),
    ] == [
        (
            "night 3",
            {
                "id": "refusal.sc2.limit",
                "params": {
                    "role": "jailor",
                    "what": "executions",
                    "option": "jailor_executions",
                    "limit": 1,
                },
            },
        ),
        ("night 4", {"id": "refusal.sc2.no_prisoner", "params": {}}),
        ("night 2", {"id": "refusal.sc2.prisoner_dead", "params": {}}),
    ]


def test_sc2_an_executioner_not_bound_to_town_targets_anyone_but_himself():
    """sc2-reference 2.3 Executioner, option `executioner_target_must_be_town` off: the
    target is any other player, drawn by seed, or given -- a Mafioso too
    (`_executioner_pool`, `setup`, `setup_problems`)."""

    anyone = {"executioner_target_must_be_town": False}
    drawn = [
        roles.new_game("sc2", sc2_roster("executioner", "mafioso"), seed, anyone, "night")
        .player("Ann")
        .memory["exe_target"]
        for seed in range(6)
    ]
    assert drawn == ["Fay", "Jon", "Eve", "Dan", "Kay", "Ivy"]
    given = sc2_roster("executioner", "mafioso")
    given[0]["target"] = "Bob"
    state = roles.new_game("sc2", given, 0, anyone, "night")
    assert state.player("Ann").memory["exe_target"] == "Bob"


def test_sc2_lynch_need_is_the_majority_the_vote_counts():
    """sc2-reference 3.3 Majority: '>=51 % of votes executes immediately': twelve living
    votes need seven (`roles.lynch_need`, the count `_majority` lynches at); a revealed
    Mayor's extra votes count in the total; plurality (the default day type) and the
    other rulesets need no number (catches: the count of the living, not their votes)."""
    roster = sc2_roster("jester", "mafioso", "executioner")
    state = roles.new_game("sc2", roster, 1, {"day_type": "majority"}, "day")
    assert roles.lynch_need(state) == {"rule": "majority", "votes": 7, "of": 12}
    state.player("Bob").memory["vote_weight"] = 3  # a revealed Mayor
    assert roles.lynch_need(state) == {"rule": "majority", "votes": 8, "of": 14}
    trial = roles.new_game("sc2", roster, 1, {"day_type": "majority_trial"}, "day")
    assert roles.lynch_need(trial) == {"rule": "trial", "votes": 7, "of": 12}
    assert roles.lynch_need(roles.new_game("sc2", roster, 1, {}, "day")) == {"rule": "plurality"}
    seven = [{"name": n, "role": "townie"} for n in "ABCDEFG"]
    assert roles.lynch_need(roles.new_game("bay12", seven, 1, {}, "day")) == {"rule": "plurality"}
