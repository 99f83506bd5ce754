"""Mechanics shared by the Russian forum variants of 003_d239a94a8cc52329.txt.

The six Russian rulesets (ru_classic, ru_sport, ru_hunt, ru_eleven, ru_19,
ru_two_clans) build their roles, night order and day procedure from these
pieces. Nothing here knows a ruleset id or a role id: role differences are read
from role traits, and every builder takes its stage names and causes as
arguments. This module registers no ruleset.

Pieces, by the rule of the document they implement:

- teams and check answers: `team_of`, `answer_team`, `answer_role`,
  `answer_is_role`, `check_ability` (commissar, advocate, don checks);
- the team night kill: `kill_ability`, `team_kill` with the modes `PLURALITY`
  (the name given most often), `UNANIMOUS` (sport: every living member names the
  same player) and `EXECUTOR` (hunt, 19, two clans: one member sends the kill);
- "never the same player two nights running": `not_twice_running` (an
  Ability.refuse_target), with `remember_targets` as the last night stage;
- a night in the document's order of moves: `settle_now` after each step;
- the day: `vote_rule` (which ballots exist), `limit_vote_changes`,
  `day_ballots`, `counted_ballots`, `modkill_non_voters`, `settle_tie` (no
  lynch, random, the GM's decision), `catastrophe` (sport), `fast_close_allowed`
  and `fast_close_from` (the "fast" close);
- the host: `gm_modkills` (first stage of a phase), `gm_actions`;
- the free hunt: `hunt_ability`, `hunt_status`, `hunt_right_lost`,
  `hunt_after_day`, `free_hunt`, `resolve_hunt`;
- announcements: `reveal_events` (light / half-light / dark), `cause_events`
  ("victim of the mafia", ...), `last_words_events`, `headline`,
  `reveal_by_option`, `only_results` (the private results a document sends);
- the end: `declare_winners`, `town_wins`, `mafia_parity`.

Host decisions (a tie the host resolves, a modkill) arrive as actions of the
pseudo-actor "GM" in a phase's actions; the engine hands them over in
`ctx.flags["gm_actions"]` for the rulesets that list them in `gm_decisions`. A
day that cannot close without an answer (a catastrophe round, the host's tie
choice) raises `roles.PendingDecision` saying what is asked of whom.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from ..abilities import note_last_target, settle_attacks
from ..day import PASS, final_ballots, leaders, lynch, round_events, tally
from ..errors import IllegalAction, PendingDecision, Reason
from ..legal import known_as
from ..model import GameState, Player
from ..night import Intent, PhaseContext
from ..ruleset import Ability, Option, Ruleset, TargetRule, get_ruleset

# Factions. A ruleset may add its own (two clans); the *team* of a faction is
# what a team-only check or a half-light reveal shows.
TOWN = "town"
MAFIA = "mafia"
MANIAC = "maniac"

# The answers of team-only checks and half-light reveals.
SHOWN_MAFIA = "mafia"
SHOWN_CIVILIAN = "civilian"

# Kill collection modes.
PLURALITY = "plurality"
UNANIMOUS = "unanimous"
EXECUTOR = "executor"

# Reveal modes: the full role, the team only, or nothing but the name.
LIGHT = "light"
HALF_LIGHT = "half_light"
DARK = "dark"

# Cause ids of deaths (the `by` of the scenario output).
CAUSE_MAFIA = "mafia"
CAUSE_MANIAC = "maniac"
CAUSE_HUNT = "hunt"
CAUSE_FAILED_HUNT = "failed_hunt"
CAUSE_LYNCH = "lynch"
CAUSE_MODKILL = "modkill"

# The morning post's wording of each cause (ru_hunt: "обязательно указывается
# причина смерти (жертва мафии, жертва маньяка, жертва удачной/неудачной охоты)").
ANNOUNCED_CAUSE = {
    CAUSE_MAFIA: "mafia",
    CAUSE_MANIAC: "maniac",
    CAUSE_HUNT: "successful_hunt",
    CAUSE_FAILED_HUNT: "failed_hunt",
    CAUSE_LYNCH: "lynch",
    CAUSE_MODKILL: "modkill",
}
CAUSE_TEXT = {
    "mafia": ("victim of the mafia", "жертва мафии"),
    "maniac": ("victim of the maniac", "жертва маньяка"),
    "successful_hunt": ("killed in a successful hunt", "жертва удачной охоты"),
    "failed_hunt": ("victim of a failed hunt", "жертва неудачной охоты"),
    "lynch": ("eliminated by the vote", "посажен на голосовании"),
    "modkill": ("removed by the host (modkill)", "модкилл"),
}

# One living player other than oneself (teammates included).
ANY_OTHER = TargetRule()

# The pseudo-actor of the host's decisions in a scenario.
GM = "GM"

# The builders below bind their settings with `partial` to module-level functions
# rather than closures: the settings stay visible, and mutation testing (bench/
# mutation.py) switches a mutant of the function on at each call, not at import.


# -- teams and checks -------------------------------------------------------------------


def team_of(ruleset: Ruleset, player: Player) -> str:
    """The player's team for checks and reveals: trait "team", else "mafia"/"civilian".

    A role whose faction is `MAFIA` (or whose trait "team" is "mafia", e.g. a clan
    member) is on the mafia team; everybody else, the maniac included, shows as a
    civilian unless the role says otherwise with its own "team" trait.
    """
    role = ruleset.roles[player.role]
    team = role.traits.get("team")
    if team is not None:
        return team
    return SHOWN_MAFIA if player.faction == MAFIA else SHOWN_CIVILIAN


def answer_team(state: GameState, target: Player) -> str:
    """A team-only check: "mafia" or "civilian" (the commissar's usual answer)."""
    return team_of(get_ruleset(state.ruleset), target)


def answer_role(state: GameState, target: Player) -> str:
    """A full-status check: the target's role id."""
    return target.role


def answer_is_role(role_id: str, yes: str, no: str) -> Callable[[GameState, Player], str]:
    """A yes/no check for one role (the don: "commissar" / "not_commissar")."""
    return partial(answer_yes_if_role, role_id=role_id, yes=yes, no=no)


def answer_yes_if_role(state: GameState, target: Player, role_id: str, yes: str, no: str) -> str:
    return yes if target.role == role_id else no


def check_ability(
    label: str,
    description: str,
    answer: Callable[[GameState, Player], str],
    stage: str = "check",
    targets: TargetRule = ANY_OTHER,
    ability_id: str = "check",
    **kw: Any,
) -> Ability:
    """A night check whose private result is `{"kind": "check", "target", "value"}`.

    The result is given in the stage the ruleset puts it; a check stage placed
    after the kills gives nothing to a checker killed that night (the resolver
    skips actors who died earlier in the night).
    """
    resolve = partial(tell_check, answer=answer)
    return Ability(
        ability_id, label, description, stage=stage, resolve=resolve, targets=targets, **kw
    )


def tell_check(
    ctx: PhaseContext, intent: Intent, answer: Callable[[GameState, Player], str]
) -> None:
    target = ctx.player(intent.target)
    ctx.result(intent.actor, "check", target=target.name, value=answer(ctx.state, target))


# -- "not the same player two nights running" ----------------------------------------------


def not_twice_running(ability_id: str, what: str = "the same player") -> Callable[..., str | None]:
    """An Ability.refuse_target refusing last night's target(s) of the same ability.

    Reads `memory["last_targets"]`, written by `remember_targets` at the end of
    every night: a night without the ability clears it, so "two nights in a row"
    counts nights, not uses. As a refuse_target it also drops that player from
    the player's choices.
    """
    return partial(refuse_last_target, ability_id=ability_id, what=what)


def refuse_last_target(
    state: GameState, player: Player, target: str, ability_id: str, what: str
) -> str | None:
    last = player.memory.get("last_targets", {}).get(ability_id) or []
    if target in last:
        # ru_eleven: a status holder's refusal reads as a civilian's (known_as)
        role = known_as(state, player)
        return Reason("refusal.two_nights", role=role, what=what, target=target)
    return None


# The last night stage: remember tonight's targets of every ability, per player (the
# core's hook, under the name the Russian rulesets use).
remember_targets = note_last_target


# -- the team kill ---------------------------------------------------------------------


def kill_ability(
    description: str,
    stage: str = "mafia_kill",
    teammates_allowed: bool = False,
    self_allowed: bool = False,
    label: str = "Kill",
    **kw: Any,
) -> Ability:
    """The `kill` submission of a team member; `team_kill` (a procedure) resolves it."""
    return Ability(
        "kill",
        label,
        description,
        stage=stage,
        targets=TargetRule(self_allowed=self_allowed, teammates_allowed=teammates_allowed),
        **kw,
    )


def team_kill(
    mode: str,
    faction: str = MAFIA,
    stage: str = "mafia_kill",
    cause: str = CAUSE_MAFIA,
) -> Callable[[PhaseContext], None]:
    """A procedure collecting the `kill` submissions of `faction` into one attack.

    - PLURALITY: the target named by the most members is attacked; a tie between
      targets is drawn by lot.
    - UNANIMOUS: every member alive at nightfall (and not killed earlier in the
      night, e.g. modkilled) sends a kill naming the same player, or nobody is
      attacked.
    - EXECUTOR: one member, the executor, sends the victim; when several members
      send one, the last sent stands (the team's latest word) and its sender is the
      executor. An executor who died earlier in the night (a hunt, a maniac who acts
      first) or is blocked kills nobody.

    The chosen attacker is stored in `ctx.flags["executor"][faction]`.
    """
    if mode not in (PLURALITY, UNANIMOUS, EXECUTOR):
        raise ValueError(f"unknown kill mode {mode!r}")

    return partial(settle_team_kill, mode=mode, faction=faction, stage=stage, cause=cause)


def settle_team_kill(ctx: PhaseContext, mode: str, faction: str, stage: str, cause: str) -> None:
    intents = [i for i in ctx.intents_at(stage) if ctx.player(i.actor).faction == faction]
    if mode == EXECUTOR:
        choice = _executor_kill(intents)
    elif mode == UNANIMOUS:
        choice = _unanimous_kill(ctx, intents, faction)
    else:
        choice = _plurality_kill(ctx, intents)
    if choice is None:
        return
    attacker, target = choice
    ctx.flags.setdefault("executor", {})[faction] = attacker
    if ctx.died_tonight(attacker) or _is_blocked(intents, attacker):
        return
    ctx.visit(attacker, target, "kill")
    ctx.attack(attacker, target, cause)


def _is_blocked(intents: list[Intent], actor: str) -> bool:
    return any(i.blocked for i in intents if i.actor == actor)


def _executor_kill(intents: list[Intent]) -> tuple[str, str] | None:
    if not intents:
        return None
    last = max(intents, key=lambda i: i.index)
    return last.actor, last.target


def _unanimous_kill(
    ctx: PhaseContext, intents: list[Intent], faction: str
) -> tuple[str, str] | None:
    members = [
        p.name
        for p in ctx.state.players
        if p.faction == faction and p.name in ctx.alive_at_start and not ctx.died_tonight(p.name)
    ]
    named = {i.actor: i.target for i in intents if not i.blocked}
    if not members or any(m not in named for m in members):
        return None
    targets = {named[m] for m in members}
    if len(targets) != 1:
        return None
    return members[0], targets.pop()


def _plurality_kill(ctx: PhaseContext, intents: list[Intent]) -> tuple[str, str] | None:
    live = [i for i in intents if not i.blocked and not ctx.died_tonight(i.actor)]
    if not live:
        return None
    counts: dict[str, int] = {}
    for intent in live:
        counts[intent.target] = counts.get(intent.target, 0) + 1
    top = max(counts.values())
    tied = sorted((t for t, n in counts.items() if n == top), key=ctx.seat)
    target = tied[0] if len(tied) == 1 else ctx.rng.choice(tied)
    attacker = next(i.actor for i in live if i.target == target)
    return attacker, target


def executor_of(ctx: PhaseContext, stage: str = "mafia_kill", faction: str = MAFIA) -> str | None:
    """Who sends the kill of `faction` tonight (EXECUTOR mode), before it is resolved."""
    intents = [i for i in ctx.intents_at(stage) if ctx.player(i.actor).faction == faction]
    chosen = _executor_kill(intents)
    return chosen[0] if chosen else None


# -- a night in steps --------------------------------------------------------------------


def settle_now(ctx: PhaseContext) -> None:
    """A procedure settling the attacks made so far (once each), for nights whose
    document gives an order of moves: a player killed at this step does not act in a
    later one, and a shot at a player killed at an earlier step is wasted (ru_hunt:
    'Порядок учета ходов: ... 3. Мафия. 4. Маньяк.')."""
    pending = [a for a in ctx.attacks if not a.meta.get("settled")]
    for attack in pending:
        attack.meta["settled"] = True
    # A player who died at an earlier step is not killed again (the shot is wasted).
    pending = [a for a in pending if not ctx.died_tonight(a.target)]
    everything = ctx.attacks
    ctx.attacks = pending
    try:
        settle_attacks(ctx)
    finally:
        ctx.attacks = everything


# -- the day ---------------------------------------------------------------------------


def vote_rule(allow_pass: bool) -> Callable[[GameState, str, Any], str | None]:
    """A Ruleset.vote_check: a living player's name (oneself included), `None` to
    withdraw, and "pass" only where `allow_pass`."""
    return partial(check_vote, allow_pass=allow_pass)


def check_vote(state: GameState, voter: str, target: Any, allow_pass: bool) -> str | None:
    if target is None:
        return None
    if target == PASS:
        return None if allow_pass else Reason("refusal.no_pass")
    if not isinstance(target, str) or not state.has_player(target):
        return Reason("refusal.unknown_player", player=target)
    if not state.player(target).alive:
        return Reason("refusal.vote_dead", player=target)
    return None


def limit_vote_changes(events: list[list[Any]], changes: int, what: str | None = None) -> None:
    """Refuse a voter who changes his ballot more than `changes` times.

    Every event of a voter after his first is a change (a withdrawal too).
    """
    seen: dict[str, int] = {}
    for voter, _target in events:
        seen[voter] = seen.get(voter, 0) + 1
        if seen[voter] > changes + 1:
            what = what or Reason("round.vote")
            raise IllegalAction(
                Reason("refusal.vote_changes.in", voter=voter, n=changes, what=what)
            )


def day_ballots(ctx: PhaseContext) -> dict[str, str]:
    """The final ballot of each voter of the main vote (withdrawn votes dropped)."""
    return final_ballots(ctx, ctx.flags.get("votes", []))


def non_voters(ctx: PhaseContext, ballots: dict[str, str]) -> list[str]:
    """Living players without a ballot at the close, in seat order."""
    return [p.name for p in ctx.state.players if ctx.is_alive_now(p.name) and p.name not in ballots]


NO_VOTE_MODKILL = "no_vote_modkill"


def no_vote_modkill_option() -> Option:
    """The ruleset option of the no-vote modkill: on by default where the document has
    it (003: 'Отсутствие голоса на голосовании - модкилл'); off, a silent player is
    just a player without a ballot."""
    return Option(
        NO_VOTE_MODKILL,
        True,
        "a living player without a ballot at the day's close is modkilled (the "
        "document's rule); off: not voting costs nothing",
        (True, False),
    )


def modkill_non_voters(ctx: PhaseContext, ballots: dict[str, str]) -> list[str]:
    """'Отсутствие голоса на голосовании - модкилл': every silent living player dies,
    while the ruleset's option `no_vote_modkill` is on (its default)."""
    if not ctx.option(NO_VOTE_MODKILL):
        return []
    silent = non_voters(ctx, ballots)
    for name in silent:
        ctx.kill(name, CAUSE_MODKILL)
    if silent:
        ctx.event("modkill", players=silent, reason="no_vote")
    return silent


def gm_actions(ctx: PhaseContext, decision: str) -> list[dict[str, Any]]:
    """The host's decisions of one kind given for this phase (actor "GM")."""
    return [a for a in ctx.flags.get("gm_actions", []) if a.get("ability") == decision]


MODKILL = "modkill"


def gm_modkills(ctx: PhaseContext) -> list[str]:
    """A procedure (first stage of a phase): the host's modkills of this phase.

    Given as `{"actor": "GM", "ability": "modkill", "targets": [names]}` (the
    documents' modkills for inactivity, private messages, urging votes ...). The
    player dies at once (cause "modkill"): his later moves of the phase are void,
    his ballot is not counted and nobody can be voted out in his place.
    """
    names: list[str] = []
    for action in gm_actions(ctx, MODKILL):
        for target in action.get("targets") or []:
            if not isinstance(target, str) or not ctx.state.has_player(target):
                unknown = Reason("refusal.unknown_player", player=target)
                raise IllegalAction(Reason("refusal.by", actor=GM, reason=unknown))
            if not ctx.player(target).alive:
                dead = Reason("refusal.dead", player=target)
                raise IllegalAction(Reason("refusal.by", actor=GM, reason=dead))
            if target not in names:
                names.append(target)
                ctx.kill(target, CAUSE_MODKILL)
    if names:
        ctx.event("modkill", players=names, reason="host")
    # Added to those modkilled earlier in the phase (roles.modkill, at once).
    ctx.flags["gm_modkilled"] = [*ctx.flags.get("gm_modkilled", []), *names]
    return names


def counted_ballots(ctx: PhaseContext, ballots: dict[str, str]) -> dict[str, str]:
    """The ballots that count: not those of, nor those naming, a player the host modkilled."""
    gone = set(ctx.flags.get("gm_modkilled", []))
    return {v: t for v, t in ballots.items() if v not in gone and t not in gone}


TIE_GM = "gm"
TIE_NO_LYNCH = "no_lynch"
TIE_RANDOM = "random"
TIE_RULES = (TIE_GM, TIE_NO_LYNCH, TIE_RANDOM)


def settle_tie(
    ctx: PhaseContext, tied: list[str], rule: str, decision: str = "decide_tie"
) -> str | None:
    """Who a tie eliminates: nobody, one drawn by lot, or the GM's choice.

    With the GM rule the decision is a day action `{"actor": "GM", "ability":
    decision, "targets": [one tied candidate]}`; without it the day cannot close
    (invalid input: the engine never guesses the host's choice).
    """
    if rule == TIE_NO_LYNCH:
        ctx.event("no_lynch", reason="tie", candidates=list(tied))
        return None
    if rule == TIE_RANDOM:
        chosen = ctx.rng.choice(sorted(tied, key=ctx.seat))
        ctx.event("tie_drawn", candidates=list(tied), chosen=chosen)
        return chosen
    given = gm_actions(ctx, decision)
    if not given:
        raise PendingDecision(
            Reason("question.tie", actor=GM, tied=", ".join(tied), decision=decision),
            kind="action",
            choices=list(tied),
            actor=GM,
            ability=decision,
        )
    targets = given[-1].get("targets") or []
    if len(targets) != 1 or targets[0] not in tied:
        pick = Reason("refusal.tie_pick", decision=decision, tied=", ".join(tied))
        raise IllegalAction(Reason("refusal.by", actor=GM, reason=pick))
    ctx.event("tie_decided", candidates=list(tied), chosen=targets[0])
    return targets[0]


def fast_close_from(first_day: int) -> Callable[..., bool]:
    """A Ruleset.fast_close: `fast_close_allowed` from day `first_day` on."""
    return partial(fast_close_allowed, first_day=first_day)


def fast_close_allowed(
    state: GameState, ballots: dict[str, Any], fasts: Iterable[str], first_day: int = 2
) -> bool:
    """May the host close the day early by "fast"? (classic: 'Для закрытия игрового дня
    фастом нужны голос и фаст всех "живых" игроков, кроме голосуемого.')

    True when it is day `first_day` or later and every living player except one
    candidate has voted for that candidate and marked the vote "fast". `ballots`
    maps voter -> target; `fasts` names the voters who marked fast.
    """
    if state.ended or state.phase_kind != "day" or state.phase_number < first_day:
        return False
    fasts = set(fasts)
    alive = state.alive_names()
    for candidate in alive:
        others = [name for name in alive if name != candidate]
        if others and all(ballots.get(n) == candidate and n in fasts for n in others):
            return True
    return False


def catastrophe(
    ctx: PhaseContext,
    tied: list[str],
    no_catastrophe_at: int | None = 4,
    changes: int | None = 1,
) -> list[str]:
    """Sport's "катастрофа": who a tied vote finally eliminates.

    'проходит второй раунд голосования, где игроки выбирают только из ... тех, кто
    попал в ничью. Происходит до тех пор, пока не отголосуются все игроки ... Если
    ... четное количество игроков - голосование проходит на выбор "помиловать
    всех/казнить всех". Если ... нечетное ..., то из претендентов на повешение
    выбирается один. Катастрофу нельзя делать, если в игре осталось 4 игрока.'

    Rounds come from the day's `rounds`; every living player votes in each round.
    Even: one round of "execute"/"pardon"; more "execute" than "pardon" ballots
    eliminate all the tied, otherwise all are pardoned. Odd: rounds among the
    tied, each narrowing to the new leaders, until one leads. A missing round, a
    missing voter or a ballot outside the choice is invalid input.
    """
    alive = [p.name for p in ctx.state.players if ctx.is_alive_now(p.name)]
    rounds = list(ctx.flags.get("rounds", []))
    if no_catastrophe_at is not None and len(alive) == no_catastrophe_at:
        ctx.event("no_lynch", reason="tie", candidates=list(tied))
        _no_more_rounds(rounds, 0)
        return []
    ctx.event("catastrophe", candidates=list(tied))
    if len(alive) % 2 == 0:
        ballots = _round_ballots(ctx, rounds, 0, alive, ("execute", "pardon"), changes)
        execute = sum(1 for b in ballots.values() if b == "execute")
        pardon = len(ballots) - execute
        ctx.record.setdefault("rounds", []).append({"execute": execute, "pardon": pardon})
        _no_more_rounds(rounds, 1)
        if execute > pardon:
            ctx.event("catastrophe_execute", candidates=list(tied))
            return list(tied)
        ctx.event("catastrophe_pardon", candidates=list(tied))
        return []
    candidates = list(tied)
    index = 0
    while True:
        ballots = _round_ballots(ctx, rounds, index, alive, tuple(candidates), changes)
        counts = tally(ctx, ballots)
        ctx.record.setdefault("rounds", []).append(counts)
        index += 1
        top = leaders(counts)
        if len(top) == 1:
            _no_more_rounds(rounds, index)
            return top
        candidates = top


def _round_ballots(
    ctx: PhaseContext,
    rounds: list[list[list[Any]]],
    index: int,
    voters: list[str],
    allowed: tuple[str, ...],
    changes: int | None,
) -> dict[str, str]:
    label = Reason("round.catastrophe", n=index + 1)
    kind = "verdict" if allowed == ("execute", "pardon") else "names"
    choices = " / ".join(allowed)
    question = Reason(
        "question.catastrophe", label=label, choices=choices, kind=kind, names=list(allowed)
    )
    events = round_events(rounds, index, voters, allowed, label, question)
    if changes is not None:
        limit_vote_changes(events, changes, label)
    ballots = final_ballots(ctx, events)
    missing = [v for v in voters if v not in ballots]
    if missing:
        raise IllegalAction(Reason("refusal.round_missing", voter=missing[0], label=label))
    return ballots


def refuse_extra_rounds(ctx: PhaseContext, used: int = 0) -> None:
    """A day whose procedure used `used` voting rounds must not have been given more."""
    _no_more_rounds(ctx.flags.get("rounds", []), used)


def _no_more_rounds(rounds: list[Any], used: int) -> None:
    if len(rounds) > used:
        raise IllegalAction(Reason("refusal.extra_round", n=used + 1))


def eliminate(ctx: PhaseContext, names: Iterable[str], cause: str = CAUSE_LYNCH) -> None:
    """Lynch each name (recorded in `lynched`)."""
    for name in names:
        lynch(ctx, name, cause)


# -- the free hunt ----------------------------------------------------------------------

HUNT_GUESSES = ("mafia", "maniac")


def hunt_status(ruleset: Ruleset, player: Player) -> str | None:
    """What a hunter must guess to hit `player`: "mafia", "maniac", or None (a civilian).

    Trait "hunt_status" overrides; else the mafia team is "mafia" and the
    `MANIAC` faction "maniac".
    """
    role = ruleset.roles[player.role]
    if "hunt_status" in role.traits:
        return role.traits["hunt_status"]
    if team_of(ruleset, player) == SHOWN_MAFIA:
        return "mafia"
    if player.faction == MANIAC:
        return "maniac"
    return None


def hunt_right_lost(state: GameState, town: str = TOWN) -> str | None:
    """Hunt: 'Мирный теряет право на ночную охоту, при балансе – два мирных на одного
    мафа или Маньяка. Мирный теряет право на охоту – если остался один.'

    Read as: no hunt while the living civilians are at most twice the living
    mafia, or at most twice the living maniacs, or only one civilian is left.
    """
    ruleset = get_ruleset(state.ruleset)
    alive = state.alive()
    civilians = sum(1 for p in alive if p.faction == town)
    mafia = sum(1 for p in alive if hunt_status(ruleset, p) == "mafia")
    maniacs = sum(1 for p in alive if hunt_status(ruleset, p) == "maniac")
    if civilians <= 1:
        return Reason("refusal.hunt_lost.one")
    if mafia and civilians <= 2 * mafia:
        return Reason("refusal.hunt_lost.mafia")
    if maniacs and civilians <= 2 * maniacs:
        return Reason("refusal.hunt_lost.maniac")
    return None


def hunt_after_day(state: GameState, player: Player) -> str | None:
    """A hunt is sent 'по окончании игрового дня, в течении «ночи»': the night after a day."""
    if not state.history or state.history[-1].get("phase") != "day":
        return Reason("refusal.hunt_after_day")
    return None


def hunt_ability(
    description: str,
    stage: str = "hunt",
    usable: Callable[[GameState, Player], str | None] | None = None,
    **kw: Any,
) -> Ability:
    """The night `hunt`: one target and a `guess` ("mafia" or "maniac"); always named."""
    return Ability(
        "hunt",
        "Hunt",
        description,
        stage=stage,
        targets=TargetRule(),
        named_only=True,
        visits=False,
        blockable=False,
        redirectable=False,
        usable=usable,
        extra={"guess": HUNT_GUESSES},
        **kw,
    )


def hunt_usable_free(state: GameState, player: Player) -> str | None:
    """ru_hunt's free hunt: after a day, while the town keeps its right to hunt."""
    return hunt_after_day(state, player) or hunt_right_lost(state)


def free_hunt(stage: str = "hunt") -> Callable[[PhaseContext], None]:
    """A procedure: draw one hunt request by lot and resolve it, unstoppable.

    - every hunter loses, for the night, the abilities listed in his role's trait
      "hunt_costs" ('Если на ночную охоту выходит Доктор, то он лишается права
      лечить этой ночью – даже если жребий даст другую мирную заявку');
    - one request is drawn ('ведущий ... посредством жребия, выбирает одну заявку');
      nobody is told whose (`ctx.record["hunt"]` keeps it for the GM);
    - right guess: the target dies (cause "hunt"); wrong target or status: the
      hunter dies (cause "failed_hunt"). Heals cannot stop either: the deaths are
      recorded directly, and an actor killed here does not act later in the night
      (a dead executor kills nobody, a dead maniac kills nobody).
    """
    return partial(draw_and_resolve_hunt, stage=stage)


def draw_and_resolve_hunt(ctx: PhaseContext, stage: str) -> None:
    requests = [r for r in ctx.intents_at(stage) if not ctx.died_tonight(r.actor)]
    if not requests:
        return
    for request in requests:
        costs = ctx.trait(request.actor, "hunt_costs", ())
        for other in ctx.intents_of(request.actor):
            if other.ability.id in costs:
                other.blocked = True
    drawn = requests[0] if len(requests) == 1 else ctx.rng.choice(requests)
    ctx.record["hunt"] = {
        "applicants": [r.actor for r in requests],
        "drawn": drawn.actor,
        "target": drawn.target,
        "guess": drawn.extra.get("guess"),
    }
    resolve_hunt(ctx, drawn.actor, drawn.target, drawn.extra.get("guess"))


def resolve_hunt(ctx: PhaseContext, hunter: str, target: str, guess: Any) -> bool:
    """Kill the target on a right guess, else the hunter; True when the guess was right."""
    status = hunt_status(ctx.ruleset, ctx.player(target))
    if status is not None and status == guess:
        ctx.kill(target, CAUSE_HUNT)
        return True
    ctx.kill(hunter, CAUSE_FAILED_HUNT)
    return False


# -- announcements -----------------------------------------------------------------------


def shown_status(ruleset: Ruleset, player: Player, mode: str) -> str | None:
    """What a reveal shows: the role (light), the team (half-light) or nothing (dark)."""
    if mode == LIGHT:
        return player.role
    if mode == HALF_LIGHT:
        return team_of(ruleset, player)
    return None


def reveal_events(ctx: PhaseContext, mode: str, names: Iterable[str] | None = None) -> None:
    """A public `reveal` event for each death of the phase (or each of `names`)."""
    if mode == DARK:
        return
    targets = list(ctx.deaths) if names is None else list(names)
    for name in sorted(targets, key=ctx.seat):
        status = shown_status(ctx.ruleset, ctx.player(name), mode)
        ctx.event("reveal", player=name, status=status)


def cause_events(ctx: PhaseContext) -> None:
    """A public `death_cause` event per death and cause ("mafia", "maniac",
    "successful_hunt", "failed_hunt"); the hunter's target is never named."""
    for name in sorted(ctx.deaths, key=ctx.seat):
        for cause in ctx.deaths[name]:
            ctx.event("death_cause", player=name, cause=ANNOUNCED_CAUSE.get(cause, cause))


def last_words_events(ctx: PhaseContext) -> None:
    """Sport: 'Последнее слово есть у всех ... Искючение - модкилл.'"""
    for name in sorted(ctx.deaths, key=ctx.seat):
        if CAUSE_MODKILL not in ctx.deaths[name]:
            ctx.event("last_words", player=name)


def only_results(*kinds: str) -> Callable[[PhaseContext], None]:
    """A last-stage procedure keeping only the private results the document sends.

    Classic: 'В личку статусам (адвокату мафии и комиссару) ведущий высылает результаты
    ночных проверок' - check results, nothing else (no "you were saved" notes: after a
    heal the morning post 'просто указывается, что жертв больше нет').
    """
    return partial(keep_results, kinds=frozenset(kinds))


def keep_results(ctx: PhaseContext, kinds: frozenset[str]) -> None:
    ctx.results[:] = [r for r in ctx.results if r["kind"] in kinds]


def headline(deaths: int) -> str:
    """The morning post; 'В случает успешного лечения доктора просто указывается, что
    жертв больше нет.'"""
    if deaths == 0:
        return "There are no victims tonight."
    if deaths == 1:
        return "One player was killed tonight."
    return f"{deaths} players were killed tonight."


def reveal_by_option(option: str = "reveal") -> Callable[[GameState], str]:
    """A Ruleset.reveal reading a reveal option: light -> "role", half_light -> "team"."""
    return partial(reveal_mode, option=option)


def reveal_mode(state: GameState, option: str) -> str:
    mode = state.options.get(option, LIGHT)
    return {LIGHT: "role", HALF_LIGHT: "team"}.get(mode, "none")


# -- the end ------------------------------------------------------------------------------


def declare_winners(state: GameState, factions: Iterable[str]) -> None:
    """End the game: every member of the winning factions, dead or alive, in seat order."""
    factions = set(factions)
    state.ended = True
    state.winners = [p.name for p in state.players if p.faction in factions]


def count_alive(state: GameState, faction: str) -> int:
    return sum(1 for p in state.players if p.alive and p.faction == faction)


def town_wins(state: GameState, threats: Iterable[str] = (MAFIA,)) -> bool:
    """No living player of any threatening faction."""
    return all(count_alive(state, f) == 0 for f in threats)


def mafia_parity(state: GameState, mafia: str = MAFIA, town: str = TOWN) -> bool:
    """'чтобы их количество не превышало мафию (т.е было равно или меньше)'."""
    return count_alive(state, mafia) > 0 and count_alive(state, town) <= count_alive(state, mafia)
