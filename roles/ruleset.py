"""How a ruleset is described: roles as data plus small ability hooks, an order, procedures.

A ruleset is never a fork of the resolver. It lists its roles, the order of its
night stages (`night_order`) and day stages (`day_order`), and the procedures
that some stages name. A stage that is not a procedure is a priority bucket: the
resolver runs, in a stable order, every action whose ability acts in it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .activity import NO_RULE, Activity

if TYPE_CHECKING:
    from .model import GameState, Player


@dataclass(frozen=True)
class TargetRule:
    """Who an ability may name. `count` targets exactly, unless min_count is lower."""

    count: int = 1
    min_count: int | None = None
    self_allowed: bool = False
    # How often per game the ability may name its user (None: as often as allowed).
    self_uses: int | None = None
    teammates_allowed: bool = True
    dead: bool = False  # targets must be dead players (revive, remember)
    distinct: bool = True

    @property
    def minimum(self) -> int:
        return self.count if self.min_count is None else self.min_count


NO_TARGET = TargetRule(count=0)


@dataclass(frozen=True)
class Ability:
    id: str
    label: str
    description: str
    phase: str = "night"  # "night" or "day"
    stage: str = ""  # the night/day stage it acts in
    targets: TargetRule = TargetRule()
    resolve: Callable[..., None] | None = None  # resolve(ctx, intent)
    uses: int | None = None  # per game
    from_night: int = 1  # not usable before this night
    visits: bool = True
    blockable: bool = True
    redirectable: bool = True  # transporters and witches move it
    usable_dead: bool = False
    named_only: bool = False  # never chosen by default (hunts)
    # check(state, player, intent) -> refusal reason or None
    check: Callable[..., str | None] | None = None
    # usable(state, player) -> reason it is unavailable now, or None
    usable: Callable[..., str | None] | None = None
    # refuse_target(state, player, target_name) -> reason this target is refused now,
    # or None; filters the choices too ("not the same player two nights running")
    refuse_target: Callable[..., str | None] | None = None
    extra: dict[str, tuple[str, ...]] = field(default_factory=dict)  # e.g. {"guess": (...)}
    # extra_options(state, player) -> {key: values now}, for extra keys whose values
    # depend on the game (a detective's crime question names a victim)
    extra_options: Callable[..., dict[str, list[str]]] | None = None
    # eligible(state, player, other) -> may `other` be named at all (jester: a voter)
    eligible: Callable[..., bool] | None = None
    # The ability an unnamed action means when the role has several (arsonist: douse).
    default: bool = False
    # Visits only its first N targets (transporter, witch: 1).
    visits_first: int | None = None
    # Not counted by Ruleset.one_action_per_phase (answering an offer is no power).
    free: bool = False


@dataclass(frozen=True)
class Role:
    id: str
    name: str
    faction: str
    summary: str
    win: str
    abilities: tuple[Ability, ...] = ()
    traits: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    # Card text in Russian where the ruleset offers it.
    card_ru: str = ""
    # The card the player receives when it differs from the truth (paranoid).
    shown_as: str | None = None

    def ability(self, ability_id: str) -> Ability | None:
        for a in self.abilities:
            if a.id == ability_id:
                return a
        return None


@dataclass(frozen=True)
class Option:
    id: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Preset:
    id: str
    title: str
    roles: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ExclusionFlag:
    """A setup builder's switch on a random category (sc2's "Exclude killing roles"):
    when on, the slot never draws `removes` and may also draw `adds`."""

    id: str
    default: bool = False
    removes: tuple[str, ...] = ()
    adds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Category:
    """A random slot's category: its members, exclusion flags and fallback (a category
    or role id the slot draws from when nothing of its own is possible; 002's
    "Impossible Randoms")."""

    id: str
    title: str
    roles: tuple[str, ...]
    flags: tuple[ExclusionFlag, ...] = ()
    fallback: str | None = None


@dataclass(frozen=True)
class SpawnRule:
    """002's "Random Role Constraints": a random slot draws `role` only when one of
    `with_roles` is already in the game or every option of one of `when_options`
    has the given value (a fixed slot is "forced" and always allowed)."""

    role: str
    with_roles: tuple[str, ...] = ()
    when_options: tuple[dict[str, Any], ...] = ()
    text: str = ""


@dataclass
class Ruleset:
    id: str
    title: str
    source: str
    roles: dict[str, Role]
    night_order: tuple[str, ...]
    day_order: tuple[str, ...]
    procedures: dict[str, Callable[..., None]]
    win_check: Callable[..., None]
    options: tuple[Option, ...] = ()
    presets: dict[str, Preset] = field(default_factory=dict)
    documentation: str = ""
    factions: dict[str, str] = field(default_factory=dict)  # id -> display name
    # Factions whose members know each other and share a night chat.
    informed_factions: tuple[str, ...] = ()
    # Factions with a night chat when it differs from informed_factions (None: the same);
    # ru_sport's mafia know each other but may not talk during the game.
    night_chat_factions: tuple[str, ...] | None = None
    # chat_rooms(state) -> the night chat rooms of the current phase (roles/chats.py);
    # None: one room per faction with a night chat.
    chat_rooms: Callable[..., list] | None = None
    # setup(state) draws what the scenario did not fix (an executioner's target).
    setup: Callable[..., None] | None = None
    # vote_check(state, voter, target) -> refusal reason or None
    vote_check: Callable[..., str | None] | None = None
    # headline(deaths_count) for the morning post
    headline: Callable[[int], str | None] | None = None
    # describe(state, player, causes, ctx) -> death description
    describe: Callable[..., str | None] | None = None
    # Reveal of a dead player's role to the public: "role", "team" or "none".
    reveal: Callable[..., str] | None = None
    # reveal_of(state, dead_player) -> "role", "team" or "none" for one dead player,
    # where it depends on how he died (ru_hunt: a day elimination shows the role, a
    # night death only its cause); overrides `reveal` while the game goes on.
    reveal_of: Callable[..., str] | None = None
    # conditional_actions(state, action) -> the action to use, or None to drop it
    # (ru_eleven's "as": only the real holder's move counts).
    conditional_actions: Callable[..., dict[str, Any] | None] | None = None
    # At most one action per player per phase.
    one_action_per_phase: bool = False
    # Decisions the host takes inside a phase (a tie the GM resolves): actions of
    # the pseudo-actor "GM" with one of these ability ids, handed to the phase's
    # procedures in ctx.flags["gm_actions"] (they validate them).
    gm_decisions: tuple[str, ...] = ()
    # The host's rulings on one voter's vote during a day (ru_hunt's vote thread):
    # (GM decision id, what it means), given as GM actions naming the voter.
    vote_rulings: tuple[tuple[str, str], ...] = ()
    # fast_close(state, ballots, fasts) -> may the host close the day early now?
    # ballots: voter -> target; fasts: voters who marked their vote "fast".
    fast_close: Callable[..., bool] | None = None
    # lynch_need(state) -> what the day's vote needs to lynch, for the players: {"rule":
    # "majority", "votes": n, "of": total} (n votes lynch at once), {"rule": "trial", ...}
    # (n votes put a player on trial); None: plurality, the most votes at the close.
    lynch_need: Callable[..., dict] | None = None
    # How many times a voter may change his ballot in one voting round (None: freely);
    # every later event of the same voter, a withdrawal included, is a change.
    vote_changes: int | None = None
    # What a dying player leaves: "none", "last_words" (announced by the ruleset's
    # events, written after death) or "prepared" (a note written while alive, shown
    # with the death). A role with the trait `no_death_note` leaves none.
    death_notes: str = "none"
    # Private messages between players: the game option's default ("off", "on" or
    # "gm": the GM reads them all) and the phase kind they are limited to (None: any).
    private_messages_default: str = "off"
    private_messages_phase: str | None = None
    # The setup builder (docs/setup.md): random categories by id, roles at most one
    # per game, other per-game maxima, random-role constraints, and the options that
    # exclude a role from random slots (role id -> option id).
    categories: dict[str, Category] = field(default_factory=dict)
    unique_roles: frozenset[str] = frozenset()
    role_limits: dict[str, int] = field(default_factory=dict)
    spawn_rules: tuple[SpawnRule, ...] = ()
    excluded_from_randoms_options: dict[str, str] = field(default_factory=dict)
    # The GM's night-order sheet (roles/sheet.py): a procedure stage -> the ability
    # stages it resolves inside itself, in its order (bay12's "redirect_block" runs
    # the "control", "transport" and "block" intents), so the sheet shows every
    # action where the engine applies it.
    inner_stages: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The activity rules' defaults (roles/activity.py: posts a day in the first days);
    # the site counts the posts, the GM may change the numbers per game.
    activity: Activity = NO_RULE

    def option(self, state_options: dict[str, Any], option_id: str) -> Any:
        if option_id in state_options:
            return state_options[option_id]
        for o in self.options:
            if o.id == option_id:
                return o.default
        raise KeyError(option_id)

    def role_of(self, player: Player) -> Role:
        return self.roles[player.role]

    def public_reveal(self, state: GameState, player: Player) -> str:
        """What everyone is shown of `player` once he is dead: "role", "team" or
        "none" (the role, of everyone, once the game is over)."""
        if state.ended:
            return "role"
        if self.reveal_of is not None:
            return self.reveal_of(state, player)
        return self.reveal(state) if self.reveal else "role"

    def told_role(self, state: GameState, player: Player) -> Role:
        """The role `player` believes he holds: the card he was dealt (`Role.shown_as`:
        ru_eleven's statuses read "Civilian", townston's Paranoid "Townie") until the
        truth is public, when the game is over or his death revealed his role."""
        role = self.role_of(player)
        if role.shown_as is None:
            return role
        if state.ended or (not player.alive and self.public_reveal(state, player) == "role"):
            return role
        return self.roles[role.shown_as]

    def leaves_note(self, player: Player) -> bool:
        """Does this player leave a prepared note when he dies?"""
        if self.death_notes != "prepared":
            return False
        return not self.role_of(player).traits.get("no_death_note", False)

    def resolved_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        given = dict(given or {})
        known = {o.id: o for o in self.options}
        for key, value in given.items():
            if key not in known:
                raise ValueError(f"unknown option '{key}' for ruleset {self.id}")
            option = known[key]
            if option.choices and value not in option.choices:
                allowed = ", ".join(map(str, option.choices))
                raise ValueError(f"option {key} must be one of {allowed}, not {value!r}")
        return {o.id: given.get(o.id, o.default) for o in self.options}

    def initial_memory(self, state: GameState) -> None:
        if self.setup:
            self.setup(state)


# Filled as each module of roles/rulesets/ is imported; roles/__init__.py imports them
# all, and any import of a roles module runs that first, so the lookups need no import
# of their own (the rulesets build on this module: importing them here was a circle).
_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def get_ruleset(ruleset_id: str) -> Ruleset:
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        raise KeyError(ruleset_id) from None


def list_rulesets() -> list[Ruleset]:
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]
