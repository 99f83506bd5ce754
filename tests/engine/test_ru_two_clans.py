"""ru_two_clans beyond the scenario fixtures: clans, vests, the bodyguard's lot, choices.

Rules quoted from 003_d239a94a8cc52329.txt, "Двухклановка +мирная охота+ маньяк".
"""

from __future__ import annotations

from collections import Counter

import pytest

import roles
from roles.rulesets.ru_two_clans import vests_left
from tests.kit.engine import apply_hunt_day, hunt, move, offered

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


# -- hunts, reveals, the split, the bodyguard and the maniac -------------------------------


def test_two_clans_the_last_mafia_ninja_is_announced_as_himself():
    """003 (two clans): 'Ниндзя – маф-невидимка, пока в игре есть другие мафы при
    проверке комиссара, казни на дневном голосовании, ночном убийстве объявляется
    мирным.' Only while other mafia are in the game: a ninja lynched with a living
    advocate reads as a civilian, the last one as the ninja (catches: `and` -> `or`, any
    mafia player, the ninja himself or the dead, kept the disguise)."""
    votes = {"day": {"votes": [["Kay", "Cid"], ["Lou", "Cid"], ["Max", "Cid"]]}}
    town = "Gil:reviving_commissar Kay:civilian Lou:civilian Max:civilian Ned:civilian"

    def announced(spec):
        events = simulate(votes, spec=f"{spec} {town} Sam:maniac")["phases"][0]["events"]
        return next(e["status"] for e in events if e["kind"] == "reveal")

    assert announced("Bob:advocate@1 Cid:ninja@1") == "civilian"
    assert announced("Cid:ninja@1") == "ninja"


def test_ru_two_clans_an_approved_hunt_lasts_one_night():
    """003 two clans: 'он жеребьевкой выбирает только одну из них и сообщает охотнику, что
    его охота одобрена' for the night after that day: the next night the hunter has no
    hunt unless he applies again (`ru_two_clans.dawn`: the approval kept)."""

    state = roles.new_game("ru_two_clans", players(), first_phase="day")
    apply = {"actor": "Kay", "ability": "apply_hunt"}
    result = roles.resolve_phase(state, {"day": {"votes": [], "rounds": [], "actions": [apply]}})
    assert result.record["results"] == [{"to": "Kay", "kind": "hunt_approved"}]
    assert "hunt" in offered(result.state, "Kay")
    state = roles.resolve_phase(result.state, {"night": []}).state
    state = roles.resolve_phase(state, empty_day()).state
    assert state.phase_kind == "night" and "hunt" not in offered(state, "Kay")


def test_ru_two_clans_half_light_announces_the_side():
    """003 two clans, option reveal = half_light: an eliminated player is announced by his
    side, so the reviving commissar reads 'civilian' (`announced_status`: the
    option not read, the role announced)."""

    state = roles.new_game(
        "ru_two_clans", players(), first_phase="day", options={"reveal": "half_light"}
    )
    votes = [["Kay", "Gil"], ["Lou", "Gil"], ["Max", "Gil"]]
    result = roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}})
    reveals = [e for e in result.record["events"] if e["kind"] == "reveal"]
    assert reveals == [{"kind": "reveal", "player": "Gil", "status": "civilian"}]


def test_ru_two_clans_an_odd_mafia_is_split_as_evenly_as_the_roles_allow():
    """'Вор, адвокат, ниндзя – 1ый клан / 2ой клан': clans not given are drawn one role of
    each per clan and, with three mafia of three roles, two and one, never three and none
    (`ru_two_clans.setup`: the clans' sizes misread)."""
    from collections import Counter

    spec = " ".join(p for p in PLAYERS.split() if not p.startswith(("Dan", "Eve", "Fay")))
    for seed in range(4):
        state = roles.new_game("ru_two_clans", players(spec.replace("@1", "")), seed=seed)
        sizes = Counter(p.faction for p in state.players if p.faction.startswith("clan"))
        assert sorted(sizes.values()) == [1, 2]


def _clans(*phases, seed=1):

    return simulate(*phases, seed=seed)


def test_two_clans_the_maniacs_instinct_saves_him_for_the_whole_night():
    """ru_two_clans: 'The maniac's instinct works by itself the first night someone
    would kill him, and saves him for that whole night.' A clan's shot lands first
    (instinct spent, and he is told), a right hunt lands at a later step of the same
    night: he lives (`ru_19._fully_protected`, `_land_on`).
    """
    night = {"night": [move("Ann", "kill", "Sam"), hunt("Kay", "Sam", "maniac")]}
    out = _clans(apply_hunt_day("Kay"), night)
    assert out["phases"][1]["deaths"] == []
    assert out["phases"][1]["results"] == [{"to": "Sam", "kind": "instinct"}]
    # The next night the instinct is gone: the same shot kills him.
    again = _clans(
        apply_hunt_day("Kay"), night, apply_hunt_day(), {"night": [move("Ann", "kill", "Sam")]}
    )
    assert [d["player"] for d in again["phases"][3]["deaths"]] == ["Sam"]


def test_two_clans_the_bodyguard_strikes_back_beside_a_courtesans_client():
    """ru_two_clans: the bodyguard 'убивает одного из покушающихся убийц', whatever other
    protection the night holds: the courtesan's client, protected before him, does
    not stop his blow (`_bodyguards_strike_back`)."""
    night = {
        "night": [
            move("Hal", "visit", "Lou"),
            move("Ian", "guard", "Kay"),
            move("Ann", "kill", "Kay"),
        ]
    }
    out = _clans(night)
    assert out["phases"][0]["deaths"] == [{"player": "Ann", "role": "thief", "by": ["bodyguard"]}]


def test_two_clans_the_bodyguards_lot_is_drawn_in_seat_order():
    """ru_two_clans: 'Если два исполнителя стреляют в защищенного телохранителем игрока,
    проводится жеребьевка и один исполнитель погибнет'. The lot is drawn among the
    executors in seat order, so renaming a shooter does not change which seat dies
    (`_bodyguards_strike_back`)."""

    def dead_seat(spec, first, seed):
        night = [
            move("Ian", "guard", "Kay"),
            move(first, "kill", "Kay"),
            move("Dan", "kill", "Kay"),
        ]
        out = roles.simulate(
            {
                "ruleset": "ru_two_clans",
                "seed": seed,
                "players": players(spec),
                "phases": [{"night": night}],
            }
        )
        names = [p["name"] for p in players(spec)]
        return [names.index(d["player"]) for d in out["phases"][0]["deaths"]]

    renamed = PLAYERS.replace("Ann:", "Zed:")  # seat 0 now sorts after Dan (seat 3)
    for seed in range(6):
        assert dead_seat(PLAYERS, "Ann", seed) == dead_seat(renamed, "Zed", seed)


def test_two_clans_the_reviving_commissars_check_does_not_save_an_executor():
    """ru_two_clans: the reviving commissar's check protects its target 'except an
    executor': the other clan shoots tonight's executor of clan 1 and he dies though
    checked; a checked clan member who is no executor lives (`executors_named`)."""
    night = [move("Ann", "kill", "Kay"), move("Dan", "kill", "Ann"), move("Gil", "check", "Ann")]
    dead = [d["player"] for d in _clans({"night": night})["phases"][0]["deaths"]]
    assert dead == ["Ann", "Kay"]
    night = [move("Ann", "kill", "Kay"), move("Dan", "kill", "Bob"), move("Gil", "check", "Bob")]
    dead = [d["player"] for d in _clans({"night": night})["phases"][0]["deaths"]]
    assert dead == ["Kay"]


def test_two_clans_the_bodyguards_blow_is_announced_by_its_cause():
    """ru_two_clans: the bodyguard 'убивает одного из покушающихся убийц'; every death is
    announced with its cause, and a cause outside the announced list (the bodyguard's
    blow) keeps its own name (`cause_events`: announced as nothing)."""
    night = {"night": [move("Ian", "guard", "Kay"), move("Ann", "kill", "Kay")]}
    record = _clans(night)["phases"][0]
    assert {"kind": "death_cause", "player": "Ann", "cause": "bodyguard"} in record["events"]
