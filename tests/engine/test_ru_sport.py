"""ru_sport: choices, the dark reveal, succession, the catastrophe's questions, cards, presets.

Rule cases with a fixed outcome are scenario fixtures (scenarios/ru_sport/); each
test here cites the sentence of 003 (sport) it checks.
"""

from __future__ import annotations

import pytest

import roles
from tests.kit.engine import SPORT_NAMES as NAMES
from tests.kit.engine import SPORT_PLAYERS as PLAYERS
from tests.kit.engine import choice
from tests.kit.engine import ru_play as play
from tests.kit.engine import sport_game as game

TIE10 = [[n, "Eve"] for n in ["Ann", "Bob", "Cid", "Dan", "Fay"]] + [
    [n, "Fay"] for n in ["Eve", "Gil", "Hal", "Ian", "Jon"]
]


def kills(target, *members):
    return [{"actor": m, "ability": "kill", "targets": [target]} for m in members]


def test_mafia_may_name_anyone_for_the_kill_themselves_included():
    """'Мафии разрешен "самострел", когда члены команды убивают своего же.'"""
    state = game()
    assert choice(state, "Cid", "kill").targets == NAMES
    assert choice(state, "Bob", "kill").targets == NAMES


def test_don_checks_civilians_and_an_unnamed_move_is_his_check():
    """'Дон (проверяет ночью статус мирных игроков - ищет комиссара)'; his kill vote is
    named (documented decision)."""
    state = game()
    assert choice(state, "Bob", "check").targets == [
        n for n in NAMES if n not in ("Bob", "Cid", "Dan")
    ]
    assert choice(state, "Cid", "check") is None
    assert roles.check_action(state, {"actor": "Bob", "targets": ["Ann"]}).id == "check"
    assert roles.check_action(state, {"actor": "Cid", "targets": ["Ann"]}).id == "kill"


def test_pass_is_a_ballot_and_a_second_change_is_refused():
    """'Можно проголосовать - ПАС'; 'Переголосовывать можно только 1 раз.'"""
    state = game(first="day")
    roles.check_vote(state, "Eve", "pass")
    assert roles.get_ruleset("ru_sport").vote_changes == 1
    votes = [["Eve", "Bob"], ["Eve", None], ["Eve", "Cid"]]
    with pytest.raises(roles.IllegalAction, match="changed only once"):
        roles.resolve_phase(state, {"day": {"votes": votes}})


def test_dark_game_shows_names_only():
    """'не объявляются ни статусы, ни отношение к команде мирные/мафия. Только имена.'"""
    state, records = play(
        game(),
        {"night": kills("Ann", "Bob", "Cid", "Dan")},
        {"day": {"votes": [[n, "Bob"] for n in NAMES if n != "Ann"]}},
    )
    seen = {p["name"]: p for p in roles.observe(state, "Eve")["players"]}
    for name in ("Ann", "Bob"):
        assert not seen[name]["alive"]
        assert "role" not in seen[name] and "faction" not in seen[name]
    assert not [e for r in records for e in r["events"] if e["kind"] == "reveal"]
    public = roles.resolve_phase(state, {"night": []}).events[0].payload
    assert public["deaths"] == []


def test_last_words_for_night_and_day_deaths():
    """'Последнее слово есть у всех, в том числе у комиссара.'"""
    _, records = play(
        game(),
        {"night": kills("Ann", "Bob", "Cid", "Dan")},
        {"day": {"votes": [[n, "Bob"] for n in NAMES if n != "Ann"]}},
    )
    assert {"kind": "last_words", "player": "Ann"} in records[0]["events"]
    assert {"kind": "last_words", "player": "Bob"} in records[1]["events"]


def test_heir_is_told_he_is_the_don_and_gets_the_check():
    """'При посадке/убийстве статус Дон переходит другому члену мафии'."""
    state, records = play(
        game(first="day"), {"day": {"votes": [[n, "Bob"] for n in NAMES if n != "Bob"]}}
    )
    assert {"to": "Cid", "kind": "role_change", "value": "don"} in records[0]["results"]
    assert state.player("Cid").role == "don"
    assert choice(state, "Cid", "check") is not None
    assert choice(state, "Dan", "check") is None


def test_no_heir_when_the_mafia_is_gone():
    players = [
        {"name": "Ann", "role": "commissar"},
        {"name": "Bob", "role": "don"},
        {"name": "Eve", "role": "civilian"},
        {"name": "Fay", "role": "civilian"},
    ]
    state, (record,) = play(
        game(first="day", players=players),
        {"day": {"votes": [["Ann", "Bob"], ["Eve", "Bob"], ["Fay", "Bob"]]}},
    )
    assert not [r for r in record["results"] if r["kind"] == "role_change"]
    assert state.ended and state.winners == ["Ann", "Eve", "Fay"]


@pytest.mark.parametrize(
    ("order", "problem"),
    [(["Zed"], "unknown player"), (["Eve"], "not a mafia member"), (["Cid", "Cid"], "twice")],
)
def test_don_successors_must_be_mafia_members(order, problem):
    """The order is 'обсуждено на договорке перед игрой' among the mafia."""
    scenario = {"ruleset": "ru_sport", "players": PLAYERS, "options": {"don_successors": order}}
    with pytest.raises(roles.ScenarioError, match=problem):
        roles.simulate(scenario)


def test_even_catastrophe_asks_execute_or_pardon_of_every_living_player():
    """'Если на тот момент в игре четное количество игроков - голосование проходит на выбор
    "помиловать всех/казнить всех".'"""
    with pytest.raises(roles.PendingDecision) as raised:
        roles.resolve_phase(game(first="day"), {"day": {"votes": TIE10}})
    pending = raised.value
    assert pending.kind == "round" and pending.index == 0
    assert pending.choices == ["execute", "pardon"]
    assert pending.voters == NAMES


def test_odd_catastrophe_asks_for_one_of_the_tied():
    """'Если в игре нечетное количество игроков, то из претендентов на повешение выбирается
    один.'"""
    state, _ = play(game(), {"night": kills("Jon", "Bob", "Cid", "Dan")})
    votes = [[n, "Eve"] for n in ["Ann", "Bob", "Cid", "Dan"]] + [
        [n, "Fay"] for n in ["Eve", "Gil", "Hal", "Ian"]
    ]
    with pytest.raises(roles.PendingDecision) as raised:
        roles.resolve_phase(state, {"day": {"votes": votes}})
    assert raised.value.choices == ["Eve", "Fay"]
    assert raised.value.voters == [n for n in NAMES if n != "Jon"]


def test_catastrophe_record_keeps_each_round():
    rounds = [[[n, "execute"] for n in NAMES[:6]] + [[n, "pardon"] for n in NAMES[6:]]]
    _, (record,) = play(game(first="day"), {"day": {"votes": TIE10, "rounds": rounds}})
    assert record["rounds"] == [{"execute": 6, "pardon": 4}]
    assert record["lynched"] == ["Eve", "Fay"]


def test_extra_rounds_are_refused_when_nobody_is_tied():
    votes = [[n, "Bob"] for n in NAMES if n != "Bob"]
    with pytest.raises(roles.IllegalAction, match="no more rounds"):
        roles.resolve_phase(game(first="day"), {"day": {"votes": votes, "rounds": [votes]}})


def test_fast_allowed_on_any_day():
    """'Фастовать можно' (no first-day limit in the sport rules)."""
    ruleset = roles.get_ruleset("ru_sport")
    state = game(first="day")
    ballots = {n: "Bob" for n in NAMES if n != "Bob"}
    assert ruleset.fast_close(state, ballots, set(ballots))
    assert not ruleset.fast_close(state, {**ballots, "Eve": "pass"}, set(ballots))


def test_rules_text_and_cards():
    text = roles.rules_text("ru_sport")
    for role in ("Civilian", "Commissar", "Mafia", "Don"):
        assert f"{role} (" in text
    assert "- don_successors = []" in text
    assert "Catastrophe" in text
    assert "По-русски: Дон" in text
    assert all(r.card_ru for r in roles.get_ruleset("ru_sport").roles.values())


def test_preset_ten_players():
    """'В игре участвуют 10 игроков: 7 мирных жителей, в т.ч Комиссар ... 3 члена мафии в т.ч
    Дон'."""
    dealt = roles.deal("ru_sport", "sport_10", NAMES, seed=1)
    got = sorted(p["role"] for p in dealt)
    assert got == sorted(["commissar", "don", "mafia", "mafia"] + ["civilian"] * 6)


def test_no_last_words_after_a_modkill():
    """'Последнее слово есть у всех ... Искючение - модкилл.'"""
    gm = {"actor": "GM", "ability": "modkill", "targets": ["Eve"]}
    _, (record,) = play(game(), {"night": [gm]})
    assert [d["by"] for d in record["deaths"]] == [["modkill"]]
    assert not [e for e in record["events"] if e["kind"] == "last_words"]


def test_host_cannot_modkill_the_dead_or_strangers():
    state, _ = play(game(), {"night": kills("Eve", "Bob", "Cid", "Dan")})
    for target, problem in (("Eve", "Eve is dead"), ("Zed", "unknown player")):
        gm = {"actor": "GM", "ability": "modkill", "targets": [target]}
        with pytest.raises(roles.IllegalAction, match=problem):
            roles.resolve_phase(state, {"day": {"votes": [], "actions": [gm]}})


def test_mafia_knows_its_team_but_has_no_night_chat():
    """'мафии так же нельзя общаться между собой в личках ... накануне игры ведущим
    органидуется скайп-конференция (договорка) с мафией'."""
    ruleset = roles.get_ruleset("ru_sport")
    assert ruleset.informed_factions == ("mafia",)
    assert ruleset.night_chat_factions == ()
    assert [t["name"] for t in roles.observe(game(), "Cid")["teammates"]] == ["Bob", "Dan"]


def _random_phase(state, rng):
    if state.phase_kind == "night":
        actions = []
        for player in state.players:
            for offered in roles.choices(state, player.name):
                if rng.random() < 0.8:
                    target = rng.choice(offered.targets)
                    actions.append(
                        {"actor": player.name, "ability": offered.ability, "targets": [target]}
                    )
        return {"night": actions}
    votes = [[n, rng.choice([*state.alive_names(), "pass"])] for n in state.alive_names()]
    return {"day": {"votes": votes, "rounds": [], "actions": []}}


def _resolve(state, phase, rng):
    while True:
        try:
            return roles.resolve_phase(state, phase)
        except roles.PendingDecision as pending:
            ballots = [[v, rng.choice(pending.choices)] for v in pending.voters]
            phase["day"]["rounds"] = [*phase["day"]["rounds"][: pending.index], ballots]


@pytest.mark.parametrize("seed", range(20))
def test_random_games_stay_dark_until_the_end(seed):
    """'не объявляются ни статусы, ни отношение к команде мирные/мафия. Только имена
    выбывших.' - in any game, whatever happens, until it ends."""
    import random

    rng = random.Random(seed)
    state = roles.new_game("ru_sport", roles.deal("ru_sport", "sport_10", NAMES, seed), seed)
    for _ in range(20):
        if state.ended:
            break
        result = _resolve(state, _random_phase(state, rng), rng)
        state = result.state
        public = [e for e in result.events if e.audience == "public"]
        for event in public:
            for death in event.payload.get("deaths", []):
                assert set(death) == {"player"}
            assert not [e for e in event.payload.get("events", []) if e["kind"] == "reveal"]
        if not state.ended:
            for entry in roles.observe(state, None)["players"]:
                assert "role" not in entry and "faction" not in entry
    assert state.ended or state.phase_number > 5
