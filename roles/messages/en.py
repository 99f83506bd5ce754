"""English: every message the engine's text is made of (ids: roles/messages/derive.py)."""

from __future__ import annotations

LANG = "en"
SEPARATOR = " "


def plural_form(n: int) -> str:
    return "one" if n == 1 else "many"


def join(items: list[str]) -> str:
    return ", ".join(items)


# {@They} {@were} ... in a message about a player, by the pronoun he or she chose.
PRONOUN_FORMS = {
    "they": {"They": "They", "they": "they", "were": "were", "Their": "Their",
             "themself": "themself", "has": "have"},
    "he": {"They": "He", "they": "he", "were": "was", "Their": "His",
           "themself": "himself", "has": "has"},
    "she": {"They": "She", "they": "she", "were": "was", "Their": "Her",
            "themself": "herself", "has": "has"},
}  # fmt: skip

WORDS = {
    "nobody": "nobody",
    "nothing": "nothing",
    # investigations
    "suspicious": "Suspicious",
    "not_suspicious": "Not suspicious",
    "not_commissar": "not the Commissar",
    # a team named where the ruleset has no such role or faction (ru_two_clans' clans)
    "mafia": "Mafia",
    "civilian": "Civilian",
    "villager": "a villager",
    "criminal": "a criminal",
    "framed": "Framed",
    "doused": "Doused",
    # what a spy sees happen to a player: the kinds of his private results
    "attacked": "attacked",
    "block_attempt": "someone tried to block",
    "blocked": "roleblocked",
    "guarded": "stopped by a bodyguard",
    "guilt": "guilt",
    "immune": "met someone immune",
    "role_change": "changed role",
    "saved": "saved",
    "transported": "transported",
    "witched": "controlled by a witch",
    "jailed": "jailed",
    "converted": "converted",
    "recruited": "recruited",
    "annoyed": "annoyed",
    # sc2's crimes (sc2-reference 2.4)
    "arson": "arson",
    "conspiracy": "conspiracy",
    "corruption": "corruption",
    "destruction_of_property": "destruction of property",
    "disturbing_the_peace": "disturbing the peace",
    "identity_theft": "identity theft",
    "kidnapping": "kidnapping",
    "murder": "murder",
    "soliciting": "soliciting",
    "trespassing": "trespassing",
    # causes of death a coroner reads that are no role
    "leaver": "leaving the game",
    "modkill": "the host",
    "lynch": "the vote",
    "suicide": "suicide",
    "executioner_failure": "an Executioner's failure",
    # what a clue is about (townston)
    "bomb_detonated": "a bomb went off",
    "bomb_found": "a bomb was found",
    "bomb_intercepted": "a bomb was intercepted",
    "revived": "someone was revived",
}

RESULTS = {
    "result.check": "Your check of {target}: {value:thing}.",
    "result.roles": "{target} is one of: {value:things}.",
    "result.spied": "What happened to {target} tonight: {value:things}.",
    "result.visitors": "Visitors of {target} tonight: {value:names}.",
    "result.mafia_visits": "The mafia visited tonight: {value:names}.",
    "result.saved": "You saved {target} from an attack.",
    "result.saved_you": "You were attacked tonight, but someone saved you.",
    "result.immune": "{target} was immune to your action.",
    "result.attacked": "Someone attacked you tonight, but you survived.",
    "result.block_attempt": "Someone tried to block you, but you were immune.",
    "result.blocked": "You were roleblocked tonight.",
    "result.doused": "You were doused in gasoline.",
    "result.guarded": "A bodyguard protected {target} from your attack.",
    "result.guilt": "You shot {target}, who was a member of the town; guilt overcomes you.",
    "result.role_change": "Your role is now {value:thing}.",
    "result.transported": "You were transported tonight.",
    "result.witched": "A witch controlled you tonight.",
    "result.jailed": "You were hauled off to jail tonight.",
    "result.annoyed": "The {value:thing} annoyed you tonight.",
    "result.convert": {
        "by": "value",
        "cases": {
            "success": "You converted {target} to the cult.",
            "failed": "Your attempt to convert {target} failed.",
        },
    },
    "result.converted": "You were converted: you are a Cultist now.",
    "result.culted": "{target}, whom you healed, was converted to the cult.",
    "result.crimes": "Crimes of {target}: {value:things}.",
    "result.death_type": "{target} was killed by: {value:things}.",
    "result.disguised": "You took the identity of {target} ({value:thing}).",
    "result.failed": "Your target {target} was not lynched: you have failed.",
    "result.last_will": {
        "by": "value",
        "cases": {"empty": "{target} left no last will."},
        "other": "{target}'s last will: {value}",
    },
    "result.original_role": "{target}'s original role was {value:thing}.",
    "result.targets": "{target}'s targets on the night of the death: {value:names}.",
    "result.visitor_roles": "Roles that visited {target}: {value:things}.",
    "result.recruit": {
        "by": "value",
        "cases": {
            "success": "You recruited {target} into the Masons.",
            "failed": "Your recruitment of {target} failed.",
            "accepted": "The family's offer between you and {target} was accepted.",
            "declined": "The family's offer between you and {target} was declined.",
        },
    },
    "result.recruit_attempt": "{target}, the {value:thing}, tried to recruit you.",
    "result.recruited": "{target} recruited you: you are a Mason now.",
    "result.remembered": "You remembered who you were: like {target}, you are {value:thing}.",
    "result.protected": "You protected {target} from an attack.",
    "result.hit": {
        "plural": "value",
        "one": "You were hit but survived: {value} life left.",
        "many": "You were hit but survived: {value} lives left.",
    },
    "result.horse_head": "You found a horse's head in your bed: you hide for the next day "
    "and night.",
    "result.offer": "{target} offers you a place in the family: answer during the next day.",
    "result.intercepted": "The bomb on {target} was intercepted.",
    "result.personal": "You are the last of the mafia: now it's personal.",
    "result.infiltrate_failed": "You were not in the mob voting for {target}: you learned nothing.",
    "result.infiltrate": {
        "plural": "value",
        "one": "Among the others voting for {target}: {value} criminal.",
        "many": "Among the others voting for {target}: {value} criminals.",
    },
    "result.crime": {
        "by": "value",
        "cases": {
            "yes": "{target} took part in the crime against {crime}.",
            "no": "{target} had no part in the crime against {crime}.",
        },
    },
    "result.revived": "You revived {target}.",
    "result.hunt_approved": "Your request to hunt was drawn: you hunt tonight.",
    "result.hunt_void": "Your hunt on {target} came to nothing: the target was protected.",
    "result.vest": "Your bulletproof vest saved you tonight.",
    "result.instinct": "Your instinct saved you from a shot tonight.",
}

EVENTS = {
    "event.reveal": {
        "by": "status",
        "cases": {"none": "{player}'s role is not revealed."},
        "other": "{player} was {status:thing}.",
    },
    "event.reveal_role": "{player} was revealed as the {role:thing}.",
    "event.death_cause": {
        "by": "cause",
        "cases": {
            "mafia": "{player} was killed by the mafia.",
            "maniac": "{player} was killed by the maniac.",
            "successful_hunt": "{player} was killed in a successful hunt.",
            "failed_hunt": "{player} died in a failed hunt.",
            "lynch": "{player} was eliminated by the vote.",
            "modkill": "{player} was removed by the host.",
            "detective": "{player} was shot by the detective.",
            "bodyguard": "{player} was shot by the bodyguard.",
        },
        "other": "{player} died.",
    },
    "event.last_words": "{player} may say last words.",
    "event.modkill": {
        "by": "reason",
        "cases": {
            "host": "Removed by the host: {players:names}.",
            "no_vote": "Removed for not voting: {players:names}.",
            "urged_again": "Removed for urging others to vote a second time: {players:names}.",
        },
    },
    "event.no_lynch": {
        "by": "reason",
        "cases": {
            "tie": "Nobody is lynched: a tie between {candidates:names}.",
            "modkill": "Nobody is lynched: the leaders {candidates:names} were not all standing.",
            "all_pass": "Nobody is lynched: everyone passed.",
        },
    },
    "event.pardon": "{player} is pardoned: a single vote on the first day.",
    "event.catastrophe": "Catastrophe: a tie between {candidates:names}; the town votes again.",
    "event.catastrophe_execute": "The town chose to execute all of {candidates:names}.",
    "event.catastrophe_pardon": "The town chose to pardon {candidates:names}.",
    "event.tie_drawn": "A tie between {candidates:names}: the lot fell on {chosen}.",
    "event.tie_decided": "A tie between {candidates:names}: the host chose {chosen}.",
    "event.hangman": "A tie between {candidates:names}: the Hangman chose {chose}.",
    "event.check": "The Commissar's check: {names:names}. {value:thing}.",
    "event.left": "{player} left the game and committed suicide.",
    "event.jail_empty": "Nobody was in jail tonight.",
    "event.last_will": {
        "by": "text",
        "cases": {"empty": "{player} left no last will."},
        "other": "{player}'s last will: {text}",
    },
    "event.mayor_revealed": "{player} revealed as the Mayor.",
    "event.remembered": "{player} remembered being the {role:thing}.",
    "event.sanitized": "{player}'s body was sanitized.",
    "event.three_days_of_peace": "Three days without a death: the game is decided for "
    "{side:faction}.",
    "event.trial": "{player} is on trial.",
    "event.verdict": {
        "by": "verdict",
        "cases": {
            "guilty": "{player} was found guilty (guilty: {guilty:names}; innocent: "
            "{innocent:names}).",
            "innocent": "{player} was found innocent (guilty: {guilty:names}; innocent: "
            "{innocent:names}).",
        },
    },
    "event.bomb_detonated": "A bomb went off at {player}'s house.",
    "event.bomb_found": "A bomb was found at {player}'s house.",
    "event.bomb_intercepted": "A bomb meant for {player} was intercepted.",
    "event.clue": {
        "by": "cause",
        "cases": {
            "bomb_detonated": "Clue (a bomb went off): the {about:thing} is one of "
            "{suspects:names}.",
            "bomb_found": "Clue (a bomb was found): the {about:thing} is one of {suspects:names}.",
            "bomb_intercepted": "Clue (a bomb was intercepted): the {about:thing} is one of "
            "{suspects:names}.",
            "revived": "Clue (someone was revived): the {about:thing} is one of {suspects:names}.",
        },
        "other": "Clue: the {about:thing} is one of {suspects:names}.",
    },
    "event.conflict_prevented": "A street conflict among {suspects:names} was prevented.",
    "event.street_conflict": "A street conflict among {suspects:names}; killed: "
    "{casualties:names}.",
    "event.hiding": "{player} is in hiding.",
    "event.lynch_cancelled": "The lynch of {suspects:names} was called off.",
    "event.lynch_failed": "The lynch of {player} failed.",
    "event.revived": "{player} was revived.",
    "event.vote_against_self": "Counted against themselves for urging others: {players:names}.",
    "event.vote_not_accepted": "Votes not accepted: {players:names}.",
}

# The phase's outcome and the game's framing lines.
OUTCOME = {
    "phase.ended": {"by": "phase", "cases": {"night": "Night {number} ended.",
                                               "day": "Day {number} ended."}},
    "phase.began": {"by": "phase", "cases": {"night": "Night {number} began.",
                                               "day": "Day {number} began."}},
    "tally": "Tally: {entries}.",
    "tally.none": "Tally: no votes.",
    "tally.entry": "{player} {count}",
    "lynched": "Lynched: {players:names}.",
    "lynched.none": "Nobody was lynched.",
    "death": "{player} died.",
    "death.shown": "{player} ({shown:thing}) died.",
    "death.described": "{player} died: {description}",
    "death.shown_described": "{player} ({shown:thing}) died: {description}",
    "modkilled": "{player} was modkilled by the GM.",
    "modkilled.shown": "{player} ({shown:thing}) was modkilled by the GM.",
    # The posts rule (roles/activity.py) at a day's close, after a warning.
    "modkilled.inactive.you": (
        "You were modkilled for inactivity ({posts} of {needed} game posts on day {day}, after"
        " a warning): you are out of the game (the graveyard chat is open to you)."
    ),
    "modkilled.inactive": (
        "{player} was modkilled for inactivity ({posts} of {needed} game posts on day {day},"
        " warned before)."
    ),
    "modkilled.inactive.shown": (
        "{player} ({shown:thing}) was modkilled for inactivity ({posts} of {needed} game posts"
        " on day {day}, warned before)."
    ),
    "game_over": "Game over. Winners: {winners:names}.",
    "role": "Your role: {role:thing} ({faction:faction}).",
    "role.named": "{player}'s role: {role:thing} ({faction:faction}).",
    "teammates": "Team: {members:names}.",
    "teammates.named": "{player}'s team: {members:names}.",
    "teammates.faction": "The {faction:faction} team: {members:names}.",
    "action": "{player}: {ability:ability} → {targets:names}.",
    "action.untargeted": "{player}: {ability:ability}.",
    "action.instead": "{player}: {ability:ability} → {targets:names} (instead of "
    "{replaces:abilities}).",
    "action.untargeted.instead": "{player}: {ability:ability} (instead of "
    "{replaces:abilities}).",
    "action.nothing": "{player}: nothing.",
    "action.done": "{player}: nothing more.",
    "action.withdrawn": "{player}: {ability:ability} withdrawn.",
    "action.withdrawn_any": "{player}: action withdrawn.",
    "action.ability": "{ability:ability}",
    "mine": "Recorded: {ability:ability} → {targets:names}.",
    "mine.untargeted": "Recorded: {ability:ability}.",
    "mine.instead": "Recorded: {ability:ability} → {targets:names} (instead of "
    "{replaces:abilities}).",
    "mine.untargeted.instead": "Recorded: {ability:ability} (instead of "
    "{replaces:abilities}).",
    "mine.nothing": "Recorded: nothing.",
    "mine.done": "Recorded: nothing more.",
    "mine.withdrawn": "{ability:Ability} withdrawn.",
    "mine.withdrawn_any": "Action withdrawn.",
    "phase.record": {"by": "phase", "cases": {
        "night": "(GM) full record of night {number}:",
        "day": "(GM) full record of day {number}:"}},
    "to_team": "To the {faction:faction} team: {line}",
    "to_player": "To {player}: {line}",
}  # fmt: skip

# 002's day-break headlines (roles/announce.py), the Russian rulesets' morning post.
HEADLINES = {
    "headline.none": "Nobody died last night.",
    "headline.one": "One of us did not survive the night.",
    "headline.some": "Some of us did not survive the night.",
    "headline.many": "Many of us perished last night.",
    "headline.mass": "A mass quantity of people died last night.",
    "headline.most": "Most of the entire town was wiped out last night.",
    "headline.armageddon": "A veritable Armageddon decimated the town last night.",
    "headline.entire": "Literally the entire town was obliterated last night.",
    "headline.setup": "Your setup is shit.",
    "headline.ru": {
        "plural": "n",
        "one": "One player was killed tonight.",
        "many": "{n} players were killed tonight.",
    },
    "headline.ru_none": "There are no victims tonight.",
}

# 002's death descriptions with the dead player's pronoun (roles/announce.py).
DEATHS = {
    "death.mafia": "{@They} {@were} shot at close range.",
    "death.mafia.again": "{@They} {@were} also riddled with bullets at close range.",
    "death.serial_killer": "{@They} had multiple stab wounds.",
    "death.serial_killer.again": "{@They} had multiple stab wounds.",
    "death.vigilante": "{@They} {@were} shot by a high-caliber gun.",
    "death.vigilante.again": "{@They} {@were} ripped apart with several rounds from a "
    "high-caliber gun.",
    "death.veteran": "{@They} {@were} killed with a military-grade assault rifle.",
    "death.veteran.again": "{@They} had multiple wounds from a fragmentation grenade. "
    "{@They} {@were} killed with a military-grade assault rifle.",
    "death.mass_murderer": "{@They} {@were} completely eviscerated.",
    "death.mass_murderer.again": "{@They} {@were} torn to pieces with a chainsaw.",
    "death.arsonist": "{@They} {@were} incinerated.",
    "death.arsonist.again": "{@They} {@were} burnt to death.",
    "death.bodyguard": "{@They} {@were} killed in a duel.",
    "death.bodyguard.again": "{@They} {@were} slain in a shootout.",
    "death.jailor": "{@They} {@were} executed in a jail cell.",
    "death.jailor.again": "{@They} {@were} executed in a jail cell.",
    "death.bus_driver": "{@They} {@were} run over by a bus.",
    "death.bus_driver.again": "{@They} {@were} run over by a bus.",
    "death.mason_leader": "{@They} {@were} bludgeoned to death.",
    "death.mason_leader.again": "{@They} {@were} beaten to a pulp with a blunt object.",
    "death.jester": "{@They} apparently shot {@themself}. {@Their} suicide note expressed "
    "grief and guilt over the Jester's death.",
    "death.jester.again": "{@Their} suicide note expressed grief and guilt over the "
    "Jester's death.",
    "death.executioner_failure": "{@They} apparently shot {@themself} after leaving a "
    'suicide note with the words "I failed." on it.',
    "death.executioner_failure.again": "{@They} left a suicide note with the words "
    '"I failed." on it.',
    "death.witch": "There were signs of struggle, but {@they} apparently committed suicide.",
    "death.witch.again": "There were signs of struggle, but {@they} apparently killed {@themself}.",
    "death.suicide": "{@They} apparently committed suicide.",
    "death.suicide.again": "{@They} apparently committed suicide.",
    "death.modkill": "{@They} {@were} struck by lightning.",
    "death.modkill.again": "{@They} {@were} struck by lightning.",
    "death.bomb": "{@They} had multiple wounds from a fragmentation grenade.",
    "death.struggle": "There were signs of struggle.",
    "death.leaver": "{player} committed suicide.",
    # the Russian rulesets' causes (ru_common.CAUSE_TEXT), one sentence joined by ';'
    "cause.mafia": "victim of the mafia",
    "cause.maniac": "victim of the maniac",
    "cause.successful_hunt": "killed in a successful hunt",
    "cause.failed_hunt": "victim of a failed hunt",
    "cause.lynch": "eliminated by the vote",
    "cause.modkill": "removed by the host (modkill)",
}

# sc2's night sequence (roles/rulesets/sc2_night.py _sequence)
SEQUENCE = {
    "sequence.sanitized": "A body was sanitized.",
    "sequence.fight": "A fight broke out.",
    "sequence.fire": "A fire broke out.",
    "sequence.spree": "A killing spree took place.",
    "sequence.executed": "A prisoner was executed.",
    "sequence.masons": "Someone joined a secret society.",
    "sequence.cult": "Someone joined the cult.",
    "sequence.vest": "Someone put on a bulletproof vest.",
    "sequence.alert": "Someone stayed on alert.",
    "sequence.healed": "Someone was attacked but nursed back to health.",
    "sequence.jailed": "Someone was hauled off to jail.",
    "sequence.roleblocked": "Someone was roleblocked.",
    "sequence.swapped": "Two houses were swapped.",
}

ABILITIES = {
    "accept": "accept the offer",
    "alert": "alert",
    "annoy": "annoy",
    "apply_hunt": "apply to hunt",
    "autopsy": "autopsy",
    "block": "block",
    "cancel_lynch": "call in a favor",
    "check": "check",
    "control": "control",
    "convert": "convert",
    "crime": "ask about a crime",
    "decline": "refuse the offer",
    "decoy": "decoys",
    "detonate": "detonate",
    "disguise": "disguise",
    "douse": "douse",
    "execute": "execute",
    "frame": "frame",
    "guard": "guard",
    "hang": "hang",
    "haunt": "haunt",
    "heal": "heal",
    "horse_head": "send a message",
    "hunt": "hunt",
    "ignite": "ignite",
    "infiltrate": "infiltrate the mob",
    "jail": "jail",
    "kill": "kill",
    "minus": "take a vote",
    "plant": "plant a bomb",
    "plus": "add a vote",
    "protect": "protect",
    "recruit": "recruit",
    "remember": "remember",
    "reveal": "reveal",
    "revive": "revive",
    "sanitize": "sanitize",
    "shoot": "shoot",
    "spree": "spree",
    "spy": "spy",
    "transport": "transport",
    "vest": "vest",
    "visit": "spend the night",
    "watch": "watch",
    "withdraw_hunt": "withdraw the application",
    "vote": "vote",
}

# -- the GM's order sheet (roles/sheet.py) ----------------------------------------------

# Readable titles of the stage ids rulesets share; any other id reads as its words.
SHEET_STAGES = {
    "": "Answers",
    "answers": "Answers to offers",
    "block": "Blocks",
    "control": "Control (Witches)",
    "transport": "Transports",
    "redirect_block": "Redirection and blocks",
    "protect": "Protection",
    "mark": "Marks (frames, douses)",
    "marks": "Marks and protection",
    "kill": "Kills",
    "kills": "Kills",
    "investigate": "Investigations",
    "vests": "Vests and alerts",
    "recruit": "Recruits and conversions",
    "janitor": "Janitors",
    "day_actions": "Day actions",
    "vote": "The vote",
    "applications": "Applications",
    "clan_1_kill": "Clan kills",
    "executors": "Executors",
    "mafia_kill": "The mafia's kill",
    # the Russian rulesets' stages, as their ids read (the Russian sheet names them)
    "advocate": "Advocate",
    "bodyguard": "Bodyguard",
    "bombs": "Bombs",
    "boss": "Boss",
    "check": "Check",
    "checks": "Checks",
    "commissar": "Commissar",
    "courtesan": "Courtesan",
    "decoys": "Decoys",
    "detective_check": "Detective check",
    "detective_shot": "Detective shot",
    "doctor": "Doctor",
    "guard": "Guard",
    "heal": "Heal",
    "hunt": "Hunt",
    "maniac": "Maniac",
    "maniac_kill": "Maniac kill",
    "ninja": "Ninja",
    "revive": "Revive",
    "thief": "Thief",
    "vote_modifiers": "Vote modifiers",
    "after_day": "After day",
    "after_lynch": "After lynch",
    "aftermath": "Aftermath",
    "announce": "Announce",
    "clan_2_kill": "Clan 2 kill",
    "clean_off": "Clean off",
    "crimes": "Crimes",
    "dawn": "Dawn",
    "disguise": "Disguise",
    "dusk": "Dusk",
    "executors_named": "Executors named",
    "executors_shots_land": "Executors shots land",
    "fallout": "Fallout",
    "gm_modkill": "Gm modkill",
    "guilt": "Guilt",
    "hunt_draw": "Hunt draw",
    "hunt_lands": "Hunt lands",
    "jail": "Jail",
    "leave": "Leave",
    "leavers": "Leavers",
    "lynch": "Lynch",
    "mafia_order": "Mafia order",
    "mafia_shot": "Mafia shot",
    "maniac_kill_lands": "Maniac kill lands",
    "maniac_shot": "Maniac shot",
    "morning": "Morning",
    "private": "Private",
    "remember": "Remember",
    "settle": "Settle",
    "shot_lands": "Shot lands",
    "shots_land": "Shots land",
    "spy": "Spy",
    "spy_watch": "Spy watch",
    "visits": "Visits",
}


# How an ability reads in a sentence, by the ability ids rulesets share: "{t}" is the
# targets ("gus", "gus and hal"), "{t1}"/"{t2}" the first and second target.
SHEET_VERBS = {
    "block": "blocks {t}",
    "heal": "heals {t}",
    "kill": "kills {t}",
    "check": "investigates {t}",
    "guard": "guards {t}",
    "protect": "protects {t}",
    "transport": "swaps {t1} and {t2}",
    "control": "makes {t1} target {t2}",
    "frame": "frames {t}",
    "douse": "douses {t}",
    "ignite": "ignites every doused player",
    "watch": "watches {t}",
    "spy": "spies on {t}",
    "haunt": "haunts {t}",
    "vest": "wears a vest",
    "alert": "goes on alert",
    "autopsy": "examines {t}",
    "sanitize": "sanitizes {t}",
    "jail": "jails {t}",
    "execute": "executes the prisoner",
    "spree": "goes on a spree at {t}",
    "recruit": "recruits {t}",
    "convert": "converts {t}",
    "remember": "remembers {t}'s role",
    "annoy": "annoys {t}",
    "disguise": "disguises as {t}",
    "reveal": "reveals as Mayor",
    "hang": "votes to hang {t}",
    "shoot": "shoots {t}",
    "visit": "spends the night with {t}",
    "hunt": "hunts {t}",
    "plant": "plants a bomb on {t}",
    "detonate": "detonates the bomb on {t}",
    "revive": "revives {t}",
    "accept": "accepts the offer",
    "decline": "declines the offer",
}

SHEET = {
    **{f"sheet.stage.{stage}": title for stage, title in SHEET_STAGES.items()},
    **{f"sheet.verb.{ability}": verb for ability, verb in SHEET_VERBS.items()},
    "sheet.other": "Other moves",
    "sheet.inner": "{outer} · {inner}",
    "sheet.uses": "uses {label}",
    "sheet.uses.on": "uses {label} on {t}",
    "sheet.as": "as {role}",
    "sheet.idle": "uses nothing",
    "sheet.host": "host",
    "sheet.line": "{actor} ({role}) {words}{tail}",
}


# The engine's refusals (roles/messages/refusals.py reads them back from the reasons).
REFUSALS = {
    "refusal.phase": "{role} cannot use {ability} by {phase}",
    "refusal.night": "{role} cannot use {ability} on night {n}",
    "refusal.no_uses": "{role} has no uses of {ability} left",
    "refusal.no_ability": "{role} has no ability '{ability}'",
    "refusal.no_phase_ability": "{role} has no {phase} ability",
    "refusal.name_ability": "{role} must name the ability ({names})",
    "refusal.ended": "the game has ended",
    "refusal.unknown_player": "unknown player {player:repr}",
    "refusal.targets_list": "targets must be a list of names",
    "refusal.target_count": "{ability} takes {want} target(s), not {n}",
    "refusal.twice": "{ability} cannot name the same player twice",
    "refusal.needs_dead": "{ability} needs a dead player; {player} is alive",
    "refusal.self_used": "{role} has already targeted themselves with {ability}",
    "refusal.self": "{role} cannot target themselves",
    "refusal.teammate": "{role} cannot target another {faction} member",
    "refusal.target": "{player} is not a legal target of {ability}",
    "refusal.votes_by_day": "votes are cast by day",
    "refusal.no_pass": "this ruleset has no pass vote",
    "refusal.vote_dead": "cannot vote for {player}: {player} is dead",
    "refusal.left": "{player} has left the game",
    "refusal.dead": "{player} is dead",
}

# The GM desk's question when the engine would not close yet (games/desk/outcome.py).
QUESTIONS = {
    "question.round": "Round {round} of the vote first ({voters} vote among {choices}): {reason}",
    "question.decide": "{actor} must decide first ({ability}: {choices}): {reason}",
    "question.decide.gm": "you (the GM) must decide first ({ability}: {choices}): {reason}",
    "question.nobody": "nobody",
    "question.nothing": "nothing offered",
}

# The rulesets' own refusals and questions, and sc2's setup problems (roles.errors.Reason).
from .refusals_en import RULESET_REFUSALS  # noqa: E402

# A text the engine's tables do not know (roles/messages/derive.py text_message).
MESSAGES = {
    "text": "{text}",
    **RESULTS,
    **EVENTS,
    **OUTCOME,
    **HEADLINES,
    **DEATHS,
    **SEQUENCE,
    **SHEET,
    **REFUSALS,
    **QUESTIONS,
    # -- the rulesets' own refusals and questions (refusals_en.py) --
    **RULESET_REFUSALS,
    # -- a seat's result as the GM and the record read it --
    "result.check.named": "{player}'s check of {target}: {value:thing}.",
    "result.role_change.named": "{player}'s role is now {value:thing}.",
}

# -- Night chat rooms a ruleset names itself (roles/messages/rooms.py) ----------------
ROOMS = {
    "room.masons": "Masons",
    "room.jail": "Jail",
    "room.notice.spy": "A Spy, if there is one, reads this chat without names.",
    "room.notice.jail": "The Jailor's name is never shown here.",
    "room.alias.jailor": "Jailor",
    "room.alias.mafia": "Mafia",
    "room.alias.cultist": "Cultist",
    "room.alias.mason": "Mason",
}
MESSAGES.update(ROOMS)
# -- end of the night chat rooms ---------------------------------------------------------

# -- the GM's own decisions on the order sheet (roles/sheet.py) ------------
GM_SHEET_VERBS = {
    "decide_tie": "breaks the tie: {t} leaves",
    "modkill": "modkills {t}",
    "reject_vote": "does not accept the vote of {t}",
    "urged": "counts the vote of {t} against them (urging)",
    "leave": "records {t} as a leaver",
}
SHEET_VERBS.update(GM_SHEET_VERBS)
MESSAGES.update({f"sheet.verb.{ability}": verb for ability, verb in GM_SHEET_VERBS.items()})
MESSAGES["sheet.line.gm"] = SHEET["sheet.line"]  # "GM (host) modkills ann"
# -- end of the GM's decisions --------------------------------------------------------
