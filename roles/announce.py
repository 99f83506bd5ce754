"""002's day-break headline table and death-description table, shared by rulesets."""

from __future__ import annotations

HEADLINES = (
    (1, "One of us did not survive the night."),
    (2, "Some of us did not survive the night."),
    (4, "Many of us perished last night."),
    (6, "A mass quantity of people died last night."),
    (8, "Most of the entire town was wiped out last night."),
    (10, "A veritable Armageddon decimated the town last night."),
    (12, "Literally the entire town was obliterated last night."),
    (14, "Your setup is shit."),
)

# Not in 002's table (it starts at one death): what a forum GM posts instead.
QUIET_NIGHT = "Nobody died last night."


def headline(deaths: int) -> str:
    """002: '1: One of us did not survive the night.' ... '14+: Your setup is shit.'"""
    text = QUIET_NIGHT
    for at_least, line in HEADLINES:
        if deaths >= at_least:
            text = line
    return text


# cause id -> (first description, description when another cause already spoke)
DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "mafia": (
        "He/She was shot at close range.",
        "He/She was also riddled with bullets at close range.",
    ),
    "serial_killer": ("He/She had multiple stab wounds.", "He/She had multiple stab wounds."),
    "vigilante": (
        "He/She was shot by a high-caliber gun.",
        "He/She was ripped apart with several rounds from a high-caliber gun.",
    ),
    "veteran": (
        "He/She was killed with a military-grade assault rifle.",
        "He/She had multiple wounds from a fragmentation grenade. "
        "He/She was killed with a military-grade assault rifle.",
    ),
    "mass_murderer": (
        "He/She was completely eviscerated.",
        "He/She was torn to pieces with a chainsaw.",
    ),
    "arsonist": ("He/She was incinerated.", "He/She was burnt to death."),
    "bodyguard": ("He/She was killed in a duel.", "He/She was slain in a shootout."),
    "jailor": ("He/She was executed in a jail cell.", "He/She was executed in a jail cell."),
    "bus_driver": ("He/She was run over by a bus.", "He/She was run over by a bus."),
    "mason_leader": (
        "He/She was bludgeoned to death.",
        "He/She was beaten to a pulp with a blunt object.",
    ),
    "jester": (
        "He/She apparently shot herself. His/Her suicide note expressed grief and guilt "
        "over the Jester's death.",
        "His/Her suicide note expressed grief and guilt over the Jester's death.",
    ),
    "executioner_failure": (
        "He/She apparently shot himself after leaving a suicide note with the words "
        '"I failed." on it.',
        'He/She left a suicide note with the words "I failed." on it.',
    ),
    "witch": (
        "There were signs of struggle, but he/she apparently committed suicide.",
        "There were signs of struggle, but he/she apparently killed himself/herself.",
    ),
    "suicide": ("He/She apparently committed suicide.", "He/She apparently committed suicide."),
    "modkill": ("He/She was struck by lightning.", "He/She was struck by lightning."),
}

STRUGGLE = "There were signs of struggle."


def describe(kinds: list[str], struggle: bool = False) -> str | None:
    """Join the descriptions of each cause kind; a bodyguard fight adds the struggle."""
    parts = []
    for index, kind in enumerate(k for k in kinds if k in DESCRIPTIONS):
        first, again = DESCRIPTIONS[kind]
        parts.append(first if index == 0 else again)
    if not parts:
        return None
    if struggle:
        parts.insert(0, STRUGGLE)
    return " ".join(parts)
