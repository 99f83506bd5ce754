"""bay12: the role list of 000 (a Bay 12 forum game) with 002's order and tables.

Every rule sentence quoted in the tests comes from 000's role list ("Mafia
Roles" ... "Witch") or from 002 (order of night actions, tie-breakers, the
headline and description tables).
"""

from __future__ import annotations

from typing import Any

from .. import abilities as hooks
from .. import announce, leavers
from ..day import final_ballots, leaders, lynch, tally, voters_for
from ..errors import Reason
from ..model import GameState, Player
from ..night import Intent, PhaseContext
from ..ruleset import NO_TARGET, Ability, Option, Preset, Role, Ruleset, TargetRule, register
from ..setup.categories import faction_randoms, kind

MAFIA, TOWN, NEUTRAL = "mafia", "town", "neutral"
ONE_OTHER = TargetRule()
NOT_MAFIA = TargetRule(teammates_allowed=False)
SELF_ONCE = TargetRule(self_allowed=True, self_uses=1)
INFORMATIONAL = {"check", "roles", "visitors", "spied", "mafia_visits"}


# -- investigations (read on the post-kill state) -----------------------------------


def _framed(ctx: PhaseContext, name: str) -> bool:
    return name in ctx.flags.get("framed", set())


def _doused(ctx: PhaseContext, name: str) -> bool:
    return bool(ctx.player(name).memory.get("doused"))


def sheriff_check(ctx: PhaseContext, intent: Intent) -> None:
    """Suspicious for a mafia member, the Serial Killer or a framed player."""
    target = intent.target
    suspicious = (
        ctx.player(target).faction == MAFIA
        or ctx.trait(target, "suspicious", False)
        or _framed(ctx, target)
    )
    value = "suspicious" if suspicious else "not_suspicious"
    ctx.result(intent.actor, "check", target=target, value=value)


def investigator_check(ctx: PhaseContext, intent: Intent) -> None:
    """A group of roles that includes the target's; framing beats dousing."""
    target = intent.target
    if _framed(ctx, target):
        group = ["framed", "framer", "jester"]
    elif _doused(ctx, target):
        group = ["arsonist", "bodyguard", "doused"]
    else:
        group = sorted(ctx.trait(target, "investigator_group"))
    ctx.result(intent.actor, "roles", target=target, value=group)


def consigliere_check(ctx: PhaseContext, intent: Intent) -> None:
    """The target's role; a doused player appears to be the Arsonist."""
    target = intent.target
    value = "arsonist" if _doused(ctx, target) else ctx.player(target).role
    ctx.result(intent.actor, "check", target=target, value=value)


lookout_watch = hooks.lookout_watch


def spy_on(ctx: PhaseContext, intent: Intent) -> None:
    """What the target knows it was affected by tonight, informational results aside."""
    target = intent.target
    kinds = sorted(
        {r["kind"] for r in ctx.results if r["to"] == target and r["kind"] not in INFORMATIONAL}
    )
    ctx.result(intent.actor, "spied", target=target, value=kinds)


def spy_watch_mafia(ctx: PhaseContext) -> None:
    """Every living Spy learns whom the mafia visited, whether they acted or not."""
    hooks.faction_visits(ctx, "spy", MAFIA)


def witch(ctx: PhaseContext, intent: Intent) -> None:
    """Control the first target and learn its role, ignoring all deception."""
    subject = intent.targets[0]
    ctx.result(intent.actor, "check", target=subject, value=ctx.player(subject).role)
    hooks.witch_control(ctx, intent)


# -- marks ---------------------------------------------------------------------------


def douse(ctx: PhaseContext, intent: Intent) -> None:
    """Douse a target for the rest of the game; targeting oneself ignites."""
    if intent.target == intent.actor:
        ignite(ctx, intent)
        return
    target = intent.target
    hooks.mark_doused(ctx, target, tell=ctx.player(target).role == "arsonist")


def ignite(ctx: PhaseContext, intent: Intent) -> None:
    hooks.burn_doused(
        ctx, intent.actor, spare=(intent.actor,), preventable=False, interceptable=False
    )
    ctx.flags.setdefault("ignited", []).append(intent.actor)


arsonists_clean_off = hooks.arsonists_clean_off


# -- kills ---------------------------------------------------------------------------


def guilt(ctx: PhaseContext) -> None:
    """A Vigilante who killed a town member commits suicide the next night, unpreventably."""
    for player in ctx.state.players:
        if player.alive and player.memory.get("guilt_night") == ctx.number:
            ctx.attack(
                None,
                player.name,
                "suicide",
                preventable=False,
                interceptable=False,
                pierces=("defence",),
            )


def haunt(ctx: PhaseContext, intent: Intent) -> None:
    ctx.attack(
        intent.actor,
        intent.target,
        "jester",
        preventable=False,
        interceptable=False,
        pierces=("defence",),
    )


def _haunt_usable(state: GameState, player: Player) -> str | None:
    if player.memory.get("haunt_night") != state.phase_number:
        return Reason("refusal.haunt")
    return None


def _haunt_eligible(state: GameState, player: Player, other: Player) -> bool:
    return other.name in player.memory.get("haunt_voters", [])


def _transport_check(state: GameState, player: Player, action: dict[str, Any]) -> str | None:
    if action["targets"][0] == player.name:
        return Reason("refusal.transport_self")
    return None


# -- dawn ----------------------------------------------------------------------------


def dawn(ctx: PhaseContext) -> None:
    _vigilante_guilt(ctx)
    _executioners_turn(ctx)
    mafioso_succession(ctx)
    hooks.note_last_target(ctx)


def _vigilante_guilt(ctx: PhaseContext) -> None:
    for shooter, victim in hooks.town_killed_by(ctx, "vigilante", TOWN):
        ctx.player(shooter).memory["guilt_night"] = ctx.number + 1
        ctx.result(shooter, "guilt", target=victim)


def _executioners_turn(ctx: PhaseContext) -> None:
    """'If your target dies during the night, your role is replaced with the Jester.'"""
    for player in hooks.executioners_turning(ctx, "target"):
        player.role = "jester"
        ctx.result(player.name, "role_change", value="jester")


def mafioso_succession(ctx: PhaseContext) -> None:
    """'If you die, the other mafia member's role is replaced with the Mafioso.'"""
    heir = hooks.heir(ctx, MAFIA, ("mafioso",))
    if heir is None:
        return
    heir.role = "mafioso"
    ctx.result(heir.name, "role_change", value="mafioso")


# -- the day -------------------------------------------------------------------------


def day_lynch(ctx: PhaseContext) -> None:
    """Whoever has the most votes at the end of the day is lynched; a tie lynches nobody."""
    ballots = final_ballots(ctx, ctx.flags["votes"])
    counts = tally(ctx, ballots)
    ctx.record["tally"] = counts
    top = leaders(counts)
    if len(top) > 1 and ctx.option("tie") == "random":
        top = [ctx.rng.choice(top)]
    if len(top) != 1:
        if top:
            ctx.event("no_lynch", reason="tie", candidates=top)
        return
    lynched = top[0]
    lynch(ctx, lynched)
    player = ctx.player(lynched)
    if player.role == "jester":
        player.memory["haunt_night"] = _next_night(ctx)
        player.memory["haunt_voters"] = voters_for(ballots, lynched)
        _goal_met(ctx.state, lynched)
    for other in ctx.state.players:
        if other.role == "executioner" and other.alive and other.memory.get("target") == lynched:
            _goal_met(ctx.state, other.name)


def day_after(ctx: PhaseContext) -> None:
    mafioso_succession(ctx)


def _next_night(ctx: PhaseContext) -> int:
    return sum(1 for r in ctx.state.history if r["phase"] == "night") + 1


def _goal_met(state: GameState, name: str) -> None:
    goals = state.memory.setdefault("goals_met", [])
    if name not in goals:
        goals.append(name)


# -- setup ---------------------------------------------------------------------------


def setup(state: GameState) -> None:
    """An executioner's target: given by the scenario, else a random town member."""
    for player in state.players:
        if player.role != "executioner":
            continue
        target = player.extra.get("target")
        town = [p.name for p in state.players if p.faction == TOWN and p.name != player.name]
        if target is None:
            if not town:
                continue
            target = state.rng("executioner", player.name).choice(town)
        elif not state.has_player(target) or target == player.name:
            raise ValueError(f"executioner {player.name}: target {target!r} is not a player")
        player.memory["target"] = target


# -- the end -------------------------------------------------------------------------

KILLERS = ("serial_killer", "arsonist")
# 002, one versus one: the first side in this list that is alive wins.
ONE_VERSUS_ONE = ("arsonist", "mass_murderer", "serial_killer", "mafia", "cult", "witch", "town")


def _side(player: Player) -> str:
    if player.faction in (MAFIA, TOWN):
        return player.faction
    return player.role


def win_check(state: GameState, ctx: PhaseContext) -> None:
    alive = state.alive()
    _count_peace(state, ctx)
    winner_sides = _decide(state, ctx, alive)
    if winner_sides is None:
        return
    state.ended = True
    goals = set(state.memory.get("goals_met", []))
    winners = []
    for player in state.players:
        side = _side(player)
        if side in winner_sides and (side in (MAFIA, TOWN) or player.alive):
            winners.append(player.name)
        elif side == "witch" and player.alive and TOWN not in winner_sides:
            winners.append(player.name)  # "You win if the town loses"
        elif player.name in goals:
            winners.append(player.name)
    state.winners = winners


def _decide(state: GameState, ctx: PhaseContext, alive: list[Player]) -> set[str] | None:
    sides = [_side(p) for p in alive]
    mafia = sides.count(MAFIA)
    killers = [s for s in sides if s in KILLERS]
    threats = mafia + len(killers) + sides.count("witch")
    if threats == 0:
        return {TOWN}
    if len(alive) == 1 and killers:
        return {killers[0]}
    others = len([s for s in sides if s not in (MAFIA, "witch")])
    if mafia and not killers and mafia >= others:
        return {MAFIA}
    if sides.count("witch") and not mafia and not killers and TOWN not in sides:
        return {"witch"}
    if ctx.kind == "night" and len(alive) == 2:
        return {_one_versus_one(state, sides)}
    if state.memory.get("peace", 0) >= 6:
        return {_peace_tiebreak(sides)}
    return None


def _one_versus_one(state: GameState, sides: list[str]) -> str:
    order = list(ONE_VERSUS_ONE)
    if state.options.get("sk_beats_arsonist"):
        order.remove("serial_killer")
        order.insert(0, "serial_killer")
    for side in order:
        if side in sides:
            return side
    return TOWN


def _peace_tiebreak(sides: list[str]) -> str:
    """002, three days of peace: town if it outnumbers the mafia, else mafia, else neutrals."""
    town, mafia = sides.count(TOWN), sides.count(MAFIA)
    if mafia and mafia >= town:
        return MAFIA
    for killer in KILLERS:
        if sides.count(killer) and sides.count(killer) >= town:
            return killer
    return TOWN


def _count_peace(state: GameState, ctx: PhaseContext) -> None:
    """Phases in a row without a death; six (three days and three nights) end the game."""
    state.memory["peace"] = 0 if ctx.deaths else state.memory.get("peace", 0) + 1


# -- announcements -------------------------------------------------------------------

CAUSE_KIND = {"mafioso": "mafia"}


def describe(ctx: PhaseContext, name: str, causes: list[str]) -> str | None:
    if ctx.kind != "night":
        return None
    if causes == [leavers.CAUSE]:
        return leavers.DESCRIPTION.format(name=name)
    kinds = [CAUSE_KIND.get(c, c) for c in causes]
    struggle = bool(ctx.death_notes.get(name, {}).get("struggle"))
    return announce.describe(kinds, struggle=struggle)


def reveal(state: GameState) -> str:
    return state.options.get("reveal", "role")


# -- the roles -------------------------------------------------------------------------


def _kill(label: str, description: str, **kw: Any) -> Ability:
    return Ability("kill", label, description, stage="kill", resolve=hooks.kill(), **kw)


def _check(ability_id: str, label: str, description: str, hook, target=ONE_OTHER) -> Ability:
    return Ability(
        ability_id, label, description, stage="investigate", resolve=hook, targets=target
    )


BLOCK = "block"


def _block(targets: TargetRule) -> Ability:
    """The Escort's and Consort's roleblock: the same text, only the targets differ."""
    return Ability(
        BLOCK,
        "Block",
        "Prevent your target from using their ability tonight. The Escort, "
        "Transporter and Witch are immune, and you are told so. A Serial Killer "
        "kills you instead of his target. Your target is told of the attempt.",
        stage=BLOCK,
        resolve=hooks.roleblock,
        targets=targets,
        blockable=False,
    )


BLOCKER_TRAITS = {
    "roleblock_immune": True,
    "investigator_group": ("consort", "escort", "transporter"),
}
BLOCKER_NOTES = ("You are immune to the Escort and Consort's abilities.",)
ROLES = [
    Role(
        "townie",
        "Townie",
        TOWN,
        "An ordinary townsperson: no night ability; your vote is your weapon.",
        "You win if the mafia and the Serial Killer / Arsonist / Witch are eliminated.",
        traits={"investigator_group": ("townie",)},
    ),
    Role(
        "mafioso",
        "Mafioso",
        MAFIA,
        "The mafia's killer.",
        "You win if a mafia member is alive and there is no way (ignoring the Witch) that "
        "they can be eliminated.",
        abilities=(
            _kill(
                "Kill",
                "Kill your target player. You fail and are told so if your target's defence "
                "is too high.",
                targets=NOT_MAFIA,
            ),
        ),
        traits={"investigator_group": ("mafioso", "vigilante")},
        notes=("If you die, another mafia member becomes the Mafioso.",),
    ),
    Role(
        "consort",
        "Consort",
        MAFIA,
        "A mafia role-blocker.",
        "You win with the mafia.",
        abilities=(_block(NOT_MAFIA),),
        traits=BLOCKER_TRAITS,
        notes=BLOCKER_NOTES,
    ),
    Role(
        "framer",
        "Framer",
        MAFIA,
        "A mafia deceiver.",
        "You win with the mafia.",
        abilities=(
            Ability(
                "frame",
                "Frame",
                'Make your target appear "Suspicious" to the Sheriff and "Framer, Jester, '
                'or framed player" to the Investigator tonight (this beats dousing).',
                stage="mark",
                resolve=hooks.frame,
                targets=NOT_MAFIA,
            ),
        ),
        traits={"investigator_group": ("framed", "framer", "jester")},
    ),
    Role(
        "consigliere",
        "Consigliere",
        MAFIA,
        "The mafia's investigator.",
        "You win with the mafia.",
        abilities=(
            _check(
                "check",
                "Investigate",
                "Learn your target's role. A doused player appears to be the Arsonist.",
                consigliere_check,
                NOT_MAFIA,
            ),
        ),
        traits={"investigator_group": ("consigliere", "investigator")},
    ),
    Role(
        "sheriff",
        "Sheriff",
        TOWN,
        "The town's alignment checker.",
        "You win if the mafia and the Serial Killer / Arsonist / Witch are eliminated.",
        abilities=(
            _check(
                "check",
                "Check",
                '"Suspicious" if your target is a mafia member, the Serial Killer or '
                'framed; "Not Suspicious" otherwise.',
                sheriff_check,
            ),
        ),
        traits={"investigator_group": ("executioner", "sheriff")},
    ),
    Role(
        "investigator",
        "Investigator",
        TOWN,
        "The town's role-group investigator.",
        "You win if the mafia and the Serial Killer / Arsonist / Witch are eliminated.",
        abilities=(
            _check(
                "check",
                "Investigate",
                "Receive a group of roles that includes your target's role.",
                investigator_check,
            ),
        ),
        traits={"investigator_group": ("consigliere", "investigator")},
    ),
    Role(
        "lookout",
        "Lookout",
        TOWN,
        "The town's watcher.",
        "You win if the mafia and the Serial Killer / Arsonist / Witch are eliminated.",
        abilities=(
            _check(
                "watch",
                "Watch",
                "Learn who else visited your target tonight. You do not see the Transporter or "
                "Witch at their second target, nor the Doctor and Bodyguard targeting "
                "themselves.",
                lookout_watch,
            ),
        ),
        traits={"investigator_group": ("lookout", "witch")},
    ),
    Role(
        "doctor",
        "Doctor",
        TOWN,
        "The town's healer.",
        "You win if the mafia and the Serial Killer / Arsonist / Witch are eliminated.",
        abilities=(
            Ability(
                "heal",
                "Heal",
                "Prevent your target from being killed tonight; you and your target are told "
                "if you prevented an attack. You cannot stop a guilty Vigilante's suicide, the "
                "Arsonist or the Jester. Healing yourself does not visit.",
                stage="protect",
                resolve=hooks.heal,
                targets=SELF_ONCE,
            ),
        ),
        traits={"investigator_group": ("doctor", "serial_killer")},
    ),
    Role(
        "bodyguard",
        "Bodyguard",
        TOWN,
        "The town's protector.",
        "You win if the mafia and the Serial Killer / Arsonist / Witch are eliminated.",
        abilities=(
            Ability(
                "guard",
                "Guard",
                "Prevent your target from being killed by one attacker tonight: you kill and "
                "are killed by that attacker. Guarding yourself makes you immune to attacks "
                "for the night, does not visit and kills nobody.",
                stage="protect",
                resolve=hooks.guard,
                targets=SELF_ONCE,
            ),
        ),
        traits={"investigator_group": ("arsonist", "bodyguard", "doused")},
    ),
    Role(
        "spy",
        "Spy",
        TOWN,
        "The town's eavesdropper.",
        "You win if the mafia and the Serial Killer / Arsonist / Witch are eliminated.",
        abilities=(
            _check(
                "spy",
                "Spy",
                "Learn what abilities your target knows they are affected by tonight "
                "(informational results aside).",
                spy_on,
            ),
        ),
        traits={"investigator_group": ("spy",)},
        notes=("You learn which players the mafia visits every night, acting or not.",),
    ),
    Role(
        "vigilante",
        "Vigilante",
        TOWN,
        "The town's gun.",
        "You win if the mafia and the Serial Killer / Arsonist / Witch are eliminated.",
        abilities=(
            _kill(
                "Shoot",
                "Kill your target player. If you kill a town member, you commit suicide the "
                "next night, which cannot be prevented.",
                uses=3,
                from_night=2,
            ),
        ),
        traits={"investigator_group": ("mafioso", "vigilante")},
    ),
    Role(
        "escort",
        "Escort",
        TOWN,
        "The town's role-blocker.",
        "You win if the mafia and the Serial Killer / Arsonist / Witch are eliminated.",
        abilities=(_block(ONE_OTHER),),
        traits=BLOCKER_TRAITS,
        notes=BLOCKER_NOTES,
    ),
    Role(
        "transporter",
        "Transporter",
        TOWN,
        "The town's switcher.",
        "You win if the mafia and the Serial Killer / Arsonist / Witch are eliminated.",
        abilities=(
            Ability(
                "transport",
                "Transport",
                "Swap your two targets: everything aimed at one affects the other. You may "
                "name yourself as the second target, which you do not visit.",
                stage="transport",
                resolve=hooks.transport,
                targets=TargetRule(count=2, self_allowed=True),
                blockable=False,
                redirectable=False,
                visits_first=1,
                check=_transport_check,
            ),
        ),
        traits={
            "roleblock_immune": True,
            "control_immune": True,
            "investigator_group": ("consort", "escort", "transporter"),
        },
        notes=("You cannot be forced to or prevented from using your ability.",),
    ),
    Role(
        "executioner",
        "Executioner",
        NEUTRAL,
        "A neutral with a grudge against one town member.",
        "You win if your target (a randomly chosen town member) is lynched.",
        traits={"defence_except": ("arsonist",), "investigator_group": ("executioner", "sheriff")},
        notes=(
            "You cannot be killed at night except by the Arsonist.",
            "If your target dies at night, you become the Jester at the start of the next day.",
        ),
    ),
    Role(
        "jester",
        "Jester",
        NEUTRAL,
        "A neutral who wants to be lynched.",
        "You win if you are lynched.",
        abilities=(
            Ability(
                "haunt",
                "Haunt",
                "The night after you are lynched, kill one player who voted for you at the end "
                "of the day. This cannot be prevented in any way and does not visit.",
                stage="kill",
                resolve=haunt,
                usable_dead=True,
                usable=_haunt_usable,
                eligible=_haunt_eligible,
                visits=False,
                blockable=False,
                redirectable=False,
            ),
        ),
        traits={"investigator_group": ("framed", "framer", "jester")},
    ),
    Role(
        "serial_killer",
        "Serial Killer",
        NEUTRAL,
        "A lone killer.",
        "You win if you are the only player left alive.",
        abilities=(
            _kill(
                "Kill",
                "Kill your target player. If an Escort or Consort visits you, you kill them "
                "(all of them) instead of your target.",
            ),
        ),
        traits={
            "defence_except": ("jester",),
            "kills_blockers": True,
            "suspicious": True,
            "investigator_group": ("doctor", "serial_killer"),
        },
        notes=("You cannot be killed at night except by the Jester.",),
    ),
    Role(
        "arsonist",
        "Arsonist",
        NEUTRAL,
        "A lone fire-starter.",
        "You win if you are the only player left alive.",
        abilities=(
            Ability(
                "douse",
                "Douse",
                "Douse your target for the rest of the game (investigated, they appear as "
                '"Bodyguard or Arsonist or doused player"). Targeting yourself ignites.',
                stage="mark",
                resolve=douse,
                targets=TargetRule(self_allowed=True),
                default=True,
            ),
            Ability(
                "ignite",
                "Ignite",
                "Unpreventably kill every doused player.",
                stage="kill",
                resolve=ignite,
                targets=NO_TARGET,
                visits=False,
            ),
        ),
        traits={
            "defence_except": ("jester", "arsonist"),
            "investigator_group": ("arsonist", "bodyguard", "doused"),
        },
        notes=(
            "Doing nothing at night cleans you off if you were doused; you are told if you are "
            "doused.",
            "You cannot be killed at night except by the Jester or your own fire.",
        ),
    ),
    Role(
        "witch",
        "Witch",
        NEUTRAL,
        "A neutral puppeteer.",
        "You win if you are alive and the town loses.",
        abilities=(
            Ability(
                "control",
                "Control",
                "Force your first target to use their ability on your second target, and learn "
                "the first target's role. You do not visit your second target.",
                stage="control",
                resolve=witch,
                targets=TargetRule(count=2),
                blockable=False,
                visits_first=1,
            ),
        ),
        traits={
            "roleblock_immune": True,
            "memory": {"night_lives": 1},
            "lives_except": ("jester",),
            "investigator_group": ("lookout", "witch"),
        },
        notes=(
            "You are immune to the Escort and Consort's abilities.",
            "Once per game you survive being killed at night (except by the Jester).",
        ),
    ),
]

# A doused player's role investigation is the doused group; the arsonist sees himself doused.
DOCUMENTATION = """
- Several protectors on one target (000 Doctor and Bodyguard: "even if multiple people
  prevented it"): every protector who stood between an attack and a target who lived is
  told once: the bodyguard who faced the attacker, a bodyguard who stood by, and each
  doctor whose heal would have stopped the attack, also when a bodyguard or the target's
  own self-guard stopped it first. A role's own defence (the Serial Killer's) is no one's
  doing: a doctor healing him is not told; nor is anyone told when the target died anyway.
- Investigator groups are 000's nine; the Townie, absent from the list, reads "townie" alone.
- Ties at the day's end lynch nobody (option tie = "random" draws one of the tied).
- A use of a limited ability (Vigilante shot, Doctor/Bodyguard self-target) is spent when it
  is submitted, even if the action is then blocked.
- Investigations read the state after the night's kills (002's order); an investigator killed
  the same night gets no result.
- Blocked players do not visit; self-targets never visit (000: the Doctor's and Bodyguard's
  self-target "will not count as a visit").
- A Serial Killer visited by an Escort/Consort kills every such blocker even if he chose no
  target ("you will be forced to target them instead").
- Defence follows each role's own text: the Serial Killer dies at night only to the Jester,
  the Arsonist only to the Jester or his own fire, the Executioner only to the Arsonist (and
  the Jester, whose haunt "cannot be prevented in any way"). A Bodyguard who steps in front of
  a Serial Killer dies; the Killer survives.
- A Bodyguard whose target several players attack (000: "killed by one attacker") steps in
  front of one attack, drawn with the game's seed; the draw is made even when one attack is
  left, so a stored game replays the same. Several Bodyguards on one target each take one
  attack, in an order drawn the same way; one who has no attack left stands by.
- The Witch's spare life (000: "Once per game you survive being killed at night") stops one
  attack of the night; attacked several times, she spends it on one drawn with the game's
  seed (no draw when one attack can be spared) and the others still kill her. Several
  Witches draw in seat order.
- A Jester who names no one haunts no one. Lookout lists are sorted by name (the contract).
- Transported players are told they were transported (no other name).
- Mafioso succession: the first living mafia member in seating order becomes the Mafioso.
- With nobody dead during the night the headline reads "Nobody died last night."
- Mafia wins once no Serial Killer or Arsonist lives and the mafia are at least as many as
  every other living player but the Witch. The Witch wins with any side but the town, alive.
- 002's tie-breakers: one versus one at the start of a day, three days of peace (six phases
  without a death).
- Private messages: 000 says "At night, no one is allowed to talk in the thread
  (although PM'ing may still be allowed)". A game's private messages are on by default
  and open at night only (the day is for the thread); the GM may switch them off or
  read them all.
"""

SETUP_KILLING = ("vigilante", "bodyguard", "mafioso", "serial_killer", "arsonist")
SETUP_KINDS = (
    ("town_investigative", "Town Investigative", ("sheriff", "investigator", "lookout")),
    ("town_protective", "Town Protective", ("doctor", "bodyguard")),
    ("town_killing", "Town Killing", ("vigilante", "bodyguard")),
    ("town_support", "Town Support", ("escort", "transporter", "spy")),
    ("mafia_killing", "Mafia Killing", ("mafioso",)),
    ("mafia_support", "Mafia Support", ("consort", "consigliere")),
    ("mafia_deception", "Mafia Deception", ("framer",)),
    ("neutral_benign", "Neutral Benign", ("executioner", "jester")),
    ("neutral_evil", "Neutral Evil", ("witch",)),
    ("neutral_killing", "Neutral Killing", ("serial_killer", "arsonist")),
)
# The setup builder's categories (docs/setup.md): the sides' randoms and, as 000's
# roles read ("the town's healer", "a mafia deceiver"), the SC2 kinds they come from.
CATEGORIES = {
    **faction_randoms({r.id: r for r in ROLES}, killing=SETUP_KILLING),
    **{cid: kind(cid, title, members, SETUP_KILLING) for cid, title, members in SETUP_KINDS},
}


RULESET = register(
    Ruleset(
        id="bay12",
        title="Bay 12 forum Mafia (SC2-style roles)",
        source="000_b45937d1804aaae2.txt (role list), 002_d22398e7ea336aa2.txt (order, tables)",
        roles={r.id: r for r in ROLES},
        categories=CATEGORIES,
        night_order=(
            "leave",
            "guilt",
            "redirect_block",
            "visits",
            "mark",
            "clean_off",
            "protect",
            "kill",
            "settle",
            "leavers",
            "investigate",
            "spy_watch",
            "dawn",
        ),
        day_order=("leave", "lynch", "after_lynch"),
        inner_stages={"redirect_block": ("control", "transport", "block")},
        procedures={
            "leave": leavers.note,
            "leavers": leavers.die,
            "guilt": guilt,
            "redirect_block": hooks.redirect_and_block,
            "visits": hooks.record_visits,
            "clean_off": arsonists_clean_off,
            "settle": hooks.settle_attacks,
            "spy_watch": spy_watch_mafia,
            "dawn": dawn,
            "lynch": day_lynch,
            "after_lynch": day_after,
        },
        win_check=win_check,
        options=(
            Option(
                "reveal", "role", "what the dead show: role, team or none", ("role", "team", "none")
            ),
            Option(
                "tie",
                "no_lynch",
                "a tied vote lynches nobody, or one drawn at random",
                ("no_lynch", "random"),
            ),
            Option(
                "sk_beats_arsonist",
                False,
                "002: the Serial Killer wins one versus one over the Arsonist",
                (True, False),
            ),
        ),
        presets={
            "seed18": Preset(
                "seed18",
                "000's role list: one of each role",
                tuple(r.id for r in ROLES if r.id != "townie"),
            ),
            "classic7": Preset(
                "classic7",
                "7 players: two mafia, five town",
                ("mafioso", "consort", "sheriff", "doctor", "escort", "townie", "townie"),
            ),
            "town10": Preset(
                "town10",
                "10 players: three mafia, six town, a jester",
                (
                    "mafioso",
                    "consort",
                    "framer",
                    "sheriff",
                    "doctor",
                    "investigator",
                    "escort",
                    "vigilante",
                    "townie",
                    "jester",
                ),
            ),
            "standard15": Preset(
                "standard15",
                "15 players: four mafia, nine town, a serial killer and an executioner",
                (
                    "mafioso",
                    "consort",
                    "framer",
                    "consigliere",
                    "sheriff",
                    "doctor",
                    "investigator",
                    "lookout",
                    "bodyguard",
                    "escort",
                    "vigilante",
                    "townie",
                    "townie",
                    "serial_killer",
                    "executioner",
                ),
            ),
        },
        documentation=DOCUMENTATION + "\n" + leavers.DOCUMENTATION,
        gm_decisions=(leavers.LEAVE,),
        private_messages_default="on",
        private_messages_phase="night",
        factions={MAFIA: "Mafia", TOWN: "Town", NEUTRAL: "Neutral"},
        informed_factions=(MAFIA,),
        setup=setup,
        headline=announce.headline,
        describe=describe,
        reveal=reveal,
        one_action_per_phase=True,
    )
)
