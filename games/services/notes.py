"""Posthumous words: the prepared note a player may leave (shown when he dies), the
last will the engine reads out with a death (sc2), and the last words the engine
announces for a dead player."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

import roles
from games import text as game_text
from games.models import (
    Game,
    Phase,
    Post,
    Seat,
)
from games.services.core import (
    MAX_POST_CHARS,
    Change,
    ServiceError,
    engine_state,
    lock_game,
    running_phase,
    seat_of,
)

NOTE_KIND = "note"


DEATH_NOTE_KIND = "death_note"


# A version of a player's last will (read by him and the GM), and a will the engine
# read out with a death (public, one line each, shown beside the headline).
WILL_KIND = "will"


LAST_WILL_KIND = "last_will"


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
        raise ServiceError(gettext("Write something first."))
    if len(text) > MAX_POST_CHARS:
        raise ServiceError(
            gettext("A note has at most %(max_post_chars)s characters.")
            % {"max_post_chars": MAX_POST_CHARS}
        )
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        seat = seat_of(game, user)
        phase = running_phase(game, None)
        player = engine_state(game).player(seat.name)
        if not player.alive:
            raise ServiceError(gettext("The dead cannot write a note."))
        ruleset = roles.get_ruleset(game.ruleset_id)
        if ruleset.death_notes != "prepared":
            raise ServiceError(gettext("This game has no posthumous notes."))
        if not ruleset.leaves_note(player):
            raise ServiceError(gettext("Your role leaves no posthumous note."))
        change.log(NOTE_KIND, f"seat:{seat.name}", {"player": seat.name, "text": text}, phase)
        change.finish()


def log_death_notes(
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


def current_will(game: Game, name: str) -> str:
    """A player's last will as it stands (the engine's state is the truth)."""
    return roles.will_of(engine_state(game), name)


def write_will(user, game_id: int, text: str) -> None:
    """Write, rewrite or (with an empty text) erase one's last will, where the game has
    wills, day or night: the engine applies it (roles.write_will) to the stored state,
    and the log keeps the version for its author and the GM, so that a replay of the
    game can apply it again at the point it was written."""
    if not isinstance(text, str):
        raise ServiceError(gettext("A last will is text."))
    text = text.replace("\r\n", "\n").strip()  # a form's textarea sends CR LF
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        seat = seat_of(game, user)
        phase = running_phase(game, None)
        try:  # the engine says who may write what (the dead, a game without wills)
            state = roles.write_will(engine_state(game), seat.name, text)
        except roles.IllegalAction as refusal:
            said = game_text.refusal_sentence(refusal.reason)
            raise ServiceError(said, refusal.message) from None
        game.state = state.to_dict()
        change.log(WILL_KIND, f"seat:{seat.name}", {"player": seat.name, "text": text}, phase)
        change.finish()


def log_last_wills(change: Change, phase: Phase, events: list[roles.Event]) -> None:
    """Each will the engine read out with this phase's deaths (entries of its public
    outcome) as a public line of its own, shown beside the headline like a note."""
    for event in events:
        if event.kind != "phase_closed" or event.audience != "public":
            continue
        for entry in event.payload.get("events", []):
            if entry.get("kind") == LAST_WILL_KIND:
                will = {"player": entry.get("player"), "text": entry.get("text", "")}
                change.log(LAST_WILL_KIND, "public", will, phase)


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
