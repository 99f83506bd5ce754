"""Posts: the day thread, the night chat rooms, the graveyard, the GM's
announcements, private messages and last words (flood control: core.check_rate)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

import roles
from games import rooms
from games.models import (
    Event,
    Phase,
    Post,
    PrivateMessages,
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
    if channel == Post.GRAVEYARD:
        if roulette.is_command(text):  # "-roulette", "-join", ...
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
        game = change.game
        if not getattr(user, "is_authenticated", False):
            raise ServiceError(gettext("Log in first."))
        first = submissions.first_submission(user, key, choice)
        if first is not None:
            return Post.objects.get(pk=first.created_id)
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
        recipient = None
        chat = None
        audiences: list[str]
        if channel == Post.ANNOUNCEMENT:
            audiences = ["public"]
        elif channel == Post.GRAVEYARD:
            if player is not None and player.alive:
                raise ServiceError(gettext("The graveyard chat is for the dead and spectators."))
            if is_gm:
                raise ServiceError(gettext("The graveyard chat is for the dead and spectators."))
            audiences = ["dead"]
        elif player is None:
            raise ServiceError(gettext("You are not playing in this game."))
        elif channel == Post.LAST_WORDS:
            if player.alive or not last_words_owed(game, seat):
                raise ServiceError(gettext("You have no last words to say."))
            audiences = ["public"]
        elif not player.alive:
            raise ServiceError(gettext("The dead cannot post here."))
        elif channel == Post.DAY:
            if phase.kind != Phase.DAY:
                raise ServiceError(gettext("The day thread is closed at night."))
            audiences = ["public"]
        elif channel in (Post.FACTION, Post.ROOM):
            chat = _room_to_write(state, player, room, by_faction=channel == Post.FACTION)
            channel, audiences = Post.ROOM, []  # logged once per copy, below
        elif channel == Post.PRIVATE:
            if game.private_messages == PrivateMessages.OFF:
                raise ServiceError(gettext("This game allows no private messages."))
            only_in = roles.get_ruleset(game.ruleset_id).private_messages_phase
            if only_in and phase.kind != only_in:
                raise ServiceError(
                    gettext("Private messages are allowed only at %(only_in)s in this game.")
                    % {"only_in": only_in}
                )
            recipient = game.seats.filter(name=to).first()
            if recipient is None or recipient == seat:
                raise ServiceError(gettext("Choose another player to write to."))
            if not state.player(recipient.name).alive:
                raise ServiceError(gettext("%(name)s is dead.") % {"name": recipient.name})
            audiences = [f"seat:{seat.name}", f"seat:{recipient.name}"]
            if game.private_messages == PrivateMessages.GM_SEES_ALL:
                audiences.append("gm")
        else:
            raise ServiceError(gettext("There is no such thread."))
        check_rate(game, user, now)
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
        submissions.remember(user, game, key, choice, "post", post.pk)
        payload = {
            "post": post.ref,
            "author": name,
            "channel": channel,
            "text": text,
            "phase": str(phase) if phase else outside_phases_key(game, now),
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
            for audience, author in rooms.copies(chat, name):
                change.log(kind, audience, {**in_room, **author}, phase=phase)
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
            raise ServiceError(gettext("Your faction has no chat.")) from None
        raise ServiceError(str(refusal)) from None
