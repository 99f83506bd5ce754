"""ru_hunt: the hunt's lot and secrecy, choices, the right to hunt, setups, cards.

Rule cases with a fixed outcome are scenario fixtures (scenarios/ru_hunt/); each
test here cites the sentence of 003 ("Мирная охота") it checks.
"""

from __future__ import annotations

import pytest

import roles
from roles.rulesets import ru_common as ru
from roles.rulesets import ru_hunt
from tests.kit.engine import HUNT_NAMES as NAMES
from tests.kit.engine import HUNT_TIE_DAY as TIE_DAY
from tests.kit.engine import choice, hunt, move
from tests.kit.engine import hunt_game as game
from tests.kit.engine import ru_play as play


def test_after_a_tied_day_every_civilian_may_hunt():
    """'любой мирный может самостоятельно воспользоваться своим правом Свободной Охоты' 'по
    окончании игрового дня'."""
    state, (record,) = play(game(first="day"), TIE_DAY)
    assert record["lynched"] == []
    for name in ("Ann", "Fay", "Lou"):
        offered = choice(state, name, "hunt")
        assert offered is not None
        assert offered.extra == {"guess": ["mafia", "maniac"]}
        assert name not in offered.targets
    for name in ("Bob", "Eve"):
        assert choice(state, name, "hunt") is None


def test_no_hunt_on_a_first_night():
    assert choice(game(), "Fay", "hunt") is None


def test_a_doctor_action_without_a_name_is_his_heal():
    """A hunt is always named: the doctor's unnamed move is the heal."""
    state, _ = play(game(first="day"), TIE_DAY)
    assert roles.check_action(state, {"actor": "Ann", "targets": ["Fay"]}).id == "heal"


def test_one_request_is_drawn_by_lot_and_kept_from_the_players():
    """'В случае, если заявок поступит несколько, ведущий самостоятельно, посредством жребия,
    выбирает одну заявку из поступивших. О том, чья заявка выиграла – никому не сообщается.'"""
    drawn = set()
    for seed in range(16):
        state, records = play(
            game(first="day", seed=seed),
            TIE_DAY,
            {"night": [hunt("Fay", "Bob", "mafia"), hunt("Gil", "Cid", "mafia")]},
        )
        record = records[1]
        assert len(record["deaths"]) == 1
        assert record["deaths"][0]["by"] == ["hunt"]
        assert record["hunt"]["applicants"] == ["Fay", "Gil"]
        drawn.add(record["hunt"]["drawn"])
        public = roles.observe(state, "Fay")
        assert "hunt" not in public["history"][1]
        assert public["results"] == []
    assert drawn == {"Fay", "Gil"}


def test_failed_hunt_announcement_hides_the_target():
    """'Утром ведущий сообщает, что погибший – жертва неудачной мирной охоты. Цель охотника при
    этом не сообщается.'"""
    state, records = play(game(first="day"), TIE_DAY, {"night": [hunt("Fay", "Gil", "mafia")]})
    public = roles.observe(state, None)["history"][1]
    assert public["events"] == [{"kind": "death_cause", "player": "Fay", "cause": "failed_hunt"}]
    assert public["deaths"] == [{"player": "Fay"}]
    assert "Gil" not in str(public)


def test_right_to_hunt_balance():
    """'Мирный теряет право на ночную охоту, при балансе – два мирных на одного мафа или
    Маньяка. Мирный теряет право на охоту – если остался один.'"""

    def state_of(roles_alive):
        players = [{"name": f"P{i}", "role": r} for i, r in enumerate(roles_alive)]
        return game(players=players)

    assert ru.hunt_right_lost(state_of(["mafia"] * 3 + ["maniac"] + ["civilian"] * 8)) is None
    assert ru.hunt_right_lost(state_of(["mafia"] * 3 + ["civilian"] * 7)) is None
    assert "per mafia" in ru.hunt_right_lost(state_of(["mafia"] * 3 + ["civilian"] * 6))
    assert "per maniac" in ru.hunt_right_lost(state_of(["maniac", "civilian", "doctor"]))
    assert ru.hunt_right_lost(state_of(["maniac", "civilian", "doctor", "civilian"])) is None
    last = state_of(["civilian", "maniac", "civilian"])
    last.player("P2").alive = False
    assert "one civilian" in ru.hunt_right_lost(last)


def test_maniac_is_not_offered_last_nights_target():
    """'Маньяк не может дважды подряд называть имя одного и того же игрока'."""
    heal = {"actor": "Ann", "targets": ["Hal"]}
    state, _ = play(game(), {"night": [{"actor": "Eve", "targets": ["Hal"]}, heal]})
    state, _ = play(state, {"day": {"votes": [[n, "Jon"] for n in state.alive_names()]}})
    offered = choice(state, "Eve", "kill")
    assert "Hal" not in offered.targets and "Fay" in offered.targets


def test_mafia_is_offered_civilians_and_the_maniac():
    offered = choice(game(), "Bob", "kill")
    assert offered.targets == [n for n in NAMES if n not in ("Bob", "Cid", "Dan")]


def test_day_elimination_reveals_the_exact_role():
    """'При выбывании на дневном голосовнаии – объявляются точные статусы'."""
    votes = [[n, "Eve"] for n in NAMES if n != "Eve"] + [["Eve", "Fay"]]
    state, (record,) = play(game(first="day"), {"day": {"votes": votes}})
    assert {"kind": "reveal", "player": "Eve", "status": "maniac"} in record["events"]


def test_a_modkill_at_the_vote_is_revealed_and_stops_the_lynch():
    """'В случае неявки на голосование – игрока также постигает автокилл. При равенстве голосов
    или в случае автокилла игрока на голосовании – из игры никто не выбывает.'"""
    votes = [[n, "Bob"] for n in NAMES if n not in ("Bob", "Lou")] + [["Bob", "Fay"]]
    _, (record,) = play(game(first="day"), {"day": {"votes": votes}})
    assert record["lynched"] == []
    assert {d["player"]: d["by"] for d in record["deaths"]} == {"Lou": ["modkill"]}
    assert {"kind": "no_lynch", "reason": "modkill", "candidates": ["Bob"]} in record["events"]
    assert {"kind": "reveal", "player": "Lou", "status": "civilian"} in record["events"]


@pytest.mark.parametrize("preset_id", sorted(ru_hunt.PRESETS))
def test_every_preset_fits_the_documents_table(preset_id):
    """'Распределение статусов, при определенном количестве человек.'"""
    preset = ru_hunt.PRESETS[preset_id]
    assert ru_hunt.setup_problems(preset.roles) == []
    names = [f"P{i}" for i in range(len(preset.roles))]
    assert len(roles.deal("ru_hunt", preset_id, names, seed=2)) == len(preset.roles)


def test_presets_cover_12_to_17_players_with_both_choices():
    sizes = sorted({len(p.roles) for p in ru_hunt.PRESETS.values()})
    assert sizes == [12, 13, 14, 15, 16, 17]
    assert len(ru_hunt.PRESETS) == 12
    fourteen = ru_hunt.PRESETS["hunt_14_no_maniac"].roles
    assert fourteen.count("mafia") == 4 and "maniac" not in fourteen


@pytest.mark.parametrize(
    ("role_list", "problem"),
    [
        (["mafia"] * 4 + ["doctor", "maniac"] + ["civilian"] * 6, "12 players take"),
        (["mafia"] * 3 + ["doctor"] + ["civilian"] * 7, "12 to 17"),
        (["mafia"] * 3 + ["civilian"] * 9, "one doctor"),
        (["mafia"] * 3 + ["doctor", "commissar"] + ["civilian"] * 7, "no such role"),
        (["mafia"] * 3 + ["doctor"] + ["civilian"] * 14, "12 to 17"),
    ],
)
def test_setups_outside_the_table_are_named(role_list, problem):
    """'Комиссара и других статусных игроков – нет.'"""
    assert any(problem in p for p in ru_hunt.setup_problems(role_list))


def test_rules_text_and_cards():
    text = roles.rules_text("ru_hunt")
    for role in ("Civilian", "Doctor", "Mafia", "Maniac"):
        assert f"{role} (" in text
    assert "Hunt [hunt]" in text
    assert "hunt_17_no_maniac" in text
    assert "Свободная охота" in text
    assert all(r.card_ru for r in roles.get_ruleset("ru_hunt").roles.values())


def test_public_view_shows_the_role_of_the_voted_out_only():
    """'При выбывании на дневном голосовнаии – объявляются точные статусы'; the night's dead
    are announced by cause only."""
    votes = [[n, "Bob"] for n in NAMES if n != "Bob"] + [["Bob", "Fay"]]
    state, records = play(
        game(first="day"),
        {"day": {"votes": votes}},
        {"night": [{"actor": "Eve", "targets": ["Hal"]}]},
    )
    seen = {p["name"]: p for p in roles.observe(state, "Fay")["players"]}
    assert seen["Bob"]["role"] == "mafia"
    assert "role" not in seen["Hal"] and "faction" not in seen["Hal"]
    history = roles.observe(state, None)["history"]
    assert history[0]["deaths"] == [{"player": "Bob", "role": "mafia", "faction": "mafia"}]
    assert history[1]["deaths"] == [{"player": "Hal"}]


def test_a_shot_at_a_player_the_hunt_already_killed_is_wasted():
    """'Мирная охота всегда имеет приоритет перед остальными ходами!' and the order 'Мирная
    охота ... Маньяк': Bob is dead of the hunt before the maniac's step, so the morning
    names one cause for him."""
    _, records = play(
        game(first="day"),
        TIE_DAY,
        {"night": [hunt("Fay", "Bob", "mafia"), {"actor": "Eve", "targets": ["Bob"]}]},
    )
    assert records[1]["deaths"] == [{"player": "Bob", "role": "mafia", "by": ["hunt"]}]
    causes = [e for e in records[1]["events"] if e["kind"] == "death_cause"]
    assert causes == [{"kind": "death_cause", "player": "Bob", "cause": "successful_hunt"}]


@pytest.mark.parametrize("seed", range(16))
def test_random_games_keep_night_roles_and_the_draw_secret(seed):
    """'Цель охотника при этом не сообщается', 'О том, чья заявка выиграла – никому не
    сообщается', and night deaths are announced by cause: in any game, no public event
    or view shows a night victim's role, the hunt's draw or the hunter's target."""
    import random

    rng = random.Random(seed)
    preset = sorted(ru_hunt.PRESETS)[seed % len(ru_hunt.PRESETS)]
    size = len(ru_hunt.PRESETS[preset].roles)
    names = [f"P{i:02d}" for i in range(size)]
    state = roles.new_game("ru_hunt", roles.deal("ru_hunt", preset, names, seed), seed, {}, "day")
    for _ in range(16):
        if state.ended:
            break
        if state.phase_kind == "night":
            actions = [
                {
                    "actor": p.name,
                    "ability": c.ability,
                    "targets": [rng.choice(c.targets)],
                    **{k: rng.choice(v) for k, v in c.extra.items()},
                }
                for p in state.players
                for c in roles.choices(state, p.name)
                if rng.random() < 0.5
            ]
            phase = {"night": actions}
        else:
            alive = state.alive_names()
            phase = {"day": {"votes": [[n, rng.choice(alive)] for n in alive]}}
        result = roles.resolve_phase(state, phase)
        state = result.state
        for event in (e for e in result.events if e.audience == "public"):
            assert "hunt" not in event.payload
            if event.payload.get("phase") == "night":
                assert all(set(d) == {"player"} for d in event.payload["deaths"])
        if not state.ended:
            for entry in roles.observe(state, None)["players"]:
                died_by_night = (
                    not entry["alive"] and state.player(entry["name"]).death["phase"] == "night"
                )
                assert not (died_by_night and "role" in entry)


# -- the drawn request, setups, ties, modkills and the maniac ------------------------------


def test_hunt_the_gms_record_keeps_the_drawn_request_whole():
    """ru_hunt: 'ведущий самостоятельно, посредством жребия, выбирает одну заявку из
    поступивших.' The GM's record keeps the drawn request: hunter, target and guess
    (catches: the guess under another key)."""
    _, records = play(game(first="day", seed=0), TIE_DAY, {"night": [hunt("Fay", "Bob", "mafia")]})
    assert records[1]["hunt"] == {
        "applicants": ["Fay"],
        "drawn": "Fay",
        "target": "Bob",
        "guess": "mafia",
    }


def test_ru_hunt_setups_ties_the_maniacs_win_and_the_dark_night():
    """003 hunt: the table of setups ('12-13 игроков – 3 мафа, Доктор, Маньяк (последний
    необязателен)...'; 'Комиссара и других статусных игроков – нет') names each problem
    exactly (`setup_problems`); a tie eliminates nobody and the record names the
    tied (`vote`); the maniac wins once one other player is left, not two
    (`win_check`); a night death shows nothing (`reveal_of`)."""
    from roles.rulesets import ru_hunt

    civilians = ["civilian"] * 6
    assert ru_hunt.setup_problems(
        ["mafia"] * 3 + ["doctor", "sheriff", "commissar"] + civilians
    ) == ["no such role in the peaceful hunt: commissar, sheriff"]
    assert ru_hunt.setup_problems(["mafia"] * 3 + ["doctor"] * 2 + ["civilian"] * 7) == [
        "one doctor is needed, not 2"
    ]
    assert ru_hunt.setup_problems(["mafia"] * 3 + ["doctor", "maniac", "maniac"] + civilians) == [
        "at most one maniac"
    ]
    assert ru_hunt.setup_problems(["mafia"] * 3 + ["doctor"] + ["civilian"] * 12) == [
        "16 players take 4 mafia + maniac or 5 mafia (+ doctor)"
    ]

    _, (record,) = play(game(first="day"), TIE_DAY)
    assert record["events"] == [{"kind": "no_lynch", "reason": "tie", "candidates": ["Fay", "Gil"]}]

    state = game(first="day")
    for name in ["Bob", "Cid", "Dan", "Gil", "Hal", "Ian", "Jon", "Kay", "Lou"]:
        state = roles.modkill(state, name).state
    assert state.alive_names() == ["Ann", "Eve", "Fay"] and not state.ended
    state = roles.modkill(state, "Fay").state
    assert state.ended and state.winners == ["Eve"]

    kill = [{"actor": m, "ability": "kill", "targets": ["Lou"]} for m in ("Bob", "Cid", "Dan")]
    night_over, _ = play(game(), {"night": kill})
    assert (
        roles.get_ruleset("ru_hunt").public_reveal(night_over, night_over.player("Lou")) == "none"
    )


def test_ru_hunt_a_hunter_modkilled_that_night_does_not_hunt():
    """003 hunt: the host's modkill 'The player dies at once: his later moves of the
    phase are void' -- his hunt request too, though the hunt is the night's first step
    (`draw_and_resolve_hunt`: the dead hunter's request drawn)."""

    night = [move("GM", "modkill", "Fay"), hunt("Fay", "Bob", "mafia")]
    _, records = play(game(first="day"), TIE_DAY, {"night": night})
    assert records[-1]["deaths"] == [{"player": "Fay", "role": "civilian", "by": ["modkill"]}]


def test_ru_hunt_the_maniacs_second_shot_at_one_player_is_refused_in_words():
    """003 hunt: the maniac kills 'never the same player two nights in a row, even one
    who survived thanks to the doctor'; the refusal names the role, the rule and the
    player (`ru_common.not_twice_running`, built at import)."""

    first = {"night": [move("Eve", "kill", "Fay"), move("Ann", "heal", "Fay")]}
    state, _ = play(game(), first, TIE_DAY)
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(state, move("Eve", "kill", "Fay"))
    assert refused.value.message == (
        {
            "id": "refusal.two_nights",
            "params": {"role": "maniac", "what": "the same player", "target": "Fay"},
        }
    )
