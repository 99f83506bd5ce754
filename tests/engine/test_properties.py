"""Random legal games never break the engine's invariants (issue 2, "Done when").

A game is built only from the engine's own answers: roles are dealt from a
ruleset's presets with `roles.deal`, every night and day action is one of
`roles.choices(state, name)` (targets and extra keys taken from the choice),
and every vote is a ballot `roles.check_vote` accepts. Every registered ruleset
is covered automatically (`roles.list_rulesets()`), so a ruleset added later is
tested without touching this file.

After every phase the test checks:
- nobody dies twice: a phase's deaths are distinct players who were alive
  before it (a revived player may die again later, never while dead);
- the dead never act: `roles.choices` offers a dead player only abilities
  marked `usable_dead`, and `roles.check_action` / `roles.check_vote` refuse
  anything else from them;
- no private result is addressed to someone who is not in the game, and every
  event's seat audience is a player;
- `winners` is a subset of the players, in seating order, and empty while the
  game goes on; once the game has ended every further phase, action and vote
  is refused;
- on one phase a game, drawn at random (a full copy per phase costs more than
  the game): resolving it leaves the old state unchanged, and that state
  round-trips through JSON (`GameState.to_dict` / `from_dict`) and, restored,
  resolves the phase exactly like the original;
and after the whole game: the same seed and input replay to the same outcome
(`json.dumps` equal), and `roles.simulate` of the recorded scenario reproduces
the game that was played.

On a failure, hypothesis prints the scenario played so far (a valid input of
`python -m roles simulate`) as the minimal failing input.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

import roles
from roles import GameState, IllegalAction
from tests.kit.engine import (
    EXAMPLES,
    MAX_PHASES,
    PROPERTY_SETTINGS,
    SEEDS,
    PlayedGame,
    RandomChooser,
    new_random_game,
    play_random_game,
    random_roster_game,
    ruleset_params,
)

# -- the invariants -------------------------------------------------------------------


def check_phase(before: GameState, phase: dict[str, Any], result: roles.PhaseResult) -> None:
    after, record = result.state, result.record
    names = [p.name for p in before.players]
    alive_before = set(before.alive_names())

    # Nobody dies twice.
    dead_now = [d["player"] for d in record["deaths"]]
    assert len(dead_now) == len(set(dead_now)), f"a player dies twice: {dead_now}"
    assert set(dead_now) <= alive_before, f"the dead die again: {set(dead_now) - alive_before}"
    for name in dead_now:
        assert not after.player(name).alive, f"{name} is reported dead but alive"

    # Results and events reach only players of this game.
    for entry in record["results"]:
        assert entry["to"] in names, f"a result for a stranger: {entry}"
    for event in result.events:
        if isinstance(event.audience, tuple) and event.audience[0] == "seat":
            assert event.audience[1] in names, f"an event for a stranger: {event}"

    # Winners are players, in seating order, and only once the game is over.
    assert after.winners == [n for n in names if n in set(after.winners)]
    if not after.ended:
        assert after.winners == []

    check_dead_cannot_act(after)
    if after.ended:
        check_game_over_refuses(after)


def check_dead_cannot_act(state: GameState) -> None:
    """A dead player is offered, and may use, only abilities marked usable_dead."""
    if state.ended:
        return
    ruleset = roles.get_ruleset(state.ruleset)
    living = state.alive_names()
    for player in state.dead():
        for choice in roles.choices(state, player.name):
            ability = ruleset.roles[player.role].ability(choice.ability)
            assert ability.usable_dead, f"dead {player.name} is offered {choice.ability}"
        for ability in ruleset.roles[player.role].abilities:
            if ability.usable_dead or ability.phase != state.phase_kind:
                continue
            action = {
                "actor": player.name,
                "ability": ability.id,
                "targets": living[: ability.targets.count],
            }
            with pytest.raises(IllegalAction, match="dead"):
                roles.check_action(state, action)
        if state.phase_kind == "day" and living:
            with pytest.raises(IllegalAction, match="dead"):
                roles.check_vote(state, player.name, living[0])


def check_game_over_refuses(state: GameState) -> None:
    kind = state.phase_kind
    with pytest.raises(IllegalAction):
        roles.resolve_phase(
            state, {kind: [] if kind == "night" else {"votes": [], "rounds": [], "actions": []}}
        )
    for player in state.players:
        assert roles.choices(state, player.name) == []
        with pytest.raises(IllegalAction):
            roles.check_action(state, {"actor": player.name, "targets": []})
        with pytest.raises(IllegalAction):
            roles.check_vote(state, player.name, None)


def check_round_trip(game: PlayedGame, index: int) -> None:
    """A stored state survives JSON (the site's storage) and, restored, resolves its
    next phase exactly like the original did."""
    state = game.states[index]
    stored = state.to_dict()
    restored = GameState.from_dict(json.loads(json.dumps(stored)))
    assert restored.to_dict() == stored
    if index < len(game.records):
        again = roles.resolve_phase(restored, game.scenario["phases"][index])
        assert json.dumps(again.record) == json.dumps(game.records[index])
        assert again.state.to_dict() == game.states[index + 1].to_dict()


def check_replay(game: PlayedGame) -> None:
    """Same seed, same input, same outcome: `simulate` of the recorded scenario (a second,
    independent run) reproduces the game that was played, byte for byte."""
    scenario = game.scenario
    if scenario["phases"]:
        outcome = roles.simulate(json.loads(json.dumps(scenario)))
        final = game.final
        assert json.dumps(outcome["phases"]) == json.dumps(game.records)
        assert outcome["alive"] == final.alive_names()
        assert outcome["roles"] == {p.name: p.role for p in final.players}
        assert outcome["ended"] == final.ended
        assert outcome["winners"] == final.winners
    if game.final.ended:
        kind = game.final.phase_kind
        extra = {kind: [] if kind == "night" else {"votes": [], "rounds": [], "actions": []}}
        with pytest.raises(roles.ScenarioError, match="ended"):
            roles.simulate({**scenario, "phases": [*scenario["phases"], extra]})


# -- the tests -------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ruleset_params())
@PROPERTY_SETTINGS
@given(seed=SEEDS, choice_seed=SEEDS, first=st.sampled_from(["night", "day"]))
def test_random_legal_games_keep_the_invariants(ruleset_id, seed, choice_seed, first) -> None:
    chooser = RandomChooser(random.Random(choice_seed))
    header = new_random_game(ruleset_id, chooser, seed)
    note(f"scenario header: {json.dumps(header)}; first phase: {first}")
    watch = chooser.count(0, MAX_PHASES - 1)
    game = play_random_game(header, chooser, first=first, check=check_phase, watch=watch, log=note)
    note(f"scenario: {json.dumps(game.scenario)}")
    check_round_trip(game, min(watch, len(game.records)))
    check_replay(game)


@pytest.mark.parametrize("ruleset_id", ruleset_params("rosters"))
@PROPERTY_SETTINGS
@given(seed=SEEDS, choice_seed=SEEDS, first=st.sampled_from(["night", "day"]))
def test_random_rosters_keep_the_invariants(ruleset_id, seed, choice_seed, first) -> None:
    """The same invariants with any roster of the ruleset's roles, repeated or missing
    (two Witches, a lone Serial Killer, three players): presets are not the only games."""
    chooser = RandomChooser(random.Random(choice_seed))
    header = random_roster_game(ruleset_id, chooser, seed)
    if header is None:
        header = new_random_game(ruleset_id, chooser, seed)
    note(f"scenario header: {json.dumps(header)}; first phase: {first}")
    watch = chooser.count(0, MAX_PHASES - 1)
    game = play_random_game(header, chooser, first=first, check=check_phase, watch=watch, log=note)
    note(f"scenario: {json.dumps(game.scenario)}")
    check_round_trip(game, min(watch, len(game.records)))
    check_replay(game)


@pytest.mark.parametrize("ruleset_id", ruleset_params("together"))
@settings(PROPERTY_SETTINGS, max_examples=max(2, EXAMPLES * 2 // 3))
@given(seed=SEEDS, choice_seed=SEEDS, first=st.sampled_from(["night", "day"]))
def test_choices_taken_together_are_accepted(ruleset_id, seed, choice_seed, first) -> None:
    """Actions each taken from `choices` and accepted by `check_action` make a phase the
    resolver accepts: the site validates each submission alone, then closes the phase."""
    chooser = RandomChooser(random.Random(choice_seed))
    header = new_random_game(ruleset_id, chooser, seed)
    note(f"scenario header: {json.dumps(header)}; first phase: {first}")
    game = play_random_game(header, chooser, first=first, max_phases=4, log=note)
    assert game.refusals == []


@pytest.mark.parametrize("ruleset_id", [r.id for r in roles.list_rulesets()])
def test_players_of_one_role_share_no_memory(ruleset_id: str) -> None:
    """Found by the random rosters: two townston Mad Hatters shared one bombs list (the
    role's default memory), so one's plant showed up in the other's bombs, and a game
    restored from JSON (two lists) then played differently. Every role with a default
    memory, twice in a game: no mutable value is shared, with the other or the ruleset."""
    ruleset = roles.get_ruleset(ruleset_id)
    for role in ruleset.roles.values():
        defaults = role.traits.get("memory", {})
        if not any(isinstance(v, (list, dict, set)) for v in defaults.values()):
            continue
        players = [{"name": "Ann", "role": role.id}, {"name": "Bob", "role": role.id}]
        filler = next(r for r in ruleset.roles.values() if not r.traits.get("memory"))
        players += [{"name": n, "role": filler.id} for n in ("Cid", "Dan", "Eve")]
        try:
            state = roles.new_game(ruleset_id, players)
        except (IllegalAction, ValueError):
            continue  # a roster the ruleset's setup refuses
        for key, value in defaults.items():
            if isinstance(value, (list, dict, set)):
                ann, bob = state.player("Ann").memory[key], state.player("Bob").memory[key]
                assert ann is not bob and ann is not value, f"{role.id} memory {key} shared"


def test_two_mad_hatters_keep_their_own_bombs() -> None:
    """townston (001): each Mad Hatter plants and detonates his own bombs."""
    state = roles.new_game(
        "townston",
        [
            {"name": "Ann", "role": "mad_hatter"},
            {"name": "Bob", "role": "mad_hatter"},
            {"name": "Cid", "role": "townie"},
            {"name": "Dan", "role": "townie"},
        ],
    )
    night = {
        "night": [
            {"actor": "Ann", "ability": "plant", "targets": ["Cid"]},
            {"actor": "Bob", "ability": "plant", "targets": ["Dan"]},
        ]
    }
    after = roles.resolve_phase(state, night).state
    assert after.player("Ann").memory["bombs"] == ["Cid"]
    assert after.player("Bob").memory["bombs"] == ["Dan"]
    restored = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert roles.resolve_phase(restored, night).state.to_dict() == after.to_dict()


def test_every_ruleset_is_covered() -> None:
    ids = [r.id for r in roles.list_rulesets()]
    assert "bay12" in ids
    assert [p.values[0] for p in ruleset_params()] == ids


def test_the_driver_plays_real_games() -> None:
    """The random games are not all empty: over a few seeds, people act, vote and die."""
    acted = voted = died = ended = 0
    for seed in range(12):
        chooser = RandomChooser(random.Random(seed))
        game = play_random_game(new_random_game("bay12", chooser, seed), chooser, max_phases=14)
        for phase in game.scenario["phases"]:
            acted += bool(phase.get("night") or phase.get("day", {}).get("actions"))
            voted += bool(phase.get("day", {}).get("votes"))
        died += sum(len(r["deaths"]) for r in game.records)
        ended += game.final.ended
    assert acted and voted and died and ended


def test_dead_player_refusal_is_checked_for_a_known_death() -> None:
    """A concrete case of the property: the Mafioso kills Ann; she can no longer heal."""
    state = roles.new_game(
        "bay12",
        [
            {"name": "Ann", "role": "doctor"},
            {"name": "Bob", "role": "mafioso"},
            {"name": "Cid", "role": "townie"},
            {"name": "Dan", "role": "townie"},
        ],
        seed=3,
    )
    result = roles.resolve_phase(state, {"night": [{"actor": "Bob", "targets": ["Ann"]}]})
    assert [d["player"] for d in result.record["deaths"]] == ["Ann"]
    day = roles.resolve_phase(result.state, {"day": {"votes": [], "rounds": [], "actions": []}})
    assert roles.choices(day.state, "Ann") == []
    with pytest.raises(IllegalAction, match="Ann is dead"):
        roles.check_action(day.state, {"actor": "Ann", "targets": ["Cid"]})
    check_phase(result.state, {"day": {}}, day)
