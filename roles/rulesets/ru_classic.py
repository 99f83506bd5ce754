"""ru_classic: the classic ("Piter") Russian forum rules of 003_d239a94a8cc52329.txt.

Twelve players (eleven at least): civilians with one commissar and one doctor;
the mafia of two plain members and the advocate. A team night kill, the doctor's
"never the same player two nights running", mandatory votes (a silent player is
modkilled), the "fast" early close from day 2, and a light or half-light reveal.
"""

from __future__ import annotations

from .. import abilities as hooks
from ..activity import Activity
from ..day import leaders, tally
from ..model import GameState
from ..night import PhaseContext
from ..ruleset import Ability, Option, Preset, Role, Ruleset, TargetRule, register
from ..setup.categories import status_categories
from . import ru_common as ru

SOURCE = "003_d239a94a8cc52329.txt, classic (Piter) rules; digest: russian-digest.md"

TOWN_WIN = "The town wins when every mafia member (the advocate included) is eliminated."
MAFIA_WIN = (
    "The mafia wins when the civilians are no more than the mafia (equal or fewer) "
    "('чтобы их количество не превышало мафию (т.е было равно или меньше)')."
)
TOWN_WIN_RU = "Мирные побеждают, когда посажены все члены мафии (включая адвоката)."
MAFIA_WIN_RU = "Мафия побеждает, когда мирных осталось столько же, сколько мафии, или меньше."

KILL = ru.kill_ability(
    "The mafia's one victim of the night: every member may name a civilian; the name "
    "given most often is shot (a tie between names is drawn by lot). Optional.",
)
COMMISSAR_CHECK = ru.check_ability(
    "Check",
    "Check any other player's status at night: you learn 'mafia' or 'civilian' (the "
    "advocate is mafia).",
    ru.answer_team,
)
ADVOCATE_CHECK = ru.check_ability(
    "Check",
    "Check the status of a civilian at night: you learn the full role (civilian, "
    "commissar or doctor).",
    ru.answer_role,
    targets=TargetRule(teammates_allowed=False),
    default=True,
)
HEAL = Ability(
    "heal",
    "Heal",
    "Heal any player at night, yourself included, preventing the mafia's shot; never "
    "the same player two nights in a row.",
    stage="heal",
    resolve=hooks.heal,
    targets=TargetRule(self_allowed=True),
    refuse_target=ru.not_twice_running("heal", "the same player"),
)

ROLES = [
    Role(
        "civilian",
        "Civilian",
        ru.TOWN,
        "A civilian: no night move; find the mafia and vote it out. Every day you must vote.",
        TOWN_WIN,
        card_ru=(
            "Мирный житель (мирные). Ночного хода нет: днём ищите мафию и голосуйте. "
            "Голосовать обязательно каждый день, иначе модкилл. " + TOWN_WIN_RU
        ),
    ),
    Role(
        "commissar",
        "Commissar",
        ru.TOWN,
        "A civilian who checks one player's status every night.",
        TOWN_WIN,
        abilities=(COMMISSAR_CHECK,),
        card_ru=(
            "Комиссар (мирные). Днём ведёт себя как обычный мирный, ночью может проверять "
            "статус любого игрока: ответ «мафия» или «мирный». " + TOWN_WIN_RU
        ),
    ),
    Role(
        "doctor",
        "Doctor",
        ru.TOWN,
        "A civilian who heals one player every night.",
        TOWN_WIN,
        abilities=(HEAL,),
        card_ru=(
            "Доктор (мирные). Ночью может вылечить (предотвратить выстрел мафии) любого "
            "игрока, в том числе себя; не может две ночи подряд лечить одного и того же "
            "игрока. " + TOWN_WIN_RU
        ),
    ),
    Role(
        "mafia",
        "Mafia",
        ru.MAFIA,
        "A plain member of the mafia: you know your team and choose the night victim.",
        MAFIA_WIN,
        abilities=(KILL,),
        card_ru=(
            "Мафия (простой член мафии). Вы знаете свою команду и вместе выбираете ночную "
            "жертву. " + MAFIA_WIN_RU
        ),
    ),
    Role(
        "advocate",
        "Advocate",
        ru.MAFIA,
        "The mafia's checker: you take part in the kill and check a civilian each night.",
        MAFIA_WIN,
        abilities=(KILL, ADVOCATE_CHECK),
        notes=("When you are eliminated your power does not pass to another member.",),
        card_ru=(
            "Адвокат (мафия). Ночью может проверять статус любого мирного игрока (полный "
            "статус) и участвует в выборе жертвы. При посадке адвоката его способности не "
            "передаются другим членам. " + MAFIA_WIN_RU
        ),
    ),
]


# -- night -------------------------------------------------------------------------------


def morning(ctx: PhaseContext) -> None:
    """'При выбывании игрока раскрывается его полный статус' (light) or the team."""
    ru.reveal_events(ctx, ctx.option("reveal"))


# -- day ---------------------------------------------------------------------------------


def vote(ctx: PhaseContext) -> None:
    """Plurality lynch; a tie by the `tie` option; every silent player is modkilled."""
    ru.refuse_extra_rounds(ctx)
    ballots = ru.day_ballots(ctx)
    counts = tally(ctx, ru.counted_ballots(ctx, ballots))
    ctx.record["tally"] = counts
    top = leaders(counts)
    if len(top) > 1:
        chosen = ru.settle_tie(ctx, top, ctx.option("tie"))
        top = [chosen] if chosen else []
    ru.eliminate(ctx, top)
    ru.modkill_non_voters(ctx, ballots)
    ru.reveal_events(ctx, ctx.option("reveal"))


# -- the end -----------------------------------------------------------------------------


def win_check(state: GameState, ctx: PhaseContext) -> None:
    if ru.town_wins(state):
        ru.declare_winners(state, [ru.TOWN])
    elif ru.mafia_parity(state):
        ru.declare_winners(state, [ru.MAFIA])


DOCUMENTATION = """
- The commissar's check answers the team: 'mafia' (the advocate included) or 'civilian'.
  The advocate's check answers the full role (he looks for the commissar and the doctor);
  he may not check a mafia member ('статус любого мирного игрока'). Neither checks himself.
- The advocate has two night moves: an action of his without an ability name is his check;
  his kill vote is named 'kill'.
- The team kill: every mafia member, the advocate included, may send a kill; the victim
  is the player named most often, a tie between names is drawn by lot (seeded). No kill
  sent: no victim. The mafia may not shoot a mafia member (the common part: 'мафия может
  убивать одного мирного'; only the sport rules allow a self-shot).
- Checks are resolved before the shot lands: a commissar or advocate killed that night
  still receives the result of his check.
- The doctor's 'две ночи подряд' counts nights: a night without a heal (or any other
  target) lets him heal the same player again. He may heal himself, but not two nights
  in a row either.
- Mandatory votes: every living player has a ballot at the close (a withdrawn vote counts
  as no vote); each silent player is modkilled (cause 'modkill'), after the lynch is
  counted from the ballots given. The lynched player himself is just lynched: the one
  voted for need not vote ('кроме голосуемого'). There is no pass vote. A vote for
  oneself is allowed (the document does not forbid it).
- A tie: the document is cut off ('Ничья на голосовании разрешатеся ведущим с помощью ').
  Option tie: 'gm' (default) - the host decides, given as the day action
  {"actor": "GM", "ability": "decide_tie", "targets": [one tied player]}; a tied day
  without it is invalid input; 'no_lynch' - nobody is eliminated; 'random' - one of the
  tied players is drawn by lot.
- Reveal (option reveal): 'light' shows every eliminated player's role, 'half_light' only
  the team ('mafia' / 'civilian'), by day and by night (public events 'reveal'). The
  morning post after a successful heal just says there are no victims.
- "Fast" (from day 2): the host may close the day early when every living player except
  the candidate has voted for that candidate and marked the vote fast (Ruleset.fast_close).
- Mandatory votes are the option no_vote_modkill (on by default, the document's rule);
  off, a silent player just has no ballot.
- The ten-posts rule: the ruleset's activity defaults (10 game posts in each of the first
  three days); the site counts the posts, the engine decides (roles/activity.py): a
  warning the first time, a modkill when repeated (the rulings under 'Activity').
  Late votes and masks are the host's moderation, not engine rules.
- Modkills by the host (the ten-posts rule, private messages, masks) are GM actions
  {"actor": "GM", "ability": "modkill", "targets": [names]} in a day or a night: the player
  dies at once (cause 'modkill'), his moves and his ballot of that phase are void, and the
  day's lynch is counted from the other ballots.
- Private results: only the checks ('В личку статусам (адвокату мафии и комиссару) ведущий
  высылает результаты ночных проверок'); nobody is told of a heal or an attack.
- The clock is the site's: the day lasts to the agreed hour (late votes are not counted:
  'Голоса, присланные позже оговоренного времени не принимаются'), a night at most 45
  minutes ('Длительность - не более 45 мин').
"""

# The setup builder's categories (docs/setup.md) by status; every special status is
# one player ("один комиссар"), as the document's setups deal them.
CATEGORIES = status_categories({r.id: r for r in ROLES}, plain=("civilian", "mafia"), killing=())


RULESET = register(
    Ruleset(
        id="ru_classic",
        title="Russian forum Mafia: classic (Piter) rules",
        source=SOURCE,
        roles={role.id: role for role in ROLES},
        categories=CATEGORIES,
        unique_roles=frozenset({"commissar", "doctor", "advocate"}),
        night_order=(
            "gm_modkill",
            "heal",
            "mafia_kill",
            "check",
            "settle",
            "morning",
            "remember",
            "private",
        ),
        day_order=(
            "gm_modkill",
            "vote",
        ),
        procedures={
            "gm_modkill": ru.gm_modkills,
            "mafia_kill": ru.team_kill(ru.PLURALITY),
            "settle": hooks.settle_attacks,
            "morning": morning,
            "remember": ru.remember_targets,
            "private": ru.only_results("check"),
            "vote": vote,
        },
        win_check=win_check,
        options=(
            Option(
                "reveal",
                ru.LIGHT,
                "what an eliminated player's card shows: light = the full role, "
                "half_light = the team only",
                (ru.LIGHT, ru.HALF_LIGHT),
            ),
            Option(
                "tie",
                ru.TIE_GM,
                "a tied vote: gm = the host decides (day action of 'GM': decide_tie), "
                "no_lynch = nobody goes, random = one tied player drawn by lot",
                ru.TIE_RULES,
            ),
            ru.no_vote_modkill_option(),
        ),
        presets={
            "classic_12": Preset(
                "classic_12",
                "Classic, 12 players: commissar, doctor, 7 civilians; 2 mafia and the advocate",
                ("commissar", "doctor", *["civilian"] * 7, "mafia", "mafia", "advocate"),
            ),
            "classic_11": Preset(
                "classic_11",
                "Classic, 11 players (the minimum): commissar, doctor, 6 civilians; "
                "2 mafia and the advocate",
                ("commissar", "doctor", *["civilian"] * 6, "mafia", "mafia", "advocate"),
            ),
        },
        documentation=DOCUMENTATION,
        factions={ru.TOWN: "Civilians", ru.MAFIA: "Mafia"},
        informed_factions=(ru.MAFIA,),
        vote_check=ru.vote_rule(allow_pass=False),
        headline=ru.headline,
        reveal=ru.reveal_by_option("reveal"),
        gm_decisions=("decide_tie", ru.MODKILL),
        fast_close=ru.fast_close_from(2),
        # 'Игроки обязаны написать не менее 10 игровых постов в первые три дня ...
        # Отсуствие 10 игровых постов карается предупреждением на первый день и
        # модкиллом/авткиллом при повторении инактивной игры.
        activity=Activity(min_posts=10, post_days=3),
    )
)
