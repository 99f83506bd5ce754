"""ru_two_clans: "Двухклановка + мирная охота + маньяк" of 003_d239a94a8cc52329.txt.

Two mafia clans (thief, advocate, ninja each) with their own executors, kills
and chats; a reviving commissar, a courtesan "as in the 19-player setup", a
bodyguard, a hangman, civilians who hunt by day application; a maniac with a
one-time instinct who cannot be blocked. The night follows the document's order
(1 thief ... 8 advocate) with the commissar's result last (9); kills land at the
end of their step, as in `ru_19`, whose shared mechanics this module reuses.
"""

from __future__ import annotations

from typing import Any

from .. import abilities as hooks
from ..errors import Reason
from ..model import GameState, Player
from ..night import Intent, PhaseContext
from ..ruleset import Ability, Option, Preset, Role, Ruleset, TargetRule, get_ruleset, register
from ..setup.categories import status_categories
from . import ru_19
from . import ru_common as common
from .ru_19 import MAFIA, MANIAC, TOWN

CLANS = (1, 2)
CLAN_FACTIONS = ("clan1", "clan2")
VESTS = 3
ANYONE = TargetRule(self_allowed=True)


def clan_faction(clan: Any) -> str:
    return f"clan{clan}"


def _faction_of(extra: dict[str, Any]) -> str:
    clan = extra.get("clan")
    if clan is None:
        return MAFIA  # drawn by `setup`
    if clan not in CLANS:
        raise ValueError(f"clan must be 1 or 2, not {clan!r}")
    return clan_faction(clan)


def setup(state: GameState) -> None:
    """Clans the scenario did not fix are drawn so each clan gets one of each role."""
    roles = get_ruleset(state.ruleset).roles
    for player in state.players:
        if "clan" in player.extra and roles[player.role].traits["side"] != MAFIA:
            raise ValueError(f"{player.name}: only mafia roles belong to a clan")
    unassigned = [p for p in state.players if p.faction == MAFIA]
    state.rng("clans").shuffle(unassigned)
    for player in unassigned:
        counts = {
            clan: (
                sum(
                    1
                    for p in state.players
                    if p.faction == clan_faction(clan) and p.role == player.role
                ),
                sum(1 for p in state.players if p.faction == clan_faction(clan)),
            )
            for clan in CLANS
        }
        player.faction = clan_faction(min(CLANS, key=lambda c: counts[c]))


# -- night ------------------------------------------------------------------------------


def thieves_block(ctx: PhaseContext) -> None:
    """Both thieves act at step 1: their blocks are simultaneous (a blocked thief still blocks)."""
    for intent in [i for i in ctx.intents_at("thief") if not i.blocked]:
        ru_19.block(ctx, intent)


def vested(player: Player) -> list[str]:
    return player.memory.setdefault("vested", [])


def vests_left(state: GameState, ninja: Player) -> int:
    """Three vests, one per clan member; a member who died unprotected burns his."""
    used = set(ninja.memory.get("vested", []))
    burnt = {
        p.name
        for p in state.players
        if p.faction == ninja.faction and not p.alive and p.name not in used
    }
    return VESTS - len(used) - len(burnt)


def give_vest(ctx: PhaseContext, intent: Intent) -> None:
    vested(ctx.player(intent.actor)).append(intent.target)
    ctx.protect(intent.actor, intent.target, "vest")


def _vest_usable(state: GameState, player: Player) -> str | None:
    if vests_left(state, player) <= 0:
        return Reason("refusal.ninja_vests")
    return None


def _vest_eligible(state: GameState, player: Player, other: Player) -> bool:
    return other.faction == player.faction and other.name not in player.memory.get("vested", [])


def guard(ctx: PhaseContext, intent: Intent) -> None:
    ctx.visit(intent.actor, intent.target, intent.ability.id)
    ctx.protect(intent.actor, intent.target, "guard")


def announced_status(state: GameState, player: Player, gone: set[str]) -> str:
    """The role announced at an elimination; the ninja is 'civilian' while other mafia live."""
    role = get_ruleset(state.ruleset).roles[player.role]
    if role.traits.get("disguised_while_mates") and any(
        p.alive and p.name not in gone and ru_19.side_of(state, p.name) == MAFIA
        for p in state.players
    ):
        return "civilian"
    if state.options.get("reveal") == common.HALF_LIGHT:
        return {TOWN: "civilian", MAFIA: "mafia", MANIAC: "maniac"}[role.traits["side"]]
    return player.role


def announce_deaths(ctx: PhaseContext) -> None:
    """Every elimination is announced with its (disguised) status once the phase's deaths land."""
    gone = set(ctx.deaths)
    for player in ctx.state.players:
        if player.name in gone:
            ctx.event(
                "reveal", player=player.name, status=announced_status(ctx.state, player, gone)
            )
    common.cause_events(ctx)


def dawn(ctx: PhaseContext) -> None:
    announce_deaths(ctx)
    common.remember_targets(ctx)
    ctx.state.memory.pop("hunt", None)


# -- roles ------------------------------------------------------------------------------

HUNTS = ru_19.apply_abilities(ru_19.hunt_move(void_when_protected=False))
TOWN_WIN = "The town wins when both clans and the maniac are eliminated."
CLAN_WIN = (
    "Your clan wins when the other clan and the maniac are gone and the civilians are no "
    "more than your clan."
)
EXECUTOR = Ability(
    "kill",
    "Shoot (executor)",
    "As your clan's executor tonight, shoot a player; the kill cannot be refused.",
    stage="executors",
    targets=ANYONE,
)
MAFIA_TRAITS = {"side": MAFIA, "faction_of": _faction_of}

ROLES = [
    Role(
        "civilian",
        "Civilian",
        TOWN,
        "A civilian with the right of free hunt: apply by day, hunt by night if drawn.",
        TOWN_WIN,
        abilities=HUNTS,
        traits={"side": TOWN},
        card_ru="Мирный житель с правом мирной охоты: заявка днём, охота ночью, если выпал "
        "жребий. Цель: устранить оба клана и маньяка.",
    ),
    Role(
        "reviving_commissar",
        "Reviving commissar",
        TOWN,
        "Each night checks a player: the checked player cannot be killed that night "
        "(except an executor). Sees mafia and civilians as team only, the maniac in full. "
        "A killed commissar gets no result and leaves no note. Cannot shoot or hunt.",
        TOWN_WIN,
        abilities=(
            Ability(
                "check",
                "Check",
                "Check a player (team only; the maniac in full); he cannot be killed tonight "
                "unless he is an executor.",
                stage="commissar",
                resolve=ru_19.team_check,
            ),
        ),
        traits={"side": TOWN, "revives": True, "sees_maniac": True, "no_death_note": True},
        card_ru="Реанимирующий комиссар: проверяемого им игрока нельзя убить в ту же ночь "
        "(кроме исполнителей). Видит неполный статус мафов и мирных, полный — маньяка. "
        "Убитый комиссар результата не получает. Не стреляет, не охотится.",
    ),
    ru_19.RULESET.roles["courtesan"],
    Role(
        "bodyguard",
        "Bodyguard",
        TOWN,
        "Each night protects another player from every attack and kills one attacking "
        "executor (by lot if two shot); cannot kill the maniac or a hunter, but their "
        "victims survive. Not the same player two nights running. May hunt, but then "
        "cannot protect.",
        TOWN_WIN,
        abilities=(
            Ability(
                "guard",
                "Protect",
                "Protect a player tonight; an executor who shoots him dies.",
                stage="bodyguard",
                resolve=guard,
                refuse_target=common.not_twice_running("guard"),
                usable=ru_19.not_if_applied("protect"),
            ),
            *HUNTS,
        ),
        traits={"side": TOWN},
        card_ru="Телохранитель: защищает игрока от пули и убивает одного из стрелявших "
        "исполнителей (жребий, если двое). Маньяка и охотника не убивает, но их жертвы "
        "выживают. Не дважды подряд одного, не себя. Охотясь, теряет защиту на эту ночь.",
    ),
    Role(
        "hangman",
        "Hangman",
        TOWN,
        "On a tied vote chooses which tied player is executed; if dead or silent, the "
        "player who first reached the count is executed. May hunt.",
        TOWN_WIN,
        abilities=(ru_19.HANG, *HUNTS),
        traits={"side": TOWN},
        card_ru="Палач: при ничьей выбирает, кого из равных казнить; если палач мёртв или "
        "отказался, казнят первого набравшего это число голосов. Может охотиться.",
    ),
    Role(
        "thief",
        "Thief",
        MAFIA,
        "Your clan's blocker: each night may block anyone's night move (civilian statuses, "
        "the other clan, executors, hunters; the maniac cannot be blocked). Not the same "
        "player two nights running. Any clan member may be the executor.",
        CLAN_WIN,
        abilities=(
            Ability(
                "block",
                "Block",
                "The player's night moves do not happen.",
                stage="thief",
                refuse_target=common.not_twice_running("block"),
            ),
            EXECUTOR,
        ),
        traits=MAFIA_TRAITS,
        card_ru="Вор: блокирует ночные действия любого игрока (статусных мирных, вражеских "
        "мафов, исполнителей, охотников; маньяк не блокируется). Не две ночи подряд одного.",
    ),
    Role(
        "advocate",
        "Advocate",
        MAFIA,
        "Each night checks a player: civilians and the other clan in full (the ninja "
        "too), the maniac as a civilian. A killed advocate gets no result.",
        CLAN_WIN,
        abilities=(
            Ability(
                "check",
                "Check",
                "Learn a player's role (the maniac shows civilian); result at dawn.",
                stage="advocate",
                targets=TargetRule(teammates_allowed=False),
                resolve=ru_19.status_check,
            ),
            EXECUTOR,
        ),
        traits=MAFIA_TRAITS,
        card_ru="Адвокат: проверяет игроков; видит полный статус мирных и мафов другого "
        "клана, маньяка — мирным. Убитый адвокат результата не получает.",
    ),
    Role(
        "ninja",
        "Ninja",
        MAFIA,
        "While other mafia live, shows as a civilian to the commissar, at a lynch and at a "
        "night death (the other clan's advocate sees him). Three vests: protects himself "
        "or a clan-mate from being killed for a night, each member once a game; a member "
        "who dies unprotected burns his vest.",
        CLAN_WIN,
        abilities=(
            Ability(
                "vest",
                "Vest",
                "Protect yourself or a clan-mate from being killed tonight (once per member).",
                stage="ninja",
                targets=ANYONE,
                resolve=give_vest,
                usable=_vest_usable,
                eligible=_vest_eligible,
                visits=False,
            ),
            EXECUTOR,
        ),
        traits={**MAFIA_TRAITS, "disguised_while_mates": True},
        card_ru="Ниндзя: пока живы другие мафы, при проверке комиссара, казни и ночной смерти "
        "объявляется мирным (вражеский адвокат видит его). Три бронежилета: себе или "
        "подельнику, каждому один раз за игру; погибший без защиты сжигает свой.",
    ),
    Role(
        "maniac",
        "Maniac",
        MANIAC,
        "Kills a player every night and cannot refuse; cannot be blocked; once a game his "
        "instinct saves him from being killed (it works by itself). A courtesan who visits "
        "him dies.",
        "The maniac wins when he is alive with at most one other player.",
        abilities=(
            Ability(
                "kill",
                "Kill",
                "Kill a player (step 5: before the executors and the hunt).",
                stage="maniac",
                resolve=hooks.kill("maniac"),
                blockable=False,
            ),
        ),
        traits={"side": MANIAC, "kills_courtesan": True, "memory": {"instinct": 1}},
        card_ru="Маньяк: каждую ночь убивает, отказаться не может, не блокируется. Один раз "
        "за игру чутьё спасает его от убийства. Путана, пришедшая к нему, погибает.",
    ),
]

DOCUMENTATION = """
Source: 003_d239a94a8cc52329.txt, "Двухклановка +мирная охота+ маньяк" (digest:
russian-digest.md). Night order: 1 thief, 2 courtesan, 3 ninja, 4 bodyguard,
5 maniac, 6 executors, 7 hunter, 8 advocate, 9 commissar (the document's list ends
at 8; the digest places the commissar's result last). Kills land at the end of
their step (5, 6, 7): a player killed earlier makes no later move.
GM decisions where the document is silent or contradicts itself:
- Each clan's executor is the member who sends `kill`; when several send one, the
  last sent stands (ru_common's rule). A member may make his own status move and be
  the executor the same night.
- The two thieves block at the same time: a thief blocked by the other still blocks.
  The thief's list names the maniac, but the maniac 'cannot be blocked': that wins.
- The commissar's check protects from the start of the night (unless his move is
  blocked), even if he is killed that night; an executor of that night is not
  protected ('Реанимация не работает на исполнителей'). His result comes at step 9;
  a killed commissar gets none. The ninja is 'civilian' to him while another mafia
  member (either clan) is alive.
- Protections (courtesan's client, bodyguard's charge, ninja's vest, revival) save
  from every attack of the night. The bodyguard kills one executor who shot his
  charge (by lot between two) and never dies himself; maniac and hunters are not
  killed but their victims survive. A failed hunt is an attack on the hunter like
  any other: a protected hunter (client, charge, revived) survives it.
- A ninja's vest is used up when given, whether or not an attack comes; it may be
  given to himself or a living clan-mate never vested before.
- The maniac 'Имеет высший приоритет': read as his kill standing against every
  block; he acts at step 5 of the document's order. His kill and the executors'
  shots are mandatory, but a missing move is no move (the host may modkill).
- The maniac's instinct works by itself the first night someone would kill him, and
  saves him for that whole night. It does not stop a lynch.
- Hunts: by day application as in ru_19 (apply / withdraw until the day ends: the
  site closes applications 30 minutes before the day ends; one drawn, told
  `hunt_approved`); the hunt judges the true status (the ninja is mafia).
  There is no 'hunt did not happen' rule here: protections simply save the target.
- Day vote: plurality; on a tie the hangman chooses (an advance choice naming an
  untied player is not used); if he is dead or sends no usable choice, the tied
  player who first reached the count (replaying the votes in order) is executed.
- Announcements: each elimination is announced as a `reveal` event (option
  `reveal`: light = the role, half_light = the team); the ninja is announced as a
  civilian while other mafia live. The core's public death list shows no role
  (the ninja would leak).
- Wins: the town when both clans and the maniac are gone; a clan when the other
  clan and the maniac are gone and the civilians are no more than its members; the
  maniac when he is alive with at most one other player. Nobody left: nobody wins.
- Clans not fixed by the scenario (`clan`) are drawn so each clan gets one thief,
  one advocate and one ninja.
- Posthumous notes as in the 19-player setup: every player may prepare one, shown
  with his death, except the reviving commissar ("no posthumous note"). No private
  messages between players.
"""

NIGHT_ORDER = (
    "executors_named",
    "thief",
    "courtesan",
    "ninja",
    "bodyguard",
    "maniac",
    "maniac_kill_lands",
    "clan_1_kill",
    "clan_2_kill",
    "executors_shots_land",
    "hunt",
    "hunt_lands",
    "advocate",
    "commissar",
    "dawn",
)

PRESET_20 = (
    ("thief", "advocate", "ninja") * 2
    + ("reviving_commissar", "courtesan", "bodyguard", "hangman")
    + ("civilian",) * 9
    + ("maniac",)
)

# The setup builder's categories (docs/setup.md) by status; every special status is
# one player ("один комиссар"), as the document's setups deal them.
CATEGORIES = status_categories(
    {r.id: r for r in ROLES}, plain=("civilian", "thief"), killing=("maniac",)
)


RULESET = register(
    Ruleset(
        id="ru_two_clans",
        title="Russian forum Mafia: two clans + free hunt + maniac",
        source="003_d239a94a8cc52329.txt, 'Двухклановка +мирная охота+ маньяк'",
        roles={r.id: r for r in ROLES},
        categories=CATEGORIES,
        unique_roles=frozenset(
            {"reviving_commissar", "courtesan", "bodyguard", "hangman", "maniac"}
        ),
        role_limits={"advocate": 2, "ninja": 2},  # one per clan
        night_order=NIGHT_ORDER,
        day_order=("applications", "vote", "hunt_draw", "announce"),
        inner_stages={"clan_1_kill": ("executors",)},
        procedures={
            "executors_named": ru_19.executors_named("executors", CLAN_FACTIONS),
            "thief": thieves_block,
            "maniac_kill_lands": ru_19.land_attacks,
            "clan_1_kill": common.team_kill(common.EXECUTOR, clan_faction(1), "executors"),
            "clan_2_kill": common.team_kill(common.EXECUTOR, clan_faction(2), "executors"),
            "executors_shots_land": ru_19.land_attacks,
            "hunt_lands": ru_19.land_attacks,
            "dawn": dawn,
            "vote": ru_19.hangman_vote(on_silence="first_reached"),
            "hunt_draw": ru_19.draw_hunter,
            "announce": announce_deaths,
        },
        win_check=ru_19.win_check,
        options=(
            Option(
                "reveal",
                common.LIGHT,
                "What an elimination announces: the role (light) or the team (half_light); "
                "the ninja shows civilian while other mafia live.",
                (common.LIGHT, common.HALF_LIGHT),
            ),
        ),
        presets={"20": Preset("20", "The document's 20-player setup", PRESET_20)},
        documentation=DOCUMENTATION,
        death_notes="prepared",
        factions={
            TOWN: "Civilians",
            clan_faction(1): "Clan 1",
            clan_faction(2): "Clan 2",
            MANIAC: "Maniac",
        },
        informed_factions=(clan_faction(1), clan_faction(2)),
        setup=setup,
        describe=ru_19.describe,
        reveal=lambda state: "none",
        headline=common.headline,
    )
)
