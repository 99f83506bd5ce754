"""ru_19: the 19-player setup of 003_d239a94a8cc52329.txt ("Игра на 19 человек").

Mafia 5 (three shooters, the boss, the advocate), civilians 13 (detective,
doctor, courtesan, hangman, nine civilians who may hunt), one maniac. The night
is the document's eight steps; a kill lands at the end of its step, so a player
killed at an earlier step does not act at a later one ("Если исполнитель убит
Маньяком – выстрела мафии не будет").

The mechanics shared with the two-clan game (`ru_two_clans`, whose courtesan is
"as in the 19-player setup") live here too: hunts by day application, the
courtesan, step-wise kills with the Russian protections, the hangman.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .. import abilities as hooks
from ..day import final_ballots, leaders, lynch, tally
from ..errors import PendingDecision, Reason
from ..model import GameState, Player
from ..night import Intent, PhaseContext
from ..ruleset import (
    NO_TARGET,
    Ability,
    Option,
    Preset,
    Role,
    Ruleset,
    TargetRule,
    get_ruleset,
    register,
)
from ..setup.categories import status_categories
from . import ru_common as common

TOWN, MAFIA, MANIAC = "town", "mafia", "maniac"
ANY_OTHER = TargetRule()
ANYONE = TargetRule(self_allowed=True)
NOT_TEAMMATE = TargetRule(teammates_allowed=False)
GUESSES = ("mafia", "maniac")

# -- who is who ----------------------------------------------------------------------


def side_of(state: GameState, name: str) -> str:
    """'mafia', 'town' or 'maniac': the status a hunter guesses (clans are both mafia)."""
    player = state.player(name)
    return get_ruleset(state.ruleset).roles[player.role].traits["side"]


def team_of(player: Player) -> str:
    """The team that names one executor a night: the faction (a clan in two clans)."""
    return player.faction


# -- step-wise kills -------------------------------------------------------------------
# Protections (PhaseContext.protections) by kind:
#   "client"  the courtesan's client: 'не может быть убит этой же ночью' (every attack)
#   "guard"   the bodyguard's charge: survives every attack of the night
#   "vest"    a ninja's vest on a clan member: survives every attack of the night
#   "heal"    the doctor's heal: 'лечит только от одного удара' (one attack)
# A role's own one-time saves are memory counters: "vest" (ru_19 maniac, one
# attack) and "instinct" (two-clan maniac, the whole night).

FULL_PROTECTIONS = ("client", "guard", "vest")


def revived(ctx: PhaseContext, target: str) -> bool:
    """Two clans: a reviving commissar's unblocked check protects, except an executor."""
    if target in ctx.flags.get("executors_named", ()):
        return False
    return any(
        i.target == target and not i.blocked and i.role.traits.get("revives") for i in ctx.intents
    )


def _fully_protected(ctx: PhaseContext, target: str) -> bool:
    if any(ctx.protections_of(target, kind) for kind in FULL_PROTECTIONS):
        return True
    if target in ctx.flags.get("instinct_used", ()):
        return True
    return revived(ctx, target)


def land_attacks(ctx: PhaseContext) -> None:
    """Settle the attacks made since the last settling: deaths happen now."""
    while True:
        pending = [a for a in ctx.attacks if not a.meta.get("landed")]
        if not pending:
            return
        for attack in pending:
            attack.meta["landed"] = True
        _bodyguards_strike_back(ctx, pending)
        for target in sorted({a.target for a in pending}, key=ctx.seat):
            _land_on(ctx, target, [a for a in pending if a.target == target])


def _land_on(ctx: PhaseContext, target: str, attacks: list) -> None:
    if not ctx.is_alive_now(target):
        return
    if _fully_protected(ctx, target):
        return
    landing = list(attacks)
    spent = ctx.flags.setdefault("heal_spent", set())
    if ctx.protections_of(target, "heal") and target not in spent:
        spent.add(target)
        landing.pop(0)
    player = ctx.player(target)
    if landing and player.memory.get("instinct", 0) > 0:
        player.memory["instinct"] -= 1
        ctx.flags.setdefault("instinct_used", set()).add(target)
        ctx.result(target, "instinct")
        landing = []
    if landing and player.memory.get("vest", 0) > 0:
        player.memory["vest"] -= 1
        landing.pop(0)
        ctx.result(target, "vest")
    for attack in landing:
        ctx.kill(target, attack.cause)


def _bodyguards_strike_back(ctx: PhaseContext, attacks: list) -> None:
    """'убивает одного из покушающихся убийц' - one executor, by lot if two shot."""
    for guard in ctx.protections:
        if guard.kind != "guard":
            continue
        executors = set(ctx.flags.get("executor", {}).values())
        shooters = sorted(
            {
                a.attacker
                for a in attacks
                if a.target == guard.target
                and a.cause == common.CAUSE_MAFIA
                and a.attacker in executors
            },
            key=ctx.seat,
        )
        if shooters:
            victim = shooters[0] if len(shooters) == 1 else ctx.rng.choice(shooters)
            ctx.attack(guard.protector, victim, "bodyguard")


# -- night moves ----------------------------------------------------------------------


# The factories below bind their settings with `partial` to module-level functions
# rather than closures: the settings stay visible, and mutation testing (bench/
# mutation.py) switches a mutant of the function on at each call, not at import.


def executors_named(stage: str, teams: tuple[str, ...]):
    """Who shoots for each team tonight, known from the start of the night (ru_common's
    EXECUTOR mode: the last `kill` a team sends stands, its sender is the executor)."""
    return partial(name_executors, stage=stage, teams=teams)


def name_executors(ctx: PhaseContext, stage: str, teams: tuple[str, ...]) -> None:
    named = {common.executor_of(ctx, stage, team) for team in teams}
    ctx.flags["executors_named"] = {name for name in named if name}


def block(ctx: PhaseContext, intent: Intent) -> None:
    """Boss / thief: the target's night moves do not happen (a maniac's may be unblockable)."""
    ctx.visit(intent.actor, intent.target, intent.ability.id)
    ctx.block(intent.target)


def courtesan_visit(ctx: PhaseContext, intent: Intent) -> None:
    """Blocks a mafia client's powers, protects the client; dies at the maniac's."""
    client = intent.target
    ctx.visit(intent.actor, client, intent.ability.id)
    if ctx.trait(client, "kills_courtesan"):
        ctx.kill(intent.actor, ctx.role(client).id)
        return
    if ctx.trait(client, "side") == MAFIA:
        ctx.block(client)
    ctx.protect(intent.actor, client, "client")


def hunt_void(ctx: PhaseContext, intent: Intent) -> bool:
    """ru_19: 'Если Маном или мафами убита цель охотника, если цель охотника вылечена
    Доком – то охотнику приходит ответ, что охота не состоялась'."""
    target = intent.target
    return (
        ctx.died_tonight(target)
        or bool(ctx.protections_of(target, "heal"))
        or bool(ctx.protections_of(target, "client"))
    )


def hunt_move(void_when_protected: bool):
    """A right guess kills the target, a wrong one the hunter (ru_19 adds the void rule)."""
    return partial(hunt, void_when_protected=void_when_protected)


def hunt(ctx: PhaseContext, intent: Intent, void_when_protected: bool) -> None:
    if void_when_protected and hunt_void(ctx, intent):
        ctx.result(intent.actor, "hunt_void", target=intent.target)
        return
    target = intent.target
    right = intent.extra.get("guess") == ctx.trait(target, "side")
    if right:
        ctx.attack(intent.actor, target, common.CAUSE_HUNT)
    else:
        ctx.attack(intent.actor, intent.actor, common.CAUSE_FAILED_HUNT)


def team_check(ctx: PhaseContext, intent: Intent) -> None:
    """Team only; the maniac looks civilian unless the role sees him ('sees_maniac')."""
    target = intent.target
    side = ctx.trait(target, "side")
    if side == MANIAC and intent.role.traits.get("sees_maniac"):
        value = "maniac"
    elif side == MAFIA and not ctx.trait(target, "disguised_while_mates", False):
        value = "mafia"
    elif side == MAFIA and not _other_mafia_alive(ctx, target):
        value = "mafia"
    else:
        value = "civilian"
    ctx.result(intent.actor, "check", target=target, value=value)


def _other_mafia_alive(ctx: PhaseContext, name: str) -> bool:
    return any(
        p.name != name and ctx.is_alive_now(p.name) and ctx.trait(p.name, "side") == MAFIA
        for p in ctx.state.players
    )


def status_check(ctx: PhaseContext, intent: Intent) -> None:
    """The full role; a maniac shows as 'civilian' unless the role sees him."""
    target = intent.target
    value = ctx.player(target).role
    if ctx.trait(target, "side") == MANIAC and not intent.role.traits.get("sees_maniac"):
        value = "civilian"
    ctx.result(intent.actor, "check", target=target, value=value)


def announce(ctx: PhaseContext) -> None:
    """Each elimination of the phase: its status (option `reveal`) and its cause."""
    common.reveal_events(ctx, ctx.option("reveal"))
    common.cause_events(ctx)


def dawn(ctx: PhaseContext) -> None:
    """The morning post; the night's targets are remembered ('not two nights running')."""
    announce(ctx)
    common.remember_targets(ctx)
    ctx.state.memory.pop("hunt", None)


# -- checks on single moves -------------------------------------------------------------


def applied_to_hunt(state: GameState, player: Player) -> bool:
    return player.name in state.memory.get("hunt", {}).get("applicants", [])


def not_if_applied(what: str):
    """A move lost for the night by applying to hunt (the doctor's heal)."""
    return partial(refuse_if_applied, what=what)


def refuse_if_applied(state: GameState, player: Player, what: str) -> str | None:
    if applied_to_hunt(state, player):
        return Reason("refusal.applied_to_hunt", role=player.role, what=what)
    return None


def _hunt_approved(state: GameState, player: Player) -> str | None:
    if state.memory.get("hunt", {}).get("approved") != player.name:
        return Reason("refusal.hunt_not_approved", player=player.name)
    return None


# -- day: applications, the vote, the hangman, the draw -----------------------------------


def apply_for_hunt(ctx: PhaseContext, intent: Intent) -> None:
    applicants = ctx.flags.setdefault("applicants", [])
    if intent.actor not in applicants:
        applicants.append(intent.actor)


def withdraw_from_hunt(ctx: PhaseContext, intent: Intent) -> None:
    applicants = ctx.flags.setdefault("applicants", [])
    if intent.actor in applicants:
        applicants.remove(intent.actor)


def draw_hunter(ctx: PhaseContext) -> None:
    """'Если ведущему поступило несколько заявок ... он жеребьевкой выбирает только одну
    из них и сообщает охотнику, что его охота одобрена'."""
    applicants = sorted(
        (a for a in ctx.flags.get("applicants", []) if ctx.is_alive_now(a)), key=ctx.seat
    )
    if not applicants:
        return
    approved = applicants[0] if len(applicants) == 1 else ctx.rng.choice(applicants)
    ctx.state.memory["hunt"] = {"applicants": applicants, "approved": approved}
    ctx.result(approved, "hunt_approved")


def first_to_reach(ctx: PhaseContext, events: list[list[Any]], tied: list[str], count: int) -> str:
    """The tied candidate whose running tally reached `count` first."""
    ballots: dict[str, str] = {}
    for voter, target in events:
        if target is None:
            ballots.pop(voter, None)
        else:
            ballots[voter] = target
        running = tally(ctx, ballots)
        reached = [c for c in tied if running.get(c, 0) >= count]
        if reached:
            return min(reached, key=ctx.seat)
    return tied[0]


def hangman_vote(on_silence: str):
    """Plurality; on a tie the hangman's choice among the tied decides.

    When the living hangman sends no usable choice (advance choices naming an untied
    player are not used), `on_silence` says what happens: "ask" (ru_19: he 'не может
    отказаться от действия в случае равнения', the day waits for him; an unusable
    advance choice was his answer, so the first to reach the count goes), "first_reached"
    (two clans: 'если палач ... откажется от решения, то казнен будет первый набравший')
    or "nobody" (Eleven: his move is optional). A dead hangman: the first to reach the
    count (ru_19, two clans) or nobody (Eleven).
    """
    return partial(vote_with_hangman, on_silence=on_silence)


def vote_with_hangman(ctx: PhaseContext, on_silence: str) -> None:
    events = ctx.flags["votes"]
    ballots = final_ballots(ctx, events)
    counts = tally(ctx, ballots)
    ctx.record["tally"] = counts
    top = leaders(counts)
    if len(top) == 1:
        lynch(ctx, top[0])
        return
    if not top:
        return
    hangmen = [
        p.name for p in ctx.state.players if ctx.is_alive_now(p.name) and _is_hangman(ctx, p)
    ]
    choice = _hangman_choice(ctx, top)
    answered = any(i.ability.id == "hang" for i in ctx.intents)
    if choice is None and hangmen and on_silence == "ask" and not answered:
        raise PendingDecision(
            Reason("question.hangman", actor=hangmen[0], tied=", ".join(top)),
            kind="action",
            choices=list(top),
            actor=hangmen[0],
            ability="hang",
        )
    if choice is None and on_silence != "nobody":
        choice = first_to_reach(ctx, events, top, counts[top[0]])
    if choice is None:
        ctx.event("no_lynch", reason="tie", candidates=top)
        return
    lynch(ctx, choice)


def _is_hangman(ctx: PhaseContext, player: Player) -> bool:
    return any(a.id == "hang" for a in ctx.ruleset.roles[player.role].abilities)


def _hangman_choice(ctx: PhaseContext, tied: list[str]) -> str | None:
    """The hangman's last `hang` naming a tied player (others were advance guesses)."""
    chosen = [
        i
        for i in ctx.intents
        if i.ability.id == "hang" and ctx.is_alive_now(i.actor) and i.target in tied
    ]
    if not chosen:
        return None
    choice = max(chosen, key=lambda i: i.index).target
    ctx.event("hangman", chose=choice, candidates=tied)
    return choice


# -- the end -----------------------------------------------------------------------------


def decide(state: GameState) -> list[str] | None:
    """The winning sides, or None while the game goes on.

    Town: no mafia and no maniac alive. Maniac: alive with at most one other player.
    A mafia team: the only threat left and at least as many as the civilians.
    """
    alive = state.alive()
    if not alive:
        return []
    sides = {p.name: side_of(state, p.name) for p in alive}
    maniac = [n for n, s in sides.items() if s == MANIAC]
    mafia_teams = sorted({team_of(p) for p in alive if sides[p.name] == MAFIA})
    town = [n for n, s in sides.items() if s == TOWN]
    if not maniac and not mafia_teams:
        return [TOWN]
    if maniac and len(alive) <= 2:
        return [MANIAC]
    if not maniac and len(mafia_teams) == 1:
        members = [p for p in alive if team_of(p) == mafia_teams[0]]
        if len(members) >= len(town):
            return [mafia_teams[0]]
    return None


def win_check(state: GameState, ctx: PhaseContext) -> None:
    winning = decide(state)
    if winning is None:
        return
    state.ended = True
    state.winners = [
        p.name
        for p in state.players
        if (side_of(state, p.name) == TOWN and TOWN in winning)
        or (side_of(state, p.name) == MANIAC and MANIAC in winning)
        or (side_of(state, p.name) == MAFIA and team_of(p) in winning)
    ]


# -- announcements ---------------------------------------------------------------------


def describe(ctx: PhaseContext, name: str, causes: list[str]) -> str | None:
    """003: the morning names each death's cause ('жертва удачной/неудачной охоты' ...)."""
    texts = [
        common.CAUSE_TEXT[common.ANNOUNCED_CAUSE.get(c, c)][0]
        for c in causes
        if common.ANNOUNCED_CAUSE.get(c, c) in common.CAUSE_TEXT
    ]
    return "; ".join(texts).capitalize() + "." if texts else None


# -- the roles ---------------------------------------------------------------------------


def apply_abilities(hunt_resolve=None) -> tuple[Ability, ...]:
    """The hunt by day application: apply / withdraw by day, hunt by night if drawn."""
    return (
        Ability(
            "apply_hunt",
            "Apply to hunt",
            "Apply to the host for tonight's free hunt; may be withdrawn until the day ends.",
            phase="day",
            stage="applications",
            targets=NO_TARGET,
            resolve=apply_for_hunt,
            named_only=True,
            visits=False,
            free=True,
        ),
        Ability(
            "withdraw_hunt",
            "Withdraw the application",
            "Withdraw your hunt application before the day ends.",
            phase="day",
            stage="applications",
            targets=NO_TARGET,
            resolve=withdraw_from_hunt,
            named_only=True,
            visits=False,
            free=True,
        ),
        Ability(
            "hunt",
            "Hunt",
            "Approved hunter only: name a target and its status (mafia or maniac). "
            "Right: the target dies. Wrong: you die.",
            stage="hunt",
            targets=ANY_OTHER,
            resolve=hunt_resolve or hunt_move(void_when_protected=True),
            named_only=True,
            usable=_hunt_approved,
            extra={"guess": GUESSES},
        ),
    )


HANG = Ability(
    "hang",
    "Hang",
    "Only on a tie: choose which of the tied players is executed (may be given in advance).",
    phase="day",
    stage="vote",
    targets=ANYONE,
    visits=False,
    free=True,
)


def _advocate_alone(state: GameState, player: Player) -> bool:
    return not any(
        p.alive and p.name != player.name and p.faction == player.faction for p in state.players
    )


def _no_shooter(state: GameState) -> bool:
    return not any(p.alive and p.role == "mafia" for p in state.players)


def _revolver(state: GameState, player: Player) -> str | None:
    if not _no_shooter(state):
        return Reason("refusal.revolver")
    return None


def _advocate_checks(state: GameState, player: Player) -> str | None:
    if _advocate_alone(state, player):
        return Reason("refusal.advocate_checks")
    return None


def _advocate_shoots(state: GameState, player: Player) -> str | None:
    if not _advocate_alone(state, player):
        return Reason("refusal.advocate_shoots")
    return None


SHOT = "Shoot"
ROLES = [
    Role(
        "civilian",
        "Civilian",
        TOWN,
        "A civilian with the right of free hunt: apply by day, hunt by night if drawn.",
        "The town wins when every mafia member and the maniac are eliminated.",
        abilities=apply_abilities(),
        traits={"side": TOWN},
        card_ru="Мирный житель с правом свободной охоты: заявка днём, охота ночью, если "
        "выпал жребий. Цель: устранить всю мафию и маньяка.",
    ),
    Role(
        "detective",
        "Detective",
        TOWN,
        "Each night either checks a player (civilian or mafia; the maniac looks civilian) "
        "or shoots. A killed detective gets no result. May not hunt.",
        "The town wins when every mafia member and the maniac are eliminated.",
        abilities=(
            Ability(
                "check",
                "Check",
                "Learn the team: civilian or mafia (the maniac shows civilian); result at dawn.",
                stage="detective_check",
                resolve=team_check,
            ),
            Ability(
                "shoot",
                SHOT,
                "Shoot a player (step 5, with the mafia's shot).",
                stage="detective_shot",
                resolve=hooks.kill("detective"),
            ),
        ),
        traits={"side": TOWN},
        card_ru="Детектив: каждую ночь проверяет одного игрока (мирный/мафия; маньяка видит "
        "мирным) или делает выстрел. Убитый детектив проверку не получает. Не охотится.",
    ),
    Role(
        "doctor",
        "Doctor",
        TOWN,
        "Each night saves a player (himself allowed) from one hit: the mafia, the maniac, "
        "a hunt. Not the same player two nights running. May hunt, but then cannot heal.",
        "The town wins when every mafia member and the maniac are eliminated.",
        abilities=(
            Ability(
                "heal",
                "Heal",
                "Save a player from one hit tonight; not last night's patient.",
                stage="doctor",
                targets=ANYONE,
                resolve=hooks.heal,
                refuse_target=common.not_twice_running("heal"),
                usable=not_if_applied("heal"),
            ),
            *apply_abilities(),
        ),
        traits={"side": TOWN},
        card_ru="Доктор: каждую ночь спасает игрока (можно себя) от одного удара: мафии, "
        "маньяка, охоты. Не лечит одного игрока две ночи подряд. Подав заявку на охоту, "
        "лишается лечения в эту ночь.",
    ),
    Role(
        "courtesan",
        "Courtesan",
        TOWN,
        "Must visit a player each night: a mafia client's powers are blocked (the executor "
        "too) and the client cannot be killed tonight. Visiting the maniac, she dies. Not "
        "the same client two nights running. Does not block civilians. May not hunt.",
        "The town wins when every mafia member and the maniac are eliminated.",
        abilities=(
            Ability(
                "visit",
                "Spend the night",
                "Block a mafia client's powers and keep the client alive tonight.",
                stage="courtesan",
                resolve=courtesan_visit,
                refuse_target=common.not_twice_running("visit"),
            ),
        ),
        traits={"side": TOWN},
        card_ru="Путана: обязана каждую ночь выбрать клиента. Блокирует спецспособности "
        "мафов, в том числе исполнителя; клиента нельзя убить этой ночью; у маньяка "
        "погибает. Не два раза подряд одного. Мирных не блокирует. Не охотится.",
    ),
    Role(
        "hangman",
        "Hangman",
        TOWN,
        "A civilian who must choose which tied player is executed when the vote ties. May hunt.",
        "The town wins when every mafia member and the maniac are eliminated.",
        abilities=(HANG, *apply_abilities()),
        traits={"side": TOWN},
        card_ru="Палач (мирный): при равенстве голосов обязан выбрать, кого из равных "
        "казнить. Может охотиться.",
    ),
    Role(
        "mafia",
        "Mafia shooter",
        MAFIA,
        "One of the three shooters: each night the mafia names an executor, whose shot "
        "kills any player and cannot be refused.",
        "The mafia wins when the maniac is gone and the civilians are no more than the mafia.",
        abilities=(
            Ability(
                "kill",
                "Shoot (executor)",
                "As tonight's executor, shoot a player.",
                stage="mafia_kill",
                targets=ANYONE,
            ),
        ),
        traits={"side": MAFIA},
        card_ru="Мафия-стрелок: каждую ночь мафия назначает исполнителя; его выстрел убивает "
        "любого игрока, отказаться нельзя.",
    ),
    Role(
        "boss",
        "Boss",
        MAFIA,
        "Each night may block any player's night move. With no shooter left, gets a "
        "revolver and may shoot instead of blocking.",
        "The mafia wins when the maniac is gone and the civilians are no more than the mafia.",
        abilities=(
            Ability(
                "block",
                "Block",
                "The player's night move does not happen (detective, doctor, hunter, maniac...).",
                stage="boss",
                resolve=block,
            ),
            Ability(
                "kill",
                "Revolver",
                "No shooter left: shoot a player instead of blocking.",
                stage="mafia_kill",
                targets=ANYONE,
                usable=_revolver,
            ),
        ),
        traits={"side": MAFIA},
        card_ru="Босс: каждую ночь может заблокировать ход любого игрока. Если стрелков не "
        "осталось — получает револьвер и стреляет вместо блокировки.",
    ),
    Role(
        "advocate",
        "Advocate",
        MAFIA,
        "Each night checks a civilian's status (sees the maniac). A killed advocate gets "
        "no result. Left the last mafia member, loses the checks and becomes a shooter.",
        "The mafia wins when the maniac is gone and the civilians are no more than the mafia.",
        abilities=(
            Ability(
                "check",
                "Check",
                "Learn a player's role (the maniac included). Result in the morning.",
                stage="advocate",
                targets=NOT_TEAMMATE,
                resolve=status_check,
                usable=_advocate_checks,
            ),
            Ability(
                "kill",
                "Shoot (last mafia member)",
                "Alone in the mafia: shoot a player.",
                stage="mafia_kill",
                targets=ANYONE,
                usable=_advocate_shoots,
            ),
        ),
        traits={"side": MAFIA, "sees_maniac": True},
        card_ru="Адвокат: ночью проверяет статусы мирных, видит маньяка. Убитый адвокат "
        "результат не получает. Оставшись один, теряет проверки и становится стрелком.",
    ),
    Role(
        "maniac",
        "Maniac",
        MANIAC,
        "Kills a player every night; may not hunt. Has a one-time bulletproof vest. A "
        "courtesan who visits him dies.",
        "The maniac wins when he is alive with at most one other player.",
        abilities=(
            Ability(
                "kill",
                "Kill",
                "Kill a player (step 4: before the mafia's shot and the hunt).",
                stage="maniac",
                resolve=hooks.kill("maniac"),
            ),
        ),
        traits={"side": MANIAC, "kills_courtesan": True, "memory": {"vest": 1}},
        card_ru="Маньяк: каждую ночь убивает игрока, не охотится. Одноразовый бронежилет. "
        "Путана, пришедшая к нему, погибает.",
    ),
]

DOCUMENTATION = """
Source: 003_d239a94a8cc52329.txt, "Игра на 19 человек" (digest: russian-digest.md).
Night order (the document's eight steps): 1 boss (block), 2 courtesan, 3 doctor,
4 maniac, 5 shooters and detective (shot), 6 hunter, 7 advocate, 8 detective (check).
Kills land at the end of their step: a player killed at an earlier step makes no
later move (the executor killed by the maniac does not shoot; the hunter killed
by the maniac or the mafia does not hunt; a killed advocate/detective gets no result).
GM decisions where the document is silent:
- One move per player a night (`check` or `shoot`; block or revolver; check or,
  alone, shoot). The mafia's executor is the member who sends `kill` (a shooter;
  the boss's revolver when no shooter is left; the advocate when he is the last
  mafia member); when several send one, the last sent stands (ru_common's rule).
- The boss blocks every move of the player he names (the courtesan too: her block
  and protection do not happen). Blocked players are not told.
- The courtesan's block takes the powers of a mafia client whose step comes after
  hers (executor, advocate, revolver); the boss's block at step 1 stands. Her client
  survives every attack that night; visiting the maniac she dies (unpreventably) and
  protects nobody. She never visits herself.
- The doctor's heal stops one attack (the first to land); a second kills.
- The maniac's one-time vest works by itself: it stops the first attack that would
  kill him at night, after the doctor's heal. It does not stop a lynch.
- Hunts: an application (`apply_hunt`) may be withdrawn (`withdraw_hunt`) until the
  day ends; among living applicants one is drawn and told (`hunt_approved`); only
  he may send `hunt` (target and guess). A hunt whose target was killed earlier that
  night, is healed by the doctor or is the courtesan's client does not happen
  (`hunt_void` to the hunter, no announcement). A healed hunter survives a failed
  hunt. There is no balance limit on hunting in this setup ('с правом свободной
  охоты в любую ночь'); a hunt needs the previous day's application, so a game that
  opens by night has no hunt on night 1.
- Moves the document makes mandatory (the executor's shot, the maniac's kill, the
  courtesan's visit) cannot be forced by the engine: a missing move is no move (the
  host may modkill). The hangman's tie choice is asked for (PendingDecision).
- Day vote: plurality. A tie goes to the hangman's `hang` (one of the tied; it may
  be given in advance, and an advance choice naming an untied player is not used).
  A living hangman who sent nothing is asked (the day waits: he 'не может
  отказаться'); a dead hangman, or one whose advance choice names nobody tied: the
  tied player who first reached the tying count (replaying the votes in the order
  cast) is executed.
- Announcements: the eliminated player's role is revealed (option `reveal`); the
  descriptions name the cause ("victim of a failed hunt", "victim of a successful
  hunt", ...).
- Wins: the town when no mafia member and no maniac is alive; the maniac when he
  is alive with at most one other player; the mafia when the maniac is dead and
  the civilians are no more than the mafia. Nobody left alive: nobody wins.
- Posthumous notes ("Posthumous notes are allowed"): a living player may write and
  replace one private note during the game (read by him and the GM only); when he
  dies, by night or by day, the note is shown publicly with the death. A player who
  wrote none leaves none; the dead cannot write one. No private messages between
  players (the document forbids them).
"""

NIGHT_ORDER = (
    "executors_named",
    "boss",
    "courtesan",
    "doctor",
    "maniac",
    "maniac_kill_lands",
    "detective_shot",
    "mafia_kill",
    "shots_land",
    "hunt",
    "hunt_lands",
    "advocate",
    "detective_check",
    "dawn",
)

PRESET_19 = (
    ("mafia",) * 3
    + ("boss", "advocate", "detective", "doctor", "courtesan", "hangman")
    + ("civilian",) * 9
    + ("maniac",)
)

# The setup builder's categories (docs/setup.md) by status; every special status is
# one player ("один комиссар"), as the document's setups deal them.
CATEGORIES = status_categories(
    {r.id: r for r in ROLES}, plain=("civilian", "mafia"), killing=("maniac",)
)


RULESET = register(
    Ruleset(
        id="ru_19",
        title="Russian forum Mafia: the 19-player setup",
        source="003_d239a94a8cc52329.txt, 'Игра на 19 человек'",
        roles={r.id: r for r in ROLES},
        categories=CATEGORIES,
        unique_roles=frozenset(
            {"detective", "doctor", "courtesan", "hangman", "boss", "advocate", "maniac"}
        ),
        night_order=NIGHT_ORDER,
        day_order=("applications", "vote", "hunt_draw", "announce"),
        procedures={
            "executors_named": executors_named("mafia_kill", (MAFIA,)),
            "mafia_kill": common.team_kill(common.EXECUTOR, MAFIA, "mafia_kill"),
            "maniac_kill_lands": land_attacks,
            "shots_land": land_attacks,
            "hunt_lands": land_attacks,
            "announce": announce,
            "dawn": dawn,
            "vote": hangman_vote(on_silence="ask"),
            "hunt_draw": draw_hunter,
        },
        win_check=win_check,
        options=(
            Option(
                "reveal",
                common.LIGHT,
                "What an elimination announces: the role (light), the team (half_light) or "
                "only the name (dark).",
                (common.LIGHT, common.HALF_LIGHT, common.DARK),
            ),
        ),
        presets={"19": Preset("19", "The document's 19-player setup", PRESET_19)},
        documentation=DOCUMENTATION,
        death_notes="prepared",
        factions={TOWN: "Civilians", MAFIA: "Mafia", MANIAC: "Maniac"},
        informed_factions=(MAFIA,),
        describe=describe,
        reveal=common.reveal_by_option(),
        headline=common.headline,
        one_action_per_phase=True,
    )
)
