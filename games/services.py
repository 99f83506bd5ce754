"""The only code that changes a game.

Every service runs in one transaction that first locks the game row
(`select_for_update`), checks everything, changes rows, appends to the event
log, and asks for the pushes to be sent after commit. Bad input raises
`ServiceError` with a clear message before anything is written. The rules are
the engine's: this module asks `roles` what is allowed and what happened.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import roles
from games import push, rooms, rows
from games.models import (
    Action,
    Event,
    Game,
    Phase,
    Post,
    PrivateMessages,
    Seat,
    Spectator,
    Status,
    Vote,
    outside_phases,
)

logger = logging.getLogger(__name__)

MIN_PHASE_SECONDS = 10
MAX_PHASE_SECONDS = 14 * 24 * 3600
MAX_POST_CHARS = 5000
NAME_MAX_CHARS = 80


class ServiceError(ValueError):
    """A refused request: the message says why, and nothing was changed."""


# -- small helpers ---------------------------------------------------------


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

    def log(self, kind: str, audience: str, payload: dict, phase: Phase | None = None) -> Event:
        self.game.last_event_seq += 1
        event = Event(
            game=self.game,
            seq=self.game.last_event_seq,
            phase=phase,
            kind=kind,
            audience=audience,
            payload=payload,
            created_at=timezone.now(),
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
        push.send_on_commit(self.game.id, self.events, self._seat_ids)

    def _seat_ids(self) -> dict[str, int]:
        """Seat ids for the private groups, read only when a seat has an event."""
        seats = rows.values(
            Seat, "SELECT name, id FROM games_seat WHERE game_id = %s", [self.game.id]
        )
        return dict(seats)


def _lock(game_id: int) -> Change:
    """The game's row, locked until the transaction ends (every change starts here)."""
    try:
        pk = int(game_id)
    except (ValueError, TypeError):
        raise ServiceError("There is no such game.") from None
    game = rows.first(Game, "id = %s", [pk], for_update=True)
    if game is None:
        raise ServiceError("There is no such game.")
    return Change(game=game, events=[])


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


def _seat_of(game: Game, user) -> Seat:
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("Log in first.")
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise ServiceError("You are not playing in this game.")
    return seat


def _require_gm(game: Game, user) -> None:
    if not getattr(user, "is_authenticated", False) or game.gm_id != user.id:
        raise ServiceError("Only the game's GM may do that.")


def _running_phase(game: Game, phase_seq: int | None) -> Phase:
    if game.status != Status.RUNNING:
        raise ServiceError(
            "The game has not started yet." if game.status == Status.LOBBY else "The game is over."
        )
    phase = open_phase(game)
    if phase is None:
        raise ServiceError("No phase is open.")
    if phase_seq is not None and int(phase_seq) != phase.seq:
        raise ServiceError("That phase has already closed; this is now " + str(phase) + ".")
    return phase


def _check_seconds(label: str, value) -> int:
    try:
        seconds = int(value)
    except (TypeError, ValueError):
        raise ServiceError(f"The {label} length must be a whole number of seconds.") from None
    if not MIN_PHASE_SECONDS <= seconds <= MAX_PHASE_SECONDS:
        raise ServiceError(
            f"The {label} length must be between {MIN_PHASE_SECONDS} seconds and 14 days."
        )
    return seconds


def preset_size(game: Game) -> int:
    return len(roles.get_ruleset(game.ruleset_id).presets[game.preset_id].roles)


def choices_now(state: roles.GameState, name: str) -> list[dict]:
    """What the engine says this seat may do in the current phase."""
    return [
        c.to_dict()
        for c in roles.choices(state, name)
        if c.to_dict().get("phase", state.phase_kind) == state.phase_kind
    ]


# -- lobby -----------------------------------------------------------------


def create_game(
    gm,
    *,
    name: str,
    ruleset_id: str,
    preset_id: str,
    day_seconds,
    night_seconds,
    reveal_mode: str = "",
    options: dict | None = None,
    first_phase: str = "night",
    seed: int | None = None,
    private_messages: str = "",
) -> Game:
    """Create a game; `private_messages` empty: the ruleset's default."""
    if not getattr(gm, "is_authenticated", False):
        raise ServiceError("Log in first.")
    name = (name or "").strip()
    if not name:
        raise ServiceError("Give the game a name.")
    if len(name) > NAME_MAX_CHARS:
        raise ServiceError(f"A game name has at most {NAME_MAX_CHARS} characters.")
    try:
        ruleset = roles.get_ruleset(ruleset_id)
    except KeyError:
        raise ServiceError(f"There is no ruleset {ruleset_id!r}.") from None
    if preset_id not in ruleset.presets:
        raise ServiceError(f"Ruleset {ruleset.title} has no preset {preset_id!r}.")
    if first_phase not in (Phase.DAY, Phase.NIGHT):
        raise ServiceError("A game starts by day or by night.")
    private_messages = private_messages or ruleset.private_messages_default
    if private_messages not in PrivateMessages.values:
        raise ServiceError("Private messages are off, on, or on with the GM reading them.")
    day = _check_seconds("day", day_seconds)
    night = _check_seconds("night", night_seconds)
    options = dict(options or {})
    reveal_choices = reveal_modes(ruleset)
    if reveal_choices:
        if reveal_mode not in reveal_choices:
            raise ServiceError(f"Reveal mode must be one of {', '.join(reveal_choices)}.")
        options[REVEAL_OPTION] = reveal_mode
    else:
        reveal_mode = ""
    options = {**ruleset.presets[preset_id].options, **options}
    try:
        resolved = ruleset.resolved_options(options)
    except ValueError as error:
        raise ServiceError(str(error)) from None
    with transaction.atomic():
        game = Game.objects.create(
            name=name,
            gm=gm,
            ruleset_id=ruleset.id,
            preset_id=preset_id,
            options=resolved,
            reveal_mode=reveal_mode,
            day_seconds=day,
            night_seconds=night,
            first_phase=first_phase,
            private_messages=private_messages,
            seed=secrets.randbits(31) if seed is None else int(seed),
        )
        change = Change(game=game, events=[])
        change.log("game_created", "public", {"name": name, "gm": gm.username})
        change.finish()
    return game


REVEAL_OPTION = "reveal"


def reveal_modes(ruleset) -> tuple:
    """The ruleset's reveal option choices, if it has a reveal option."""
    for option in ruleset.options:
        if option.id == REVEAL_OPTION:
            return tuple(option.choices)
    return ()


def join_game(user, game_id: int) -> Seat:
    with transaction.atomic():
        change = _lock(game_id)
        game = change.game
        if not getattr(user, "is_authenticated", False):
            raise ServiceError("Log in first.")
        if game.status != Status.LOBBY:
            raise ServiceError("This game has already started.")
        if not game.signups_open:
            raise ServiceError("Sign-ups for this game are closed.")
        if game.gm_id == user.id:
            raise ServiceError("The GM runs the game and does not play in it.")
        if game.seats.filter(user=user).exists():
            raise ServiceError("You have already joined this game.")
        if game.seats.count() >= preset_size(game):
            raise ServiceError("This game is full.")
        seat = Seat.objects.create(game=game, user=user, name=user.username)
        change.log("joined", "public", {"player": seat.name})
        change.finish()
    return seat


def leave_game(user, game_id: int) -> None:
    with transaction.atomic():
        change = _lock(game_id)
        game = change.game
        seat = _seat_of(game, user)
        if game.status != Status.LOBBY or not game.signups_open:
            raise ServiceError("You can only leave while sign-ups are open.")
        seat.delete()
        change.log("left", "public", {"player": user.username})
        change.finish()


def set_signups(gm, game_id: int, open_: bool) -> None:
    with transaction.atomic():
        change = _lock(game_id)
        game = change.game
        _require_gm(game, gm)
        if game.status != Status.LOBBY:
            raise ServiceError("This game has already started.")
        if game.signups_open == open_:
            raise ServiceError("Sign-ups are already " + ("open." if open_ else "closed."))
        game.signups_open = open_
        change.log("signups", "public", {"open": open_})
        change.finish()


def start_game(gm, game_id: int, now: datetime | None = None) -> Phase:
    now = now or timezone.now()
    with transaction.atomic():
        change = _lock(game_id)
        game = change.game
        _require_gm(game, gm)
        if game.status != Status.LOBBY:
            raise ServiceError("This game has already started.")
        if game.signups_open:
            raise ServiceError("Close sign-ups before starting.")
        seats = list(game.seats.order_by("joined_at", "id"))
        needed = preset_size(game)
        if len(seats) != needed:
            raise ServiceError(f"The setup needs {needed} players; {len(seats)} have joined.")
        ruleset = roles.get_ruleset(game.ruleset_id)
        names = [seat.name for seat in seats]
        dealt = roles.deal(game.ruleset_id, game.preset_id, names, game.seed)
        state = roles.new_game(
            game.ruleset_id,
            dealt,
            seed=game.seed,
            options=game.options,
            first_phase=game.first_phase,
        )
        game.state = state.to_dict()
        game.move_to(Status.RUNNING)
        game.started_at = now
        change.log("game_started", "public", {"players": names})
        for player in state.players:
            role = ruleset.roles[player.role]
            change.log(
                "role",
                f"seat:{player.name}",
                {"role": player.role, "name": role.name, "faction": player.faction},
            )
        for faction in ruleset.informed_factions:
            members = [p.name for p in state.players if p.faction == faction]
            if members:
                change.log("teammates", f"faction:{faction}", {"members": members})
        phase = _open_next_phase(change, state, now)
        change.finish()
    return phase


def _open_next_phase(
    change: Change, state: roles.GameState, now: datetime, after: Phase | None = None
) -> Phase:
    """Open the phase the engine moved to; `after` is the phase just closed (the
    latest one), which spares a query."""
    game = change.game
    if after is not None:
        last = after.seq
    else:
        last = game.phases.order_by("-seq").values_list("seq", flat=True).first() or 0
    length = game.day_seconds if state.phase_kind == Phase.DAY else game.night_seconds
    phase = Phase(
        game=game,
        seq=last + 1,
        kind=state.phase_kind,
        number=state.phase_number,
        opened_at=now,
        deadline=now + timedelta(seconds=length),
    )
    rows.insert([phase], returning_pk=True)
    change.log(
        "phase_opened",
        "public",
        {
            "kind": phase.kind,
            "number": phase.number,
            "seq": phase.seq,
            "deadline": phase.deadline.isoformat(),
        },
        phase=phase,
    )
    schedule_deadline(phase)
    return phase


def schedule_deadline(phase: Phase) -> None:
    """With Celery, an ETA task closes the phase at its deadline (sent after commit)."""
    if settings.PHASE_TIMER == "celery":
        game_id, seq, deadline = phase.game_id, phase.seq, phase.deadline
        transaction.on_commit(lambda: _schedule_close(game_id, seq, deadline))


def _schedule_close(game_id: int, seq: int, deadline: datetime) -> None:
    from games.tasks import close_phase

    try:
        close_phase.apply_async((game_id, seq), eta=deadline)
    except Exception:  # the beat sweeper closes it anyway
        logger.exception("could not schedule the close of game %s phase %s", game_id, seq)


# -- GM tools: the clock's pause, replaced players (the tools: games/gm_tools.py) --


def refuse_if_paused(phase: Phase) -> None:
    """While the GM has paused the game, players talk but do not act or vote."""
    if phase.paused_at is not None:
        raise ServiceError(
            "The GM has paused the game: actions and votes wait until it resumes "
            "(you may still talk)."
        )


def refuse_replaced_spectator(game: Game, user) -> None:
    """A player replaced out of a game does not come back to watch it: he knows a
    living seat's secrets and would read the graveyard."""
    if game.events.filter(kind="replaced", audience="public", payload__was=user.username).exists():
        raise ServiceError("You were replaced in this game and cannot watch it.")


# -- playing ---------------------------------------------------------------


def submit_action(
    user,
    game_id: int,
    *,
    ability: str,
    targets: list[str] | None = None,
    extra: dict | None = None,
    phase_seq: int | None = None,
) -> Action:
    """Record (or replace) this seat's action for the open phase.

    `ability=""` records "I do nothing this phase", which counts as having acted.
    """
    targets = list(targets or [])
    extra = dict(extra or {})
    with transaction.atomic():
        change = _lock(game_id)
        game = change.game
        seat = _seat_of(game, user)
        phase = _running_phase(game, phase_seq)
        refuse_if_paused(phase)
        state = engine_state(game)
        if not state.player(seat.name).alive:
            raise ServiceError("You are dead and cannot act.")
        offered = {c["ability"]: c for c in choices_now(state, seat.name)}
        if not offered:
            raise ServiceError(f"You have nothing to do this {phase.kind}.")
        if ability:
            if ability not in offered:
                raise ServiceError(f"You cannot use {ability!r} now.")
            choice = offered[ability]
            unknown = set(targets) - set(choice["targets"])
            if unknown:
                raise ServiceError(f"{', '.join(sorted(unknown))} cannot be targeted by this.")
            for key, value in extra.items():
                allowed = choice.get("extra", {}).get(key)
                if allowed is None:
                    raise ServiceError(f"Unexpected field {key!r}.")
                if value not in allowed:
                    raise ServiceError(f"{value!r} is not a valid {key}.")
            action = {"actor": seat.name, "ability": ability, "targets": targets, **extra}
            try:
                roles.check_action(state, action)
            except roles.IllegalAction as refusal:
                raise ServiceError(refusal.reason) from None
        elif targets or extra:
            raise ServiceError("Doing nothing takes no target.")
        stored, _ = Action.objects.update_or_create(
            phase=phase,
            seat=seat,
            defaults={
                "ability": ability,
                "targets": targets,
                "extra": extra,
                "submitted_at": timezone.now(),
            },
        )
        summary = {"ability": ability, "targets": targets, **extra}
        change.log("action_recorded", f"seat:{seat.name}", summary, phase=phase)
        change.log(
            "action_recorded",
            "gm",
            {"player": seat.name, **summary, **acted_counts(state, phase)},
            phase=phase,
        )
        _close_if_everyone_acted(change, phase, state)
        change.finish()
    return stored


def withdraw_action(user, game_id: int, phase_seq: int | None = None) -> None:
    with transaction.atomic():
        change = _lock(game_id)
        game = change.game
        seat = _seat_of(game, user)
        phase = _running_phase(game, phase_seq)
        refuse_if_paused(phase)
        deleted, _ = Action.objects.filter(phase=phase, seat=seat).delete()
        if not deleted:
            raise ServiceError("You have no action to withdraw.")
        change.log("action_withdrawn", f"seat:{seat.name}", {}, phase=phase)
        change.log(
            "action_withdrawn",
            "gm",
            {"player": seat.name, **acted_counts(engine_state(game), phase)},
            phase=phase,
        )
        change.finish()


def current_votes(phase: Phase, round_no: int = 0) -> dict[str, str]:
    """voter -> target after every change: a later vote replaces an earlier one.

    `round_no` 0 is the day's vote; k is the k-th extra round the engine called for."""
    latest: dict[str, str] = {}
    votes = phase.votes.filter(round=round_no).order_by("id")
    for voter, target in votes.values_list("voter__name", "target"):
        if target:
            latest[voter] = target
        else:
            latest.pop(voter, None)
    return latest


def tally(phase: Phase, round_no: int = 0) -> dict[str, list[str]]:
    """target -> voters, in the order of the current votes (no vote weights: the engine's
    record gives the official count at the close)."""
    counted: dict[str, list[str]] = {}
    for voter, target in current_votes(phase, round_no).items():
        counted.setdefault(target, []).append(voter)
    return counted


def cast_vote(
    user, game_id: int, target: str | None, phase_seq: int | None = None, fast: bool = False
) -> Vote:
    """Vote for a player, "pass" where the ruleset allows it, or None/"" to withdraw.

    `fast` marks the vote "fast" where the ruleset has fast votes (ru_classic): the day
    closes as soon as the ruleset's `fast_close` says the host may close it."""
    target = target or None
    with transaction.atomic():
        change = _lock(game_id)
        game = change.game
        seat = _seat_of(game, user)
        phase = _running_phase(game, phase_seq)
        refuse_if_paused(phase)
        if phase.kind != Phase.DAY:
            raise ServiceError("Votes are cast during the day.")
        state = engine_state(game)
        if not state.player(seat.name).alive:
            raise ServiceError("You are dead and cannot vote.")
        round_no = open_round(phase)
        fast_close = roles.get_ruleset(state.ruleset).fast_close
        if fast and (fast_close is None or round_no or target is None):
            raise ServiceError(
                "This ruleset has no fast votes."
                if fast_close is None
                else "Only a vote for a player in the day's vote can be fast."
            )
        if round_no:
            if seat.name not in phase.pending["voters"]:
                raise ServiceError("You do not vote in this round.")
            if target is not None and target not in phase.pending["choices"]:
                choices = ", ".join(phase.pending["choices"])
                raise ServiceError(f"This round is a choice of {choices}.")
        elif phase.pending:
            raise ServiceError("The vote is over: the day waits for a decision.")
        previous = current_votes(phase, round_no).get(seat.name)
        cast_before = phase.votes.filter(voter=seat, round=round_no).count()
        refusal = vote_change_refusal(state, cast_before)
        if refusal:
            raise ServiceError(refusal)
        if target is None and previous is None:
            raise ServiceError("You have no vote to withdraw.")
        if target is not None and not round_no:
            try:
                roles.check_vote(state, seat.name, target)
            except roles.IllegalAction as refusal:
                raise ServiceError(refusal.reason) from None
        vote = Vote.objects.create(
            phase=phase,
            voter=seat,
            target=target or "",
            round=round_no,
            fast=fast,
            cast_at=timezone.now(),
        )
        change.log(
            "vote",
            "public",
            {
                "voter": seat.name,
                "target": target,
                "round": round_no,
                "fast": fast,
                "tally": tally(phase, round_no),
            },
            phase=phase,
        )
        if fast_close is not None and not phase.pending and fast_close_now(state, phase):
            _close(change, phase, reason="fast", now=timezone.now())
        else:
            _close_if_everyone_acted(change, phase, state)
        change.finish()
    return vote


def fast_close_now(state: roles.GameState, phase: Phase) -> bool:
    """Does the ruleset let the day close now on its fast votes? (each voter's latest
    vote counts, and it is fast only if that latest vote was marked fast)"""
    latest: dict[str, tuple[str, bool]] = {}
    for voter, target, fast in (
        phase.votes.filter(round=0).order_by("id").values_list("voter__name", "target", "fast")
    ):
        latest[voter] = (target, fast)
    ballots = {voter: target for voter, (target, _) in latest.items() if target}
    fasts = {voter for voter, (target, fast) in latest.items() if target and fast}
    return bool(roles.get_ruleset(state.ruleset).fast_close(state, ballots, fasts))


def vote_change_refusal(state: roles.GameState, cast_before: int) -> str:
    """Why one more vote event is refused: the ruleset's `vote_changes` limit (ru_sport: a
    vote may be changed once), counted like the engine counts it (a withdrawal is an event
    too); "" when it is allowed."""
    limit = roles.get_ruleset(state.ruleset).vote_changes
    if limit is None or cast_before < limit + 1:
        return ""
    if limit == 0:
        return "Votes cannot be changed in this ruleset."
    times = "once" if limit == 1 else f"{limit} times"
    return f"A vote may be changed only {times} in this ruleset."


# Posts: at most RATE_POSTS posts per RATE_SECONDS per author and game (flood control).
RATE_POSTS = 5
RATE_SECONDS = 10


def is_spectator(game: Game, user) -> bool:
    return bool(
        getattr(user, "is_authenticated", False)
        and Spectator.objects.filter(game=game, user=user).exists()
    )


def watch_game(user, game_id: int) -> Spectator:
    """Watch a game without a seat: its public thread and the graveyard chat."""
    with transaction.atomic():
        change = _lock(game_id)
        game = change.game
        if not getattr(user, "is_authenticated", False):
            raise ServiceError("Log in first.")
        if game.gm_id == user.id:
            raise ServiceError("The GM already sees everything.")
        if game.seats.filter(user=user).exists():
            raise ServiceError("Players cannot spectate their own game.")
        refuse_replaced_spectator(game, user)
        if game.status == Status.FINISHED:
            raise ServiceError("The game is over: everything is open to read.")
        spectator, created = Spectator.objects.get_or_create(game=game, user=user)
        if not created:
            raise ServiceError("You are already watching this game.")
        change.log("spectator_joined", "dead", {"spectator": user.username})
        change.finish()
    return spectator


def last_words_owed(game: Game, seat: Seat) -> bool:
    """The engine announced last words for this player (a 'last_words' entry of a
    phase's public outcome, or a public 'last_words' event), and none were posted."""
    announced = False
    for kind, payload in game.events.filter(
        kind__in=("last_words", "phase_closed"), audience="public"
    ).values_list("kind", "payload"):
        entries = [payload] if kind == "last_words" else payload.get("events", [])
        if any(
            e.get("player") == seat.name and (kind == "last_words" or e.get("kind") == "last_words")
            for e in entries
        ):
            announced = True
            break
    if not announced:
        return False
    return not Post.objects.filter(game=game, seat=seat, channel=Post.LAST_WORDS).exists()


NOTE_KIND = "note"
DEATH_NOTE_KIND = "death_note"


def current_note(game: Game, name: str) -> str:
    """The latest prepared note of a player (stored as events read by him and the GM)."""
    event = game.events.filter(kind=NOTE_KIND, audience=f"seat:{name}").order_by("-seq").first()
    return event.payload.get("text", "") if event else ""


def write_note(user, game_id: int, text: str) -> None:
    """Write or replace one's posthumous note, where the ruleset has prepared notes.

    The note is read by its author and the GM only; it is shown publicly when the
    player dies (a 'death_note' event logged by the phase's close)."""
    text = (text or "").strip()
    if not text:
        raise ServiceError("Write something first.")
    if len(text) > MAX_POST_CHARS:
        raise ServiceError(f"A note has at most {MAX_POST_CHARS} characters.")
    with transaction.atomic():
        change = _lock(game_id)
        game = change.game
        seat = _seat_of(game, user)
        phase = _running_phase(game, None)
        player = engine_state(game).player(seat.name)
        if not player.alive:
            raise ServiceError("The dead cannot write a note.")
        ruleset = roles.get_ruleset(game.ruleset_id)
        if ruleset.death_notes != "prepared":
            raise ServiceError("This game has no posthumous notes.")
        if not ruleset.leaves_note(player):
            raise ServiceError("Your role leaves no posthumous note.")
        change.log(NOTE_KIND, f"seat:{seat.name}", {"player": seat.name, "text": text}, phase)
        change.finish()


def _log_death_notes(
    change: Change, phase: Phase, before: roles.GameState, after: roles.GameState
) -> None:
    """Show the prepared note of every player who died in this phase."""
    ruleset = roles.get_ruleset(change.game.ruleset_id)
    for player in after.players:
        if player.alive or not before.player(player.name).alive:
            continue
        if not ruleset.leaves_note(before.player(player.name)):
            continue
        text = current_note(change.game, player.name)
        if text:
            change.log(DEATH_NOTE_KIND, "public", {"player": player.name, "text": text}, phase)


def _check_rate(game: Game, user, now: datetime, limit: int = RATE_POSTS) -> None:
    recent = Post.objects.filter(
        game=game, author=user, created_at__gt=now - timedelta(seconds=RATE_SECONDS)
    ).count()
    if recent >= limit:
        raise ServiceError(f"Slow down: at most {limit} posts in {RATE_SECONDS} seconds.")


def post_message(
    user, game_id: int, *, channel: str, text: str, to: str = "", room: str = ""
) -> Post:
    """Post in a thread. Who may write where:

    - day thread: living players, by day (public);
    - room: a night chat room of the engine (roles.night_chats), by its members while
      it is open (games/rooms.py: one copy per way of showing the author); channel
      "faction" is the room of one's faction;
    - graveyard: dead players and spectators (audience "dead": living players never read it);
    - announce: the GM (public);
    - pm: a living player to another, when the game allows private messages
      (option off / on / "gm": the GM reads them all);
    - last_words: a player the engine announced last words for, once, after death.

    A graveyard post starting with "-" is a roulette command (games/graveyard_roulette.py).
    """
    text = (text or "").strip()
    if not text:
        raise ServiceError("Write something first.")
    if channel == Post.GRAVEYARD:
        from games import graveyard_roulette  # built on this module: imported when used

        if graveyard_roulette.is_command(text):  # "-roulette", "-join", ...
            return graveyard_roulette.roulette_command(user, game_id, text)
    if len(text) > MAX_POST_CHARS:
        raise ServiceError(f"A post has at most {MAX_POST_CHARS} characters.")
    now = timezone.now()
    with transaction.atomic():
        change = _lock(game_id)
        game = change.game
        if not getattr(user, "is_authenticated", False):
            raise ServiceError("Log in first.")
        is_gm = game.gm_id == user.id
        seat = game.seats.filter(user=user).first()
        watching = seat is None and not is_gm and is_spectator(game, user)
        if not (is_gm or seat or watching):
            raise ServiceError("You are not playing in this game.")
        if channel == Post.ANNOUNCEMENT and not is_gm:
            raise ServiceError("Only the GM makes announcements.")
        # The GM announces in the lobby and after the game too (outside any phase).
        outside = channel == Post.ANNOUNCEMENT and game.status != Status.RUNNING
        phase = None if outside else _running_phase(game, None)
        state = None if outside else engine_state(game)
        player = state.player(seat.name) if seat and not outside else None
        recipient = None
        chat = None
        audiences: list[str]
        if channel == Post.ANNOUNCEMENT:
            audiences = ["public"]
        elif channel == Post.GRAVEYARD:
            if player is not None and player.alive:
                raise ServiceError("The graveyard chat is for the dead and spectators.")
            if is_gm:
                raise ServiceError("The graveyard chat is for the dead and spectators.")
            audiences = ["dead"]
        elif player is None:
            raise ServiceError("You are not playing in this game.")
        elif channel == Post.LAST_WORDS:
            if player.alive or not last_words_owed(game, seat):
                raise ServiceError("You have no last words to say.")
            audiences = ["public"]
        elif not player.alive:
            raise ServiceError("The dead cannot post here.")
        elif channel == Post.DAY:
            if phase.kind != Phase.DAY:
                raise ServiceError("The day thread is closed at night.")
            audiences = ["public"]
        elif channel in (Post.FACTION, Post.ROOM):
            chat = _room_to_write(state, player, room, by_faction=channel == Post.FACTION)
            channel, audiences = Post.ROOM, []  # logged once per copy, below
        elif channel == Post.PRIVATE:
            if game.private_messages == PrivateMessages.OFF:
                raise ServiceError("This game allows no private messages.")
            only_in = roles.get_ruleset(game.ruleset_id).private_messages_phase
            if only_in and phase.kind != only_in:
                raise ServiceError(f"Private messages are allowed only at {only_in} in this game.")
            recipient = game.seats.filter(name=to).first()
            if recipient is None or recipient == seat:
                raise ServiceError("Choose another player to write to.")
            if not state.player(recipient.name).alive:
                raise ServiceError(f"{recipient.name} is dead.")
            audiences = [f"seat:{seat.name}", f"seat:{recipient.name}"]
            if game.private_messages == PrivateMessages.GM_SEES_ALL:
                audiences.append("gm")
        else:
            raise ServiceError("There is no such thread.")
        _check_rate(game, user, now)
        name = seat.name if seat else user.username
        post = Post.objects.create(
            game=game,
            phase=phase,
            seat=seat,
            author=user,
            author_name=name,
            channel=channel,
            room=chat.id if chat else "",
            recipient=recipient,
            text=text,
            created_at=now,
        )
        payload = {
            "post": post.id,
            "author": name,
            "channel": channel,
            "text": text,
            "phase": str(phase) if phase else outside_phases(game, now),
            "at": now.isoformat(),
        }
        if recipient is not None:
            payload["to"] = recipient.name
        if is_gm:
            payload["gm"] = True
        kind = "pm" if channel == Post.PRIVATE else "post"
        for audience in audiences:
            change.log(kind, audience, payload, phase=phase)
        if chat is not None:
            in_room = {**payload, "room": chat.id, "room_title": chat.title}
            for audience, shown in rooms.copies(chat, name):
                change.log(kind, audience, {**in_room, "author": shown}, phase=phase)
        change.finish()
    return post


def _room_to_write(state: roles.GameState, player, room_id: str, by_faction: bool):
    """The night chat room this living player may write in now (games/rooms.py)."""
    if by_faction:
        room_id = f"faction:{player.faction}"
    try:
        return rooms.room_to_write(state, player.name, room_id)
    except rooms.RoomRefusal as refusal:
        if by_faction and not any(r.id == room_id for r in rooms.night_chats(state)):
            raise ServiceError("Your faction has no chat.") from None
        raise ServiceError(str(refusal)) from None


# -- closing phases --------------------------------------------------------


def open_round(phase: Phase) -> int:
    """The extra voting round the phase waits for (1, 2, ...), or 0."""
    if phase.pending.get("kind") == "round":
        return int(phase.pending["index"]) + 1
    return 0


def must_act(state: roles.GameState, phase: Phase) -> list[str]:
    """Who the phase waits for before it may close early."""
    if phase.pending.get("kind") == "round":
        return list(phase.pending["voters"])
    if phase.pending:
        return [phase.pending["actor"]]
    if phase.kind == Phase.DAY:
        return state.alive_names()
    return [p.name for p in state.alive() if choices_now(state, p.name)]


def have_acted(phase: Phase) -> set[str]:
    """Who has done what the phase waits for: voted (in the open round), acted, decided."""
    pending = phase.pending
    if pending.get("kind") == "round":
        return set(current_votes(phase, open_round(phase)))
    if pending:
        if pending["actor"] == GM_ACTOR:
            answered = any(a.get("ability") == pending["ability"] for a in phase.gm_actions)
        else:
            answered = phase.actions.filter(
                seat__name=pending["actor"], ability=pending["ability"]
            ).exists()
        return {pending["actor"]} if answered else set()
    if phase.kind == Phase.DAY:
        return set(current_votes(phase))
    return set(phase.actions.values_list("seat__name", flat=True))


def acted_counts(state: roles.GameState, phase: Phase) -> dict:
    """For the GM: how many of those the phase waits for have acted (or voted)."""
    waiting_for = set(must_act(state, phase))
    return {"acted": len(waiting_for & have_acted(phase)), "of": len(waiting_for)}


def _close_if_everyone_acted(change: Change, phase: Phase, state: roles.GameState) -> None:
    if phase.paused_at is not None:  # a paused phase never closes
        return
    waiting_for = must_act(state, phase)
    if waiting_for and set(waiting_for) <= have_acted(phase):
        _close(change, phase, reason="everyone_acted", now=timezone.now())


ACTIONS_OF_PHASE = (
    "SELECT s.name, a.ability, a.targets, a.extra FROM games_action a"
    " JOIN games_seat s ON s.id = a.seat_id"
    " WHERE a.phase_id = %s AND a.ability <> '' ORDER BY a.submitted_at, a.id"
)
VOTES_OF_PHASE = (
    "SELECT s.name, v.target, v.round FROM games_vote v"
    " JOIN games_seat s ON s.id = v.voter_id WHERE v.phase_id = %s ORDER BY v.id"
)


def phase_input(phase: Phase) -> dict:
    """What the engine resolves the phase from: actions (and votes) in the order sent."""
    actions = [
        {"actor": actor, "ability": ability, "targets": targets, **extra}
        for actor, ability, targets, extra in rows.json_values(
            Action, ACTIONS_OF_PHASE, [phase.id], json_columns=(2, 3)
        )
    ]
    if phase.kind == Phase.NIGHT:
        return {"night": actions}
    ballots: dict[int, list] = {}
    for voter, target, round_no in rows.values(Vote, VOTES_OF_PHASE, [phase.id]):
        ballots.setdefault(round_no, []).append([voter, target or None])
    # A round the engine asked for is held even if nobody voted in it: an empty
    # round is the engine's to judge (else it would ask for the same round forever).
    pending = phase.pending or {}
    asked = pending.get("index", -1) + 1 if pending.get("kind") == "round" else 0
    rounds = [ballots.get(k, []) for k in range(1, max(*ballots, asked, 0) + 1)]
    return {
        "day": {
            "votes": ballots.get(0, []),
            "rounds": rounds,
            "actions": actions + list(phase.gm_actions),
        }
    }


def _with_role_name(ruleset, death: dict) -> dict:
    """A revealed role's display name beside its id, for the pages."""
    if death.get("role") in ruleset.roles:
        return {**death, "role_name": ruleset.roles[death["role"]].name}
    return death


GM_ACTOR = "GM"


def decision_seconds(game: Game) -> int:
    """How long a re-vote round or a decision the engine asks for may take: a quarter
    of the day, at least a minute (never more than the day itself)."""
    return min(game.day_seconds, max(60, game.day_seconds // 4))


def _ask(change: Change, phase: Phase, pending: roles.PendingDecision, now: datetime) -> None:
    """The engine cannot close the phase before someone decides: ask, and wait for it."""
    question = {
        "kind": pending.kind,
        "choices": list(pending.choices),
        "voters": list(pending.voters),
        "index": pending.index,
        "actor": pending.actor,
        "ability": pending.ability,
    }
    phase.deadline = now + timedelta(seconds=decision_seconds(change.game))
    asked_before = phase.pending == question
    phase.pending = question
    phase.save(update_fields=["pending", "deadline"])
    schedule_deadline(phase)
    deadline = phase.deadline.isoformat()
    if asked_before:  # the deadline passed without an answer: wait once more
        change.log("deadline_extended", "public", {"deadline": deadline}, phase=phase)
        return
    if pending.kind == "round":
        public = {"kind": "round", "round": pending.index + 1, "choices": question["choices"]}
        public.update(voters=question["voters"], deadline=deadline)
        change.log("decision_needed", "public", public, phase=phase)
        return
    # Who decides may be secret (a hangman): the public only learns that the day waits.
    change.log("decision_needed", "public", {"kind": "action", "deadline": deadline}, phase=phase)
    private = {**question, "reason": pending.reason, "deadline": deadline}
    audience = "gm" if pending.actor == GM_ACTOR else f"seat:{pending.actor}"
    change.log("decision_needed", audience, private, phase=phase)
    if audience != "gm":
        change.log("decision_needed", "gm", private, phase=phase)


def _stall(change: Change, phase: Phase, reason: str, now: datetime) -> None:
    """The engine refused what was submitted (a round with missing ballots): the phase
    stays open, the GM learns why, and the clock gives the players more time."""
    logger.warning("game %s phase %s cannot close: %s", change.game.id, phase.seq, reason)
    phase.deadline = now + timedelta(seconds=decision_seconds(change.game))
    phase.save(update_fields=["deadline"])
    schedule_deadline(phase)
    change.log("close_refused", "gm", {"reason": reason}, phase=phase)
    change.log("deadline_extended", "public", {"deadline": phase.deadline.isoformat()}, phase=phase)


def _close(change: Change, phase: Phase, *, reason: str, now: datetime) -> bool:
    """Resolve and close the phase; False when the engine waits for a decision first."""
    game = change.game
    ruleset = roles.get_ruleset(game.ruleset_id)
    state = engine_state(game)
    try:
        result = roles.resolve_phase(state, phase_input(phase))
    except roles.PendingDecision as pending:
        _ask(change, phase, pending, now)
        return False
    except roles.IllegalAction as refusal:
        _stall(change, phase, refusal.reason, now)
        return False
    new_state = result.state
    phase.closed_at = now
    phase.close_reason = reason
    phase.record = result.record
    rows.update(phase, ["closed_at", "close_reason", "record"])
    game.state = new_state.to_dict()
    for event in result.events:
        payload = dict(event.payload)
        if event.kind == "phase_closed":
            payload.update(seq=phase.seq, reason=reason)
            payload["deaths"] = [_with_role_name(ruleset, d) for d in payload.get("deaths", [])]
        change.log(event.kind, audience_of(event.audience), payload, phase=phase)
    _log_death_notes(change, phase, state, new_state)
    rooms.log_room_changes(change, phase, state, new_state)
    if new_state.ended:
        game.move_to(Status.FINISHED)
        game.finished_at = now
        game.winners = list(new_state.winners)
    else:
        _open_next_phase(change, new_state, now, after=phase)
    return True


def close_phase(game_id: int, phase_seq: int, *, reason: str, now: datetime | None = None) -> bool:
    """Close one phase; False (and no change) if it is closed already or not yet due."""
    now = now or timezone.now()
    with transaction.atomic():
        try:
            change = _lock(game_id)
        except ServiceError:
            return False  # a task for a deleted game, or for another database
        # Read after the lock, in its own statement: a phase joined to the locking
        # query would be the version from before a pause that held the lock.
        phase = rows.first(Phase, "game_id = %s AND seq = %s", [change.game.id, phase_seq])
        if phase is None or phase.closed_at is not None:
            return False
        if phase.paused_at is not None:  # a paused phase never closes
            return False
        if reason == "deadline" and phase.deadline > now:
            return False
        closed = _close(change, phase, reason=reason, now=now)
        change.finish()
    return closed


def close_phase_at_deadline(game_id: int, phase_seq: int, now: datetime | None = None) -> bool:
    return close_phase(game_id, phase_seq, reason="deadline", now=now)


def gm_change(gm, game_id: int, phase_seq: int | None) -> tuple[Change, Phase]:
    """A GM intervention's start (inside its transaction): the game locked, the
    caller checked as its GM, the running phase (the form's phase if one is named)."""
    change = _lock(game_id)
    _require_gm(change.game, gm)
    return change, _running_phase(change.game, phase_seq)


def gm_close_phase(gm, game_id: int, phase_seq: int | None = None) -> bool:
    with transaction.atomic():
        _, phase = gm_change(gm, game_id, phase_seq)
        if phase.paused_at is not None:
            raise ServiceError("The game is paused: resume it before closing the phase.")
        return close_phase(game_id, phase.seq, reason="gm")


def gm_decide(gm, game_id: int, choice: str, phase_seq: int | None = None) -> bool:
    """The GM answers the decision the engine asked for (ru_classic's tie rule "gm");
    returns whether the phase then closed."""
    with transaction.atomic():
        change, phase = gm_change(gm, game_id, phase_seq)
        if phase.paused_at is not None:
            raise ServiceError("The game is paused: resume it before deciding.")
        pending = phase.pending
        if pending.get("kind") != "action" or pending.get("actor") != GM_ACTOR:
            raise ServiceError("Nothing waits for your decision.")
        if choice not in pending["choices"]:
            raise ServiceError(f"Choose one of {', '.join(pending['choices'])}.")
        answer = {"actor": GM_ACTOR, "ability": pending["ability"], "targets": [choice]}
        phase.gm_actions = [*phase.gm_actions, answer]
        phase.save(update_fields=["gm_actions"])
        change.log("gm_decided", "gm", answer, phase=phase)
        closed = _close(change, phase, reason="decision", now=timezone.now())
        change.finish()
    return closed


def sweep_overdue_phases(now: datetime | None = None) -> int:
    """Close every open phase whose deadline has passed; returns how many closed.

    The Celery beat task and the embedded timer thread both call this. Each game
    closes in its own transaction, so one failing game does not hold up others.
    """
    now = now or timezone.now()
    overdue = list(
        Phase.objects.filter(
            closed_at__isnull=True,
            deadline__lte=now,
            paused_at__isnull=True,
            game__status=Status.RUNNING,
        ).values_list("game_id", "seq")
    )
    closed = 0
    for game_id, seq in overdue:
        try:
            closed += close_phase_at_deadline(game_id, seq, now=now)
        except Exception:
            logger.exception("could not close game %s phase %s", game_id, seq)
    return closed
