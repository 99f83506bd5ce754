"""Tests the mutation run over roles/ showed missing in townston
(roles/rulesets/townston.py) (bench/mutation.py; bench/README.md, "Mutation testing").
Each names the surviving mutant it kills; where it checks a rule it quotes the rule
sentence. `_refusal` here reads a refusal for the sc2 file too.
"""

from __future__ import annotations

import pytest

import roles

# -- townston: runtime survivors, session 32 --------------------------------------------


def _refusal(state, action):
    """The engine's refusal of `action` now, in English."""
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(state, action)
    return str(refused.value.reason)


def _townston_vote_refusal(state, voter, target):
    from tests.engine.test_townston import day

    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(state, day((voter, target)))
    return str(refused.value.reason)


def test_townston_each_refusal_names_who_and_whom():
    """001 (Townston): each limit a card states is refused in words naming the player
    and the target: 'a mafia member cannot kill fellow mafia'; the Mad Hatter's 'two
    bombs in circulation', a bomb planted once on a player and detonated only where it
    is; a horse head once per player; the Godfather's favor 'once per game'; an offer
    answered only when made; a player in hiding does not vote; there is no pass vote,
    and a vote names a living player (`_no_fellow_mafia_6-10`, `_may_plant_4/6`,
    `_may_detonate_5/7`, `_plant_target_5-9`, `_detonate_target_5-9`,
    `_horse_head_target_6/8`, `_may_call_favor_5/7`, `_may_answer_11/13`,
    `_vote_check_6-31`)."""
    from tests.engine.test_townston import act, day, night, play, players

    first = night(
        act("Ivy", "plant", "Ann"), act("Fay", "horse_head", "Dan"), act("Bob", "kill", "Lou")
    )
    day_1 = play([first])
    night_2 = play([first, day()])
    night_3 = play([first, day(), night(act("Ivy", "plant", "Cid")), day()])
    start = play([])
    assert [
        _refusal(start, act("Bob", "kill", "Fay")),
        _refusal(start, act("Ivy", "detonate", "Ann")),
        _refusal(night_2, act("Ivy", "plant", "Ann")),
        _refusal(night_2, act("Ivy", "detonate", "Cid")),
        _refusal(night_3, act("Ivy", "plant", "Gil")),
        _refusal(night_2, act("Fay", "horse_head", "Dan")),
        _refusal(day_1, act("Ann", "accept")),
    ] == [
        "Bob is mafia and cannot kill fellow mafia (Fay)",
        "Ivy has no bomb in circulation",
        "Ann already carries a bomb of Ivy's",
        "Cid carries no bomb of Ivy's",
        "Ivy already has two bombs in circulation",
        "Dan has already been sent a horse head",
        "Ann has no offer to answer",
    ]
    assert [
        _townston_vote_refusal(day_1, "Dan", "Ann"),
        _townston_vote_refusal(day_1, "Ann", "pass"),
        _townston_vote_refusal(day_1, "Ann", "Zed"),
        _townston_vote_refusal(day_1, "Ann", "Lou"),
    ] == [
        "Dan: Dan is in hiding (horse head) and cannot vote",
        "Ann: townston has no pass vote",
        "Ann: unknown player 'Zed'",
        "Ann: cannot vote for Lou: Lou is dead",
    ]
    state = roles.new_game("townston", players(), 1, {}, "day")
    used = roles.resolve_phase(state, day(("Ann", "Bob"), actions=[act("Fay", None)])).state
    used = roles.resolve_phase(used, night()).state
    assert _refusal(used, act("Fay", "cancel_lynch")) == ("Fay has already called in his favor")


def test_townston_the_paramedics_refusals_say_why():
    """001 Paramedic: 'This power can ONLY be used on a player who died during
    yesterday's lynching complications or the previous night ... This power does not
    work on people who were properly lynched.' Each refusal says which rule stops it:
    lynched, a day death that was not the street conflict (a modkill), too old -- a
    street conflict's dead two days on included (`_revivable_18-30/42/57-66`)."""
    from tests.engine.test_townston import act, day, night, play

    lynch = day(*[(n, "Dan") for n in ("Ann", "Bob", "Cid", "Eve", "Fay", "Gil", "Hal")])
    lynched = play([night(), lynch, night()])
    modkilled = roles.modkill(play([night()]), "Dan").state
    modkilled = roles.resolve_phase(modkilled, day()).state
    modkilled = roles.resolve_phase(modkilled, night()).state
    conflict = day(("Ann", "Dan"), ("Cid", "Dan"), ("Bob", "Gil"), ("Fay", "Gil"))
    old = play([night(act("Hal", None, "Lou")), conflict, night(), day(), night()])
    assert old.phase_label == "day 3" and not old.player("Bob").alive
    assert [
        _refusal(lynched, act("Jon", "revive", "Dan")),
        _refusal(modkilled, act("Jon", "revive", "Dan")),
        _refusal(old, act("Jon", "revive", "Bob")),
        _refusal(old, act("Jon", "revive", "Lou")),
    ] == [
        "Dan was properly lynched and cannot be revived",
        "Dan did not die in yesterday's street conflict",
        "Bob's corpse is older than two turns",
        "Lou's corpse is older than two turns",
    ]


def test_townston_the_days_vote_on_record():
    """001 Lynch mobs: the mob with the most votes lynches ('lynch' is the cause); a
    tie is a street conflict; the Godfather's 'Call in a favor' cancels either, named
    in the day's event; a suspect in hiding escapes the lynch (`stage_vote_19/20/45/47/
    64-69/74/77/78`)."""
    from tests.engine.test_townston import act, day, night, simulate

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
    each is answered yes (`_hit_5/6/11`)."""
    from tests.engine.test_townston import act, day, night, simulate

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
    on a later night (`_next_day_and_night_3/6/7/8`)."""
    from tests.engine.test_townston import act, day, night, play, players

    by_day = roles.new_game("townston", players(), 1, {}, "day")
    for phase in (day(), night(act("Fay", "horse_head", "Dan"))):
        by_day = roles.resolve_phase(by_day, phase).state
    later = play([night(), day(), night(act("Fay", "horse_head", "Dan"))])
    for state in (by_day, later):
        assert state.phase_label == "day 2"
        assert _townston_vote_refusal(state, "Dan", "Ann") == (
            "Dan: Dan is in hiding (horse head) and cannot vote"
        )


@pytest.mark.parametrize("seed", range(4))
def test_townston_a_clue_names_only_the_living(seed):
    """001 Mad Hatter: 'Every time he detonates a bomb, a clue is given about his
    identity': the clue names the culprit among living players, never the dead
    (`_announce_with_clue_6`)."""
    from tests.engine.test_townston import act, day, night, simulate

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
    curtains and a Bodyguard's ward are not drawn (`_street_conflict_12`)."""
    from tests.engine.test_townston import act, day, night, simulate

    votes = [("Ann", "Dan"), ("Bob", "Dan"), ("Fay", "Gil"), ("Lou", "Gil")]
    out = simulate([night(act("Cid", "protect", "Ann")), day(*votes)], seed=seed)
    assert sorted(d["player"] for d in out["phases"][1]["deaths"]) == ["Bob", "Lou"]


def test_townston_a_bodyguard_intercepts_one_bomb_and_the_other_goes_off():
    """001 Bodyguard: 'bombs planted on him are intercepted'; the guard is told which
    ward's bomb he took, the Mad Hatter that his bomb is gone, and another Mad Hatter's
    detonation that night still goes off (`stage_bombs_18-24/38`)."""
    from tests.engine.test_townston import act, day, night, simulate

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
    both learn the answer, each naming the other (`stage_answers_48/52`)."""
    from tests.engine.test_townston import act, day, night, simulate

    out = simulate([night(act("Fay", "recruit", "Ann")), day(actions=[act("Ann", "accept")])])
    assert out["phases"][1]["results"] == [
        {"to": "Ann", "kind": "recruit", "target": "Fay", "value": "accepted"},
        {"to": "Fay", "kind": "recruit", "target": "Ann", "value": "accepted"},
    ]


def test_townston_every_paramedics_revive_counts_beside_other_day_moves():
    """001 Paramedic: 'No wait! He's still breathing!' Two Paramedics on one patient
    revive him once; a third on another patient, and a Detective's day check before
    them, do not stop any revive; each Paramedic who revived is told whom
    (`stage_revive_4/7/30/33`)."""
    from tests.engine.test_townston import act, day, night, simulate

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
    infiltration (he voted elsewhere) do not stop a third's answer (`_infiltrations_4/16`)."""
    from tests.engine.test_townston import act, day, simulate

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
    stands and is first (`_visits_in_order_3-15`)."""
    from tests.engine.test_townston import act, day, night, simulate

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
    is on record as the Mad Hatter's crime (`stage_fallout_7/14/15/20/21/25-33`)."""
    from tests.engine.test_townston import act, day, night, offered, play, simulate

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
    learns nothing, and another's check is still answered (`stage_investigate_7`)."""
    from tests.engine.test_townston import act, night, simulate

    pairs = [("Ann", "detective"), ("Bob", "hitman"), ("Cid", "detective"), ("Dan", "townie"),
             ("Eve", "townie"), ("Fay", "townie")]  # fmt: skip
    moves = night(act("Ann", "check", "Bob"), act("Bob", "kill", "Ann"), act("Cid", "check", "Bob"))
    assert simulate([moves], pairs=pairs)["phases"][0]["results"] == [
        {"to": "Cid", "kind": "check", "target": "Bob", "value": "criminal"}
    ]


def test_townston_a_player_in_hiding_is_told_why_he_cannot_act():
    """001 Godfather, Send him a message: 'in hiding for the next day and night cycle'
    -- no power meanwhile, and the refusal names him (`_able_6/8`)."""
    from tests.engine.test_townston import act, day, night, play

    state = play([night(act("Fay", "horse_head", "Hal")), day()])
    assert _refusal(state, act("Hal", "kill", "Ann")) == (
        "Hal is in hiding (horse head) and cannot act"
    )


@pytest.mark.parametrize("seed", range(4))
def test_townston_the_gm_draws_only_for_an_idle_psychopath(seed):
    """001 Psychopath: 'Each night you must kill someone' (option psychopath_idle =
    random: the GM draws the victim of one who sends nothing). One who acts kills only
    his own victim; one in hiding is skipped without stopping the draw for another
    idle Psychopath, whose victim is his crime (`_psychopath_never_idles_8-11/23/40`)."""
    from tests.engine.test_townston import PSYCHO, act, day, night, play, simulate

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
    if at least as many as the town, else the town (`win_check_6/89-105`)."""
    from tests.engine.test_townston import act, day, night, simulate

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
    (`win_check_20-23/75-77`)."""
    from tests.engine.test_townston import act, day, night, simulate

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
    (`_kill_12/21/22`, built at import: the kills fell to "Other moves")."""
    from tests.engine.test_townston import act, play

    actions = [act("Hal", "kill", "Ann"), act("Bob", "kill", "Dan"), act("Cid", "protect", "Ann")]
    sheet = roles.order_sheet(play([]), actions)
    assert [(s.title, [(line.text, line.targets) for line in s.lines]) for s in sheet] == [
        ("Guard", [("Cid (Bodyguard) protects Ann", ("Ann",))]),
        (
            "Kills",
            [("Bob (Hitman) kills Dan", ("Dan",)), ("Hal (Vigilante) kills Ann", ("Ann",))],
        ),
    ]
