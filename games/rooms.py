"""Night chat rooms on the site, all from the engine's `roles.night_chats(state)`.

A post in a room is stored once (Post, channel "room") and logged once per way of
showing its author:
- "room:<room id>": the members' copy, each author as the room shows him (the
  Jailor is "Jailor" to his prisoner);
- "room-read:<room id>": the readers' copy, every author under the readers' alias
  (the sc2 Spy reads anonymously);
- "gm": the GM's copy, under real names. The GM never receives the other two copies
  (games/services/push.py, games/viewer.py), so no room is shown to him twice.
A socket joins the groups of the rooms its seat reads now (games/live/consumers.py);
pages show the transcript of each such room from the copies this viewer may read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone, translation
from django.utils.translation import get_language, gettext

import roles
from games.models import Event, Post
from roles.chats import ChatGroup, night_chats, rooms_of
from roles.messages import language
from roles.messages import rooms as room_words

MEMBERS = "room:"
READERS = "room-read:"
ROOMS_KIND = "rooms"  # a seat's rooms changed (a consumer regroups on it)


def room_title(room_id: str, title: str, ruleset_id: str | None, lang: str | None = None) -> str:
    """A room's title in the reader's language: a faction's chat names the faction in
    his words ("Чат (Мафия)"); a room a ruleset names itself ("masons", "jail:2") is
    said by its message (roles/messages/rooms.py); an unknown one keeps its title."""
    lang = language(lang or get_language())
    if not room_id.startswith("faction:"):
        return room_words.room_title(room_id, lang) or title
    faction = roles.faction_name(ruleset_id, room_id[len("faction:") :], lang)
    if not faction:
        return title
    with translation.override(lang):
        return gettext("%(faction)s chat") % {"faction": faction}


def room_notice(notice: str, lang: str | None = None) -> str:
    """A room's notice ("A Spy, if there is one, reads this chat ...") in words."""
    return room_words.room_notice(notice, language(lang or get_language()))


def post_author(payload: dict, lang: str | None = None) -> str:
    """A room post's author as this copy shows him, in the reader's language: an alias
    ("Jailor", the Spy's "Mafia") is the room's word, the GM's "xena (as Jailor)" too.
    Only a copy that says it shows an alias (`alias`) is read so: a player may be
    called "Mason"."""
    author = str(payload.get("author", ""))
    alias = payload.get("alias")
    if not alias or not room_words.is_alias(alias):
        return author
    lang = language(lang or get_language())
    said = room_words.room_alias(alias, lang)
    if author == alias:
        return said
    suffix = f" (as {alias})"
    if author.endswith(suffix):
        with translation.override(lang):
            return gettext("%(name)s (as %(alias)s)") % {
                "name": author[: -len(suffix)],
                "alias": said,
            }
    return author


def post_in(payload: dict, ruleset_id: str | None, lang: str | None = None) -> dict:
    """A room post's payload with its author and room title in the reader's words (a
    pushed frame, a replay's line); another post as it is."""
    if not payload.get("room"):
        return payload
    title = payload.get("room_title") or payload["room"]
    return {
        **payload,
        "author": post_author(payload, lang),
        "room_title": room_title(payload["room"], title, ruleset_id, lang),
    }


def is_room_audience(audience: str) -> bool:
    return audience.startswith((MEMBERS, READERS))


def audience_in(room: ChatGroup, name: str) -> str:
    """The copy this player reads: the members' or the readers'."""
    return MEMBERS + room.id if name in room.members else READERS + room.id


def audiences_of(state, name: str) -> set[str]:
    return {audience_in(room, name) for room in rooms_of(state, name)}


def regrouped(before, after) -> dict[str, dict]:
    """The seats whose socket groups (games/viewer.py, Viewer.audiences) differ between
    two states of a running game: alive or dead, the faction, the rooms read; each with
    what its seat is now (`groups_now`). A phase close tells the sockets (games/
    services/push.py), so only these regroup, and in memory (games/live/consumers.py)."""
    rooms_before, rooms_after = night_chats(before), night_chats(after)

    def differs_by(groups: dict) -> tuple:  # the dead read no faction and no room
        return (True, groups["faction"], *groups["rooms"]) if groups["alive"] else (False,)

    old = {p.name: differs_by(groups_now(p, rooms_before)) for p in before.players}
    now = {p.name: groups_now(p, rooms_after) for p in after.players}
    return {name: groups for name, groups in now.items() if differs_by(groups) != old.get(name)}


def groups_now(player, rooms) -> dict:
    """What a seat's groups follow from, as games/viewer.py `read_seat` reads it off
    the state: its life, its real faction, and the rooms it reads while alive."""
    read = [audience_in(room, player.name) for room in rooms if room.may_read(player.name)]
    return {
        "alive": player.alive,
        "faction": player.faction,
        "rooms": sorted(read) if player.alive else [],
    }


def room_to_write(state, name: str, room_id: str) -> ChatGroup:
    """The room this player may write in now, or RoomRefusal saying why not."""
    room = next((r for r in night_chats(state) if r.id == room_id), None)
    if room is None or not room.may_read(name):
        raise RoomRefusal(gettext("You are in no such chat."))
    if name not in room.members:
        raise RoomRefusal(gettext("You may only read this chat."))
    if not room.open:
        raise RoomRefusal(
            gettext("%(title)s: this chat is open at night only.")
            % {"title": room_title(room.id, room.title, state.ruleset)}
        )
    if name in room.silenced:
        raise RoomRefusal(gettext("You cannot write in this chat tonight."))  # a prisoner
    return room


class RoomRefusal(ValueError):
    pass


def copies(room: ChatGroup, author: str) -> list[tuple[str, dict]]:
    """(audience, the author as that audience reads him) for one post: {"author"}, and
    {"alias"} where the room shows an alias instead of his name (said in the reader's
    words by `post_author`)."""

    def shown_as(shown: str) -> dict:
        return {"author": shown} if shown == author else {"author": shown, "alias": shown}

    shown = room.shown_as(author)
    out = [(MEMBERS + room.id, shown_as(shown))]
    if room.readers:
        out.append((READERS + room.id, shown_as(room.shown_to_readers(author))))
    gm = {"author": author} if shown == author else {"author": f"{author} (as {shown})"}
    out.append(("gm", gm if shown == author else {**gm, "alias": shown}))
    return out


def log_room_changes(change, phase, before, after) -> None:
    """Tell each living seat whose rooms changed (a jailing at day's end, a recruit or
    a conversion at night's end): the event also makes its socket regroup."""
    if after.ended:
        return
    old_rooms, new_rooms = night_chats(before), night_chats(after)
    for player in after.alive():
        old = {r.id: r.title for r in old_rooms if r.may_read(player.name)}
        new = {r.id: r.title for r in new_rooms if r.may_read(player.name)}
        joined = [title for room_id, title in new.items() if room_id not in old]
        left = [title for room_id, title in old.items() if room_id not in new]
        if not joined and not left:
            continue
        lines = [f"now in the {title}" for title in joined]
        lines += [f"left the {title}" for title in left]
        text = f"{player.name}: {', '.join(lines)}."  # the GM's log says whose
        payload = {"player": player.name, "joined": joined, "left": left, "text": text}
        payload["joined_ids"] = [r for r in new if r not in old]  # titles in words (text.py)
        payload["left_ids"] = [r for r in old if r not in new]
        change.log(ROOMS_KIND, f"seat:{player.name}", payload, phase=phase)


# -- the panels of a page ----------------------------------------------------------------


@dataclass
class RoomPanel:
    id: str
    title: str
    notice: str = ""
    may_write: bool = False
    read_only: bool = False
    silenced: bool = False  # a member kept from writing tonight (a prisoner)
    closed: bool = False  # past: no longer open to anyone
    members: list[str] = field(default_factory=list)  # shown to the GM only
    posts: list[dict] = field(default_factory=list)

    @property
    def dom_id(self) -> str:
        return "room-" + "".join(c if c.isalnum() else "-" for c in self.id)


def panels(viewer, state) -> list[RoomPanel]:
    """The rooms this viewer reads, each with the posts he may read, oldest first.

    A seat: the rooms it reads now (roles.night_chats) with their copies for it. The
    GM: every room that exists now and every room that ever had a post (real names).
    Once the game is over, everyone reads every room under real names."""
    found: dict[str, RoomPanel] = {}
    everything = viewer.is_gm or viewer.game.status == "finished"
    name = viewer.seat.name if viewer.seat is not None and viewer.alive else None
    for room in night_chats(state):
        if everything:
            panel = RoomPanel(
                room.id,
                room_title(room.id, room.title, state.ruleset),
                room_notice(room.notice),
                members=_gm_members(room),
            )
        elif name and room.may_read(name):
            reads_only = name not in room.members
            panel = RoomPanel(
                room.id,
                room_title(room.id, room.title, state.ruleset),
                room_notice(room.notice),
                read_only=reads_only,
            )
            panel.may_write = room.may_write(name)
            panel.silenced = room.open and name in room.silenced
        else:
            continue
        found[room.id] = panel
    if everything:  # the GM's copies: real names
        events = Event.objects.filter(game=viewer.game, audience="gm", kind="post")
        events = events.filter(payload__channel=Post.ROOM)
    else:
        wanted = [audience_in(r, name) for r in night_chats(state) if name and r.may_read(name)]
        events = Event.objects.filter(game=viewer.game, audience__in=wanted, kind="post")
    for event in events.order_by("seq"):
        room_id = event.payload.get("room", "")
        panel = found.get(room_id)
        if panel is None:  # a past room (the GM, or anyone once the game is over)
            panel = found[room_id] = RoomPanel(
                room_id,
                room_title(room_id, event.payload.get("room_title", room_id), state.ruleset),
            )
            panel.closed = True
        panel.posts.append(_post_entry(event.payload))
    return list(found.values())


def _gm_members(room: ChatGroup) -> list[str]:
    def member(name: str) -> str:
        shown = room.shown_as(name)
        if shown == name:
            return name
        alias = room_words.room_alias(shown, language(get_language()))
        return gettext("%(name)s (as %(alias)s)") % {"name": name, "alias": alias}

    readers = [gettext("%(name)s (reads)") % {"name": name} for name in room.readers]
    return [member(name) for name in room.members] + readers


def _post_entry(payload: dict) -> dict:
    at = payload.get("at", "")
    try:
        # The reader's clock (the page's active zone), as every other time he reads.
        time = timezone.localtime(datetime.fromisoformat(at)).strftime("%H:%M:%S")
    except ValueError:
        time = ""
    return {
        "post": payload.get("post"),
        "author": post_author(payload),
        "text": payload.get("text", ""),
        "phase": payload.get("phase", ""),
        "time": time,
    }
