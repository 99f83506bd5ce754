"""ru_sport: choices, the dark reveal, succession, the catastrophe's questions, cards, presets.

Rule cases with a fixed outcome are scenario fixtures (scenarios/ru_sport/); each
test here cites the sentence of 003 (sport) it checks.
"""

from __future__ import annotations

import pytest

import roles
from roles import render
from tests.kit.engine import SPORT_NAMES as NAMES
from tests.kit.engine import SPORT_PLAYERS as PLAYERS
from tests.kit.engine import choice, move
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
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(state, {"day": {"votes": votes}})
    assert refused.value.message == {
        "id": "refusal.vote_changes",
        "params": {"voter": "Eve", "n": 1},
    }


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
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(game(first="day"), {"day": {"votes": votes, "rounds": [votes]}})
    assert refused.value.message == {"id": "refusal.extra_round", "params": {"n": 1}}


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


# -- pardons, the heir, the catastrophe, refusals and wins ---------------------------------


def test_sport_the_day_one_pardon_says_why():
    """003 (sport): 'Если в первый день все проголосовали пас, а 1 игрок проголосовал
    другого, игрок будет помилован - тоже никто повешен не будет.' The public event
    names the pardoned player and the reason (catches: the reason dropped or renamed)."""
    votes = [["Ann", "Eve"], *[[n, "pass"] for n in NAMES[1:] if n != "Eve"]]
    result = roles.resolve_phase(game(first="day"), {"day": {"votes": votes}})
    assert result.record["events"] == [
        {"kind": "pardon", "player": "Eve", "reason": "single_vote_on_day_one"}
    ]


def test_sport_the_commissars_check_is_a_private_check_result():
    """003: 'ночью может проверять статус любого игрока' and 'В личку статусам (адвокату
    мафии и комиссару) ведущий высылает результаты ночных проверок.' The Commissar's
    result is a "check" naming its target (catches: the result's kind renamed)."""
    result = roles.resolve_phase(game(), {"night": [{"actor": "Ann", "targets": ["Bob"]}]})
    checks = [r for r in result.record["results"] if r["to"] == "Ann"]
    assert [(r["kind"], r["target"]) for r in checks] == [("check", "Bob")]


def test_ru_sport_all_pass_the_heir_by_agreed_order_and_the_setup_errors():
    """003 sport: 'Если все игроки проголосовали пас - никто повешен не будет' (the
    record says why: `ru_sport.vote`); the don's status passes to the member
    agreed at the conference, then in seating order, even when the agreed order names
    only some members (`succession`), and his death shows nothing (a dark game); a
    bad order is refused with its reason
    (`setup`)."""

    _, (record,) = play(game(first="day"), {"day": {"votes": [[n, "pass"] for n in NAMES]}})
    assert record["events"][0] == {"kind": "no_lynch", "reason": "all_pass"}

    state, (record,) = play(
        game(options={"don_successors": ["Dan"]}), {"night": kills("Bob", "Bob", "Cid", "Dan")}
    )
    assert state.player("Dan").role == "don" and state.player("Cid").role == "mafia"
    assert record["results"] == [{"to": "Dan", "kind": "role_change", "value": "don"}]
    # A dark game: the dead don is shown as "none" of "role", "team", "none" (`reveal`).
    sport = roles.get_ruleset("ru_sport")
    assert sport.public_reveal(state, state.player("Bob")) == "none"

    for order, reason in [
        ("Cid", "option don_successors must be a list of mafia members' names"),
        (["Cid", "Cid"], "don_successors names a player twice"),
    ]:
        with pytest.raises(ValueError) as refused:
            roles.new_game("ru_sport", PLAYERS, 0, {"don_successors": order}, "night")
        assert str(refused.value) == reason


def test_ru_sport_a_catastrophe_ballot_may_be_changed_once():
    """003 sport: 'Переголосовывать можно только 1 раз' holds in the catastrophe's rounds
    too: one change counts the last ballot, a second is refused
    (`ru_sport.vote`: no limit, or two changes)."""

    ballots = [[n, "execute"] for n in NAMES[:6]] + [[n, "pardon"] for n in NAMES[6:]]
    _, (record,) = play(
        game(first="day"), {"day": {"votes": TIE10, "rounds": [ballots + [["Ann", "pardon"]]]}}
    )
    assert record["rounds"] == [{"execute": 5, "pardon": 5}] and record["lynched"] == []
    twice = ballots + [["Ann", "pardon"], ["Ann", "execute"]]
    with pytest.raises(roles.IllegalAction) as refused:
        play(game(first="day"), {"day": {"votes": TIE10, "rounds": [twice]}})
    assert refused.value.message == {
        "id": "refusal.vote_changes.in",
        "params": {"voter": "Ann", "n": 1, "what": {"id": "round.catastrophe", "params": {"n": 1}}},
    }


def test_ru_sport_the_catastrophe_rounds_question_and_refusal_in_both_languages():
    """003 ru_sport: 'Если на тот момент в игре четное количество игроков - голосование
    проходит на выбор "помиловать всех/казнить всех"', with an odd number 'из
    претендентов на повешение выбирается один'; every living player votes in the round.
    The question and the refusal name the round and its choices, in English and
    Russian (`ru_common._round_ballots`)."""
    from roles.messages.refusals import refusal_message

    def said(reason):
        message = refusal_message(reason, "ru_sport")
        return str(reason), render(message, "en"), render(message, "ru")

    with pytest.raises(roles.PendingDecision) as even:
        roles.resolve_phase(game(first="day"), {"day": {"votes": TIE10}})
    assert said(even.value.reason) == (
        "the vote is tied: catastrophe round 1 is needed (execute / pardon)",
        "the vote is tied: catastrophe round 1 is needed (execute / pardon)",
        "Ничья на голосовании — катастрофа: казнить всех или помиловать всех (раунд катастрофы 1).",
    )
    state, _ = play(game(), {"night": kills("Jon", "Bob", "Cid", "Dan")})
    votes = [[n, "Eve"] for n in ["Ann", "Bob", "Cid", "Dan"]]
    votes += [[n, "Fay"] for n in ["Eve", "Gil", "Hal", "Ian"]]
    with pytest.raises(roles.PendingDecision) as odd:
        roles.resolve_phase(state, {"day": {"votes": votes}})
    assert (
        said(odd.value.reason)[0] == "the vote is tied: catastrophe round 1 is needed (Eve / Fay)"
    )
    assert said(odd.value.reason)[2] == (
        "Ничья на голосовании — катастрофа: выбор между Eve, Fay (раунд катастрофы 1)."
    )
    rounds = [[[n, "execute"] for n in NAMES[:6]]]
    with pytest.raises(roles.IllegalAction) as missing:
        roles.resolve_phase(game(first="day"), {"day": {"votes": TIE10, "rounds": rounds}})
    assert (
        said(missing.value.reason)[0] == "Gil: every living player votes in the catastrophe round 1"
    )
    assert said(missing.value.reason)[2] == (
        "Нет голоса игрока Gil: голосуют все живые игроки (раунд катастрофы 1)."
    )


def test_ru_sport_no_catastrophe_with_four_players_names_the_tied_and_takes_no_round():
    """003 sport: 'Катастрофу нельзя делать, если в игре осталось 4 игрока.' The day
    says the tie left nobody eliminated and names the tied; a catastrophe round given
    anyway is refused (`catastrophe`: the event's fields; `_31`: one round let
    through)."""

    four = [
        {"name": n, "role": r}
        for n, r in zip(
            ["Ann", "Bob", "Eve", "Fay"], ["commissar", "don", "civilian", "civilian"], strict=True
        )
    ]
    state = game(first="day", players=four)
    votes = [["Ann", "Bob"], ["Eve", "Bob"], ["Bob", "Eve"], ["Fay", "Eve"]]
    _, (record,) = play(state, {"day": {"votes": votes}})
    assert record["events"][0] == {
        "kind": "no_lynch",
        "reason": "tie",
        "candidates": ["Bob", "Eve"],
    }
    assert record["lynched"] == []
    one_round = [[voter, "execute"] for voter in ("Ann", "Bob", "Eve", "Fay")]
    with pytest.raises(roles.IllegalAction) as refused:
        play(state, {"day": {"votes": votes, "rounds": [one_round]}})
    assert refused.value.message == {"id": "refusal.extra_round", "params": {"n": 1}}


def test_ru_sport_an_even_catastrophe_names_the_tied_and_takes_one_round():
    """003 sport: with an even number of players the round is 'помиловать всех/казнить
    всех'. The verdict's event names the tied either way, and a second round is refused
    (`catastrophe`: the candidates left out; `_84`: two rounds let
    through)."""

    for execute, kind in ((6, "catastrophe_execute"), (4, "catastrophe_pardon")):
        ballots = [[n, "execute" if i < execute else "pardon"] for i, n in enumerate(NAMES)]
        _, (record,) = play(game(first="day"), {"day": {"votes": TIE10, "rounds": [ballots]}})
        assert record["events"][:2] == [
            {"kind": "catastrophe", "candidates": ["Eve", "Fay"]},
            {"kind": kind, "candidates": ["Eve", "Fay"]},
        ]
        with pytest.raises(roles.IllegalAction) as refused:
            play(game(first="day"), {"day": {"votes": TIE10, "rounds": [ballots, ballots]}})
        assert refused.value.message == ({"id": "refusal.extra_round", "params": {"n": 2}})


def test_ru_sport_an_odd_catastrophes_rounds_are_kept_and_limited_like_the_vote():
    """003 sport: with an odd number 'из претендентов на повешение выбирается один', and
    'Переголосовывать можно только 1 раз' holds in each round. The record keeps each
    round's count; a second change is refused naming the round; a ballot outside the
    tied is refused naming the round (`catastrophe`,
    `limit_vote_changes`, `_round_ballots`)."""

    state, _ = play(game(), {"night": kills("Jon", "Bob", "Cid", "Dan")})
    voters = NAMES[:9]
    votes = [[n, ("Eve", "Fay", "Gil")[i % 3]] for i, n in enumerate(voters)]
    narrowing = [[n, "Eve" if i < 4 else "Fay" if i < 8 else "Gil"] for i, n in enumerate(voters)]
    final = [[n, "Eve" if i < 4 else "Fay"] for i, n in enumerate(voters)]
    _, (record,) = play(state, {"day": {"votes": votes, "rounds": [narrowing, final]}})
    assert record["rounds"] == [{"Eve": 4, "Fay": 4, "Gil": 1}, {"Eve": 4, "Fay": 5}]
    assert record["lynched"] == ["Fay"]
    changed_twice = final + [["Ann", "Fay"], ["Ann", "Eve"]]
    with pytest.raises(roles.IllegalAction) as twice:
        play(state, {"day": {"votes": votes, "rounds": [narrowing, changed_twice]}})
    assert twice.value.message == {
        "id": "refusal.vote_changes.in",
        "params": {"voter": "Ann", "n": 1, "what": {"id": "round.catastrophe", "params": {"n": 2}}},
    }
    with pytest.raises(roles.IllegalAction) as outside:
        play(state, {"day": {"votes": votes, "rounds": [narrowing, final + [["Ann", "Gil"]]]}})
    assert outside.value.message == {
        "id": "refusal.round_choice",
        "params": {
            "voter": "Ann",
            "label": {"id": "round.catastrophe", "params": {"n": 2}},
            "choices": "Eve, Fay",
        },
    }


def test_ru_sport_a_vote_for_a_stranger_or_the_dead_is_refused_by_name():
    """A vote names a living player (the vote rule of every Russian ruleset): a name
    not in the game, or not a name at all, and a dead player are refused, naming the
    one voted for (`check_vote`)."""

    state, _ = play(game(), {"night": kills("Eve", "Bob", "Cid", "Dan")})
    refusals = []
    for target in ("Zed", 7, "Eve"):
        with pytest.raises(roles.IllegalAction) as refused:
            roles.resolve_phase(state, {"day": {"votes": [["Ann", target]]}})
        refusals.append(refused.value.message)
    assert refusals == [
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
                "reason": {"id": "refusal.unknown_player", "params": {"player": 7}},
            },
        },
        {
            "id": "refusal.by",
            "params": {
                "actor": "Ann",
                "reason": {"id": "refusal.vote_dead", "params": {"player": "Eve"}},
            },
        },
    ]


def test_ru_sport_the_hosts_modkill_of_a_stranger_or_the_dead_is_refused_by_name():
    """The host's modkill names a living player: a stranger and the dead are refused,
    the refusal naming the host and the player (`gm_modkills`)."""

    state, _ = play(game(), {"night": kills("Eve", "Bob", "Cid", "Dan")})
    refusals = []
    for target in ("Zed", "Eve"):
        day = {"day": {"votes": [], "actions": [move("GM", "modkill", target)]}}
        with pytest.raises(roles.IllegalAction) as refused:
            roles.resolve_phase(state, day)
        refusals.append(refused.value.message)
    assert refusals == [
        {
            "id": "refusal.by",
            "params": {
                "actor": "GM",
                "reason": {"id": "refusal.unknown_player", "params": {"player": "Zed"}},
            },
        },
        {
            "id": "refusal.by",
            "params": {
                "actor": "GM",
                "reason": {"id": "refusal.dead", "params": {"player": "Eve"}},
            },
        },
    ]


def test_ru_sport_the_last_mafioso_beside_the_last_civilian_wins():
    """003 sport: the mafia wins when it equals the civilians in number, one against one
    included (`mafia_parity`: parity only with two mafiosi or more)."""

    four = [
        {"name": n, "role": r}
        for n, r in zip(
            ["Ann", "Bob", "Eve", "Fay"], ["commissar", "don", "civilian", "civilian"], strict=True
        )
    ]
    state, _ = play(
        game(players=four),
        {"night": kills("Eve", "Bob")},
        {"day": {"votes": [["Ann", "Fay"], ["Bob", "Fay"], ["Fay", "Bob"]]}},
    )
    assert state.ended and state.winners == ["Bob"]
