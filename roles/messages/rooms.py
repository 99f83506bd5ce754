"""Night chat rooms in the reader's language: the titles, notices and aliases a ruleset
gives its own rooms (sc2's Masons, the jail, the Spy's anonymous copies).

The engine's `ChatGroup` keeps its English words (they are the rules' and the
`simulate` output's); each is known here by its room id or its English text and said
by a message id ("room.masons", "room.notice.spy", "room.alias.jailor"). A faction's
chat is not here: the site names the faction ("Чат (Мафия)").

>>> room_title("jail:2", "ru"), room_alias("Jailor", "ru")
('Тюрьма', 'Тюремщик')
>>> room_title("faction:mafia", "ru") is None
True
"""

from __future__ import annotations

from .derive import message
from .render import render

# A room's id up to its first ":" ("jail:2" is the jail of night 2) -> its title.
TITLES = {"masons": "room.masons", "jail": "room.jail"}
# The engine's notices (roles/rulesets/sc2_chats.py), by their English.
NOTICES = {
    "A Spy, if there is one, reads this chat without names.": "room.notice.spy",
    "The Jailor's name is never shown here.": "room.notice.jail",
}
# The names a room shows instead of an author's (the Jailor, the Spy's copies).
ALIASES = {
    "Jailor": "room.alias.jailor",
    "Mafia": "room.alias.mafia",
    "Cultist": "room.alias.cultist",
    "Mason": "room.alias.mason",
}


def room_title(room_id: str, lang: str = "en") -> str | None:
    """The title of a room its ruleset names itself, or None (a faction's chat, a room
    not known here)."""
    mid = TITLES.get(room_id.partition(":")[0])
    return render(message(mid), lang) if mid else None


def room_notice(notice: str, lang: str = "en") -> str:
    mid = NOTICES.get(notice)
    return render(message(mid), lang) if mid else notice


def is_alias(name: str) -> bool:
    return name in ALIASES


def room_alias(alias: str, lang: str = "en") -> str:
    mid = ALIASES.get(alias)
    return render(message(mid), lang) if mid else alias
