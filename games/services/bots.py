"""Practice seats: bots the GM (or a co-GM) seats during sign-ups to try a setup alone.

A bot is a seat whose account can never log in (inactive, no usable password, a name
with a space no sign-up accepts) and whose `Seat.is_bot` is set: every list of the
site marks it "bot". The rulings:

- bots move in the same locked transaction as the phase opening (`play_bots`, called
  by phases.open_next_phase, so also at the start; registered by
  games/services/__init__.py through `phases.use_bots`): one change, one commit, nothing a
  task could lose or repeat. Each living bot (and a dead one the engine still offers a
  move, a lynched Jester) makes every move `roles.choices` offers it, with targets
  drawn at random from the engine's lists and checked by the engine
  (`roles.check_action`, `roles.check_vote`) like a player's form, then says "nothing
  more"; by day it votes at random among the engine's legal votes. When the engine
  asks a question (a re-vote round, a hangman's choice) a bot asked answers at once
  (`answer_pending`, called by phases.ask_for_decision);
- the draws come from `random.Random` seeded with the game's seed, the phase and the
  seat: the same game replays the same bots' moves;
- bots never close a phase early: a phase closes when the people it waits for have
  acted, at its deadline, or when the GM closes it. A GM alone with bots steps the game
  through with "Close now", reading each phase; a player among bots closes it by
  being the last to act, as usual;
- during sign-ups the GM removes a bot like a player who leaves; once the game runs,
  "replace" puts a person into a bot's seat (the seat is then no bot any more).

A player learns nothing more of a bot than of a person: the bot's moves are its own
seat's and the GM's events, read by no one else.
"""

from __future__ import annotations

import random

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

import roles
from games import rows
from games.masks import signups_audience
from games.models import Action, Game, Phase, Seat, Status, Vote
from games.services import votes
from games.services.core import (
    ServiceError,
    act_as_gm,
    choices_now,
    lock_game,
    preset_size,
)
from games.services.phases import current_votes, open_round
from games.services.play import _log_move

BOT_NAME = "Bot {}"


def bot_names(game: Game) -> set[str]:
    return set(game.seats.filter(is_bot=True).values_list("name", flat=True))


def add_bots(gm, game_id: int, count) -> list[Seat]:
    """Fill up to `count` empty seats with bots (sign-ups, open or closed)."""
    try:
        count = int(count)
    except (TypeError, ValueError):
        raise ServiceError(gettext("Give the number of bots as a whole number.")) from None
    with transaction.atomic():
        change = lock_game(game_id)
        act_as_gm(change, gm)
        game = change.game
        if game.status != Status.LOBBY:
            raise ServiceError(gettext("Bots take their seats during sign-ups only."))
        free = preset_size(game) - game.seats.count()
        if free <= 0:
            raise ServiceError(gettext("Every seat is taken: there is no seat for a bot."))
        if not 1 <= count <= free:
            raise ServiceError(
                gettext("Add between 1 and %(free)s bots (the empty seats).") % {"free": free}
            )
        taken = set(game.seats.values_list("name", flat=True))
        seats, number = [], 0
        while len(seats) < count:
            number += 1
            name = BOT_NAME.format(number)
            if name not in taken:
                account = _bot_account(game, name)
                seats.append(Seat.objects.create(game=game, user=account, name=name, is_bot=True))
        change.log("bots_added", signups_audience(game), {"players": [s.name for s in seats]})
        change.finish()
    return seats


def _bot_account(game: Game, name: str):
    """An account no one can log in to: inactive, no usable password, and a username
    with a space (the sign-up form accepts none), unique to the game's seat."""
    user = get_user_model()(username=f"bot {game.id}.{name.split()[-1]}", is_active=False)
    user.set_unusable_password()
    user.save()
    return user


def remove_bot(gm, game_id: int, name: str) -> None:
    with transaction.atomic():
        change = lock_game(game_id)
        act_as_gm(change, gm)
        game = change.game
        if game.status != Status.LOBBY:
            raise ServiceError(
                gettext("Bots leave during sign-ups only (then replace one instead).")
            )
        seat = game.seats.filter(name=name, is_bot=True).first()
        if seat is None:
            raise ServiceError(
                gettext("There is no bot %(name)s in this game.") % {"name": repr(name)}
            )
        account = seat.user
        seat.delete()
        account.delete()
        change.log("bot_removed", signups_audience(game), {"player": name})
        change.finish()


# -- the bots' moves, inside the change that opened the phase or asked the question ----


def _rng(game: Game, phase: Phase, name: str, what: str = "") -> random.Random:
    return random.Random(f"{game.seed}:{phase.seq}:{name}:{what}")


HAS_BOTS = "SELECT 1 FROM games_seat WHERE game_id = %s AND is_bot LIMIT 1"


def play_bots(change, phase: Phase, state: roles.GameState) -> None:
    """Every bot's moves and vote for the phase that just opened."""
    game = change.game
    # Most games have no bot: asked in one plain statement, as every close asks it
    # (the ORM's query compiler would be on every close's path for a yes or no).
    if phase.paused_at is not None or not rows.values(Seat, HAS_BOTS, [game.id]):
        return
    bots = list(game.seats.filter(is_bot=True).order_by("joined_at", "id"))
    now = timezone.now()
    for seat in bots:
        rng = _rng(game, phase, seat.name)
        _act(change, phase, state, seat, rng, now)
        if phase.kind == Phase.DAY and state.player(seat.name).alive:
            _vote(change, phase, state, seat, rng, now)


def _act(change, phase: Phase, state, seat: Seat, rng: random.Random, now) -> None:
    offered = choices_now(state, seat.name)
    if not offered:
        return
    sent: set[str] = set()
    for choice in rng.sample(offered, len(offered)):
        ability = choice["ability"]
        if ability not in roles.owed(state, seat.name, sent):
            continue  # his one action of the phase is spent (the engine says)
        move = _legal_move(state, seat.name, choice, rng)
        if move is None:
            continue
        targets, extra = move
        Action.objects.create(
            phase=phase, seat=seat, ability=ability, targets=targets, extra=extra, submitted_at=now
        )
        sent.add(ability)
        _log_move(change, phase, state, seat.name, "action_recorded", ability, targets, extra)
    Action.objects.create(phase=phase, seat=seat, ability=roles.DONE, submitted_at=now)
    _log_move(change, phase, state, seat.name, "action_recorded", roles.DONE, [], {}, True)


def _legal_move(state, name: str, choice: dict, rng: random.Random, tries: int = 12):
    """Random targets and fields the engine accepts for this choice, or None."""
    for _ in range(tries):
        pool = list(choice["targets"])
        low = max(0, int(choice.get("min_targets") or 0))
        high = min(len(pool), int(choice.get("max_targets") or 0))
        if low > high:
            return None
        targets = rng.sample(pool, rng.randint(low, high)) if pool else []
        fields = choice.get("extra", {}).items()
        extra = {key: rng.choice(list(values)) for key, values in fields if values}
        action = {"actor": name, "ability": choice["ability"], "targets": targets, **extra}
        try:
            roles.check_action(state, action)
        except roles.IllegalAction:
            continue
        return targets, extra
    return None


def _vote(change, phase: Phase, state, seat: Seat, rng: random.Random, now) -> None:
    legal = []
    for candidate in [p.name for p in state.players] + ["pass"]:
        try:
            roles.check_vote(state, seat.name, candidate)
        except roles.IllegalAction:
            continue
        legal.append(candidate)
    if legal:
        _store_vote(change, phase, seat, rng.choice(legal), 0, now)


def _store_vote(change, phase: Phase, seat: Seat, target: str, round_no: int, now) -> None:
    was = votes.previous_target(phase, seat, round_no)
    Vote.objects.create(phase=phase, voter=seat, target=target, round=round_no, cast_at=now)
    votes.log_vote(change, phase, seat, target, round_no, was)


def answer_pending(change, phase: Phase) -> None:
    """The bots the engine's question waits for answer it at once: a re-vote round's
    ballots, or the deciding seat's choice (a hangman's)."""
    pending = phase.pending or {}
    game = change.game
    bots = {s.name: s for s in game.seats.filter(is_bot=True)}
    if not bots or not pending:
        return
    now = timezone.now()
    if pending.get("kind") == "round":
        round_no = open_round(phase)
        voted = current_votes(phase, round_no)
        for name in pending["voters"]:
            if name in bots and name not in voted and pending["choices"]:
                rng = _rng(game, phase, name, f"round{round_no}")
                ballot = rng.choice(pending["choices"])
                _store_vote(change, phase, bots[name], ballot, round_no, now)
    elif pending.get("actor") in bots and pending.get("choices"):
        seat = bots[pending["actor"]]
        if phase.actions.filter(seat=seat, ability=pending["ability"]).exists():
            return
        rng = _rng(game, phase, seat.name, f"decide{pending.get('index')}")
        targets = [rng.choice(pending["choices"])]
        Action.objects.create(
            phase=phase, seat=seat, ability=pending["ability"], targets=targets, submitted_at=now
        )
        summary = {"ability": pending["ability"], "targets": targets}
        change.log("action_recorded", f"seat:{seat.name}", summary, phase=phase)
        change.log("action_recorded", "gm", {"player": seat.name, **summary}, phase=phase)
