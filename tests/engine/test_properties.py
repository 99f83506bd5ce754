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
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest
from hypothesis import Phase, given, note, settings
from hypothesis import strategies as st

import roles
from roles import GameState, IllegalAction

T = TypeVar("T")

NAMES = (
    "Ann Bob Cid Dan Eve Fay Gus Hal Ivy Jon Kit Lea Max Ned Oli "
    "Pam Quin Rex Sam Tom Uma Val Wes Xan Yul Zoe"
).split()
# Games per ruleset and test, and phases per game: few, so the engine suite runs in
# seconds; a deeper search is an environment variable away
# (PROPERTY_EXAMPLES=300 PROPERTY_PHASES=30 python -m pytest tests/engine/test_properties.py).
EXAMPLES = int(os.environ.get("PROPERTY_EXAMPLES", "6"))
MAX_PHASES = int(os.environ.get("PROPERTY_PHASES", "10"))

# Rulesets whose random games are known to break a property: (test, ruleset id) ->
# the minimal failing case. Marked xfail(strict=False) so the owner sees it fixed.
KNOWN_FAILURES: dict[tuple[str, str], str] = {}


def seat_names(count: int) -> list[str]:
    """Names for `count` seats: short real names, then P27, P28, ..."""
    return [NAMES[i] if i < len(NAMES) else f"P{i + 1}" for i in range(count)]


# -- where the random decisions come from -------------------------------------------


class RandomChooser:
    """Every random decision of the driver, from one seeded `random.Random`.

    Hypothesis draws the seeds (of the game and of the driver's choices), so a
    failing example is two integers and the scenario the notes print; drawing
    each small decision from hypothesis instead cost more than the games.
    """

    def __init__(self, rng: random.Random):
        self.rng = rng

    def pick(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def chance(self) -> bool:
        return self.rng.random() < 0.7

    def count(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.rng.shuffle(out)
        return out


# -- building a legal phase from the engine's answers ---------------------------------


def action_from_choice(choice: roles.Choice, actor: str, chooser) -> dict[str, Any]:
    """One action a choice allows: its ability, some of its targets, its extra keys."""
    low = min(choice.min_targets, len(choice.targets))
    high = min(choice.max_targets, len(choice.targets))
    targets = chooser.shuffled(choice.targets)[: chooser.count(low, high)]
    action: dict[str, Any] = {"actor": actor, "ability": choice.ability, "targets": targets}
    for key, values in sorted(choice.extra.items()):
        action[key] = chooser.pick(values)
    return action


def random_actions(state: GameState, chooser) -> list[dict[str, Any]]:
    """Some players use some of the abilities `roles.choices` offers them now."""
    single = roles.get_ruleset(state.ruleset).one_action_per_phase
    actions = []
    for player in state.players:
        offered = roles.choices(state, player.name)
        while offered and chooser.chance():
            choice = chooser.pick(offered)
            offered = [] if single else [c for c in offered if c.ability != choice.ability]
            action = action_from_choice(choice, player.name, chooser)
            try:
                roles.check_action(state, action)
            except IllegalAction:
                # A combination the per-target list cannot show (a transporter naming
                # himself first); whether single targets agree is test_api's subject.
                continue
            actions.append(action)
    return chooser.shuffled(actions)


def ballot_options(state: GameState, voter: str) -> list[Any]:
    """Every ballot `roles.check_vote` accepts from `voter`: living names, pass, withdraw."""
    options: list[Any] = []
    for target in [*state.alive_names(), "pass", None]:
        try:
            roles.check_vote(state, voter, target)
        except IllegalAction:
            continue
        options.append(target)
    return options


def random_votes(state: GameState, chooser) -> list[list[Any]]:
    """Votes in the order cast; some voters change their mind later, as often as the
    ruleset lets them (`Ruleset.vote_changes`)."""
    changes = roles.get_ruleset(state.ruleset).vote_changes
    votes = []
    for voter in chooser.shuffled(state.alive_names()):
        options = ballot_options(state, voter)
        if options and chooser.chance():
            votes.append([voter, chooser.pick(options)])
    for _ in range(chooser.count(0, 2)):
        cast = {}
        for voter, _target in votes:
            cast[voter] = cast.get(voter, 0) + 1
        may_change = [v for v, n in cast.items() if changes is None or n <= changes]
        if may_change:
            voter = chooser.pick(may_change)
            votes.append([voter, chooser.pick(ballot_options(state, voter))])
    return votes


def random_phase(state: GameState, chooser) -> dict[str, Any]:
    actions = random_actions(state, chooser)
    if state.phase_kind == "night":
        return {"night": actions}
    rounds = [random_votes(state, chooser) for _ in range(chooser.count(0, 1))]
    return {"day": {"votes": random_votes(state, chooser), "rounds": rounds, "actions": actions}}


def resolve_legal(
    state: GameState, phase: dict[str, Any], chooser, refusals: list[str]
) -> tuple[dict[str, Any], roles.PhaseResult]:
    """Resolve a random phase, as the site would when the engine asks or refuses.

    - `roles.PendingDecision`: the phase needs an answer (a re-vote round, the
      host's choice); the driver answers among the offered choices and resolves
      again, as the site does after opening the round or asking the GM.
    - Later voting rounds are offered in advance; a ruleset that asks no such
      question may refuse them, and the day then runs without.
    - A refusal that names an actor (a constraint between players, such as one
      executor a night, which no single player's `choices` can show) drops that
      actor's actions and is kept in `refusals`:
      `test_choices_taken_together_are_accepted` wants none.
    """
    names = {p.name for p in state.players}
    rounds_in_advance = "day" in phase and bool(phase["day"]["rounds"])
    for _attempt in range(4 * len(names) + 8):
        try:
            return phase, roles.resolve_phase(state, phase)
        except roles.PendingDecision as pending:
            phase = {"day": answer(phase["day"], pending, chooser)}
            rounds_in_advance = False
        except IllegalAction as exc:
            if rounds_in_advance:
                phase = {"day": {**phase["day"], "rounds": []}}
                rounds_in_advance = False
                continue
            actor = exc.reason.split(":", 1)[0]
            if actor not in names or not any(a["actor"] == actor for a in actions_of(phase)):
                raise
            refusals.append(f"{state.phase_label}: {exc.reason}")
            phase = without_actions_of(phase, actor)
    raise AssertionError(f"the phase never closes: {json.dumps(phase)}")


def answer(day: dict[str, Any], pending: roles.PendingDecision, chooser) -> dict[str, Any]:
    """The day input with the pending question answered by a random legal choice."""
    assert pending.choices, f"a question without choices: {pending.reason}"
    day = dict(day)
    if pending.kind == "round":
        ballots = [[voter, chooser.pick(pending.choices)] for voter in pending.voters]
        day["rounds"] = [*day["rounds"][: pending.index], ballots]
    else:
        assert pending.kind == "action", f"an unknown kind of question: {pending.kind}"
        act = {
            "actor": pending.actor,
            "ability": pending.ability,
            "targets": [chooser.pick(pending.choices)],
        }
        day["actions"] = [*day["actions"], act]
    return day


def actions_of(phase: dict[str, Any]) -> list[dict[str, Any]]:
    return phase["night"] if "night" in phase else phase["day"]["actions"]


def without_actions_of(phase: dict[str, Any], actor: str) -> dict[str, Any]:
    kept = [a for a in actions_of(phase) if a["actor"] != actor]
    return {"night": kept} if "night" in phase else {"day": {**phase["day"], "actions": kept}}


# -- a whole game ------------------------------------------------------------------


@dataclass
class PlayedGame:
    scenario: dict[str, Any]
    states: list[GameState] = field(default_factory=list)  # before each phase, then final
    records: list[dict[str, Any]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)  # see resolve_legal

    @property
    def final(self) -> GameState:
        return self.states[-1]


def new_random_game(ruleset_id: str, chooser, seed: int) -> dict[str, Any]:
    """A scenario header: a preset dealt with `roles.deal`, options drawn from their choices."""
    ruleset = roles.get_ruleset(ruleset_id)
    if ruleset.presets:
        preset = chooser.pick(list(ruleset.presets.values()))
        players = roles.deal(ruleset_id, preset.id, seat_names(len(preset.roles)), seed)
        fixed = dict(preset.options)
    else:
        role_ids = sorted(ruleset.roles)
        players = [
            {"name": n, "role": r} for n, r in zip(seat_names(len(role_ids)), role_ids, strict=True)
        ]
        fixed = {}
    options = {
        o.id: fixed[o.id] if o.id in fixed else chooser.pick(o.choices)
        for o in ruleset.options
        if o.id in fixed or o.choices
    }
    try:
        roles.new_game(ruleset_id, players, seed, options)
    except (IllegalAction, ValueError):
        options = fixed  # a combination the ruleset refuses (sc2: no sheriff detects anything)
    return {"ruleset": ruleset_id, "seed": seed, "options": options, "players": players}


def random_roster_game(ruleset_id: str, chooser, seed: int) -> dict[str, Any] | None:
    """A scenario header with 3 to 20 roles of the ruleset drawn with repetition (the
    contract lets a scenario use any roster), default options; None if refused."""
    role_ids = sorted(roles.get_ruleset(ruleset_id).roles)
    size = chooser.count(3, 20)
    players = [{"name": n, "role": chooser.pick(role_ids)} for n in seat_names(size)]
    try:
        roles.new_game(ruleset_id, players, seed)
    except (IllegalAction, ValueError):
        return None  # a roster the ruleset's setup refuses (a clan game without clans ...)
    return {"ruleset": ruleset_id, "seed": seed, "options": {}, "players": players}


def play(
    scenario: dict[str, Any],
    chooser,
    first: str = "night",
    max_phases: int = MAX_PHASES,
    check=None,
    watch: int | None = None,
    log=None,
) -> PlayedGame:
    """Play random legal phases until the game ends; `check(before, phase, result)` each.

    Before phase number `watch` (0-based) the state is stored, and resolving the
    phase must leave it unchanged (a copy per phase is too slow to check them all).
    """
    state = roles.new_game(
        scenario["ruleset"], scenario["players"], scenario["seed"], scenario["options"], first
    )
    game = PlayedGame(scenario={**scenario, "phases": []}, states=[state])
    while not state.ended and len(game.records) < max_phases:
        phase = random_phase(state, chooser)
        if log is not None:
            log(f"next phase: {json.dumps(phase)}")
        watched = len(game.records) == watch
        snapshot = state.to_dict() if watched else None
        phase, result = resolve_legal(state, phase, chooser, game.refusals)
        if watched:
            assert state.to_dict() == snapshot, "resolve_phase changed the old state"
        game.scenario["phases"].append(phase)
        if check is not None:
            check(state, phase, result)
        game.records.append(result.record)
        game.states.append(result.state)
        state = result.state
    return game


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


def ruleset_params(test: str = "invariants") -> list:
    params = []
    for ruleset in roles.list_rulesets():
        marks = []
        reason = KNOWN_FAILURES.get((test, ruleset.id))
        if reason:
            marks.append(pytest.mark.xfail(strict=False, reason=reason))
        params.append(pytest.param(ruleset.id, marks=marks, id=ruleset.id))
    return params


SEEDS = st.integers(0, 2**32 - 1)
PROPERTY_SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    # Shrinking two seeds means nothing; the notes print the failing scenario instead.
    phases=[Phase.explicit, Phase.generate],
    # The same examples on every run: a shared suite must not flake.
    derandomize=True,
    database=None,
)


@pytest.mark.parametrize("ruleset_id", ruleset_params())
@PROPERTY_SETTINGS
@given(seed=SEEDS, choice_seed=SEEDS, first=st.sampled_from(["night", "day"]))
def test_random_legal_games_keep_the_invariants(ruleset_id, seed, choice_seed, first) -> None:
    chooser = RandomChooser(random.Random(choice_seed))
    header = new_random_game(ruleset_id, chooser, seed)
    note(f"scenario header: {json.dumps(header)}; first phase: {first}")
    watch = chooser.count(0, MAX_PHASES - 1)
    game = play(header, chooser, first=first, check=check_phase, watch=watch, log=note)
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
    game = play(header, chooser, first=first, check=check_phase, watch=watch, log=note)
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
    game = play(header, chooser, first=first, max_phases=4, log=note)
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
        game = play(new_random_game("bay12", chooser, seed), chooser, max_phases=14)
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
