"""Ability hooks and stage procedures shared by rulesets (bay12, sc2, ...).

Hooks are `resolve(ctx, intent)` functions; procedures are `procedure(ctx)`.
Role differences are read from role traits, never from role ids:
  - "roleblock_immune": the Escort/Consort cannot stop it
  - "control_immune": a Witch cannot control it
  - "kills_blockers": a blocker who visits it is killed instead of its target
  - "defence_except": night immunity, pierced only by the listed causes
  - "night_lives": survives that many night kills, except by causes in "lives_except"
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .night import Attack, Intent, PhaseContext

# -- simple hooks -------------------------------------------------------------


def kill(
    cause: str | None = None,
    preventable: bool = True,
    interceptable: bool = True,
    pierces: tuple[str, ...] = (),
) -> Callable[[PhaseContext, Intent], None]:
    """A kill of every target; the cause defaults to the killer's role id."""

    def resolve(ctx: PhaseContext, intent: Intent) -> None:
        for target in intent.targets:
            ctx.attack(
                intent.actor,
                target,
                cause or intent.role.id,
                preventable=preventable,
                interceptable=interceptable,
                pierces=pierces,
            )

    return resolve


def heal(ctx: PhaseContext, intent: Intent) -> None:
    ctx.protect(intent.actor, intent.target, "heal")


def guard(ctx: PhaseContext, intent: Intent) -> None:
    """Bodyguard: guard another player, or make oneself immune for the night."""
    if intent.target == intent.actor:
        ctx.protect(intent.actor, intent.actor, "immune")
    else:
        ctx.protect(intent.actor, intent.target, "guard")


def frame(ctx: PhaseContext, intent: Intent) -> None:
    ctx.flags.setdefault("framed", set()).add(intent.target)


def roleblock(ctx: PhaseContext, intent: Intent) -> None:
    """Applied by `redirect_and_block`; listed so the ability has a hook to name."""


# -- the redirect/block cycle ---------------------------------------------------


def _retarget_first(intent: Intent, new_target: str) -> None:
    intent.targets = [new_target, *intent.targets[1:]]


def _default_night_ability(ctx: PhaseContext, actor: str):
    from .legal import usable_reason

    player = ctx.player(actor)
    options = [
        a
        for a in ctx.role(actor).abilities
        if a.phase == "night"
        and a.targets.count == 1
        and not a.named_only
        and usable_reason(ctx.state, player, a) is None
    ]
    return options[0] if len(options) == 1 else None


def witch_control(ctx: PhaseContext, intent: Intent) -> None:
    """Force the first target to use their ability on the second target."""
    subject, new_target = intent.targets[0], intent.targets[1]
    ctx.result(subject, "witched")
    if ctx.trait(subject, "control_immune"):
        return
    own = [i for i in ctx.intents_of(subject) if i.ability.redirectable]
    if own:
        for other in own:
            _retarget_first(other, new_target)
            other.forced = True
        return
    ability = _default_night_ability(ctx, subject)
    if ability is not None:
        ctx.add_intent(Intent(subject, ability, ctx.role(subject), [new_target], forced=True))


def transport(
    ctx: PhaseContext, intent: Intent, aimed_at: dict[str, list[Intent]] | None = None
) -> None:
    """Swap two players: every movable action aimed at one now aims at the other.

    `aimed_at` (name -> intents naming it, from `intents_aimed_at`) lets a night of
    many transports touch only the actions they move; it is kept up to date here.
    """
    first, second = intent.targets[0], intent.targets[1]
    if aimed_at is None:
        movable = ctx.intents
    else:
        found = {id(i): i for name in (first, second) for i in aimed_at.get(name, ())}
        movable = sorted(found.values(), key=lambda i: i.index)
    for other in movable:
        if other is intent or not other.ability.redirectable:
            continue
        if other.targets == [other.actor]:
            continue  # a self-target (doctor, bodyguard) stays where it is
        swapped = [second if t == first else first if t == second else t for t in other.targets]
        if aimed_at is not None and swapped != other.targets:
            for name in set(other.targets):
                aimed_at[name] = [i for i in aimed_at[name] if i is not other]
            for name in set(swapped):
                aimed_at.setdefault(name, []).append(other)
        other.targets = swapped
    for name in (first, second):
        ctx.result(name, "transported")


def intents_aimed_at(ctx: PhaseContext) -> dict[str, list[Intent]]:
    """Every name any intent targets -> those intents (for `transport`)."""
    aimed_at: dict[str, list[Intent]] = {}
    for intent in ctx.intents:
        for name in set(intent.targets):
            aimed_at.setdefault(name, []).append(intent)
    return aimed_at


def settle_blocks(ctx: PhaseContext, stage: str = "block") -> None:
    """Roleblocks in chain order: a blocked blocker does nothing (A→B→C→D blocks B and D)."""
    pending = ctx.intents_at(stage)
    while pending:
        aimed = Counter(j.target for j in pending)  # blockers still pending on each name
        ready = [
            i
            for i in pending
            if aimed[i.actor] == (1 if i.target == i.actor else 0)
            or ctx.trait(i.actor, "roleblock_immune")
        ]
        if not ready:  # a cycle: the seeded RNG picks who acts first
            ready = [ctx.rng.choice(pending)]
        for blocker in ready:
            pending.remove(blocker)
            if blocker.blocked:
                continue
            _apply_block(ctx, blocker)


def _apply_block(ctx: PhaseContext, blocker: Intent) -> None:
    target = blocker.target
    if ctx.trait(target, "kills_blockers"):
        _turn_on_blocker(ctx, target, blocker.actor)
        ctx.result(target, "blocked")
        return
    if ctx.trait(target, "roleblock_immune"):
        ctx.result(blocker.actor, "immune", target=target)
        ctx.result(target, "block_attempt")
        return
    ctx.block(target)
    ctx.result(target, "blocked")


def _turn_on_blocker(ctx: PhaseContext, killer: str, blocker: str) -> None:
    """A Serial Killer who would be blocked kills every blocker instead of his target."""
    own = [i for i in ctx.intents_of(killer) if i.ability.stage == "kill"]
    forced = ctx.flags.setdefault("turned_on", {}).setdefault(killer, [])
    forced.append(blocker)
    if own:
        own[0].targets = list(forced)
        own[0].forced = True
        for extra in own[1:]:
            extra.blocked = True
        return
    ability = next((a for a in ctx.role(killer).abilities if a.stage == "kill"), None)
    if ability is not None:
        ctx.add_intent(Intent(killer, ability, ctx.role(killer), list(forced), forced=True))


def redirect_and_block(ctx: PhaseContext) -> None:
    """002's cycle: Witches, then Transporters (in random order), then role-blockers.

    In bay12 the Witch and the Transporter cannot be blocked or controlled by one
    another's kind of action in a way that feeds back, so one pass is the fixed point.
    """
    for intent in ctx.intents_at("control"):
        if not intent.blocked:
            intent.ability.resolve(ctx, intent)
    transports = ctx.intents_at("transport")
    ctx.rng.shuffle(transports)
    aimed_at = intents_aimed_at(ctx)
    for intent in transports:
        if not intent.blocked:
            transport(ctx, intent, aimed_at)
    settle_blocks(ctx)


def record_visits(ctx: PhaseContext) -> None:
    """Visits after redirection: unblocked actions that visit; self-targets never visit."""
    for intent in sorted(ctx.intents, key=lambda i: (ctx.seat(i.actor), i.index)):
        if intent.blocked or not intent.ability.visits:
            continue
        limit = intent.ability.visits_first
        targets = intent.targets[:limit] if limit else intent.targets
        for target in targets:
            if target != intent.actor:
                ctx.visit(intent.actor, target, intent.ability.id)


# -- kills, defences, protections -------------------------------------------------


def _defended(ctx: PhaseContext, attack: Attack) -> bool:
    except_causes = ctx.trait(attack.target, "defence_except")
    if except_causes is None:
        return False
    return attack.cause not in except_causes and "defence" not in attack.pierces


def _repel(ctx: PhaseContext, attack: Attack) -> None:
    if attack.attacker is not None:
        ctx.result(attack.attacker, "immune", target=attack.target)
    ctx.result(attack.target, "attacked")


def _bodyguard_interceptions(ctx: PhaseContext) -> None:
    guards = [p for p in ctx.protections if p.kind == "guard"]
    targets = sorted({g.target for g in guards}, key=ctx.seat)
    for target in targets:
        here = [g for g in guards if g.target == target]
        if len(here) > 1:
            ctx.rng.shuffle(here)
        candidates = [
            a
            for a in ctx.attacks
            if a.target == target
            and a.attacker is not None
            and a.interceptable
            and a.preventable
            and "intercepted" not in a.meta
        ]
        for guard_ in here:
            if not candidates:
                break
            attack = candidates.pop(ctx.rng.randrange(len(candidates)))
            attack.meta["intercepted"] = guard_.protector
            ctx.attack(
                attack.attacker,
                guard_.protector,
                attack.cause,
                interceptable=False,
                meta={"struggle": True},
            )
            ctx.attack(guard_.protector, attack.attacker, "bodyguard", interceptable=False)
            ctx.result(guard_.protector, "saved", target=target)
            ctx.result(target, "saved")
            ctx.result(attack.attacker, "guarded", target=target)


def settle_attacks(ctx: PhaseContext) -> None:
    """Resolve every attack of the night at once into deaths, saves and notices."""
    _bodyguard_interceptions(ctx)
    by_target: dict[str, list[Attack]] = {}
    for attack in ctx.attacks:
        if "intercepted" not in attack.meta:
            by_target.setdefault(attack.target, []).append(attack)
    for target in sorted(by_target, key=ctx.seat):
        _settle_target(ctx, target, by_target[target])


def _settle_target(ctx: PhaseContext, target: str, attacks: list[Attack]) -> None:
    if not ctx.player(target).alive:
        return
    landing = []
    for attack in attacks:
        if _defended(ctx, attack):
            _repel(ctx, attack)
        else:
            landing.append(attack)
    if ctx.protections_of(target, "immune"):
        for attack in [a for a in landing if a.preventable]:
            _repel(ctx, attack)
        landing = [a for a in landing if not a.preventable]
    heals = ctx.protections_of(target, "heal")
    if heals and any(a.preventable for a in landing):
        for h in heals:
            ctx.result(h.protector, "saved", target=target)
        ctx.result(target, "saved")
        landing = [a for a in landing if not a.preventable]
    landing = _use_night_life(ctx, target, landing)
    for attack in landing:
        ctx.kill(
            target, attack.cause, **({"struggle": True} if attack.meta.get("struggle") else {})
        )
        ctx.flags.setdefault("killed_by", {}).setdefault(target, []).append(attack)


def _use_night_life(ctx: PhaseContext, target: str, landing: list[Attack]) -> list[Attack]:
    lives = ctx.player(target).memory.get("night_lives", 0)
    if not lives or not landing:
        return landing
    except_causes = ctx.trait(target, "lives_except", ())
    savable = [a for a in landing if a.cause not in except_causes]
    if not savable:
        return landing
    repelled = savable[ctx.rng.randrange(len(savable))] if len(savable) > 1 else savable[0]
    ctx.player(target).memory["night_lives"] = lives - 1
    _repel(ctx, repelled)
    return [a for a in landing if a is not repelled]


def attacks_on(ctx: PhaseContext, target: str) -> list[Attack]:
    return [a for a in ctx.attacks if a.target == target]


def note_last_target(ctx: PhaseContext) -> None:
    """Remember each actor's targets (rules like 'never the same player twice running')."""
    acted: dict[str, Any] = {}
    for intent in ctx.intents:
        if not intent.forced:
            acted.setdefault(intent.actor, {})[intent.ability.id] = list(intent.original)
    for player in ctx.state.players:
        player.memory["last_targets"] = acted.get(player.name, {})
