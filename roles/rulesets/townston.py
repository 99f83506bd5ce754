"""townston: the themed 20-player game of 001_7200793223eb020e.txt.

Lynch mobs and street conflicts by day; bodyguards with a standing protection, a
two-lived Veteran, a three-power Detective, a Paranoid who shoots his first
visitor; a Godfather with six powers, a bomb-planting Mad Hatter, Hitmen and a
Psychopath. Tie-breakers (three days of peace, one versus one) come from 002.

Every mechanic lives in one function below; the stage lists at the bottom are
the order of a night and of a day.
"""

from __future__ import annotations

from dataclasses import replace

from .. import announce
from ..day import final_ballots, leaders, tally, voters_for
from ..errors import Reason
from ..legal import allowed_targets
from ..model import GameState, Player
from ..night import Intent, PhaseContext
from ..ruleset import NO_TARGET, Ability, Option, Preset, Role, Ruleset, TargetRule, register
from ..setup.categories import faction_randoms, kind

TOWN, MAFIA, LONER = "town", "mafia", "psychopath"

# -- small state helpers --------------------------------------------------------


def _hiding(state: GameState, name: str) -> bool:
    """Godfather, Send him a message: in hiding for the next day and night cycle."""
    return state.phase_label in state.player(name).memory.get("hiding", [])


def _behind_curtains(player: Player) -> bool:
    """Godfather, Behind the curtains: until "now it's personal"."""
    return player.role == "godfather" and not player.memory.get("personal")


def _guarded(state: GameState, name: str) -> list[str]:
    """Bodyguards whose standing protection covers `name` now (not while they hide)."""
    return [
        p.name
        for p in state.players
        if p.role == "bodyguard"
        and p.alive
        and p.memory.get("guarding") == name
        and not _hiding(state, p.name)
    ]


def _protected(state: GameState, name: str) -> bool:
    return bool(_guarded(state, name)) or _behind_curtains(state.player(name))


def _appears_criminal(state: GameState, name: str) -> bool:
    """And you are?: mafia (recruits included) and serial killers are criminals."""
    player = state.player(name)
    return player.faction != TOWN and not _behind_curtains(player)


def _next_day_and_night(state: GameState) -> list[str]:
    """The labels of the day and the night that follow the current night."""
    days_done = sum(1 for record in state.history if record["phase"] == "day")
    return [f"day {days_done + 1}", f"night {state.phase_number + 1}"]


def _bombs(state: GameState) -> list[tuple[Player, str]]:
    """Every bomb in circulation: (its Mad Hatter, the player carrying it)."""
    return [
        (p, holder) for p in state.players if p.role == "mad_hatter" for holder in p.memory["bombs"]
    ]


def _announce_with_clue(ctx: PhaseContext, kind: str, player: str, culprit: str) -> None:
    """A public event about `player`, then a clue to the culprit's identity: the culprit
    among others drawn at random (`clue_size` names in seat order)."""
    ctx.event(kind, player=player)
    others = [p.name for p in ctx.state.players if ctx.is_alive_now(p.name) and p.name != culprit]
    size = min(ctx.option("clue_size") - 1, len(others))
    suspects = sorted([culprit, *ctx.rng.sample(others, size)], key=ctx.seat)
    ctx.event("clue", cause=kind, about=ctx.player(culprit).role, suspects=suspects)


# -- hits: every attempt on a life goes through here -------------------------------


def _hit(ctx: PhaseContext, target: str, cause: str, culprit: str | None) -> None:
    """One hit: hiding and protection stop it, a Veteran loses a life, anyone else dies."""
    state = ctx.state
    if not ctx.is_alive_now(target):
        if state.player(target).alive:  # dying already: the second hit is on record
            ctx.kill(target, cause)
            _record_crime(state, target, culprit)
        return
    if _hiding(state, target):
        return
    if _protected(state, target):
        for guard in _guarded(state, target):
            ctx.result(guard, "protected", target=target)
        return
    player = state.player(target)
    lives = player.memory.get("lives", 1)
    if lives > 1:
        player.memory["lives"] = lives - 1
        ctx.result(target, "hit", value=lives - 1)
        return
    if "lives" in player.memory:
        player.memory["lives"] = 0
    ctx.kill(target, cause)
    _record_crime(state, target, culprit)


def _record_crime(state: GameState, victim: str, culprit: str | None) -> None:
    if culprit is None:
        return
    culprits = state.memory.setdefault("crimes", {}).setdefault(victim, [])
    if culprit not in culprits:
        culprits.append(culprit)


# -- night stages ---------------------------------------------------------------------


def stage_guard(ctx: PhaseContext) -> None:
    """Bodyguard: 'you will continuously protect him unless you change your mind'."""
    for intent in ctx.intents:
        if intent.ability.id == "protect":
            ctx.player(intent.actor).memory["guarding"] = intent.target
    for player in ctx.state.players:
        guarding = player.memory.get("guarding")
        if guarding and not ctx.player(guarding).alive:
            player.memory["guarding"] = None


def stage_marks(ctx: PhaseContext) -> None:
    """Horse heads and recruitment offers."""
    for intent in ctx.intents:
        target = intent.target
        if intent.ability.id == "horse_head":
            memory = ctx.player(target).memory
            memory["horse_headed"] = True
            memory["hiding"] = _next_day_and_night(ctx.state)
            ctx.result(target, "horse_head")
            ctx.event("hiding", player=target)
        elif intent.ability.id == "recruit":
            answer_in = _next_day_and_night(ctx.state)[0]
            ctx.player(target).memory["offer"] = {"from": intent.actor, "answer_in": answer_in}
            ctx.result(target, "offer", target=intent.actor)


def stage_bombs(ctx: PhaseContext) -> None:
    """Mad Hatter: plant, then bodyguards find bombs on their wards, then detonate."""
    for intent in ctx.intents:
        if intent.ability.id == "plant":
            ctx.player(intent.actor).memory["bombs"].append(intent.target)
    for hatter, holder in _bombs(ctx.state):
        guards = _guarded(ctx.state, holder)
        if guards:
            hatter.memory["bombs"].remove(holder)
            for guard in guards:
                ctx.result(guard, "intercepted", target=holder)
            _announce_with_clue(ctx, "bomb_intercepted", holder, hatter.name)
    for intent in ctx.intents:
        if intent.ability.id != "detonate":
            continue
        bombs = ctx.player(intent.actor).memory["bombs"]
        if intent.target not in bombs:  # intercepted tonight
            ctx.result(intent.actor, "intercepted", target=intent.target)
            continue
        bombs.remove(intent.target)
        _announce_with_clue(ctx, "bomb_detonated", intent.target, intent.actor)
        ctx.flags.setdefault("hits", []).append((intent.actor, intent.target, "bomb"))


def _visits_in_order(ctx: PhaseContext) -> list[tuple[str, str]]:
    """Who targeted whom tonight, first to last: standing guards, then actions as posted."""
    ordered = []
    posted = {i.actor for i in ctx.intents if i.ability.id == "protect"}
    for player in ctx.state.players:
        guarding = player.memory.get("guarding")
        if guarding and player.name not in posted and player.name in _guarded(ctx.state, guarding):
            ordered.append((player.name, guarding))
    for intent in sorted(ctx.intents, key=lambda i: i.index):
        if intent.ability.visits:
            ordered.extend((intent.actor, t) for t in intent.targets if t != intent.actor)
    return ordered


def stage_kills(ctx: PhaseContext) -> None:
    """Vigilante, Hitmen, the Godfather's pistol, the Psychopath, then the Paranoid."""
    hits = ctx.flags.setdefault("hits", [])
    _psychopath_never_idles(ctx)
    for intent in sorted(ctx.intents, key=lambda i: i.index):
        if intent.ability.id != "kill":
            continue
        if intent.role.id == "godfather":
            ctx.player(intent.actor).memory["personal"] = True  # Now it's personal
        hits.append((intent.actor, intent.target, intent.role.id))
    visits = _visits_in_order(ctx)
    for paranoid in ctx.state.players:
        if paranoid.role != "paranoid" or not paranoid.alive:
            continue
        first = next((v for v, t in visits if t == paranoid.name), None)
        if first is not None:
            hits.append((paranoid.name, first, "paranoid"))


def _psychopath_never_idles(ctx: PhaseContext) -> None:
    """Psychopath: 'Each night you must kill someone' (option: the GM draws one if he idles)."""
    if ctx.option("psychopath_idle") != "random":
        return
    acting = {i.actor for i in ctx.intents if i.ability.id == "kill"}
    for player in ctx.state.players:
        if player.role != "psychopath" or not player.alive or player.name in acting:
            continue
        if _hiding(ctx.state, player.name):
            continue
        ability = ctx.ruleset.roles["psychopath"].ability("kill")
        options = allowed_targets(ctx.state, player, ability)
        if options:
            victim = ctx.rng.choice(options)
            ctx.add_intent(
                Intent(player.name, ability, ctx.role(player.name), [victim], forced=True)
            )


def stage_settle(ctx: PhaseContext) -> None:
    """Every hit of the phase, in the order it was made."""
    for culprit, target, cause in ctx.flags.pop("hits", []):
        _hit(ctx, target, cause, culprit)


def stage_fallout(ctx: PhaseContext) -> None:
    """A dead Mad Hatter's bombs all go off; a bomb on a body killed otherwise is found."""
    exploded = True
    while exploded:
        exploded = False
        for hatter, holder in _bombs(ctx.state):
            if hatter.name not in ctx.deaths:
                continue
            hatter.memory["bombs"].remove(holder)
            if ctx.is_alive_now(holder):
                _hit(ctx, holder, "bomb", hatter.name)
                exploded = True
            else:
                _announce_with_clue(ctx, "bomb_found", holder, hatter.name)
    for hatter, holder in _bombs(ctx.state):
        if not ctx.is_alive_now(holder):
            hatter.memory["bombs"].remove(holder)
            _announce_with_clue(ctx, "bomb_found", holder, hatter.name)


def stage_investigate(ctx: PhaseContext) -> None:
    """Detective: 'And you are?' and 'Who dun it?', by night after the kills, or by day."""
    for intent in sorted(ctx.intents, key=lambda i: i.index):
        if intent.actor in ctx.deaths:
            continue
        if intent.ability.id == "check":
            value = "criminal" if _appears_criminal(ctx.state, intent.target) else "villager"
            ctx.result(intent.actor, "check", target=intent.target, value=value)
        elif intent.ability.id == "crime":
            victim = intent.extra["crime"]
            culprits = ctx.state.memory.get("crimes", {}).get(victim, [])
            value = "yes" if intent.target in culprits else "no"
            ctx.result(intent.actor, "crime", target=intent.target, crime=victim, value=value)


def stage_aftermath(ctx: PhaseContext) -> None:
    """Now it's personal: automatic once the Godfather is the only mafia member left."""
    mafia = [p for p in ctx.state.players if p.faction == MAFIA and ctx.is_alive_now(p.name)]
    if len(mafia) == 1 and _behind_curtains(mafia[0]):
        mafia[0].memory["personal"] = True
        ctx.result(mafia[0].name, "personal")


# -- day stages -------------------------------------------------------------------------


def stage_answers(ctx: PhaseContext) -> None:
    """Welcome to the family: the offered player answers; silence is a refusal."""
    label = ctx.state.phase_label
    answers = {i.actor: i.ability.id for i in ctx.intents if i.ability.id in ("accept", "decline")}
    for player in ctx.state.players:
        offer = player.memory.get("offer")
        if not offer or offer["answer_in"] != label:
            continue
        del player.memory["offer"]
        accepted = answers.get(player.name) == "accept" and player.alive
        if accepted:
            player.faction = MAFIA
        value = "accepted" if accepted else "declined"
        ctx.result(offer["from"], "recruit", target=player.name, value=value)
        ctx.result(player.name, "recruit", target=offer["from"], value=value)


def stage_revive(ctx: PhaseContext) -> None:
    """Paramedic: 'No wait! He's still breathing!' (he is back at the end of the day)."""
    for intent in ctx.intents:
        if intent.ability.id != "revive":
            continue
        patient = ctx.player(intent.target)
        if patient.alive:  # two paramedics, one patient
            continue
        patient.alive = True
        patient.death = None
        if "lives" in patient.memory:
            patient.memory["lives"] = 1
        _announce_with_clue(ctx, "revived", patient.name, intent.actor)
        ctx.result(intent.actor, "revived", target=patient.name)


def stage_vote(ctx: PhaseContext) -> None:
    """Lynch mobs: plurality lynches; a tie is a street conflict; the favor cancels either."""
    state = ctx.state
    ballots = final_ballots(ctx, ctx.flags.get("votes", []))
    counts = tally(ctx, ballots)
    ctx.record["tally"] = counts
    ctx.record["lynched"] = []
    _infiltrations(ctx, ballots)
    top = leaders(counts)
    if not top:
        return
    favor = next((i for i in ctx.intents if i.ability.id == "cancel_lynch"), None)
    if favor is not None:
        ctx.player(favor.actor).memory["favor_used"] = True
        ctx.event("lynch_cancelled" if len(top) == 1 else "conflict_prevented", suspects=top)
        return
    if len(top) == 1:
        suspect = top[0]
        if _hiding(state, suspect):
            ctx.event("lynch_failed", player=suspect)
            return
        ctx.record["lynched"].append(suspect)
        ctx.kill(suspect, "lynch")
        return
    _street_conflict(ctx, ballots, top)


def _street_conflict(ctx: PhaseContext, ballots: dict[str, str], suspects: list[str]) -> None:
    """ONE player of EACH tied mob, drawn at random among those who can be hit."""
    casualties = []
    for suspect in suspects:
        mob = sorted(voters_for(ballots, suspect), key=ctx.seat)
        exposed = [v for v in mob if not _protected(ctx.state, v) and not _hiding(ctx.state, v)]
        if not exposed:
            continue
        casualty = ctx.rng.choice(exposed)
        _hit(ctx, casualty, "street_conflict", None)
        if casualty in ctx.deaths:  # a Veteran's lost life is not announced
            casualties.append(casualty)
    ctx.event("street_conflict", suspects=suspects, casualties=casualties)


def _infiltrations(ctx: PhaseContext, ballots: dict[str, str]) -> None:
    """What's going on here?: how many criminals voted with the Detective's mob."""
    for intent in ctx.intents:
        if intent.ability.id != "infiltrate":
            continue
        suspect = intent.target
        if ballots.get(intent.actor) != suspect:  # not in that mob: nothing to learn
            ctx.result(intent.actor, "infiltrate_failed", target=suspect)
            continue
        criminals = [
            v
            for v in voters_for(ballots, suspect)
            if v != intent.actor and _appears_criminal(ctx.state, v)
        ]
        ctx.result(intent.actor, "infiltrate", target=suspect, value=len(criminals))


# -- the end ----------------------------------------------------------------------------

ONE_VERSUS_ONE = (LONER, MAFIA, TOWN)  # 002: Serial Killer, then Mafia, then Town
PEACE_PHASES = 6  # 002: three days and three nights without a death


def win_check(state: GameState, ctx: PhaseContext) -> None:
    state.memory["peace"] = 0 if ctx.deaths else state.memory.get("peace", 0) + 1
    alive = state.alive()
    sides = {
        faction: [p for p in alive if p.faction == faction] for faction in (TOWN, MAFIA, LONER)
    }
    if not alive:
        _end(state, [])
    elif not sides[MAFIA] and not sides[LONER]:
        _end(state, _side(state, TOWN))
    elif not sides[TOWN] and not sides[LONER]:
        _end(state, _side(state, MAFIA))
    elif len(alive) == 1:
        _end(state, [alive[0].name])
    elif ctx.kind == "night" and len(alive) == 2 and alive[0].faction != alive[1].faction:
        best = min(alive, key=lambda p: ONE_VERSUS_ONE.index(p.faction))
        _end(state, [best.name] if best.faction == LONER else _side(state, best.faction))
    elif state.options["three_days_of_peace"] and state.memory["peace"] >= PEACE_PHASES:
        town, mafia, loners = (len(sides[f]) for f in (TOWN, MAFIA, LONER))
        if loners and loners >= town and loners >= mafia:
            _end(state, [p.name for p in sides[LONER]])
        elif mafia >= town:
            _end(state, _side(state, MAFIA))
        else:
            _end(state, _side(state, TOWN))


def _side(state: GameState, faction: str) -> list[str]:
    return [p.name for p in state.players if p.faction == faction]


def _end(state: GameState, winners: list[str]) -> None:
    state.ended = True
    state.winners = winners


# -- announcements ------------------------------------------------------------------------

DESCRIPTIONS = {
    "hitman": "He/She had multiple stab wounds.",
    "godfather": "He/She was shot at close range.",
    "vigilante": "He/She was shot by a high-caliber gun.",
    "psychopath": "He/She was completely eviscerated.",
    "paranoid": "He/She was killed with a military-grade assault rifle.",
    "bomb": "He/She had multiple wounds from a fragmentation grenade.",
    "street_conflict": "He/She was beaten to a pulp with a blunt object.",
}


def describe(ctx: PhaseContext, name: str, causes: list[str]) -> str | None:
    texts = [DESCRIPTIONS[c] for c in causes if c in DESCRIPTIONS]
    return " ".join(texts) or None


# -- validation hooks -------------------------------------------------------------------------


def _able(state: GameState, player: Player) -> str | None:
    if _hiding(state, player.name):
        return Reason("refusal.hiding", player=player.name)
    return None


def _no_fellow_mafia(state: GameState, player: Player, target: str) -> str | None:
    """Mafia: 'With the exception of the Godfather, a mafia member cannot kill fellow mafia.'"""
    if player.faction == MAFIA and state.player(target).faction == MAFIA:
        return Reason("refusal.fellow_mafia", player=player.name, target=target)
    return None


def _may_plant(state: GameState, player: Player) -> str | None:
    if len(player.memory["bombs"]) >= 2:
        return Reason("refusal.two_bombs", player=player.name)
    return _able(state, player)


def _may_detonate(state: GameState, player: Player) -> str | None:
    if not player.memory["bombs"]:
        return Reason("refusal.no_bomb", player=player.name)
    return _able(state, player)


def _plant_target(state: GameState, player: Player, target: str) -> str | None:
    if target in player.memory["bombs"]:
        return Reason("refusal.carries_bomb", target=target, player=player.name)
    return None


def _detonate_target(state: GameState, player: Player, target: str) -> str | None:
    if target not in player.memory["bombs"]:
        return Reason("refusal.carries_no_bomb", target=target, player=player.name)
    return None


def _horse_head_target(state: GameState, player: Player, target: str) -> str | None:
    if state.player(target).memory.get("horse_headed"):
        return Reason("refusal.horse_head", target=target)
    return None


def _may_call_favor(state: GameState, player: Player) -> str | None:
    if player.memory.get("favor_used"):
        return Reason("refusal.favor_used", player=player.name)
    return _able(state, player)


def _may_answer(state: GameState, player: Player) -> str | None:
    offer = player.memory.get("offer")
    if not offer or offer["answer_in"] != state.phase_label:
        return Reason("refusal.no_offer", player=player.name)
    return _able(state, player)


def _revivable(state: GameState, player: Player, target: str) -> str | None:
    """Died the previous night, or in yesterday's street conflict; never lynched."""
    death = state.player(target).death or {}
    when = (death.get("phase"), death.get("number"))
    recent = [(r["phase"], r["number"]) for r in state.history[-2:]]
    if "lynch" in death.get("by", []):
        return Reason("refusal.revive_lynched", target=target)
    if recent and when == recent[-1] and when[0] == "night":
        return None
    if len(recent) == 2 and when == recent[0] and when[0] == "day":
        if "street_conflict" in death["by"]:
            return None
        return Reason("refusal.revive_conflict", target=target)
    return Reason("refusal.revive_old", target=target)


def _crimes(state: GameState, player: Player) -> dict[str, list[str]]:
    """Who dun it?: the victims of the crimes committed so far, in seat order."""
    crimes = state.memory.get("crimes", {})
    return {"crime": [p.name for p in state.players if p.name in crimes]}


def _may_investigate_crime(state: GameState, player: Player) -> str | None:
    if not state.memory.get("crimes"):
        return Reason("refusal.no_crime")
    return _able(state, player)


def _vote_check(state: GameState, voter: str, target: str | None) -> str | None:
    if _hiding(state, voter):
        return Reason("refusal.hiding_vote", player=voter)
    if target is None:
        return None
    if target == "pass":
        return Reason("refusal.no_pass.townston")
    if not state.has_player(target):
        return Reason("refusal.unknown_player", player=target)
    if not state.player(target).alive:
        return Reason("refusal.vote_dead", player=target)
    return None


# -- roles ----------------------------------------------------------------------------------

ANY_OTHER = TargetRule()

ANSWERS = (
    Ability(
        "accept",
        "Join the family",
        "Answer the Godfather's offer: become a member of the mafia, keeping your role.",
        phase="day",
        targets=NO_TARGET,
        visits=False,
        usable=_may_answer,
        free=True,
    ),
    Ability(
        "decline",
        "Refuse the offer",
        "Answer the Godfather's offer: stay who you are.",
        phase="day",
        targets=NO_TARGET,
        visits=False,
        usable=_may_answer,
        free=True,
    ),
)


def _kill(description: str, teammates: bool = True) -> Ability:
    return Ability(
        "kill",
        "Kill",
        description,
        stage="kills",
        targets=TargetRule(teammates_allowed=teammates),
        usable=_able,
        refuse_target=_no_fellow_mafia,
    )


def _by_day_and_night(ability: Ability) -> tuple[Ability, Ability]:
    """The Detective 'is capable of using his powers both day and night'."""
    return ability, replace(ability, phase="day")


TOWNIE = Role(
    "townie",
    "Townie",
    TOWN,
    "Be critical! Be suspicious! Most importantly, be on time to vote for a lynch.",
    "All criminals (recruits included) and the Psychopath are dead.",
    abilities=ANSWERS,
)

ROLES = {
    "townie": TOWNIE,
    "bodyguard": Role(
        "bodyguard",
        "Bodyguard",
        TOWN,
        "Pick a player to protect; you keep protecting him until you change your mind.",
        TOWNIE.win,
        abilities=(
            Ability(
                "protect",
                "Protect",
                "A protected player cannot be killed by night or in a street conflict; "
                "bombs planted on him are intercepted. The protection stands until changed.",
                stage="guard",
                targets=ANY_OTHER,
                usable=_able,
            ),
            *ANSWERS,
        ),
    ),
    "paramedic": Role(
        "paramedic",
        "Paramedic",
        TOWN,
        "After a good night's sleep you spend the day looking over the newest victims.",
        TOWNIE.win,
        abilities=(
            Ability(
                "revive",
                "No wait! He's still breathing!",
                "Revive a player who died last night or in yesterday's street conflict "
                "(never a lynched one); he is back at the end of the day. Leaves a clue.",
                phase="day",
                stage="revive",
                targets=TargetRule(dead=True),
                visits=False,
                usable=_able,
                refuse_target=_revivable,
            ),
            *ANSWERS,
        ),
    ),
    "veteran": Role(
        "veteran",
        "Veteran",
        TOWN,
        "You have two lives: two hits (night kills, bombs, street conflicts) kill you.",
        TOWNIE.win,
        abilities=ANSWERS,
        traits={"memory": {"lives": 2}},
        notes=("A proper lynch kills you at once.",),
    ),
    "detective": Role(
        "detective",
        "Detective",
        TOWN,
        "You investigate by day and by night, one power a phase.",
        TOWNIE.win,
        notes=("And you are? has two uses in all, by day and by night together.",),
        abilities=(
            *_by_day_and_night(
                Ability(
                    "check",
                    "And you are?",
                    "Learn whether a player is a villager or a criminal.",
                    stage="investigate",
                    uses=2,
                    visits=False,
                    usable=_able,
                )
            ),
            *_by_day_and_night(
                Ability(
                    "crime",
                    "Who dun it?",
                    "Ask whether a player committed a given crime (crime = the victim's "
                    "name): yes or no.",
                    stage="investigate",
                    visits=False,
                    usable=_may_investigate_crime,
                    extra_options=_crimes,
                )
            ),
            Ability(
                "infiltrate",
                "What's going on here?",
                "Vote with a mob and learn, at the end of the day, how many criminals voted "
                "for its suspect. You must vote for that suspect yourself.",
                phase="day",
                stage="vote",
                visits=False,
                usable=_able,
            ),
            *ANSWERS,
        ),
    ),
    "vigilante": Role(
        "vigilante",
        "Vigilante",
        TOWN,
        "The caped crusader of Townston: each night you may kill someone.",
        TOWNIE.win,
        abilities=(_kill("Kill a player you believe to be a villain."), *ANSWERS),
    ),
    "paranoid": Role(
        "paranoid",
        "Paranoid",
        TOWN,
        "By night you kill the first player who targets you in any way (investigations "
        "and horse heads aside), one a night.",
        TOWNIE.win,
        abilities=ANSWERS,
        shown_as="townie",
    ),
    "godfather": Role(
        "godfather",
        "Godfather",
        MAFIA,
        "The undisputed leader of the Mafia. Appears as a villager to the Detective and "
        "is protected by night and in street conflicts, until it gets personal.",
        "Every townie and every rival is dead.",
        abilities=(
            Ability(
                "horse_head",
                "Send him a message",
                "The target hides for the next day and night: no action, no vote, cannot be "
                "killed. Nobody gets a second horse head.",
                stage="marks",
                visits=False,
                usable=_able,
                refuse_target=_horse_head_target,
            ),
            Ability(
                "recruit",
                "Welcome to the family",
                "Offer a villager to join the mafia; he answers the next day. Once a game.",
                stage="marks",
                targets=TargetRule(teammates_allowed=False),
                uses=1,
                usable=_able,
            ),
            Ability(
                "kill",
                "The kiss of death / Now it's personal",
                "Kill anyone, mafia included. The first kill ends Behind the curtains.",
                stage="kills",
                usable=_able,
            ),
            Ability(
                "cancel_lynch",
                "Call in a favor",
                "Once a game: cancel today's lynch, or prevent today's street conflict.",
                phase="day",
                stage="vote",
                targets=NO_TARGET,
                visits=False,
                usable=_may_call_favor,
            ),
        ),
        traits={"memory": {"personal": False, "favor_used": False}},
    ),
    "mad_hatter": Role(
        "mad_hatter",
        "Mad Hatter",
        MAFIA,
        "Each night plant a bomb or detonate one, never both. At most two bombs in "
        "circulation; if you die, they all go off.",
        "Every townie and every rival is dead.",
        abilities=(
            Ability(
                "plant",
                "Plant a bomb",
                "Plant a bomb on a player who is not mafia.",
                stage="bombs",
                targets=TargetRule(teammates_allowed=False),
                usable=_may_plant,
                refuse_target=_plant_target,
            ),
            Ability(
                "detonate",
                "Detonate",
                "Detonate the bomb on a player. Leaves a clue.",
                stage="bombs",
                visits=False,
                usable=_may_detonate,
                refuse_target=_detonate_target,
            ),
        ),
        traits={"memory": {"bombs": []}},
    ),
    "hitman": Role(
        "hitman",
        "Hitman",
        MAFIA,
        "Each night you get to stab somebody in the face.",
        "Every townie and every rival is dead.",
        abilities=(_kill("Stab a player who is not mafia.", teammates=False),),
    ),
    "psychopath": Role(
        "psychopath",
        "Psychopath",
        LONER,
        "Each night you must kill someone of your choice. Leave none left standing.",
        "Be the last one standing.",
        abilities=(
            _kill("Kill anyone but yourself. If you choose nobody, the GM draws."),
            *ANSWERS,
        ),
    ),
}

DOCUMENTATION = """
Source: 001 (Townston) for every role; 002 for the headline table, the death
descriptions and the tie-breakers (three days of peace, one versus one).

Lynch mobs
- Plurality lynches. No votes, no lynch. There is no "pass" vote.
- A tie at the top is a street conflict: each tied suspect's voters form a mob
  and one member of each tied mob, drawn with the seeded randomizer, is hit.
  Only the tied leading mobs fight. The draw is among members who can be hit:
  a bodyguard-protected player and a Godfather behind the curtains are never
  drawn (a mob made only of them loses nobody). A drawn Veteran with both lives
  loses one instead of dying.
- Call in a favor is given in advance and used only if there is a lynch or a
  fight to stop; otherwise the Godfather keeps it.
- A hiding (horse-headed) suspect cannot be killed: if the mob picks him, the
  lynch fails.

Night order: guard -> marks (horse head, recruit) -> bombs (plant, bodyguards
find bombs on their wards, detonate) -> kills (all at once) -> settle ->
fallout (a dead Mad Hatter's bombs, bombs found on bodies) -> investigate ->
aftermath ("now it's personal" when the Godfather is alone).

Rulings
- One power per player per phase (the Detective too, the Godfather too).
  Answering the Godfather's offer is no power: it may come with one.
- Bodyguard: never himself. The protection stands until changed or until the
  ward dies; a hiding bodyguard protects nobody while he hides. A protected
  player is not hit at all (a Veteran keeps his lives). The bodyguard does not
  die for his ward.
- Bomb interception: every bomb on a guarded player is found that night (a new
  one or an older one) and removed; it gives a public clue and frees a slot.
- Clues (bomb intercepted, bomb detonated, bomb found on a body, revival) are
  public events naming `clue_size` suspects, the culprit among them, drawn with
  the seeded randomizer.
- Paranoid: visits are kills, protections, bomb plantings and recruitment
  offers; investigations, horse heads and detonations are not. "First" is the
  order the actions were posted; a standing protection is there from dusk, so
  it comes first. The visitor's own action still happens (kills are
  simultaneous). His one kill a night is spent on the first visitor even if
  that one is protected. Hiding does not stop him.
- Paranoid, "not aware that he's insane and thus believes himself to be a normal
  townie": his role message, card, page and refusals say Townie. Roles are
  revealed on death, so once he dies his own page shows the Paranoid too (as
  everyone's does), and so does the end of the game; the host sees it from the
  deal on. A Paranoid who accepts the Godfather's offer is told he is mafia now,
  and stays a Townie to himself and to his new family (the family learns of a
  recruit what he believes he is).
- Horse head: the target finds it in the morning and hides during the next day
  and the next night; the night it is left he can still be killed. "Can't be
  targeted again" means by another horse head. Other actions may still name a
  hiding player; attacks on him fail, a bomb detonated on him is spent.
- Recruit: any living non-mafia player may be offered; the offer is the one use,
  accepted or not. The answer (accept/decline) comes the next day; silence is a
  refusal. An accepted recruit is mafia (a criminal to the Detective) from that
  day on, keeps his role, cannot kill mafia, and wins or loses with the mafia.
- Now it's personal: the Godfather's first kill ends Behind the curtains at
  once (that night he is no longer protected and is seen as a criminal); it is
  automatic when he is the last living mafia member.
- Mad Hatter: one bomb per player; all his bombs go off whenever he dies (lynch,
  night, street conflict).
- Paramedic: one revival a day; the patient is back at the end of the day, so
  he neither votes nor fights that day. "Yesterday's lynching complications"
  means a street-conflict death; the previous night means any night death. A
  revived Veteran has one life left.
- Veteran: a proper lynch kills him at once; two hits in one night kill him.
- Detective: "And you are?" twice a game, by day or by night. "Who dun it?" asks
  about a dead victim (crime = the victim's name); the answer is yes when the
  suspect's action killed him (the Mad Hatter for bombs). Infiltration needs his
  own final vote on that suspect (else he learns only that he was not in that
  mob: result infiltrate_failed); the answer is the number of criminals among
  the mob's other voters, a Godfather behind the curtains not counted.
- Psychopath: "must kill" every night, but the engine never invents a move:
  if he sends no kill, nobody dies by his hand (option psychopath_idle =
  "random" makes the GM draw his victim instead). Serial killers are no mafia
  allies: he may kill mafia.
- Winning: the town when every mafia member (recruits included) and every
  Psychopath is dead; the mafia when every townie and every Psychopath is dead;
  a Psychopath when he is the last one standing; nobody when everyone is dead.
  002's one versus one (checked after a night, not after a lynch): Psychopath,
  then Mafia, then Town. 002's three days of peace: three days and three nights
  without a death end the game (neutrals, then mafia on parity, else town).

Announcements
- Causes of death: hitman, godfather, vigilante, psychopath, paranoid, bomb,
  street_conflict, lynch; each has a line of 002's description table (a lynch
  needs none). Roles are revealed on death. Nights carry 002's headline.
- Public events: street_conflict (suspects, casualties), lynch_cancelled,
  conflict_prevented, lynch_failed, hiding, bomb_intercepted, bomb_detonated,
  bomb_found, revived (player); each of the last four is followed by a clue
  (cause: the event's kind, about: the culprit's role, suspects).
- Private results: check, crime, infiltrate, infiltrate_failed, hit (lives
  left), protected, intercepted, horse_head, offer, recruit, personal, revived.
"""

TWENTY = (
    *["townie"] * 8,
    *["bodyguard"] * 2,
    "paramedic",
    "veteran",
    "detective",
    "vigilante",
    "paranoid",
    "godfather",
    "mad_hatter",
    *["hitman"] * 2,
    "psychopath",
)

SETUP_KILLING = ("vigilante", "paranoid", "hitman", "mad_hatter", "psychopath")
SETUP_KINDS = (
    ("town_investigative", "Town Investigative", ("detective",)),
    ("town_protective", "Town Protective", ("bodyguard", "paramedic")),
    ("town_killing", "Town Killing", ("vigilante", "veteran", "paranoid")),
    ("mafia_killing", "Mafia Killing", ("hitman", "mad_hatter")),
)
# The setup builder's categories (docs/setup.md): the sides' randoms (the Psychopath is
# the neutral) and 001's kinds of role; the Godfather is "the" leader: one per game.
CATEGORIES = {
    **faction_randoms(ROLES, killing=SETUP_KILLING),
    **{cid: kind(cid, title, members, SETUP_KILLING) for cid, title, members in SETUP_KINDS},
}


RULESET = register(
    Ruleset(
        id="townston",
        title="Townston: lynch mobs, street conflicts, the Godfather and the Mad Hatter",
        source="001_7200793223eb020e.txt; 002_d22398e7ea336aa2.txt (tie-breakers, tables)",
        roles=ROLES,
        categories=CATEGORIES,
        unique_roles=frozenset({"godfather"}),
        night_order=(
            "guard",
            "marks",
            "bombs",
            "kills",
            "settle",
            "fallout",
            "investigate",
            "aftermath",
        ),
        day_order=("answers", "revive", "investigate", "vote", "fallout", "aftermath"),
        inner_stages={"answers": ("",)},
        procedures={
            "guard": stage_guard,
            "marks": stage_marks,
            "bombs": stage_bombs,
            "kills": stage_kills,
            "settle": stage_settle,
            "fallout": stage_fallout,
            "investigate": stage_investigate,
            "aftermath": stage_aftermath,
            "answers": stage_answers,
            "revive": stage_revive,
            "vote": stage_vote,
        },
        win_check=win_check,
        options=(
            Option("clue_size", 3, "players named by a clue, the culprit among them", (2, 3, 4, 5)),
            Option(
                "psychopath_idle",
                "none",
                "a Psychopath who sends no kill: the GM draws his victim, or nobody dies",
                ("random", "none"),
            ),
            Option(
                "three_days_of_peace",
                True,
                "002's tie-breaker after three days and three nights without a death",
                (True, False),
            ),
        ),
        presets={"twenty": Preset("twenty", "Townston's 20-player list (001)", TWENTY)},
        documentation=DOCUMENTATION,
        factions={TOWN: "Villagers", MAFIA: "Mafia", LONER: "Serial killers"},
        informed_factions=(MAFIA,),
        vote_check=_vote_check,
        headline=announce.headline,
        describe=describe,
        one_action_per_phase=True,
    )
)
