"""The engine suite's shared helpers (tests/engine): tables, moves and games of each
ruleset, refusals read as message ids, and the random legal games built from the
engine's own answers. A helper used by one test module stays in that module.
"""

from __future__ import annotations

import ast
import functools
import io
import json
import os
import random
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import Phase, settings
from hypothesis import strategies as st

import roles
from roles import GameState, IllegalAction
from roles.__main__ import main
from roles.night import PhaseContext
from roles.roulette import Table, apply, bullet_chamber

# -- moves, phases and refusals of any ruleset ------------------------------------------


def move(actor, ability, *targets):
    """A night or day action naming its ability."""
    return {"actor": actor, "ability": ability, "targets": list(targets)}


def day(*votes, actions=()):
    return {"day": {"votes": [list(v) for v in votes], "rounds": [], "actions": list(actions)}}


def quiet_day(actions=()):
    return {"day": {"votes": [], "rounds": [], "actions": list(actions)}}


def offered(state, name):
    """The engine's choices for `name` now, by ability."""
    return {c.ability: c for c in roles.choices(state, name)}


def choice(state, name, ability):
    return next((c for c in roles.choices(state, name) if c.ability == ability), None)


def refused(state, action) -> dict:
    """The message (id and params) of the engine's refusal of `action` now."""
    with pytest.raises(roles.IllegalAction) as refusal:
        roles.check_action(state, action)
    return refusal.value.message


def vote_refused(state, voter, target) -> dict:
    with pytest.raises(roles.IllegalAction) as refusal:
        roles.check_vote(state, voter, target)
    return refusal.value.message


def phase_refused(state, phase_input) -> dict:
    with pytest.raises(roles.IllegalAction) as refusal:
        roles.resolve_phase(state, phase_input)
    return refusal.value.message


def refusal_text(state, action) -> str:
    """The engine's refusal of `action` now, in English."""
    with pytest.raises(roles.IllegalAction) as refused:
        roles.check_action(state, action)
    return str(refused.value.reason)


def phase_context(ruleset_id: str, seats: list[tuple[str, str]], seed: int = 1) -> PhaseContext:
    players = [{"name": name, "role": role} for name, role in seats]
    state = roles.new_game(ruleset_id, players, seed)
    return PhaseContext(state, roles.get_ruleset(ruleset_id), random.Random(seed))


# -- bay12: players named after their role -----------------------------------------------

TOWN6 = ["townie", "townie", "townie", "townie"]
ABILITY_IDS = {"douse", "ignite", "haunt"}


def bay12_roster(role_ids):
    """Each player named after his role; a second townie is Townie2."""
    seen: dict[str, int] = {}
    players = []
    for role in role_ids:
        seen[role] = seen.get(role, 0) + 1
        base = role.replace("_", " ").title().replace(" ", "")
        name = base if seen[role] == 1 else f"{base}{seen[role]}"
        players.append({"name": name, "role": role})
    return players


def bay12_sim(role_ids, phases, seed=0, options=None, extra=None):
    players = bay12_roster(role_ids)
    for p in players:
        p.update((extra or {}).get(p["name"], {}))
    return roles.simulate(
        {
            "ruleset": "bay12",
            "seed": seed,
            "options": options or {},
            "players": players,
            "phases": phases,
        }
    )


def bay12_night(*actions):
    """A night of (actor, [ability,] *targets) tuples or whole action dicts."""
    out = []
    for a in actions:
        if isinstance(a, dict):
            out.append(a)
            continue
        actor, *rest = a
        if rest and isinstance(rest[0], str) and rest[0] in ABILITY_IDS:
            out.append({"actor": actor, "ability": rest[0], "targets": list(rest[1:])})
        else:
            out.append({"actor": actor, "targets": list(rest)})
    return {"night": out}


def deaths(outcome, index):
    return {d["player"] for d in outcome["phases"][index]["deaths"]}


def results(outcome, index, to=None, kind=None):
    return [
        r
        for r in outcome["phases"][index]["results"]
        if (to is None or r["to"] == to) and (kind is None or r["kind"] == kind)
    ]


BAY12_SEVEN = ["mafioso", "consort", "sheriff", "doctor", "escort", "townie", "townie"]
SEVEN_NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil"]


def bay12_seven(reveal="role", first="day"):
    """A bay12 game of seven: Ann Mafioso, Bob Consort, Cid Sheriff, Dan Doctor, Eve
    Escort, Fay and Gil Townies."""
    players = [{"name": n, "role": r} for n, r in zip(SEVEN_NAMES, BAY12_SEVEN, strict=True)]
    return roles.new_game("bay12", players, seed=3, options={"reveal": reveal}, first_phase=first)


# -- sc2: Ann.. take the given roles -----------------------------------------------------

SC2_NAMES = "Ann Bob Cid Dan Eve Fay Gus Hal Ivy Jon Kay Lou".split()


def sc2_table(*head: str) -> list[dict]:
    """Ann.. take the given roles; the rest are Citizens, Kay the SK and Lou a Consort."""
    role_ids = list(head) + ["citizen"] * (10 - len(head)) + ["serial_killer", "consort"]
    return [{"name": n, "role": r} for n, r in zip(SC2_NAMES, role_ids, strict=True)]


def sc2_roster(*head: str) -> list[dict]:
    """Ann.. take the given roles, the rest are Citizens."""
    role_ids = list(head) + ["citizen"] * (len(SC2_NAMES) - len(head))
    return [{"name": n, "role": r} for n, r in zip(SC2_NAMES, role_ids, strict=True)]


def sc2_game(players, options=None, first="night", seed=1):
    return roles.new_game("sc2", players, seed, options or {}, first)


def sc2_play(state, *phases):
    """The state after `phases`."""
    for phase in phases:
        state = roles.resolve_phase(state, phase).state
    return state


def sc2_sim(players, phases, options=None, seed=1):
    return roles.simulate(
        {
            "ruleset": "sc2",
            "seed": seed,
            "options": options or {},
            "players": players,
            "phases": phases,
        }
    )


# -- the Russian rulesets ------------------------------------------------------------------


def ru_play(state, *phases):
    """The state after `phases` and each phase's record."""
    records = []
    for phase in phases:
        result = roles.resolve_phase(state, phase)
        records.append(result.record)
        state = result.state
    return state, records


SPORT_NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil", "Hal", "Ian", "Jon"]
SPORT_ROLES = ["commissar", "don", "mafia", "mafia", *["civilian"] * 6]
SPORT_PLAYERS = [{"name": n, "role": r} for n, r in zip(SPORT_NAMES, SPORT_ROLES, strict=True)]


def sport_game(first="night", options=None, players=SPORT_PLAYERS, seed=0):
    return roles.new_game("ru_sport", players, seed, options or {}, first)


HUNT_NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil", "Hal", "Ian", "Jon", "Kay", "Lou"]
HUNT_ROLES = ["doctor", "mafia", "mafia", "mafia", "maniac", *["civilian"] * 7]
HUNT_PLAYERS = [{"name": n, "role": r} for n, r in zip(HUNT_NAMES, HUNT_ROLES, strict=True)]
HUNT_TIE_DAY = {
    "day": {
        "votes": [[n, "Fay" if i % 2 else "Gil"] for i, n in enumerate(HUNT_NAMES)],
        "rounds": [],
        "actions": [],
    }
}


def hunt_game(first="night", players=HUNT_PLAYERS, seed=0):
    return roles.new_game("ru_hunt", players, seed, {}, first)


def hunt(hunter, target, guess):
    return {"actor": hunter, "ability": "hunt", "targets": [target], "guess": guess}


def apply_hunt_day(*names):
    """A day with no votes where `names` apply to hunt (ru_19 and the two-clan game)."""
    actions = [move(n, "apply_hunt") for n in names]
    return {"day": {"votes": [], "rounds": [], "actions": actions}}


ELEVEN_PLAYERS = [
    ("Ann", "doctor"),
    ("Bob", "plus_vote"),
    ("Cid", "minus_vote"),
    ("Dan", "commissar"),
    ("Eve", "civilian"),
    ("Fay", "civilian"),
    ("Gil", "civilian"),
    ("Hal", "civilian"),
    ("Ian", "mafia"),
    ("Jon", "hangman"),
    ("Kay", "advocate"),
]


def eleven_game() -> roles.GameState:
    return roles.new_game("ru_eleven", [{"name": n, "role": r} for n, r in ELEVEN_PLAYERS], seed=3)


# -- townston ------------------------------------------------------------------------------

TOWNSTON_FULL = [
    ("Ann", "townie"),
    ("Bob", "hitman"),
    ("Cid", "bodyguard"),
    ("Dan", "townie"),
    ("Eve", "detective"),
    ("Fay", "godfather"),
    ("Gil", "veteran"),
    ("Hal", "vigilante"),
    ("Ivy", "mad_hatter"),
    ("Jon", "paramedic"),
    ("Kim", "paranoid"),
    ("Lou", "townie"),
]


def townston_players(pairs=TOWNSTON_FULL):
    return [{"name": n, "role": r} for n, r in pairs]


def act(actor, ability=None, *targets, **extra):
    """An action as a phase's input holds it; no "ability" key without one."""
    action = {"actor": actor, "targets": list(targets), **extra}
    if ability:
        action["ability"] = ability
    return action


def townston_night(*actions):
    return {"night": list(actions)}


def townston_play(phases, pairs=TOWNSTON_FULL, seed=1, options=None):
    """The state after `phases`, played through the engine's own transition."""
    state = roles.new_game("townston", townston_players(pairs), seed, options or {}, "night")
    for phase in phases:
        state = roles.resolve_phase(state, phase).state
    return state


def townston_simulate(phases, pairs=TOWNSTON_FULL, seed=1, options=None):
    return roles.simulate(
        {
            "ruleset": "townston",
            "seed": seed,
            "options": options or {},
            "players": townston_players(pairs),
            "phases": phases,
        }
    )


# -- the graveyard's roulette ----------------------------------------------------------------

RICH = {name: 1000 for name in ("ann", "bob", "cid", "dee", "eve")}


def roulette_play(table, actor, text, balances=RICH, seed=7, now=0.0, **kw):
    return apply(table, actor, text, balances=balances, seed=seed, now=now, **kw)


def roulette_seated(*names, seed=7, bets=None, chambers=6, min_bet=10):
    """A table opened by the first name, joined by the others, bets placed, not started."""
    table = roulette_play(Table(), names[0], f"-roulette {min_bet} {chambers}", seed=seed).table
    for name in names[1:]:
        table = roulette_play(table, name, "-join", seed=seed).table
    for name, amount in (bets or {}).items():
        table = roulette_play(table, name, f"-bet {amount}", seed=seed).table
    return table


def roulette_started(*names, seed=7, **kw):
    return roulette_play(roulette_seated(*names, seed=seed, **kw), names[0], "-start", seed=seed)


def seed_with_bullet(chamber: int, chambers: int = 6, round_no: int = 1) -> int:
    return next(s for s in range(1000) if bullet_chamber(s, round_no, chambers) == chamber)


# -- the command line and the engine's source ------------------------------------------------


def run_cli(argv, capsys, monkeypatch, stdin=None):
    """`python -m roles ARGV` in this process: exit code, stdout, stderr."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def cli_stdout(capsys, *argv) -> str:
    """What `python -m roles ARGV` prints, run in this process (the command line's
    process contract has its own tests in test_api.py); it must exit 0."""
    capsys.readouterr()
    assert main(list(argv)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


# A word in Latin letters (a Russian line has none but the players' names), and a raw id
# of the engine (serial_killer, role_change, last_words ...) that no reader should see.
LATIN = re.compile(r"[A-Za-z]+")
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")

MUTANT = re.compile(r"__mutmut_\d+$")


def without_mutants(tree: ast.Module) -> ast.Module:
    """The tree less mutmut's mutant copies of functions (`x_f__mutmut_3`): under a
    mutation run (bench/mutation.py) roles/ is the mutated tree, whose copies hold
    altered kinds ("XXsavedXX") that are no kind of the engine."""
    for node in ast.walk(tree):
        if hasattr(node, "body") and isinstance(node.body, list):
            node.body = [
                n
                for n in node.body
                if not (
                    isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and MUTANT.search(n.name)
                )
            ]
    return tree


@functools.cache
def engine_trees() -> tuple[ast.Module, ...]:
    """Every module of roles/ (the imported package: under a mutation run, the mutated
    tree) parsed once, less mutmut's mutant copies. Read, never changed, by the tests."""
    root = Path(roles.__file__).parent
    return tuple(
        without_mutants(ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(root.rglob("*.py"))
    )


# -- random legal games, built from the engine's own answers ---------------------------------

T = TypeVar("T")

RANDOM_NAMES = (
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


def seat_names(count: int) -> list[str]:
    """Names for `count` seats: short real names, then P27, P28, ..."""
    return [RANDOM_NAMES[i] if i < len(RANDOM_NAMES) else f"P{i + 1}" for i in range(count)]


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


def play_random_game(
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


@functools.cache  # the tests only read the states
def sample_states(ruleset_id: str, games: int = 3, max_phases: int = 6) -> list[GameState]:
    """States at the start of each phase of a few seeded random games, by day and by night,
    from presets and (every third game) random rosters; more with PROPERTY_EXAMPLES."""
    games = max(games, EXAMPLES // 2)
    states = []
    for seed in range(games):
        chooser = RandomChooser(random.Random(f"{ruleset_id}:{seed}"))
        first = ("night", "day")[seed % 2]
        header = random_roster_game(ruleset_id, chooser, seed) if seed % 3 == 2 else None
        header = header or new_random_game(ruleset_id, chooser, seed)
        game = play_random_game(header, chooser, first, max_phases)
        states.extend(s for s in game.states if not s.ended)
    return states
