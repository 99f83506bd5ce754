"""Night chat rooms: who may write, who may only read, how each author is shown.

`night_chats(state)` says which rooms exist in the current phase of a game. The
site builds every chat panel, socket group and post permission from that answer
(games/rooms.py), so a ruleset declares its rooms here and needs no site code:
`Ruleset.chat_rooms(state)`, or (None) one room per faction with a night chat.

A room's id is stable while the room lasts ("faction:mafia", "masons", "jail:2").
Members read its transcript while they belong to it and write while it is `open`
(at night), unless `silenced` (a prisoner talks only in his cell). Readers never
write and see every author as `reader_alias` (the sc2 Spy reads anonymously).
`aliases` is how a member is shown inside the room (the Jailor is "Jailor" to his
prisoner). The GM reads every room under real names: that is the site's part.

>>> from roles import new_game
>>> state = new_game("bay12", [{"name": n, "role": r} for n, r in
...     [("a", "mafioso"), ("b", "consort"), ("c", "townie")]], 1, {}, "night")
>>> [(room.id, room.members, room.open) for room in night_chats(state)]
[('faction:mafia', ('a', 'b'), True)]
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .ruleset import get_ruleset

if TYPE_CHECKING:
    from .model import GameState


@dataclass(frozen=True)
class ChatGroup:
    id: str
    title: str
    members: tuple[str, ...]
    open: bool
    readers: tuple[str, ...] = ()
    # member -> the name the room shows for him (absent: his own name)
    aliases: dict[str, str] = field(default_factory=dict)
    # what readers see instead of any author's name ("": what members see)
    reader_alias: str = ""
    # members who may not write now although the room is open
    silenced: tuple[str, ...] = ()
    # a line for the room's panel (the same for every ruleset game, never a secret)
    notice: str = ""

    def shown_as(self, author: str) -> str:
        """The author's name as the members read it."""
        return self.aliases.get(author, author)

    def shown_to_readers(self, author: str) -> str:
        return self.reader_alias or self.shown_as(author)

    def may_read(self, name: str) -> bool:
        return name in self.members or name in self.readers

    def may_write(self, name: str) -> bool:
        return self.open and name in self.members and name not in self.silenced

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "members": list(self.members),
            "open": self.open,
            "readers": list(self.readers),
            "aliases": dict(self.aliases),
            "reader_alias": self.reader_alias,
            "silenced": list(self.silenced),
            "notice": self.notice,
        }


def night_chats(state: GameState) -> list[ChatGroup]:
    """The rooms of the current phase (none once the game is over)."""
    if state.ended:
        return []
    hook = get_ruleset(state.ruleset).chat_rooms or faction_rooms
    return list(hook(state))


def rooms_of(state: GameState, name: str) -> list[ChatGroup]:
    """The rooms this player reads now, as member or reader."""
    return [room for room in night_chats(state) if room.may_read(name)]


# -- building blocks for the rulesets' hooks ----------------------------------------------


def is_night(state: GameState) -> bool:
    return not state.ended and state.phase_kind == "night"


def chat_factions(state: GameState) -> tuple[str, ...]:
    """Factions with a night chat: the informed factions unless the ruleset says
    otherwise (ru_sport: the mafia know each other but have no chat)."""
    ruleset = get_ruleset(state.ruleset)
    chosen = ruleset.night_chat_factions
    return tuple(ruleset.informed_factions if chosen is None else chosen)


def faction_rooms(state: GameState) -> list[ChatGroup]:
    """One room per faction with a night chat, for its living members, open at night."""
    ruleset = get_ruleset(state.ruleset)
    rooms = []
    for faction in chat_factions(state):
        members = tuple(p.name for p in state.players if p.faction == faction and p.alive)
        if members:
            title = f"{ruleset.factions.get(faction, faction.capitalize())} chat"
            rooms.append(ChatGroup(f"faction:{faction}", title, members, is_night(state)))
    return rooms


def role_room(
    state: GameState, room_id: str, title: str, role_ids: tuple[str, ...], notice: str = ""
) -> ChatGroup | None:
    """A room of the living holders of some roles (the Masons), open at night."""
    members = tuple(p.name for p in state.players if p.role in role_ids and p.alive)
    if not members:
        return None
    return ChatGroup(room_id, title, members, is_night(state), notice=notice)


def read_by(room: ChatGroup, readers: tuple[str, ...], alias: str, notice: str) -> ChatGroup:
    """The room with readers who see every author as `alias`."""
    return replace(room, readers=readers, reader_alias=alias, notice=notice)
