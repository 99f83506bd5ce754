"""ru_two_clans beyond the scenario fixtures: clans, vests, the bodyguard's lot, choices.

Rules quoted from 003_d239a94a8cc52329.txt, "Двухклановка +мирная охота+ маньяк".
"""

from __future__ import annotations

from collections import Counter

import pytest

import roles
from roles.rulesets.ru_two_clans import vests_left
from tests.kit.engine import offered

PLAYERS = (
    "Ann:thief@1 Bob:advocate@1 Cid:ninja@1 Dan:thief@2 Eve:advocate@2 Fay:ninja@2 "
    "Gil:reviving_commissar Hal:courtesan Ian:bodyguard Jon:hangman Kay:civilian "
    "Lou:civilian Max:civilian Ned:civilian Oli:civilian Pam:civilian Quy:civilian "
    "Ray:civilian Tim:civilian Sam:maniac"
)


def players(spec: str = PLAYERS) -> list[dict]:
    out = []
    for item in spec.split():
        name, role = item.split(":")
        role, _, clan = role.partition("@")
        out.append({"name": name, "role": role, **({"clan": int(clan)} if clan else {})})
    return out


def simulate(*phases, spec: str = PLAYERS, seed: int = 1) -> dict:
    return roles.simulate(
        {"ruleset": "ru_two_clans", "seed": seed, "players": players(spec), "phases": list(phases)}
    )


def empty_day() -> dict:
    return {"day": {"votes": [], "rounds": [], "actions": []}}


def test_clans_are_factions_with_their_own_chat() -> None:
    """'Вор, адвокат, ниндзя – 1ый клан / 2ой клан': each clan sees only its members."""
    state = roles.new_game("ru_two_clans", players())
    assert state.player("Ann").faction == "clan1" and state.player("Dan").faction == "clan2"
    mates = {m["name"] for m in roles.observe(state, "Ann")["teammates"]}
    assert mates == {"Bob", "Cid"}


def test_clans_not_given_are_drawn_one_role_of_each_per_clan() -> None:
    spec = PLAYERS.replace("@1", "").replace("@2", "")
    for seed in range(6):
        state = roles.new_game("ru_two_clans", players(spec), seed=seed)
        for clan in ("clan1", "clan2"):
            assert sorted(p.role for p in state.players if p.faction == clan) == [
                "advocate",
                "ninja",
                "thief",
            ]


@pytest.mark.parametrize("name, clan", [("Ann", 3), ("Kay", 1)])
def test_a_wrong_clan_is_refused(name: str, clan: int) -> None:
    """Clans are 1 and 2, and only mafia roles have one."""
    roster = players()
    next(p for p in roster if p["name"] == name)["clan"] = clan
    scenario = {"ruleset": "ru_two_clans", "players": roster, "phases": [{"night": []}]}
    with pytest.raises(roles.ScenarioError, match="clan"):
        roles.simulate(scenario)


def test_each_clan_kills_and_the_other_clan_is_a_legal_target() -> None:
    """'Исполнителем может быть любой маф' - every clan member is offered the kill."""
    state = roles.new_game("ru_two_clans", players())
    for name in ("Ann", "Bob", "Cid"):
        kill = offered(state, name)["kill"]
        assert {"Dan", "Eve", "Fay"} <= set(kill.targets)


def test_bodyguard_kills_one_of_two_executors_by_lot() -> None:
    """'Если два исполнителя стреляют в защищенного телохранителем игрока, проводится
    жеребьевка и один исполнитель погибнет'."""
    night = [
        {"actor": "Ian", "targets": ["Kay"]},
        {"actor": "Ann", "ability": "kill", "targets": ["Kay"]},
        {"actor": "Dan", "ability": "kill", "targets": ["Kay"]},
    ]
    killed = set()
    for seed in range(10):
        deaths = simulate({"night": night}, seed=seed)["phases"][0]["deaths"]
        assert len(deaths) == 1 and deaths[0]["player"] in ("Ann", "Dan")
        assert deaths[0]["by"] == ["bodyguard"]
        killed.add(deaths[0]["player"])
    assert killed == {"Ann", "Dan"}


def test_vests_one_per_member_and_burnt_by_an_unprotected_death() -> None:
    """'могут быть защищены бронежилетом только один раз за всю игру. То есть при
    убийстве/посадке подельника, который не был еще защищен, сгорает и бронежилет'."""
    state = roles.new_game("ru_two_clans", players())
    cid = state.player("Cid")
    assert vests_left(state, cid) == 3
    assert set(offered(state, "Cid")["vest"].targets) == {"Ann", "Bob", "Cid"}
    state = roles.resolve_phase(
        state, {"night": [{"actor": "Cid", "ability": "vest", "targets": ["Bob"]}]}
    ).state
    votes = [["Kay", "Ann"], ["Lou", "Ann"], ["Max", "Ann"]]
    state = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}}).state
    assert not state.player("Ann").alive
    assert vests_left(state, state.player("Cid")) == 1
    assert offered(state, "Cid")["vest"].targets == ["Cid"]


def test_bodyguard_and_thief_limits_in_the_choices() -> None:
    """Bodyguard: 'Не может защищать одного и того же игрока дважды подряд. Не может
    защищать самого себя'; thief: 'Не может блокировать две ночи подряд одного'."""
    state = roles.new_game("ru_two_clans", players())
    assert "Ian" not in offered(state, "Ian")["guard"].targets
    night = [
        {"actor": "Ian", "targets": ["Kay"]},
        {"actor": "Ann", "ability": "block", "targets": ["Gil"]},
    ]
    state = roles.resolve_phase(state, {"night": night}).state
    state = roles.resolve_phase(state, empty_day()).state
    assert "Kay" not in offered(state, "Ian")["guard"].targets
    assert "Gil" not in offered(state, "Ann")["block"].targets


def test_who_may_apply_to_hunt() -> None:
    """'Каждый мирный, в том числе телохранитель имеют право на мирную охоту ...
    Комиссар, путана и маньяк права на мирную охоту не имеют'."""
    state = roles.new_game("ru_two_clans", players(), first_phase="day")
    may = {p.name for p in state.players if "apply_hunt" in offered(state, p.name)}
    expected = {"Ian", "Jon", "Kay", "Lou", "Max", "Ned", "Oli", "Pam", "Quy", "Ray", "Tim"}
    assert may == expected


def test_killed_commissar_gets_no_result_but_his_check_protected() -> None:
    """'Убитый комиссар не получает результата проверки' (GM decision: the protection
    of his check holds, it was made at nightfall)."""
    night = [
        {"actor": "Gil", "ability": "check", "targets": ["Kay"]},
        {"actor": "Sam", "targets": ["Gil"]},
        {"actor": "Ann", "ability": "kill", "targets": ["Kay"]},
    ]
    phase = simulate({"night": night})["phases"][0]
    assert [d["player"] for d in phase["deaths"]] == ["Gil"]
    assert not [r for r in phase["results"] if r["to"] == "Gil"]


def test_killed_advocate_gets_no_result() -> None:
    """'Убитый адвокат не получает результат проверки'."""
    night = [
        {"actor": "Bob", "ability": "check", "targets": ["Kay"]},
        {"actor": "Sam", "targets": ["Bob"]},
    ]
    phase = simulate({"night": night})["phases"][0]
    assert not [r for r in phase["results"] if r["to"] == "Bob"]


def test_public_death_list_hides_the_ninja() -> None:
    """The ninja 'объявляется мирным': the public view of his death shows no ninja."""
    state = roles.new_game("ru_two_clans", players(), first_phase="day")
    votes = [["Kay", "Cid"], ["Lou", "Cid"], ["Max", "Cid"]]
    result = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}})
    public = next(e for e in result.events if e.kind == "phase_closed").payload
    assert "ninja" not in repr(public)
    spectator = roles.observe(result.state, None)
    assert "ninja" not in repr(spectator)


def test_preset_is_the_documents_twenty() -> None:
    """'Из расчета на 20 игроков: 6 мафов ( два клана) 13 мирных 1 маньяк'."""
    ruleset = roles.get_ruleset("ru_two_clans")
    preset = ruleset.presets["20"]
    assert len(preset.roles) == 20
    sides = Counter(ruleset.roles[r].traits["side"] for r in preset.roles)
    assert sides == {"mafia": 6, "town": 13, "maniac": 1}
    dealt = roles.new_game(
        "ru_two_clans", roles.deal("ru_two_clans", "20", list("ABCDEFGHIJKLMNOPQRST"), 5)
    )
    assert Counter(p.faction for p in dealt.players)["clan1"] == 3


def test_rules_text_lists_cards_options_order_and_rulings() -> None:
    text = roles.rules_text("ru_two_clans")
    ruleset = roles.get_ruleset("ru_two_clans")
    for role in ruleset.roles.values():
        assert f"[{role.id}]" in text and role.card_ru in text
    assert "reveal = 'light'" in text
    assert "thief -> courtesan -> ninja -> bodyguard -> maniac" in text
    assert "GM decisions" in text
