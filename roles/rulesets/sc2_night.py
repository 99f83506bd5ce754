"""The sc2 night: 002's order of night actions as stage procedures and ability hooks.

002, "Order of Night actions": Jailor detains; vests; Witches, Bus Drivers, then
role-blockers (the cycle); killing roles simultaneously; Janitor; investigations;
Disguiser; Mason Leader recruits. sc2-notes.md and sc2-reference.md settle the
details. The mechanisms are bay12's (`roles.abilities`): the redirect/block
cycle and the settling of attacks run there, with `SC2_RULES` for what sc2 does
differently (blocks on Witches and Bus Drivers land first, the jail absorbs
blocks and stops attacks, doctors heal one attack each, option-dependent
immunities, the bodyguard's duel); kill, heal, frame, guard, witch control,
transport, visits, the Lookout, the Spy's watch and the Arsonist's marks are
shared hooks. The pieces here are sc2's own (the jail, the Godfather's order,
the Mass Murderer's spree, crimes, conversions, the night sequence).

Everything that depends on a host option reads it through `ctx.option`.
"""

from __future__ import annotations

from .. import abilities as shared
from ..night import Attack, Intent, PhaseContext, Protection
from . import sc2_rules as rules

# -- helpers -------------------------------------------------------------------


def _effective(ctx: PhaseContext) -> list[Intent]:
    return [i for i in ctx.intents if not i.blocked and not i.extra.get("void")]


def _sequence(ctx: PhaseContext, line: str) -> None:
    ctx.flags.setdefault("sequence", []).append(line)


def _uses(ctx: PhaseContext, name: str) -> dict[str, int]:
    return ctx.player(name).memory.setdefault("sc2_uses", {})


# -- stage: the Godfather's order ------------------------------------------------


def mafia_order(ctx: PhaseContext) -> None:
    """sc2-reference 2.2: 'GF's target overrides Mafioso's; the Mafioso does the visit'.

    Every use of a limited ability is counted here too (validation of the night
    already happened against the uses of earlier nights).
    """
    for intent in ctx.intents:
        counted = rules.COUNTED_ABILITIES.get((intent.role.id, intent.ability.id))
        if counted:
            uses = _uses(ctx, intent.actor)
            uses[counted] = uses.get(counted, 0) + 1
        if intent.ability.id == "douse" and intent.target == intent.actor:
            # Naming oneself is the ignition, which nobody can move.
            intent.ability = intent.role.ability("ignite")
            intent.targets = []
    orders = [i for i in ctx.intents if i.role.id == "godfather" and not i.blocked]
    prisoner = ctx.flags.get("prisoner")
    for order in orders:
        # A jailed Godfather gives no order (he is in jail, not in the Mafia's chat).
        mafiosi = [p for p in ctx.state.with_role("mafioso") if p.name != prisoner]
        if not mafiosi:
            # No Mafioso: the Godfather kills himself (godfather_kills_without_mafioso).
            order.extra["own_kill"] = True
            continue
        order.extra["void"] = True  # the order itself visits nobody
        carried = [i for i in ctx.intents if i.role.id == "mafioso" and not i.blocked]
        if carried:
            carried[0].targets = list(order.targets)
            carried[0].original = list(order.targets)
            carried[0].extra["ordered_by"] = order.actor
        else:
            carrier = mafiosi[0]
            ability = ctx.ruleset.roles["mafioso"].ability("kill")
            new = ctx.add_intent(
                Intent(carrier.name, ability, ctx.role(carrier.name), list(order.targets))
            )
            new.extra["ordered_by"] = order.actor
    for intent in ctx.intents:
        if intent.extra.get("void"):
            intent.blocked = True


# -- stage: the jail ---------------------------------------------------------------


def jail(ctx: PhaseContext) -> None:
    """sc2-notes 1: 'Jail (SC2 only): the prisoner is blocked and protected.'"""
    cell = ctx.state.memory.get("sc2_jail")
    if not cell or cell.get("night") != ctx.number:
        return
    jailor, prisoner = cell["jailor"], cell["prisoner"]
    if not (ctx.player(jailor).alive and ctx.player(prisoner).alive):
        return
    ctx.flags["prisoner"] = prisoner
    ctx.flags["jailor"] = jailor
    for intent in ctx.intents_of(prisoner):
        intent.blocked = True  # jail stops even the unblockable
    ctx.result(prisoner, "jailed")
    _sequence(ctx, "Someone was hauled off to jail.")


# -- stage: vests and alerts -----------------------------------------------------------


def vest(ctx: PhaseContext, intent: Intent) -> None:
    """002: 'Bulletproof vests are used' (Citizen, Survivor): night immunity tonight."""
    ctx.protect(intent.actor, intent.actor, "vest")
    _sequence(ctx, "Someone put on a bulletproof vest.")


def alert(ctx: PhaseContext, intent: Intent) -> None:
    """sc2-reference 2.1 Veteran: 'Alert: kills everyone who targets him that night'."""
    ctx.protect(intent.actor, intent.actor, "vest")
    ctx.flags.setdefault("alert", []).append(intent.actor)
    _sequence(ctx, "Someone stayed on alert.")


# -- stage: the redirect/block cycle ---------------------------------------------------


def witch_control(ctx: PhaseContext, intent: Intent) -> None:
    """sc2-reference Witch: control the first target (the shared hook), learn its role;
    'controlled by Witch -> no swap' for a Bus Driver; an action nobody can move (an
    ignition, an alert) gets no new target; witch_target_notified."""
    subject = intent.targets[0]
    before = [i for i in ctx.intents_of(subject) if i.ability.id == "transport"]
    own = ctx.intents_of(subject)
    if own and not any(i.ability.redirectable for i in own):
        ctx.result(subject, "witched")
    else:
        shared.witch_control(ctx, intent)
    if not ctx.trait(subject, "control_immune"):
        for driven in before:
            driven.blocked = True
            driven.extra["void"] = True
    if not ctx.option("witch_target_notified"):
        ctx.results = [r for r in ctx.results if (r["to"], r["kind"]) != (subject, "witched")]
    ctx.result(intent.actor, "check", target=subject, value=ctx.player(subject).role)


def redirect_and_block(ctx: PhaseContext) -> None:
    """002: 'Witches, Bus Drivers, then role-blockers (Escort or Consort)', repeated.

    Settled deterministically by the shared cycle (`roles.abilities.redirect_and_block`
    with `SC2_RULES`): blocks aimed at Witches and Bus Drivers land first, then
    witches in seat order, bus drivers in seat order (sc2-reference: 'multiple BDs
    compose in order'), then the roleblock chain. Nothing after the block pass can
    change a witch or a bus driver, so one pass is the fixed point of the cycle.
    """
    shared.redirect_and_block(ctx, SC2_RULES)


def _blocker_immune(ctx: PhaseContext, name: str) -> bool:
    return rules.roleblock_immune(ctx.state, ctx.player(name))


def _kills_blockers(ctx: PhaseContext, name: str) -> bool:
    return rules.kills_blockers(ctx.state, ctx.player(name))


def _on_block(ctx: PhaseContext, blocker: Intent) -> bool:
    """A block that lands: noted for the night sequence; the jail absorbs it; an
    Arsonist (option) douses his blocker. True: nothing more happens."""
    target = blocker.target
    ctx.flags.setdefault("blocked_by", {}).setdefault(target, []).append(blocker.actor)
    _sequence(ctx, "Someone was roleblocked.")
    if ctx.flags.get("prisoner") == target:
        ctx.flags["prisoner_roleblocked"] = True
        return True
    if ctx.player(target).role == "arsonist" and ctx.option("arsonist_douses_roleblockers"):
        ctx.player(blocker.actor).memory["doused"] = True  # port Arsonist `douse_blocker`
    return False


def _swapped(ctx: PhaseContext, intent: Intent) -> None:
    _sequence(ctx, "Two houses were swapped.")


# Visits after redirection: the shared hook (self-targets never visit).
record_visits = shared.record_visits


# -- stage: non-lethal marks ------------------------------------------------------------


def douse(ctx: PhaseContext, intent: Intent) -> None:
    """000: 'Douse your target ... If you target yourself, you will kill all ...'."""
    shared.mark_doused(ctx, intent.target, tell=bool(ctx.option("arsonist_targets_informed")))


def ignite(ctx: PhaseContext, intent: Intent) -> None:
    ctx.flags.setdefault("ignited", []).append(intent.actor)


def annoy(ctx: PhaseContext, intent: Intent) -> None:
    """sc2 wiki Jester (later revisions): 'able to annoy other players at night'."""
    ctx.result(intent.target, "annoyed", value="jester")


# 000 Bodyguard: 'You may target yourself to become immune to attacks for a night'
# (a self-guard is a vest).
guard = shared.guarding("vest")


# -- stage: kills --------------------------------------------------------------------------


def kills(ctx: PhaseContext) -> None:
    """002: 'Killing roles and suicides act simultaneously ... Jailor, Vigilante,
    Mafioso and Godfather, Serial Killer, Arsonist, Mass Murderer, Jester, Disguiser'."""
    state = ctx.state
    prisoner, jailor = ctx.flags.get("prisoner"), ctx.flags.get("jailor")
    # Jailor
    executed = False
    for intent in ctx.intents:
        if intent.ability.id == "execute" and not intent.blocked and prisoner:
            executed = True
            ctx.attack(intent.actor, prisoner, "jailor", pierces=("defence", "heal", "jail"))
            _sequence(ctx, "A prisoner was executed.")
    # 'releasing an SK (kills-roleblockers) -> SK kills Jailor'; if he was also
    # roleblocked nobody dies (the kept bug).
    if (
        prisoner
        and not executed
        and rules.kills_blockers(state, ctx.player(prisoner))
        and not ctx.flags.get("prisoner_roleblocked")
    ):
        ctx.attack(prisoner, jailor, ctx.player(prisoner).role)
    # Vigilante guilt: 'commit suicide the following night'
    for player in state.alive():
        if player.memory.pop("guilt", None):
            ctx.attack(None, player.name, "suicide", preventable=False, interceptable=False)
    # The Executioner whose target died at night (executioner_suicides_on_failure).
    for player in state.alive():
        if player.memory.pop("exe_failed", None) and player.role == "executioner":
            ctx.attack(
                None,
                player.name,
                "suicide",
                preventable=False,
                interceptable=False,
                meta={"description": "executioner_failure"},
            )
    for intent in _effective(ctx):
        if intent.ability.id == "kill" and intent.role.id == "godfather":
            if intent.extra.get("own_kill"):
                _kill(ctx, intent)  # no Mafioso: the Godfather kills himself
            continue
        hook = KILL_HOOKS.get(intent.ability.id)
        if hook:
            hook(ctx, intent)
    # Arsonist ignition: everyone doused by any Arsonist burns.
    igniters = ctx.flags.get("ignited", [])
    if igniters:
        pierces = ["jail"]
        if ctx.option("arsonist_ignores_immunity"):
            pierces.append("defence")
        if ctx.option("arsonist_ignores_healing"):
            pierces.append("heal")
        burning = [p.name for p in state.players if p.alive and p.memory.get("doused")]
        # 000: a Bodyguard 'cannot prevent a kill from the ... Arsonist'.
        shared.burn_doused(
            ctx, igniters[0], clear=True, pierces=tuple(pierces), interceptable=False
        )
        if ctx.option("arsonist_fire_spreads"):
            _spread_fire(ctx, igniters[0], burning, tuple(pierces))
        _sequence(ctx, "A fire broke out.")
    _mass_murders(ctx)
    # Jester: 'Kills a random guilty voter' the night after the lynch.
    for player in state.players:
        voters = player.memory.pop("haunt_voters", None)
        if voters:
            living = [v for v in voters if ctx.player(v).alive]
            if living:
                victim = living[ctx.rng.randrange(len(living))]
                ctx.attack(player.name, victim, "jester", preventable=False, interceptable=False)
    # Veteran on alert: 'kills everyone who targets him', Lookouts excepted.
    shot = ("defence",) if ctx.option("veteran_pierces_immunity") else ()
    for veteran in ctx.flags.get("alert", []):
        for visitor in ctx.visitors_of(veteran):
            if ctx.player(visitor).role != "lookout":
                ctx.attack(veteran, visitor, "veteran", interceptable=False, pierces=shot)
                if ctx.option("veteran_shoots_visitors_doctors"):
                    _shoot_doctors_of(ctx, veteran, visitor, shot)


def _shoot_doctors_of(ctx: PhaseContext, veteran: str, patient: str, pierces: tuple) -> None:
    """sc2-reference 2.1 Veteran: 'Doctor whose target visits the Vet dies': the
    Doctor follows his patient into the Veteran's fire."""
    doctors = {h.protector for h in ctx.protections_of(patient, "heal")} - {patient, veteran}
    for doctor in sorted(doctors, key=ctx.seat):
        ctx.attack(veteran, doctor, "veteran", interceptable=False, pierces=pierces)


def _spread_fire(ctx: PhaseContext, igniter: str, burning: list[str], pierces: tuple) -> None:
    """port Arsonist `fire_spreads`: everyone who visited a burning house tonight
    burns with it (the fire's own attack: same immunities and heals)."""
    caught = {v for house in burning for v in ctx.visitors_of(house)} - set(burning)
    for visitor in sorted(caught, key=ctx.seat):
        ctx.attack(igniter, visitor, "arsonist", pierces=pierces, interceptable=False)


def _mason_bludgeon(ctx: PhaseContext, intent: Intent) -> None:
    """sc2-reference 2.1 Mason Leader: 'a Cultist visited is bludgeoned to death'."""
    if ctx.player(intent.target).role == "cultist":
        intent.extra["bludgeon"] = True
        uses = _uses(ctx, intent.actor)
        uses["recruit"] = uses.get("recruit", 0) + 1
        ctx.attack(intent.actor, intent.target, "mason_leader")


# Mafioso, Godfather, Vigilante, Serial Killer, Disguiser: an attack on the target,
# its cause the killer's role (the shared hook).
_kill = shared.kill()


def _spree(ctx: PhaseContext, intent: Intent) -> None:
    ctx.flags.setdefault("sprees", []).append(intent)


def _mass_murders(ctx: PhaseContext) -> None:
    """sc2-reference 2.3 Mass Murderer: 'kills everyone who visited the target; target
    dies only if "home"'; 'A Bodyguard visiting the target saves everyone else there
    and kills the MM'."""
    visiting = {v.visitor for v in ctx.visits}
    for intent in ctx.flags.get("sprees", []):
        mm, house = intent.actor, intent.target
        guards = [p for p in ctx.protections_of(house, "guard")]
        if guards:
            _duel(ctx, guards[0].protector, mm, "mass_murderer")
            continue
        victims = [v for v in ctx.visitors_of(house) if v != mm]
        home = house not in visiting
        if home and house != mm:
            victims.append(house)
        for victim in sorted(victims, key=ctx.seat):
            ctx.attack(mm, victim, "mass_murderer", interceptable=False)
        _sequence(ctx, "A killing spree took place.")


KILL_HOOKS = {
    "kill": _kill,
    "spree": _spree,
    "recruit": _mason_bludgeon,
    "disguise": _kill,
}


# -- settling attacks -------------------------------------------------------------------


def _duel(ctx: PhaseContext, bodyguard: str, attacker: str, cause: str) -> None:
    """The Bodyguard and the attacker die; 002: 'He/She was killed in a duel.'"""
    bg_pierces = ["guard"]
    if ctx.option("bodyguard_cannot_be_healed"):
        bg_pierces.append("heal")
    ctx.attack(attacker, bodyguard, cause, pierces=tuple(bg_pierces), meta={"duel": True})
    back = ["guard"]
    if ctx.option("bodyguard_ignores_invulnerability"):
        back.append("defence")
    ctx.attack(bodyguard, attacker, "bodyguard", pierces=tuple(back), meta={"duel": True})
    _sequence(ctx, "A fight broke out.")


def _guard_duel(ctx: PhaseContext, bodyguard: str, attack: Attack) -> None:
    ctx.flags.setdefault("struggle", set()).add(attack.target)
    assert attack.attacker is not None
    _duel(ctx, bodyguard, attack.attacker, attack.cause)


def _jail_stops(ctx: PhaseContext, attack: Attack) -> bool:
    return ctx.flags.get("prisoner") == attack.target and "jail" not in attack.pierces


def _defended(ctx: PhaseContext, attack: Attack, protections: shared.Protections) -> bool:
    """Night immunity (option-dependent) or a vest, unless the attack pierces defence;
    an unpreventable attack goes through everything."""
    if not attack.preventable or "defence" in attack.pierces:
        return False
    target = attack.target
    return rules.night_immune(ctx.state, ctx.player(target)) or bool(
        protections.get((target, "vest"))
    )


def _heals(ctx: PhaseContext, target: str, protections: shared.Protections) -> list[Protection]:
    if ctx.player(target).memory.get("revealed") and ctx.option("mayor_cannot_be_healed"):
        return []
    return protections.get((target, "heal"), [])


def _one_attack_each(heals: list[Protection]) -> float:
    """sc2-reference: 'survives one attack per Doctor'."""
    return len(heals)


def _saved(ctx: PhaseContext, target: str, heals: list[Protection]) -> None:
    _sequence(ctx, "Someone was attacked but nursed back to health.")
    if ctx.option("doctor_knows_if_attacked"):
        for h in heals:
            ctx.result(h.protector, "saved", target=target)
    ctx.result(target, "saved")


def _covered(ctx: PhaseContext, target: str, heals: list[Protection]) -> None:
    """A Doctor whose target a Bodyguard or a vest saved first: with 'knows if attacked'
    he is told, as when his own heal stopped it (000's rule for every protector)."""
    if ctx.option("doctor_knows_if_attacked"):
        for h in heals:
            ctx.result(h.protector, "saved", target=target)
    ctx.result(target, "saved")


def settle(ctx: PhaseContext) -> None:
    """Every attack of the night at once (the shared settling with `SC2_RULES`): jail,
    bodyguards, immunity, heals, deaths."""
    shared.settle_attacks(ctx, SC2_RULES)


SC2_RULES = shared.NightRules(
    block_immune=_blocker_immune,
    kills_blockers=_kills_blockers,
    tells_blocker_immune=lambda ctx: bool(ctx.option("escort_detects_immune")),
    on_block=_on_block,
    blocked_blockers_wait=False,
    blocks_first=frozenset({"control", "transport"}),
    shuffle_transports=False,
    on_transport=_swapped,
    stops=_jail_stops,
    defended=_defended,
    heals=_heals,
    heal_capacity=_one_attack_each,
    on_saved=_saved,
    on_covered=_covered,
    shuffle_guards=False,
    draw_among_one=False,
    duel=_guard_duel,
)


# -- after the kills ------------------------------------------------------------------------


def sanitize(ctx: PhaseContext, intent: Intent) -> None:
    """sc2-reference 2.2 Janitor: 'if he dies tonight, role and last will are hidden'."""
    if ctx.died_tonight(intent.target):
        ctx.state.memory.setdefault("sc2_sanitized", []).append(intent.target)
        ctx.event("sanitized", player=intent.target)
        ctx.result(
            intent.actor, "check", target=intent.target, value=ctx.player(intent.target).role
        )
        _sequence(ctx, "A body was sanitized.")


def crimes(ctx: PhaseContext) -> None:
    """sc2-reference 2.4: the crime ledger, earned by actions."""
    for intent in _effective(ctx):
        actor = ctx.player(intent.actor)
        ledger = set(actor.memory.get("crimes", []))
        earned = rules.CRIMES_BY_ABILITY.get(intent.ability.id, ())
        ledger.update(earned)
        if intent.ability.visits and any(t != intent.actor for t in intent.targets):
            ledger.add("trespassing")
        if intent.ability.stage == "block" and intent.target:
            if ctx.player(intent.target).faction == "town":
                ledger.add("disturbing_the_peace")
        if intent.ability.id == "frame" and intent.target:
            framed = ctx.player(intent.target).memory.get("crimes", [])
            spare = [c for c in rules.CRIMES if c not in framed]
            if spare:
                fake = spare[ctx.rng.randrange(len(spare))]
                ctx.flags.setdefault("framed_crimes", {})[intent.target] = fake
        actor.memory["crimes"] = sorted(ledger)
    if ctx.flags.get("ignited"):
        for name in ctx.flags["ignited"]:
            ledger = set(ctx.player(name).memory.get("crimes", []))
            ledger.update(("arson", "murder"))
            ctx.player(name).memory["crimes"] = sorted(ledger)


def sheriff_check(ctx: PhaseContext, intent: Intent) -> None:
    value = rules.sheriff_value(ctx.state, ctx.player(intent.target), ctx.flags)
    ctx.result(
        intent.actor,
        "check",
        target=intent.original[0] if intent.original else intent.target,
        value=value,
    )


def investigate(ctx: PhaseContext, intent: Intent) -> None:
    target = ctx.player(intent.target)
    shown = intent.original[0] if intent.original else intent.target
    mode = ctx.option("investigator_results")
    if mode == "exact":
        ctx.result(intent.actor, "check", target=shown, value=rules.apparent_role(target))
    elif mode == "crimes":
        ledger = set(target.memory.get("crimes", []))
        fake = ctx.flags.get("framed_crimes", {}).get(target.name)
        if fake:
            ledger.add(fake)
        ctx.result(intent.actor, "crimes", target=shown, value=sorted(ledger))
    else:
        groups = rules.FLAVOUR_GROUPS if mode == "flavour" else rules.INVESTIGATOR_GROUPS
        value = rules.investigator_group(target, ctx.flags, groups)
        ctx.result(intent.actor, "roles", target=shown, value=value)


def consigliere_check(ctx: PhaseContext, intent: Intent) -> None:
    if ctx.option("consigliere_detects_exact_role"):
        target = ctx.player(intent.target)
        ctx.result(intent.actor, "check", target=intent.target, value=rules.apparent_role(target))
    else:
        investigate(ctx, intent)


def _unseen_by_lookout(ctx: PhaseContext, visitor: str) -> bool:
    """port Lookout `ignore_detection_immune`: off, a detection-immune visitor is not
    seen (sc2 wiki Lookout: 'if the Godfather is immune to detection, and Lookout
    does not bypass detection immunity')."""
    if ctx.option("lookout_ignores_detection_immune"):
        return False
    return rules.detection_immune(ctx.state, ctx.player(visitor))


# 000 Lookout: 'Learn who else visited your target tonight' -- the shared hook.
watch = shared.lookout(_unseen_by_lookout)


def autopsy(ctx: PhaseContext, intent: Intent) -> None:
    """sc2-reference 2.1 Coroner: 'Learn exact role of a dead player'; options."""
    body = ctx.player(intent.target)
    role = body.memory.get("original_role") or body.role
    ctx.result(intent.actor, "check", target=body.name, value=body.role)
    if role != body.role:
        ctx.result(intent.actor, "original_role", target=body.name, value=role)
    autopsy_notes = body.memory.get("autopsy", {})
    if ctx.option("coroner_discovers_death_type") and body.death:
        ctx.result(intent.actor, "death_type", target=body.name, value=list(body.death["by"]))
    if ctx.option("coroner_discovers_last_will"):
        ctx.result(intent.actor, "last_will", target=body.name, value=rules.last_will(body))
    if ctx.option("coroner_discovers_targets"):
        ctx.result(
            intent.actor, "targets", target=body.name, value=autopsy_notes.get("targets", [])
        )
    if ctx.option("coroner_discovers_visitor_roles"):
        ctx.result(
            intent.actor,
            "visitor_roles",
            target=body.name,
            value=autopsy_notes.get("visitor_roles", []),
        )


def spy(ctx: PhaseContext) -> None:
    """sc2-reference 2.1 Spy: passive; 'Option: can see all Mafia targets' (the shared hook:
    000 'You learn which players the mafia visits every night')."""
    if ctx.option("spy_sees_mafia_targets"):
        shared.faction_visits(ctx, "spy", "mafia")


def disguise(ctx: PhaseContext) -> None:
    """002: 'Disguiser replaces his target if the kill was successful'."""
    for intent in _effective(ctx):
        if intent.ability.id != "disguise" or ctx.died_tonight(intent.actor):
            continue
        victim = intent.target
        attackers = [a.attacker for a in ctx.flags.get("killed_by", {}).get(victim, [])]
        if intent.actor in attackers:
            me = ctx.player(intent.actor)
            me.memory["disguised_as"] = ctx.player(victim).role
            ctx.state.memory.setdefault("sc2_disguised", []).append(victim)
            ctx.flags.setdefault("disguised_by", {})[victim] = intent.actor
            ctx.event("reveal", player=victim, role="disguiser")
            ctx.result(intent.actor, "disguised", target=victim, value=ctx.player(victim).role)


# -- stage: recruits, conversions, remembering ------------------------------------------------


def recruit(ctx: PhaseContext, intent: Intent) -> None:
    """sc2-reference 2.1 Mason Leader: 'Recruit one Citizen per night into Masons'."""
    if intent.extra.get("bludgeon"):
        return
    target = ctx.player(intent.target)
    if not ctx.is_alive_now(target.name):
        ctx.result(intent.actor, "recruit", target=target.name, value="failed")
        return
    if rules.recruitable(ctx.state, target) and ctx.flags.get("prisoner") != target.name:
        rules.change_role(ctx.state, target, "mason")
        uses = _uses(ctx, intent.actor)
        uses["recruit"] = uses.get("recruit", 0) + 1
        ctx.result(intent.actor, "recruit", target=target.name, value="success")
        ctx.result(target.name, "recruited", target=intent.actor)
        _sequence(ctx, "Someone joined a secret society.")
        return
    ctx.result(intent.actor, "recruit", target=target.name, value="failed")
    if target.faction == "mafia":
        ctx.result(target.name, "recruit_attempt", target=intent.actor, value="mason_leader")


def convert(ctx: PhaseContext, intent: Intent) -> None:
    """sc2-reference 2.3 Cultist: 'Convert a player'; 'Cannot convert Mafia'; Masons are
    immune; 'Immunity prevents conversion (D: On)'; Doctor/Bodyguard may prevent it."""
    state = ctx.state
    done = state.memory.setdefault("sc2_cult_night", 0)
    if done == ctx.number:
        return  # the cult converts once a night
    target = ctx.player(intent.target)
    reason = rules.conversion_refusal(ctx, target)
    state.memory["sc2_cult_night"] = ctx.number
    if reason:
        ctx.result(intent.actor, "convert", target=target.name, value="failed")
        return
    target.memory["original_role"] = target.memory.get("original_role") or target.role
    rules.change_role(state, target, "cultist")
    state.memory["sc2_conversions"] = state.memory.get("sc2_conversions", 0) + 1
    state.memory["sc2_last_conversion"] = ctx.number
    ctx.result(intent.actor, "convert", target=target.name, value="success")
    ctx.result(target.name, "converted")
    if ctx.option("doctor_knows_if_culted"):
        for heal in ctx.protections_of(target.name, "heal"):
            ctx.result(heal.protector, "culted", target=target.name)
    _sequence(ctx, "Someone joined the cult.")


def remember(ctx: PhaseContext, intent: Intent) -> None:
    """sc2-reference 2.3 Amnesiac: 'Take a role from the graveyard'."""
    me = ctx.player(intent.actor)
    role = ctx.player(intent.target).role
    rules.change_role(ctx.state, me, role)
    ctx.result(me.name, "remembered", target=intent.target, value=role)
    if ctx.option("amnesiac_revealed"):
        ctx.event("remembered", player=me.name, role=role)


# -- dawn ----------------------------------------------------------------------------------------


def dawn(ctx: PhaseContext) -> None:
    # 000: 'By doing nothing, you will clean yourself off' (Arsonist) -- the shared hook.
    shared.arsonists_clean_off(ctx)
    # Guilt: a Vigilante who killed a Town member dies the following night.
    if ctx.option("vigilante_suicides_if_shot_town"):
        for shooter, _victim in shared.town_killed_by(ctx, "vigilante", "town"):
            ctx.player(shooter).memory["guilt"] = True
    # Mass Murderer cooldown: 'cooldown only after >=2 kills'.
    cooldown = ctx.option("mass_murderer_cooldown")
    for intent in ctx.flags.get("sprees", []):
        count = sum(
            1
            for attacks in ctx.flags.get("killed_by", {}).values()
            for a in attacks
            if a.attacker == intent.actor and a.cause == "mass_murderer"
        )
        if cooldown and count >= 2:
            ctx.player(intent.actor).memory["spree_ready"] = ctx.number + cooldown + 1
    # What the Coroner may read later about tonight's dead.
    for name in ctx.deaths:
        body = ctx.player(name)
        body.memory["autopsy"] = {
            "targets": sorted({t for i in ctx.intents_of(name) for t in i.targets}),
            "visitor_roles": sorted({ctx.player(v).role for v in ctx.visitors_of(name)}),
        }
    last_wills(ctx)
    rules.after_deaths(ctx)
    if ctx.option("night_type") == "night_sequence":
        lines = list(ctx.flags.get("sequence", []))
        for name in ctx.deaths:
            text = rules.describe(ctx, name, ctx.deaths[name])
            if text:
                lines.append(text)
        ctx.event("night_sequence", lines=lines)


def last_wills(ctx: PhaseContext) -> None:
    """Last wills of the dead, hidden by the Janitor (sc2-reference 2.2: 'role and last
    will are hidden'); a Disguiser's victim 'appears as "Disguiser" with the Disguiser's
    will' (sc2-reference 2.2 Disguiser)."""
    if not ctx.option("last_wills"):
        return
    hidden = set(ctx.state.memory.get("sc2_sanitized", []))
    disguised_by = ctx.flags.get("disguised_by", {})
    for name in sorted(ctx.deaths, key=ctx.seat):
        if name in hidden:
            continue
        will = rules.last_will(ctx.player(disguised_by.get(name, name)))
        if will:
            ctx.event("last_will", player=name, text=will)
