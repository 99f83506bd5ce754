"""townston: choices, cards, options, presets, views and the seeded random draws.

Rule cases live as fixtures in scenarios/townston/ (one rule sentence each); the
tests here cover what a fixture cannot say: which actions the engine offers a
player now, the role cards, the preset, the views, and the random draws (street
conflict casualties, clues, an idle Psychopath) over many seeds; and rule cases a
fixture does not pin (each refusal as its message id, the vote's record, culprits,
bombs, the wins). Each test cites the sentence of 001_7200793223eb020e.txt it checks.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import roles
from roles.rulesets import townston
from tests.kit.engine import TOWNSTON_FULL as FULL
from tests.kit.engine import act, cli_stdout, day, offered, phase_refused, refused
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


def test_rules_sheet_prints_every_card_option_and_ruling(capsys):
    """`python -m roles rules townston`: every role card, every option with its default,
    the GM's rulings."""
    text = cli_stdout(capsys, "rules", "townston")
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
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_vote(state, "Eve", "Bob")
    assert refused.value.message == {"id": "refusal.hiding_vote", "params": {"player": "Eve"}}
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
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(state, act("Jon", "revive", "Lou"))
    assert refused.value.message == {"id": "refusal.revive_old", "params": {"target": "Lou"}}


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
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(state, act("Eve", "crime", "Bob", crime="Lou"))
    assert refused.value.message == {
        "id": "refusal.extra",
        "params": {"ability": "crime", "key": "crime", "values": "Ann"},
    }
    roles.check_action(state, act("Eve", "crime", "Bob", crime="Ann"))


# -- what a death shows --------------------------------------------------------------------


def test_a_townston_death_shows_the_dead_role_and_team_to_everyone():
    """townston's rulings: "Roles are revealed on death." Townston has no reveal mode of
    its own, so the public deaths show the role (catches: public_deaths' default reveal
    "role" renamed, which hid the role and the team)."""

    state = roles.new_game("townston", players(PSYCHO), 1, {"psychopath_idle": "random"}, "night")
    result = roles.resolve_phase(state, night())
    closed = next(e for e in result.events if e.kind == "phase_closed")
    dead = closed.payload["deaths"]
    assert len(dead) == 1
    victim = result.state.player(dead[0]["player"])
    assert dead == [{"player": victim.name, "role": victim.role, "faction": victim.faction}]


# -- refusals, the vote, culprits, bombs, clues, the street and the wins -------------------


def _townston_vote_refused(state, voter, target):
    """The message of the day's refusal of `voter`'s ballot for `target`."""
    return phase_refused(state, day((voter, target)))


def test_townston_each_refusal_names_who_and_whom():
    """001 (Townston): each limit a card states is refused in words naming the player
    and the target: 'a mafia member cannot kill fellow mafia'; the Mad Hatter's 'two
    bombs in circulation', a bomb planted once on a player and detonated only where it
    is; a horse head once per player; the Godfather's favor 'once per game'; an offer
    answered only when made; a player in hiding does not vote; there is no pass vote,
    and a vote names a living player (`_no_fellow_mafia`, `_may_plant`,
    `_may_detonate`, `_plant_target`, `_detonate_target`,
    `_horse_head_target`, `_may_call_favor`, `_may_answer`,
    `_vote_check`)."""

    first = night(
        act("Ivy", "plant", "Ann"), act("Fay", "horse_head", "Dan"), act("Bob", "kill", "Lou")
    )
    day_1 = play([first])
    night_2 = play([first, day()])
    night_3 = play([first, day(), night(act("Ivy", "plant", "Cid")), day()])
    start = play([])
    assert [
        refused(start, act("Bob", "kill", "Fay")),
        refused(start, act("Ivy", "detonate", "Ann")),
        refused(night_2, act("Ivy", "plant", "Ann")),
        refused(night_2, act("Ivy", "detonate", "Cid")),
        refused(night_3, act("Ivy", "plant", "Gil")),
        refused(night_2, act("Fay", "horse_head", "Dan")),
        refused(day_1, act("Ann", "accept")),
    ] == [
        {"id": "refusal.fellow_mafia", "params": {"player": "Bob", "target": "Fay"}},
        {"id": "refusal.no_bomb", "params": {"player": "Ivy"}},
        {"id": "refusal.carries_bomb", "params": {"target": "Ann", "player": "Ivy"}},
        {"id": "refusal.carries_no_bomb", "params": {"target": "Cid", "player": "Ivy"}},
        {"id": "refusal.two_bombs", "params": {"player": "Ivy"}},
        {"id": "refusal.horse_head", "params": {"target": "Dan"}},
        {"id": "refusal.no_offer", "params": {"player": "Ann"}},
    ]
    assert [
        _townston_vote_refused(day_1, "Dan", "Ann"),
        _townston_vote_refused(day_1, "Ann", "pass"),
        _townston_vote_refused(day_1, "Ann", "Zed"),
        _townston_vote_refused(day_1, "Ann", "Lou"),
    ] == [
        {
            "id": "refusal.by",
            "params": {
                "actor": "Dan",
                "reason": {"id": "refusal.hiding_vote", "params": {"player": "Dan"}},
            },
        },
        {
            "id": "refusal.by",
            "params": {"actor": "Ann", "reason": {"id": "refusal.no_pass.townston", "params": {}}},
        },
        {
            "id": "refusal.by",
            "params": {
                "actor": "Ann",
                "reason": {"id": "refusal.unknown_player", "params": {"player": "Zed"}},
            },
        },
        {
            "id": "refusal.by",
            "params": {
                "actor": "Ann",
                "reason": {"id": "refusal.vote_dead", "params": {"player": "Lou"}},
            },
        },
    ]
    state = roles.new_game("townston", players(), 1, {}, "day")
    used = roles.resolve_phase(state, day(("Ann", "Bob"), actions=[act("Fay", None)])).state
    used = roles.resolve_phase(used, night()).state
    assert refused(used, act("Fay", "cancel_lynch")) == (
        {"id": "refusal.favor_used", "params": {"player": "Fay"}}
    )


def test_townston_the_paramedics_refusals_say_why():
    """001 Paramedic: 'This power can ONLY be used on a player who died during
    yesterday's lynching complications or the previous night ... This power does not
    work on people who were properly lynched.' Each refusal says which rule stops it:
    lynched, a day death that was not the street conflict (a modkill), too old -- a
    street conflict's dead two days on included (`_revivable`)."""

    lynch = day(*[(n, "Dan") for n in ("Ann", "Bob", "Cid", "Eve", "Fay", "Gil", "Hal")])
    lynched = play([night(), lynch, night()])
    modkilled = roles.modkill(play([night()]), "Dan").state
    modkilled = roles.resolve_phase(modkilled, day()).state
    modkilled = roles.resolve_phase(modkilled, night()).state
    conflict = day(("Ann", "Dan"), ("Cid", "Dan"), ("Bob", "Gil"), ("Fay", "Gil"))
    old = play([night(act("Hal", None, "Lou")), conflict, night(), day(), night()])
    assert old.phase_label == "day 3" and not old.player("Bob").alive
    assert [
        refused(lynched, act("Jon", "revive", "Dan")),
        refused(modkilled, act("Jon", "revive", "Dan")),
        refused(old, act("Jon", "revive", "Bob")),
        refused(old, act("Jon", "revive", "Lou")),
    ] == [
        {"id": "refusal.revive_lynched", "params": {"target": "Dan"}},
        {"id": "refusal.revive_conflict", "params": {"target": "Dan"}},
        {"id": "refusal.revive_old", "params": {"target": "Bob"}},
        {"id": "refusal.revive_old", "params": {"target": "Lou"}},
    ]


def test_townston_the_days_vote_on_record():
    """001 Lynch mobs: the mob with the most votes lynches ('lynch' is the cause); a
    tie is a street conflict; the Godfather's 'Call in a favor' cancels either, named
    in the day's event; a suspect in hiding escapes the lynch (`stage_vote_19/20/45/47/
    64-69/74/77/78`)."""

    favor = act("Fay", "cancel_lynch")
    cancelled = simulate([day(("Ann", "Bob"), ("Cid", "Bob"), ("Dan", "Gil"), actions=[favor])])
    assert cancelled["phases"][0]["tally"] == {"Bob": 2, "Gil": 1}
    assert cancelled["phases"][0]["events"] == [{"kind": "lynch_cancelled", "suspects": ["Bob"]}]
    tied = simulate([day(("Ann", "Bob"), ("Dan", "Gil"), actions=[favor])])
    assert tied["phases"][0]["events"] == [
        {"kind": "conflict_prevented", "suspects": ["Bob", "Gil"]}
    ]
    hidden = simulate(
        [
            night(act("Fay", "horse_head", "Dan")),
            day(("Ann", "Dan"), ("Cid", "Dan"), ("Bob", "Gil")),
        ]
    )
    assert hidden["phases"][1]["events"] == [{"kind": "lynch_failed", "player": "Dan"}]
    assert hidden["phases"][1]["lynched"] == []
    lynched = simulate([day(("Ann", "Dan"), ("Cid", "Dan"), ("Bob", "Gil"))])
    assert lynched["phases"][0]["deaths"] == [{"player": "Dan", "role": "townie", "by": ["lynch"]}]


def test_townston_a_second_killer_of_the_dying_is_a_culprit_too():
    """001 Detective, Who dun it?: 'whether a player committed a given crime'. Two killers
    of one victim in one night both committed the murder: both causes are on record and
    each is answered yes (`_hit`)."""

    out = simulate(
        [
            night(act("Bob", "kill", "Lou"), act("Hal", None, "Lou")),
            day(),
            night(act("Eve", "crime", "Bob", crime="Lou")),
            day(actions=[act("Eve", "crime", "Hal", crime="Lou")]),
        ]
    )
    assert out["phases"][0]["deaths"] == [
        {"player": "Lou", "role": "townie", "by": ["hitman", "vigilante"]}
    ]
    answers = [r["value"] for phase in out["phases"][2:] for r in phase["results"]]
    assert answers == ["yes", "yes"]


def test_townston_a_horse_head_hides_the_next_day_whatever_came_first():
    """001 Godfather, Send him a message: 'in hiding for the next day and night cycle'
    -- the day after the night he got it, counted right in a game that began by day and
    on a later night (`_next_day_and_night`)."""

    by_day = roles.new_game("townston", players(), 1, {}, "day")
    for phase in (day(), night(act("Fay", "horse_head", "Dan"))):
        by_day = roles.resolve_phase(by_day, phase).state
    later = play([night(), day(), night(act("Fay", "horse_head", "Dan"))])
    for state in (by_day, later):
        assert state.phase_label == "day 2"
        assert _townston_vote_refused(state, "Dan", "Ann") == {
            "id": "refusal.by",
            "params": {
                "actor": "Dan",
                "reason": {"id": "refusal.hiding_vote", "params": {"player": "Dan"}},
            },
        }


@pytest.mark.parametrize("seed", range(4))
def test_townston_a_clue_names_only_the_living(seed):
    """001 Mad Hatter: 'Every time he detonates a bomb, a clue is given about his
    identity': the clue names the culprit among living players, never the dead
    (`_announce_with_clue`)."""

    pairs = [("Ann", "townie"), ("Bob", "hitman"), ("Cid", "townie"), ("Dan", "townie"),
             ("Eve", "townie"), ("Gil", "townie"), ("Ivy", "mad_hatter")]  # fmt: skip
    lynch = day(*[(n, "Dan") for n in ("Ann", "Bob", "Eve", "Gil")])
    out = simulate(
        [
            night(act("Ivy", "plant", "Ann"), act("Bob", "kill", "Cid")),
            lynch,
            night(act("Ivy", "detonate", "Ann")),
        ],
        pairs=pairs,
        seed=seed,
        options={"clue_size": 5},
    )
    clue = out["phases"][2]["events"][1]
    assert clue["kind"] == "clue" and clue["suspects"] == ["Ann", "Bob", "Eve", "Gil", "Ivy"]


@pytest.mark.parametrize("seed", range(6))
def test_townston_a_protected_voter_is_never_the_mobs_casualty(seed):
    """001 Lynching complications: 'ONE player of EACH side will die. A randomizer will
    determine the casualties' -- among those who can be hit: the Godfather behind the
    curtains and a Bodyguard's ward are not drawn (`_street_conflict`)."""

    votes = [("Ann", "Dan"), ("Bob", "Dan"), ("Fay", "Gil"), ("Lou", "Gil")]
    out = simulate([night(act("Cid", "protect", "Ann")), day(*votes)], seed=seed)
    assert sorted(d["player"] for d in out["phases"][1]["deaths"]) == ["Bob", "Lou"]


def test_townston_a_bodyguard_intercepts_one_bomb_and_the_other_goes_off():
    """001 Bodyguard: 'bombs planted on him are intercepted'; the guard is told which
    ward's bomb he took, the Mad Hatter that his bomb is gone, and another Mad Hatter's
    detonation that night still goes off (`stage_bombs`)."""

    pairs = [("Ann", "townie"), ("Bob", "mad_hatter"), ("Cid", "bodyguard"), ("Dan", "townie"),
             ("Eve", "mad_hatter"), ("Fay", "townie"), ("Gil", "hitman")]  # fmt: skip
    second = night(
        act("Cid", "protect", "Ann"), act("Bob", "detonate", "Ann"), act("Eve", "detonate", "Dan")
    )
    out = simulate(
        [night(act("Bob", "plant", "Ann"), act("Eve", "plant", "Dan")), day(), second],
        pairs=pairs,
    )
    record = out["phases"][2]
    assert record["deaths"] == [{"player": "Dan", "role": "townie", "by": ["bomb"]}]
    assert record["results"] == [
        {"to": "Bob", "kind": "intercepted", "target": "Ann"},
        {"to": "Cid", "kind": "intercepted", "target": "Ann"},
    ]


def test_townston_an_answered_offer_is_told_to_both():
    """001 Godfather, Welcome to the family: the offered player answers the next day;
    both learn the answer, each naming the other (`stage_answers`)."""

    out = simulate([night(act("Fay", "recruit", "Ann")), day(actions=[act("Ann", "accept")])])
    assert out["phases"][1]["results"] == [
        {"to": "Ann", "kind": "recruit", "target": "Fay", "value": "accepted"},
        {"to": "Fay", "kind": "recruit", "target": "Ann", "value": "accepted"},
    ]


def test_townston_every_paramedics_revive_counts_beside_other_day_moves():
    """001 Paramedic: 'No wait! He's still breathing!' Two Paramedics on one patient
    revive him once; a third on another patient, and a Detective's day check before
    them, do not stop any revive; each Paramedic who revived is told whom
    (`stage_revive`)."""

    pairs = [("Ann", "paramedic"), ("Bob", "paramedic"), ("Cid", "paramedic"), ("Dan", "hitman"),
             ("Eve", "vigilante"), ("Fay", "townie"), ("Gil", "townie"), ("Hal", "detective"),
             ("Ivy", "townie")]  # fmt: skip
    moves = [
        act("Hal", "check", "Dan"),
        act("Ann", "revive", "Fay"),
        act("Bob", "revive", "Fay"),
        act("Cid", "revive", "Gil"),
    ]
    out = simulate(
        [night(act("Dan", "kill", "Fay"), act("Eve", "kill", "Gil")), day(actions=moves)],
        pairs=pairs,
    )
    assert [r for r in out["phases"][1]["results"] if r["kind"] == "revived"] == [
        {"to": "Ann", "kind": "revived", "target": "Fay"},
        {"to": "Cid", "kind": "revived", "target": "Gil"},
    ]
    assert out["alive"] == [name for name, _ in pairs]


def test_townston_each_detectives_infiltration_is_answered():
    """001 Detective, What's going on here?: 'Vote with a mob and learn ... how many
    criminals voted for its suspect'. One Detective's day check and another's failed
    infiltration (he voted elsewhere) do not stop a third's answer (`_infiltrations`)."""

    pairs = [("Ann", "detective"), ("Bob", "detective"), ("Cid", "hitman"), ("Dan", "townie"),
             ("Eve", "townie"), ("Fay", "townie"), ("Gil", "detective")]  # fmt: skip
    votes = [("Cid", "Eve"), ("Ann", "Dan"), ("Bob", "Eve"), ("Gil", "Eve"), ("Dan", "Eve")]
    moves = [
        act("Ann", "check", "Cid"),
        act("Bob", "infiltrate", "Dan"),
        act("Gil", "infiltrate", "Eve"),
    ]
    out = simulate([day(*votes, actions=moves)], pairs=pairs)
    assert out["phases"][0]["results"] == [
        {"to": "Ann", "kind": "check", "target": "Cid", "value": "criminal"},
        {"to": "Bob", "kind": "infiltrate_failed", "target": "Dan"},
        {"to": "Gil", "kind": "infiltrate", "target": "Eve", "value": 1},
    ]


def test_townston_the_paranoid_shoots_a_standing_guard_first():
    """001 Paranoid: 'kill the first player who targets you in any way'; Bodyguard: 'you
    will continuously protect him unless you change your mind' -- a standing guard
    targets his ward every night, before any move posted that night. Night 1 the
    Vigilante's shot was posted before the guard's and is first; night 2 the guard
    stands and is first (`_visits_in_order`)."""

    pairs = [("Ann", "townie"), ("Bob", "hitman"), ("Cid", "bodyguard"), ("Dan", "townie"),
             ("Kim", "paranoid"), ("Hal", "vigilante"), ("Eve", "detective")]  # fmt: skip
    out = simulate(
        [
            night(act("Hal", "kill", "Kim"), act("Cid", "protect", "Kim")),
            day(),
            night(act("Bob", "kill", "Kim")),
        ],
        pairs=pairs,
    )
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Hal"]
    assert [d["player"] for d in out["phases"][2]["deaths"]] == ["Cid"]


def test_townston_a_dead_mad_hatters_bombs_go_off_or_are_found():
    """001 Mad Hatter: when he dies his bombs in circulation all go off (a bomb on a body
    killed otherwise is found); the other Mad Hatter's bombs stay. The bomb's victim
    is on record as the Mad Hatter's crime (`stage_fallout`)."""

    pairs = [("Ann", "mad_hatter"), ("Bob", "mad_hatter"), ("Cid", "townie"), ("Dan", "townie"),
             ("Hal", "vigilante"), ("Eve", "detective"), ("Gil", "psychopath"),
             ("Ivy", "townie")]  # fmt: skip
    planted = [night(act("Ann", "plant", "Cid"), act("Bob", "plant", "Dan")), day()]
    shot = night(act("Hal", "kill", "Bob"))
    out = simulate([*planted, shot], pairs=pairs)
    assert [(d["player"], d["by"]) for d in out["phases"][2]["deaths"]] == [
        ("Bob", ["vigilante"]),
        ("Dan", ["bomb"]),
    ]
    assert offered(play([*planted, shot], pairs=pairs), "Eve")["crime"].extra == {
        "crime": ["Bob", "Dan"]
    }
    both = night(act("Hal", "kill", "Bob"), act("Gil", "kill", "Dan"))
    events = simulate([*planted, both], pairs=pairs)["phases"][2]["events"]
    assert [e for e in events if e["kind"] != "clue"] == [{"kind": "bomb_found", "player": "Dan"}]


def test_townston_a_detective_killed_tonight_does_not_stop_anothers_check():
    """001: the Detective investigates 'by night after the kills': one killed that night
    learns nothing, and another's check is still answered (`stage_investigate`)."""

    pairs = [("Ann", "detective"), ("Bob", "hitman"), ("Cid", "detective"), ("Dan", "townie"),
             ("Eve", "townie"), ("Fay", "townie")]  # fmt: skip
    moves = night(act("Ann", "check", "Bob"), act("Bob", "kill", "Ann"), act("Cid", "check", "Bob"))
    assert simulate([moves], pairs=pairs)["phases"][0]["results"] == [
        {"to": "Cid", "kind": "check", "target": "Bob", "value": "criminal"}
    ]


def test_townston_a_player_in_hiding_is_told_why_he_cannot_act():
    """001 Godfather, Send him a message: 'in hiding for the next day and night cycle'
    -- no power meanwhile, and the refusal names him (`_able`)."""

    state = play([night(act("Fay", "horse_head", "Hal")), day()])
    assert refused(state, act("Hal", "kill", "Ann")) == (
        {"id": "refusal.hiding", "params": {"player": "Hal"}}
    )


@pytest.mark.parametrize("seed", range(4))
def test_townston_the_gm_draws_only_for_an_idle_psychopath(seed):
    """001 Psychopath: 'Each night you must kill someone' (option psychopath_idle =
    random: the GM draws the victim of one who sends nothing). One who acts kills only
    his own victim; one in hiding is skipped without stopping the draw for another
    idle Psychopath, whose victim is his crime (`_psychopath_never_idles`)."""

    random = {"psychopath_idle": "random"}
    acted = simulate([night(act("Psy", "kill", "Ann"))], pairs=PSYCHO, seed=seed, options=random)
    assert acted["phases"][0]["deaths"] == [
        {"player": "Ann", "role": "townie", "by": ["psychopath"]}
    ]
    pairs = [("Ann", "townie"), ("Pat", "psychopath"), ("Psy", "psychopath"),
             ("Fay", "godfather"), ("Dan", "townie"), ("Eve", "detective"), ("Lou", "townie"),
             ("Kay", "townie")]  # fmt: skip
    first = night(
        act("Fay", "horse_head", "Pat"), act("Pat", "kill", "Lou"), act("Psy", "kill", "Ann")
    )
    phases = [first, day(), night()]
    out = simulate(phases, pairs=pairs, seed=seed, options=random)
    (death,) = out["phases"][2]["deaths"]
    assert death["by"] == ["psychopath"]
    state = play(phases, pairs=pairs, seed=seed, options=random)
    assert state.phase_label == "day 2"
    # The ledger Who dun it? reads: the drawn victim is the idle Psychopath's crime.
    assert state.memory["crimes"][death["player"]] == ["Psy"]


def test_townston_three_days_of_peace_count_from_the_last_death_and_pick_the_winner():
    """002 Three Days of Peace (an option of this ruleset, on by default): 'three days
    and three nights without a death' end the game -- counted from the last death --
    won by the Psychopaths if they are at least as many as each side, else the mafia
    if at least as many as the town, else the town (`win_check`)."""

    pairs = [("Ann", "townie"), ("Bob", "hitman"), ("Cid", "townie"), ("Dan", "townie"),
             ("Eve", "townie")]  # fmt: skip
    death = night(act("Bob", "kill", "Eve"))
    five = simulate([death, day(), night(), day(), night(), day()], pairs=pairs)
    assert five["ended"] is False
    six = simulate([death, day(), night(), day(), night(), day(), night()], pairs=pairs)
    assert six["ended"] is True and six["winners"] == ["Ann", "Cid", "Dan", "Eve"]
    quiet = [night(), day(), night(), day(), night(), day()]
    for seats, winners in (
        ([("Ann", "townie"), ("Psy", "psychopath"), ("Bob", "hitman")], ["Psy"]),
        ([("Ann", "townie"), ("Cid", "townie"), ("Psy", "psychopath"), ("Bob", "hitman")],
         ["Ann", "Cid"]),
        ([("Ann", "townie"), ("Psy", "psychopath"), ("Bob", "hitman"), ("Fay", "godfather")],
         ["Bob", "Fay"]),
        ([("Ann", "townie"), ("Cid", "townie"), ("Bob", "hitman"), ("Fay", "godfather")],
         ["Bob", "Fay"]),
    ):  # fmt: skip
        out = simulate(quiet, pairs=seats)
        assert (out["ended"], out["winners"]) == (True, winners)


def test_townston_one_against_one_at_night_and_nobody_left():
    """002 (one versus one at night): 'Serial Killer, then Mafia, then Town' -- the
    mafia wins as a side (its dead included), a Psychopath wins alone (another, dead
    Psychopath does not); when nobody is left alive, nobody wins
    (`win_check`)."""

    mafia = [("Ann", "townie"), ("Bob", "hitman"), ("Cid", "townie"), ("Fay", "godfather"),
             ("Dan", "townie")]  # fmt: skip
    lynch = day(*[(n, "Fay") for n in ("Bob", "Cid", "Dan")])
    out = simulate([night(act("Bob", "kill", "Ann")), lynch, night(act("Bob", "kill", "Cid"))],
                   pairs=mafia)  # fmt: skip
    assert (out["ended"], out["winners"]) == (True, ["Bob", "Fay"])
    loners = [("Ann", "townie"), ("Pat", "psychopath"), ("Psy", "psychopath"), ("Cid", "townie"),
              ("Dan", "townie")]  # fmt: skip
    lynch = day(*[(n, "Pat") for n in ("Psy", "Cid", "Dan")])
    out = simulate([night(act("Psy", "kill", "Ann")), lynch, night(act("Psy", "kill", "Cid"))],
                   pairs=loners)  # fmt: skip
    assert (out["ended"], out["winners"]) == (True, ["Psy"])
    everyone = [("Hal", "vigilante"), ("Psy", "psychopath"), ("Bob", "hitman")]
    shots = night(act("Hal", "kill", "Psy"), act("Psy", "kill", "Bob"), act("Bob", "kill", "Hal"))
    out = simulate([shots], pairs=everyone)
    assert (out["ended"], out["winners"], out["alive"]) == (True, [], [])


def test_townston_the_gms_sheet_lists_the_kills_at_their_step():
    """001: the night runs guards, then 'Vigilante, Hitmen, the Godfather's pistol, the
    Psychopath'; the GM's order sheet lists each kill at that step, in seat order
    (`_kill`, built at import: the kills fell to "Other moves")."""

    actions = [act("Hal", "kill", "Ann"), act("Bob", "kill", "Dan"), act("Cid", "protect", "Ann")]
    sheet = roles.order_sheet(play([]), actions)
    assert [(s.title, [(line.text, line.targets) for line in s.lines]) for s in sheet] == [
        ("Guard", [("Cid (Bodyguard) protects Ann", ("Ann",))]),
        (
            "Kills",
            [("Bob (Hitman) kills Dan", ("Dan",)), ("Hal (Vigilante) kills Ann", ("Ann",))],
        ),
    ]
