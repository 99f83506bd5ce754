"""ru_19 beyond the scenario fixtures: choices, the hunt draw, silent results, cards, preset.

Rules quoted from 003_d239a94a8cc52329.txt, "Игра на 19 человек".
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import roles
from tests.kit.engine import apply_hunt_day, hunt, move, offered

PLAYERS = (
    "Ann:boss Bob:advocate Cid:mafia Dan:mafia Eve:mafia Fay:detective Gil:doctor "
    "Hal:courtesan Ian:hangman Jon:civilian Kay:civilian Lou:civilian Max:civilian "
    "Ned:civilian Oli:civilian Pam:civilian Quy:civilian Ray:civilian Sam:maniac"
)


def players(spec: str = PLAYERS) -> list[dict]:
    return [{"name": n, "role": r} for n, r in (item.split(":") for item in spec.split())]


def simulate(*phases, spec: str = PLAYERS, seed: int = 1) -> dict:
    return roles.simulate(
        {"ruleset": "ru_19", "seed": seed, "players": players(spec), "phases": list(phases)}
    )


def day(actions=(), votes=()) -> dict:
    return {"day": {"votes": [list(v) for v in votes], "rounds": [], "actions": list(actions)}}


def apply(*names: str) -> list[dict]:
    return [{"actor": n, "ability": "apply_hunt", "targets": []} for n in names]


def test_who_may_apply_to_hunt() -> None:
    """'Каждый мирный, кроме Детектива и Путаны, имеет право на мирную охоту'; the
    maniac 'Охотится не может'."""
    state = roles.new_game("ru_19", players(), first_phase="day")
    may = {p.name for p in state.players if "apply_hunt" in offered(state, p.name)}
    assert may == {"Gil", "Ian", "Jon", "Kay", "Lou", "Max", "Ned", "Oli", "Pam", "Quy", "Ray"}


def test_one_application_drawn_and_only_that_hunter_may_hunt() -> None:
    """'Если ведущему поступило несколько заявок ... он жеребьевкой выбирает только одну
    из них и сообщает охотнику, что его охота одобрена'."""
    drawn = set()
    for seed in range(8):
        state = roles.new_game("ru_19", players(), seed=seed, first_phase="day")
        result = roles.resolve_phase(state, day(apply("Jon", "Kay", "Lou")))
        approved = [r["to"] for r in result.record["results"] if r["kind"] == "hunt_approved"]
        assert len(approved) == 1
        drawn.add(approved[0])
        night = result.state
        hunters = {n for n in ("Jon", "Kay", "Lou") if "hunt" in offered(night, n)}
        assert hunters == set(approved)
        assert offered(night, approved[0])["hunt"].extra == {"guess": ["mafia", "maniac"]}
    assert len(drawn) > 1, "the lot is not always the same applicant"


def test_nobody_is_told_whose_application_won() -> None:
    """Only the drawn hunter hears of it: the approval is his private result."""
    state = roles.new_game("ru_19", players(), seed=2, first_phase="day")
    result = roles.resolve_phase(state, day(apply("Jon", "Kay")))
    assert result.record["events"] == []
    public = [e for e in result.events if e.audience == "public"]
    assert "hunt_approved" not in repr([e.payload for e in public])


def test_doctor_who_applied_is_not_offered_the_heal() -> None:
    """'Может выходить на охоту – но в эту ночь лишается права лечить, даже если жребием
    выпала другая заявка'."""
    state = roles.new_game("ru_19", players(), seed=1, first_phase="day")
    night = roles.resolve_phase(state, day(apply("Gil", "Jon", "Kay", "Lou"))).state
    assert "heal" not in offered(night, "Gil")
    later = roles.resolve_phase(night, {"night": []}).state
    later = roles.resolve_phase(later, day()).state
    assert "heal" in offered(later, "Gil")


def test_boss_revolver_and_advocate_shot_follow_the_shooters() -> None:
    """'Если в игре у мафии не осталось ни одного стрелка, Босс получает револьвер';
    the advocate 'если остается один – лишается проверок и становится стрелком'."""
    state = roles.new_game("ru_19", players())
    assert set(offered(state, "Ann")) == {"block"}
    assert set(offered(state, "Bob")) == {"check"}
    assert set(offered(state, "Cid")) == {"kill"}
    no_shooters = "Ann:boss Bob:advocate Fay:detective Jon:civilian Kay:civilian Sam:maniac"
    state = roles.new_game("ru_19", players(no_shooters))
    assert set(offered(state, "Ann")) == {"block", "kill"}
    alone = "Bob:advocate Fay:detective Jon:civilian Kay:civilian Sam:maniac"
    state = roles.new_game("ru_19", players(alone))
    assert set(offered(state, "Bob")) == {"kill"}


def test_courtesan_and_doctor_do_not_repeat_last_nights_player() -> None:
    """Doctor: 'Не может лечить одного игрока две ночи подряд'; courtesan: 'Не может
    провести две ночи подряд с одним и тем же игроком'."""
    state = roles.new_game("ru_19", players())
    night = [
        {"actor": "Gil", "targets": ["Jon"]},
        {"actor": "Hal", "targets": ["Kay"]},
    ]
    state = roles.resolve_phase(state, {"night": night}).state
    state = roles.resolve_phase(state, day()).state
    assert "Jon" not in offered(state, "Gil")["heal"].targets
    assert "Kay" not in offered(state, "Hal")["visit"].targets
    assert "Gil" in offered(state, "Gil")["heal"].targets, "the doctor may heal himself"


def test_killed_advocate_gets_no_result() -> None:
    """'Убитый Адвокат проверку не получает'."""
    check = {"actor": "Bob", "ability": "check", "targets": ["Gil"]}
    out = simulate({"night": [check, {"actor": "Sam", "targets": ["Bob"]}]})
    assert [d["player"] for d in out["phases"][0]["deaths"]] == ["Bob"]
    assert not [r for r in out["phases"][0]["results"] if r["to"] == "Bob"]


def test_killed_detective_gets_no_result() -> None:
    """'Убитый Детектив проверку не получает'."""
    night = [
        {"actor": "Fay", "ability": "check", "targets": ["Cid"]},
        {"actor": "Cid", "ability": "kill", "targets": ["Fay"]},
    ]
    out = simulate({"night": night})
    assert not [r for r in out["phases"][0]["results"] if r["to"] == "Fay"]


def test_failed_hunt_does_not_name_the_target() -> None:
    """The morning names the dead hunter's cause, never whom he hunted."""
    out = simulate(
        day(apply("Jon")),
        {"night": [{"actor": "Jon", "ability": "hunt", "targets": ["Kay"], "guess": "maniac"}]},
    )
    events = out["phases"][1]["events"]
    assert {"kind": "death_cause", "player": "Jon", "cause": "failed_hunt"} in events
    assert "Kay" not in json.dumps(events)
    assert out["phases"][1]["descriptions"] == {"Jon": "Victim of a failed hunt."}


def test_silent_hangman_is_asked() -> None:
    """'Не может отказаться от действия в случае равнения': the engine asks the hangman."""
    state = roles.new_game("ru_19", players(), first_phase="day")
    votes = [["Jon", "Kay"], ["Lou", "Kay"], ["Max", "Cid"], ["Ned", "Cid"]]
    with pytest.raises(roles.PendingDecision) as asked:
        roles.resolve_phase(state, day(votes=votes))
    assert asked.value.actor == "Ian" and asked.value.ability == "hang"
    assert sorted(asked.value.choices) == ["Cid", "Kay"]


def test_preset_is_the_documents_nineteen() -> None:
    """'Мафия – 5 человек (3 + Босс + Адвокат) Мирные – 13 человек ... Маньяк – один'."""
    ruleset = roles.get_ruleset("ru_19")
    preset = ruleset.presets["19"]
    assert len(preset.roles) == 19
    assert Counter(ruleset.roles[r].faction for r in preset.roles) == {
        "mafia": 5,
        "town": 13,
        "maniac": 1,
    }
    assert Counter(preset.roles)["civilian"] == 9 and Counter(preset.roles)["mafia"] == 3


def test_rules_text_lists_cards_options_order_and_rulings() -> None:
    text = roles.rules_text("ru_19")
    ruleset = roles.get_ruleset("ru_19")
    for role in ruleset.roles.values():
        assert f"[{role.id}]" in text and role.card_ru in text
    assert "reveal = 'light'" in text
    assert "boss -> courtesan -> doctor -> maniac" in text
    assert "GM decisions" in text


# -- the hangman, the hunt's applications, the courtesan, wins and causes ------------------


def _ru19(*phases, seed=1):

    return simulate(*phases, seed=seed)


def test_ru19_the_hangmans_choice_is_announced_with_the_tied_players():
    """ru_19: 'A tie goes to the hangman's `hang` (one of the tied)': the day's event
    names his choice and the tied players (`_hangman_choice`)."""
    votes = [("Jon", "Kay"), ("Lou", "Max"), ("Kay", "Max"), ("Max", "Kay")]
    out = _ru19(
        {
            "day": {
                "votes": [list(v) for v in votes],
                "rounds": [],
                "actions": [move("Ian", "hang", "Max")],
            }
        }
    )
    day = out["phases"][0]
    assert day["lynched"] == ["Max"]
    assert {"kind": "hangman", "chose": "Max", "candidates": ["Kay", "Max"]} in day["events"]


def test_ru19_a_refused_hunt_names_the_player_who_was_not_drawn():
    """Only the drawn hunter may send `hunt`; another is refused by name
    (`_hunt_approved`)."""
    state = roles.new_game("ru_19", _ru19_players(), seed=1, first_phase="day")
    night = roles.resolve_phase(state, apply_hunt_day("Jon")).state
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night, hunt("Kay", "Sam", "maniac"))
    assert "Kay" in refused.value.reason


def _ru19_players():

    return players()


def test_ru19_a_courtesan_at_the_maniacs_is_his_victim():
    """ru_19: 'Visiting the maniac, she dies' - as his victim (`courtesan_visit`)."""
    out = _ru19({"night": [move("Hal", "visit", "Sam")]})
    night = out["phases"][0]
    assert night["deaths"] == [{"player": "Hal", "role": "courtesan", "by": ["maniac"]}]
    assert night["descriptions"] == {"Hal": "Victim of the maniac."}


@pytest.mark.parametrize(
    ("alive", "winners"),
    [
        # 'the maniac when he is alive with at most one other player'
        (("Sam", "Jon"), {"Sam"}),
        (("Sam", "Jon", "Kay"), None),
        # 'the mafia when the maniac is dead and the civilians are no more than the mafia'
        (("Sam", "Cid", "Dan", "Jon"), None),
        (("Cid", "Dan", "Jon"), {"Ann", "Bob", "Cid", "Dan", "Eve"}),
    ],
)
def test_ru19_who_wins_with_the_maniac_alive(alive, winners):
    """ru_19 wins (`decide`): the maniac with two others alive has not won, and
    the mafia does not win while the maniac lives, however few civilians are left."""
    from roles.rulesets import ru_19

    state = roles.new_game("ru_19", _ru19_players())
    for player in state.players:
        player.alive = player.name in alive
    ru_19.win_check(state, None)
    assert (set(state.winners) if state.ended else None) == winners


def test_ru19_each_cause_is_described_and_several_are_joined():
    """003: 'обязательно указывается причина смерти (жертва мафии, жертва маньяка, жертва
    удачной/неудачной охоты...)' (`describe`)."""
    from roles.rulesets.ru_19 import describe

    assert describe(None, "Jon", ["hunt"]) == "Killed in a successful hunt."
    assert describe(None, "Jon", ["successful_hunt"]) == "Killed in a successful hunt."
    assert describe(None, "Jon", ["failed_hunt"]) == "Victim of a failed hunt."
    assert (
        describe(None, "Jon", ["maniac", "mafia"]) == "Victim of the maniac; victim of the mafia."
    )
    assert describe(None, "Jon", ["detective"]) is None  # the event line names the shot


def test_ru19_two_applicants_are_drawn_by_lot():
    """'Если ведущему поступило несколько заявок ... он жеребьевкой выбирает только одну'
    - two applications too (`draw_hunter`)."""
    drawn = set()
    for seed in range(10):
        out = _ru19(apply_hunt_day("Jon", "Kay"), seed=seed)
        drawn |= {r["to"] for r in out["phases"][0]["results"] if r["kind"] == "hunt_approved"}
    assert drawn == {"Jon", "Kay"}


def test_ru19_the_first_to_reach_the_tying_count_counts_from_zero():
    """ru_19: with the hangman dead, 'the tied player who first reached the tying count
    (replaying the votes in the order cast) is executed'. Max's one vote comes first,
    so Max goes though Kay sits earlier (`first_to_reach`); a withdrawn vote no
    longer counts while the votes are replayed (`first_to_reach`)."""
    hanged = {"night": [move("Sam", "kill", "Ian")]}
    first = _ru19(
        hanged, {"day": {"votes": [["Jon", "Max"], ["Lou", "Kay"]], "rounds": [], "actions": []}}
    )
    assert first["phases"][1]["lynched"] == ["Max"]
    # Jon's vote for Max is withdrawn before Lou's: Kay reaches two votes first.
    cast = ["Jon", "Max"], ["Jon", None], ["Lou", "Max"], ["Oli", "Kay"], ["Pam", "Kay"]
    votes = [*cast, ["Ned", "Max"]]
    withdrawn = _ru19(hanged, {"day": {"votes": votes, "rounds": [], "actions": []}})
    assert withdrawn["phases"][1]["lynched"] == ["Kay"]


def test_ru19_the_hangman_is_asked_by_name_with_the_tied_players():
    """ru_19: the hangman 'не может отказаться от действия в случае равнения': the day
    waits for him, and the question names him and the tied players
    (`vote_with_hangman`)."""

    state = roles.new_game("ru_19", players(), first_phase="day")
    votes = [["Jon", "Kay"], ["Lou", "Kay"], ["Max", "Cid"], ["Ned", "Cid"]]
    with pytest.raises(roles.PendingDecision) as asked:
        roles.resolve_phase(state, day(votes=votes))
    assert asked.value.message == {
        "id": "question.hangman",
        "params": {"actor": "Ian", "tied": "Cid, Kay"},
    }


def test_ru19_the_doctor_who_applied_is_refused_the_heal_with_the_reason():
    """ru_19: the doctor 'Может выходить на охоту – но в эту ночь лишается права лечить'
    - the refusal says who and what (`refuse_if_applied`)."""

    state = roles.new_game("ru_19", players(), first_phase="day")
    night = roles.resolve_phase(state, day(actions=apply("Gil"))).state
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night, move("Gil", "heal", "Jon"))
    assert refused.value.message == {
        "id": "refusal.applied_to_hunt",
        "params": {"role": "doctor", "what": "heal"},
    }


def test_ru19_a_void_hunt_names_its_target_to_the_hunter():
    """ru_19: 'если цель охотника вылечена Доком – то охотнику приходит ответ, что охота
    не состоялась' - the hunter is told which hunt did not happen (`hunt`)."""

    hunt = {**move("Jon", "hunt", "Cid"), "guess": "mafia"}
    out = _ru19(day(actions=apply("Jon")), {"night": [move("Gil", "heal", "Cid"), hunt]})
    assert out["phases"][1]["results"] == [{"to": "Jon", "kind": "hunt_void", "target": "Cid"}]


def test_ru19_an_application_withdrawn_the_same_day_is_not_drawn():
    """003: 'До окончания дня от своего намерения охотиться можно отказаться': an
    application withdrawn before the day ends is out of the draw; applying and
    withdrawing are free moves beside the day's one action (`apply_abilities`'
    withdraw and `free`)."""

    moves = [move("Jon", "apply_hunt"), move("Jon", "withdraw_hunt"), move("Kay", "apply_hunt")]
    for seed in range(4):
        out = _ru19(day(actions=moves), seed=seed)
        assert out["phases"][0]["results"] == [{"to": "Kay", "kind": "hunt_approved"}]


def test_ru19_the_hangman_applies_to_hunt_and_hangs_the_same_day():
    """ru_19: the hangman 'Может охотиться': his application does not use up his
    choice on a tie (`free`); an unnamed day move of his is the hang, never an
    application; an unnamed night move of a drawn civilian is no hunt (a hunt is
    named, with its guess: `named_only`)."""

    votes = [["Jon", "Kay"], ["Lou", "Kay"], ["Max", "Cid"], ["Ned", "Cid"]]
    moves = [move("Ian", "apply_hunt"), move("Ian", "hang", "Cid")]
    out = _ru19(day(votes=votes, actions=moves))
    assert out["phases"][0]["lynched"] == ["Cid"]
    assert out["phases"][0]["results"] == [{"to": "Ian", "kind": "hunt_approved"}]

    state = roles.new_game("ru_19", players(), first_phase="day")
    assert roles.check_action(state, {"actor": "Ian", "targets": ["Kay"]}).id == "hang"
    night = roles.resolve_phase(state, day(actions=apply("Jon"))).state
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night, {"actor": "Jon", "targets": ["Cid"], "guess": "mafia"})
    assert refused.value.message == {
        "id": "refusal.no_phase_ability",
        "params": {"role": "civilian", "phase": "night"},
    }


def test_ru19_an_application_leaves_the_hangmans_choice_owed():
    """The hunt application is free: after applying, the hangman still owes his choice
    and may withdraw; a civilian may still withdraw (`apply_abilities`' `free`
    catches: an application that spent the day's one action would end what he owes)."""

    state = roles.new_game("ru_19", players(), first_phase="day")
    assert roles.owed(state, "Ian", frozenset({"apply_hunt"})) == ["hang", "withdraw_hunt"]
    assert roles.owed(state, "Jon", frozenset({"apply_hunt"})) == ["withdraw_hunt"]
    assert roles.owed(state, "Jon", frozenset({"withdraw_hunt"})) == ["apply_hunt"]
    assert roles.replaced_moves(state, "Ian", "withdraw_hunt", {"apply_hunt", "hang"}) == []


@pytest.mark.parametrize(
    ("mode", "shown"), [("light", "role"), ("half_light", "team"), ("dark", "none")]
)
def test_ru_19_the_reveal_option_sets_what_a_death_shows(mode, shown):
    """003 (19): the host's option `reveal` -- an elimination announces the role
    (light), the team (half_light) or only the name (dark); the ruleset's reveal reads
    that option (`ru_common.reveal_by_option`, built at import: another option
    read, so every game showed roles)."""

    state = roles.new_game("ru_19", players(), 1, {"reveal": mode}, "night")
    assert roles.get_ruleset("ru_19").reveal(state) == shown
