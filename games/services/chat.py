"""Posts: the day thread, the night chat rooms, the graveyard, the GM's
announcements, private messages and last words (flood control: core.check_rate)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

import roles
from games import rooms
from games.models import (
    Event,
    Game,
    Phase,
    Post,
    PrivateMessages,
    Seat,
    Status,
    outside_phases_key,
)
from games.services import roulette, submissions
from games.services.core import (
    MAX_POST_CHARS,
    ServiceError,
    check_rate,
    engine_state,
    is_spectator,
    lock_game,
    running_phase,
    runs_game,
)
from games.services.notes import last_words_owed
from games.text_safety import clean_text


def post_message(
    user, game_id: int, *, channel: str, text: str, to: str = "", room: str = "", key: str = ""
) -> Post | Event:
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

    A graveyard post starting with "-" is a roulette command (games/services/roulette.py):
    a move of the table, not a post; the returned value is then the move's event.

    `key`: the form's submission key (games/services/submissions.py): a retry of a
    post already stored returns that post and posts nothing.
    """
    # No direction-changing or invisible characters (U+202E turned lines around).
    text = clean_text(text or "").strip()
    if not text:
        raise ServiceError(gettext("Write something first."))
    if channel == Post.GRAVEYARD and roulette.is_command(text):  # "-roulette", "-join", ...
        return roulette.roulette_command(user, game_id, text)
    if len(text) > MAX_POST_CHARS:
        raise ServiceError(
            gettext("A post has at most %(max_post_chars)s characters.")
            % {"max_post_chars": MAX_POST_CHARS}
        )
    now = timezone.now()
    key = submissions.checked_key(key)
    choice = submissions.digest(post=text, channel=channel, to=to, room=room, game=game_id)
    with transaction.atomic():
        change = lock_game(game_id)
        if not getattr(user, "is_authenticated", False):
            raise ServiceError(gettext("Log in first."))
        first = submissions.first_submission(user, key, choice)
        if first is not None:
            return Post.objects.get(pk=first.created_id)
        writer = _writer(change.game, user, channel)
        thread = _thread(writer, channel, to, room)
        check_rate(change.game, user, now)
        post = _store(writer, thread, text, now)
        submissions.remember(user, change.game, key, choice, "post", post.pk)
        _log_post(change, writer, thread, post)
        change.finish()
    return post


@dataclass
class _Writer:
    """Who posts, as the game's lock read him, and the phase and engine state (None
    for an announcement outside any phase) his post is checked against."""

    user: object
    game: Game
    is_gm: bool
    seat: Seat | None
    phase: Phase | None
    state: roles.GameState | None
    player: roles.Player | None


@dataclass
class _Thread:
    """Where a post goes: its channel, the audiences of its event, a PM's recipient, a
    night room (its event is logged once per copy, not per audience)."""

    channel: str
    audiences: list[str]
    recipient: Seat | None = None
    chat: roles.ChatGroup | None = None


def _writer(game: Game, user, channel: str) -> _Writer:
    """The GM, a seat or a spectator; anyone else may post nowhere, and only the GM
    announces."""
    is_gm = runs_game(game, user)
    seat = game.seats.filter(user=user).first()
    watching = seat is None and not is_gm and is_spectator(game, user)
    if not (is_gm or seat or watching):
        raise ServiceError(gettext("You are not playing in this game."))
    if channel == Post.ANNOUNCEMENT and not is_gm:
        raise ServiceError(gettext("Only the GM makes announcements."))
    # The GM announces in the lobby and after the game too (outside any phase).
    outside = channel == Post.ANNOUNCEMENT and game.status != Status.RUNNING
    phase = None if outside else running_phase(game, None)
    state = None if outside else engine_state(game)
    player = state.player(seat.name) if seat and not outside else None
    return _Writer(user, game, is_gm, seat, phase, state, player)


def _thread(writer: _Writer, channel: str, to: str, room: str) -> _Thread:
    """The channel's own checks (CHANNELS); a channel of no such name is refused as a
    living player's thread would be, then as no thread."""
    thread_of = CHANNELS.get(channel)
    if thread_of is None:
        _living_player(writer)
        raise ServiceError(gettext("There is no such thread."))
    return thread_of(writer, to, room)


def _player(writer: _Writer) -> roles.Player:
    """The writer's player: the GM and spectators have none."""
    if writer.player is None:
        raise ServiceError(gettext("You are not playing in this game."))
    return writer.player


def _living_player(writer: _Writer) -> roles.Player:
    player = _player(writer)
    if not player.alive:
        raise ServiceError(gettext("The dead cannot post here."))
    return player


def _announcement(writer: _Writer, to: str, room: str) -> _Thread:
    return _Thread(Post.ANNOUNCEMENT, ["public"])  # the GM's (_writer)


def _graveyard(writer: _Writer, to: str, room: str) -> _Thread:
    """The dead and spectators (audience "dead": living players never read it)."""
    living = writer.player is not None and writer.player.alive
    if living or writer.is_gm:
        raise ServiceError(gettext("The graveyard chat is for the dead and spectators."))
    return _Thread(Post.GRAVEYARD, ["dead"])


def _last_words(writer: _Writer, to: str, room: str) -> _Thread:
    """Once, after death, when the engine announced them (notes.last_words_owed)."""
    player = _player(writer)
    if player.alive or not last_words_owed(writer.game, writer.seat):
        raise ServiceError(gettext("You have no last words to say."))
    return _Thread(Post.LAST_WORDS, ["public"])


def _day_thread(writer: _Writer, to: str, room: str) -> _Thread:
    _living_player(writer)
    if writer.phase.kind != Phase.DAY:
        raise ServiceError(gettext("The day thread is closed at night."))
    return _Thread(Post.DAY, ["public"])


def _faction_room(writer: _Writer, to: str, room: str) -> _Thread:
    player = _living_player(writer)
    return _Thread(Post.ROOM, [], chat=_room_to_write(writer.state, player, room, by_faction=True))


def _night_room(writer: _Writer, to: str, room: str) -> _Thread:
    player = _living_player(writer)
    return _Thread(Post.ROOM, [], chat=_room_to_write(writer.state, player, room, by_faction=False))


def _private_message(writer: _Writer, to: str, room: str) -> _Thread:
    """A living player to another living one, when the game allows private messages
    (and its ruleset, in this phase); option "gm": the GM reads them all."""
    _living_player(writer)
    game, seat = writer.game, writer.seat
    if game.private_messages == PrivateMessages.OFF:
        raise ServiceError(gettext("This game allows no private messages."))
    only_in = roles.get_ruleset(game.ruleset_id).private_messages_phase
    if only_in and writer.phase.kind != only_in:
        raise ServiceError(
            gettext("Private messages are allowed only at %(only_in)s in this game.")
            % {"only_in": only_in}
        )
    recipient = game.seats.filter(name=to).first()
    if recipient is None or recipient == seat:
        raise ServiceError(gettext("Choose another player to write to."))
    if not writer.state.player(recipient.name).alive:
        raise ServiceError(gettext("%(name)s is dead.") % {"name": recipient.name})
    audiences = [f"seat:{seat.name}", f"seat:{recipient.name}"]
    if game.private_messages == PrivateMessages.GM_SEES_ALL:
        audiences.append("gm")
    return _Thread(Post.PRIVATE, audiences, recipient=recipient)


# Each channel a post names, and its checks and audiences.
CHANNELS = {
    Post.ANNOUNCEMENT: _announcement,
    Post.GRAVEYARD: _graveyard,
    Post.LAST_WORDS: _last_words,
    Post.DAY: _day_thread,
    Post.FACTION: _faction_room,  # the room of one's faction
    Post.ROOM: _night_room,
    Post.PRIVATE: _private_message,
}


def _store(writer: _Writer, thread: _Thread, text: str, now) -> Post:
    seat = writer.seat
    return Post.objects.create(
        game=writer.game,
        phase=writer.phase,
        seat=seat,
        author=writer.user,
        author_name=seat.name if seat else writer.user.username,
        channel=thread.channel,
        room=thread.chat.id if thread.chat else "",
        recipient=thread.recipient,
        text=text,
        created_at=now,
    )


def _log_post(change, writer: _Writer, thread: _Thread, post: Post) -> None:
    """The post's event for each audience of its thread; a night room's once per copy
    (games/rooms.py: one for each way of showing the author)."""
    phase, now = writer.phase, post.created_at
    payload = {
        "post": post.ref,
        "author": post.author_name,
        "channel": post.channel,
        "text": post.text,
        "phase": str(phase) if phase else outside_phases_key(writer.game, now),
        "at": now.isoformat(),
    }
    if thread.recipient is not None:
        payload["to"] = thread.recipient.name
    if writer.is_gm:
        payload["gm"] = True
    kind = "pm" if post.channel == Post.PRIVATE else "post"
    for audience in thread.audiences:
        change.log(kind, audience, payload, phase=phase)
    if thread.chat is not None:
        in_room = {**payload, "room": thread.chat.id, "room_title": thread.chat.title}
        for audience, author in rooms.copies(thread.chat, post.author_name):
            change.log(kind, audience, {**in_room, **author}, phase=phase)


def _room_to_write(state: roles.GameState, player, room_id: str, by_faction: bool):
    """The night chat room this living player may write in now (games/rooms.py)."""
    if by_faction:
        room_id = f"faction:{player.faction}"
    try:
        return rooms.room_to_write(state, player.name, room_id)
    except rooms.RoomRefusal as refusal:
        if by_faction and not any(r.id == room_id for r in rooms.night_chats(state)):
            raise ServiceError(gettext("Your faction has no chat.")) from None
        raise ServiceError(str(refusal)) from None
