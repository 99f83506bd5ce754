"""The parity property (issue 13): the site takes what the engine takes, and what it
stores is what the engine plays.

For every ruleset (its smallest preset; for bay12 its smallest with a Jester, who
haunts from the grave: town10), random play driven through the services until the
second night has closed or the game ended. By night every seat the engine offers moves
(alive or dead) sends a drawn subset of them (all, several, "do nothing", "nothing
more", a change of mind, a withdrawal and the moves again, or nothing), with drawn
targets and extra values; by day the living vote (names and "pass"; most ballots for a
few drawn names, two days in three split level between two of them, so that ties ask
for re-votes and decisions), change and withdraw their votes, and send the day's moves;
the engine's questions (the GM's tie decision, a hangman's, re-vote and verdict rounds)
are answered with drawn choices (`answer_pending`); the GM closes each phase that did
not close early. Now and then a wild, mostly illegal, move or vote is drawn.

- Every drawn input goes to the engine first: `roles.check_action` / `check_vote`,
  then in the phase's context (the stored input with it added must still resolve:
  `roles.resolve_phase`; a question back is fine). Accepted there: the site must
  take it; refused: the site must raise `ServiceError` and change nothing. What the
  services refuse on their own, as they document it, is accounted for: "do nothing" /
  "nothing more" only from a seat offered something, no withdrawal of nothing, no day
  vote while the day waits for a decision, fast votes only for a name where the
  ruleset has them (the vote-change limit is the engine's count, judged in context).
- After each accepted input the stored input of the open phase still resolves.
- After each close the stored input (`services.phase_input`) is exactly what was
  sent, in order, and `roles.simulate` of the stored game (the dealt roles in seat
  order, the seed, the options and each closed phase's stored input) gives each
  stored `phase.record`, phase by phase, and the stored end state (alive, roles,
  ended, winners; `replay` for the whole state).

A break this test found, and fixed (issue 13): in the rulesets with one action per
phase (bay12, townston, ru_19) the site stored a seat's second counted move, which the
engine refused at the close. The engine now says which earlier move a move replaces
(`roles.replaced_moves`), the site drops it, and the drawn play sends every offered
move there too (`test_a_second_move_where_the_ruleset_allows_one`).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import roles
from games import services
from games.models import Action, Game, Status, Vote
from games.models import Phase as GamePhase
from games.services import ServiceError
from tests.kit.games import answer_pending, make_user, replay, seat_players


def acts_dead(ruleset, role_id: str) -> bool:
    return any(a.usable_dead for a in ruleset.roles[role_id].abilities)


def smallest_preset(ruleset) -> str:
    """The ruleset's smallest preset, or its smallest with a role that acts from the
    grave (bay12's Jester haunts a voter the night after his lynch): the dead's moves
    are part of the property."""
    by_size = sorted(ruleset.presets, key=lambda p: (len(ruleset.presets[p].roles), p))
    haunted = [p for p in by_size if any(acts_dead(ruleset, r) for r in ruleset.presets[p].roles)]
    return (haunted or by_size)[0]


PRESETS = [(ruleset.id, smallest_preset(ruleset)) for ruleset in roles.list_rulesets()]

# How a seat with moves plays a phase, and how a living seat votes (repeats weight it).
MOVE_PLANS = ["all", "all", "all", "some", "some", "nothing", "finish", "redo", "skip", "wild"]
VOTE_PLANS = ["vote", "vote", "vote", "vote", "change", "withdraw", "wild", "silent"]

# The day procedures a game may be created with, drawn where the ruleset has them, the
# ones that make the engine ask weighted up: ru_classic's tie rule "gm" (the GM decides
# a tie), sc2's day type "majority_trial" (a trial's verdict round).
DRAWN_OPTIONS = {"tie": "gm", "day_type": "majority_trial"}
NIGHTS = 2  # play until the second night has closed
EXAMPLES = 5  # games per ruleset, each to its second night (~35 s for the file here)
MAX_CLOSES = 12  # closes and answered questions of one phase before the test gives up


def table_of(size: int) -> dict:
    """`size` players s00, s01, ... (made once per test; every example reuses them)."""
    users = {}
    for i in range(size):
        name = f"s{i:02d}"
        users[name] = get_user_model().objects.filter(username=name).first() or make_user(name)
    return users


def refusal_of(check, *args) -> str | None:
    """The engine's reason for refusing, or None when it accepts (or asks a question)."""
    try:
        check(*args)
    except roles.PendingDecision:
        return None
    except roles.IllegalAction as refusal:
        return refusal.reason
    return None


def counted(ruleset, ability: roles.Ability) -> bool:
    """Does the move use the seat's one action of the phase (Ruleset.one_action_per_phase)?"""
    return ruleset.one_action_per_phase and not ability.free


def ability_of(ruleset, state, name: str, ability_id: str) -> roles.Ability | None:
    """The role's ability of that id in the current phase (pick_ability's rule)."""
    named = [a for a in ruleset.roles[state.player(name).role].abilities if a.id == ability_id]
    return next((a for a in named if a.phase == state.phase_kind), named[0] if named else None)


class Sent:
    """The input of one phase as the players (and the GM) sent it, in order: a move of
    an ability replaces the seat's earlier one of that ability (and goes last), a
    withdrawal or "do nothing" removes moves, a ballot is appended to its round. The
    site must store exactly this (services.phase_input)."""

    def __init__(self, kind: str):
        self.kind = kind
        self.moves: list[dict] = []
        self.gm: list[dict] = []
        self.votes: list[list] = []
        self.rounds: list[list[list]] = []

    def move(self, action: dict, replaced=()) -> None:
        """The move replaces the seat's earlier one of that ability and the moves the
        engine says it replaces (roles.replaced_moves: one action a phase)."""
        gone = {action["ability"], *replaced}
        self.moves = [
            m for m in self.moves if m["actor"] != action["actor"] or m["ability"] not in gone
        ]
        self.moves.append(dict(action))

    def withdraw(self, name: str, ability: str | None = None) -> None:
        self.moves = [
            m for m in self.moves if m["actor"] != name or ability not in (None, m["ability"])
        ]

    def ballot(self, round_index: int, voter: str, choice: str) -> None:
        while len(self.rounds) <= round_index:
            self.rounds.append([])
        self.rounds[round_index].append([voter, choice])

    def phase_input(self) -> dict:
        if self.kind == GamePhase.NIGHT:
            return {"night": self.moves}
        return {
            "day": {"votes": self.votes, "rounds": self.rounds, "actions": self.moves + self.gm}
        }


class ParityPlay:
    """One game of drawn play, each input and each close checked against the engine."""

    def __init__(self, data, gemma, users: dict, game: Game):
        self.data = data
        self.gemma = gemma
        self.users = users
        self.game = game
        self.ruleset = roles.get_ruleset(game.ruleset_id)
        self.names = list(users)
        self.inputs: Counter = Counter()  # what was tried, for the summary
        self.accepted = 0
        self.pool: list[str] = []  # the day's few candidates most ballots name
        self.split = False  # the day's ballots keep the two of the pool level
        self.phase: GamePhase | None = None
        self.state: roles.GameState | None = None  # fixed while a phase is open
        self.open_now = False
        self.sent = Sent(GamePhase.NIGHT)

    def draw(self, strategy, label=None):
        return self.data.draw(strategy, label=label)

    # -- where the game is ----------------------------------------------------------------

    def start_phase(self) -> None:
        self.game.refresh_from_db()
        self.phase = services.open_phase(self.game)
        self.state = services.engine_state(self.game)
        self.open_now = True
        self.sent = Sent(self.phase.kind)

    def is_open(self) -> bool:
        """Is the phase being played still open (not closed early)? Reads its pending and
        the GM's answers (phase_input reads those from the row)."""
        fields = ("closed_at", "pending", "gm_actions")
        row = GamePhase.objects.filter(pk=self.phase.pk).values(*fields).get()
        self.phase.pending, self.phase.gm_actions = row["pending"], row["gm_actions"]
        self.open_now = row["closed_at"] is None
        return self.open_now

    def playable(self) -> bool:
        """Open and not waiting for a decision: moves and day votes may be drawn. (Read
        after every input the site took: a refused one changes nothing.)"""
        return self.open_now and not self.phase.pending

    def where(self) -> str:
        return f"{self.game.ruleset_id} seed {self.game.seed} {self.phase}"

    def snapshot(self):
        """What a refused input must leave as it was: the game row, the open phase, its
        moves and ballots."""
        phase = self.phase
        return (
            Game.objects.filter(pk=self.game.pk)
            .values_list("last_event_seq", "status", "state")
            .get(),
            GamePhase.objects.filter(pk=phase.pk)
            .values_list("closed_at", "pending", "deadline")
            .get(),
            list(
                Action.objects.filter(phase=phase)
                .order_by("id")
                .values_list("id", "seat_id", "ability", "targets", "extra", "submitted_at")
            ),
            list(
                Vote.objects.filter(phase=phase)
                .order_by("id")
                .values_list("id", "voter_id", "target", "round", "fast")
            ),
        )

    # -- one input, the engine first ------------------------------------------------------

    def expect(self, kind: str, label: str, refusal: str | None, call, sent=None) -> bool:
        """Run one service call the engine judged (`refusal` None: accepted). A refusal
        must change nothing: the game row, the open phase, its moves and ballots; an
        accepted input changes what the players sent (`sent`, applied to self.sent)."""
        before = self.snapshot() if refusal is not None else None
        try:
            call()
        except ServiceError as error:
            assert refusal is not None, (
                f"{self.where()}: the site refused {label}, which the engine accepts: {error}"
            )
            assert self.snapshot() == before, f"{self.where()}: refused {label} changed the game"
            self.inputs[f"{self.phase.kind} {kind} refused"] += 1
            return False
        assert refusal is None, (
            f"{self.where()}: the site accepted {label}, which the engine refuses: {refusal}"
        )
        self.inputs[f"{self.phase.kind} {kind}"] += 1
        self.accepted += 1
        if sent is not None:
            sent()
        if self.is_open():
            stored = self.settled_input()
            refused = refusal_of(roles.resolve_phase, self.state, stored)
            assert refused is None, (
                f"{self.where()}: after {label} the site stores an input the engine "
                f"refuses: {refused}; input {stored}"
            )
        return True

    def settled_input(self) -> dict:
        """The open phase's stored input, but for a round still being voted: until every
        voter has voted it is incomplete (the engine refuses it, and the site holds the
        phase open: phases.stall), so it is left out and the engine must ask for it."""
        stored = services.phase_input(self.phase)
        pending = self.phase.pending
        if pending.get("kind") == "round":
            del stored["day"]["rounds"][pending["index"] :]
        return stored

    def replaced_by(self, action: dict) -> list[str]:
        """The seat's stored moves this one replaces, as the engine says."""
        sent = Action.objects.filter(phase=self.phase, seat__name=action["actor"])
        abilities = set(sent.values_list("ability", flat=True))
        return roles.replaced_moves(self.state, action["actor"], action["ability"], abilities)

    def with_move(self, action: dict, replaced=()) -> dict:
        """The open phase's stored input with `action` (replacing the seat's earlier choice
        of that ability and what it replaces, as the site does)."""
        stored = services.phase_input(self.phase)
        moves = stored["night"] if "night" in stored else stored["day"]["actions"]
        gone = {action["ability"], *replaced}
        moves[:] = [
            m for m in moves if m.get("actor") != action["actor"] or m.get("ability") not in gone
        ] + [action]
        return stored

    def submit(self, name: str, ability: str, targets: list[str], extra: dict) -> bool:
        action = {"actor": name, "ability": ability, "targets": targets, **extra}
        refusal = refusal_of(roles.check_action, self.state, action)
        replaced = self.replaced_by(action) if refusal is None else []
        if refusal is None:
            refusal = refusal_of(roles.resolve_phase, self.state, self.with_move(action, replaced))
        alive = self.state.player(name).alive
        return self.expect(
            "move" if alive else "move of the dead",
            f"{action}",
            refusal,
            lambda: services.submit_action(
                self.users[name], self.game.id, ability=ability, targets=targets, extra=extra
            ),
            lambda: self.sent.move(action, replaced),
        )

    def offered_refusal(self, name: str) -> str | None:
        """The site's own rule for "do nothing" / "nothing more": only from a seat the
        engine offers something now."""
        return None if services.choices_now(self.state, name) else "nothing is offered"

    def do_nothing(self, name: str) -> bool:
        return self.expect(
            "do nothing",
            f"{name}: do nothing",
            self.offered_refusal(name),
            lambda: services.submit_action(self.users[name], self.game.id, ability=""),
            lambda: self.sent.withdraw(name),
        )

    def finish(self, name: str) -> bool:
        return self.expect(
            "nothing more",
            f"{name}: nothing more",
            self.offered_refusal(name),
            lambda: services.finish_actions(self.users[name], self.game.id),
        )

    def withdraw(self, name: str, ability: str | None) -> bool:
        rows = Action.objects.filter(phase=self.phase, seat__name=name)
        if ability is not None:
            rows = rows.filter(ability=ability)
        return self.expect(
            "withdrawal",
            f"{name}: withdraw {ability or 'everything'}",
            None if rows.exists() else "nothing to withdraw",
            lambda: services.withdraw_action(self.users[name], self.game.id, ability=ability),
            lambda: self.sent.withdraw(name, ability),
        )

    def vote(self, name: str, target: str | None, fast: bool = False) -> bool:
        """A ballot of the day's vote: the engine's check_vote, then the ballot in the
        day's context (the ruleset's limit on vote changes is the engine's count), then
        what the services refuse on their own."""
        refusal = refusal_of(roles.check_vote, self.state, name, target)
        if refusal is None:
            stored = services.phase_input(self.phase)
            stored["day"]["votes"].append([name, target])
            refusal = refusal_of(roles.resolve_phase, self.state, stored)
        refusal = refusal or self.ballot_bookkeeping(name, target, fast)
        kind = "vote" if target is not None else "vote withdrawal"
        return self.expect(
            f"fast {kind}" if fast else kind,
            f"{name} votes {target!r}{' (fast)' if fast else ''}",
            refusal,
            lambda: services.cast_vote(self.users[name], self.game.id, target, fast=fast),
            lambda: self.sent.votes.append([name, target]),
        )

    def ballot_bookkeeping(self, name: str, target: str | None, fast: bool) -> str | None:
        """What cast_vote refuses beside the engine: a day waiting for a decision (its
        rounds have their own voters and choices: answer_pending casts those), a fast
        vote where the ruleset has none or for no name, a withdrawal of no vote."""
        if self.phase.pending:
            return "the vote is over: the day waits for a decision"
        if fast and (self.ruleset.fast_close is None or target is None):
            return "no such fast vote"
        if target is None and services.current_votes(self.phase).get(name) is None:
            return "no vote to withdraw"
        return None

    # -- drawing a seat's play ------------------------------------------------------------

    def targets_for(self, name: str, choice: dict) -> list[str]:
        """Between min and max of the choice's targets, distinct where the rule says so."""
        offered = choice["targets"]
        low, high = choice["min_targets"], choice["max_targets"]
        rule = ability_of(self.ruleset, self.state, name, choice["ability"]).targets
        if not offered:
            return []
        if rule.distinct:
            high = min(high, len(offered))
            if high < low:
                return offered[:low]  # too few names to choose from: the engine refuses it
            return self.draw(
                st.lists(st.sampled_from(offered), min_size=low, max_size=high, unique=True)
            )
        return self.draw(st.lists(st.sampled_from(offered), min_size=low, max_size=high))

    def legal_move(self, name: str, choice: dict) -> bool:
        extra = {k: self.draw(st.sampled_from(v)) for k, v in choice["extra"].items() if v}
        return self.submit(name, choice["ability"], self.targets_for(name, choice), extra)

    def wild_move(self, name: str) -> bool:
        """Mostly not legal: any ability of the role (or one it lacks), any names."""
        role = self.ruleset.roles[self.state.player(name).role]
        ability = self.draw(st.sampled_from([a.id for a in role.abilities] + ["kill", "check"]))
        targets = self.draw(st.lists(st.sampled_from([*self.names, "nobody"]), max_size=3))
        offered = {c["ability"]: c for c in services.choices_now(self.state, name)}
        extra = {}
        for key, values in offered.get(ability, {}).get("extra", {}).items():
            if self.draw(st.booleans()):
                extra[key] = self.draw(st.sampled_from([*values, "bogus"]))
        return self.submit(name, ability, targets, extra)

    def play_moves(self, name: str) -> None:
        """One seat's moves of the phase: whatever the engine offers it, alive or dead."""
        offered = services.choices_now(self.state, name)
        plan = self.draw(st.sampled_from(MOVE_PLANS), label=f"{name} moves")
        if plan == "wild":
            self.wild_move(name)
            return
        if plan == "skip" or not offered:
            return
        if plan == "nothing":
            self.do_nothing(name)
            return
        if plan == "all":
            chosen = self.draw(st.permutations(offered))
        else:
            chosen = self.draw(
                st.lists(st.sampled_from(offered), min_size=1, unique_by=lambda c: c["ability"])
            )
        for choice in chosen:
            if not self.playable():
                return
            self.legal_move(name, choice)
        if not self.playable():
            return
        if plan == "finish" or (plan == "all" and self.ruleset.one_action_per_phase):
            self.finish(name)  # "nothing more" (all he may send, where one action counts)
        elif plan == "redo":
            self.redo(name, chosen)

    def redo(self, name: str, chosen: list[dict]) -> None:
        """A change of mind: a new choice of one ability (it replaces the old one and
        goes last), or a withdrawal of one or all of them and the moves sent again."""
        sent = list(
            Action.objects.filter(phase=self.phase, seat__name=name).values_list(
                "ability", flat=True
            )
        )
        ability = self.draw(st.sampled_from([*sent, None])) if sent else None
        if ability is None or self.draw(st.booleans(), label="withdraw first"):
            self.withdraw(name, ability)
        again = [c for c in chosen if ability is None or c["ability"] == ability]
        for choice in again:
            if self.playable():
                self.legal_move(name, choice)

    def day_pool(self) -> list[str]:
        """The few names most of the day's ballots go to, so that lynches, majorities and
        ties happen (re-vote rounds, trials, the GM's and the hangman's decisions); now
        and then the town lynches a seat that acts from the grave. Two days in three are
        split: the town votes two names level (split_ballot)."""
        alive = self.state.alive_names()
        haunting = [n for n in alive if acts_dead(self.ruleset, self.state.player(n).role)]
        self.split = False
        if haunting and self.draw(st.booleans(), label="lynch a haunting seat"):
            return haunting
        if len(alive) >= 3 and self.draw(st.integers(0, 2), label="split the vote"):
            self.split = True
            return self.draw(st.lists(st.sampled_from(alive), min_size=2, max_size=2, unique=True))
        return self.draw(st.lists(st.sampled_from(alive), min_size=1, max_size=3, unique=True))

    def ballot(self, name: str, wild: bool = False) -> str | None:
        if wild:
            return self.draw(st.sampled_from([*self.names, "pass", None]))
        others = [n for n in self.state.alive_names() if n != name]
        pool = [n for n in self.pool if n != name]
        if pool and self.draw(st.integers(0, 3)):
            return self.draw(st.sampled_from(pool))
        return self.draw(st.sampled_from([*others, "pass"]))

    def split_ballot(self, name: str, voters_left: int) -> str | None:
        """A split day's ballot: for the one of the two behind (never oneself), or, when
        they are level and an odd number of voters is left, for somebody else (a tie
        at the end, unless vote weights differ)."""
        first, second = self.pool
        counts = Counter(services.current_votes(self.phase).values())
        if name in self.pool:
            return second if name == first else first
        if counts[first] == counts[second] and voters_left % 2:
            elsewhere = [n for n in self.state.alive_names() if n not in (name, first, second)]
            return self.draw(st.sampled_from([*elsewhere, "pass"]))
        return first if counts[first] <= counts[second] else second

    def play_vote(self, name: str, voters_left: int) -> None:
        """A living seat's ballots of the day, by its drawn plan: one vote, a change, a
        withdrawal (and maybe a new vote), a wild one, or silence. On a split day the
        last ballot keeps the two level (split_ballot) and nobody is silent or fast."""
        if not self.state.player(name).alive:
            return
        plan = self.draw(st.sampled_from(VOTE_PLANS), label=f"{name} votes")
        if plan == "silent" and not self.split:
            return
        fast = (
            not self.split
            and self.ruleset.fast_close is not None
            and self.draw(st.integers(0, 4)) == 0
        )
        if plan != "vote" or not self.split:
            self.vote(name, self.ballot(name, wild=plan == "wild"), fast=fast)
        if plan == "withdraw" and self.playable():
            self.vote(name, None)
        if self.split and self.playable():
            self.vote(name, self.split_ballot(name, voters_left))
        elif plan == "change" or (plan == "withdraw" and self.draw(st.booleans())):
            if self.playable():
                self.vote(name, self.ballot(name))

    def play_phase(self) -> None:
        self.start_phase()
        if self.phase.kind == GamePhase.DAY:
            self.pool = self.day_pool()
        voters_left = len(self.state.alive_names())
        for name in self.draw(st.permutations(self.names), label="seat order"):
            if not self.playable():
                break
            self.play_moves(name)
            if self.phase.kind == GamePhase.DAY and self.playable():
                self.play_vote(name, voters_left)
            voters_left -= self.state.player(name).alive
        self.close()

    def close(self) -> None:
        """The GM closes the phase (unless it closed early); the engine's questions are
        answered with drawn choices until it has closed. The engine never refuses the
        stored input at a close."""
        for _ in range(MAX_CLOSES):
            if not self.is_open():
                break
            if self.phase.pending:
                self.answer(self.phase.pending)
            else:
                services.gm_close_phase(self.gemma, self.game.id)
            refused = self.game.events.filter(kind="close_refused", phase=self.phase).first()
            assert refused is None, (
                f"{self.where()}: the engine refused the stored input at the close: "
                f"{refused.payload}; input {services.phase_input(self.phase)}"
            )
        if self.is_open():
            pytest.fail(f"{self.where()}: the phase did not close after {MAX_CLOSES} tries")
        stored = services.phase_input(self.phase)
        assert stored == self.sent.phase_input(), f"{self.where()}: stored is not what was sent"
        self.assert_parity()

    def answer(self, pending: dict) -> None:
        """Answer the engine's question through answer_pending with drawn choices, and
        note the answers as sent."""
        asked = "GM" if pending.get("actor") == services.GM_ACTOR else "seat"
        self.inputs[f"answered {pending['kind']} ({asked})"] += 1
        picks = []

        def pick(offered):
            picks.append(self.draw(st.sampled_from(offered)))
            return picks[-1]

        answer_pending(self.users, self.gemma, self.game, self.phase, pick=pick, strict=True)
        if pending["kind"] == "round":
            for voter, choice in zip(pending["voters"], picks, strict=True):
                self.sent.ballot(pending["index"], voter, choice)
        else:
            answer = {"actor": pending["actor"], "ability": pending["ability"], "targets": picks}
            if asked == "GM":
                self.sent.gm.append(answer)
            else:
                self.sent.move(answer)

    # -- the stored game against simulate -------------------------------------------------

    def scenario(self, closed: list[GamePhase]) -> dict:
        game = self.game
        dealt = services.dealt_roles(game)  # the GM's copy of the deal
        seats = game.seats.order_by("joined_at", "id").values_list("name", flat=True)
        return {
            "ruleset": game.ruleset_id,
            "seed": game.seed,
            "options": game.options,
            "players": [{"name": name, "role": dealt[name]} for name in seats],
            "phases": [services.phase_input(p) for p in closed],
        }

    def assert_parity(self) -> None:
        game = self.game
        game.refresh_from_db()
        assert not game.phases.exclude(modkills=[]).exists()  # no modkill is drawn here
        closed = list(game.phases.exclude(closed_at=None).order_by("seq"))
        scenario = json.loads(json.dumps(self.scenario(closed)))  # as the CLI would read it
        try:
            outcome = json.loads(json.dumps(roles.simulate(scenario)))
        except roles.ScenarioError as error:
            pytest.fail(f"{self.where()}: simulate refuses the stored game: {error}")
        assert len(outcome["phases"]) == len(closed)
        for phase, record in zip(closed, outcome["phases"], strict=True):
            assert record == phase.record, f"{game.ruleset_id} seed {game.seed} {phase}"
        state = services.engine_state(game)
        assert outcome["alive"] == state.alive_names()
        assert outcome["roles"] == {p.name: p.role for p in state.players}
        assert outcome["ended"] == state.ended == (game.status == Status.FINISHED)
        assert outcome["winners"] == list(state.winners)
        if state.ended:
            assert game.winners == outcome["winners"]
        assert replay(game) == game.state

    def closed(self, kind: str | None = None) -> int:
        phases = self.game.phases.exclude(closed_at=None)
        return (phases.filter(kind=kind) if kind else phases).count()

    def play(self) -> None:
        self.game.refresh_from_db()
        while self.game.status == Status.RUNNING and self.closed(GamePhase.NIGHT) < NIGHTS:
            self.play_phase()
            self.game.refresh_from_db()


def option_draw(option) -> list:
    """The option's choices, the one that asks questions three times over."""
    asking = DRAWN_OPTIONS[option.id]
    return [*option.choices, *[asking] * 2] if asking in option.choices else list(option.choices)


def new_game(gemma, ruleset_id, preset_id, *, seed, first_phase="night", reveal="", options=None):
    ruleset = roles.get_ruleset(ruleset_id)
    if not reveal and services.reveal_modes(ruleset):
        reveal = services.reveal_modes(ruleset)[0]
    return services.create_game(
        gemma,
        name=f"{ruleset_id} parity",
        ruleset_id=ruleset_id,
        preset_id=preset_id,
        day_seconds=600,
        night_seconds=600,
        reveal_mode=reveal,
        first_phase=first_phase,
        seed=seed,
        options=options,
        # No posts rule: its modkills are the site's, outside the drawn input (the
        # posts rule has its own tests, tests/site/test_site_activity.py).
        activity={"min_posts": 0},
    )


@pytest.mark.django_db
@pytest.mark.parametrize(("ruleset_id", "preset_id"), PRESETS)
def test_random_legal_play_stores_what_the_engine_plays(gemma, ruleset_id, preset_id):
    ruleset = roles.get_ruleset(ruleset_id)
    users = table_of(len(ruleset.presets[preset_id].roles))
    reveal_modes = services.reveal_modes(ruleset)
    drawn_options = [o for o in ruleset.options if o.id in DRAWN_OPTIONS]
    reached = []

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        # No shrinking: a failure names the phase, the seat, the input and both answers,
        # and a derandomized example replays as it is; shrinking a game takes minutes.
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
        ],
    )
    @given(data=st.data())
    def play(data):
        game = new_game(
            gemma,
            ruleset_id,
            preset_id,
            seed=data.draw(st.integers(0, 2**16), label="seed"),
            first_phase=data.draw(st.sampled_from(["night", "day"]), label="first phase"),
            reveal=data.draw(st.sampled_from(reveal_modes), label="reveal") if reveal_modes else "",
            options={
                o.id: data.draw(st.sampled_from(option_draw(o)), label=o.id) for o in drawn_options
            },
        )
        seat_players(gemma, game, users.values(), start=True)
        table = ParityPlay(data, gemma, users, game)
        table.play()
        assert table.accepted > 0
        reached.append((table.closed(GamePhase.NIGHT), table.closed(), game.status))
        summary.update(table.inputs)

    summary: Counter = Counter()
    play()
    print(f"\n{ruleset_id}: (nights, phases, status) {reached}; {dict(sorted(summary.items()))}")
    # Every game played on to its second night's close or to its end, and at least one
    # game of the ruleset reached the second night.
    assert len(reached) == EXAMPLES
    assert all(nights >= NIGHTS or status == Status.FINISHED for nights, _, status in reached)
    assert any(nights >= NIGHTS for nights, _, _ in reached), reached


# The rulesets with one action per phase, each with a seat its smallest preset that has
# one offers several counted moves on night 1 (seed 1): the arsonist (douse, ignite),
# the godfather (horse_head, recruit, kill), the ru_19 detective (check, shoot).
ONE_ACTION = [("bay12", "seed18"), ("townston", "twenty"), ("ru_19", "19")]


def seat_with_several_counted_moves(ruleset, state, names) -> tuple[str, list[dict]]:
    for name in names:
        moves = [
            choice
            for choice in services.choices_now(state, name)
            if counted(ruleset, ability_of(ruleset, state, name, choice["ability"]))
        ]
        if len(moves) > 1:
            return name, moves
    raise LookupError(f"no seat of {state.ruleset} is offered two counted moves")


@pytest.mark.django_db
@pytest.mark.parametrize(("ruleset_id", "preset_id"), ONE_ACTION)
def test_a_second_move_where_the_ruleset_allows_one(gemma, ruleset_id, preset_id):
    """roles.legal.OWED_RULINGS: "a second ability that spends it replaces the first".
    The site keeps the second move only, the engine resolves what it stored, and the
    seat has acted (it owes nothing more)."""
    ruleset = roles.get_ruleset(ruleset_id)
    users = table_of(len(ruleset.presets[preset_id].roles))
    game = new_game(gemma, ruleset_id, preset_id, seed=1)
    seat_players(gemma, game, users.values(), start=True)
    game.refresh_from_db()
    state = services.engine_state(game)
    name, moves = seat_with_several_counted_moves(ruleset, state, list(users))
    first, second = moves[:2]
    for choice in (first, second):
        extra = {key: values[0] for key, values in choice["extra"].items() if values}
        services.submit_action(
            users[name],
            game.id,
            ability=choice["ability"],
            targets=choice["targets"][: choice["min_targets"]],
            extra=extra,
        )
    night = services.open_phase(game)
    mine = night.actions.filter(seat__name=name).values_list("ability", flat=True)
    assert list(mine) == [second["ability"]]  # the second replaced the first
    assert name in services.have_acted(state, night)
    refusal = refusal_of(roles.resolve_phase, state, services.phase_input(night))
    assert refusal is None, (
        f"{ruleset_id} {night} {name} ({state.player(name).role}) sent "
        f"{first['ability']} and {second['ability']}; the engine refuses the night: {refusal}"
    )
    services.gm_close_phase(gemma, game.id)
    night.refresh_from_db()
    assert night.closed_at is not None
    assert not game.events.filter(kind="close_refused").exists()
    game.refresh_from_db()
    assert replay(game) == game.state
