"""Last wills: what a living player writes for the town to read when he dies.

A ruleset has last wills where its options have `last_wills` (sc2: on by default,
off in its Classic and Clue presets); a game has them while that option is on.
`write_will(state, name, text)` is a transition of its own, beside `resolve_phase`
and `modkill`: it checks the writer and the text, and returns a new state whose
player carries the will (`memory["will"]`). The ruleset reads it when he dies
(sc2: the `last_will` event of the phase that killed him, unless the Janitor
sanitized the body; the Coroner's `coroner_discovers_last_will`).

A scenario (docs/scenario.md) gives a will with the player's `will` key, one of the
extra keys kept in `Player.extra`; a written will, even an empty one, replaces it.
The phase input and the scenario contract are unchanged: a will is part of the
state, like a modkill, and a site replays it from its own log.

>>> import roles
>>> state = roles.new_game("sc2", [{"name": n, "role": "citizen"} for n in "ABC"])
>>> roles.will_of(roles.write_will(state, "A", "B is lying."), "A")
'B is lying.'
"""

from __future__ import annotations

from .errors import IllegalAction, Reason
from .model import GameState, Player
from .ruleset import Ruleset, get_ruleset

OPTION = "last_wills"
MEMORY_KEY = "will"
MAX_WILL_CHARS = 2000

# Printed with the rules of every ruleset that has wills (`python -m roles rules`).
RULINGS = f"""\
- A living player writes his last will at any time of the game, day or night (paused
  or not), and may rewrite it as often as he likes: the latest text is his will.
  Writing an empty will erases it. At most {MAX_WILL_CHARS} characters.
- Until he dies the will is read by him and the GM only. When he dies it is read out
  with his death, as the ruleset's options say (the ruleset's rulings).
- The dead and the players of a finished game write no will; a ruleset without the
  'last_wills' option, or a game with it off, has none.
- After the game every will is shown, the ones never read out too.
- A will is part of the game state: the GM's site keeps each version in its log, so
  a replay of the game applies every will at the point it was written.
"""


def offers_wills(ruleset: Ruleset) -> bool:
    """Does this ruleset have last wills at all (an option that turns them on)?"""
    return any(option.id == OPTION for option in ruleset.options)


def wills_on(state: GameState) -> bool:
    """Are last wills on in this game?"""
    ruleset = get_ruleset(state.ruleset)
    return offers_wills(ruleset) and bool(ruleset.option(state.options, OPTION))


def player_will(player: Player) -> str:
    """The will a player carries: the one he wrote, else his scenario's `will` key."""
    if MEMORY_KEY in player.memory:
        return str(player.memory[MEMORY_KEY] or "")
    return str(player.extra.get(MEMORY_KEY) or "")


def will_of(state: GameState, name: str) -> str:
    """The current will of `name` ("" when he has none)."""
    return player_will(state.player(name))


def check_will(state: GameState, name: str, text: str) -> None:
    """Raise IllegalAction unless `name` may write `text` as his will now."""
    ruleset = get_ruleset(state.ruleset)
    if not offers_wills(ruleset):
        raise IllegalAction(Reason("refusal.no_wills", ruleset=ruleset.id))
    if not wills_on(state):
        raise IllegalAction(Reason("refusal.wills_off"))
    if state.ended:
        raise IllegalAction(Reason("refusal.ended"))
    if not isinstance(name, str) or not state.has_player(name):
        raise IllegalAction(Reason("refusal.unknown_player", player=name))
    if not state.player(name).alive:
        raise IllegalAction(Reason("refusal.will_dead", player=name))
    if not isinstance(text, str):
        raise IllegalAction(Reason("refusal.will_text"))
    if len(text) > MAX_WILL_CHARS:
        raise IllegalAction(Reason("refusal.will_long", n=MAX_WILL_CHARS))


def write_will(state: GameState, name: str, text: str) -> GameState:
    """A new state in which `name`'s will is `text` (the old state is not changed)."""
    check_will(state, name, text)
    new = state.copy()
    new.player(name).memory[MEMORY_KEY] = text
    return new
