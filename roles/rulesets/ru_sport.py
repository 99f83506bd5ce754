"""ru_sport: the sport ("Moscow") Russian forum rules of 003_d239a94a8cc52329.txt.

Ten players: seven civilians with the commissar, three mafia with the don. A dark
game (only names are announced), the don's succession, a unanimous mafia kill
(self-shots allowed), pass votes with the day-1 pardon, one vote change, and the
"catastrophe" on a tie.
"""

from __future__ import annotations

from .. import abilities as hooks
from ..day import leaders, tally
from ..model import GameState
from ..night import PhaseContext
from ..ruleset import Option, Preset, Role, Ruleset, TargetRule, register
from ..setup.categories import status_categories
from . import ru_common as ru

SOURCE = "003_d239a94a8cc52329.txt, sport (Moscow) rules; digest: russian-digest.md"
DON = "don"

TOWN_WIN = "The town wins when the whole mafia is eliminated ('посажена вся мафия')."
MAFIA_WIN = (
    "The mafia wins when the town has as many players as the mafia, or fewer "
    "('столько же, сколько мафии игроков, или меньше')."
)
TOWN_WIN_RU = "Город побеждает, когда посажена вся мафия."
MAFIA_WIN_RU = (
    "Мафия побеждает, если в городе осталось столько же игроков, сколько мафии, или меньше."
)

KILL = ru.kill_ability(
    "Your vote for the night victim: the victim dies only if every living mafia member "
    "names the same player; one different vote or one missing vote and nobody dies. "
    "A mafia member, yourself included, may be named (a self-shot).",
    teammates_allowed=True,
    self_allowed=True,
)
COMMISSAR_CHECK = ru.check_ability(
    "Check",
    "Check one player every night, looking for the mafia: 'mafia' or 'civilian' (the don "
    "is mafia).",
    ru.answer_team,
)
DON_CHECK = ru.check_ability(
    "Check",
    "Check one civilian every night, looking for the commissar: 'commissar' or 'not_commissar'.",
    ru.answer_is_role("commissar", "commissar", "not_commissar"),
    targets=TargetRule(teammates_allowed=False),
    default=True,
)

ROLES = [
    Role(
        "civilian",
        "Civilian",
        ru.TOWN,
        "A civilian: no night move. Vote, or vote pass.",
        TOWN_WIN,
        card_ru="Мирный житель. Ночного хода нет. Голосуйте или голосуйте «пас». " + TOWN_WIN_RU,
    ),
    Role(
        "commissar",
        "Commissar",
        ru.TOWN,
        "The civilians' checker: every night you check one player's status.",
        TOWN_WIN,
        abilities=(COMMISSAR_CHECK,),
        card_ru=(
            "Комиссар (мирные). Каждую ночь проверяет статус игрока - ищет мафию: ответ "
            "«мафия» или «мирный». " + TOWN_WIN_RU
        ),
    ),
    Role(
        "mafia",
        "Mafia",
        ru.MAFIA,
        "A member of the mafia. The mafia may not talk during the game: signals are agreed "
        "at the 15-minute conference before it. Every night you send your kill vote.",
        MAFIA_WIN,
        abilities=(KILL,),
        notes=("If the don is eliminated, his status may pass to you, as agreed before the game.",),
        card_ru=(
            "Мафия. Общаться в личках нельзя, метки оговариваются на договорке перед игрой. "
            "Каждую ночь высылаете голос за жертву: жертва погибает, только если все голоса "
            "мафии совпадают; самострел разрешён. " + MAFIA_WIN_RU
        ),
    ),
    Role(
        DON,
        "Don",
        ru.MAFIA,
        "The head of the mafia: you vote for the night victim and check a civilian every "
        "night, looking for the commissar.",
        MAFIA_WIN,
        abilities=(KILL, DON_CHECK),
        notes=(
            "When you are eliminated, your status passes to another mafia member, in the "
            "order agreed before the game.",
        ),
        card_ru=(
            "Дон (мафия). Каждую ночь голосует за жертву вместе с мафией и проверяет мирного - "
            "ищет комиссара: ответ «комиссар» или «не комиссар». При посадке или убийстве "
            "статус Дона переходит другому члену мафии по договорённости. " + MAFIA_WIN_RU
        ),
    ),
]


# -- the don's succession ---------------------------------------------------------------


def setup(state: GameState) -> None:
    """Check the agreed succession order: names of mafia members, each once."""
    order = state.options.get("don_successors") or []
    if not isinstance(order, (list, tuple)):
        raise ValueError("option don_successors must be a list of mafia members' names")
    for name in order:
        if not isinstance(name, str) or not state.has_player(name):
            raise ValueError(f"don_successors: unknown player {name!r}")
        if state.player(name).faction != ru.MAFIA:
            raise ValueError(f"don_successors: {name} is not a mafia member")
    if len(set(order)) != len(order):
        raise ValueError("don_successors names a player twice")


def succession(ctx: PhaseContext) -> None:
    """'При посадке/убийстве статус Дон переходит другому члену мафии' - in the agreed
    order (option don_successors), then in seating order."""
    living = [p for p in ctx.state.players if p.faction == ru.MAFIA and ctx.is_alive_now(p.name)]
    if not living or any(p.role == DON for p in living):
        return
    order = list(ctx.option("don_successors") or [])
    rank = {name: i for i, name in enumerate(order)}
    heir = min(living, key=lambda p: (rank.get(p.name, len(order)), p.seat))
    heir.role = DON
    ctx.result(heir.name, "role_change", value=DON)


def dusk(ctx: PhaseContext) -> None:
    """After a phase: the don's succession, then everyone's last words but a modkill's."""
    succession(ctx)
    ru.last_words_events(ctx)


# -- day ---------------------------------------------------------------------------------


def vote(ctx: PhaseContext) -> None:
    """Pass; the day-1 pardon; the catastrophe on a tie (one change: Ruleset.vote_changes)."""
    ballots = ru.counted_ballots(ctx, ru.day_ballots(ctx))
    counts = tally(ctx, ballots)
    ctx.record["tally"] = counts
    top = leaders(counts)
    if not top:
        ru.refuse_extra_rounds(ctx)
        ctx.event("no_lynch", reason="all_pass")
        return
    if ctx.number == 1 and sum(counts.values()) == 1:
        ru.refuse_extra_rounds(ctx)
        ctx.event("pardon", player=top[0], reason="single_vote_on_day_one")
        return
    if len(top) == 1:
        ru.refuse_extra_rounds(ctx)
        ru.eliminate(ctx, top)
        return
    ru.eliminate(ctx, ru.catastrophe(ctx, top, no_catastrophe_at=4, changes=1))


# -- the end -----------------------------------------------------------------------------


def win_check(state: GameState, ctx: PhaseContext) -> None:
    if ru.town_wins(state):
        ru.declare_winners(state, [ru.TOWN])
    elif ru.mafia_parity(state):
        ru.declare_winners(state, [ru.MAFIA])


def reveal(state: GameState) -> str:
    """A dark game: 'не объявляются ни статусы, ни отношение к команде'."""
    return "none"


DOCUMENTATION = """
- The mafia know each other (the pre-game conference) but have no night chat: 'мафии так
  же нельзя общаться между собой в личках' (Ruleset.night_chat_factions is empty).
- Dark game: a dead player's role and team are never announced, only the name (no
  'reveal' events; the public view shows names only until the game ends).
- The commissar's check answers the team ('mafia' for the don too). The don's check
  answers 'commissar' or 'not_commissar'; he may not check a mafia member. The checks
  are resolved before the kill lands, so a checker killed that night still gets his
  result. A missing check is no check (the document says the checks 'должны' be sent
  but names no penalty; the host may modkill by hand).
- The kill: every mafia member alive at nightfall sends a kill vote (the don too, with
  the ability named 'kill'; an unnamed action of the don is his check); the victim dies
  only when all name the same player. A mafia member, oneself included, may be named (a
  self-shot).
- The don's succession happens at once when the don dies (lynch or night) and takes
  effect from the next night: the first living member of the option don_successors
  (the order agreed at the conference), else the first living member in seating order.
  The heir receives a private 'role_change' result; the dead don stays 'don'.
- Votes: a ballot may be changed once ('Переголосовывать можно только 1 раз'): every
  later event of the same voter, a withdrawal (null) included, is a change. 'pass'
  names nobody; a player who casts no ballot counts as a pass. All pass: nobody goes.
  Day 1 only: exactly one named vote against everyone else's pass is pardoned.
- Catastrophe (a tie for the most votes): with 4 living players there is none and
  nobody goes. With an even number of living players, one round of 'execute' /
  'pardon' ballots: more 'execute' than 'pardon' executes all the tied, a split or a
  'pardon' majority pardons all. With an odd number, rounds among the tied only, each
  round narrowing to its leaders, until one leads. Every living player (the tied ones
  included) votes in each round and may change his ballot once per round; a missing
  round, a missing ballot or a ballot outside the choice is invalid input.
- Last words: every dead player, the commissar included, gets a public 'last_words'
  event, except after a modkill.
- "Fast" is allowed on any day ('Фастовать можно'): every living player except the
  candidate has voted for him and marked fast (Ruleset.fast_close).
- Modkills by the host are GM actions {"actor": "GM", "ability": "modkill", "targets":
  [names]} in a day or a night: the player dies at once without last words, his moves and
  his ballot of that phase are void (a modkilled mafia member's kill vote is not awaited).
- Private results: the checks, and the heir's 'role_change' when he becomes the don; nobody
  is told of an attack.
- The clock is the site's: a night lasts at most 45 minutes ('ночь продолжается не более
  45 минут'); the mafia's pre-game conference at most 15.
"""

# The setup builder's categories (docs/setup.md) by status; every special status is
# one player ("один комиссар"), as the document's setups deal them.
CATEGORIES = status_categories({r.id: r for r in ROLES}, plain=("civilian", "mafia"), killing=())


RULESET = register(
    Ruleset(
        id="ru_sport",
        title="Russian forum Mafia: sport (Moscow) rules",
        source=SOURCE,
        roles={role.id: role for role in ROLES},
        categories=CATEGORIES,
        unique_roles=frozenset({"commissar", "don"}),
        night_order=("gm_modkill", "mafia_kill", "check", "settle", "dusk", "remember", "private"),
        day_order=("gm_modkill", "vote", "dusk"),
        procedures={
            "gm_modkill": ru.gm_modkills,
            "mafia_kill": ru.team_kill(ru.UNANIMOUS),
            "settle": hooks.settle_attacks,
            "dusk": dusk,
            "remember": ru.remember_targets,
            "private": ru.only_results("check", "role_change"),
            "vote": vote,
        },
        win_check=win_check,
        options=(
            Option(
                "don_successors",
                [],
                "the order in which mafia members take over the don's status, agreed before "
                "the game (names); empty = seating order",
            ),
        ),
        presets={
            "sport_10": Preset(
                "sport_10",
                "Sport, 10 players: commissar and 6 civilians; the don and 2 mafia",
                ("commissar", *["civilian"] * 6, DON, "mafia", "mafia"),
            ),
        },
        documentation=DOCUMENTATION,
        death_notes="last_words",
        factions={ru.TOWN: "Civilians", ru.MAFIA: "Mafia"},
        informed_factions=(ru.MAFIA,),
        night_chat_factions=(),
        setup=setup,
        vote_check=ru.vote_rule(allow_pass=True),
        headline=ru.headline,
        gm_decisions=(ru.MODKILL,),
        reveal=reveal,
        fast_close=ru.fast_close_from(1),
        vote_changes=1,
    )
)
