"""ru_eleven: "Правила мафии «Одиннадцать»" of 003_d239a94a8cc52329.txt.

Eleven players: eight civilians (doctor, +1 vote, −1 vote, commissar and four
plain civilians) and three mafia (a plain member, the hangman, the advocate).
"Мирные не знают, у кого из них есть статус, и какой именно": every civilian is
told only that he is a civilian, and sends each night the moves he would make
with each status (`"as": ROLE`); only the real holder's move counts. The
commissar's check is announced publicly, hidden among two mafia decoys, and only
when at least three different candidates came from the civilians.
"""

from __future__ import annotations

from typing import Any

from .. import abilities as hooks
from ..errors import IllegalAction, Reason
from ..model import GameState, Player
from ..night import Intent, PhaseContext
from ..ruleset import Ability, Preset, Role, Ruleset, TargetRule, register
from ..setup.categories import status_categories
from . import ru_19
from . import ru_common as common

TOWN, MAFIA = common.TOWN, common.MAFIA
ANYONE = TargetRule(self_allowed=True)
# status role -> its night move
STATUS_MOVES = {"doctor": "heal", "plus_vote": "plus", "minus_vote": "minus", "commissar": "check"}
STATUS_OF_MOVE = {move: status for status, move in STATUS_MOVES.items()}
PENDING_REVEALS = "reveal_next_morning"

# -- conditional moves --------------------------------------------------------------------


def conditional_move(state: GameState, action: dict[str, Any]) -> dict[str, Any]:
    """Name the move an `as` stands for; refuse `as` from the mafia or for a mafia status.

    A civilian's move without `as` is read as his own status's move when he holds
    one (the doctor writing "heal Gil"), or as the status of the move he names.
    """
    actor = action.get("actor")
    if not isinstance(actor, str) or not state.has_player(actor):
        return action
    player = state.player(actor)
    status, move = action.get("as"), action.get("ability")
    if player.faction != TOWN:
        if status is not None:
            raise IllegalAction(Reason("refusal.mafia_conditional"))
        return action
    if status is None:
        if move is None and player.role in STATUS_MOVES:
            move = STATUS_MOVES[player.role]
        if move not in STATUS_OF_MOVE:
            return action
        return {**action, "ability": move, "as": STATUS_OF_MOVE[move]}
    if status not in STATUS_MOVES:
        statuses = ", ".join(STATUS_MOVES)
        raise IllegalAction(Reason("refusal.as_status", statuses=statuses, status=status))
    if move not in (None, STATUS_MOVES[status]):
        want = STATUS_MOVES[status]
        raise IllegalAction(Reason("refusal.as_move", status=status, want=want, move=move))
    return {**action, "ability": STATUS_MOVES[status]}


def holds(ctx: PhaseContext, intent: Intent) -> bool:
    """Is the actor the real holder of the status this move is for?"""
    return ctx.player(intent.actor).role == STATUS_OF_MOVE.get(intent.ability.id)


def not_as_last_time(move: str):
    """'+1 ... кроме того, на которого был ход в прошлый раз': not the target of one's
    previous move of this kind, however many nights ago (a refuse_target)."""

    def refuse(state: GameState, player: Player, target: str) -> str | None:
        if player.memory.get("last_move", {}).get(move) == target:
            return Reason("refusal.move_twice", move=move, target=target)
        return None

    return refuse


# -- night moves ----------------------------------------------------------------------------


def heal(ctx: PhaseContext, intent: Intent) -> None:
    if holds(ctx, intent):
        ctx.protect(intent.actor, intent.target, "heal")


def vote_change(delta: int):
    def resolve(ctx: PhaseContext, intent: Intent) -> None:
        if holds(ctx, intent):
            changes = ctx.flags.setdefault("vote_delta", {})
            changes[intent.target] = changes.get(intent.target, 0) + delta

    return resolve


def commissar_check(ctx: PhaseContext, intent: Intent) -> None:
    """The real commissar's check (a killed commissar gets none: his stage is after the shot)."""
    if holds(ctx, intent):
        ctx.flags["commissar_check"] = intent.target


def decoys(ctx: PhaseContext, intent: Intent) -> None:
    """'Мафия каждую ночь присылает ведущему два имени "подкидышей"' (and a reserve);
    when several members send a note, the last one sent stands."""
    if intent.index >= ctx.flags.get("decoys_index", -1):
        ctx.flags["decoys_index"] = intent.index
        ctx.flags["decoys"] = list(intent.targets)


def candidates(ctx: PhaseContext) -> list[str]:
    """Different names the civilians (the commissar included) sent as commissar moves."""
    names: list[str] = []
    for intent in ctx.intents:
        if intent.ability.id == "check" and ctx.player(intent.actor).faction == TOWN:
            if intent.target not in names:
                names.append(intent.target)
    return names


def announce_check(ctx: PhaseContext) -> None:
    """'Вася, Оля и Петя. Мирный' - the real check among two decoys, alphabetically;
    nothing when fewer than three different candidates came from the civilians."""
    checked = ctx.flags.get("commissar_check")
    if checked is None or len(candidates(ctx)) < 3:
        return
    given = ctx.flags.get("decoys")
    if given:
        first, second, reserve = given
        shown = [reserve if name == checked else name for name in (first, second)]
    else:
        others = sorted((n for n in ctx.alive_at_start if n != checked), key=ctx.seat)
        shown = ctx.rng.sample(others, 2)
    value = common.answer_team(ctx.state, ctx.player(checked))
    ctx.event("check", names=sorted([checked, *shown]), value=value)


def morning(ctx: PhaseContext) -> None:
    """The morning post: the check, then the teams of yesterday's lynched and tonight's dead."""
    announce_check(ctx)
    pending = ctx.state.memory.pop(PENDING_REVEALS, [])
    common.reveal_events(ctx, common.HALF_LIGHT, [*pending, *ctx.deaths])
    for player in ctx.state.players:
        player.memory.pop("vote_weight", None)
    for target, delta in ctx.flags.get("vote_delta", {}).items():
        ctx.player(target).memory["vote_weight"] = max(0, 1 + delta)
    for intent in ctx.intents:
        if intent.ability.id in ("plus", "minus"):
            ctx.player(intent.actor).memory.setdefault("last_move", {})[intent.ability.id] = (
                intent.target
            )
    common.remember_targets(ctx)


# -- the day ----------------------------------------------------------------------------------

_vote = ru_19.hangman_vote(on_silence="nobody")


def day_vote(ctx: PhaseContext) -> None:
    """Plurality with the night's +1/−1 weights; the mafia's hangman decides a tie.

    The lynched player's team is revealed the next morning.
    """
    _vote(ctx)
    ctx.state.memory[PENDING_REVEALS] = list(ctx.record.get("lynched", []))
    for player in ctx.state.players:
        player.memory.pop("vote_weight", None)


# -- the end ---------------------------------------------------------------------------------


def win_check(state: GameState, ctx: PhaseContext) -> None:
    """Classic rules (the 'Eleven' text has none): town when no mafia is left, mafia
    when the civilians are no more than the mafia."""
    if common.town_wins(state):
        common.declare_winners(state, [TOWN])
    elif common.mafia_parity(state):
        common.declare_winners(state, [MAFIA])


# -- roles ------------------------------------------------------------------------------------

TOWN_WIN = "The town wins when every mafia member is eliminated."
MAFIA_WIN = "The mafia wins when the civilians are no more than the mafia."
CONDITIONAL = (
    Ability(
        "heal",
        "If I am the doctor: heal",
        "Counts only if you are the doctor: the player is saved from the mafia's shot. "
        "Not the same player two nights running (as for every civilian's doctor move).",
        stage="doctor",
        targets=ANYONE,
        resolve=heal,
        refuse_target=common.not_twice_running("heal"),
        visits=False,
    ),
    Ability(
        "plus",
        "If I am +1 vote: add a vote",
        "Counts only if you hold +1: the player's vote weighs one more tomorrow. Not the "
        "player of your previous +1 move.",
        stage="vote_modifiers",
        targets=ANYONE,
        resolve=vote_change(+1),
        refuse_target=not_as_last_time("plus"),
        visits=False,
    ),
    Ability(
        "minus",
        "If I am −1 vote: take a vote",
        "Counts only if you hold −1: the player's vote weighs one less tomorrow. Not the "
        "player of your previous −1 move.",
        stage="vote_modifiers",
        targets=ANYONE,
        resolve=vote_change(-1),
        refuse_target=not_as_last_time("minus"),
        visits=False,
    ),
    Ability(
        "check",
        "If I am the commissar: check",
        "Counts only if you are the commissar; every civilian's name is a candidate. With "
        "three different candidates the check is announced in the morning among two decoys.",
        stage="checks",
        resolve=commissar_check,
        visits=False,
    ),
)
CIVILIAN_SUMMARY = (
    "A civilian. You may secretly hold a status (doctor, +1 vote, −1 vote, commissar) "
    "without being told: each night send the move you would make with each status "
    '("as": doctor / plus_vote / minus_vote / commissar); only the real holder\'s counts.'
)
CIVILIAN_RU = (
    "Мирный. Возможно, у вас есть статус (доктор, +1 голос, −1 голос, комиссар), но вам "
    "это неизвестно: каждую ночь присылайте ходы за каждый статус; засчитывается только "
    "ход настоящего владельца."
)
KILL = common.kill_ability(
    "The team's shot (mandatory): the name the mafia sends most often is attacked.",
    stage="mafia_kill",
)
DECOY = Ability(
    "decoy",
    "Decoys",
    "Two names and a reserve, announced with the commissar's check to hide it (the reserve "
    "replaces a decoy who is the checked player).",
    stage="decoys",
    targets=TargetRule(count=3, self_allowed=True),
    resolve=decoys,
    visits=False,
)


def _status(role_id: str, name: str, summary: str, ru: str) -> Role:
    return Role(
        role_id,
        name,
        TOWN,
        summary + " You are not told: your card reads 'Civilian'.",
        TOWN_WIN,
        abilities=CONDITIONAL,
        card_ru=ru + " Игроку статус не сообщается: в карте — «Мирный».",
        shown_as="civilian",
    )


ROLES = [
    Role(
        "civilian",
        "Civilian",
        TOWN,
        CIVILIAN_SUMMARY,
        TOWN_WIN,
        abilities=CONDITIONAL,
        card_ru=CIVILIAN_RU,
    ),
    _status(
        "doctor",
        "Doctor",
        "Your heal saves a player from the mafia's shot; never the same player twice in a "
        "row; the move is mandatory.",
        "Доктор: лечит от выстрела мафии, не лечит одного игрока дважды подряд. Ход обязателен.",
    ),
    _status(
        "plus_vote",
        "+1 vote",
        "Adds one to any player's vote for the next day, not the player of your previous "
        "move; optional.",
        "+1 голос: добавляет голос любому игроку на следующий день, кроме того, на кого был "
        "ход в прошлый раз. Ход необязателен.",
    ),
    _status(
        "minus_vote",
        "−1 vote",
        "Takes a player's vote away for the next day, not the same player twice in a row; "
        "optional.",
        "−1 голос: отнимает голос у игрока на следующий день, не у одного дважды подряд. "
        "Ход необязателен.",
    ),
    _status(
        "commissar",
        "Commissar",
        "Checks anyone (the same player two nights running allowed); the result is "
        "announced with two mafia decoys only if the civilians sent at least three different "
        "candidates; a killed commissar's check is not announced; mandatory.",
        "Комиссар: проверяет любого (можно одного две ночи подряд); проверка озвучивается с "
        "двумя «подкидышами» мафии, только если от мирных пришло не менее трёх разных "
        "кандидатов; проверка убитого комиссара не озвучивается. Ход обязателен.",
    ),
    Role(
        "mafia",
        "Mafia",
        MAFIA,
        "A mafia member: the team's shot is mandatory; each night the team sends two decoy "
        "names and a reserve.",
        MAFIA_WIN,
        abilities=(KILL, DECOY),
        card_ru="Мафия: командный выстрел обязателен; каждую ночь команда присылает два имени "
        "«подкидышей» и запасное.",
    ),
    Role(
        "hangman",
        "Hangman",
        MAFIA,
        "A mafia member who, when the vote ties, may choose which tied player is executed "
        "(optional; without his choice nobody is).",
        MAFIA_WIN,
        abilities=(ru_19.HANG, KILL, DECOY),
        card_ru="Палач (мафия): при равенстве голосов может выбрать, кого из равных казнить "
        "(ход необязателен).",
    ),
    Role(
        "advocate",
        "Advocate",
        MAFIA,
        "A mafia member who checks a civilian's status each night (the full role).",
        MAFIA_WIN,
        abilities=(
            common.check_ability(
                "Check",
                "Learn a civilian's status (role); result at dawn.",
                common.answer_role,
                stage="checks",
                targets=TargetRule(teammates_allowed=False),
            ),
            KILL,
            DECOY,
        ),
        card_ru="Адвокат (мафия): каждую ночь проверяет статус мирного.",
    ),
]

DOCUMENTATION = """
Source: 003_d239a94a8cc52329.txt, "Правила мафии «Одиннадцать»" (digest: russian-digest.md).
Night order (the document gives none): +1/−1 moves, doctor, the mafia's shot, the
shot lands, checks (commissar, advocate: a checker killed tonight gets nothing),
decoys, morning (announcements), private (the results the document sends).
GM decisions where the document is silent:
- Every civilian is told only 'Civilian'. Moves carry `"as"`: doctor, plus_vote,
  minus_vote or commissar (a mafia status, or `as` from the mafia, is refused).
  A holder may write his own move without `as`.
- 'Civilian' is what a status holder reads everywhere while the game goes on: his
  role message, his card, his page, and the refusal of a move ("civilian cannot
  ..."). His death shows only his team, so he stays a Civilian to himself; once the
  game is over every status is open. The host sees the statuses from the deal on.
- So that the form never betrays who holds a status, the "not twice in a row"
  limits bind every civilian's conditional moves (a non-holder's move is ignored
  anyway): doctor moves not on the same player two nights running; +1 and −1 moves
  not on the player of one's previous move of that kind, however long ago.
- +1 and −1 change the vote of the next day only: weight = 1 + (+1) − (−1), never
  below 0. The holder's move counts even if he is killed that night.
- The only private result of a night is the advocate's check. Nobody is told of a
  save (the doctor would learn he holds the status; classic's 'просто указывается,
  что жертв больше нет' stands): the morning says only that there are no victims.
- The commissar gets no private result (he does not know he is the commissar). The
  check is announced (event `check`: three names alphabetically and "mafia" /
  "civilian") when the commissar survives the night and at least three different
  names came from civilians' commissar moves (the commissar's own included). The
  mafia's decoy note is two names and a reserve (the last note sent stands); the
  reserve replaces a decoy who is the checked player; with no note the engine draws
  two decoys at random among the living.
- The mafia's shot is a team decision: the name sent most often (a tie drawn by
  lot). "Mandatory" moves (doctor, commissar, the shot) cannot be forced by the
  engine: a missing move is no move; the host may modkill.
- Day vote: plurality, one change of vote allowed. On a tie the hangman (mafia)
  chooses among the tied (his `hang` may be given in advance; an advance choice
  naming an untied player is not used); without his choice nobody is executed.
- Reveals: the team (civilian / mafia) of the lynched and of the night's dead is
  announced the next morning (`reveal` events with `status`); the public death list
  shows no role.
- Wins (classic rules): the town when no mafia member is alive; the mafia when the
  civilians are no more than the mafia.
"""

PRESET_11 = (
    ("doctor", "plus_vote", "minus_vote", "commissar")
    + ("civilian",) * 4
    + ("mafia", "hangman", "advocate")
)

# The setup builder's categories (docs/setup.md) by status; every special status is
# one player ("один комиссар"), as the document's setups deal them.
CATEGORIES = status_categories({r.id: r for r in ROLES}, plain=("civilian", "mafia"), killing=())


RULESET = register(
    Ruleset(
        id="ru_eleven",
        title="Russian forum Mafia: 'Eleven'",
        source="003_d239a94a8cc52329.txt, 'Правила мафии «Одиннадцать»'",
        roles={r.id: r for r in ROLES},
        categories=CATEGORIES,
        unique_roles=frozenset(
            {"doctor", "plus_vote", "minus_vote", "commissar", "hangman", "advocate"}
        ),
        night_order=(
            "vote_modifiers",
            "doctor",
            "mafia_kill",
            "shot_lands",
            "checks",
            "decoys",
            "morning",
            "private",
        ),
        day_order=("vote",),
        procedures={
            "mafia_kill": common.team_kill(common.PLURALITY),
            "shot_lands": hooks.settle_attacks,
            "morning": morning,
            # 'Мирные не знают, у кого из них есть статус': a "saved" note would tell
            # the doctor who he is; the advocate's check is the only private result.
            "private": common.only_results("check"),
            "vote": day_vote,
        },
        win_check=win_check,
        options=(),
        presets={"11": Preset("11", "The document's 11 players: 8 civilians, 3 mafia", PRESET_11)},
        documentation=DOCUMENTATION,
        factions={TOWN: "Civilians", MAFIA: "Mafia"},
        informed_factions=(MAFIA,),
        vote_check=common.vote_rule(allow_pass=False),
        headline=common.headline,
        reveal=lambda state: "none",
        conditional_actions=conditional_move,
        vote_changes=1,
    )
)
