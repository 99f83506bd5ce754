"""townston: choices, cards, options, presets, views and the seeded random draws.

Rule cases live as fixtures in scenarios/townston/ (one rule sentence each); the
tests here cover what a fixture cannot say: which actions the engine offers a
player now, the role cards, the preset, the views, and the random draws (street
conflict casualties, clues, an idle Psychopath) over many seeds. Each test cites
the sentence of 001_7200793223eb020e.txt it checks.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

import roles
from roles.rulesets import townston
from tests.kit.engine import TOWNSTON_FULL as FULL
from tests.kit.engine import act, day, offered
from tests.kit.engine import townston_night as night
from tests.kit.engine import townston_play as play
from tests.kit.engine import townston_players as players
from tests.kit.engine import townston_simulate as simulate

# -- role cards and the rules sheet ------------------------------------------------------


def test_paranoid_card_reads_as_a_townies():
    """Paranoid - 'the paranoid is not aware that he's insane and thus believes himself
    to be a normal townie.'"""
    assert roles.role_card("townston", "paranoid") == roles.role_card("townston", "townie")
    state = play([])
    view = roles.observe(state, "Kim")
    assert view["me"]["role"] == "townie"
    assert "Paranoid" not in json.dumps(view)


def test_rules_sheet_prints_every_card_option_and_ruling():
    """`python -m roles rules townston`: every role card, every option with its default,
    the GM's rulings."""
    proc = subprocess.run(
        [sys.executable, "-m", "roles", "rules", "townston"], capture_output=True, text=True
    )
    assert proc.returncode == 0
    text = proc.stdout
    for role in townston.ROLES.values():
        assert f"[{role.id}]" in text
        assert role.win in text
        for ability in role.abilities:
            assert f"[{ability.id}]" in text
    for option in townston.RULESET.options:
        assert f"{option.id} = {option.default!r}" in text
    assert "(The player is told: Townie.)" in text
    assert "street conflict" in text and "Paranoid" in text
    assert "twenty" in text and "(20 players)" in text


def test_cards_state_limits():
    """Detective, And you are? - 'This power can only be used twice.'; Call in a favor
    - 'once per game'; Welcome to the family - 'This power can only be used once.'"""
    detective = roles.role_card("townston", "detective")
    assert "twice per game" in detective
    godfather = roles.role_card("townston", "godfather")
    assert "once per game" in godfather  # recruit
    assert "Once a game" in godfather  # call in a favor
    assert "Mafia" in godfather and "Villagers" in roles.role_card("townston", "townie")


# -- the preset ------------------------------------------------------------------------------


def test_twenty_player_preset_is_the_seeds_list():
    """'In case of a game with 20 players, the number of starting roles will be: 8 Townies,
    2 Bodyguards, 1 Paramedic, 1 Veteran, 1 Detective, 1 Vigilante, 1 Paranoid,
    1 Godfather, 1 Mad Hatter, 2 Hitman, 1 Psychopath'."""
    preset = townston.RULESET.presets["twenty"]
    assert Counter(preset.roles) == {
        "townie": 8,
        "bodyguard": 2,
        "paramedic": 1,
        "veteran": 1,
        "detective": 1,
        "vigilante": 1,
        "paranoid": 1,
        "godfather": 1,
        "mad_hatter": 1,
        "hitman": 2,
        "psychopath": 1,
    }
    names = [f"P{i}" for i in range(20)]
    dealt = roles.deal("townston", "twenty", names, seed=5)
    assert Counter(p["role"] for p in dealt) == Counter(preset.roles)
    assert dealt == roles.deal("townston", "twenty", names, seed=5)


# -- options ------------------------------------------------------------------------------------


def test_unknown_option_is_refused():
    with pytest.raises(roles.ScenarioError):
        simulate([night()], options={"no_such_option": 1})
    with pytest.raises(roles.ScenarioError):
        simulate([night()], options={"psychopath_idle": "sometimes"})


PSYCHO = [("Ann", "townie"), ("Psy", "psychopath"), ("Bob", "hitman"), ("Dan", "townie"),
          ("Eve", "townie"), ("Lou", "townie")]  # fmt: skip


@pytest.mark.parametrize("seed", range(12))
def test_idle_psychopath_still_kills(seed):
    """Psychopath - 'Each night you must kill someone of your choice to satisfy your blood
    lust.' Option psychopath_idle = "random": if he sends nothing, the GM draws his victim
    (seeded)."""
    out = simulate([night()], pairs=PSYCHO, seed=seed, options={"psychopath_idle": "random"})
    deaths = out["phases"][0]["deaths"]
    assert len(deaths) == 1
    assert deaths[0]["by"] == ["psychopath"] and deaths[0]["player"] != "Psy"
    again = simulate([night()], pairs=PSYCHO, seed=seed, options={"psychopath_idle": "random"})
    assert again == out


def test_idle_psychopath_default_none():
    """Default psychopath_idle = "none": the engine never invents a move (spec: 'Invalid input
    is never guessed at'), so a Psychopath who sends no kill kills nobody."""
    out = simulate([night()], pairs=PSYCHO)
    assert out["phases"][0]["deaths"] == []


def test_three_days_of_peace_can_be_switched_off():
    """002 Three Days of Peace is an option of this ruleset (on by default)."""
    pairs = [("Ann", "townie"), ("Bob", "hitman"), ("Cid", "townie"), ("Dan", "townie")]
    quiet = [night(), day(), night(), day(), night(), day()]
    assert simulate(quiet, pairs=pairs)["ended"] is True
    out = simulate(quiet, pairs=pairs, options={"three_days_of_peace": False})
    assert out["ended"] is False and out["winners"] == []


# -- random draws ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_street_conflict_kills_one_of_each_tied_mob(seed):
    """Lynching complications - 'During these conflicts, ONE player of EACH side will die.
    A randomizer will determine the casualties and the players who were voted to be lynched
    can breathe a relieving sigh'."""
    votes = [("Ann", "Bob"), ("Dan", "Bob"), ("Lou", "Bob"), ("Hal", "Gil"), ("Jon", "Gil"),
             ("Eve", "Gil"), ("Cid", "Ann")]  # fmt: skip
    out = simulate([day(*votes)], seed=seed)
    phase = out["phases"][0]
    dead = {d["player"] for d in phase["deaths"]}
    assert phase["lynched"] == []
    assert len(dead & {"Ann", "Dan", "Lou"}) == 1
    assert len(dead & {"Hal", "Jon", "Eve"}) == 1
    assert len(dead) == 2  # Bob and Gil (the suspects) and Cid's small mob are safe
    assert all(d["by"] == ["street_conflict"] for d in phase["deaths"])
    conflict = [e for e in phase["events"] if e["kind"] == "street_conflict"]
    assert conflict == [
        {
            "kind": "street_conflict",
            "suspects": ["Bob", "Gil"],
            "casualties": conflict[0]["casualties"],
        }
    ]
    assert set(conflict[0]["casualties"]) == dead


def test_street_conflict_draw_varies_with_the_seed():
    """'A randomizer will determine the casualties': different seeds, different casualties."""
    votes = [("Ann", "Bob"), ("Dan", "Bob"), ("Lou", "Bob"), ("Hal", "Gil"), ("Jon", "Gil"),
             ("Eve", "Gil")]  # fmt: skip
    seen = {
        frozenset(d["player"] for d in simulate([day(*votes)], seed=s)["phases"][0]["deaths"])
        for s in range(30)
    }
    assert len(seen) > 3


@pytest.mark.parametrize("seed", range(10))
def test_clue_names_the_culprit_among_suspects(seed):
    """Mad Hatter - 'Every time he detonates a bomb, a clue is given about his identity.'
    Paramedic - 'Using this power will leave a clue to your identity.' A clue names
    `clue_size` players in seat order, the culprit among them."""
    out = simulate(
        [
            night(act("Ivy", "plant", "Ann"), act("Hal", None, "Dan")),
            day(actions=[act("Jon", "revive", "Dan")]),
            night(act("Ivy", "detonate", "Ann")),
        ],
        seed=seed,
    )
    seat = {name: i for i, (name, _) in enumerate(FULL)}
    revived = out["phases"][1]["events"]
    detonated = out["phases"][2]["events"]
    assert revived[0] == {"kind": "revived", "player": "Dan"}
    assert detonated[0] == {"kind": "bomb_detonated", "player": "Ann"}
    for (_, event), culprit in ((revived, "Jon"), (detonated, "Ivy")):
        assert event["kind"] == "clue"
        assert event["about"] == {"Jon": "paramedic", "Ivy": "mad_hatter"}[culprit]
        assert culprit in event["suspects"]
        assert len(event["suspects"]) == 3
        assert event["suspects"] == sorted(event["suspects"], key=seat.get)


def test_clue_size_option():
    out = simulate(
        [night(act("Ivy", "plant", "Ann")), day(), night(act("Ivy", "detonate", "Ann"))],
        options={"clue_size": 5},
    )
    assert len(out["phases"][2]["events"][1]["suspects"]) == 5


# -- choices: what may this player do now ---------------------------------------------------------


def test_godfather_choices_by_night_and_by_day():
    """Godfather - 'has several special abilities in his arsenal': horse head, recruit and
    the kiss of death by night; call in a favor by day."""
    state = play([])
    assert set(offered(state, "Fay")) == {"horse_head", "recruit", "kill"}
    kill = offered(state, "Fay")["kill"]
    assert {"Bob", "Ivy"} <= set(kill.targets)  # The kiss of death: mafia included
    assert "Bob" not in offered(state, "Fay")["recruit"].targets  # villagers only
    assert "Bob" not in offered(state, "Ivy")["plant"].targets
    assert set(offered(play([night()]), "Fay")) == {"cancel_lynch"}


def test_recruit_is_offered_once():
    """Welcome to the family - 'This power can only be used once.'"""
    state = play([night(act("Fay", "recruit", "Hal")), day()])
    assert "recruit" not in offered(state, "Fay")


def test_offer_is_answered_the_next_day():
    """Welcome to the family - 'The target has to be a willing applicant': the offered
    player is asked (accept/decline) the next day, and only then."""
    state = play([night(act("Fay", "recruit", "Hal"))])
    assert {"accept", "decline"} <= set(offered(state, "Hal"))
    assert "accept" not in offered(state, "Dan")
    assert "accept" not in offered(play([night(act("Fay", "recruit", "Hal")), day()]), "Hal")


def test_accepted_recruit_joins_the_mafia_view():
    """Mafia - 'Unlike townies, all mafia members know who each other are.' A made man
    sees his new family and they see him; his role is unchanged."""
    state = play([night(act("Fay", "recruit", "Hal")), day(actions=[act("Hal", "accept")])])
    hal = state.player("Hal")
    assert (hal.role, hal.faction) == ("vigilante", "mafia")
    assert {t["name"] for t in roles.observe(state, "Hal")["teammates"]} == {"Bob", "Fay", "Ivy"}
    assert "Hal" in {t["name"] for t in roles.observe(state, "Bob")["teammates"]}
    assert "Bob" not in offered(state, "Hal")["kill"].targets


def test_hiding_player_is_offered_nothing():
    """Send him a message - 'During this time the player can't perform any action at all.
    He can't vote for the next lynch and he can't use his powers if he has any.'"""
    state = play([night(act("Fay", "horse_head", "Eve"))])
    assert offered(state, "Eve") == {}
    with pytest.raises(roles.IllegalAction, match="hiding"):
        roles.check_vote(state, "Eve", "Bob")
    state = play([night(act("Fay", "horse_head", "Eve")), day()])
    assert offered(state, "Eve") == {}
    state = play([night(act("Fay", "horse_head", "Eve")), day(), night()])
    assert "check" in offered(state, "Eve")


def test_horse_head_targets_shrink():
    """Send him a message - 'A person who's already been targeted with a horse head attack
    can't be targeted again.'"""
    state = play([night(act("Fay", "horse_head", "Ann")), day()])
    assert "Ann" not in offered(state, "Fay")["horse_head"].targets
    assert "Dan" in offered(state, "Fay")["horse_head"].targets


def test_detective_check_uses_left():
    """And you are? - 'This power can only be used twice.' (by day or by night)"""
    state = play([])
    assert offered(state, "Eve")["check"].uses_left == 2
    state = play([night(act("Eve", "check", "Bob"))])
    assert offered(state, "Eve")["check"].uses_left == 1
    assert "infiltrate" in offered(state, "Eve")  # What's going on here? by day only
    state = play([night(act("Eve", "check", "Bob")), day(actions=[act("Eve", "check", "Ann")])])
    assert "check" not in offered(state, "Eve")
    assert "infiltrate" not in offered(state, "Eve")


def test_mad_hatter_choices_follow_his_bombs():
    """Mad Hatter - 'plant a single bomb on someone or detonate a bomb that's already been
    planted' and 'at most keep two undetonated bombs in circulation'."""
    state = play([])
    assert set(offered(state, "Ivy")) == {"plant"}
    state = play([night(act("Ivy", "plant", "Ann")), day()])
    assert offered(state, "Ivy")["detonate"].targets == ["Ann"]
    assert "Ann" not in offered(state, "Ivy")["plant"].targets
    state = play(
        [night(act("Ivy", "plant", "Ann")), day(), night(act("Ivy", "plant", "Dan")), day()]
    )
    assert set(offered(state, "Ivy")) == {"detonate"}
    assert offered(state, "Ivy")["detonate"].targets == ["Ann", "Dan"]


def test_paramedic_is_offered_only_fresh_corpses():
    """Paramedic - 'This power can ONLY be used on a player who died during yesterday's
    lynching complications or the previous night ... This power does not work on people
    who were properly lynched.'"""
    state = play(
        [
            night(act("Hal", None, "Lou")),
            day(("Ann", "Dan"), ("Cid", "Dan"), ("Bob", "Gil"), ("Fay", "Gil")),
            night(act("Hal", None, "Eve")),
        ]
    )
    # Lou: too old; Bob and one of Dan's voters fell in the street conflict; Eve: last night.
    out = simulate(
        [
            night(act("Hal", None, "Lou")),
            day(("Ann", "Dan"), ("Cid", "Dan"), ("Bob", "Gil"), ("Fay", "Gil")),
            night(act("Hal", None, "Eve")),
        ]
    )
    fallen = {d["player"] for d in out["phases"][1]["deaths"]}
    assert "Bob" in fallen and len(fallen & {"Ann", "Cid"}) == 1  # Fay is behind the curtains
    assert state.phase_label == "day 2"
    assert set(offered(state, "Jon")["revive"].targets) == {"Eve"} | fallen
    with pytest.raises(roles.IllegalAction, match="older than two turns"):
        roles.check_action(state, act("Jon", "revive", "Lou"))


def test_paranoid_has_nothing_to_do():
    """Paranoid - 'The Paranoid is unable to NOT kill': the kill is automatic."""
    assert offered(play([]), "Kim") == {}
    assert offered(play([night()]), "Kim") == {}


def test_favor_is_kept_until_it_cancels_something():
    """Call in a favor - 'The Godfather can once per game, cancel a lynch.'"""
    state = roles.new_game("townston", players(), 1, {}, "day")
    after_quiet = roles.resolve_phase(state, day(actions=[act("Fay", "cancel_lynch")])).state
    after_quiet = roles.resolve_phase(after_quiet, night()).state
    assert "cancel_lynch" in offered(after_quiet, "Fay")
    used = roles.resolve_phase(state, day(("Ann", "Bob"), actions=[act("Fay", None)])).state
    used = roles.resolve_phase(used, night()).state
    assert "cancel_lynch" not in offered(used, "Fay")


# -- results and state ---------------------------------------------------------------------------


def test_godfather_goes_personal_when_alone():
    """Now it's personal - 'If the godfather is the only mafia member left, this power is
    automatically activated.' He is told so."""
    pairs = [("Ann", "townie"), ("Bob", "hitman"), ("Fay", "godfather"), ("Dan", "townie"),
             ("Eve", "townie")]  # fmt: skip
    state = roles.new_game("townston", players(pairs), 1, {}, "day")
    result = roles.resolve_phase(state, day(("Ann", "Bob"), ("Dan", "Bob")))
    assert {"to": "Fay", "kind": "personal"} in result.record["results"]
    assert result.state.player("Fay").memory["personal"] is True


def test_veteran_is_told_of_each_hit():
    """Veteran - 'two hits must be made on him before he dies.'"""
    record = simulate([night(act("Bob", None, "Gil"))])["phases"][0]
    assert record["deaths"] == []
    assert {"to": "Gil", "kind": "hit", "value": 1} in record["results"]


def test_role_revealed_on_death():
    """Deaths carry the role (the dead's roles are revealed to everyone)."""
    state = play([night(act("Bob", None, "Kim"))])
    public = roles.observe(state, None)
    assert {"name": "Bob", "seat": 1, "alive": False, "role": "hitman", "faction": "mafia"} in (
        public["players"]
    )
    assert state.history[0]["deaths"][0] == {"player": "Bob", "role": "hitman", "by": ["paranoid"]}


def test_offer_reaches_only_its_target():
    """Welcome to the family: the offer is a private result of the offered player."""
    state = play([night(act("Fay", "recruit", "Hal"))])
    assert {"phase": "night", "number": 1, "to": "Hal", "kind": "offer", "target": "Fay"} in (
        roles.observe(state, "Hal")["results"]
    )
    assert roles.observe(state, "Dan")["results"] == []


def test_state_round_trips_mid_game():
    """The site stores the state as JSON between phases: bombs, hiding, offers survive."""
    phases = [
        night(act("Ivy", "plant", "Ann"), act("Fay", "horse_head", "Dan"), act("Cid", None, "Lou")),
        day(),
        night(act("Ivy", "detonate", "Ann"), act("Bob", None, "Gil")),
    ]
    state = play(phases[:2])
    stored = roles.GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    direct = roles.resolve_phase(state, phases[2])
    again = roles.resolve_phase(stored, phases[2])
    assert json.dumps(direct.record) == json.dumps(again.record)
    assert direct.state.to_dict() == again.state.to_dict()


def test_who_dun_it_offers_the_crimes_committed():
    """Who dun it? - 'Whenever a crime has been committed, it's up to the detective to
    investigate the crime scene.' The choice lists the victims; a lynch is no crime."""
    assert "crime" not in offered(play([]), "Eve")
    state = play([night(act("Bob", None, "Ann")), day(("Dan", "Lou"), ("Cid", "Lou"))])
    choice = offered(state, "Eve")["crime"]
    assert choice.extra == {"crime": ["Ann"]}
    with pytest.raises(roles.IllegalAction, match="crime"):
        roles.check_action(state, act("Eve", "crime", "Bob", crime="Lou"))
    roles.check_action(state, act("Eve", "crime", "Bob", crime="Ann"))
