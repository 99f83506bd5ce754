"""ru_hunt's vote thread (issue 19), 003: 'В случае, если в теме для голосования, в
сообщении содержится что-либо, кроме ника игрока – голос не будет принят. Если в теме
для голосования игрок призывает голосовать против кого-то – его голос засчитывается
против себя.' The digest: 'repeating it is a modkill. Not voting is a modkill.'

The host reads the thread and gives his rulings as GM day actions: `reject_vote` (voted,
but not accepted: not a no-show, so not the no-vote modkill) and `urged`."""

from __future__ import annotations

import pytest

import roles
from tests.kit.engine import HUNT_NAMES as NAMES
from tests.kit.engine import hunt_game as game
from tests.kit.engine import ru_play as play

GM = "GM"


def ruling(ability, *names):
    return {"actor": GM, "ability": ability, "targets": list(names)}


def day(votes, *actions):
    return {"day": {"votes": votes, "rounds": [], "actions": list(actions)}}


def everyone_votes(target, **changes):
    votes = {n: target for n in NAMES if n != target}
    votes[target] = "Fay" if target != "Fay" else "Gil"
    votes.update(changes)
    return [[voter, voted] for voter, voted in votes.items()]


def test_a_vote_not_accepted_is_not_counted_and_not_a_no_show():
    """'...кроме ника игрока – голос не будет принят': the vote does not count, but the
    player voted, so the no-vote modkill ('Not voting is a modkill') does not strike him."""
    # Eve (the maniac) gets 11 votes; Ann's is not accepted: 10 still eliminate Eve.
    _, (record,) = play(game(first="day"), day(everyone_votes("Eve"), ruling("reject_vote", "Ann")))
    assert record["tally"]["Eve"] == 10
    assert record["lynched"] == ["Eve"]
    assert "Ann" not in {d["player"] for d in record["deaths"]}
    assert {"kind": "vote_not_accepted", "players": ["Ann"]} in record["events"]


def test_a_not_accepted_vote_can_change_the_result():
    """Six against Fay, six against Gil is a tie; one of Fay's six not accepted: Gil leaves."""
    votes = [[n, "Fay" if i % 2 else "Gil"] for i, n in enumerate(NAMES)]
    _, (record,) = play(game(first="day"), day(votes, ruling("reject_vote", "Bob")))
    assert record["tally"] == {"Gil": 6, "Fay": 5}
    assert record["lynched"] == ["Gil"]


def test_urging_counts_the_vote_against_oneself():
    """'Если ... игрок призывает голосовать против кого-то – его голос засчитывается против
    себя.'"""
    _, (record,) = play(game(first="day"), day(everyone_votes("Eve"), ruling("urged", "Ann")))
    assert record["tally"] == {"Eve": 10, "Ann": 1, "Fay": 1}
    assert {"kind": "vote_against_self", "players": ["Ann"]} in record["events"]


def test_urging_without_a_vote_is_still_a_vote_against_oneself():
    votes = [v for v in everyone_votes("Eve") if v[0] != "Lou"]
    _, (record,) = play(game(first="day"), day(votes, ruling("urged", "Lou")))
    assert record["tally"]["Lou"] == 1
    assert "Lou" not in {d["player"] for d in record["deaths"]}
    assert record["lynched"] == ["Eve"]


def test_urging_again_is_a_modkill_and_nobody_else_leaves():
    """The digest: 'urging others to vote against someone counts that vote against oneself;
    repeating it is a modkill', and 003 'в случае автокилла игрока на голосовании – из игры
    никто не выбывает'."""
    state, _ = play(game(first="day"), day(everyone_votes("Eve"), ruling("urged", "Lou")))
    state, _ = play(state, {"night": []})
    alive = {p.name for p in state.players if p.alive}
    votes = [[v, t] for v, t in everyone_votes("Kay") if v in alive and t in alive]
    _, (record,) = play(state, day(votes, ruling("urged", "Lou")))
    assert {d["player"]: d["by"] for d in record["deaths"]} == {"Lou": ["modkill"]}
    assert {"kind": "modkill", "players": ["Lou"], "reason": "urged_again"} in record["events"]
    assert record["lynched"] == []


def test_the_rulings_are_checked():
    with pytest.raises(roles.IllegalAction) as refused:
        play(game(first="day"), day(everyone_votes("Eve"), ruling("reject_vote", "Zed")))
    assert refused.value.message == {
        "id": "refusal.by",
        "params": {
            "actor": "GM",
            "reason": {"id": "refusal.unknown_player", "params": {"player": "Zed"}},
        },
    }
    with pytest.raises(roles.IllegalAction) as refused:
        play(
            game(first="day"),
            day(everyone_votes("Eve"), ruling("reject_vote", "Ann"), ruling("urged", "Ann")),
        )
    assert refused.value.message == {
        "id": "refusal.by",
        "params": {
            "actor": "GM",
            "reason": {"id": "refusal.rejected_and_urged", "params": {"players": "Ann"}},
        },
    }


def test_the_ruling_is_printed():
    """Every new ruling is printed by `python -m roles rules ru_hunt`."""
    text = roles.rules_text("ru_hunt")
    assert "reject_vote" in text and "urged" in text


# -- the rulings' refusals -----------------------------------------------------------------


def test_ru_hunt_vote_thread_rulings_refused_with_their_reasons_and_uncounted():
    """003 hunt: 'голос не будет принят' and 'засчитывается против себя' are the host's
    rulings on living players who voted in the thread. A ruling on an unknown or a dead
    player, or one naming a player both ways, is refused with its reason
    (`ru_hunt._ruled_voters`, `vote_thread_rulings`); a vote not accepted
    from a player whose ballot is missing changes nothing (`_38`); a player modkilled
    for urging again has no ballot counted, cast or not (`_59/61`)."""

    def refusal(state, *rulings, votes=None):
        with pytest.raises(roles.IllegalAction) as refused:
            play(state, day(votes or everyone_votes("Eve"), *rulings))
        return refused.value.message

    start = game(first="day")
    assert refusal(start, ruling("reject_vote", "Zed")) == {
        "id": "refusal.by",
        "params": {
            "actor": "GM",
            "reason": {"id": "refusal.unknown_player", "params": {"player": "Zed"}},
        },
    }
    both = (ruling("reject_vote", "Bob", "Ann"), ruling("urged", "Ann", "Bob", "Cid"))
    assert refusal(start, *both) == (
        {
            "id": "refusal.by",
            "params": {
                "actor": "GM",
                "reason": {"id": "refusal.rejected_and_urged", "params": {"players": "Ann, Bob"}},
            },
        }
    )
    mafia_kill = {
        "night": [
            {"actor": m, "ability": "kill", "targets": ["Lou"]} for m in ("Bob", "Cid", "Dan")
        ]
    }
    after_night, _ = play(game(), mafia_kill)
    without_lou = [v for v in everyone_votes("Eve") if "Lou" not in v]
    assert refusal(after_night, ruling("reject_vote", "Lou"), votes=without_lou) == (
        {
            "id": "refusal.by",
            "params": {
                "actor": "GM",
                "reason": {"id": "refusal.dead", "params": {"player": "Lou"}},
            },
        }
    )

    _, (record,) = play(start, day(without_lou, ruling("reject_vote", "Lou")))
    assert record["tally"] == {"Eve": 10, "Fay": 1}

    state, _ = play(start, day(everyone_votes("Eve"), ruling("urged", "Lou")))
    state, _ = play(state, {"night": []})
    alive = {p.name for p in state.players if p.alive}
    votes = [[v, t] for v, t in everyone_votes("Kay") if v in alive and t in alive]
    for cast in (votes, [v for v in votes if v[0] != "Lou"]):
        _, (record,) = play(state, day(cast, ruling("urged", "Lou")))
        assert record["tally"] == {"Fay": 1, "Kay": 9}
        assert [d["player"] for d in record["deaths"]] == ["Lou"]
