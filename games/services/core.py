"""The services' shared core: the refusal, the change, the lock, and the small reads
and checks every service starts from.

Every service runs in one transaction that first locks the game row (`lock_game`,
`select_for_update`), checks everything, changes rows, appends to the event log
through its `Change`, and asks for the pushes to be sent after commit
(`Change.finish`). Bad input raises `ServiceError` with a clear message before
anything is written. The rules are the engine's: the services ask `roles` what is
allowed and what happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

import roles
from games import cursors, rows
from games.clocks import local_clock
from games.models import (
    CoGM,
    Event,
    Game,
    Phase,
    Post,
    Seat,
    Spectator,
    Status,
    Vote,
    phase_words,
)
from games.services import push

MIN_PHASE_SECONDS = 10


MAX_PHASE_SECONDS = 14 * 24 * 3600


MAX_POST_CHARS = 5000


NAME_MAX_CHARS = 80


class ServiceError(ValueError):
    """A refused request: the message says why, and nothing was changed.

    `refusal`: where the engine refused it (roles.IllegalAction), the engine's message,
    {"id", "params"} (roles/messages), so a caller can tell which refusal it was without
    reading the sentence; None for the site's own refusals."""

    def __init__(self, said: str, refusal: dict | None = None):
        super().__init__(said)
        self.refusal = refusal


@dataclass
class Change:
    """What one service call appends to the event log, pushed after commit.

    Events get their seq at once but are written together (one INSERT) when the
    change flushes or finishes: a phase close logs a dozen events or more, and one
    round trip per event was most of its cost. Call `flush()` before reading the
    log inside the same change.
    """

    game: Game
    events: list[Event]
    unsaved: list[Event] = field(default_factory=list)
    # Who runs this change when it is a GM's (`act_as_gm`): {"acting": username, and
    # "acting_cogm": True for a co-GM}, added to the payload of the GM's own events.
    acting: dict = field(default_factory=dict)
    # The seats whose socket groups this change moved, when it knows them exactly (a
    # phase close: rooms.regrouped), with what each reads now; None: each socket
    # judges from the events.
    regroup: dict[str, dict] | None = None
    # The moment the change happens at, when its caller fixes it (a phase close: its
    # `now`, so a close worked out ahead of its deadline stamps its events with it).
    now: datetime | None = None

    def log(self, kind: str, audience: str, payload: dict, phase: Phase | None = None) -> Event:
        if self.acting and kind in GM_ACTED_KINDS:
            payload = {**payload, **self.acting}
        game = self.game
        game.last_event_seq += 1
        # The numbers viewers read (games/cursors.py): within the audience, and within
        # the GM's stream if he reads it; gap-free, as the game's row is locked.
        counters = game.audience_seqs
        counters[audience] = counters.get(audience, 0) + 1
        gm_seq = None
        if cursors.gm_reads(audience, kind):
            game.last_gm_seq += 1
            gm_seq = game.last_gm_seq
        event = Event(
            game=game,
            seq=game.last_event_seq,
            audience_seq=counters[audience],
            gm_seq=gm_seq,
            phase=phase,
            kind=kind,
            audience=audience,
            payload=payload,
            created_at=self.now or timezone.now(),
        )
        self.events.append(event)
        self.unsaved.append(event)
        return event

    def flush(self) -> None:
        if self.unsaved:
            rows.insert(self.unsaved)
            self.unsaved = []

    def finish(self) -> None:
        self.flush()
        rows.update(self.game)  # every field, as save() would
        push.send_on_commit(
            self.game.id, self.events, self._seat_ids, self.regroup, self.game.audience_seqs
        )

    def _seat_ids(self) -> dict[str, int]:
        """Seat ids for the private groups, read only when a seat has an event."""
        seats = rows.values(
            Seat, "SELECT name, id FROM games_seat WHERE game_id = %s", [self.game.id]
        )
        return dict(seats)


def lock_game(game_id: int) -> Change:
    """The game's row, locked until the transaction ends (every change starts here).

    A game its GM cancelled is refused here, for every change at once: nobody joins,
    leaves, posts in, watches or starts it any more (games/services/lobby.py)."""
    try:
        pk = int(game_id)
    except (ValueError, TypeError):
        raise ServiceError(gettext("There is no such game.")) from None
    game = rows.first(Game, "id = %s", [pk], for_update=True)
    if game is None:
        raise ServiceError(gettext("There is no such game."))
    if game.status == Status.CANCELLED:
        raise ServiceError(CANCELLED_MESSAGE)
    return Change(game=game, events=[])


CANCELLED_MESSAGE = gettext_lazy(
    "This game was cancelled by its GM: nothing can be done in it any more."
)


def engine_state(game: Game) -> roles.GameState:
    return roles.GameState.from_dict(game.state)


def audience_of(engine_audience) -> str:
    """The engine's audience ("public", ("seat", name), ...) as a stored string."""
    if isinstance(engine_audience, (tuple, list)):
        kind, who = engine_audience
        return f"{kind}:{who}"
    return str(engine_audience)


def open_phase(game: Game) -> Phase | None:
    return game.phases.filter(closed_at__isnull=True).order_by("-seq").first()


def seat_of(game: Game, user) -> Seat:
    if not getattr(user, "is_authenticated", False):
        raise ServiceError(gettext("Log in first."))
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise ServiceError(gettext("You are not playing in this game."))
    return seat


def runs_game(game: Game, user) -> bool:
    """The game's GM or one of its co-GMs (games/services/cogms.py): a GM everywhere."""
    if not getattr(user, "is_authenticated", False):
        return False
    return game.gm_id == user.id or CoGM.objects.filter(game_id=game.id, user_id=user.id).exists()


def require_gm(game: Game, user) -> None:
    if not runs_game(game, user):
        raise ServiceError(gettext("Only the game's GM may do that."))


def act_as_gm(change: Change, user) -> None:
    """The caller runs the game (GM or co-GM): the change's GM events carry his name."""
    require_gm(change.game, user)
    change.acting = {"acting": user.username}
    if change.game.gm_id != user.id:
        change.acting["acting_cogm"] = True


# The events of the GM's own tools: they name who used the tool (Change.acting).
GM_ACTED_KINDS = frozenset(
    {
        "signups",
        "game_started",
        "game_cancelled",
        "phase_closed",
        "gm_decided",
        "vote_ruled",
        "deadline_extended",
        "posts_rule",
        "paused",
        "resumed",
        "modkill",
        "replaced",
        "left_game",
        "cogm_added",
        "cogm_removed",
        "gm_handed_over",
        "bots_added",
        "bot_removed",
    }
)


def running_phase(game: Game, phase_seq: int | None) -> Phase:
    if game.status != Status.RUNNING:
        raise ServiceError(
            gettext("The game has not started yet.")
            if game.status == Status.LOBBY
            else gettext("The game is over.")
        )
    phase = open_phase(game)
    if phase is None:
        raise ServiceError(gettext("No phase is open."))
    if phase_seq is not None and int(phase_seq) != phase.seq:
        raise ServiceError(
            gettext("That phase has already closed; this is now %(phase)s.")
            % {"phase": phase_words(phase.kind, phase.number)}
        )
    return phase


def gm_change(gm, game_id: int, phase_seq: int | None) -> tuple[Change, Phase]:
    """A GM intervention's start (inside its transaction): the game locked, the
    caller checked as its GM, the running phase (the form's phase if one is named)."""
    change = lock_game(game_id)
    act_as_gm(change, gm)
    return change, running_phase(change.game, phase_seq)


def check_seconds(label: str, value) -> int:
    """A phase length ("day" or "night") in whole seconds within the site's bounds."""
    night = label == "night"
    try:
        seconds = int(value)
    except (TypeError, ValueError):
        raise ServiceError(
            gettext("The night length must be a whole number of seconds.")
            if night
            else gettext("The day length must be a whole number of seconds.")
        ) from None
    if not MIN_PHASE_SECONDS <= seconds <= MAX_PHASE_SECONDS:
        bounds = {"min": MIN_PHASE_SECONDS}
        raise ServiceError(
            gettext("The night length must be between %(min)s seconds and 14 days.") % bounds
            if night
            else gettext("The day length must be between %(min)s seconds and 14 days.") % bounds
        )
    return seconds


def preset_size(game: Game) -> int:
    """The number of players the game's setup needs: one per slot."""
    return len(game.setup.get("slots", ()))


def choices_now(state: roles.GameState, name: str) -> list[dict]:
    """What the engine says this seat may do in the current phase."""
    return [
        c.to_dict()
        for c in roles.choices(state, name)
        if c.to_dict().get("phase", state.phase_kind) == state.phase_kind
    ]


def is_spectator(game: Game, user) -> bool:
    return bool(
        getattr(user, "is_authenticated", False)
        and Spectator.objects.filter(game=game, user=user).exists()
    )


def refuse_if_late(phase: Phase, now: datetime, what: str) -> None:
    """The stored deadline ends the phase: a move or vote after it is refused even if
    the close has not run yet (roles.legal.OWED_RULINGS; ru_classic: late votes are
    not counted). A paused phase's clock stands still (refuse_if_paused says so)."""
    if phase.paused_at is None and now >= phase.deadline:
        ended = local_clock(phase.deadline)  # the reader's zone, named
        late = {
            ("night", "move"): gettext("The night ended at %(ended)s: your move was not recorded."),
            ("night", "vote"): gettext("The night ended at %(ended)s: your vote was not recorded."),
            ("night", "withdrawal"): gettext(
                "The night ended at %(ended)s: your withdrawal was not recorded."
            ),
            ("day", "move"): gettext("The day ended at %(ended)s: your move was not recorded."),
            ("day", "vote"): gettext("The day ended at %(ended)s: your vote was not recorded."),
            ("day", "withdrawal"): gettext(
                "The day ended at %(ended)s: your withdrawal was not recorded."
            ),
        }
        raise ServiceError(late[(phase.kind, what)] % {"ended": ended})


def refuse_if_paused(phase: Phase) -> None:
    """While the GM has paused the game, players talk but do not act or vote."""
    if phase.paused_at is not None:
        raise ServiceError(
            gettext(
                "The GM has paused the game: actions and votes wait until it resumes (you may "
                "still talk)."
            )
        )


GM_ACTOR = "GM"


def with_role_name(ruleset, death: dict) -> dict:
    """A revealed role's display name beside its id, for the pages."""
    if death.get("role") in ruleset.roles:
        return {**death, "role_name": ruleset.roles[death["role"]].name}
    return death


# Posts: at most RATE_POSTS posts per RATE_SECONDS per author and game (flood control).
RATE_POSTS = 5


RATE_SECONDS = 10


def check_rate(game: Game, user, now: datetime, limit: int = RATE_POSTS) -> None:
    recent = Post.objects.filter(
        game=game, author=user, created_at__gt=now - timedelta(seconds=RATE_SECONDS)
    ).count()
    if recent >= limit:
        raise ServiceError(
            gettext("Slow down: at most %(limit)s posts in %(rate_seconds)s seconds.")
            % {"limit": limit, "rate_seconds": RATE_SECONDS}
        )


# Moves: at most settings.MOVE_RATE_LIMIT actions, withdrawals and votes per seat per
# settings.MOVE_RATE_SECONDS (a script sending 30 votes in 0.3 s had each stored and
# pushed to every socket). Counted from what the moves leave: the seat's own copy of
# each action or withdrawal in the log, and its votes; inside the game's lock, so
# concurrent submissions are counted one after another.
MOVE_KINDS = ("action_recorded", "action_withdrawn")


def check_move_rate(phase: Phase, seat: Seat, now: datetime) -> None:
    limit, seconds = settings.MOVE_RATE_LIMIT, settings.MOVE_RATE_SECONDS
    since = now - timedelta(seconds=seconds)
    moves = Event.objects.filter(
        phase=phase, audience=f"seat:{seat.name}", kind__in=MOVE_KINDS, created_at__gt=since
    ).count()
    votes = Vote.objects.filter(phase=phase, voter=seat, cast_at__gt=since).count()
    if moves + votes >= limit:
        raise ServiceError(
            gettext(
                "Too fast: at most %(limit)s moves and votes in %(seconds)s seconds. Nothing was "
                "recorded; wait a moment and send it again."
            )
            % {"limit": limit, "seconds": seconds}
        )
