"""A player's name is a label: the seats, not the names, order the engine's work.

Every ruleset settles ties, lots and announcements in seat order ("in seat order" in
the rulings: deaths, results, a lot among shooters, the hunter drawn among
applicants). A random legal game is played, then replayed with every player renamed
so that the alphabetical order of the names runs against the seats; mapped back,
the two games must be the same game: same records, same deaths, same winners. A
rule that sorted by name, or drew a lot from a list in name order, would change
the outcome with the nicknames.

Some lists are shown in alphabetical order on purpose, so that their order tells
nothing (a Lookout's visitors, the Spy's list of the mafia's visits, ru_eleven's
three names of a commissar check, one of them checked): they are compared as sets. One draw is
salted with a name by design: bay12 draws a missing executioner target from a
stream named after the executioner (roles.model's `state.rng`), so the target is
written into the header before the renaming.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

import roles
from tests.kit.engine import (
    EXAMPLES,
    PROPERTY_SETTINGS,
    SEEDS,
    RandomChooser,
    new_random_game,
    random_roster_game,
    ruleset_params,
)
from tests.kit.engine import play_random_game as play

# Names that sort with the seats, and names that sort against them; neither pattern
# occurs in any text the engine writes.
FORWARD = re.compile(r"\bPa(\d\d)\b")
BACKWARD = re.compile(r"\bQz(\d\d)\b")


def forward(seat: int) -> str:
    return f"Pa{seat:02d}"


def backward(seat: int) -> str:
    return f"Qz{99 - seat:02d}"


def seat_of(match: re.Match[str]) -> int:
    number = int(match.group(1))
    return number if match.re is FORWARD else 99 - number


def renamed(data: Any, pattern: re.Pattern[str], name) -> Any:
    """`data` (JSON-able) with every name matched by `pattern` given its seat's `name`."""
    text = json.dumps(data, ensure_ascii=False)
    return json.loads(pattern.sub(lambda m: name(seat_of(m)), text))


def with_seat_names(header: dict[str, Any]) -> dict[str, Any]:
    """The header's players named Pa00, Pa01, ... by seat, each drawn executioner
    target written in (the draw is salted with the executioner's name)."""
    players = [{**p, "name": forward(i)} for i, p in enumerate(header["players"])]
    header = {**header, "players": players}
    state = roles.new_game(header["ruleset"], players, header["seed"], header["options"])
    for player, dealt in zip(players, state.players, strict=True):
        if dealt.role == "executioner" and "target" in dealt.memory:
            player["target"] = dealt.memory["target"]
    return header


UNORDERED = {"visitors": "value", "mafia_visits": "value", "check": "names"}


def unordered_as_sets(data: Any) -> Any:
    """`data` with the lists shown in alphabetical order by design sorted."""
    if isinstance(data, list):
        return [unordered_as_sets(item) for item in data]
    if not isinstance(data, dict):
        return data
    out = {key: unordered_as_sets(value) for key, value in data.items()}
    key = UNORDERED.get(out.get("kind"))
    if key and isinstance(out.get(key), list):
        out[key] = sorted(out[key])
    return out


def same_game_under_other_names(header: dict[str, Any], chooser, first: str) -> None:
    game = play(with_seat_names(header), chooser, first=first)
    scenario = game.scenario
    note(f"scenario: {json.dumps(scenario)}")
    if not scenario["phases"]:
        return
    original = roles.simulate(json.loads(json.dumps(scenario)))
    other = roles.simulate(renamed(scenario, FORWARD, backward))
    mapped = unordered_as_sets(renamed(other, BACKWARD, forward))
    # The order of a mapping's keys may follow the names; the order of lists may not.
    expected = unordered_as_sets(original)
    assert json.dumps(mapped, sort_keys=True) == json.dumps(expected, sort_keys=True)


@pytest.mark.parametrize("ruleset_id", ruleset_params("names"))
@settings(PROPERTY_SETTINGS, max_examples=EXAMPLES * 2)
@given(seed=SEEDS, choice_seed=SEEDS, first=st.sampled_from(["night", "day"]))
def test_a_game_does_not_depend_on_the_players_names(ruleset_id, seed, choice_seed, first):
    chooser = RandomChooser(random.Random(choice_seed))
    header = new_random_game(ruleset_id, chooser, seed)
    same_game_under_other_names(header, chooser, first)


@pytest.mark.parametrize("ruleset_id", ruleset_params("names"))
@settings(PROPERTY_SETTINGS, max_examples=max(2, EXAMPLES * 2 // 3))
@given(seed=SEEDS, choice_seed=SEEDS, first=st.sampled_from(["night", "day"]))
def test_a_random_roster_does_not_depend_on_the_players_names(ruleset_id, seed, choice_seed, first):
    chooser = RandomChooser(random.Random(choice_seed))
    header = random_roster_game(ruleset_id, chooser, seed)
    if header is not None:
        same_game_under_other_names(header, chooser, first)
