"""ru_classic: choices, cards, options, presets, views and the random rules of 003's classic.

Rule cases with a fixed outcome are scenario fixtures (scenarios/ru_classic/); this
file holds what a fixture cannot say: "what may this player do now", the cards
and the `rules` text, draws by lot over many seeds, the "fast" question, and what
each seat may see. Each test cites the sentence of 003 (classic) it checks.
"""

from __future__ import annotations

import pytest

import roles
from roles import render
from roles.rulesets import ru_common as ru
from tests.kit.engine import choice, hunt_game, move, sport_game
from tests.kit.engine import ru_play as play

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil", "Hal", "Ian", "Jon", "Kay", "Lou"]
ROLES = ["doctor", "mafia", "mafia", "advocate", "commissar", *["civilian"] * 7]
PLAYERS = [{"name": n, "role": r} for n, r in zip(NAMES, ROLES, strict=True)]


def game(first="night", options=None, players=PLAYERS, seed=0):
    return roles.new_game("ru_classic", players, seed, options or {}, first)


def everyone_votes(alive, target):
    return [[n, target if n != target else "Bob"] for n in alive]


# -- what may this player do now -----------------------------------------------------


def test_doctor_is_offered_everyone_but_last_nights_patient():
    """'не может две ночи подряд лечить одного и того же игрока' - and 'в том числе себя'."""
    state = game()
    first = choice(state, "Ann", "heal")
    assert first.targets == NAMES  # himself included
    state, _ = play(
        state,
        {"night": [{"actor": "Ann", "targets": ["Fay"]}]},
        {"day": {"votes": everyone_votes(NAMES, "Gil"), "rounds": [], "actions": []}},
    )
    second = choice(state, "Ann", "heal")
    assert "Fay" not in second.targets
    assert "Ann" in second.targets
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(state, {"actor": "Ann", "targets": ["Fay"]})
    assert refused.value.message == {
        "id": "refusal.two_nights",
        "params": {"role": "doctor", "what": "the same player", "target": "Fay"},
    }


def test_commissar_may_check_any_other_player():
    """'ночью может проверять статус любого игрока'."""
    c = choice(game(), "Eve", "check")
    assert c.targets == [n for n in NAMES if n != "Eve"]


def test_advocate_checks_and_shoots_only_civilians():
    """'Адвокат может проверять ночью статус любого мирного игрока'; the mafia kills 'мирного'."""
    state = game()
    civilians = [n for n in NAMES if n not in ("Bob", "Cid", "Dan")]
    assert choice(state, "Dan", "check").targets == civilians
    assert choice(state, "Dan", "kill").targets == civilians
    assert choice(state, "Bob", "kill").targets == civilians


def test_an_unnamed_advocate_move_is_his_check():
    """The advocate checks ('Адвокат может проверять ночью статус') and votes for the kill;
    an action without an ability name is the check (documented decision)."""
    state = game()
    assert roles.check_action(state, {"actor": "Dan", "targets": ["Eve"]}).id == "check"
    assert roles.check_action(state, {"actor": "Bob", "targets": ["Eve"]}).id == "kill"


def test_civilians_have_no_night_move_and_every_living_player_votes():
    state = game()
    assert roles.choices(state, "Fay") == []
    assert choice(state, "Bob", "check") is None  # 'его способности не передаются'
    day = game(first="day")
    roles.check_vote(day, "Fay", "Fay")  # the document does not forbid a self-vote
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_vote(day, "Fay", "pass")
    assert refused.value.message == {"id": "refusal.no_pass", "params": {}}


# -- draws by lot --------------------------------------------------------------------


def test_tie_random_option_draws_one_of_the_tied():
    """Option tie='random' (the document's tie sentence is cut off): one tied player goes."""
    votes = [[n, "Bob"] for n in NAMES[:6]] + [[n, "Fay"] for n in NAMES[6:]]
    seen = set()
    for seed in range(12):
        state = game(first="day", options={"tie": "random"}, seed=seed)
        _, (record,) = play(state, {"day": {"votes": votes, "rounds": [], "actions": []}})
        assert len(record["lynched"]) == 1
        seen.add(record["lynched"][0])
        assert any(e["kind"] == "tie_drawn" for e in record["events"])
    assert seen == {"Bob", "Fay"}


def test_team_kill_tie_between_names_is_drawn():
    """'Мафия так же присылает в личку ведущему ночную жертву' - one victim; a 1-1 split is
    drawn by lot (documented decision)."""
    seen = set()
    for seed in range(12):
        _, (record,) = play(
            game(seed=seed),
            {
                "night": [
                    {"actor": "Bob", "ability": "kill", "targets": ["Fay"]},
                    {"actor": "Cid", "ability": "kill", "targets": ["Gil"]},
                ]
            },
        )
        deaths = [d["player"] for d in record["deaths"]]
        assert len(deaths) == 1
        seen.update(deaths)
        assert record["deaths"][0]["by"] == ["mafia"]
    assert seen == {"Fay", "Gil"}


def test_tie_left_to_the_gm_is_a_pending_decision():
    """'Ничья на голосовании разрешатеся ведущим': the day waits for the host's choice."""
    votes = [[n, "Bob"] for n in NAMES[:6]] + [[n, "Fay"] for n in NAMES[6:]]
    with pytest.raises(roles.PendingDecision) as raised:
        roles.resolve_phase(game(first="day"), {"day": {"votes": votes}})
    pending = raised.value
    assert (pending.kind, pending.actor, pending.ability) == ("action", "GM", "decide_tie")
    assert pending.choices == ["Bob", "Fay"]


def test_gm_decision_given_in_advance_is_ignored_without_a_tie():
    """Actions that matter only if something happens may be given in advance."""
    votes = everyone_votes(NAMES, "Bob")
    gm = {"actor": "GM", "ability": "decide_tie", "targets": ["Fay"]}
    _, (record,) = play(game(first="day"), {"day": {"votes": votes, "actions": [gm]}})
    assert record["lynched"] == ["Bob"]


def test_unknown_gm_decision_is_refused():
    gm = {"actor": "GM", "ability": "revive", "targets": ["Fay"]}
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(game(first="day"), {"day": {"votes": [], "actions": [gm]}})
    assert refused.value.message == {
        "id": "refusal.gm_decisions",
        "params": {
            "actor": "GM",
            "known": "decide_tie, modkill",
            "decisions": [{"id": "decision.decide_tie"}, {"id": "decision.modkill"}],
        },
    }


# -- fast ------------------------------------------------------------------------------


def test_fast_close_needs_day_two_and_a_fast_vote_from_everyone_but_the_candidate():
    """'Если идет уже не первый день игры ... Для закрытия игрового дня фастом нужны голос и
    фаст всех "живых" игроков, кроме голосуемого.'"""
    ruleset = roles.get_ruleset("ru_classic")
    day1 = game(first="day")
    ballots = {n: "Bob" for n in NAMES if n != "Bob"}
    fasts = set(ballots)
    assert not ruleset.fast_close(day1, ballots, fasts)  # not on the first day
    day2, _ = play(
        day1,
        {"day": {"votes": everyone_votes(NAMES, "Gil"), "rounds": [], "actions": []}},
        {"night": []},
    )
    alive = day2.alive_names()
    ballots = {n: "Bob" for n in alive if n != "Bob"}
    assert ruleset.fast_close(day2, ballots, set(ballots))
    assert ruleset.fast_close(day2, {**ballots, "Bob": "Fay"}, set(ballots))  # his own vote
    assert not ruleset.fast_close(day2, ballots, set(ballots) - {"Fay"})  # one fast missing
    assert not ruleset.fast_close(day2, {**ballots, "Fay": "Cid"}, set(ballots))  # split
    assert not ruleset.fast_close(day2, {k: v for k, v in ballots.items() if k != "Hal"}, fasts)


# -- reveals and views -------------------------------------------------------------------


def _after_kill_and_lynch(options):
    state, records = play(
        game(options=options),
        {"night": [{"actor": "Bob", "ability": "kill", "targets": ["Eve"]}]},
        {
            "day": {
                "votes": everyone_votes([n for n in NAMES if n != "Eve"], "Dan"),
                "rounds": [],
                "actions": [],
            }
        },
    )
    return state, records


def test_light_game_shows_the_role_of_the_dead():
    """'"светлой" - при выбывании игрока раскрывается его полный статус'."""
    state, _ = _after_kill_and_lynch({})
    seen = {p["name"]: p for p in roles.observe(state, "Fay")["players"]}
    assert seen["Eve"]["role"] == "commissar"
    assert seen["Dan"]["role"] == "advocate"
    assert "role" not in seen["Bob"]


def test_half_light_game_shows_only_the_team():
    """'"полусветлой" - раскрывается только причастность к команде: мирный, мафия'."""
    state, records = _after_kill_and_lynch({"reveal": "half_light"})
    seen = {p["name"]: p for p in roles.observe(state, None)["players"]}
    assert "role" not in seen["Eve"] and seen["Eve"]["faction"] == "town"
    assert "role" not in seen["Dan"] and seen["Dan"]["faction"] == "mafia"
    reveals = [e for r in records for e in r["events"] if e["kind"] == "reveal"]
    assert {e["player"]: e["status"] for e in reveals} == {"Eve": "civilian", "Dan": "mafia"}


def test_morning_after_a_heal_says_no_victims():
    """'В случает успешного лечения доктора просто указывается, что жертв больше нет.'"""
    _, (record,) = play(
        game(),
        {
            "night": [
                {"actor": "Bob", "ability": "kill", "targets": ["Fay"]},
                {"actor": "Ann", "targets": ["Fay"]},
            ]
        },
    )
    assert record["deaths"] == []
    assert record["headline"] == "There are no victims tonight."
    assert record["results"] == []  # only check results are sent privately
    assert not [e for e in record["events"] if e["kind"] in ("saved", "reveal")]


def test_checks_are_private_to_the_commissar_and_the_advocate():
    """'В личку статусам (адвокату мафии и комиссару) ведущий высылает результаты ночных
    проверок.'"""
    state, _ = play(
        game(),
        {
            "night": [
                {"actor": "Eve", "targets": ["Bob"]},
                {"actor": "Dan", "ability": "check", "targets": ["Eve"]},
            ]
        },
    )
    eve = roles.observe(state, "Eve")["results"]
    dan = roles.observe(state, "Dan")["results"]
    assert [(r["target"], r["value"]) for r in eve] == [("Bob", "mafia")]
    assert [(r["target"], r["value"]) for r in dan] == [("Eve", "commissar")]
    assert roles.observe(state, "Fay")["results"] == []
    assert "results" not in roles.observe(state, None)


def test_a_commissar_shot_that_night_still_gets_his_result():
    """Documented decision: checks are resolved before the shot lands."""
    state, (record,) = play(
        game(),
        {
            "night": [
                {"actor": "Eve", "targets": ["Cid"]},
                {"actor": "Bob", "ability": "kill", "targets": ["Eve"]},
            ]
        },
    )
    assert [d["player"] for d in record["deaths"]] == ["Eve"]
    assert record["results"] == [{"to": "Eve", "kind": "check", "target": "Cid", "value": "mafia"}]


def test_modkill_for_no_vote_is_announced():
    """'Отсутствие голоса на голосовании - модкилл (автокилл)'."""
    votes = [v for v in everyone_votes(NAMES, "Bob") if v[0] != "Kay"]
    _, (record,) = play(game(first="day"), {"day": {"votes": votes, "rounds": [], "actions": []}})
    assert {d["player"]: d["by"] for d in record["deaths"]} == {
        "Bob": ["lynch"],
        "Kay": ["modkill"],
    }
    assert {"kind": "modkill", "players": ["Kay"], "reason": "no_vote"} in record["events"]


def test_rounds_are_refused():
    """The classic day has one vote: a re-vote round is invalid input."""
    votes = everyone_votes(NAMES, "Bob")
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(game(first="day"), {"day": {"votes": votes, "rounds": [votes]}})
    assert refused.value.message == {"id": "refusal.extra_round", "params": {"n": 1}}


# -- cards, options, presets -------------------------------------------------------------


def test_rules_text_has_every_card_option_and_ruling():
    text = roles.rules_text("ru_classic")
    for role in ("Civilian", "Commissar", "Doctor", "Mafia", "Advocate"):
        assert f"{role} (" in text
    assert "- reveal = 'light' (one of: light, half_light)" in text
    assert "- tie = 'gm' (one of: gm, no_lynch, random)" in text
    assert "Win condition:" in text
    assert "По-русски: Доктор" in text
    assert "Ничья на голосовании" in text  # the ruling on the cut-off tie sentence
    assert "two nights in a row" in text


def test_every_role_has_a_russian_card():
    ruleset = roles.get_ruleset("ru_classic")
    assert all(role.card_ru for role in ruleset.roles.values())


def test_unknown_option_values_are_refused():
    with pytest.raises(roles.ScenarioError, match="reveal"):
        roles.simulate({"ruleset": "ru_classic", "players": PLAYERS, "options": {"reveal": "dark"}})


@pytest.mark.parametrize(
    ("preset", "size", "civilians"), [("classic_12", 12, 7), ("classic_11", 11, 6)]
)
def test_presets(preset, size, civilians):
    """'В игре принимают участие 12 игроков (край - 11) ... Команда мафии состоит из двух
    простых членов и одного адвоката.'"""
    dealt = roles.deal("ru_classic", preset, NAMES[:size], seed=3)
    got = sorted(p["role"] for p in dealt)
    want = sorted(["commissar", "doctor", "mafia", "mafia", "advocate"] + ["civilian"] * civilians)
    assert got == want


def test_mafia_wins_at_parity_and_knows_its_team():
    """'количество не превышало мафию (т.е было равно или меньше)'; 'только члены команды
    мафия могут общаться между собой'."""
    players = [
        {"name": "Bob", "role": "mafia"},
        {"name": "Dan", "role": "advocate"},
        {"name": "Fay", "role": "civilian"},
        {"name": "Gil", "role": "civilian"},
        {"name": "Hal", "role": "civilian"},
    ]
    state = game(players=players)
    assert [t["name"] for t in roles.observe(state, "Bob")["teammates"]] == ["Dan"]
    assert "teammates" not in roles.observe(state, "Fay")
    state, _ = play(state, {"night": [{"actor": "Dan", "ability": "kill", "targets": ["Fay"]}]})
    assert state.ended and state.winners == ["Bob", "Dan"]


def test_team_of_and_check_answers():
    state = game()
    ruleset = roles.get_ruleset("ru_classic")
    assert ru.team_of(ruleset, state.player("Dan")) == "mafia"
    assert ru.team_of(ruleset, state.player("Ann")) == "civilian"
    assert ru.answer_team(state, state.player("Cid")) == "mafia"
    assert ru.answer_role(state, state.player("Ann")) == "doctor"


# -- ties, the fast close, team kills and headlines ----------------------------------------


def test_ru_classic_a_tie_by_each_rule_says_what_happened():
    """ru_classic's tie option (the document leaves a tie to the host): nobody, one drawn
    by lot, or the host's choice; the day's first event names the tied and the chosen,
    the host is asked by name and a choice outside the tie is refused, in English and
    Russian (`ru_common.settle_tie`)."""
    from roles.messages.refusals import refusal_message

    votes = {"votes": [["Ann", "Fay"], ["Bob", "Gil"]], "rounds": []}

    def first_event(tie, actions=()):
        state = game(first="day", options={"tie": tie})
        result = roles.resolve_phase(state, {"day": {**votes, "actions": list(actions)}})
        return result.record["events"][0]

    assert first_event("no_lynch") == {
        "kind": "no_lynch",
        "reason": "tie",
        "candidates": ["Fay", "Gil"],
    }
    drawn = first_event("random")
    assert drawn["kind"] == "tie_drawn" and drawn["candidates"] == ["Fay", "Gil"]
    assert drawn["chosen"] in ("Fay", "Gil")
    decided = first_event("gm", [move("GM", "decide_tie", "Gil")])
    assert decided == {"kind": "tie_decided", "candidates": ["Fay", "Gil"], "chosen": "Gil"}

    state = game(first="day", options={"tie": "gm"})
    with pytest.raises(roles.PendingDecision) as asked:
        roles.resolve_phase(state, {"day": {**votes, "actions": []}})
    assert asked.value.message == {
        "id": "question.tie",
        "params": {"actor": "GM", "tied": "Fay, Gil", "decision": "decide_tie"},
    }
    assert render(refusal_message(asked.value.reason, "ru_classic"), "ru") == (
        "Ничья на голосовании между Fay, Gil: решает ведущий."
    )
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(state, {"day": {**votes, "actions": [move("GM", "decide_tie", "Kay")]}})
    assert refused.value.message == {
        "id": "refusal.by",
        "params": {
            "actor": "GM",
            "reason": {
                "id": "refusal.tie_pick",
                "params": {"decision": "decide_tie", "tied": "Fay, Gil"},
            },
        },
    }
    assert render(refusal_message(refused.value.reason, "ru_classic"), "ru") == (
        "Ведущий: Решая ничью, назовите одного из игроков, набравших поровну (Fay, Gil)."
    )


def test_ru_classic_a_fast_close_is_a_days_and_never_a_finished_games():
    """003 classic: 'Для закрытия игрового дня фастом нужны голос и фаст всех "живых"
    игроков, кроме голосуемого.' A day's close: never at night, even with every ballot
    fast, nor once the game is over (`fast_close_allowed`)."""

    ruleset = roles.get_ruleset("ru_classic")

    state = roles.resolve_phase(game(), {"night": []}).state
    lynch = {"day": {"votes": [[n, "Lou"] for n in NAMES]}}
    state = roles.resolve_phase(state, lynch).state
    assert (state.phase_kind, state.phase_number) == ("night", 2)
    names = state.alive_names()
    ballots = {n: names[0] for n in names[1:]}
    assert not ruleset.fast_close(state, ballots, set(ballots))
    state = roles.resolve_phase(state, {"night": []}).state
    assert ruleset.fast_close(state, ballots, set(ballots))
    state.ended = True
    assert not ruleset.fast_close(state, ballots, set(ballots))


def test_ru_classic_a_member_modkilled_that_night_has_no_say_in_the_kill():
    """003 classic: the mafia's kill is the target most of its members name; a member
    the host modkills that night 'dies at once: his later moves of the phase are void'
    (`_plurality_kill`: his vote kept, which would tie the kill and leave it to the
    lot)."""

    night = [move("GM", "modkill", "Cid"), move("Bob", "kill", "Jon"), move("Cid", "kill", "Kay")]
    for seed in range(8):
        record = roles.resolve_phase(game(seed=seed), {"night": night}).record
        assert [d["player"] for d in record["deaths"]] == ["Cid", "Jon"]


def test_russian_headlines_count_the_victims():
    """003 classic: 'В случает успешного лечения доктора просто указывается, что жертв
    больше нет'; otherwise the morning post counts the victims, one in the singular
    (`headline`)."""
    from roles.rulesets import ru_common

    assert [ru_common.headline(n) for n in (0, 1, 2, 3)] == [
        "There are no victims tonight.",
        "One player was killed tonight.",
        "2 players were killed tonight.",
        "3 players were killed tonight.",
    ]


def test_ru_common_a_team_kill_of_an_unknown_mode_is_refused_by_name():
    """A ruleset's team kill is one of the three modes ru_common documents (plurality,
    unanimous, executor); another is a ruleset author's error, named
    (`team_kill`)."""
    from roles.rulesets import ru_common

    with pytest.raises(ValueError) as refused:
        ru_common.team_kill("loudest")
    assert str(refused.value) == "unknown kill mode 'loudest'"


def test_ru_sport_the_don_finds_the_commissar_and_classic_kills_by_plurality():
    """003 sport: 'Дон (проверяет ночью статус мирных игроков - ищет комиссара)': his
    check of the commissar says so (`answer_is_role`, built at import); 003 classic:
    the mafia kills the player most of its members name; 003 hunt: the executor's
    kill, the last name sent (`team_kill`, built at import: no mode, every team kill
    by plurality)."""

    _, (record,) = play(sport_game(), {"night": [move("Bob", "check", "Ann")]})
    assert record["results"] == [
        {"to": "Bob", "kind": "check", "target": "Ann", "value": "commissar"}
    ]
    night = [move("Bob", "kill", "Jon"), move("Cid", "kill", "Jon"), move("Dan", "kill", "Kay")]
    deaths = roles.resolve_phase(game(), {"night": night}).record["deaths"]
    assert deaths == [{"player": "Jon", "role": "civilian", "by": ["mafia"]}]

    for seed in range(6):  # ru_hunt's executor: the last name sent stands, never a lot
        night = [move("Bob", "kill", "Fay"), move("Cid", "kill", "Gil")]
        record = roles.resolve_phase(hunt_game(seed=seed), {"night": night}).record
        assert [d["player"] for d in record["deaths"]] == ["Gil"]
