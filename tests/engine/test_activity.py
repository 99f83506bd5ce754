"""Activity rules (issue 16): the posts rule's defaults and verdicts, and the no-vote
modkill as a ruleset option. Each test quotes the sentence of 003 it checks.

003 (classic): 'Игроки обязаны написать не менее 10 игровых постов в первые три дня ...
Отсуствие 10 игровых постов карается предупреждением на первый день и
модкиллом/авткиллом при повторении инактивной игры.' (the digest: 'Each player must
write at least 10 game posts in each of the first three days; missing that earns a
warning the first time and a modkill when repeated.')
"""

from __future__ import annotations

import doctest

import pytest

import roles
from roles import activity
from roles.activity import MODKILL, NO_RULE, WARNING, Activity, post_verdicts
from tests.kit.engine import cli_stdout

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil", "Hal", "Ian", "Jon", "Kay", "Lou"]
CLASSIC_ROLES = ["doctor", "mafia", "mafia", "advocate", "commissar", *["civilian"] * 7]
HUNT_ROLES = ["doctor", "mafia", "mafia", "mafia", "maniac", *["civilian"] * 7]


def _players(role_list):
    return [{"name": n, "role": r} for n, r in zip(NAMES, role_list, strict=True)]


def test_ru_classic_defaults_are_ten_posts_in_each_of_the_first_three_days():
    """'не менее 10 игровых постов в первые три дня'."""
    assert roles.get_ruleset("ru_classic").activity == Activity(min_posts=10, post_days=3)


def test_rulesets_without_the_rule_have_none():
    """Only the classic document sets a minimum of posts."""
    for ruleset in roles.list_rulesets():
        if ruleset.id != "ru_classic":
            assert ruleset.activity == NO_RULE, ruleset.id
            assert not ruleset.activity.applies_on(1)


def test_a_first_shortfall_is_a_warning_and_a_repeat_a_modkill():
    """'предупреждением на первый день и модкиллом/авткиллом при повторении'."""
    rules = roles.get_ruleset("ru_classic").activity
    day1 = post_verdicts(rules, 1, {"Ann": 10, "Bob": 9, "Cid": 0}, warned=set())
    assert day1 == {"Bob": WARNING, "Cid": WARNING}
    day2 = post_verdicts(rules, 2, {"Ann": 2, "Bob": 9, "Cid": 25}, warned={"Bob", "Cid"})
    assert day2 == {"Ann": WARNING, "Bob": MODKILL}


def test_the_rule_holds_only_in_the_first_days():
    """'в первые три дня': day 4 counts nothing, however few the posts."""
    rules = Activity(min_posts=10, post_days=3)
    assert post_verdicts(rules, 3, {"Ann": 0}, warned={"Ann"}) == {"Ann": MODKILL}
    assert post_verdicts(rules, 4, {"Ann": 0}, warned={"Ann"}) == {}
    assert post_verdicts(Activity(min_posts=0, post_days=3), 1, {"Ann": 0}, set()) == {}
    assert post_verdicts(Activity(min_posts=5, post_days=0), 1, {"Ann": 0}, set()) == {}


def test_rules_print_the_activity_defaults_and_rulings(capsys):
    text = cli_stdout(capsys, "rules", "ru_classic")
    assert (
        "Activity (defaults; the GM may change them): at least 10 game posts in each of "
        "the first 3 days; a warning the first time, a modkill when repeated." in text
    )
    assert "A game post is a post in the day thread by a living player" in text
    assert "second shortfall on a later day" in text
    assert "- no_vote_modkill = True (one of: True, False)" in text
    sport = roles.rules_text("ru_sport")
    assert "Activity (defaults; the GM may change them): no minimum of posts." in sport
    assert "no_vote_modkill" not in sport.split("Presets:")[0]


# -- the no-vote modkill -----------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["ru_classic", "ru_hunt"])
def test_the_no_vote_modkill_is_an_option_on_by_default(ruleset_id):
    """'Not voting is a modkill' (the digest, classic and the peaceful hunt)."""
    options = {o.id: o for o in roles.get_ruleset(ruleset_id).options}
    assert options["no_vote_modkill"].default is True
    assert options["no_vote_modkill"].choices == (True, False)


def _classic_day(options):
    state = roles.new_game("ru_classic", _players(CLASSIC_ROLES), 0, options, "day")
    votes = [[n, "Bob"] for n in NAMES if n not in ("Bob", "Kay")] + [["Bob", "Ann"]]
    return roles.resolve_phase(state, {"day": {"votes": votes, "rounds": [], "actions": []}})


def test_classic_no_vote_modkill_on():
    """'Отсутствие голоса на голосовании - модкилл (автокилл)'."""
    record = _classic_day({}).record
    assert {d["player"]: d["by"] for d in record["deaths"]} == {
        "Bob": ["lynch"],
        "Kay": ["modkill"],
    }
    assert {"kind": "modkill", "players": ["Kay"], "reason": "no_vote"} in record["events"]


def test_classic_no_vote_modkill_off_spares_the_silent_player():
    result = _classic_day({"no_vote_modkill": False})
    assert {d["player"]: d["by"] for d in result.record["deaths"]} == {"Bob": ["lynch"]}
    assert not any(e.get("kind") == "modkill" for e in result.record["events"])
    assert result.state.player("Kay").alive


def _hunt_day(options):
    state = roles.new_game("ru_hunt", _players(HUNT_ROLES), 0, options, "day")
    votes = [[n, "Bob"] for n in NAMES if n not in ("Bob", "Lou")] + [["Bob", "Fay"]]
    return roles.resolve_phase(state, {"day": {"votes": votes}}).record


def test_hunt_no_vote_modkill_on_stops_the_lynch():
    """'В случае неявки на голосование – игрока также постигает автокилл. При равенстве
    голосов или в случае автокилла игрока на голосовании – из игры никто не выбывает.'"""
    record = _hunt_day({})
    assert record["lynched"] == []
    assert {d["player"]: d["by"] for d in record["deaths"]} == {"Lou": ["modkill"]}


def test_hunt_no_vote_modkill_off_lets_the_lynch_stand():
    record = _hunt_day({"no_vote_modkill": False})
    assert record["lynched"] == ["Bob"]
    assert {d["player"]: d["by"] for d in record["deaths"]} == {"Bob": ["lynch"]}


def test_the_option_takes_only_on_or_off():
    with pytest.raises(ValueError, match="no_vote_modkill"):
        roles.new_game("ru_classic", _players(CLASSIC_ROLES), 0, {"no_vote_modkill": "x"}, "day")


def test_the_docstring_example_runs():
    assert doctest.testmod(activity).failed == 0


def test_two_days_of_posts_read_as_two_days():
    # 003: "in each of the first two days" (the rule's own count, not "the first day").
    assert Activity(10, 2).text() == (
        "at least 10 game posts in each of the first 2 days; a warning the first time, "
        "a modkill when repeated"
    )


# -- the rule in words ---------------------------------------------------------------------


def test_the_activity_rule_in_words_for_one_day_and_for_several():
    """003 (ru_classic): 'at least 10 game posts in each of the first three days'; the
    site shows the GM's own numbers in these words (catches: the one-day wording)."""
    assert Activity(3, 1).text() == (
        "at least 3 game posts in the first day; a warning the first time, a modkill when repeated"
    )
    assert Activity(10, 3).text().startswith("at least 10 game posts in each of the first 3 days")
