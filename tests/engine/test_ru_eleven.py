"""ru_eleven beyond the scenario fixtures: choices, cards, presets, what is NOT announced.

Rules quoted from 003_d239a94a8cc52329.txt, "Правила мафии «Одиннадцать»".
"""

from __future__ import annotations

from collections import Counter

import pytest

import roles
from tests.kit.engine import ELEVEN_PLAYERS as PLAYERS
from tests.kit.engine import eleven_game as game


def scenario(*phases, seed: int = 3) -> dict:
    return {
        "ruleset": "ru_eleven",
        "seed": seed,
        "players": [{"name": n, "role": r} for n, r in PLAYERS],
        "phases": list(phases),
    }


def cm(actor: str, status: str, target: str) -> dict:
    return {"actor": actor, "as": status, "targets": [target]}


def test_every_civilian_is_offered_the_same_conditional_moves() -> None:
    """'Мирные не знают, у кого из них есть статус, и какой именно' - the doctor's form
    is the plain civilian's form, so it cannot betray his status."""
    state = game()
    forms = {
        name: [c.to_dict() for c in roles.choices(state, name)]
        for name in ("Ann", "Bob", "Cid", "Dan", "Eve")
    }
    assert [c["ability"] for c in forms["Eve"]] == ["heal", "plus", "minus", "check"]
    for name, form in forms.items():
        for mine, civilians in zip(form, forms["Eve"], strict=True):
            assert mine["ability"] == civilians["ability"], name
            assert set(mine["targets"]) | {name} == set(civilians["targets"]) | {"Eve"}, name
            assert (name in mine["targets"]) == ("Eve" in civilians["targets"]), name


def test_a_status_holder_is_told_civilian() -> None:
    state = game()
    view = roles.observe(state, "Ann")
    assert view["me"]["role"] == "civilian"
    assert "Civilian" in view["me"]["card"] and "Doctor" not in view["me"]["card"]
    assert roles.role_card("ru_eleven", "commissar").startswith("Civilian")


def test_mafia_choices_kill_decoy_and_the_advocates_check() -> None:
    """'Адвокат – проверяет мирных'; 'Мафия каждую ночь присылает ... два имени'."""
    state = game()
    kay = {c.ability: c for c in roles.choices(state, "Kay")}
    assert set(kay) == {"check", "kill", "decoy"}
    assert not {"Ian", "Jon", "Kay"} & set(kay["check"].targets)
    assert kay["decoy"].max_targets == 3
    assert {c.ability for c in roles.choices(state, "Ian")} == {"kill", "decoy"}


def test_holder_limit_shows_in_the_choices_of_everyone() -> None:
    """'Доктор - не может лечить одного игрока дважды подряд'; '+1 ... кроме того, на
    которого был ход в прошлый раз' - last night's names leave every civilian's form."""
    state = game()
    night = {"night": [cm("Eve", "doctor", "Gil"), cm("Eve", "plus_vote", "Hal")]}
    state = roles.resolve_phase(state, night).state
    state = roles.resolve_phase(state, {"day": {"votes": [], "rounds": [], "actions": []}}).state
    eve = {c.ability: c for c in roles.choices(state, "Eve")}
    assert "Gil" not in eve["heal"].targets
    assert "Hal" not in eve["plus"].targets
    assert "Gil" in eve["check"].targets


def test_fewer_than_three_candidates_nothing_announced() -> None:
    """'Если от игроков приходит одно или два имени для проверки - проверка не объявляется'."""
    out = roles.simulate(
        scenario({"night": [cm("Dan", "commissar", "Ian"), cm("Eve", "commissar", "Gil")]})
    )
    assert not [e for e in out["phases"][0]["events"] if e["kind"] == "check"]


def test_killed_commissar_check_not_announced() -> None:
    """'Убитый Ком проверку не получает'."""
    night = [
        cm("Dan", "commissar", "Ian"),
        cm("Eve", "commissar", "Gil"),
        cm("Fay", "commissar", "Hal"),
        {"actor": "Ian", "ability": "kill", "targets": ["Dan"]},
    ]
    out = roles.simulate(scenario({"night": night}))
    phase = out["phases"][0]
    assert [d["player"] for d in phase["deaths"]] == ["Dan"]
    assert not [e for e in phase["events"] if e["kind"] == "check"]


def test_commissar_gets_no_private_result() -> None:
    """The commissar does not know his status: the check is only ever public."""
    night = [cm("Dan", "commissar", "Ian"), cm("Eve", "commissar", "Gil")]
    night.append(cm("Fay", "commissar", "Hal"))
    out = roles.simulate(scenario({"night": night}))
    assert out["phases"][0]["results"] == []


def test_missing_decoys_are_drawn() -> None:
    """GM decision: with no decoy note the engine draws two living decoys (seeded)."""
    night = [cm("Dan", "commissar", "Ian"), cm("Eve", "commissar", "Gil")]
    night.append(cm("Fay", "commissar", "Hal"))
    for seed in range(5):
        out = roles.simulate(scenario({"night": night}, seed=seed))
        (check,) = [e for e in out["phases"][0]["events"] if e["kind"] == "check"]
        assert "Ian" in check["names"] and len(set(check["names"])) == 3
        assert check["names"] == sorted(check["names"])
        assert check["value"] == "mafia"


def test_announced_names_are_alphabetical() -> None:
    """'Имена "проверенных" – располагаются в алфавитном порядке'."""
    night = [
        cm("Dan", "commissar", "Gil"),
        cm("Eve", "commissar", "Hal"),
        cm("Fay", "commissar", "Eve"),
        {"actor": "Kay", "ability": "decoy", "targets": ["Kay", "Ann", "Bob"]},
    ]
    out = roles.simulate(scenario({"night": night}))
    (check,) = [e for e in out["phases"][0]["events"] if e["kind"] == "check"]
    assert check["names"] == ["Ann", "Gil", "Kay"]


def test_plus_and_minus_on_the_same_voter_cancel() -> None:
    """GM decision: weight = 1 + (+1) − (−1)."""
    night = {"night": [cm("Bob", "plus_vote", "Eve"), cm("Cid", "minus_vote", "Eve")]}
    day = {"day": {"votes": [["Eve", "Ian"], ["Fay", "Gil"]], "rounds": [], "actions": []}}
    out = roles.simulate(scenario(night, day))
    assert out["phases"][1]["tally"] == {"Gil": 1, "Ian": 1}


def test_a_withdrawn_vote_is_the_one_change() -> None:
    """'Голос в дневном голосовании можно менять только один раз'."""
    day = {"day": {"votes": [["Ann", "Ian"], ["Ann", None], ["Ann", "Gil"]], "rounds": []}}
    with pytest.raises(roles.ScenarioError, match="once"):
        roles.simulate(scenario(day))


def test_preset_is_the_documents_eleven() -> None:
    """'На 11 игроков – 8 мирных и 3 мафа'."""
    ruleset = roles.get_ruleset("ru_eleven")
    preset = ruleset.presets["11"]
    assert len(preset.roles) == 11
    factions = Counter(ruleset.roles[r].faction for r in preset.roles)
    assert factions == {"town": 8, "mafia": 3}
    assert {"doctor", "plus_vote", "minus_vote", "commissar", "hangman", "advocate"} <= set(
        preset.roles
    )


def test_rules_text_has_every_card_in_both_languages_and_the_rulings() -> None:
    text = roles.rules_text("ru_eleven")
    ruleset = roles.get_ruleset("ru_eleven")
    for role in ruleset.roles.values():
        assert f"[{role.id}]" in text
        assert role.card_ru and role.card_ru in text
    assert "Win condition" in text
    assert "GM decisions" in text and "decoy" in text


# -- conditional moves, decoys and ties ----------------------------------------------------


def test_ru_eleven_conditional_moves_named_and_refused_exactly():
    """003 eleven: every civilian sends moves 'as' each status; 'мафия знает свои статусы'.
    The hook names the move a status stands for (the doctor's plain move is his heal),
    leaves an unknown actor to the engine's own refusal, and refuses the mafia's 'as', a
    status that is not a civilian's and a move that is not the status's, each with its
    reason (`ru_eleven.conditional_move`)."""
    from roles.rulesets.ru_eleven import conditional_move

    state = game()
    assert conditional_move(state, {"actor": "Ann", "targets": ["Fay"]}) == {
        "actor": "Ann",
        "targets": ["Fay"],
        "ability": "heal",
        "as": "doctor",
    }
    assert conditional_move(state, {"actor": "Zed", "as": "doctor"}) == {
        "actor": "Zed",
        "as": "doctor",
    }
    for action, reason in [
        (
            {"actor": "Ian", "as": "doctor", "targets": ["Eve"]},
            {"id": "refusal.mafia_conditional", "params": {}},
        ),
        (
            {"actor": "Eve", "as": "mayor", "targets": ["Fay"]},
            {
                "id": "refusal.as_status",
                "params": {
                    "statuses": "doctor, plus_vote, minus_vote, commissar",
                    "status": "mayor",
                },
            },
        ),
        (
            {"actor": "Eve", "as": "doctor", "ability": "check", "targets": ["Fay"]},
            {
                "id": "refusal.as_move",
                "params": {"status": "doctor", "want": "heal", "move": "check"},
            },
        ),
    ]:
        with pytest.raises(roles.IllegalAction) as refused:
            conditional_move(state, action)
        assert refused.value.message == reason


def test_ru_eleven_decoys_candidates_and_drawn_decoys():
    """003 eleven: 'Мафия каждую ночь присылает ведущему два имени "подкидышей"' (a note
    sent first in the night counts too: `decoys`); 'Если от игроков приходит одно или
    два имени для проверки - проверка не объявляется' counts only the civilians' commissar
    moves, not a heal on a third name (`candidates`); with no note the engine draws two
    living decoys with the seed among the players in seat order, so the draw does not
    depend on their names (`announce_check`)."""

    def checks(out):
        return [e["names"] for e in out["phases"][0]["events"] if e["kind"] == "check"]

    decoy_first = [{"actor": "Kay", "ability": "decoy", "targets": ["Kay", "Ann", "Bob"]}]
    decoy_first += [cm("Dan", "commissar", "Ian"), cm("Eve", "commissar", "Gil")]
    decoy_first += [cm("Fay", "commissar", "Hal")]
    assert checks(roles.simulate(scenario({"night": decoy_first}))) == [["Ann", "Ian", "Kay"]]
    two_and_a_heal = [cm("Dan", "commissar", "Ian"), cm("Eve", "commissar", "Gil")]
    two_and_a_heal.append(cm("Fay", "doctor", "Hal"))
    assert checks(roles.simulate(scenario({"night": two_and_a_heal}))) == []

    seats = [("Zoe", "doctor"), ("Yan", "plus_vote"), ("Xia", "minus_vote")]
    seats += [("Wes", "commissar"), ("Vic", "civilian"), ("Uma", "civilian")]
    seats += [("Tom", "civilian"), ("Sam", "civilian"), ("Rex", "mafia")]
    seats += [("Quin", "hangman"), ("Pia", "advocate")]
    night = [cm("Wes", "commissar", "Rex"), cm("Vic", "commissar", "Tom")]
    night.append(cm("Uma", "commissar", "Sam"))
    drawn = []
    for seed in range(6):
        players = [{"name": n, "role": r} for n, r in seats]
        game = {"ruleset": "ru_eleven", "seed": seed, "players": players}
        (names,) = checks(roles.simulate({**game, "phases": [{"night": night}]}))
        drawn.append(" ".join(names))
    assert drawn == [
        "Pia Rex Yan",
        "Pia Rex Tom",
        "Quin Rex Wes",
        "Pia Quin Rex",
        "Pia Rex Wes",
        "Rex Sam Vic",
    ]


def test_ru_eleven_a_tie_without_the_hangmans_choice_names_the_tied():
    """ru_eleven: the hangman's move is optional; without it a tie lynches nobody and the
    day says between whom (`vote_with_hangman`)."""

    out = roles.simulate(
        {
            "ruleset": "ru_eleven",
            "seed": 3,
            "first_phase": "day",
            "players": [{"name": n, "role": r} for n, r in PLAYERS],
            "phases": [
                {"day": {"votes": [["Ann", "Bob"], ["Bob", "Ann"]], "rounds": [], "actions": []}}
            ],
        }
    )
    day = out["phases"][0]
    assert day["lynched"] == []
    assert day["events"] == [{"kind": "no_lynch", "reason": "tie", "candidates": ["Ann", "Bob"]}]


def test_ru_eleven_the_last_decoy_note_sent_stands_and_a_repeat_move_is_refused_by_name():
    """003 eleven: 'Мафия каждую ночь присылает ведущему два имени "подкидышей"' -- of
    two notes the last one sent stands, whoever sits first (`decoys`: read
    in seat order); '+1 ... кроме того, на которого был ход в прошлый раз' is refused
    naming the move and the player (`not_as_last_time`, built at import)."""
    import json
    from pathlib import Path

    night = [
        {"actor": "Kay", "ability": "decoy", "targets": ["Kay", "Ann", "Bob"]},
        {"actor": "Ian", "ability": "decoy", "targets": ["Fay", "Gil", "Hal"]},
        cm("Dan", "commissar", "Ian"),
        cm("Eve", "commissar", "Jon"),
        cm("Fay", "commissar", "Cid"),
    ]
    events = roles.simulate(scenario({"night": night}))["phases"][0]["events"]
    assert [e for e in events if e["kind"] == "check"] == [
        {"kind": "check", "names": ["Fay", "Gil", "Ian"], "value": "mafia"}
    ]
    fixture = (
        Path(__file__).parent
        / "scenarios/ru_eleven/07-plus-vote-not-the-same-player-as-last-time.json"
    )
    with pytest.raises(roles.ScenarioError) as refused:
        roles.simulate(json.loads(fixture.read_text()))
    assert str(refused.value) == "night 3: Bob: the plus move cannot name Eve twice in a row"
