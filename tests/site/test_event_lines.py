"""Every kind of event line, each of its branches in English and in Russian, equals its
golden file (games/text.py: EVENT_LINES, one formatter for each kind the site logs,
and what the payload says for any other kind). GOLDEN_UPDATE=1 rewrites the file."""

import os
from pathlib import Path

import pytest

from games import text
from games.models import Event

GOLDEN = Path(__file__).parent / "golden" / "event_lines.txt"
LANGUAGES = ("en", "ru")
CLOCK = "2026-01-01T18:00:00Z"
MOVE = {"ability": "heal", "targets": ["bob"]}
DEATHS = {"deaths": [{"player": "ann", "role": "doctor", "faction": "town"}]}
POSTS = {"posts": 3, "needed": 10, "day": 2}
BY_COGM = {"acting": "carol", "acting_cogm": True}  # a co-GM's tool names him

# (kind, payload, ruleset): each kind the table knows, one sample for each branch.
SAMPLES = [
    ("joined", {"player": "ann"}, "bay12"),
    ("left", {"player": "ann"}, "bay12"),
    ("left_game", {"player": "ann", "by": "gm", "tonight": True}, "bay12"),
    ("left_game", {"player": "ann", "by": "gm"}, "bay12"),
    ("left_game", {"player": "ann", "tonight": True}, "bay12"),
    ("left_game", {"player": "ann"}, "bay12"),
    ("signups", {"open": True}, "bay12"),
    ("signups", {"open": False}, "bay12"),
    ("game_cancelled", {"gm": "gemma"}, "bay12"),
    ("game_cancelled", {"gm": "gemma", "reason": "Too few players."}, "bay12"),
    ("game_cancelled", {"gm": "carol", "reason": "", **BY_COGM}, "bay12"),
    ("game_started", {"players": ["ann", "bob"]}, "bay12"),
    ("note", {"text": "Bob did it."}, "bay12"),
    ("death_note", {"player": "ann", "text": "Bob did it."}, "bay12"),
    ("will", {"player": "ann", "text": "Trust bob."}, "bay12"),
    ("will", {"player": "ann", "text": ""}, "bay12"),
    ("last_will", {"player": "ann", "text": "Trust bob."}, "bay12"),
    ("role", {"role": "doctor", "faction": "town"}, "bay12"),
    ("flavour", {"role": "doctor", "text": "A healer."}, "bay12"),
    ("flavour", {"role_name": "Healer", "text": "A healer."}, "bay12"),
    ("flavour", {"role": "doctor", "text": ""}, "bay12"),
    (
        "dealt",
        {
            "players": [
                {"player": "ann", "role": "mafioso"},
                {"player": "bob", "role": "consigliere", "told": "townie"},
                {"player": "cat", "name": "Miller", "told_name": "Townie"},
            ]
        },
        "bay12",
    ),
    ("masks", {"masks": [{"mask": "Oak", "account": "ann"}]}, "bay12"),
    ("your_mask", {"mask": "Oak"}, "bay12"),
    ("teammates", {"members": ["ann", "bob"]}, "bay12"),
    ("phase_opened", {"kind": "night", "number": 1, "deadline": CLOCK}, "bay12"),
    ("phase_opened", {"kind": "day", "number": 2, "deadline": CLOCK}, "bay12"),
    (
        "phase_closed",
        {"phase": "night", "number": 1, "deaths": [], "headline": "Nobody died last night."},
        "bay12",
    ),
    (
        "phase_closed",
        {"phase": "day", "number": 1, **DEATHS, "tally": {"ann": 2}, "lynched": ["ann"]},
        "bay12",
    ),
    ("phase_closed", {"phase": "night", "number": 1, "deaths": [], **BY_COGM}, "bay12"),
    (
        "phase_record",
        {
            "phase": "night",
            "number": 1,
            "deaths": [],
            "results": [{"to": "ann", "kind": "check", "target": "bob", "value": "mafia"}],
        },
        "bay12",
    ),
    ("phase_record", {"phase": "day", "number": 1, "deaths": [], "results": []}, "bay12"),
    ("action_recorded", {"player": "ann", **MOVE}, "bay12"),
    ("action_recorded", MOVE, "bay12"),
    ("action_recorded", {**MOVE, "replaces": ["kill"]}, "bay12"),
    ("action_recorded", {"player": "ann", "ability": "vest", "targets": []}, "bay12"),
    ("action_recorded", {"ability": "vest", "targets": [], "replaces": ["heal"]}, "bay12"),
    ("action_recorded", {"player": "ann", "done": True}, "bay12"),
    ("action_recorded", {"done": True}, "bay12"),
    ("action_recorded", {"player": "ann", "ability": ""}, "bay12"),
    ("action_recorded", {}, "bay12"),
    ("action_withdrawn", {"player": "ann", "ability": "heal"}, "bay12"),
    ("action_withdrawn", {"ability": "heal"}, "bay12"),
    ("action_withdrawn", {"player": "ann"}, "bay12"),
    ("action_withdrawn", {}, "bay12"),
    (
        "rooms",
        {"player": "ann", "joined": ["Mafia chat"], "left": [], "joined_ids": ["faction:mafia"]},
        "bay12",
    ),
    ("rooms", {"player": "ann", "joined": [], "left": ["Old chat"]}, "bay12"),
    ("spectator_joined", {"spectator": "eve"}, "bay12"),
    ("game_over", {"winners": ["ann", "bob"]}, "bay12"),
    ("modkill", {"reason": "posts", "you": True, **POSTS}, "bay12"),
    ("modkill", {"reason": "posts", **DEATHS, **POSTS}, "bay12"),
    ("modkill", {"you": True}, "bay12"),
    ("modkill", {"player": "ann", **DEATHS, "void_votes": ["bob"]}, "bay12"),
    ("modkill", {"player": "ann", "deaths": [{"player": "ann"}]}, "bay12"),
    ("modkill", {"player": "ann", "deaths": [{"player": "ann"}], **BY_COGM}, "bay12"),
    # A vote is a change (games/services/votes.py); one logged with the whole tally
    # before says no "was" and reads as cast.
    ("vote", {"voter": "ann", "target": "bob", "round": 0}, "bay12"),
    ("vote", {"voter": "ann", "target": "bob", "round": 0, "was": "cat"}, "bay12"),
    ("vote", {"voter": "ann", "target": "bob", "round": 0, "fast": True}, "ru_classic"),
    ("vote", {"voter": "ann", "target": "bob", "was": "cat", "fast": True}, "ru_classic"),
    ("vote", {"voter": "ann", "target": "pass", "round": 0, "was": "bob"}, "ru_sport"),
    ("vote", {"voter": "ann", "target": "execute", "round": 1}, "ru_sport"),
    ("vote", {"voter": "ann", "target": None, "round": 0, "was": "bob"}, "bay12"),
    ("vote", {"voter": "ann", "target": None, "round": 0}, "bay12"),
    ("vote", {"voter": "ann", "target": "bob", "round": 0, "tally": {"bob": ["ann"]}}, "bay12"),
    ("vote_ruled", {"player": "ann"}, "ru_hunt"),
    ("vote_ruled", {"player": "ann", "ruling": "urged"}, "ru_hunt"),
    ("vote_ruled", {"player": "ann", "ruling": "urged"}, None),
    ("activity_warning", {"player": "ann", **POSTS}, "bay12"),
    ("substitute_wanted", {"player": "ann", **POSTS}, "bay12"),
    ("substitute_wanted", {"you": True, **POSTS}, "bay12"),
    (
        "reminder",
        {"kind": "day", "number": 2, "deadline": CLOCK, "minutes": 15, "owes": "vote"},
        "bay12",
    ),
    ("reminder", {"kind": "night", "number": 2, "deadline": CLOCK, "minutes": 15}, "bay12"),
    ("reminder", {"number": 2, "minutes": 15}, "bay12"),
    ("posts_rule", {"from_day": 2, "min_posts": 0, "post_days": 3}, "bay12"),
    ("posts_rule", {"from_day": 2, "min_posts": 10, "post_days": 3}, "bay12"),
    (
        "posts_rule",
        {"from_day": 2, "min_posts": 10, "post_days": 3, "substitute_instead": True},
        "bay12",
    ),
    ("deadline_extended", {"deadline": CLOCK}, "bay12"),
    ("deadline_extended", {"gm": "gemma", "by": 900, "paused": True, "remaining": 600}, "bay12"),
    ("deadline_extended", {"gm": "gemma", "by": 4000, "deadline": CLOCK}, "bay12"),
    (
        "deadline_extended",
        {"gm": "gemma", "by": 900, "deadline": CLOCK, "acting_cogm": True, "acting": "carol"},
        "bay12",
    ),
    ("paused", {"remaining": 600}, "bay12"),
    ("paused", {"remaining": 600, **BY_COGM}, "bay12"),
    ("resumed", {"deadline": CLOCK}, "bay12"),
    ("replaced", {"player": "ann", "by": "bob"}, "bay12"),
    ("replaced", {"player": "Oak", "masked": True}, "bay12"),
    ("cogm_added", {"account": "carol"}, "bay12"),
    ("cogm_removed", {"account": "carol"}, "bay12"),
    ("gm_handed_over", {"was": "gemma", "account": "carol"}, "bay12"),
    ("bots_added", {"players": ["bot1", "bot2"]}, "bay12"),
    ("bot_removed", {"player": "bot1"}, "bay12"),
    ("action_void", {"player": "ann"}, "bay12"),
    ("decision_needed", {"kind": "action", "deadline": CLOCK}, "bay12"),
    ("decision_needed", {"kind": "round", "question": "ann is dead"}, "bay12"),
    ("decision_needed", {"reason": "ann is dead"}, "bay12"),
    ("close_refused", {"reason": "x", "refusal": "ann is dead"}, "bay12"),
    ("close_refused", {"reason": "p01: not yet"}, "bay12"),
    ("roulette", {"lines": ["ann spins.", "Click."]}, "bay12"),
    ("roulette_option", {"spectators_play": True}, "bay12"),
    ("roulette_option", {"spectators_play": False}, "bay12"),
    ("result", {"to": "ann", "kind": "check", "target": "bob", "value": "mafia"}, "bay12"),
    ("result", {"to": "ann", "kind": "blocked"}, "bay12"),
    ("death", {"player": "ann", "role": "doctor"}, "bay12"),
    ("death", {"player": "ann"}, "bay12"),
    ("death", {"player": "ann", "kind": "check", "target": "bob", "value": "mafia"}, "bay12"),
]

# Kinds the table does not know: bookkeeping says nothing; a payload with a value is
# the seat's own result; else its text, its headline, its description, its fields.
UNLISTED = [
    ("post", {"text": "hello"}, "bay12"),
    ("pm", {"text": "hello"}, "bay12"),
    ("game_created", {"name": "Friday"}, "bay12"),
    ("check_result", {"kind": "check", "target": "bob", "value": "mafia"}, "bay12"),
    ("notice", {"text": "The text."}, "bay12"),
    ("notice", {"headline": "The headline."}, "bay12"),
    ("notice", {"description": "The description."}, "bay12"),
    ("some_notice", {"a": 1, "b": "two"}, "bay12"),
    ("some_notice", {}, "bay12"),
]


def line(kind: str, payload: dict, ruleset: str | None, lang: str) -> str:
    event = Event(kind=kind, payload=payload, audience="public")
    event.ruleset = ruleset
    return text.event_text(event, lang, lambda name: "she" if name == "ann" else "they")


def test_the_walk_knows_every_kind_of_the_table():
    walked = {kind for kind, _payload, _ruleset in SAMPLES}
    assert walked == set(text.EVENT_LINES)
    assert not {kind for kind, _payload, _ruleset in UNLISTED} & set(text.EVENT_LINES)


@pytest.mark.parametrize("kind", sorted(text.QUIET_KINDS))
def test_bookkeeping_says_nothing(kind):
    assert all(line(kind, {"text": "x"}, "bay12", lang) == "" for lang in LANGUAGES)


def test_every_line_in_both_languages_equals_its_golden_file():
    said = "".join(
        f"{kind} {lang}: {line(kind, payload, ruleset, lang)}\n"
        for kind, payload, ruleset in SAMPLES + UNLISTED
        for lang in LANGUAGES
    )
    if os.environ.get("GOLDEN_UPDATE") == "1":
        GOLDEN.write_text(said, encoding="utf-8")
    assert said == GOLDEN.read_text(encoding="utf-8")
