"""What may this player do now? The same rules answer the page and validate the submission."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction, Reason
from .leavers import has_left
from .model import GameState, Player
from .ruleset import Ability, Ruleset, get_ruleset


@dataclass
class Choice:
    """One ability a player may use now, with the names it may target."""

    ability: str
    label: str
    phase: str
    min_targets: int
    max_targets: int
    targets: list[str]
    extra: dict[str, list[str]] = field(default_factory=dict)
    uses_left: int | None = None
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "ability": self.ability,
            "label": self.label,
            "phase": self.phase,
            "min_targets": self.min_targets,
            "max_targets": self.max_targets,
            "targets": list(self.targets),
            "extra": {k: list(v) for k, v in self.extra.items()},
            "uses_left": self.uses_left,
            "description": self.description,
        }


def uses_left(player: Player, ability: Ability) -> int | None:
    if ability.uses is None:
        return None
    return ability.uses - player.memory.get("uses", {}).get(ability.id, 0)


def known_as(state: GameState, player: Player) -> str:
    """The role a refusal names: the one the actor knows he holds (a Paranoid is told
    Townie and holds a Townie's abilities, so the refusal is as true and betrays nothing)."""
    return get_ruleset(state.ruleset).told_role(state, player).id


def usable_reason(state: GameState, player: Player, ability: Ability) -> str | None:
    """Why `ability` cannot be used by `player` in the current phase, or None."""
    role_id = known_as(state, player)
    if ability.phase != state.phase_kind:
        return Reason("refusal.phase", role=role_id, ability=ability.id, phase=state.phase_kind)
    if not player.alive and not ability.usable_dead:
        return Reason("refusal.dead", player=player.name)
    if has_left(state, player.name):
        return Reason("refusal.left", player=player.name)
    if state.phase_kind == "night" and state.phase_number < ability.from_night:
        return Reason("refusal.night", role=role_id, ability=ability.id, n=state.phase_number)
    left = uses_left(player, ability)
    if left is not None and left <= 0:
        return Reason("refusal.no_uses", role=role_id, ability=ability.id)
    if ability.usable is not None:
        return ability.usable(state, player)
    return None


def allowed_targets(state: GameState, player: Player, ability: Ability) -> list[str]:
    return [o.name for o in state.players if target_allowed(state, player, ability, o)]


def target_allowed(state: GameState, player: Player, ability: Ability, other: Player) -> bool:
    """May `player` name `other` with `ability` now? (One test, so validating an action
    costs its targets, not the table: a night of n actions stays O(n).)"""
    rule = ability.targets
    if rule.dead == other.alive:
        return False
    if other.name == player.name and not _self_allowed(player, ability):
        return False
    if ability.eligible is not None and not ability.eligible(state, player, other):
        return False
    if not rule.teammates_allowed and other.name != player.name and other.faction == player.faction:
        return False
    if ability.refuse_target is not None and ability.refuse_target(state, player, other.name):
        return False
    return True


def _self_allowed(player: Player, ability: Ability) -> bool:
    rule = ability.targets
    if not rule.self_allowed:
        return False
    if rule.self_uses is None:
        return True
    return player.memory.get("self_uses", {}).get(ability.id, 0) < rule.self_uses


def extra_choices(state: GameState, player: Player, ability: Ability) -> dict[str, list[str]]:
    """The values each extra key of `ability` may take now (fixed, or from the game)."""
    extra = {k: list(v) for k, v in ability.extra.items()}
    if ability.extra_options is not None:
        extra.update(ability.extra_options(state, player))
    return extra


def choices(state: GameState, name: str) -> list[Choice]:
    """The abilities `name` may use in the current phase, with their target rules."""
    if state.ended or not state.has_player(name):
        return []
    ruleset = get_ruleset(state.ruleset)
    player = state.player(name)
    out = []
    for ability in ruleset.roles[player.role].abilities:
        if usable_reason(state, player, ability) is not None:
            continue
        targets = allowed_targets(state, player, ability)
        if ability.targets.minimum > 0 and not targets:
            continue
        out.append(
            Choice(
                ability=ability.id,
                label=ability.label,
                phase=ability.phase,
                min_targets=ability.targets.minimum,
                max_targets=ability.targets.count,
                targets=targets,
                extra=extra_choices(state, player, ability),
                uses_left=uses_left(player, ability),
                description=ability.description,
            )
        )
    return out


# Printed with every ruleset's rules (`python -m roles rules RULESET`).
OWED_RULINGS = """\
- A phase may close before its deadline once every player the engine offers a move has
  made them all. A player owes each ability offered to him this phase (dead players too,
  where an ability is usable dead: the lynched Jester's haunt): the documents do not say
  which of a role's abilities exclude each other, so nobody is taken to have finished
  early. A player who will send no more says so ("nothing more this phase"), and the
  moves he sent stand; "do nothing" instead withdraws them all.
- Where a ruleset gives a player one action a phase (bay12, townston, ru_19: "one action
  per night"), a second ability that spends it replaces the first (the Arsonist who doused
  and now ignites ignites instead), and having spent it he owes nothing more; answering
  an offer spends nothing.
- A move or a vote that arrives after the phase's stored deadline is refused, even when
  the phase has not been closed yet (ru_classic: late votes are not counted).
"""

DONE = ""  # the ability id of "I send nothing (more) this phase"


def spends_the_action(ruleset: Ruleset, ability: Ability) -> bool:
    """Does using `ability` spend the player's one action of the phase? (Only where the
    ruleset gives one: Ruleset.one_action_per_phase; answering an offer is free.)"""
    return ruleset.one_action_per_phase and not ability.free


def _spends(state: GameState, name: str, ability_id: str) -> bool:
    if ability_id == DONE:
        return False
    try:
        ability = pick_ability(state, state.player(name), ability_id)
    except IllegalAction:
        return False
    return spends_the_action(get_ruleset(state.ruleset), ability)


def replaced_moves(state: GameState, name: str, ability_id: str, sent) -> list[str]:
    """The moves `name` has sent this phase that a move of `ability_id` replaces: his one
    action's earlier move, where the ruleset gives one action a phase (a move of the same
    ability always replaces its earlier self)."""
    if not _spends(state, name, ability_id):
        return []
    return [a for a in sent if a != ability_id and _spends(state, name, a)]


def owed(state: GameState, name: str, sent: set[str] | frozenset[str]) -> list[str]:
    """The abilities `name` still owes this phase, given the ability ids he has sent
    (DONE among them: he has declared himself finished; his one action spent, where the
    ruleset gives one a phase)."""
    if DONE in sent or any(_spends(state, name, a) for a in sent):
        return []
    return [c.ability for c in choices(state, name) if c.ability not in sent]


def pick_ability(state: GameState, player: Player, ability_id: str | None) -> Ability:
    """The ability an action names, or the role's only usable one in this phase."""
    ruleset = get_ruleset(state.ruleset)
    role, role_id = ruleset.roles[player.role], known_as(state, player)
    if ability_id is not None:
        named = [a for a in role.abilities if a.id == ability_id]
        if not named:
            raise IllegalAction(Reason("refusal.no_ability", role=role_id, ability=ability_id))
        # An ability used by day and by night is one id with one entry per phase.
        return next((a for a in named if a.phase == state.phase_kind), named[0])
    in_phase = [a for a in role.abilities if a.phase == state.phase_kind and not a.named_only]
    usable = [a for a in in_phase if usable_reason(state, player, a) is None]
    if len(usable) == 1:
        return usable[0]
    defaults = [a for a in usable if a.default]
    if len(defaults) == 1:
        return defaults[0]
    if len(in_phase) == 1:
        return in_phase[0]
    if not in_phase:
        raise IllegalAction(
            Reason("refusal.no_phase_ability", role=role_id, phase=state.phase_kind)
        )
    names = ", ".join(a.id for a in (usable or in_phase))
    raise IllegalAction(Reason("refusal.name_ability", role=role_id, names=names))


def check_action(state: GameState, action: dict[str, Any]) -> Ability:
    """Validate one action against the current phase; return its ability or raise."""
    if state.ended:
        raise IllegalAction(Reason("refusal.ended"))
    actor = action.get("actor")
    if not isinstance(actor, str) or not state.has_player(actor):
        raise IllegalAction(Reason("refusal.unknown_player", player=actor))
    player = state.player(actor)
    ability = pick_ability(state, player, action.get("ability"))
    reason = usable_reason(state, player, ability)
    if reason:
        raise IllegalAction(reason)
    targets = action.get("targets") or []
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise IllegalAction(Reason("refusal.targets_list"))
    rule = ability.targets
    if not rule.minimum <= len(targets) <= rule.count:
        want = str(rule.count) if rule.minimum == rule.count else f"{rule.minimum}-{rule.count}"
        raise IllegalAction(
            Reason("refusal.target_count", ability=ability.id, want=want, n=len(targets))
        )
    if rule.distinct and len(set(targets)) != len(targets):
        raise IllegalAction(Reason("refusal.twice", ability=ability.id))
    for target in targets:
        if not state.has_player(target):
            raise IllegalAction(Reason("refusal.unknown_player", player=target))
        if not target_allowed(state, player, ability, state.player(target)):
            raise IllegalAction(_target_refusal(state, player, ability, target))
    for key, values in extra_choices(state, player, ability).items():
        if action.get(key) not in values:
            raise IllegalAction(
                Reason("refusal.extra", ability=ability.id, key=key, values=", ".join(values))
            )
    if ability.check is not None:
        refusal = ability.check(state, player, action)
        if refusal:
            raise IllegalAction(refusal)
    return ability


def _target_refusal(state: GameState, player: Player, ability: Ability, target: str) -> str:
    other = state.player(target)
    rule = ability.targets
    if rule.dead and other.alive:
        return Reason("refusal.needs_dead", ability=ability.id, player=target)
    if not rule.dead and not other.alive:
        return Reason("refusal.dead", player=target)
    if ability.refuse_target is not None:
        refusal = ability.refuse_target(state, player, target)
        if refusal:
            return refusal
    role_id = known_as(state, player)
    if target == player.name:
        if rule.self_allowed:
            return Reason("refusal.self_used", role=role_id, ability=ability.id)
        return Reason("refusal.self", role=role_id)
    if not rule.teammates_allowed and other.faction == player.faction:
        return Reason("refusal.teammate", role=role_id, faction=player.faction)
    return Reason("refusal.target", player=target, ability=ability.id)


def lynch_need(state: GameState) -> dict:
    """What the current day's vote needs to lynch, as the ruleset counts it:
    {"rule": "plurality"} (the most votes when the day closes; a tie as the ruleset
    says), or {"rule": "majority" | "trial", "votes": n, "of": total}: n of the living's
    `total` votes lynch at once (put the player on trial)."""
    ruleset = get_ruleset(state.ruleset)
    if ruleset.lynch_need is None:
        return {"rule": "plurality"}
    return ruleset.lynch_need(state)


def check_vote(state: GameState, voter: str, target: str | None) -> None:
    """Validate one vote of the current day; raise IllegalAction with the reason."""
    if state.ended:
        raise IllegalAction(Reason("refusal.ended"))
    if state.phase_kind != "day":
        raise IllegalAction(Reason("refusal.votes_by_day"))
    if not state.has_player(voter):
        raise IllegalAction(Reason("refusal.unknown_player", player=voter))
    if not state.player(voter).alive:
        raise IllegalAction(Reason("refusal.dead", player=voter))
    if has_left(state, voter):
        raise IllegalAction(Reason("refusal.left", player=voter))
    ruleset = get_ruleset(state.ruleset)
    if ruleset.vote_check is not None:
        refusal = ruleset.vote_check(state, voter, target)
        if refusal:
            raise IllegalAction(refusal)
        return
    if target is None:
        return
    if target == "pass":
        raise IllegalAction(Reason("refusal.no_pass"))
    if not state.has_player(target):
        raise IllegalAction(Reason("refusal.unknown_player", player=target))
    if not state.player(target).alive:
        raise IllegalAction(Reason("refusal.vote_dead", player=target))
