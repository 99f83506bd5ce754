"""The lobby: create a game, join and leave it, open and close sign-ups, start it or
cancel it, watch it as a spectator."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

import roles
from games import masks as masking
from games import ruleset_words
from games import text as game_text
from games.models import (
    Game,
    Phase,
    PrivateMessages,
    Seat,
    Spectator,
    Status,
)
from games.services.activity import checked_settings
from games.services.core import (
    NAME_MAX_CHARS,
    Change,
    ServiceError,
    act_as_gm,
    check_seconds,
    lock_game,
    preset_size,
    runs_game,
    seat_of,
)
from games.services.phases import open_next_phase
from games.services.setups import playable_version, problems_text

SEED_BITS = 128  # a seed no player can search from a few known roles


def new_seed() -> int:
    return secrets.randbits(SEED_BITS)


def create_game(
    gm,
    *,
    name: str,
    ruleset_id: str,
    preset_id: str = "",
    day_seconds,
    night_seconds,
    reveal_mode: str = "",
    options: dict | None = None,
    first_phase: str = "night",
    seed: int | None = None,
    private_messages: str = "",
    setup_version=None,
    open_setup: bool = False,
    roulette_spectators: bool = True,
    masks: bool = False,
    mask_names=None,
    activity: dict | None = None,
) -> Game:
    """Create a game of a preset (`preset_id`) or of a setup's version (`setup_version`,
    the GM's own or a public one, whose engine check must pass with the game's final
    options); `private_messages` empty: the ruleset's default. An open setup shows the
    players its role list (games/viewer.py); `roulette_spectators`: spectators play the
    graveyard's roulette like the dead (games/services/roulette.py); `masks`: the game is
    played with masks dealt from `mask_names` (None: the ruleset's default list;
    games/masks.py); `activity`: the activity settings (games/services/activity.py), the
    ruleset's defaults if None."""
    if not getattr(gm, "is_authenticated", False):
        raise ServiceError(gettext("Log in first."))
    name = _checked_name(name)
    ruleset = _ruleset_to_play(ruleset_id, preset_id, setup_version)
    if first_phase not in (Phase.DAY, Phase.NIGHT):
        raise ServiceError(gettext("A game starts by day or by night."))
    private_messages = private_messages or ruleset.private_messages_default
    if private_messages not in PrivateMessages.values:
        raise ServiceError(gettext("Private messages are off, on, or on with the GM reading them."))
    day = check_seconds("day", day_seconds)
    night = check_seconds("night", night_seconds)
    activity_settings = checked_settings(ruleset, activity)
    options = dict(options or {})
    reveal_mode = _reveal_mode(ruleset, reveal_mode, options)
    with transaction.atomic():
        version, setup = _setup_to_play(gm, ruleset, preset_id, setup_version, options)
        if version is not None:
            preset_id = ""
        mask_list = _mask_list(ruleset.id, masks, mask_names, len(setup["slots"]))
        game = Game.objects.create(
            name=name,
            gm=gm,
            ruleset_id=ruleset.id,
            preset_id=preset_id,
            setup_version=version,
            setup=setup,
            open_setup=bool(open_setup),
            roulette_spectators=bool(roulette_spectators),
            masks=bool(masks),
            mask_names=mask_list,
            options=setup["options"],
            reveal_mode=reveal_mode,
            day_seconds=day,
            night_seconds=night,
            first_phase=first_phase,
            private_messages=private_messages,
            seed=new_seed() if seed is None else int(seed),
            **activity_settings,
        )
        change = Change(game=game, events=[])
        change.log("game_created", "public", {"name": name, "gm": gm.username})
        change.finish()
    return game


def _checked_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise ServiceError(gettext("Give the game a name."))
    if len(name) > NAME_MAX_CHARS:
        raise ServiceError(
            gettext("A game name has at most %(name_max_chars)s characters.")
            % {"name_max_chars": NAME_MAX_CHARS}
        )
    return name


def _ruleset_to_play(ruleset_id: str, preset_id: str, setup_version) -> roles.Ruleset:
    """The game's ruleset, with the preset asked for (unless it plays a setup)."""
    try:
        ruleset = roles.get_ruleset(ruleset_id)
    except KeyError:
        raise ServiceError(
            gettext("There is no ruleset %(ruleset_id)s.") % {"ruleset_id": repr(ruleset_id)}
        ) from None
    if setup_version is None and preset_id not in ruleset.presets:
        raise ServiceError(
            gettext("Ruleset %(title)s has no preset %(preset_id)s.")
            % {"title": ruleset_words.ruleset_title(ruleset), "preset_id": repr(preset_id)}
        )
    return ruleset


def _reveal_mode(ruleset: roles.Ruleset, reveal_mode: str, options: dict) -> str:
    """The reveal mode, one of the ruleset's, set in `options` too; "" for a ruleset
    of no reveal modes."""
    reveal_choices = reveal_modes(ruleset)
    if not reveal_choices:
        return ""
    if reveal_mode not in reveal_choices:
        raise ServiceError(
            gettext("Reveal mode must be one of %(join)s.")
            % {"join": ruleset_words.listed_choices(reveal_choices)}
        )
    options[REVEAL_OPTION] = reveal_mode
    return reveal_mode


def _setup_to_play(gm, ruleset: roles.Ruleset, preset_id: str, setup_version, options: dict):
    """The setup version (None for a preset) and the setup the game plays: the game's
    options over the setup's, resolved by the ruleset, the engine's check passed."""
    version = None
    if setup_version is not None:
        version = playable_version(gm, setup_version)
        if version.setup.ruleset_id != ruleset.id:
            raise ServiceError(
                gettext("That setup is for another ruleset, not %(title)s.")
                % {"title": ruleset_words.ruleset_title(ruleset)}
            )
        setup = version.as_setup()
    else:
        setup = roles.preset_setup(ruleset.id, preset_id)
    try:
        resolved = ruleset.resolved_options({**setup["options"], **options})
    except ValueError as error:
        raise ServiceError(str(error)) from None
    setup = {**setup, "options": resolved}
    check = _checked(setup)
    if not check["ok"]:
        raise ServiceError(
            gettext("This setup cannot be played yet.")
            + " "
            + problems_text(check["problems"], ruleset.id)
        )
    return version, setup


def _mask_list(ruleset_id: str, masks: bool, mask_names, seats: int) -> list[str]:
    """The game's mask list (empty without masks), or a ServiceError saying what is wrong."""
    if not masks:
        return []
    if mask_names is None:
        mask_names = masking.default_masks(ruleset_id)
    mask_list = masking.parse_masks(mask_names)
    problems = masking.mask_problems(mask_list, seats)
    if problems:
        raise ServiceError(" ".join(problems))
    return masking.distinct_masks(mask_list)


def _checked(setup: dict) -> dict:
    try:
        return roles.check_setup(setup)
    except roles.SetupError as error:
        raise ServiceError(str(error)) from None


REVEAL_OPTION = "reveal"


def reveal_modes(ruleset) -> tuple:
    """The ruleset's reveal option choices, if it has a reveal option."""
    for option in ruleset.options:
        if option.id == REVEAL_OPTION:
            return tuple(option.choices)
    return ()


def join_game(user, game_id: int) -> Seat:
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        if not getattr(user, "is_authenticated", False):
            raise ServiceError(gettext("Log in first."))
        if game.status != Status.LOBBY:
            raise ServiceError(gettext("This game has already started."))
        if not game.signups_open:
            raise ServiceError(gettext("Sign-ups for this game are closed."))
        if runs_game(game, user):
            who = "The GM" if game.gm_id == user.id else "A co-GM"
            raise ServiceError(
                gettext("%(who)s runs the game and does not play in it.") % {"who": who}
            )
        if game.seats.filter(user=user).exists():
            raise ServiceError(gettext("You have already joined this game."))
        if game.seats.count() >= preset_size(game):
            raise ServiceError(gettext("This game is full."))
        seat = Seat.objects.create(game=game, user=user, name=user.username)
        change.log("joined", masking.signups_audience(game), {"player": seat.name})
        change.finish()
    return seat


def leave_game(user, game_id: int) -> None:
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        seat = seat_of(game, user)
        if game.status != Status.LOBBY or not game.signups_open:
            raise ServiceError(gettext("You can only leave while sign-ups are open."))
        seat.delete()
        change.log("left", masking.signups_audience(game), {"player": user.username})
        change.finish()


def set_signups(gm, game_id: int, open_: bool) -> None:
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        act_as_gm(change, gm)
        if game.status != Status.LOBBY:
            raise ServiceError(gettext("This game has already started."))
        if game.signups_open == open_:
            raise ServiceError(
                gettext("Sign-ups are already open.")
                if open_
                else gettext("Sign-ups are already closed.")
            )
        game.signups_open = open_
        change.log("signups", "public", {"open": open_})
        change.finish()


def start_game(gm, game_id: int, now: datetime | None = None) -> Phase:
    now = now or timezone.now()
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        act_as_gm(change, gm)
        if game.status != Status.LOBBY:
            raise ServiceError(gettext("This game has already started."))
        if game.signups_open:
            raise ServiceError(gettext("Close sign-ups before starting."))
        seats = _seats_to_deal(game)
        names = _seat_names(game, seats)
        roll, state = _dealt_game(game, names)
        game.state = state.to_dict()
        game.move_to(Status.RUNNING)
        game.started_at = now
        change.log("game_started", "public", {"players": names})
        if game.masks:
            _log_masks(change, seats)
        _log_the_deal(change, game, roll, state)
        phase = open_next_phase(change, state, now)
        change.finish()
    return phase


DEALT_KIND = "dealt"
MASKS_KIND = "masks"


def _seats_to_deal(game: Game) -> list[Seat]:
    """The seats in the order they joined, as many as the setup needs."""
    seats = list(game.seats.select_related("user").order_by("joined_at", "id"))
    needed = preset_size(game)
    if len(seats) != needed:
        raise ServiceError(
            gettext("The setup needs %(needed)s players; %(len)s have joined.")
            % {"needed": needed, "len": len(seats)}
        )
    return seats


def _dealt_game(game: Game, names: list[str]) -> tuple[dict, roles.GameState]:
    """The setup's roll with the game's seed (a preset's slots are all fixed), then the
    deal's shuffle onto the seats: both part of the record; and the engine's new game."""
    try:
        roll = roles.roll_setup(game.setup, game.seed)
    except roles.InvalidSetup as error:
        problems = problems_text(error.problems, game.ruleset_id)
        raise ServiceError(gettext("This setup cannot be played.") + " " + problems) from None
    dealt = roles.deal_roles(roll["roles"], names, game.seed)
    try:
        state = roles.new_game(
            game.ruleset_id,
            dealt,
            seed=game.seed,
            options=game.options,
            first_phase=game.first_phase,
        )
    except roles.IllegalAction as refusal:  # sc2's options that cannot be played
        said = game_text.refusal_sentence(refusal.reason, ruleset=game.ruleset_id)
        said = gettext("This game cannot start.") + " " + said
        raise ServiceError(said, refusal.message) from None
    return roll, state


def _log_the_deal(change: Change, game: Game, roll: dict, state: roles.GameState) -> None:
    """What each seat is told of its role, the GM's copy of the deal, the teams that
    know each other."""
    # Each seat is told what the engine says it knows (roles.known_role: a ru_eleven
    # commissar reads "Civilian"); the GM's copy of the deal holds the truth.
    for player in state.players:
        known = roles.known_role(state, player.name)
        change.log(
            "role",
            f"seat:{player.name}",
            {"role": known["role"], "name": known["name"], "faction": known["faction"]},
        )
    change.log(
        DEALT_KIND,
        "gm",
        {"players": dealt_payload(state), "slots": rolled_slots(game.setup, roll)},
    )
    for faction in roles.get_ruleset(game.ruleset_id).informed_factions:
        members = [p.name for p in state.players if p.faction == faction]
        if members:
            change.log("teammates", f"faction:{faction}", {"members": members})


def _seat_names(game: Game, seats: list[Seat]) -> list[str]:
    """The engine's players in seating order. With masks, each seat is renamed to the
    mask dealt to it (two steps: a mask may be another seat's account name) and the
    seating order is the masks', not the order of sign-ups."""
    if not game.masks:
        return [seat.name for seat in seats]
    dealt = masking.deal_masks(game.mask_names, len(seats), game.seed)
    for seat in seats:
        Seat.objects.filter(pk=seat.pk).update(name=f"#{seat.pk}")  # no mask nor username has "#"
    for seat, mask in zip(seats, dealt, strict=True):
        seat.name = mask
        seat.save(update_fields=["name"])
    return masking.seating_order(dealt)


def _log_masks(change: Change, seats: list[Seat]) -> None:
    """Who is behind each mask, for the GM (everyone's after the game), and each seat's
    own mask for its player."""
    behind = sorted((seat.name, seat.user.username) for seat in seats)
    change.log(MASKS_KIND, "gm", {"masks": [{"mask": m, "account": a} for m, a in behind]})
    for seat in seats:
        change.log("your_mask", f"seat:{seat.name}", {"mask": seat.name})


def dealt_payload(state: roles.GameState) -> list[dict]:
    """The deal as the GM reads it, in seating order: each seat's role and, where the
    seat is told another, what it is told."""
    ruleset = roles.get_ruleset(state.ruleset)
    entries = []
    for player in state.players:
        role = ruleset.role_of(player)
        entry = {"player": player.name, "role": role.id, "name": role.name}
        told = ruleset.told_role(state, player)
        if told.id != role.id:
            entry.update(told=told.id, told_name=told.name)
        entries.append(entry)
    return entries


def rolled_slots(setup: dict, roll: dict) -> list[dict]:
    """What each slot of the setup became, in slot order, for the GM's copy of the deal
    (and everyone's once the game is over): the slot as built, the role it rolled,
    and the category it fell back to if any."""
    rolled = []
    for slot, result in zip(setup["slots"], roll["slots"], strict=True):
        entry = {"slot": result["slot"], "role": result["role"]}
        if "category" in slot:
            entry["category"] = slot["category"]
            entry["fallback"] = result.get("fallback")
        rolled.append(entry)
    return rolled


def dealt_roles(game: Game) -> dict[str, str]:
    """Each seat's role at the deal (seat name -> role id), from the GM's copy."""
    event = game.events.filter(kind=DEALT_KIND, audience="gm").first()
    return {e["player"]: e["role"] for e in event.payload["players"]} if event else {}


CANCEL_REASON_MAX_CHARS = 500


def cancel_game(gm, game_id: int, reason: str = "", now: datetime | None = None) -> None:
    """The GM calls the game off during sign-ups, saying why if he likes. It becomes
    CANCELLED for good (every later change is refused by `lock_game`); the players who
    joined keep their seats on its page and are told by a public event (the sign-up
    page reloads on it)."""
    now = now or timezone.now()
    reason = (reason or "").strip()
    if len(reason) > CANCEL_REASON_MAX_CHARS:
        raise ServiceError(
            gettext("Say why in at most %(cancel_reason_max_chars)s characters.")
            % {"cancel_reason_max_chars": CANCEL_REASON_MAX_CHARS}
        )
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        act_as_gm(change, gm)
        if game.status == Status.RUNNING:
            raise ServiceError(gettext("The game has started: it can no longer be cancelled."))
        if game.status != Status.LOBBY:
            raise ServiceError(gettext("The game is over: there is nothing to cancel."))
        players = list(game.seats.order_by("joined_at", "id").values_list("name", flat=True))
        game.move_to(Status.CANCELLED)
        game.signups_open = False
        game.finished_at = now
        change.log(
            "game_cancelled", "public", {"gm": gm.username, "players": players, "reason": reason}
        )
        change.finish()


def refuse_replaced_spectator(game: Game, user) -> None:
    """A player replaced out of a game does not come back to watch it: he knows a
    living seat's secrets and would read the graveyard."""
    replaced = game.events.filter(kind="replaced", audience__in=("public", "gm"))
    if replaced.filter(payload__was=user.username).exists():
        raise ServiceError(gettext("You were replaced in this game and cannot watch it."))


def watch_game(user, game_id: int) -> Spectator:
    """Watch a game without a seat: its public thread and the graveyard chat."""
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        if not getattr(user, "is_authenticated", False):
            raise ServiceError(gettext("Log in first."))
        if runs_game(game, user):
            who = "The GM" if game.gm_id == user.id else "A co-GM"
            raise ServiceError(gettext("%(who)s already sees everything.") % {"who": who})
        if game.seats.filter(user=user).exists():
            raise ServiceError(gettext("Players cannot spectate their own game."))
        refuse_replaced_spectator(game, user)
        if game.status == Status.FINISHED:
            raise ServiceError(gettext("The game is over: everything is open to read."))
        spectator, created = Spectator.objects.get_or_create(game=game, user=user)
        if not created:
            raise ServiceError(gettext("You are already watching this game."))
        change.log("spectator_joined", "dead", {"spectator": user.username})
        change.finish()
    return spectator
