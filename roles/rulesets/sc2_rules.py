"""sc2 rule tables and option-dependent predicates (immunity, detection, crimes, roles).

Each function reads the game's options, so a host option changes a rule in one
place. Sources: 002_d22398e7ea336aa2.txt, sc2-notes.md, sc2-reference.md.
"""

from __future__ import annotations

from typing import Any

from .. import abilities as shared
from .. import leavers, wills
from ..announce import describe as describe_kinds
from ..model import GameState, Player
from ..night import PhaseContext
from ..ruleset import get_ruleset

MAFIA = "mafia"
CULT = "cult"
NEUTRAL_KILLERS = ("serial_killer", "arsonist", "mass_murderer")

KILLING_ROLES = frozenset(
    {
        "vigilante",
        "veteran",
        "jailor",
        "bodyguard",
        "godfather",
        "mafioso",
        "disguiser",
        "serial_killer",
        "arsonist",
        "mass_murderer",
    }
)

# Limited abilities counted per game: (role, ability id) -> counter (options give
# the limit).
COUNTED_ABILITIES = {
    ("citizen", "vest"): "vest",
    ("survivor", "vest"): "vest",
    ("veteran", "alert"): "alert",
    ("jailor", "execute"): "execute",
    ("vigilante", "kill"): "shoot",
    ("janitor", "sanitize"): "sanitize",
}

# sc2-reference 2.4: the ten crimes of the ledger.
CRIMES = (
    "arson",
    "conspiracy",
    "corruption",
    "destruction_of_property",
    "disturbing_the_peace",
    "identity_theft",
    "kidnapping",
    "murder",
    "soliciting",
    "trespassing",
)

CRIMES_BY_ABILITY: dict[str, tuple[str, ...]] = {
    "block": ("soliciting",),
    "kill": ("murder",),
    "spree": ("murder", "destruction_of_property"),
    "execute": ("murder",),
    "douse": ("destruction_of_property",),
    "ignite": ("arson",),
    "recruit": ("conspiracy",),
    "convert": ("conspiracy",),
    "disguise": ("murder", "identity_theft"),
    "jail": ("kidnapping",),
    "reveal": ("corruption",),
}

# sc2-reference 2.1-2.3, Investigator "2011:" role groups; every role in one group.
INVESTIGATOR_GROUPS: tuple[tuple[str, ...], ...] = (
    ("citizen", "jester"),
    ("cultist", "mason"),
    ("godfather", "mason_leader", "mayor"),
    ("executioner", "sheriff"),
    ("consigliere", "investigator"),
    ("lookout",),
    ("coroner", "janitor"),
    ("doctor", "serial_killer"),
    ("bodyguard", "consort", "escort"),
    ("arsonist", "bus_driver", "doused"),
    ("spy",),
    ("jailor", "mafioso", "vigilante"),
    ("mass_murderer", "veteran"),
    ("amnesiac", "survivor", "witch"),
    ("disguiser", "framed", "framer"),
)


# The 2012-2013 "flavour" generation: the groups those wiki revisions print
# (Vigilante 'Mafioso/SK/Vigilante', Jailor 'Jailor/Kidnapper', Bus Driver 'Bus
# Driver, Bodyguard or Beguiler', Godfather 'Mayor, Mason Leader, Godfather or
# Jester', Lookout 'Lookout or Blackmailer', Coroner 'Coroner or Janitor', Mass
# Murderer 'Mass Murderer or Veteran'); every other role keeps its 2011 pair minus
# the roles those groups took.
FLAVOUR_GROUPS: tuple[tuple[str, ...], ...] = (
    ("mafioso", "serial_killer", "vigilante"),
    ("jailor",),
    ("bodyguard", "bus_driver"),
    ("godfather", "jester", "mason_leader", "mayor"),
    ("lookout",),
    ("coroner", "janitor"),
    ("mass_murderer", "veteran"),
    ("citizen",),
    ("cultist", "mason"),
    ("executioner", "sheriff"),
    ("consigliere", "investigator"),
    ("doctor",),
    ("consort", "escort"),
    ("arsonist", "doused"),
    ("spy",),
    ("amnesiac", "survivor", "witch"),
    ("disguiser", "framed", "framer"),
)


def option(state: GameState, option_id: str) -> Any:
    return get_ruleset(state.ruleset).option(state.options, option_id)


# -- immunities -----------------------------------------------------------------------

# A role trait that a host option switches: trait -> role -> option id.
OPTION_TRAITS: dict[str, dict[str, str]] = {
    # 'defense_level', 'Invulnerable at night'
    "night_immune": {
        "godfather": "godfather_night_immune",
        "serial_killer": "serial_killer_night_immune",
        "arsonist": "arsonist_night_immune",
        "mass_murderer": "mass_murderer_night_immune",
        "executioner": "executioner_night_immune",
    },
    # 'cannot_be_blocked'
    "roleblock_immune": {
        "escort": "escort_cannot_be_blocked",
        "consort": "consort_cannot_be_blocked",
        "godfather": "godfather_cannot_be_blocked",
    },
    # 'kill_blocker' ('Kills role-blockers')
    "kills_blockers": {"serial_killer": "serial_killer_kills_roleblockers"},
    # 'detection_immune', 'Immune to detection'
    "detection_immune": {
        "godfather": "godfather_detection_immune",
        "framer": "framer_detection_immune",
        "serial_killer": "serial_killer_detection_immune",
        "arsonist": "arsonist_detection_immune",
        "mass_murderer": "mass_murderer_detection_immune",
    },
}


# Options that hold one role's flag (no trait of the shared mechanisms reads them).
# port `recruitable`: a Mason Leader's recruit works on the role.
RECRUITABLE_OPTIONS = {"citizen": "citizen_recruitable", "escort": "escort_recruitable"}
# port `becomes_mafioso`, Framer 'Becomes Mafioso if alone (D: On)': the role may be
# the Mafia's heir when no Godfather or Mafioso is left (mafia_promote_to_mafioso).
BECOMES_MAFIOSO_OPTIONS = {
    "consort": "consort_becomes_mafioso",
    "consigliere": "consigliere_becomes_mafioso",
    "framer": "framer_becomes_mafioso",
}


def role_flag(state: GameState, player: Player, flags: dict[str, str], default: bool) -> bool:
    """The player's role's flag in `flags` (role -> option id); `default` for a role
    the table does not name."""
    key = flags.get(player.role)
    return bool(option(state, key)) if key else default


def recruitable(state: GameState, player: Player) -> bool:
    """sc2-reference 2.1 Mason Leader: 'This ability only works on Citizens' (by
    default); citizen_recruitable and escort_recruitable (port `recruitable`)."""
    return role_flag(state, player, RECRUITABLE_OPTIONS, default=False)


def may_become_mafioso(state: GameState, player: Player) -> bool:
    return role_flag(state, player, BECOMES_MAFIOSO_OPTIONS, default=True)


def has_trait(state: GameState, player: Player, trait: str) -> bool:
    """Whether the player's role has `trait` in this game (its option is on)."""
    key = OPTION_TRAITS[trait].get(player.role)
    return bool(key and option(state, key))


def night_immune(state: GameState, player: Player) -> bool:
    return has_trait(state, player, "night_immune")


def roleblock_immune(state: GameState, player: Player) -> bool:
    return has_trait(state, player, "roleblock_immune")


def kills_blockers(state: GameState, player: Player) -> bool:
    return has_trait(state, player, "kills_blockers")


def detection_immune(state: GameState, player: Player) -> bool:
    return has_trait(state, player, "detection_immune")


# -- investigations ------------------------------------------------------------------------


def apparent_role(player: Player) -> str:
    """The role an investigation sees: a Disguiser who jumped shows his victim's role."""
    return player.memory.get("disguised_as") or player.role


def sheriff_value(state: GameState, player: Player, flags: dict[str, Any]) -> str:
    """sc2-reference 2.1 Sheriff: 'Framed target reads Mafia'; detect_* options."""
    if player.name in flags.get("framed", set()):
        return "mafia"
    if detection_immune(state, player):
        return "not_suspicious"
    sides = (
        ("mafia", player.faction == MAFIA, "sheriff_detects_mafia"),
        ("serial_killer", player.role == "serial_killer", "sheriff_detects_serial_killer"),
        ("arsonist", player.role == "arsonist", "sheriff_detects_arsonist"),
        ("cult", player.faction == CULT, "sheriff_detects_cult"),
        ("mass_murderer", player.role == "mass_murderer", "sheriff_detects_mass_murderer"),
    )
    for value, matches, key in sides:
        if matches and option(state, key):
            return value
    return "not_suspicious"


def investigator_group(
    player: Player, flags: dict[str, Any], groups: tuple[tuple[str, ...], ...] = INVESTIGATOR_GROUPS
) -> list[str]:
    """000: a framed player shows as the Framer's group ('This overpowers the ...
    dousing'); a doused one as the Arsonist's group; else the role's group."""
    if player.name in flags.get("framed", set()):
        key = "framed"
    elif player.memory.get("doused"):
        key = "doused"
    else:
        key = apparent_role(player)
    for group in groups:
        if key in group:
            return sorted(group)
    return [key]


def last_will(player: Player) -> str:
    """The will the player wrote (roles/wills.py), else his scenario's 'will' key."""
    return wills.player_will(player)


# -- role changes ------------------------------------------------------------------------


def change_role(state: GameState, player: Player, role_id: str) -> None:
    ruleset = get_ruleset(state.ruleset)
    player.role = role_id
    player.faction = ruleset.roles[role_id].faction


def conversion_refusal(ctx: PhaseContext, target: Player) -> str | None:
    state = ctx.state
    if not target.alive or ctx.died_tonight(target.name):
        return "dead"
    if target.faction in (MAFIA, CULT) or target.role in ("mason", "mason_leader"):
        return "unconvertible"
    if ctx.flags.get("prisoner") == target.name:
        return "jailed"
    if option(state, "cult_immunity_prevents_conversion") and (
        night_immune(state, target) or ctx.protections_of(target.name, "vest")
    ):
        return "immune"
    if option(state, "doctor_prevents_conversion") and ctx.protections_of(target.name, "heal"):
        return "healed"
    if option(state, "bodyguard_prevents_conversion") and ctx.protections_of(target.name, "guard"):
        return "guarded"
    if not cult_has_room(state):
        return "full"
    return None


def cult_has_room(state: GameState) -> bool:
    """sc2-reference 2.3: 'cult capped at 1/3 of original size minus Mafia; regains a
    conversion per 2 cultists killed'."""
    cap = state.memory.get("sc2_cult_cap", 0)
    dead = sum(1 for p in state.players if not p.alive and p.role == "cultist")
    founders = state.memory.get("sc2_cult_founders", 0)
    made = state.memory.get("sc2_conversions", 0)
    return founders + made < cap + dead // 2


def after_deaths(ctx: PhaseContext) -> None:
    """Role changes once a phase's deaths are known: succession, Executioner -> Jester."""
    state = ctx.state

    def living(p: Player) -> bool:
        return ctx.is_alive_now(p.name)

    # sc2-reference 2.2 Mafioso: 'Becomes Godfather when GF dies'.
    godfathers = [p for p in state.players if p.role == "godfather"]
    if godfathers and not any(living(p) for p in godfathers):
        mafiosi = [p for p in state.players if p.role == "mafioso" and living(p)]
        consiglieri = [p for p in state.players if p.role == "consigliere" and living(p)]
        if mafiosi:
            change_role(state, mafiosi[0], "godfather")
        elif consiglieri and option(state, "consigliere_promoted_if_no_godfather"):
            # port Consigliere `promoted_if_no_Godfather`
            change_role(state, consiglieri[0], "godfather")
    # Framer 'Becomes Mafioso if alone (D: On)'; port: 'becomes_mafioso when no killer'.
    if option(state, "mafia_promote_to_mafioso"):
        heir = shared.heir(
            ctx, MAFIA, ("godfather", "mafioso"), lambda p: may_become_mafioso(state, p)
        )
        if heir is not None:
            change_role(state, heir, "mafioso")
    # Mason promoted to Mason Leader (port `promoted_if_alone`).
    if option(state, "mason_promoted_to_leader"):
        masons = [p for p in state.players if p.role == "mason" and living(p)]
        if masons and not any(p.role == "mason_leader" and living(p) for p in state.players):
            if len(masons) == 1:
                change_role(state, masons[0], "mason_leader")
    # Executioner: 'Target killed at night -> becomes Jester (if option)'.
    # 002's death description 'a suicide note with the words "I failed."': with the
    # Jester option off, the failed Executioner takes his life the next night.
    if ctx.kind == "night":
        for player in shared.executioners_turning(ctx, "exe_target"):
            if option(state, "executioner_becomes_jester"):
                change_role(state, player, "jester")
            elif option(state, "executioner_suicides_on_failure"):
                player.memory["exe_failed"] = True
                ctx.result(player.name, "failed", target=player.memory["exe_target"])


# -- announcements --------------------------------------------------------------------------

CAUSE_KINDS = {
    "godfather": "mafia",
    "mafioso": "mafia",
    "disguiser": "mafia",
    "serial_killer": "serial_killer",
    "vigilante": "vigilante",
    "veteran": "veteran",
    "mass_murderer": "mass_murderer",
    "arsonist": "arsonist",
    "jailor": "jailor",
    "mason_leader": "mason_leader",
    "bodyguard": "bodyguard",
    "jester": "jester",
    "suicide": "suicide",
    "modkill": "modkill",
}


def describe(ctx: PhaseContext, name: str, causes: list[str]) -> str | None:
    """002's death descriptions, when the night type shows them."""
    if ctx.kind != "night" or ctx.option("night_type") == "none":
        return None
    if causes == [leavers.CAUSE]:
        return leavers.DESCRIPTION.format(name=name)
    notes = ctx.death_notes.get(name, {})
    if notes.get("duel"):
        return describe_kinds(["bodyguard"])
    kinds = []
    for attack in ctx.flags.get("killed_by", {}).get(name, []):
        kind = attack.meta.get("description") or CAUSE_KINDS.get(attack.cause)
        if kind:
            kinds.append(kind)
    if not kinds:
        kinds = [CAUSE_KINDS[c] for c in causes if c in CAUSE_KINDS]
    # 002: 'There were signs of struggle.' -- a Bodyguard fought at the house.
    return describe_kinds(kinds, struggle=name in ctx.flags.get("struggle", set()))
