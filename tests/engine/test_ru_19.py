"""ru_19 beyond the scenario fixtures: choices, the hunt draw, silent results, cards, preset.

Rules quoted from 003_d239a94a8cc52329.txt, "Игра на 19 человек".
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import roles
from tests.kit.engine import offered

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
