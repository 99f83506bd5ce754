"""Game text in words: one line for each event of the log, the same for a page and a
push (the templates' filters in games/templatetags/game_tags.py and the socket
messages of games/services/push.py both render through here)."""

import re

# Log kinds that are bookkeeping, shown elsewhere on the page (posts, votes).
QUIET_KINDS = {"post", "pm", "vote", "game_created"}


def result_text(result: dict) -> str:
    if result.get("kind") == "last_will":  # a Coroner reads a body's will (sc2)
        will = result.get("value") or "none was written"
        return f"{result.get('to', '?')}: {result.get('target')}'s last will: {will}"
    parts = [f"{result.get('to', '?')}: {result.get('kind', '')}"]
    if result.get("target"):
        parts.append(f"on {result['target']}")
    if "value" in result:
        value = result["value"]
        parts.append("→ " + (", ".join(map(str, value)) if isinstance(value, list) else str(value)))
    return " ".join(parts)


# Entries of a phase's outcome that the log also holds as events of their own (a will
# read out with a death: games/services/notes.py log_last_wills), told there once.
OWN_LINE_KINDS = {"last_will"}


def outcome_text(p: dict) -> str:
    """The public outcome of a phase: headline, deaths with descriptions, the lynch."""
    parts = [f"{str(p.get('phase', '')).capitalize()} {p.get('number')} ended."]
    if p.get("headline"):
        parts.append(str(p["headline"]))
    if "tally" in p:
        counted = ", ".join(f"{name} {count}" for name, count in p["tally"].items())
        parts.append(f"Tally: {counted or 'no votes'}.")
    if "lynched" in p:
        parts.append(
            f"Lynched: {', '.join(p['lynched'])}." if p["lynched"] else "Nobody was lynched."
        )
    parts.extend(death_lines(p, "died"))
    for event in p.get("events", []):
        if event.get("kind") in OWN_LINE_KINDS:
            continue
        details = ", ".join(f"{k}: {v}" for k, v in event.items() if k != "kind")
        label = str(event.get("kind", "")).replace("_", " ")
        parts.append(f"{label} ({details})." if details else f"{label}.")
    return " ".join(parts)


def death_lines(p: dict, verb: str) -> list[str]:
    """'Name (what the reveal shows) died: description.' for each death of a payload."""
    descriptions = p.get("descriptions") or {}
    lines = []
    for death in p.get("deaths", []):
        shown = death.get("role_name") or death.get("role") or death.get("faction")
        line = f"{death['player']}{f' ({shown})' if shown else ''} {verb}"
        if descriptions.get(death["player"]):
            line += f": {descriptions[death['player']]}"
        lines.append(line if line.endswith((".", "!", "?")) else line + ".")
    return lines


def event_text(event) -> str:
    """One line for an event of the log, or "" for bookkeeping shown elsewhere; a co-GM's
    tool names him (games/services/core.py Change.acting)."""
    line = _event_line(event)
    p = event.payload or {}
    if line and p.get("acting_cogm"):
        return cogm_line(line, str(p.get("acting")))
    return line


def cogm_line(line: str, name: str) -> str:
    """'The GM added 15:00 ...' as co-GM carol did it: 'Co-GM carol added 15:00 ...'."""
    if line.startswith("The GM "):
        return f"Co-GM {name} " + line[len("The GM ") :]
    if "by the GM" in line:
        return line.replace("by the GM", f"by co-GM {name}")
    if line.startswith(f"{name} "):  # "carol cancelled the game ..."
        return f"Co-GM {line}"
    return f"(co-GM {name}) {line}"


def _event_line(event) -> str:
    kind, p = event.kind, event.payload or {}
    if kind in QUIET_KINDS:
        return ""
    if kind == "joined":
        return f"{p.get('player')} joined."
    if kind == "left":
        return f"{p.get('player')} left."
    if kind == "left_game":  # a leaver (games/services/leaving.py)
        who = p.get("player")
        how = "The GM recorded that " if p.get("by") == "gm" else ""
        when = "tonight" if p.get("tonight") else "next night"
        lead = f"{how}{who} has left the game" if how else f"{who} has left the game"
        return f"{lead}: as a leaver {who} dies at the end of the night's kills ({when})."
    if kind == "signups":
        return "Sign-ups opened." if p.get("open") else "Sign-ups closed."
    if kind == "game_cancelled":
        why = f" {p['reason']}" if p.get("reason") else ""
        return f"{p.get('gm')} cancelled the game during sign-ups.{why}"
    if kind == "game_started":
        return "The game started with " + ", ".join(p.get("players", [])) + "."
    if kind == "note":
        return f"Your posthumous note (read by you and the GM): {p.get('text')}"
    if kind == "death_note":
        return f"{p.get('player')}'s posthumous note: {p.get('text')}"
    if kind == "will":
        who = p.get("player")
        if not p.get("text"):
            return f"{who}'s last will is erased (nothing will be read out)."
        return f"{who}'s last will, as it stands (read by {who} and the GM): {p.get('text')}"
    if kind == "last_will":
        return f"{p.get('player')}'s last will: {p.get('text')}"
    if kind == "role":
        return f"Your role: {p.get('name')} ({p.get('faction')})."
    if kind == "flavour":  # the GM's flavour text of a role (games/services/flavour.py)
        if not p.get("text"):
            return f"(GM) The flavour text of {p.get('role_name')} is removed."
        return f"(GM) Flavour text of {p.get('role_name')}: {p.get('text')}"
    if kind == "dealt":  # the GM's copy of the deal (games/services/lobby.py)
        return "(GM) The deal: " + ", ".join(map(_dealt_text, p.get("players", []))) + "."
    if kind == "masks":  # who is behind each mask (games/masks.py): the GM's copy
        behind = ", ".join(f"{m.get('mask')}: {m.get('account')}" for m in p.get("masks", []))
        return f"(GM) The masks: {behind}."
    if kind == "your_mask":
        return f"You play under the mask {p.get('mask')}: nobody else reads who you are."
    if kind == "teammates":
        return "Team: " + ", ".join(p.get("members", [])) + "."
    if kind == "phase_opened":
        return f"{str(p.get('kind', '')).capitalize()} {p.get('number')} began."
    if kind == "phase_closed":
        return outcome_text(p)
    if kind == "phase_record":
        return f"(GM) full record of {p.get('phase')} {p.get('number')}: " + ", ".join(
            result_text(r) for r in p.get("results", [])
        )
    if kind == "action_recorded":
        who = f"{p['player']}: " if "player" in p else "Recorded: "
        if p.get("done"):  # "nothing more": the moves already sent stand
            return f"{who}nothing more."
        what = p.get("ability") or "nothing"
        targets = ", ".join(p.get("targets", []))
        instead = f" (instead of {', '.join(p['replaces'])})" if p.get("replaces") else ""
        return f"{who}{what}{' → ' + targets if targets else ''}{instead}."
    if kind == "action_withdrawn":
        what = f"{p['ability'] or 'nothing'} withdrawn" if "ability" in p else "action withdrawn"
        if "player" in p:
            return f"{p['player']}: {what}."
        return what[:1].upper() + what[1:] + "."
    if kind == "spectator_joined":
        return f"{p.get('spectator')} is watching."
    if kind == "game_over":
        return "Game over. Winners: " + (", ".join(p.get("winners", [])) or "nobody") + "."
    if kind in GM_TOOL_TEXTS:
        return GM_TOOL_TEXTS[kind](p)
    if kind == "roulette":  # a move of the graveyard's table (games/services/roulette.py)
        return " ".join(p.get("lines", []))
    if kind == "roulette_option":  # the GM's option for spectators
        if p.get("spectators_play"):
            return "The GM lets spectators play roulette in this game."
        return "The GM has spectators only watch the roulette in this game (the dead play)."
    text = p.get("text") or p.get("headline") or p.get("description")
    if text:
        return str(text)
    if kind == "result" or "value" in p:
        return result_text(p)
    if kind == "death":
        role = f" ({p['role']})" if p.get("role") else ""
        return f"{p.get('player')}{role} died."
    details = ", ".join(f"{k}: {v}" for k, v in p.items())
    return f"{kind.replace('_', ' ')}{': ' + details if details else ''}"


# The lines a seat reads about itself, as the GM reads them: with the seat's name.
NAMED_FOR_GM = {
    "role": lambda name, p: f"{name}'s role: {p.get('name')} ({p.get('faction')}).",
    "teammates": lambda name, p: f"{name}'s team: " + ", ".join(p.get("members", [])) + ".",
    "note": lambda name, p: (
        f"{name}'s posthumous note (read by {name} and the GM): {p.get('text')}"
    ),
}


def gm_event_text(event) -> str:
    """An event's line in the GM's view, who reads every seat's events: one addressed
    to a seat names it ("alice's role: Townie (town).", "To bob: ..."), one to a team
    names the team; the seat itself still reads `event_text`."""
    line = event_text(event)
    audience = str(getattr(event, "audience", "") or "")
    if not line:
        return line
    if audience.startswith("faction:"):
        if event.kind == "teammates":
            members = ", ".join((event.payload or {}).get("members", []))
            return f"The {audience[8:]} team: {members}."
        return f"To the {audience[8:]} team: {line}"
    if not audience.startswith("seat:"):
        return line
    name = audience[5:]
    named = NAMED_FOR_GM.get(event.kind)
    if named is not None:
        return named(name, event.payload or {})
    if line.startswith((f"{name}:", f"{name} ", f"{name}'s ")):
        return line
    return f"To {name}: {line}"


def _dealt_text(entry: dict) -> str:
    told = f" (told {entry['told_name']})" if entry.get("told_name") else ""
    return f"{entry.get('player')}: {entry.get('name')}{told}"


# -- the GM's tools (games/services/gm.py) ---------------------------------------------


def _clock(iso: str) -> str:
    return f"{str(iso)[11:19]} UTC" if iso else "?"


def duration(seconds) -> str:
    minutes, secs = divmod(int(seconds or 0), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _extended_text(p: dict) -> str:
    if not p.get("gm"):
        return f"The deadline moved to {_clock(p.get('deadline'))} (waiting for a decision)."
    added = f"The GM added {duration(p.get('by'))}"
    if p.get("paused"):
        return f"{added}: {duration(p.get('remaining'))} left when the game resumes."
    return f"{added}: the phase now closes at {_clock(p.get('deadline'))}."


def _posts_short(p: dict) -> str:
    return f"{p.get('posts')} of {p.get('needed')} game posts on day {p.get('day')}"


def _modkill_text(p: dict) -> str:
    if p.get("reason") == "posts":  # the posts rule at a day's close (services/activity.py)
        if p.get("you"):
            return (
                f"You were modkilled for inactivity ({_posts_short(p)}, after a warning): you "
                "are out of the game (the graveyard chat is open to you)."
            )
        parts = death_lines(p, f"was modkilled for inactivity ({_posts_short(p)}, warned before)")
        return " ".join(parts)
    if p.get("you"):
        return "The GM modkilled you: you are out of the game (the graveyard chat is open to you)."
    parts = death_lines(p, "was modkilled by the GM")
    if p.get("void_votes"):
        parts.append(
            f"Votes on {p.get('player')} are void: {', '.join(p['void_votes'])} vote again."
        )
    return " ".join(parts)


def _substitute_text(p: dict) -> str:
    if p.get("you"):
        return (
            f"Inactive again ({_posts_short(p)}, after a warning): the GM is looking for a "
            "substitute to take your seat."
        )
    return (
        f"Substitute wanted for {p.get('player')} ({_posts_short(p)}, warned before): "
        "replace the player (Step in, Replace) instead of a modkill."
    )


def _reminder_text(p: dict) -> str:
    owes = "your vote" if p.get("owes") == "vote" else "your move"
    return (
        f"Reminder: {p.get('kind')} {p.get('number')} closes at {_clock(p.get('deadline'))} "
        f"(in {p.get('minutes')} min) and {owes} is still missing."
    )


GM_TOOL_TEXTS = {
    "activity_warning": lambda p: (
        f"Warning to {p.get('player')} for inactivity: {_posts_short(p)}. "
        "Missing the minimum again is a modkill."
    ),
    "substitute_wanted": _substitute_text,
    "reminder": _reminder_text,
    "deadline_extended": _extended_text,
    "paused": lambda p: f"The GM paused the game ({duration(p.get('remaining'))} left).",
    "resumed": lambda p: f"The GM resumed the game: it closes at {_clock(p.get('deadline'))}.",
    "modkill": _modkill_text,
    "replaced": lambda p: (
        f"{p.get('player')} has a new player."
        if p.get("masked")
        else f"{p.get('by')} replaces {p.get('player')}."
    ),
    "cogm_added": lambda p: f"{p.get('account')} is now a co-GM of this game.",
    "cogm_removed": lambda p: f"{p.get('account')} is no longer a co-GM of this game.",
    "gm_handed_over": lambda p: (
        f"{p.get('was')} handed the game over: {p.get('account')} is its GM now "
        f"({p.get('was')} stays on as a co-GM)."
    ),
    "bots_added": lambda p: "Practice seats (bots): " + ", ".join(p.get("players", [])) + ".",
    "bot_removed": lambda p: f"{p.get('player')} (a bot) left.",
    "action_void": lambda p: (
        f"Your action on {p.get('player')} is void ({p.get('player')} was modkilled): choose again."
    ),
}


# -- masks (games/masks.py) ---------------------------------------------------------


# Lines that name accounts themselves: the masks dealt, a replacement, the sign-ups.
NAMES_ACCOUNTS = {"masks", "replaced", "joined", "left", "bots_added", "bot_removed"}


def with_accounts(line: str, accounts: dict[str, str], kind: str = "") -> str:
    """A line as the GM of a masked game reads it: each mask followed by the account
    behind it, "Oak (alice)". `accounts`: mask -> account (empty: the line as it is).

    >>> with_accounts("Oak votes Red Oak.", {"Oak": "al", "Red Oak": "bo"})
    'Oak (al) votes Red Oak (bo).'
    """
    if not line or not accounts or kind in NAMES_ACCOUNTS:
        return line
    masks = sorted(accounts, key=len, reverse=True)  # "Red Oak" before "Oak"
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, masks)) + r")(?!\w)")
    return pattern.sub(lambda m: f"{m.group(1)} ({accounts[m.group(1)]})", line)
