"""sc2's night chat rooms: the Mafia and the Cult (read by the Spy), the Masons (read
by the Spy), and the Jailor's anonymous jail.

sc2-reference 1.3 N0: 'Jail applied: prisoner roleblocked + protected; anonymous jail
chat'; 2.1 Mason: 'night chat with Masons + Mason Leader', 'Spy can read Mason chat';
2.1 Spy: 'Passive: reads Mafia/Triad/Cult/Mason night chat anonymously'. What the
references leave open is decided in RULINGS (printed by `python -m roles rules sc2`).
"""

from __future__ import annotations

from dataclasses import replace

from ..chats import ChatGroup, faction_rooms, read_by, role_room
from ..model import GameState

MASON_ROLES = ("mason", "mason_leader")
JAILOR_ALIAS = "Jailor"
SPY_NOTICE = "A Spy, if there is one, reads this chat without names."
# What the Spy sees instead of an author's name, per room.
SPY_ALIASES = {"faction:mafia": "Mafia", "faction:cult": "Cultist", "masons": "Mason"}

RULINGS = """
Night chats (sc2-reference 1.3 N0, 2.1 Mason, Spy, Jailor; decided where it is silent):
- The Mafia and the Cult each have a night chat; the Masons and the Mason Leader share
  one ('Masons'). Members write at night and read their room's whole transcript
  while they belong to it, like a forum quick-topic.
- The dead leave every night chat (they talk in the graveyard). A dead Mason reads
  the Mason chat no more.
- A recruited Citizen becomes a Mason at the end of the night (stage N8), so he joins
  the Mason chat from the next phase and then reads its earlier transcript; a
  converted Cultist joins the Cult chat the same way.
- The Spy reads the Mafia, Cult and Mason chats while alive, never writes, and sees
  every author as 'Mafia', 'Cultist' or 'Mason': no names. The members are not told
  whether a Spy exists; each of those rooms says that a Spy may read it.
- The jail chat exists only on a night the Jailor holds a prisoner (a jailing by day,
  voided by a lynch when jail_requires_no_lynch), while both live. It is anonymous:
  the prisoner sees the Jailor as 'Jailor', never his name; the Jailor sees the
  prisoner's name. The two may read it through the following day; a new night
  closes it.
- A prisoner talks only in his cell: that night he may read his other rooms but not
  write in them.
- The GM reads every room under the real names.
""".strip()


def rooms(state: GameState) -> list[ChatGroup]:
    """Every sc2 night room of the current phase (Ruleset.chat_rooms)."""
    spies = tuple(p.name for p in state.players if p.role == "spy" and p.alive)
    found = [*faction_rooms(state)]
    masons = role_room(state, "masons", "Masons", MASON_ROLES)
    if masons is not None:
        found.append(masons)
    found = [
        read_by(room, spies, SPY_ALIASES[room.id], SPY_NOTICE) if room.id in SPY_ALIASES else room
        for room in found
    ]
    jail = jail_room(state)
    if jail is None:
        return found
    prisoner = state.memory["sc2_jail"]["prisoner"]
    if jail.open:  # one door: tonight the prisoner writes only in his cell
        found = [
            replace(room, silenced=(*room.silenced, prisoner)) if prisoner in room.members else room
            for room in found
        ]
    return [*found, jail]


def jail_room(state: GameState) -> ChatGroup | None:
    """The cell of the night the Jailor holds a prisoner, or its transcript the day after."""
    cell = state.memory.get("sc2_jail")
    if not cell or state.ended:
        return None
    jailor, prisoner = cell["jailor"], cell["prisoner"]
    living = tuple(n for n in (prisoner, jailor) if state.player(n).alive)
    if state.phase_kind == "night":
        if cell["night"] != state.phase_number or len(living) < 2:
            return None
        is_open = True
    else:
        nights = [r["number"] for r in state.history if r["phase"] == "night"]
        if not nights or nights[-1] != cell["night"] or not living:
            return None
        is_open = False
    return ChatGroup(
        f"jail:{cell['night']}",
        "Jail",
        living,
        is_open,
        aliases={jailor: JAILOR_ALIAS},
        notice="The Jailor's name is never shown here.",
    )
