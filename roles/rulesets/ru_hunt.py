"""ru_hunt: "Мирная охота" (the peaceful hunt) of 003_d239a94a8cc52329.txt.

12 to 17 players: civilians with a doctor, three to five mafia with a nightly
executor, an optional maniac, and no commissar. Any civilian may send a night
hunt naming a player and a status; one request is drawn by lot and resolved
first, unstoppable. Causes of night deaths are announced; a day elimination
shows the exact role; a tie or a modkill at the vote eliminates nobody.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import abilities as hooks
from ..day import leaders, tally
from ..errors import IllegalAction, Reason
from ..model import GameState, Player
from ..night import PhaseContext
from ..ruleset import Ability, Preset, Role, Ruleset, TargetRule, register
from ..setup.categories import status_categories
from . import ru_common as ru

SOURCE = "003_d239a94a8cc52329.txt, 'Мирная охота' (peaceful hunt); digest: russian-digest.md"

TOWN_WIN = "The civilians win when every mafia member and the maniac are eliminated."
MAFIA_WIN = (
    "The mafia wins when the maniac is gone and the civilians are no more than the mafia "
    "('до явного численного преимущества мафии')."
)
MANIAC_WIN = "You win alone when at most one other player is left alive."
TOWN_WIN_RU = "Мирные побеждают, когда выбыли вся мафия и Маньяк."
MAFIA_WIN_RU = "Мафия побеждает, когда Маньяка нет, а мирных не больше, чем мафии."
MANIAC_WIN_RU = "Маньяк побеждает один, когда кроме него в живых остался не больше чем один игрок."

HUNT = ru.hunt_ability(
    "The free hunt: in a night after a day, name a player and his status, 'mafia' or "
    "'maniac'. If several civilians hunt, one request is drawn by lot and nobody is told "
    "whose. Nothing stops it, healing neither the hunter nor the target. Right: the target "
    "dies; wrong (a civilian, or the wrong status): you die. Lost while the civilians are "
    "at most two per mafia member or per maniac, or when one civilian is left.",
    usable=ru.hunt_usable_free,
)
HEAL = Ability(
    "heal",
    "Heal",
    "Save one player, yourself included, from the mafia's shot and/or the maniac's; never "
    "from a hunt. If you apply to hunt, you lose the heal that night, even if another "
    "request is drawn.",
    stage="heal",
    resolve=hooks.heal,
    targets=TargetRule(self_allowed=True),
)
KILL = ru.kill_ability(
    "The mafia's optional night shot: the executor, one of you, sends the victim (a "
    "civilian or the maniac). If several members send one, the last sent stands.",
)
MANIAC_KILL = Ability(
    "kill",
    "Kill",
    "Kill any player at night (optional); never the same player two nights in a row, even "
    "one who survived thanks to the doctor.",
    stage="maniac_kill",
    resolve=hooks.kill(ru.CAUSE_MANIAC),
    refuse_target=ru.not_twice_running("kill"),
)

HUNT_RU = (
    "Свободная охота: ночью после игрового дня можно прислать заявку - имя игрока и его "
    "статус (мафия или Маньяк). Из нескольких заявок жребий выбирает одну, чья - не "
    "сообщается. Охоте ничто не мешает. Угадал - цель погибает, не угадал - погибает охотник. "
    "Право охоты теряется при балансе два мирных на одного мафа или Маньяка и когда мирный "
    "остался один."
)

ROLES = [
    Role(
        "civilian",
        "Civilian",
        ru.TOWN,
        "A civilian: no status, but the right of the free hunt.",
        TOWN_WIN,
        abilities=(HUNT,),
        card_ru="Мирный житель. " + HUNT_RU + " " + TOWN_WIN_RU,
    ),
    Role(
        "doctor",
        "Doctor",
        ru.TOWN,
        "The civilians' doctor: you heal one player at night, and you may hunt instead.",
        TOWN_WIN,
        abilities=(HEAL, HUNT),
        traits={"hunt_costs": ("heal",)},
        card_ru=(
            "Доктор (мирные). Спасает игрока от выстрела мафии и/или маньяка, но не от "
            "мирного охотника. Если Доктор выходит на охоту, он лишается права лечить этой "
            "ночью - даже если жребий даст другую заявку. " + HUNT_RU + " " + TOWN_WIN_RU
        ),
    ),
    Role(
        "mafia",
        "Mafia",
        ru.MAFIA,
        "A member of the mafia: you may talk privately with your team; each night the team "
        "may choose an executor and a victim.",
        MAFIA_WIN,
        abilities=(KILL,),
        card_ru=(
            "Мафия. Ночью мафы избирают из своей команды исполнителя, который наносит удар. "
            "Ночной ход не обязателен: ведущему присылаются имя жертвы и имя исполнителя. "
            + MAFIA_WIN_RU
        ),
    ),
    Role(
        "maniac",
        "Maniac",
        ru.MANIAC,
        "A lone killer in no team.",
        MANIAC_WIN,
        abilities=(MANIAC_KILL,),
        card_ru=(
            "Маньяк (одиночка). Ночью может убить любого игрока (ход не обязателен); не может "
            "дважды подряд называть одного и того же игрока. " + MANIAC_WIN_RU
        ),
    ),
]


# -- night -------------------------------------------------------------------------------


def morning(ctx: PhaseContext) -> None:
    """'обязательно указывается причина смерти (жертва мафии, жертва маньяка, жертва
    удачной/неудачной охоты...)' - the hunter's target is never named."""
    ru.cause_events(ctx)


# -- day ---------------------------------------------------------------------------------


# The host's rulings on the vote thread, as GM actions of the day naming the voters.
REJECT_VOTE = "reject_vote"  # 'голос не будет принят': voted, but not accepted
URGED = "urged"  # 'призывает голосовать против кого-то': the vote counts against him


def _ruled_voters(ctx: PhaseContext, decision: str) -> list[str]:
    names: list[str] = []
    for action in ru.gm_actions(ctx, decision):
        for target in action.get("targets") or []:
            if not isinstance(target, str) or not ctx.state.has_player(target):
                unknown = Reason("refusal.unknown_player", player=target)
                raise IllegalAction(Reason("refusal.by", actor=ru.GM, reason=unknown))
            if not ctx.player(target).alive:
                dead = Reason("refusal.dead", player=target)
                raise IllegalAction(Reason("refusal.by", actor=ru.GM, reason=dead))
            if target not in names:
                names.append(target)
    return names


def vote_thread_rulings(ctx: PhaseContext, ballots: dict[str, str]) -> tuple[set[str], list[str]]:
    """003: 'В случае, если в теме для голосования, в сообщении содержится что-либо, кроме
    ника игрока – голос не будет принят. Если в теме для голосования игрок призывает
    голосовать против кого-то – его голос засчитывается против себя.' The digest: 'repeating
    it is a modkill'. Rewrites `ballots` in place; returns the voters whose vote was not
    accepted (they voted: no no-show modkill) and those modkilled for urging again."""
    rejected = set(_ruled_voters(ctx, REJECT_VOTE))
    urged = _ruled_voters(ctx, URGED)
    if rejected & set(urged):
        both = ", ".join(sorted(rejected & set(urged)))
        both_rulings = Reason("refusal.rejected_and_urged", players=both)
        raise IllegalAction(Reason("refusal.by", actor=ru.GM, reason=both_rulings))
    for voter in rejected:
        ballots.pop(voter, None)
    again = []
    for voter in urged:
        memory = ctx.player(voter).memory
        memory["urged"] = memory.get("urged", 0) + 1
        if memory["urged"] > 1:
            again.append(voter)
            ballots.pop(voter, None)
        else:
            ballots[voter] = voter
    for voter in again:
        ctx.kill(voter, ru.CAUSE_MODKILL)
    if again:
        ctx.event("modkill", players=again, reason="urged_again")
    if rejected:
        in_seat_order = [p.name for p in ctx.state.players if p.name in rejected]
        ctx.event("vote_not_accepted", players=in_seat_order)
    if urged:
        ctx.event("vote_against_self", players=[v for v in urged if v not in again])
    return rejected, again


def vote(ctx: PhaseContext) -> None:
    """'В случае неявки на голосование – игрока также постигает автокилл. При равенстве
    голосов или в случае автокилла игрока на голосовании – из игры никто не выбывает.'"""
    ru.refuse_extra_rounds(ctx)
    ballots = ru.day_ballots(ctx)
    rejected, urged_again = vote_thread_rulings(ctx, ballots)
    counts = tally(ctx, ru.counted_ballots(ctx, ballots))
    ctx.record["tally"] = counts
    top = leaders(counts)
    silent = ru.modkill_non_voters(ctx, {**ballots, **dict.fromkeys(rejected, "")})
    if silent or urged_again or ctx.flags.get("gm_modkilled"):
        if top:
            ctx.event("no_lynch", reason="modkill", candidates=top)
    elif len(top) == 1:
        ru.eliminate(ctx, top)
    elif top:
        ctx.event("no_lynch", reason="tie", candidates=top)
    ru.reveal_events(ctx, ru.LIGHT)


# -- the end -----------------------------------------------------------------------------


def win_check(state: GameState, ctx: PhaseContext) -> None:
    alive = state.alive()
    maniacs = ru.count_alive(state, ru.MANIAC)
    if maniacs and len(alive) - maniacs <= 1:
        ru.declare_winners(state, [ru.MANIAC])
    elif ru.town_wins(state, (ru.MAFIA, ru.MANIAC)):
        ru.declare_winners(state, [ru.TOWN])
    elif not maniacs and ru.mafia_parity(state):
        ru.declare_winners(state, [ru.MAFIA])


def reveal(state: GameState) -> str:
    """Night deaths show their cause only; a day elimination's role is a 'reveal' event."""
    return "none"


def reveal_of(state: GameState, player: Player) -> str:
    """'При выбывании на дневном голосовнаии – объявляются точные статусы': the role of a
    player who left by day; a night death shows only its announced cause."""
    death = player.death or {}
    return "role" if death.get("phase") == "day" else "none"


# -- setups ------------------------------------------------------------------------------

# 'Распределение статусов, при определенном количестве человек.'
SETUPS: dict[tuple[int, int], tuple[tuple[int, bool], ...]] = {
    (12, 13): ((3, True), (3, False)),
    (14, 15): ((3, True), (4, False)),
    (16, 17): ((4, True), (5, False)),
}


def setup_problems(role_ids: Iterable[str]) -> list[str]:
    """Every way a role list breaks the document's table of setups (empty: it fits).

    '12-13 игроков – 3 мафа, Доктор, Маньяк (последний необязателен); 14-15 игроков –
    3 мафа + Маньяк + Доктор или 4 мафа + Доктор; 16-17 игроков – 4 мафа + Маньяк +
    Доктор или 5 мафов + Доктор. Комиссара и других статусных игроков – нет.'
    """
    roles = list(role_ids)
    problems = []
    unknown = sorted({r for r in roles if r not in ("civilian", "doctor", "mafia", "maniac")})
    if unknown:
        problems.append(f"no such role in the peaceful hunt: {', '.join(unknown)}")
    if roles.count("doctor") != 1:
        problems.append(f"one doctor is needed, not {roles.count('doctor')}")
    size = len(roles)
    allowed = next((v for (low, high), v in SETUPS.items() if low <= size <= high), None)
    if allowed is None:
        problems.append(f"the peaceful hunt is for 12 to 17 players, not {size}")
        return problems
    found = (roles.count("mafia"), roles.count("maniac") == 1)
    if roles.count("maniac") > 1:
        problems.append("at most one maniac")
    if found not in allowed:
        options = " or ".join(f"{m} mafia{' + maniac' if k else ''}" for m, k in allowed)
        problems.append(f"{size} players take {options} (+ doctor)")
    return problems


def _preset(size: int, mafia: int, maniac: bool) -> Preset:
    specials = ["doctor", *["mafia"] * mafia, *(["maniac"] if maniac else [])]
    civilians = size - len(specials)
    title = (
        f"Peaceful hunt, {size} players: {mafia} mafia, doctor"
        f"{', maniac' if maniac else ''}, {civilians} civilians"
    )
    suffix = "" if maniac else "_no_maniac"
    return Preset(f"hunt_{size}{suffix}", title, (*specials, *["civilian"] * civilians))


PRESETS = {
    preset.id: preset
    for (low, high), variants in SETUPS.items()
    for size in range(low, high + 1)
    for mafia, maniac in variants
    for preset in [_preset(size, mafia, maniac)]
}


DOCUMENTATION = """
- Who may hunt: every civilian, the doctor included (not the mafia, not the maniac); a
  hunt is always named ('ability': 'hunt') with 'guess' 'mafia' or 'maniac'. It is sent
  in a night that follows a day ('по окончании игрового дня'): a game opening by night
  has no hunt on night 1.
- The lot: one request among all sent is drawn (seeded); the record keeps the draw for
  the GM ('hunt'), nobody else is told. The hunt is resolved first; its deaths are
  unpreventable (cause 'hunt' for the target, 'failed_hunt' for the hunter). A player
  killed by the hunt does not act later that night: a dead executor shoots nobody, a
  dead maniac kills nobody. A hunter who fails still dies if he is the doctor; every
  applying doctor loses the heal of that night, drawn or not.
- The right to hunt ('при балансе – два мирных на одного мафа или Маньяка'; 'если
  остался один') is read at the start of each night: no hunt while the living civilians
  (doctor included) are at most twice the living mafia, or at most twice the living
  maniacs (two civilians with the maniac), or only one civilian lives. It comes back if
  the balance improves (the document speaks of a balance, not of a permanent loss).
- The night follows the document's order ('Порядок учета ходов: 1. Мирная охота.
  2. Доктор. 3. Мафия. 4. Маньяк.') step by step: the doctor's heal covers the later
  shots; a maniac shot by the mafia at step 3 does not kill at step 4, while the maniac's
  kill of the executor comes too late to stop the mafia's shot; a shot at a player who
  died at an earlier step is wasted (he dies of the first cause only).
- The mafia kill is optional and sent by one executor: when several members send a kill,
  the last one sent stands and its sender is the executor. The mafia may not name a mafia
  member. The maniac's kill is optional; 'не может дважды подряд называть имя одного и
  того же игрока' counts nights: after a night off he may name the same player again.
- The doctor may heal himself; the document sets no 'two nights in a row' limit for this
  doctor, so none is applied. One heal saves from the mafia and the maniac together.
- The morning announces each night death with its cause (public 'death_cause' events:
  'mafia', 'maniac', 'successful_hunt', 'failed_hunt'), never the hunter's target nor a
  role. A day elimination shows the exact role (public 'reveal' event), the modkilled
  too.
- Votes are mandatory: a living player without a ballot at the close is modkilled and,
  if anybody is modkilled at the vote, nobody else leaves that day; a tie eliminates
  nobody. The option no_vote_modkill (on by default) is that rule; off, a silent player
  just has no ballot, and the day's lynch stands unless the host modkilled someone. A
  vote for oneself is allowed.
- The vote thread (003: a post with anything but the nickname 'не будет принят'; urging
  others 'засчитывается против себя'; the digest: repeating it is a modkill) is read by
  the host, who gives his rulings as GM day actions naming the voters: {"actor": "GM",
  "ability": "reject_vote", "targets": [...]}: the vote is not counted, but the player
  voted, so it is no no-show and no modkill; {"actor": "GM", "ability": "urged",
  "targets": [...]}: his vote counts against himself (a ballot for himself, whatever he
  voted, also if he cast none). A second 'urged' in the same game is the modkill
  (public 'modkill' event, reason 'urged_again'), a modkill at the vote, so nobody else
  leaves that day. Public events 'vote_not_accepted' and 'vote_against_self' name them.
- The end: the civilians win when no mafia member and no maniac lives; the maniac wins
  when at most one other player lives; the mafia wins when the maniac is dead and the
  living civilians are no more than the living mafia ('явное численное преимущество').
- Setups (presets and setup_problems): 12-13 players: 3 mafia, doctor, maniac optional;
  14-15: 3 mafia + maniac + doctor, or 4 mafia + doctor; 16-17: 4 mafia + maniac +
  doctor, or 5 mafia + doctor. A scenario may use fewer players.
- Modkills by the host (private messages, urging votes twice) are GM actions {"actor":
  "GM", "ability": "modkill", "targets": [names]}: the player dies at once, his moves and
  ballot are void; a host modkill during a day counts as a modkill at the vote, so nobody
  else leaves that day.
- Private results: none at night (no heal or attack notices, no word to the hunters: 'О
  том, чья заявка выиграла – никому не сообщается').
"""

# The setup builder's categories (docs/setup.md) by status; every special status is
# one player ("один комиссар"), as the document's setups deal them.
CATEGORIES = status_categories(
    {r.id: r for r in ROLES}, plain=("civilian", "mafia"), killing=("maniac",)
)


RULESET = register(
    Ruleset(
        id="ru_hunt",
        title="Russian forum Mafia: the peaceful hunt (Мирная охота)",
        source=SOURCE,
        roles={role.id: role for role in ROLES},
        categories=CATEGORIES,
        unique_roles=frozenset({"doctor", "maniac"}),
        night_order=(
            "gm_modkill",
            "hunt",
            "heal",
            "mafia_kill",
            "mafia_shot",
            "maniac_kill",
            "maniac_shot",
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
            "hunt": ru.free_hunt("hunt"),
            "mafia_kill": ru.team_kill(ru.EXECUTOR),
            "mafia_shot": ru.settle_now,
            "maniac_shot": ru.settle_now,
            "morning": morning,
            "remember": ru.remember_targets,
            "private": ru.only_results("check"),
            "vote": vote,
        },
        win_check=win_check,
        presets=PRESETS,
        documentation=DOCUMENTATION,
        factions={ru.TOWN: "Civilians", ru.MAFIA: "Mafia", ru.MANIAC: "Maniac (alone)"},
        informed_factions=(ru.MAFIA,),
        vote_check=ru.vote_rule(allow_pass=False),
        headline=ru.headline,
        gm_decisions=(ru.MODKILL, REJECT_VOTE, URGED),
        vote_rulings=(
            (REJECT_VOTE, "vote not accepted (the post held more than the nickname)"),
            (URGED, "urged others to vote: the vote counts against them"),
        ),
        reveal=reveal,
        reveal_of=reveal_of,
        options=(ru.no_vote_modkill_option(),),
    )
)
