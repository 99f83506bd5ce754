"""Ability hooks and stage procedures shared by rulesets (bay12, sc2, ...).

Hooks are `resolve(ctx, intent)` functions; procedures are `procedure(ctx)`.

One mechanism settles the redirect/block cycle (`redirect_and_block`,
`settle_blocks`) and the night's attacks (`settle_attacks`) for every ruleset
that has them; what sets a ruleset apart is a `NightRules` value, not a copy of
the code: who is roleblock-immune or kills his blockers, what a landed block
does first (sc2's jail absorbs it), which stages are blocked before they act,
whether transports and guards go in random order, jail-like stops, defences,
heals and how many attacks one heal stops, the bodyguard's duel. The defaults
(`BAY12_RULES`) are bay12's and read role traits; sc2 passes `SC2_RULES`.
Role differences are read from role traits, never from role ids:
  - "roleblock_immune": the Escort/Consort cannot stop it
  - "control_immune": a Witch cannot control it
  - "kills_blockers": a blocker who visits it is killed instead of its target
  - "defence_except": night immunity, pierced only by the listed causes
  - "night_lives": survives that many night kills, except by causes in "lives_except"
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .model import Player
from .night import Attack, Intent, PhaseContext, Protection

# -- simple hooks -------------------------------------------------------------


def kill(cause: str | None = None) -> Callable[[PhaseContext, Intent], None]:
    """A kill of every target; the cause defaults to the killer's role id. (Kills
    that pierce a defence or cannot be stopped are the rulesets' own.)"""

    def resolve(ctx: PhaseContext, intent: Intent) -> None:
        for target in intent.targets:
            ctx.attack(intent.actor, target, cause or intent.role.id)

    return resolve


def heal(ctx: PhaseContext, intent: Intent) -> None:
    ctx.protect(intent.actor, intent.target, "heal")


def guarding(self_kind: str = "immune") -> Callable[[PhaseContext, Intent], None]:
    """Bodyguard: guard another player, or protect oneself for the night with a
    protection of `self_kind` (bay12 "immune"; sc2 "vest", like a Citizen's vest)."""

    def resolve(ctx: PhaseContext, intent: Intent) -> None:
        if intent.target == intent.actor:
            ctx.protect(intent.actor, intent.actor, self_kind)
        else:
            ctx.protect(intent.actor, intent.target, "guard")

    return resolve


guard = guarding()


def frame(ctx: PhaseContext, intent: Intent) -> None:
    ctx.flags.setdefault("framed", set()).add(intent.target)


def roleblock(ctx: PhaseContext, intent: Intent) -> None:
    """Applied by `redirect_and_block`; listed so the ability has a hook to name."""


def lookout(
    unseen: Callable[[PhaseContext, str], bool] | None = None,
) -> Callable[[PhaseContext, Intent], None]:
    """000 Lookout: 'Learn who else visited your target tonight' (sorted by name);
    `unseen(ctx, visitor)`: a visitor the Lookout does not see (sc2: detection-immune
    visitors when the Lookout does not ignore detection immunity)."""

    def resolve(ctx: PhaseContext, intent: Intent) -> None:
        target = intent.target
        seen = [
            v
            for v in ctx.visitors_of(target)
            if v != intent.actor and not (unseen is not None and unseen(ctx, v))
        ]
        ctx.result(intent.actor, "visitors", target=target, value=sorted(seen))

    return resolve


lookout_watch = lookout()


def faction_visits(ctx: PhaseContext, watcher: str, faction: str) -> None:
    """000 Spy: every living `watcher` learns whom `faction` visited, acted or not."""
    spies = [p for p in ctx.state.players if p.role == watcher and ctx.is_alive_now(p.name)]
    if not spies:
        return
    visited = sorted({v.target for v in ctx.visits if ctx.player(v.visitor).faction == faction})
    for spy in spies:
        ctx.result(spy.name, "mafia_visits", value=visited)


# -- the Arsonist's marks --------------------------------------------------------------


def mark_doused(ctx: PhaseContext, name: str, tell: bool) -> None:
    """Doused for the rest of the game (until cleaned off or burnt); `tell`: the
    doused player is told."""
    ctx.player(name).memory["doused"] = True
    if tell:
        ctx.result(name, "doused")


def burn_doused(
    ctx: PhaseContext,
    igniter: str,
    spare: tuple[str, ...] = (),
    clear: bool = False,
    **attack: Any,
) -> None:
    """Ignition: an attack by `igniter` on every living doused player but `spare`;
    `clear`: the burnt lose their mark at once."""
    for player in ctx.state.players:
        if player.alive and player.memory.get("doused") and player.name not in spare:
            ctx.attack(igniter, player.name, "arsonist", **attack)
            if clear:
                player.memory["doused"] = False


def arsonists_clean_off(ctx: PhaseContext, role: str = "arsonist") -> None:
    """000: 'By doing nothing, you will clean yourself off' (and igniting leaves you clean)."""
    ignited = ctx.flags.get("ignited", [])
    for player in ctx.state.players:
        if player.alive and player.role == role and not ctx.intents_of(player.name):
            player.memory.pop("doused", None)
        if player.name in ignited:
            player.memory.pop("doused", None)


# -- what sets one ruleset's night apart --------------------------------------------


def _has_trait(trait: str) -> Callable[[PhaseContext, str], bool]:
    def check(ctx: PhaseContext, name: str) -> bool:
        return bool(ctx.trait(name, trait))

    return check


def _always(ctx: PhaseContext) -> bool:
    return True


def _defended_by_traits(ctx: PhaseContext, attack: Attack, protections: Protections) -> bool:
    """bay12: a role's "defence_except" (its night immunity, also against unpreventable
    attacks unless they pierce "defence"), or an "immune" protection (a self-guard)."""
    except_causes = ctx.trait(attack.target, "defence_except")
    if except_causes is not None:
        if attack.cause not in except_causes and "defence" not in attack.pierces:
            return True
    return attack.preventable and bool(protections.get((attack.target, "immune")))


def _heals_of(ctx: PhaseContext, target: str, protections: Protections) -> list[Protection]:
    return protections.get((target, "heal"), [])


def _unlimited(heals: list[Protection]) -> float:
    """bay12: one heal saves the target from every preventable attack of the night."""
    return math.inf if heals else 0


def _tell_saved(ctx: PhaseContext, target: str, heals: list[Protection]) -> None:
    for h in heals:
        ctx.result(h.protector, "saved", target=target)
    ctx.result(target, "saved")


def _tell_covered(ctx: PhaseContext, target: str, heals: list[Protection]) -> None:
    """000 Doctor: 'You and your target will be told if you prevented an attack, even if
    multiple people prevented it': a heal whose attack another protector stopped first."""
    _tell_saved(ctx, target, heals)


def _struggle(ctx: PhaseContext, bodyguard: str, attack: Attack) -> None:
    """bay12: the attacker's blow falls on the bodyguard, who strikes back; the attacker
    is told his target was guarded."""
    assert attack.attacker is not None
    ctx.attack(
        attack.attacker, bodyguard, attack.cause, interceptable=False, meta={"struggle": True}
    )
    ctx.attack(bodyguard, attack.attacker, "bodyguard", interceptable=False)
    ctx.result(attack.attacker, "guarded", target=attack.target)


@dataclass(frozen=True)
class NightRules:
    """What sets one ruleset's redirect/block cycle and attack settling apart.

    The defaults are bay12's (000, 002) and read role traits; the Russian rulesets
    use them as they are, sc2 passes its own (`sc2_night.SC2_RULES`).
    """

    # -- roleblocks
    block_immune: Callable[[PhaseContext, str], bool] = _has_trait("roleblock_immune")
    kills_blockers: Callable[[PhaseContext, str], bool] = _has_trait("kills_blockers")
    tells_blocker_immune: Callable[[PhaseContext], bool] = _always
    # Called first for every block that lands; True: the block stops there (a jail).
    on_block: Callable[[PhaseContext, Intent], bool] | None = None
    # Whether a blocked blocker still pending holds up the blocker he aims at
    # (the outcome is the same; the order the seeded RNG sees is not).
    blocked_blockers_wait: bool = True
    # Stages whose actors are blocked before they act (sc2: Witches, Bus Drivers).
    blocks_first: frozenset[str] = frozenset()
    shuffle_transports: bool = True  # 002: two transporters act in random order
    on_transport: Callable[[PhaseContext, Intent], None] | None = None
    # -- attacks
    # A jail-like stop of a preventable attack: the attacker is told, the target not.
    stops: Callable[[PhaseContext, Attack], bool] | None = None
    defended: Callable[[PhaseContext, Attack, Protections], bool] = _defended_by_traits
    heals: Callable[[PhaseContext, str, Protections], list[Protection]] = _heals_of
    heal_capacity: Callable[[list[Protection]], float] = _unlimited
    on_saved: Callable[[PhaseContext, str, list[Protection]], None] = _tell_saved
    # Heals on a target whose attack a guard or a worn protection stopped first: each
    # healer prevented it too (000's "even if multiple people prevented it").
    on_covered: Callable[[PhaseContext, str, list[Protection]], None] = _tell_covered
    shuffle_guards: bool = True  # several guards on one target: random order
    draw_among_one: bool = True  # draw with the RNG even when one attack is left
    duel: Callable[[PhaseContext, str, Attack], None] = _struggle


BAY12_RULES = NightRules()


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


def transport(ctx: PhaseContext, intent: Intent, aimed_at: dict[str, list[Intent]]) -> None:
    """Swap two players: every movable action aimed at one now aims at the other.

    `aimed_at` (name -> intents naming it, from `intents_aimed_at`) lets a night of
    many transports touch only the actions they move; it is kept up to date here. The
    transport's own action names both players, so both are always in it.
    """
    first, second = intent.targets[0], intent.targets[1]
    found = {id(i): i for name in (first, second) for i in aimed_at[name]}
    for other in sorted(found.values(), key=lambda i: i.index):
        if other is intent or not other.ability.redirectable:
            continue
        if other.targets == [other.actor]:
            continue  # a self-target (doctor, bodyguard) stays where it is
        swapped = [second if t == first else first if t == second else t for t in other.targets]
        if swapped != other.targets:
            for name in set(other.targets):
                aimed_at[name] = [i for i in aimed_at[name] if i is not other]
            for name in set(swapped):
                aimed_at[name].append(other)
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


def settle_blocks_on(ctx: PhaseContext, stages: frozenset[str], rules: NightRules) -> None:
    """Blocks aimed at the actors of `stages` (sc2: Witches, Bus Drivers) land before
    those act; a blocker with a blocker on him waits for the chain."""
    blocks = ctx.intents_at("block")
    aimed = Counter(j.target for j in blocks if not j.blocked)
    for blocker in blocks:
        if blocker.blocked or blocker.extra.get("settled"):
            continue
        if any(i.ability.stage in stages for i in ctx.intents_of(blocker.target)):
            if aimed[blocker.actor]:
                continue
            blocker.extra["settled"] = True
            _apply_block(ctx, blocker, rules)


def settle_blocks(ctx: PhaseContext, stage: str = "block", rules: NightRules | None = None) -> None:
    """Roleblocks in chain order: a blocked blocker does nothing (A→B→C→D blocks B and D).

    A blocker acts once no pending blocker aims at him; a ring of blockers with
    nobody outside it is broken by the seeded RNG.
    """
    rules = rules or BAY12_RULES
    pending = [i for i in ctx.intents_at(stage) if not i.extra.get("settled")]
    wait = rules.blocked_blockers_wait
    while pending:
        aimed = Counter(
            j.target for j in pending if j.target != j.actor and (wait or not j.blocked)
        )
        ready = [i for i in pending if not aimed[i.actor] or rules.block_immune(ctx, i.actor)]
        if not ready:
            ready = [ctx.rng.choice(pending)]
        done = {id(i) for i in ready}
        pending = [i for i in pending if id(i) not in done]
        for blocker in ready:
            if not blocker.blocked:
                _apply_block(ctx, blocker, rules)


def _apply_block(ctx: PhaseContext, blocker: Intent, rules: NightRules | None = None) -> None:
    rules = rules or BAY12_RULES
    target = blocker.target
    if rules.on_block is not None and rules.on_block(ctx, blocker):
        return
    if rules.kills_blockers(ctx, target):
        _turn_on_blocker(ctx, target, blocker.actor)
        ctx.result(target, "blocked")
        return
    if rules.block_immune(ctx, target):
        if rules.tells_blocker_immune(ctx):
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


def redirect_and_block(ctx: PhaseContext, rules: NightRules | None = None) -> None:
    """002's cycle: Witches, then Transporters/Bus Drivers, then role-blockers.

    bay12 (the default rules): Witch and Transporter cannot be blocked or
    controlled by one another's kind of action in a way that feeds back, and
    transporters act in random order. sc2: blocks aimed at Witches and Bus
    Drivers land first (`rules.blocks_first`), bus drivers act in seat order.
    Either way, one pass of this order is the fixed point of the cycle.
    """
    rules = rules or BAY12_RULES
    if rules.blocks_first:
        settle_blocks_on(ctx, rules.blocks_first, rules)
    for intent in ctx.intents_at("control"):
        if not intent.blocked:
            intent.ability.resolve(ctx, intent)
    transports = ctx.intents_at("transport")
    if rules.shuffle_transports:
        ctx.rng.shuffle(transports)
    aimed_at = intents_aimed_at(ctx)
    for intent in transports:
        if not intent.blocked:
            transport(ctx, intent, aimed_at)
            if rules.on_transport is not None:
                rules.on_transport(ctx, intent)
    settle_blocks(ctx, "block", rules)


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


Protections = dict[tuple[str, str], list[Protection]]


def _protection_index(ctx: PhaseContext) -> Protections:
    """(target, kind) -> protections, built once (a night stays linear)."""
    index: Protections = {}
    for protection in ctx.protections:
        index.setdefault((protection.target, protection.kind), []).append(protection)
    return index


def _repel(ctx: PhaseContext, attack: Attack) -> None:
    if attack.attacker is not None:
        ctx.result(attack.attacker, "immune", target=attack.target)
    ctx.result(attack.target, "attacked")


def _bodyguard_interceptions(ctx: PhaseContext, rules: NightRules | None = None) -> None:
    """Each guard on a target steps in front of one attack on it (drawn by the seeded
    RNG among several) and `rules.duel` settles the fight."""
    rules = rules or BAY12_RULES
    guards_on: dict[str, list[Protection]] = {}
    for protection in ctx.protections:
        if protection.kind == "guard":
            guards_on.setdefault(protection.target, []).append(protection)
    if not guards_on:
        return
    attacks_by_target: dict[str, list[Attack]] = {}
    for attack in ctx.attacks:
        attacks_by_target.setdefault(attack.target, []).append(attack)
    for target in sorted(guards_on, key=ctx.seat):
        here = guards_on[target]
        if rules.shuffle_guards:
            if len(here) > 1:
                ctx.rng.shuffle(here)
        else:
            here.sort(key=lambda g: ctx.seat(g.protector))
        candidates = [
            a
            for a in attacks_by_target.get(target, ())
            if a.attacker is not None
            and a.interceptable
            and a.preventable
            and "guard" not in a.pierces
            and "intercepted" not in a.meta
            and not (rules.stops is not None and rules.stops(ctx, a))
        ]
        for guard_ in here:
            if not candidates:
                break
            many = len(candidates) > 1 or rules.draw_among_one
            pick = ctx.rng.randrange(len(candidates)) if many else 0
            attack = candidates.pop(pick)
            attack.meta["intercepted"] = guard_.protector
            ctx.result(guard_.protector, "saved", target=target)
            ctx.result(target, "saved")
            rules.duel(ctx, guard_.protector, attack)


def settle_attacks(ctx: PhaseContext, rules: NightRules | None = None) -> None:
    """Resolve every attack of the night at once into deaths, saves and notices."""
    rules = rules or BAY12_RULES
    _bodyguard_interceptions(ctx, rules)
    by_target: dict[str, list[Attack]] = {}
    for attack in ctx.attacks:
        if "intercepted" not in attack.meta:
            by_target.setdefault(attack.target, []).append(attack)
    protections = _protection_index(ctx)
    for target in sorted(by_target, key=ctx.seat):
        _settle_target(ctx, target, by_target[target], protections, rules)
    _tell_every_protector(ctx, protections, rules)


# Protections a player wears (a self-guard, a vest): a protector's doing, unlike a
# role's own night immunity, so the healers of the same target prevented it too.
WORN = ("immune", "vest")


def _tell_every_protector(ctx: PhaseContext, protections: Protections, rules: NightRules) -> None:
    """000 Doctor and Bodyguard: 'You and your target will be told if you prevented an
    attack, even if multiple people prevented it, but will not receive additional
    messages because of extra protectors or extra attackers.' A guard who faced the
    attacker and a healer whose heal was used are told where they act; here the other
    protectors of a target who lived through a prevented attack are told too, once:
    healers whose heal would have stopped it, and guards who stood by while another
    guard faced it. A jail-like stop hides the prisoner, so it tells no one."""
    for target in sorted({a.target for a in ctx.attacks}, key=ctx.seat):
        if not ctx.is_alive_now(target):
            continue
        worn = any(protections.get((target, kind)) for kind in WORN)
        prevented = [
            a
            for a in ctx.attacks
            if a.target == target
            and a.preventable
            and ("intercepted" in a.meta or (worn and a.meta.get("repelled")))
        ]
        if not prevented:
            continue
        heals = rules.heals(ctx, target, protections)
        if heals and any("heal" not in a.pierces for a in prevented):
            rules.on_covered(ctx, target, heals)
        faced = {a.meta.get("intercepted") for a in prevented}
        for guard_ in protections.get((target, "guard"), []):
            stoppable = any(a.interceptable and "guard" not in a.pierces for a in prevented)
            if guard_.protector not in faced and stoppable:
                ctx.result(guard_.protector, "saved", target=target)


DEATH_NOTES = ("struggle", "duel")  # attack marks a death description reads


def _settle_target(
    ctx: PhaseContext,
    target: str,
    attacks: list[Attack],
    protections: Protections,
    rules: NightRules,
) -> None:
    """Each attack, in order, meets the first thing that stops it: a jail-like stop,
    a defence, a heal with capacity left; otherwise it lands (then night lives)."""
    if not ctx.player(target).alive:
        return
    heals = rules.heals(ctx, target, protections)
    heals_left = rules.heal_capacity(heals)
    saved = False
    landing = []
    for attack in attacks:
        if attack.preventable and rules.stops is not None and rules.stops(ctx, attack):
            if attack.attacker is not None:
                ctx.result(attack.attacker, "immune", target=target)
        elif rules.defended(ctx, attack, protections):
            attack.meta["repelled"] = True
            _repel(ctx, attack)
        elif attack.preventable and "heal" not in attack.pierces and heals_left > 0:
            heals_left -= 1
            saved = True
        else:
            landing.append(attack)
    if saved:
        rules.on_saved(ctx, target, heals)
    landing = _use_night_life(ctx, target, landing)
    killed_by = ctx.flags.setdefault("killed_by", {})
    for attack in landing:
        note = {key: True for key in DEATH_NOTES if attack.meta.get(key)}
        ctx.kill(target, attack.cause, **note)
        killed_by.setdefault(target, []).append(attack)


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


def town_killed_by(ctx: PhaseContext, cause: str, town: str) -> list[tuple[str, str]]:
    """(killer, victim) for every member of `town` killed tonight by an attack of
    `cause` (a Vigilante's guilt: 'commit suicide the following night')."""
    found = []
    for victim, attacks in ctx.flags.get("killed_by", {}).items():
        if ctx.player(victim).faction != town:
            continue
        for attack in attacks:
            if attack.cause == cause and attack.attacker:
                found.append((attack.attacker, victim))
    return found


def executioners_turning(
    ctx: PhaseContext, target_key: str, role: str = "executioner"
) -> list[Player]:
    """000 Executioner: 'If your target dies during the night, your role is replaced
    with the Jester': the living `role` players whose target (memory `target_key`)
    died in this phase; the ruleset makes the change."""
    return [
        p
        for p in ctx.state.players
        if p.role == role and ctx.is_alive_now(p.name) and p.memory.get(target_key) in ctx.deaths
    ]


def heir(
    ctx: PhaseContext,
    faction: str,
    holders: tuple[str, ...],
    eligible: Callable[[Player], bool] | None = None,
) -> Player | None:
    """000 Mafioso: 'If you die, the other mafia member's role is replaced with the
    Mafioso': the first living member of `faction` in seating order (who is
    `eligible`, when given), when none of them holds one of the `holders` roles;
    None otherwise."""
    living = [p for p in ctx.state.players if p.faction == faction and ctx.is_alive_now(p.name)]
    if any(p.role in holders for p in living):
        return None
    candidates = [p for p in living if eligible is None or eligible(p)]
    return candidates[0] if candidates else None


def note_last_target(ctx: PhaseContext) -> None:
    """Remember each actor's targets (rules like 'never the same player twice running')."""
    acted: dict[str, Any] = {}
    for intent in ctx.intents:
        if not intent.forced:
            acted.setdefault(intent.actor, {})[intent.ability.id] = list(intent.original)
    for player in ctx.state.players:
        player.memory["last_targets"] = acted.get(player.name, {})
