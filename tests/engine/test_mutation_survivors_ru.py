"""Tests the mutation run over roles/ showed missing in the Russian rulesets (ru_common,
ru_19, ru_two_clans, ru_eleven, ru_sport, ru_classic, ru_hunt) (bench/mutation.py;
bench/README.md, "Mutation testing"). Each names the surviving mutant it kills; where it
checks a rule it quotes the rule sentence.
"""

from __future__ import annotations

import pytest

import roles
from roles import render
from tests.engine.test_mutation_survivors_engine import _act
from tests.engine.test_ru_hunt import TIE_DAY as HUNT_TIE_DAY
from tests.engine.test_ru_hunt import game as hunt_game
from tests.engine.test_ru_hunt import hunt
from tests.engine.test_ru_hunt import play as hunt_play
from tests.engine.test_ru_sport import NAMES as NAMES_SPORT
from tests.engine.test_ru_sport import game
from tests.engine.test_ru_two_clans import simulate as clans_simulate

# -- the ruleset samples' survivors (bench/README.md, "Ruleset survivors") -----------------


def test_sport_the_day_one_pardon_says_why():
    """003 (sport): 'Если в первый день все проголосовали пас, а 1 игрок проголосовал
    другого, игрок будет помилован - тоже никто повешен не будет.' The public event
    names the pardoned player and the reason (mutants: the reason dropped or renamed)."""
    votes = [["Ann", "Eve"], *[[n, "pass"] for n in NAMES_SPORT[1:] if n != "Eve"]]
    result = roles.resolve_phase(game(first="day"), {"day": {"votes": votes}})
    assert result.record["events"] == [
        {"kind": "pardon", "player": "Eve", "reason": "single_vote_on_day_one"}
    ]


def test_hunt_the_gms_record_keeps_the_drawn_request_whole():
    """ru_hunt: 'ведущий самостоятельно, посредством жребия, выбирает одну заявку из
    поступивших.' The GM's record keeps the drawn request: hunter, target and guess
    (mutant: the guess under another key)."""
    _, records = hunt_play(
        hunt_game(first="day", seed=0), HUNT_TIE_DAY, {"night": [hunt("Fay", "Bob", "mafia")]}
    )
    assert records[1]["hunt"] == {
        "applicants": ["Fay"],
        "drawn": "Fay",
        "target": "Bob",
        "guess": "mafia",
    }


def test_sport_the_commissars_check_is_a_private_check_result():
    """003: 'ночью может проверять статус любого игрока' and 'В личку статусам (адвокату
    мафии и комиссару) ведущий высылает результаты ночных проверок.' The Commissar's
    result is a "check" naming its target (mutant: the result's kind renamed)."""
    result = roles.resolve_phase(game(), {"night": [{"actor": "Ann", "targets": ["Bob"]}]})
    checks = [r for r in result.record["results"] if r["to"] == "Ann"]
    assert [(r["kind"], r["target"]) for r in checks] == [("check", "Bob")]


def test_two_clans_the_last_mafia_ninja_is_announced_as_himself():
    """003 (two clans): 'Ниндзя – маф-невидимка, пока в игре есть другие мафы при
    проверке комиссара, казни на дневном голосовании, ночном убийстве объявляется
    мирным.' Only while other mafia are in the game: a ninja lynched with a living
    advocate reads as a civilian, the last one as the ninja (mutant: `and` -> `or`, any
    mafia player, the ninja himself or the dead, kept the disguise)."""
    votes = {"day": {"votes": [["Kay", "Cid"], ["Lou", "Cid"], ["Max", "Cid"]]}}
    town = "Gil:reviving_commissar Kay:civilian Lou:civilian Max:civilian Ned:civilian"

    def announced(spec):
        events = clans_simulate(votes, spec=f"{spec} {town} Sam:maniac")["phases"][0]["events"]
        return next(e["status"] for e in events if e["kind"] == "reveal")

    assert announced("Bob:advocate@1 Cid:ninja@1") == "civilian"
    assert announced("Cid:ninja@1") == "ninja"


# -- the rulesets' runtime survivors, session 30 ----------------------------------------------


def test_ru_sport_all_pass_the_heir_by_agreed_order_and_the_setup_errors():
    """003 sport: 'Если все игроки проголосовали пас - никто повешен не будет' (the
    record says why: `ru_sport.vote_19-26`); the don's status passes to the member
    agreed at the conference, then in seating order, even when the agreed order names
    only some members (`succession_24/26`), and his death shows nothing (a dark game); a
    bad order is refused with its reason
    (`setup_7/8/9/20`)."""
    from tests.engine.test_ru_sport import NAMES, PLAYERS, game, kills
    from tests.engine.test_ru_sport import play as sport_play

    _, (record,) = sport_play(game(first="day"), {"day": {"votes": [[n, "pass"] for n in NAMES]}})
    assert record["events"][0] == {"kind": "no_lynch", "reason": "all_pass"}

    state, (record,) = sport_play(
        game(options={"don_successors": ["Dan"]}), {"night": kills("Bob", "Bob", "Cid", "Dan")}
    )
    assert state.player("Dan").role == "don" and state.player("Cid").role == "mafia"
    assert record["results"] == [{"to": "Dan", "kind": "role_change", "value": "don"}]
    # A dark game: the dead don is shown as "none" of "role", "team", "none" (`reveal_1/2`).
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
    (`ru_sport.vote_59/63/65`: no limit, or two changes)."""
    from tests.engine.test_ru_sport import NAMES, TIE10, game
    from tests.engine.test_ru_sport import play as sport_play

    ballots = [[n, "execute"] for n in NAMES[:6]] + [[n, "pardon"] for n in NAMES[6:]]
    _, (record,) = sport_play(
        game(first="day"), {"day": {"votes": TIE10, "rounds": [ballots + [["Ann", "pardon"]]]}}
    )
    assert record["rounds"] == [{"execute": 5, "pardon": 5}] and record["lynched"] == []
    twice = ballots + [["Ann", "pardon"], ["Ann", "execute"]]
    with pytest.raises(roles.IllegalAction, match=r"Ann: a vote may be changed only once"):
        sport_play(game(first="day"), {"day": {"votes": TIE10, "rounds": [twice]}})


def test_ru_two_clans_an_approved_hunt_lasts_one_night():
    """003 two clans: 'он жеребьевкой выбирает только одну из них и сообщает охотнику, что
    его охота одобрена' for the night after that day: the next night the hunter has no
    hunt unless he applies again (`ru_two_clans.dawn_3/6/7`: the approval kept)."""
    from tests.engine.test_ru_two_clans import empty_day, offered, players

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
    side, so the reviving commissar reads 'civilian' (`announced_status_18/19/20`: the
    option not read, the role announced)."""
    from tests.engine.test_ru_two_clans import players

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
    (`ru_two_clans.setup_26/27`: the clans' sizes misread)."""
    from collections import Counter

    from tests.engine.test_ru_two_clans import PLAYERS, players

    spec = " ".join(p for p in PLAYERS.split() if not p.startswith(("Dan", "Eve", "Fay")))
    for seed in range(4):
        state = roles.new_game("ru_two_clans", players(spec.replace("@1", "")), seed=seed)
        sizes = Counter(p.faction for p in state.players if p.faction.startswith("clan"))
        assert sorted(sizes.values()) == [1, 2]


def test_ru_hunt_vote_thread_rulings_refused_with_their_reasons_and_uncounted():
    """003 hunt: 'голос не будет принят' and 'засчитывается против себя' are the host's
    rulings on living players who voted in the thread. A ruling on an unknown or a dead
    player, or one naming a player both ways, is refused with its reason
    (`ru_hunt._ruled_voters_16-47`, `vote_thread_rulings_14-32`); a vote not accepted
    from a player whose ballot is missing changes nothing (`_38`); a player modkilled
    for urging again has no ballot counted, cast or not (`_59/61`)."""
    from tests.engine.test_ru_hunt_vote_thread import day, everyone_votes, ruling
    from tests.engine.test_ru_hunt_vote_thread import game as hunt_day_game
    from tests.engine.test_ru_hunt_vote_thread import play as hunt_play

    def refusal(state, *rulings, votes=None):
        with pytest.raises(roles.IllegalAction) as refused:
            hunt_play(state, day(votes or everyone_votes("Eve"), *rulings))
        return str(refused.value)

    start = hunt_day_game(first="day")
    assert refusal(start, ruling("reject_vote", "Zed")) == "GM: unknown player 'Zed'"
    both = (ruling("reject_vote", "Bob", "Ann"), ruling("urged", "Ann", "Bob", "Cid"))
    assert refusal(start, *both) == (
        "GM: Ann, Bob: a vote is either not accepted or urged, not both"
    )
    mafia_kill = {
        "night": [
            {"actor": m, "ability": "kill", "targets": ["Lou"]} for m in ("Bob", "Cid", "Dan")
        ]
    }
    after_night, _ = hunt_play(hunt_day_game(), mafia_kill)
    without_lou = [v for v in everyone_votes("Eve") if "Lou" not in v]
    assert refusal(after_night, ruling("reject_vote", "Lou"), votes=without_lou) == (
        "GM: Lou is dead"
    )

    _, (record,) = hunt_play(start, day(without_lou, ruling("reject_vote", "Lou")))
    assert record["tally"] == {"Eve": 10, "Fay": 1}

    state, _ = hunt_play(start, day(everyone_votes("Eve"), ruling("urged", "Lou")))
    state, _ = hunt_play(state, {"night": []})
    alive = {p.name for p in state.players if p.alive}
    votes = [[v, t] for v, t in everyone_votes("Kay") if v in alive and t in alive]
    for cast in (votes, [v for v in votes if v[0] != "Lou"]):
        _, (record,) = hunt_play(state, day(cast, ruling("urged", "Lou")))
        assert record["tally"] == {"Fay": 1, "Kay": 9}
        assert [d["player"] for d in record["deaths"]] == ["Lou"]


def test_ru_hunt_setups_ties_the_maniacs_win_and_the_dark_night():
    """003 hunt: the table of setups ('12-13 игроков – 3 мафа, Доктор, Маньяк (последний
    необязателен)...'; 'Комиссара и других статусных игроков – нет') names each problem
    exactly (`setup_problems_17-62`); a tie eliminates nobody and the record names the
    tied (`vote_56/59`); the maniac wins once one other player is left, not two
    (`win_check_10`); a night death shows nothing (`reveal_of_13/14`)."""
    from roles.rulesets import ru_hunt
    from tests.engine.test_ru_hunt import game as hunt_game_of
    from tests.engine.test_ru_hunt import play as hunt_play

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

    _, (record,) = hunt_play(hunt_game_of(first="day"), HUNT_TIE_DAY)
    assert record["events"] == [{"kind": "no_lynch", "reason": "tie", "candidates": ["Fay", "Gil"]}]

    state = hunt_game_of(first="day")
    for name in ["Bob", "Cid", "Dan", "Gil", "Hal", "Ian", "Jon", "Kay", "Lou"]:
        state = roles.modkill(state, name).state
    assert state.alive_names() == ["Ann", "Eve", "Fay"] and not state.ended
    state = roles.modkill(state, "Fay").state
    assert state.ended and state.winners == ["Eve"]

    kill = [{"actor": m, "ability": "kill", "targets": ["Lou"]} for m in ("Bob", "Cid", "Dan")]
    night_over, _ = hunt_play(hunt_game_of(), {"night": kill})
    assert (
        roles.get_ruleset("ru_hunt").public_reveal(night_over, night_over.player("Lou")) == "none"
    )


def test_ru_eleven_conditional_moves_named_and_refused_exactly():
    """003 eleven: every civilian sends moves 'as' each status; 'мафия знает свои статусы'.
    The hook names the move a status stands for (the doctor's plain move is his heal),
    leaves an unknown actor to the engine's own refusal, and refuses the mafia's 'as', a
    status that is not a civilian's and a move that is not the status's, each with its
    reason (`ru_eleven.conditional_move_5-59`)."""
    from roles.rulesets.ru_eleven import conditional_move
    from tests.engine.test_ru_eleven import game as eleven_state

    state = eleven_state()
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
            "the mafia knows its statuses and sends no conditional moves",
        ),
        (
            {"actor": "Eve", "as": "mayor", "targets": ["Fay"]},
            "'as' names a civilian status (doctor, plus_vote, minus_vote, commissar), not 'mayor'",
        ),
        (
            {"actor": "Eve", "as": "doctor", "ability": "check", "targets": ["Fay"]},
            "as doctor the move is heal, not check",
        ),
    ]:
        with pytest.raises(roles.IllegalAction) as refused:
            conditional_move(state, action)
        assert str(refused.value) == reason


def test_ru_eleven_decoys_candidates_and_drawn_decoys():
    """003 eleven: 'Мафия каждую ночь присылает ведущему два имени "подкидышей"' (a note
    sent first in the night counts too: `decoys_8`); 'Если от игроков приходит одно или
    два имени для проверки - проверка не объявляется' counts only the civilians' commissar
    moves, not a heal on a third name (`candidates_2`); with no note the engine draws two
    living decoys with the seed among the players in seat order, so the draw does not
    depend on their names (`announce_check_20/22`)."""
    from tests.engine.test_ru_eleven import cm
    from tests.engine.test_ru_eleven import scenario as eleven_scenario

    def checks(out):
        return [e["names"] for e in out["phases"][0]["events"] if e["kind"] == "check"]

    decoy_first = [{"actor": "Kay", "ability": "decoy", "targets": ["Kay", "Ann", "Bob"]}]
    decoy_first += [cm("Dan", "commissar", "Ian"), cm("Eve", "commissar", "Gil")]
    decoy_first += [cm("Fay", "commissar", "Hal")]
    assert checks(roles.simulate(eleven_scenario({"night": decoy_first}))) == [
        ["Ann", "Ian", "Kay"]
    ]
    two_and_a_heal = [cm("Dan", "commissar", "Ian"), cm("Eve", "commissar", "Gil")]
    two_and_a_heal.append(cm("Fay", "doctor", "Hal"))
    assert checks(roles.simulate(eleven_scenario({"night": two_and_a_heal}))) == []

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


# -- ru_19 and the two-clan game: runtime survivors, session 31 -----------------------


def _ru19(*phases, seed=1):
    from tests.engine.test_ru_19 import simulate

    return simulate(*phases, seed=seed)


def _clans(*phases, seed=1):
    from tests.engine.test_ru_two_clans import simulate

    return simulate(*phases, seed=seed)


def _apply_day(*names):
    """A day with no votes where `names` apply to hunt (ru_19 and the two-clan game)."""
    actions = [_act(n, "apply_hunt") for n in names]
    return {"day": {"votes": [], "rounds": [], "actions": actions}}


def _hunt(hunter, target, guess):
    return {**_act(hunter, "hunt", target), "guess": guess}


def test_two_clans_the_maniacs_instinct_saves_him_for_the_whole_night():
    """ru_two_clans: 'The maniac's instinct works by itself the first night someone
    would kill him, and saves him for that whole night.' A clan's shot lands first
    (instinct spent, and he is told), a right hunt lands at a later step of the same
    night: he lives (`ru_19._fully_protected_8/12/13/14`, `_land_on_44/45/49/50/52/55/56`).
    """
    night = {"night": [_act("Ann", "kill", "Sam"), _hunt("Kay", "Sam", "maniac")]}
    out = _clans(_apply_day("Kay"), night)
    assert out["phases"][1]["deaths"] == []
    assert out["phases"][1]["results"] == [{"to": "Sam", "kind": "instinct"}]
    # The next night the instinct is gone: the same shot kills him.
    again = _clans(_apply_day("Kay"), night, _apply_day(), {"night": [_act("Ann", "kill", "Sam")]})
    assert [d["player"] for d in again["phases"][3]["deaths"]] == ["Sam"]


def test_ru19_the_hangmans_choice_is_announced_with_the_tied_players():
    """ru_19: 'A tie goes to the hangman's `hang` (one of the tied)': the day's event
    names his choice and the tied players (`_hangman_choice_17/18/20/21`)."""
    votes = [("Jon", "Kay"), ("Lou", "Max"), ("Kay", "Max"), ("Max", "Kay")]
    out = _ru19(
        {
            "day": {
                "votes": [list(v) for v in votes],
                "rounds": [],
                "actions": [_act("Ian", "hang", "Max")],
            }
        }
    )
    day = out["phases"][0]
    assert day["lynched"] == ["Max"]
    assert {"kind": "hangman", "chose": "Max", "candidates": ["Kay", "Max"]} in day["events"]


def test_ru19_a_refused_hunt_names_the_player_who_was_not_drawn():
    """Only the drawn hunter may send `hunt`; another is refused by name
    (`_hunt_approved_12`)."""
    state = roles.new_game("ru_19", _ru19_players(), seed=1, first_phase="day")
    night = roles.resolve_phase(state, _apply_day("Jon")).state
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night, _hunt("Kay", "Sam", "maniac"))
    assert "Kay" in refused.value.reason


def _ru19_players():
    from tests.engine.test_ru_19 import players

    return players()


def test_ru19_a_courtesan_at_the_maniacs_is_his_victim():
    """ru_19: 'Visiting the maniac, she dies' - as his victim (`courtesan_visit_15`)."""
    out = _ru19({"night": [_act("Hal", "visit", "Sam")]})
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
    """ru_19 wins (`decide_21/22`): the maniac with two others alive has not won, and
    the mafia does not win while the maniac lives, however few civilians are left."""
    from roles.rulesets import ru_19

    state = roles.new_game("ru_19", _ru19_players())
    for player in state.players:
        player.alive = player.name in alive
    ru_19.win_check(state, None)
    assert (set(state.winners) if state.ended else None) == winners


def test_ru19_each_cause_is_described_and_several_are_joined():
    """003: 'обязательно указывается причина смерти (жертва мафии, жертва маньяка, жертва
    удачной/неудачной охоты...)' (`describe_3-5/7-10/13/16`)."""
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
    - two applications too (`draw_hunter_19`)."""
    drawn = set()
    for seed in range(10):
        out = _ru19(_apply_day("Jon", "Kay"), seed=seed)
        drawn |= {r["to"] for r in out["phases"][0]["results"] if r["kind"] == "hunt_approved"}
    assert drawn == {"Jon", "Kay"}


def test_ru19_the_first_to_reach_the_tying_count_counts_from_zero():
    """ru_19: with the hangman dead, 'the tied player who first reached the tying count
    (replaying the votes in the order cast) is executed'. Max's one vote comes first,
    so Max goes though Kay sits earlier (`first_to_reach_17`); a withdrawn vote no
    longer counts while the votes are replayed (`first_to_reach_3`)."""
    hanged = {"night": [_act("Sam", "kill", "Ian")]}
    first = _ru19(
        hanged, {"day": {"votes": [["Jon", "Max"], ["Lou", "Kay"]], "rounds": [], "actions": []}}
    )
    assert first["phases"][1]["lynched"] == ["Max"]
    # Jon's vote for Max is withdrawn before Lou's: Kay reaches two votes first.
    cast = ["Jon", "Max"], ["Jon", None], ["Lou", "Max"], ["Oli", "Kay"], ["Pam", "Kay"]
    votes = [*cast, ["Ned", "Max"]]
    withdrawn = _ru19(hanged, {"day": {"votes": votes, "rounds": [], "actions": []}})
    assert withdrawn["phases"][1]["lynched"] == ["Kay"]


def test_two_clans_the_bodyguard_strikes_back_beside_a_courtesans_client():
    """ru_two_clans: the bodyguard 'убивает одного из покушающихся убийц', whatever other
    protection the night holds: the courtesan's client, protected before him, does
    not stop his blow (`_bodyguards_strike_back_4`)."""
    night = {
        "night": [
            _act("Hal", "visit", "Lou"),
            _act("Ian", "guard", "Kay"),
            _act("Ann", "kill", "Kay"),
        ]
    }
    out = _clans(night)
    assert out["phases"][0]["deaths"] == [{"player": "Ann", "role": "thief", "by": ["bodyguard"]}]


def test_two_clans_the_bodyguards_lot_is_drawn_in_seat_order():
    """ru_two_clans: 'Если два исполнителя стреляют в защищенного телохранителем игрока,
    проводится жеребьевка и один исполнитель погибнет'. The lot is drawn among the
    executors in seat order, so renaming a shooter does not change which seat dies
    (`_bodyguards_strike_back_15/17`)."""
    from tests.engine.test_ru_two_clans import PLAYERS, players

    def dead_seat(spec, first, seed):
        night = [
            _act("Ian", "guard", "Kay"),
            _act(first, "kill", "Kay"),
            _act("Dan", "kill", "Kay"),
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


# -- ru_19, the two-clan game, ru_eleven, ru_sport and ru_classic: runtime survivors, session 31 ---


def test_ru19_the_hangman_is_asked_by_name_with_the_tied_players():
    """ru_19: the hangman 'не может отказаться от действия в случае равнения': the day
    waits for him, and the question names him and the tied players
    (`vote_with_hangman_52/63/64/66/67/72`)."""
    from tests.engine.test_ru_19 import day, players

    state = roles.new_game("ru_19", players(), first_phase="day")
    votes = [["Jon", "Kay"], ["Lou", "Kay"], ["Max", "Cid"], ["Ned", "Cid"]]
    with pytest.raises(roles.PendingDecision) as asked:
        roles.resolve_phase(state, day(votes=votes))
    assert asked.value.reason == "Ian: the vote is tied between Cid, Kay; the hangman must choose"


def test_ru19_the_doctor_who_applied_is_refused_the_heal_with_the_reason():
    """ru_19: the doctor 'Может выходить на охоту – но в эту ночь лишается права лечить'
    - the refusal says who and what (`refuse_if_applied_6/7/9/10`)."""
    from tests.engine.test_ru_19 import apply, day, players

    state = roles.new_game("ru_19", players(), first_phase="day")
    night = roles.resolve_phase(state, day(actions=apply("Gil"))).state
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night, _act("Gil", "heal", "Jon"))
    assert refused.value.reason == "doctor applied to hunt and cannot heal tonight"


def test_ru19_a_void_hunt_names_its_target_to_the_hunter():
    """ru_19: 'если цель охотника вылечена Доком – то охотнику приходит ответ, что охота
    не состоялась' - the hunter is told which hunt did not happen (`hunt_8/11`)."""
    from tests.engine.test_ru_19 import apply, day

    hunt = {**_act("Jon", "hunt", "Cid"), "guess": "mafia"}
    out = _ru19(day(actions=apply("Jon")), {"night": [_act("Gil", "heal", "Cid"), hunt]})
    assert out["phases"][1]["results"] == [{"to": "Jon", "kind": "hunt_void", "target": "Cid"}]


def test_ru_eleven_a_tie_without_the_hangmans_choice_names_the_tied():
    """ru_eleven: the hangman's move is optional; without it a tie lynches nobody and the
    day says between whom (`vote_with_hangman_97/100`)."""
    from tests.engine.test_ru_eleven import PLAYERS

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


def test_ru19_an_application_withdrawn_the_same_day_is_not_drawn():
    """003: 'До окончания дня от своего намерения охотиться можно отказаться': an
    application withdrawn before the day ends is out of the draw; applying and
    withdrawing are free moves beside the day's one action (`apply_abilities`'
    withdraw and `free` mutants, rechecked)."""
    from tests.engine.test_ru_19 import day

    moves = [_act("Jon", "apply_hunt"), _act("Jon", "withdraw_hunt"), _act("Kay", "apply_hunt")]
    for seed in range(4):
        out = _ru19(day(actions=moves), seed=seed)
        assert out["phases"][0]["results"] == [{"to": "Kay", "kind": "hunt_approved"}]


def test_ru19_the_hangman_applies_to_hunt_and_hangs_the_same_day():
    """ru_19: the hangman 'Может охотиться': his application does not use up his
    choice on a tie (`free`); an unnamed day move of his is the hang, never an
    application; an unnamed night move of a drawn civilian is no hunt (a hunt is
    named, with its guess: `named_only`)."""
    from tests.engine.test_ru_19 import apply, day, players

    votes = [["Jon", "Kay"], ["Lou", "Kay"], ["Max", "Cid"], ["Ned", "Cid"]]
    moves = [_act("Ian", "apply_hunt"), _act("Ian", "hang", "Cid")]
    out = _ru19(day(votes=votes, actions=moves))
    assert out["phases"][0]["lynched"] == ["Cid"]
    assert out["phases"][0]["results"] == [{"to": "Ian", "kind": "hunt_approved"}]

    state = roles.new_game("ru_19", players(), first_phase="day")
    assert roles.check_action(state, {"actor": "Ian", "targets": ["Kay"]}).id == "hang"
    night = roles.resolve_phase(state, day(actions=apply("Jon"))).state
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(night, {"actor": "Jon", "targets": ["Cid"], "guess": "mafia"})
    assert refused.value.reason == "civilian has no night ability"


def test_ru19_an_application_leaves_the_hangmans_choice_owed():
    """The hunt application is free: after applying, the hangman still owes his choice
    and may withdraw; a civilian may still withdraw (`apply_abilities`' `free`
    mutants: an application that spent the day's one action would end what he owes)."""
    from tests.engine.test_ru_19 import players

    state = roles.new_game("ru_19", players(), first_phase="day")
    assert roles.owed(state, "Ian", frozenset({"apply_hunt"})) == ["hang", "withdraw_hunt"]
    assert roles.owed(state, "Jon", frozenset({"apply_hunt"})) == ["withdraw_hunt"]
    assert roles.owed(state, "Jon", frozenset({"withdraw_hunt"})) == ["apply_hunt"]
    assert roles.replaced_moves(state, "Ian", "withdraw_hunt", {"apply_hunt", "hang"}) == []


def test_two_clans_the_reviving_commissars_check_does_not_save_an_executor():
    """ru_two_clans: the reviving commissar's check protects its target 'except an
    executor': the other clan shoots tonight's executor of clan 1 and he dies though
    checked; a checked clan member who is no executor lives (`executors_named_2`)."""
    night = [_act("Ann", "kill", "Kay"), _act("Dan", "kill", "Ann"), _act("Gil", "check", "Ann")]
    dead = [d["player"] for d in _clans({"night": night})["phases"][0]["deaths"]]
    assert dead == ["Ann", "Kay"]
    night = [_act("Ann", "kill", "Kay"), _act("Dan", "kill", "Bob"), _act("Gil", "check", "Bob")]
    dead = [d["player"] for d in _clans({"night": night})["phases"][0]["deaths"]]
    assert dead == ["Kay"]


def test_ru_sport_the_catastrophe_rounds_question_and_refusal_in_both_languages():
    """003 ru_sport: 'Если на тот момент в игре четное количество игроков - голосование
    проходит на выбор "помиловать всех/казнить всех"', with an odd number 'из
    претендентов на повешение выбирается один'; every living player votes in the round.
    The question and the refusal name the round and its choices, in English and
    Russian (`ru_common._round_ballots_1-35`)."""
    from roles.messages.refusals import refusal_message
    from tests.engine.test_ru_sport import NAMES, TIE10, game, kills, play

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


def test_ru_classic_a_tie_by_each_rule_says_what_happened():
    """ru_classic's tie option (the document leaves a tie to the host): nobody, one drawn
    by lot, or the host's choice; the day's first event names the tied and the chosen,
    the host is asked by name and a choice outside the tie is refused, in English and
    Russian (`ru_common.settle_tie_6/9/23-27/37-58/74-99`)."""
    from roles.messages.refusals import refusal_message
    from tests.engine.test_ru_classic import game

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
    decided = first_event("gm", [_act("GM", "decide_tie", "Gil")])
    assert decided == {"kind": "tie_decided", "candidates": ["Fay", "Gil"], "chosen": "Gil"}

    state = game(first="day", options={"tie": "gm"})
    with pytest.raises(roles.PendingDecision) as asked:
        roles.resolve_phase(state, {"day": {**votes, "actions": []}})
    assert (
        asked.value.reason
        == "GM: the vote is tied between Fay, Gil; the host must decide (decide_tie)"
    )
    assert render(refusal_message(asked.value.reason, "ru_classic"), "ru") == (
        "Ничья на голосовании между Fay, Gil: решает ведущий."
    )
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(state, {"day": {**votes, "actions": [_act("GM", "decide_tie", "Kay")]}})
    assert refused.value.reason == "GM: decide_tie must name one of the tied players (Fay, Gil)"
    assert render(refusal_message(refused.value.reason, "ru_classic"), "ru") == (
        "Ведущий: Решая ничью, назовите одного из игроков, набравших поровну (Fay, Gil)."
    )


# -- ru_common's catastrophe: runtime survivors, session 32 -----------------------------


def test_ru_sport_no_catastrophe_with_four_players_names_the_tied_and_takes_no_round():
    """003 sport: 'Катастрофу нельзя делать, если в игре осталось 4 игрока.' The day
    says the tie left nobody eliminated and names the tied; a catastrophe round given
    anyway is refused (`catastrophe_16-25`: the event's fields; `_31`: one round let
    through)."""
    from tests.engine.test_ru_sport import game, play

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
    assert str(refused.value.reason) == "round 1 was given but the vote called for no more rounds"


def test_ru_sport_an_even_catastrophe_names_the_tied_and_takes_one_round():
    """003 sport: with an even number of players the round is 'помиловать всех/казнить
    всех'. The verdict's event names the tied either way, and a second round is refused
    (`catastrophe_87/89/95/97`: the candidates left out; `_84`: two rounds let
    through)."""
    from tests.engine.test_ru_sport import NAMES, TIE10, game, play

    for execute, kind in ((6, "catastrophe_execute"), (4, "catastrophe_pardon")):
        ballots = [[n, "execute" if i < execute else "pardon"] for i, n in enumerate(NAMES)]
        _, (record,) = play(game(first="day"), {"day": {"votes": TIE10, "rounds": [ballots]}})
        assert record["events"][:2] == [
            {"kind": "catastrophe", "candidates": ["Eve", "Fay"]},
            {"kind": kind, "candidates": ["Eve", "Fay"]},
        ]
        with pytest.raises(roles.IllegalAction) as refused:
            play(game(first="day"), {"day": {"votes": TIE10, "rounds": [ballots, ballots]}})
        assert str(refused.value.reason) == (
            "round 2 was given but the vote called for no more rounds"
        )


def test_ru_sport_an_odd_catastrophes_rounds_are_kept_and_limited_like_the_vote():
    """003 sport: with an odd number 'из претендентов на повешение выбирается один', and
    'Переголосовывать можно только 1 раз' holds in each round. The record keeps each
    round's count; a second change is refused naming the round; a ballot outside the
    tied is refused naming the round (`catastrophe_112/125/130/131`,
    `limit_vote_changes_13/14/22/26`, `_round_ballots_44/55/58`)."""
    from tests.engine.test_ru_sport import NAMES, game, kills, play

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
    assert str(twice.value.reason) == "Ann: a vote may be changed only once (catastrophe round 2)"
    with pytest.raises(roles.IllegalAction) as outside:
        play(state, {"day": {"votes": votes, "rounds": [narrowing, final + [["Ann", "Gil"]]]}})
    assert str(outside.value.reason) == "Ann: the catastrophe round 2 is a choice of Eve, Fay"


# -- ru_common: runtime survivors read in session 32 ------------------------------------


def test_two_clans_the_bodyguards_blow_is_announced_by_its_cause():
    """ru_two_clans: the bodyguard 'убивает одного из покушающихся убийц'; every death is
    announced with its cause, and a cause outside the announced list (the bodyguard's
    blow) keeps its own name (`cause_events_14/15/16`: announced as nothing)."""
    night = {"night": [_act("Ian", "guard", "Kay"), _act("Ann", "kill", "Kay")]}
    record = _clans(night)["phases"][0]
    assert {"kind": "death_cause", "player": "Ann", "cause": "bodyguard"} in record["events"]


def test_ru_sport_a_vote_for_a_stranger_or_the_dead_is_refused_by_name():
    """A vote names a living player (the vote rule of every Russian ruleset): a name
    not in the game, or not a name at all, and a dead player are refused, naming the
    one voted for (`check_vote_8/12-17/21/23`)."""
    from tests.engine.test_ru_sport import game, kills, play

    state, _ = play(game(), {"night": kills("Eve", "Bob", "Cid", "Dan")})
    refusals = []
    for target in ("Zed", 7, "Eve"):
        with pytest.raises(roles.IllegalAction) as refused:
            roles.resolve_phase(state, {"day": {"votes": [["Ann", target]]}})
        refusals.append(str(refused.value.reason))
    assert refusals == [
        "Ann: unknown player 'Zed'",
        "Ann: unknown player 7",
        "Ann: cannot vote for Eve: Eve is dead",
    ]


def test_ru_sport_the_hosts_modkill_of_a_stranger_or_the_dead_is_refused_by_name():
    """The host's modkill names a living player: a stranger and the dead are refused,
    the refusal naming the host and the player (`gm_modkills_16/18/23/26/41/44`)."""
    from tests.engine.test_ru_sport import game, kills, play

    state, _ = play(game(), {"night": kills("Eve", "Bob", "Cid", "Dan")})
    refusals = []
    for target in ("Zed", "Eve"):
        day = {"day": {"votes": [], "actions": [_act("GM", "modkill", target)]}}
        with pytest.raises(roles.IllegalAction) as refused:
            roles.resolve_phase(state, day)
        refusals.append(str(refused.value.reason))
    assert refusals == ["GM: unknown player 'Zed'", "GM: Eve is dead"]


def test_ru_classic_a_fast_close_is_a_days_and_never_a_finished_games():
    """003 classic: 'Для закрытия игрового дня фастом нужны голос и фаст всех "живых"
    игроков, кроме голосуемого.' A day's close: never at night, even with every ballot
    fast, nor once the game is over (`fast_close_allowed_3`)."""
    from tests.engine.test_ru_classic import game

    ruleset = roles.get_ruleset("ru_classic")
    from tests.engine.test_ru_classic import NAMES

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


def test_ru_hunt_a_hunter_modkilled_that_night_does_not_hunt():
    """003 hunt: the host's modkill 'The player dies at once: his later moves of the
    phase are void' -- his hunt request too, though the hunt is the night's first step
    (`draw_and_resolve_hunt_4`: the dead hunter's request drawn)."""
    from tests.engine.test_ru_hunt import TIE_DAY, game, hunt, play

    night = [_act("GM", "modkill", "Fay"), hunt("Fay", "Bob", "mafia")]
    _, records = play(game(first="day"), TIE_DAY, {"night": night})
    assert records[-1]["deaths"] == [{"player": "Fay", "role": "civilian", "by": ["modkill"]}]


def test_ru_sport_the_last_mafioso_beside_the_last_civilian_wins():
    """003 sport: the mafia wins when it equals the civilians in number, one against one
    included (`mafia_parity_7`: parity only with two mafiosi or more)."""
    from tests.engine.test_ru_sport import game, kills, play

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


def test_ru_classic_a_member_modkilled_that_night_has_no_say_in_the_kill():
    """003 classic: the mafia's kill is the target most of its members name; a member
    the host modkills that night 'dies at once: his later moves of the phase are void'
    (`_plurality_kill_2/5`: his vote kept, which would tie the kill and leave it to the
    lot)."""
    from tests.engine.test_ru_classic import game

    night = [_act("GM", "modkill", "Cid"), _act("Bob", "kill", "Jon"), _act("Cid", "kill", "Kay")]
    for seed in range(8):
        record = roles.resolve_phase(game(seed=seed), {"night": night}).record
        assert [d["player"] for d in record["deaths"]] == ["Cid", "Jon"]


def test_russian_headlines_count_the_victims():
    """003 classic: 'В случает успешного лечения доктора просто указывается, что жертв
    больше нет'; otherwise the morning post counts the victims, one in the singular
    (`headline_7`)."""
    from roles.rulesets import ru_common

    assert [ru_common.headline(n) for n in (0, 1, 2, 3)] == [
        "There are no victims tonight.",
        "One player was killed tonight.",
        "2 players were killed tonight.",
        "3 players were killed tonight.",
    ]


def test_ru_hunt_the_maniacs_second_shot_at_one_player_is_refused_in_words():
    """003 hunt: the maniac kills 'never the same player two nights in a row, even one
    who survived thanks to the doctor'; the refusal names the role, the rule and the
    player (`ru_common.not_twice_running_1/2/5`, built at import)."""
    from tests.engine.test_ru_hunt import TIE_DAY, game, play

    first = {"night": [_act("Eve", "kill", "Fay"), _act("Ann", "heal", "Fay")]}
    state, _ = play(game(), first, TIE_DAY)
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(state, _act("Eve", "kill", "Fay"))
    assert str(refused.value.reason) == (
        "maniac cannot name the same player two nights in a row (Fay)"
    )


@pytest.mark.parametrize(
    ("mode", "shown"), [("light", "role"), ("half_light", "team"), ("dark", "none")]
)
def test_ru_19_the_reveal_option_sets_what_a_death_shows(mode, shown):
    """003 (19): the host's option `reveal` -- an elimination announces the role
    (light), the team (half_light) or only the name (dark); the ruleset's reveal reads
    that option (`ru_common.reveal_by_option_1/2`, built at import: another option
    read, so every game showed roles)."""
    from tests.engine.test_ru_19 import players

    state = roles.new_game("ru_19", players(), 1, {"reveal": mode}, "night")
    assert roles.get_ruleset("ru_19").reveal(state) == shown


def test_ru_common_a_team_kill_of_an_unknown_mode_is_refused_by_name():
    """A ruleset's team kill is one of the three modes ru_common documents (plurality,
    unanimous, executor); another is a ruleset author's error, named
    (`team_kill_4`)."""
    from roles.rulesets import ru_common

    with pytest.raises(ValueError) as refused:
        ru_common.team_kill("loudest")
    assert str(refused.value) == "unknown kill mode 'loudest'"


def test_ru_sport_the_don_finds_the_commissar_and_classic_kills_by_plurality():
    """003 sport: 'Дон (проверяет ночью статус мирных игроков - ищет комиссара)': his
    check of the commissar says so (`answer_is_role_2`, built at import); 003 classic:
    the mafia kills the player most of its members name; 003 hunt: the executor's
    kill, the last name sent (`team_kill_6`, built at import: no mode, every team kill
    by plurality)."""
    from tests.engine.test_ru_classic import game as classic_game
    from tests.engine.test_ru_sport import game, play

    _, (record,) = play(game(), {"night": [_act("Bob", "check", "Ann")]})
    assert record["results"] == [
        {"to": "Bob", "kind": "check", "target": "Ann", "value": "commissar"}
    ]
    night = [_act("Bob", "kill", "Jon"), _act("Cid", "kill", "Jon"), _act("Dan", "kill", "Kay")]
    deaths = roles.resolve_phase(classic_game(), {"night": night}).record["deaths"]
    assert deaths == [{"player": "Jon", "role": "civilian", "by": ["mafia"]}]
    from tests.engine.test_ru_hunt import game as hunt_game

    for seed in range(6):  # ru_hunt's executor: the last name sent stands, never a lot
        night = [_act("Bob", "kill", "Fay"), _act("Cid", "kill", "Gil")]
        record = roles.resolve_phase(hunt_game(seed=seed), {"night": night}).record
        assert [d["player"] for d in record["deaths"]] == ["Gil"]


# -- ru_eleven: runtime survivors read in session 32 ---------------------------------------


def test_ru_eleven_the_last_decoy_note_sent_stands_and_a_repeat_move_is_refused_by_name():
    """003 eleven: 'Мафия каждую ночь присылает ведущему два имени "подкидышей"' -- of
    two notes the last one sent stands, whoever sits first (`decoys_2/6/7/11/12`: read
    in seat order); '+1 ... кроме того, на которого был ход в прошлый раз' is refused
    naming the move and the player (`not_as_last_time_10-14`, built at import)."""
    import json
    from pathlib import Path

    from tests.engine.test_ru_eleven import cm
    from tests.engine.test_ru_eleven import scenario as eleven_scenario

    night = [
        {"actor": "Kay", "ability": "decoy", "targets": ["Kay", "Ann", "Bob"]},
        {"actor": "Ian", "ability": "decoy", "targets": ["Fay", "Gil", "Hal"]},
        cm("Dan", "commissar", "Ian"),
        cm("Eve", "commissar", "Jon"),
        cm("Fay", "commissar", "Cid"),
    ]
    events = roles.simulate(eleven_scenario({"night": night}))["phases"][0]["events"]
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
