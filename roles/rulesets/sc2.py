"""The `sc2` ruleset: SC2 Mafia, every role that 002 names, its host options and its order.

Sources: docs/rules/002_d22398e7ea336aa2.txt (order of night actions,
tie-breakers, constraints, headline and death tables), sc2-notes.md and
sc2-reference.md (roles, options and defaults). Roles sc2 shares with bay12
(000) keep 000's wording where sc2's references are silent.

The night, the day and the rule tables live beside this module:
`sc2_night` (stages and hooks), `sc2_day` (day types, win checks),
`sc2_rules` (option-dependent predicates, investigation tables),
`sc2_categories` (random categories and setup constraints, for the setup builder).
"""

from __future__ import annotations

from .. import abilities as shared
from .. import leavers
from ..announce import headline
from ..errors import IllegalAction, Reason
from ..model import GameState, Player
from ..ruleset import NO_TARGET, Ability, Option, Preset, Role, Ruleset, TargetRule, register
from . import sc2_categories as categories
from . import sc2_chats as chats
from . import sc2_day as day
from . import sc2_night as night
from . import sc2_rules as rules

# -- option-dependent availability -------------------------------------------------


def _used(player: Player, counter: str) -> int:
    return player.memory.get("sc2_uses", {}).get(counter, 0)


def _limit(option_id: str, counter: str, what: str):
    """An ability limited by a host option (0 = unlimited)."""

    def usable(state: GameState, player: Player) -> str | None:
        limit = rules.option(state, option_id)
        if limit and _used(player, counter) >= limit:
            return Reason(
                "refusal.sc2.limit", role=player.role, what=what, option=option_id, limit=limit
            )
        return None

    return usable


def _citizen_vest(state: GameState, player: Player) -> str | None:
    if not rules.option(state, "citizen_vest"):
        return Reason("refusal.sc2.citizen_vest_off")
    if _used(player, "vest") >= 1:
        return Reason("refusal.sc2.citizen_vest_used")
    return None


def _godfather_order(state: GameState, player: Player) -> str | None:
    if state.with_role("mafioso") or rules.option(state, "godfather_kills_without_mafioso"):
        return None
    return Reason("refusal.sc2.no_mafioso")


def _execute_usable(state: GameState, player: Player) -> str | None:
    """sc2-notes: 'a Jailor executing with no prisoner' is invalid input; so is an
    execution beyond jailor_executions. A usable hook, so choices hide it too."""
    cell = state.memory.get("sc2_jail")
    if not cell or cell["jailor"] != player.name or cell["night"] != state.phase_number:
        return Reason("refusal.sc2.no_prisoner")
    if not state.player(cell["prisoner"]).alive:
        return Reason("refusal.sc2.prisoner_dead")
    return _limit("jailor_executions", "execute", "executions")(state, player)


def _reveal_usable(state: GameState, player: Player) -> str | None:
    if player.memory.get("revealed"):
        return Reason("refusal.sc2.revealed")
    return None


def _mason_recruits(state: GameState, player: Player) -> str | None:
    limit = rules.option(state, "mason_leader_recruits")
    if limit and _used(player, "recruit") >= limit:
        return Reason("refusal.sc2.recruits", limit=limit)
    return None


def _spree_usable(state: GameState, player: Player) -> str | None:
    ready = player.memory.get("spree_ready", 0)
    if state.phase_number < ready:
        return Reason("refusal.sc2.spree_wait", n=ready)
    return None


def _spree_refusal(state: GameState, player: Player, target: str) -> str | None:
    if target == player.name and not rules.option(state, "mass_murderer_can_target_self"):
        return Reason("refusal.sc2.spree_home")
    return None


def _convert_usable(state: GameState, player: Player) -> str | None:
    last = state.memory.get("sc2_last_conversion")
    gap = rules.option(state, "cult_nights_between_conversions")
    if last is not None and state.phase_number < last + gap:
        return Reason("refusal.sc2.convert_wait", n=last + gap)
    return None


def _control_self_refusal(state: GameState, player: Player, target_name: str) -> str | None:
    """port Witch `can_control_self`: off (the default), she cannot name herself."""
    if target_name == player.name and not rules.option(state, "witch_can_control_self"):
        return Reason("refusal.self", role="witch")
    return None


def _control_self_check(state: GameState, player: Player, action: dict) -> str | None:
    """With witch_can_control_self she may be the second target (her victim acts on
    her), never the first: she has no other action to be forced into."""
    targets = action.get("targets") or []
    if targets and targets[0] == player.name:
        return Reason("refusal.sc2.witch_first")
    return None


def _annoy_usable(state: GameState, player: Player) -> str | None:
    if not rules.option(state, "jester_annoys"):
        return Reason("refusal.sc2.jester_off")
    return None


def _remember_refusal(state: GameState, player: Player, target_name: str) -> str | None:
    """sc2-reference 2.3 Amnesiac: 'Cannot become Town/Mafia/a killing role' options;
    a refuse_target hook, so choices list only the bodies he may remember."""
    role = state.player(target_name).role
    faction = RULESET.roles[role].faction
    if rules.option(state, "amnesiac_cannot_become_town") and faction == "town":
        return Reason("refusal.sc2.amnesiac", side="town", role=role)
    if rules.option(state, "amnesiac_cannot_become_mafia") and faction == "mafia":
        return Reason("refusal.sc2.amnesiac", side="mafia", role=role)
    if rules.option(state, "amnesiac_cannot_become_killing") and role in rules.KILLING_ROLES:
        return Reason("refusal.sc2.amnesiac", side="killing", role=role)
    return None


# -- abilities ------------------------------------------------------------------------

TOWN_WIN = (
    "Town wins when every Mafia member, Cultist, Serial Killer, Arsonist, Mass Murderer "
    "and Witch is dead."
)
MAFIA_WIN = (
    "Mafia wins when no Cultist or neutral killer is alive and the Mafia equal or "
    "outnumber everyone else (Witches aside)."
)

ONE = TargetRule()
ONE_NO_TEAM = TargetRule(teammates_allowed=False)

VEST_CITIZEN = Ability(
    "vest",
    "Vest",
    "Wear your one-shot bulletproof vest tonight: night immunity.",
    stage="vests",
    targets=NO_TARGET,
    resolve=night.vest,
    visits=False,
    blockable=False,
    redirectable=False,
    usable=_citizen_vest,
)
VEST_SURVIVOR = Ability(
    "vest",
    "Vest",
    "Wear a bulletproof vest tonight (night immunity; 4 vests by default, survivor_vests).",
    stage="vests",
    targets=NO_TARGET,
    resolve=night.vest,
    visits=False,
    blockable=False,
    redirectable=False,
    usable=_limit("survivor_vests", "vest", "vests"),
)
BLOCK = Ability(
    "block",
    "Roleblock",
    "Prevent your target from using their ability tonight.",
    stage="block",
    resolve=shared.roleblock,
)
BLOCK_NO_TEAM = Ability(
    "block",
    "Roleblock",
    BLOCK.description,
    stage="block",
    resolve=shared.roleblock,
    targets=ONE_NO_TEAM,
)

ROLES_LIST = [
    # ---- Town --------------------------------------------------------------------
    Role(
        "citizen",
        "Citizen",
        "town",
        "A plain townsperson with a one-shot bulletproof vest.",
        TOWN_WIN,
        (VEST_CITIZEN,),
        notes=(
            "Only Citizens can be recruited by a Mason Leader (citizen_recruitable; "
            "escort_recruitable adds the Escorts).",
            "citizen_wins_1v1: a Citizen left alone with one Mafia member wins.",
        ),
    ),
    Role(
        "mason",
        "Mason",
        "town",
        "You share a night chat with the Masons and the Mason Leader.",
        TOWN_WIN,
        (),
        notes=("Immune to Cult conversion.",),
    ),
    Role(
        "mason_leader",
        "Mason Leader",
        "town",
        "Recruit Citizens into the Masons; a Cultist you visit is bludgeoned to death.",
        TOWN_WIN,
        (
            Ability(
                "recruit",
                "Recruit",
                "Make a Citizen a Mason (2 recruits by default, mason_leader_recruits); "
                "a Cultist dies instead "
                "(uses a recruit). A Mafia member you try learns your name and role.",
                stage="recruit",
                resolve=night.recruit,
                usable=_mason_recruits,
            ),
        ),
        notes=("Unique.", "mason_leader_recruits limits successful recruits (0: no limit)."),
    ),
    Role(
        "mayor",
        "Mayor",
        "town",
        "Reveal yourself by day to vote with extra weight.",
        TOWN_WIN,
        (
            Ability(
                "reveal",
                "Reveal",
                "Reveal yourself as the Mayor: your vote counts mayor_votes times from now on.",
                phase="day",
                stage="day_actions",
                targets=NO_TARGET,
                visits=False,
                usable=_reveal_usable,
            ),
        ),
        notes=(
            "Unique.",
            "mayor_cannot_be_healed: Doctors cannot heal a revealed Mayor.",
            "Left one versus one with an evil player, the Town loses.",
        ),
    ),
    Role(
        "sheriff",
        "Sheriff",
        "town",
        "Check one player each night.",
        TOWN_WIN,
        (
            Ability(
                "check",
                "Check",
                "Learn whether your target is Mafia, a Serial Killer, "
                "an Arsonist, Cult or a Mass Murderer (per the sheriff_detects_* options).",
                stage="investigate",
                resolve=night.sheriff_check,
            ),
        ),
    ),
    Role(
        "investigator",
        "Investigator",
        "town",
        "Investigate one player each night.",
        TOWN_WIN,
        (
            Ability(
                "check",
                "Investigate",
                "Learn a group of roles holding your target's "
                "(investigator_results: pairs), their crimes, or their exact role.",
                stage="investigate",
                resolve=night.investigate,
            ),
        ),
    ),
    Role(
        "lookout",
        "Lookout",
        "town",
        "Watch a house at night.",
        TOWN_WIN,
        (
            Ability(
                "watch",
                "Watch",
                "Learn everyone who visits your target tonight.",
                stage="investigate",
                resolve=night.watch,
                targets=TargetRule(self_allowed=True),
            ),
        ),
        notes=(
            "A Veteran on alert does not shoot Lookouts; a Mass Murderer does.",
            "lookout_ignores_detection_immune: off, detection-immune visitors are not seen.",
        ),
    ),
    Role(
        "coroner",
        "Coroner",
        "town",
        "Examine the dead.",
        TOWN_WIN,
        (
            Ability(
                "autopsy",
                "Autopsy",
                "Learn the exact role of a dead player, even a "
                "sanitized one (and more with the coroner_discovers_* options).",
                stage="investigate",
                resolve=night.autopsy,
                visits=False,
                targets=TargetRule(dead=True),
            ),
        ),
    ),
    Role(
        "doctor",
        "Doctor",
        "town",
        "Heal one player each night.",
        TOWN_WIN,
        (
            Ability(
                "heal",
                "Heal",
                "Your target survives one attack tonight; several attacks need as many Doctors. "
                "You may heal yourself once per game (not a visit).",
                stage="marks",
                resolve=shared.heal,
                targets=TargetRule(self_allowed=True, self_uses=1),
            ),
        ),
    ),
    Role(
        "bodyguard",
        "Bodyguard",
        "town",
        "Guard one player each night.",
        TOWN_WIN,
        (
            Ability(
                "guard",
                "Guard",
                "If your target is attacked, you and the attacker die and your target is "
                "unharmed. Once per game you may guard yourself: immune for the night.",
                stage="marks",
                resolve=night.guard,
                targets=TargetRule(self_allowed=True, self_uses=1),
            ),
        ),
        notes=("bodyguard_ignores_invulnerability, bodyguard_cannot_be_healed.",),
    ),
    Role(
        "escort",
        "Escort",
        "town",
        "Roleblock one player each night.",
        TOWN_WIN,
        (BLOCK,),
        notes=(
            "A Serial Killer you block kills you instead of his target.",
            "escort_recruitable: a Mason Leader may recruit you into the Masons.",
        ),
    ),
    Role(
        "bus_driver",
        "Bus Driver",
        "town",
        "Swap two players each night.",
        TOWN_WIN,
        (
            Ability(
                "transport",
                "Drive",
                "Swap two players: actions aimed at one hit the other.",
                stage="transport",
                targets=TargetRule(count=2, self_allowed=True),
                redirectable=False,
            ),
        ),
        notes=("Controlled by a Witch, you do not swap.",),
    ),
    Role(
        "spy",
        "Spy",
        "town",
        "You read the Mafia's night chat and see the Mafia's targets.",
        TOWN_WIN,
        (),
        notes=("spy_sees_mafia_targets: told where the Mafia went.",),
    ),
    Role(
        "jailor",
        "Jailor",
        "town",
        "Jail a player by day; execute them by night.",
        TOWN_WIN,
        (
            Ability(
                "jail",
                "Jail",
                "Choose tonight's prisoner (only if nobody is lynched "
                "today, jail_requires_no_lynch): roleblocked and protected.",
                phase="day",
                stage="day_actions",
                visits=False,
            ),
            Ability(
                "execute",
                "Execute",
                "Execute your prisoner (1 per game by default, jailor_executions; "
                "ignores night immunity).",
                stage="kill",
                targets=NO_TARGET,
                visits=False,
                redirectable=False,
                usable=_execute_usable,
            ),
        ),
        traits={"control_immune": True},
        notes=("A Witch cannot control you.",),
    ),
    Role(
        "veteran",
        "Veteran",
        "town",
        "Go on alert at night.",
        TOWN_WIN,
        (
            Ability(
                "alert",
                "Alert",
                "Kill everyone who visits you tonight (Lookouts excepted); you are immune tonight "
                "(3 alerts by default, veteran_alerts).",
                stage="vests",
                targets=NO_TARGET,
                visits=False,
                blockable=False,
                redirectable=False,
                resolve=night.alert,
                usable=_limit("veteran_alerts", "alert", "alerts"),
            ),
        ),
    ),
    Role(
        "vigilante",
        "Vigilante",
        "town",
        "Shoot at night.",
        TOWN_WIN,
        (
            Ability(
                "kill",
                "Shoot",
                "Kill your target (3 per game by default, vigilante_shots; not on night "
                "1). Kill a Town member and you commit suicide the next night.",
                stage="kill",
                from_night=2,
                usable=_limit("vigilante_shots", "shoot", "shots"),
            ),
        ),
    ),
    # ---- Mafia --------------------------------------------------------------------
    Role(
        "godfather",
        "Godfather",
        "mafia",
        "Lead the Mafia: you order the night kill.",
        MAFIA_WIN,
        (
            Ability(
                "kill",
                "Order kill",
                "Order the Mafia's kill; a Mafioso carries it "
                "out. With no Mafioso you kill yourself.",
                stage="kill",
                targets=ONE_NO_TEAM,
                usable=_godfather_order,
            ),
        ),
        notes=("Unique.", "godfather_night_immune, godfather_detection_immune."),
    ),
    Role(
        "mafioso",
        "Mafioso",
        "mafia",
        "Carry out the Mafia's kill.",
        MAFIA_WIN,
        (
            Ability(
                "kill",
                "Kill",
                "Kill your target (the Godfather's order overrides your choice).",
                stage="kill",
                targets=ONE_NO_TEAM,
            ),
        ),
        notes=("Becomes the Godfather when the Godfather dies.",),
    ),
    Role(
        "consort",
        "Consort",
        "mafia",
        "Roleblock one player each night.",
        MAFIA_WIN,
        (BLOCK_NO_TEAM,),
    ),
    Role(
        "consigliere",
        "Consigliere",
        "mafia",
        "Investigate for the Mafia.",
        MAFIA_WIN,
        (
            Ability(
                "check",
                "Investigate",
                "Learn your target's exact role "
                "(consigliere_detects_exact_role) or the Investigator's result.",
                stage="investigate",
                resolve=night.consigliere_check,
                targets=ONE_NO_TEAM,
            ),
        ),
    ),
    Role(
        "framer",
        "Framer",
        "mafia",
        "Frame one player each night.",
        MAFIA_WIN,
        (
            Ability(
                "frame",
                "Frame",
                "Your target reads Mafia to a Sheriff and shows the "
                "Framer's group (or a false crime) to an Investigator tonight.",
                stage="marks",
                resolve=shared.frame,
                targets=ONE_NO_TEAM,
            ),
        ),
    ),
    Role(
        "janitor",
        "Janitor",
        "mafia",
        "Sanitize one player each night.",
        MAFIA_WIN,
        (
            Ability(
                "sanitize",
                "Sanitize",
                "If your target dies tonight, their role and last "
                "will are hidden and you learn the role "
                "(3 per game by default, janitor_sanitizes).",
                stage="janitor",
                resolve=night.sanitize,
                targets=ONE_NO_TEAM,
                usable=_limit("janitor_sanitizes", "sanitize", "sanitizations"),
            ),
        ),
    ),
    Role(
        "disguiser",
        "Disguiser",
        "mafia",
        "Kill and take your victim's identity.",
        MAFIA_WIN,
        (
            Ability(
                "disguise",
                "Disguise",
                "Attack your target; if they die you carry their "
                "role name and they are shown as the Disguiser.",
                stage="kill",
                targets=ONE_NO_TEAM,
            ),
        ),
    ),
    # ---- Neutral ------------------------------------------------------------------
    Role(
        "serial_killer",
        "Serial Killer",
        "serial_killer",
        "Kill one player each night.",
        "Be the last one alive (Survivors and Witches may live on with you).",
        (
            Ability(
                "kill",
                "Stab",
                "Kill your target. A roleblocker who visits you dies instead.",
                stage="kill",
            ),
        ),
        notes=("serial_killer_night_immune, serial_killer_kills_roleblockers.",),
    ),
    Role(
        "arsonist",
        "Arsonist",
        "arsonist",
        "Douse players; ignite them all at once.",
        "Be the last one alive, with other Arsonists and Survivors.",
        (
            Ability(
                "douse",
                "Douse",
                "Douse your target; naming yourself ignites.",
                stage="marks",
                resolve=night.douse,
                targets=TargetRule(self_allowed=True),
                default=True,
            ),
            Ability(
                "ignite",
                "Ignite",
                "Burn everyone doused by any Arsonist.",
                stage="marks",
                resolve=night.ignite,
                targets=NO_TARGET,
                visits=False,
                redirectable=False,
            ),
        ),
        notes=(
            "Doing nothing cleans yourself off.",
            "arsonist_night_immune.",
            "arsonist_fire_spreads: visitors of a burning house burn too.",
        ),
    ),
    Role(
        "mass_murderer",
        "Mass Murderer",
        "mass_murderer",
        "Go on a killing spree.",
        "Be the last one alive (Survivors and Witches may live on with you).",
        (
            Ability(
                "spree",
                "Spree",
                "Kill everyone who visits your target's house tonight, "
                "and the target if they stay home.",
                stage="kill",
                targets=TargetRule(self_allowed=True),
                refuse_target=_spree_refusal,
                usable=_spree_usable,
            ),
        ),
    ),
    Role(
        "witch",
        "Witch",
        "witch",
        "Control other players.",
        "Be alive when the game ends without a Town win.",
        (
            Ability(
                "control",
                "Control",
                "Force your first target to use their ability on your "
                "second target; learn the first target's role. You may be the second "
                "target only with witch_can_control_self.",
                stage="control",
                targets=TargetRule(count=2, distinct=True, self_allowed=True),
                visits_first=1,
                resolve=night.witch_control,
                refuse_target=_control_self_refusal,
                check=_control_self_check,
            ),
        ),
        notes=("You cannot control the Jailor.",),
    ),
    Role(
        "executioner",
        "Executioner",
        "executioner",
        "Get your target lynched.",
        "Your target (a Town member) is lynched, and you survive to the end "
        "(executioner_must_survive).",
        (),
        notes=("executioner_becomes_jester: if your target dies at night you become a Jester.",),
    ),
    Role(
        "jester",
        "Jester",
        "jester",
        "Get yourself lynched.",
        "Be lynched.",
        (
            Ability(
                "annoy",
                "Annoy",
                "Annoy a player tonight: they are told a Jester came by (jester_annoys).",
                stage="marks",
                resolve=night.annoy,
                usable=_annoy_usable,
            ),
        ),
        notes=("jester_kills_guilty_voter: the night after your lynch a random voter dies.",),
    ),
    Role(
        "amnesiac",
        "Amnesiac",
        "amnesiac",
        "Take a role from the graveyard.",
        "Remember a role, then win with it.",
        (
            Ability(
                "remember",
                "Remember",
                "Become the role of a dead player.",
                stage="recruit",
                resolve=night.remember,
                visits=False,
                targets=TargetRule(dead=True),
                refuse_target=_remember_refusal,
            ),
        ),
    ),
    Role(
        "survivor",
        "Survivor",
        "survivor",
        "Stay alive.",
        "Be alive when the game ends.",
        (VEST_SURVIVOR,),
    ),
    Role(
        "cultist",
        "Cultist",
        "cult",
        "Convert players to the Cult.",
        "The Cult equals or outnumbers everyone else, with no Mafia or neutral killer left.",
        (
            Ability(
                "convert",
                "Convert",
                "Make your target a Cultist (not Mafia, not Masons; night immunity prevents it).",
                stage="recruit",
                resolve=night.convert,
                targets=ONE_NO_TEAM,
                usable=_convert_usable,
            ),
        ),
        notes=(
            "The cult converts once a night; it is capped at a third of the players "
            "who are not Mafia.",
        ),
    ),
]


# -- options -----------------------------------------------------------------------------

ON_OFF = (True, False)

OPTIONS = (
    Option(
        "day_type",
        "plurality",
        "plurality: most votes at the deadline lynch, a tie "
        "lynches nobody; majority: >=51% of all living votes lynch at once; "
        "majority_trial: >=51% put a player on trial, then a guilty/innocent verdict",
        ("plurality", "majority", "majority_trial"),
    ),
    Option(
        "night_type",
        "death_descriptions",
        "what the morning post describes: 002's "
        "death descriptions, the night sequence (descriptions plus an ordered narration "
        "without names), or nothing",
        ("death_descriptions", "night_sequence", "none"),
    ),
    Option("last_wills", True, "dead players' last wills are shown (off in Classic)", ON_OFF),
    Option(
        "reveal_roles",
        True,
        "a dead player's role is shown (off in the Clue variant until the game ends)",
        ON_OFF,
    ),
    Option(
        "investigator_results",
        "pairs",
        "Investigator result generation: 2011 role pairs, the 2012-13 flavour groups, the "
        "2014 crime ledger, or the exact role (port detect_exact_role)",
        ("pairs", "flavour", "crimes", "exact"),
    ),
    Option(
        "serial_killer_beats_arsonist",
        False,
        "002: the Serial Killer wins a one versus one over the Arsonist",
        ON_OFF,
    ),
    Option("citizen_wins_1v1", False, "Citizen 'win ties over Mafia' one versus one", ON_OFF),
    Option("citizen_vest", True, "Citizen has a one-shot bulletproof vest", ON_OFF),
    Option(
        "citizen_recruitable",
        True,
        "a Mason Leader can recruit Citizens into the Masons (port recruitable)",
        ON_OFF,
    ),
    Option(
        "mason_promoted_to_leader",
        False,
        "a lone Mason with no Mason Leader becomes the Mason Leader (port promoted_if_alone)",
        ON_OFF,
    ),
    Option("mason_leader_recruits", 2, "successful recruits per game (0: no limit)", (0, 2, 3, 4)),
    Option(
        "mason_leader_excluded_from_randoms",
        True,
        "setup: Mason Leader never drawn from a random slot (2011 default)",
        ON_OFF,
    ),
    Option("mayor_votes", 3, "a revealed Mayor's vote weight", (2, 3, 4)),
    Option("mayor_cannot_be_healed", True, "Doctors cannot heal a revealed Mayor", ON_OFF),
    Option("sheriff_detects_mafia", True, "Sheriff detects Mafia", ON_OFF),
    Option("sheriff_detects_serial_killer", True, "Sheriff detects the Serial Killer", ON_OFF),
    Option("sheriff_detects_arsonist", True, "Sheriff detects the Arsonist", ON_OFF),
    Option("sheriff_detects_cult", True, "Sheriff detects the Cult", ON_OFF),
    Option("sheriff_detects_mass_murderer", True, "Sheriff detects the Mass Murderer", ON_OFF),
    Option(
        "lookout_ignores_detection_immune",
        True,
        "the Lookout sees detection-immune visitors (port ignore_detection_immune)",
        ON_OFF,
    ),
    Option("coroner_discovers_targets", False, "Coroner learns the body's last targets", ON_OFF),
    Option("coroner_discovers_last_will", False, "Coroner reads the body's last will", ON_OFF),
    Option("coroner_discovers_death_type", False, "Coroner learns the causes of death", ON_OFF),
    Option(
        "coroner_discovers_visitor_roles",
        False,
        "Coroner learns the roles that visited the body the night it died",
        ON_OFF,
    ),
    Option(
        "doctor_knows_if_attacked", True, "a Doctor is told when the heal saved someone", ON_OFF
    ),
    Option("doctor_prevents_conversion", False, "a heal stops a Cult conversion", ON_OFF),
    Option(
        "doctor_knows_if_culted", False, "a Doctor is told when the patient was converted", ON_OFF
    ),
    Option(
        "bodyguard_ignores_invulnerability",
        True,
        "the Bodyguard kills night-immune attackers",
        ON_OFF,
    ),
    Option("bodyguard_cannot_be_healed", True, "a Bodyguard who fights cannot be healed", ON_OFF),
    Option("bodyguard_prevents_conversion", False, "a guard stops a Cult conversion", ON_OFF),
    Option("escort_cannot_be_blocked", False, "Escorts cannot be roleblocked", ON_OFF),
    Option("consort_cannot_be_blocked", False, "Consorts cannot be roleblocked", ON_OFF),
    Option(
        "escort_recruitable",
        False,
        "a Mason Leader can recruit Escorts into the Masons (port recruitable)",
        ON_OFF,
    ),
    Option(
        "escort_detects_immune", True, "a roleblocker is told when the target is immune", ON_OFF
    ),
    Option("spy_sees_mafia_targets", True, "the Spy learns where the Mafia went", ON_OFF),
    Option("jailor_executions", 1, "executions per game (0: no limit)", (0, 1, 2, 3)),
    Option(
        "jail_requires_no_lynch", True, "the jail holds only after a day without a lynch", ON_OFF
    ),
    Option("veteran_alerts", 3, "alerts per game (0: no limit)", (0, 1, 2, 3)),
    Option(
        "veteran_pierces_immunity",
        False,
        "the Veteran's shots kill night-immune visitors (port offense_level 2)",
        ON_OFF,
    ),
    Option(
        "veteran_shoots_visitors_doctors",
        False,
        "a Doctor whose patient visits an alerting Veteran is shot too "
        "('Doctor whose target visits the Vet dies')",
        ON_OFF,
    ),
    Option("vigilante_shots", 3, "shots per game (0: no limit)", (0, 1, 2, 3, 4)),
    Option(
        "vigilante_suicides_if_shot_town",
        True,
        "a Vigilante who kills Town commits suicide the next night",
        ON_OFF,
    ),
    Option("godfather_night_immune", True, "Godfather immune to night kills", ON_OFF),
    Option("godfather_detection_immune", True, "Godfather reads not suspicious", ON_OFF),
    Option("godfather_cannot_be_blocked", False, "Godfather cannot be roleblocked", ON_OFF),
    Option(
        "godfather_kills_without_mafioso",
        True,
        "with no Mafioso the Godfather kills himself",
        ON_OFF,
    ),
    Option(
        "mafia_promote_to_mafioso",
        True,
        "with no Godfather or Mafioso alive, the first "
        "Mafia member becomes the Mafioso (Framer 'Becomes Mafioso if alone')",
        ON_OFF,
    ),
    Option(
        "consort_becomes_mafioso",
        True,
        "a Consort can be the Mafia's new Mafioso (port becomes_mafioso)",
        ON_OFF,
    ),
    Option(
        "consigliere_becomes_mafioso",
        True,
        "a Consigliere can be the Mafia's new Mafioso (port becomes_mafioso)",
        ON_OFF,
    ),
    Option(
        "framer_becomes_mafioso",
        True,
        "a Framer can be the Mafia's new Mafioso ('Becomes Mafioso if alone (D: On)')",
        ON_OFF,
    ),
    Option("consigliere_detects_exact_role", True, "the Consigliere learns the exact role", ON_OFF),
    Option(
        "consigliere_promoted_if_no_godfather",
        False,
        "with the Godfather dead and no Mafioso to succeed him, the Consigliere becomes "
        "the Godfather (port promoted_if_no_Godfather)",
        ON_OFF,
    ),
    Option("framer_detection_immune", False, "the Framer reads not suspicious", ON_OFF),
    Option("janitor_sanitizes", 3, "sanitizations per game (0: no limit)", (0, 1, 2, 3)),
    Option("serial_killer_night_immune", True, "Serial Killer immune to night kills", ON_OFF),
    Option(
        "serial_killer_kills_roleblockers",
        True,
        "a roleblocked Serial Killer kills the roleblocker instead",
        ON_OFF,
    ),
    Option("serial_killer_detection_immune", False, "Serial Killer reads not suspicious", ON_OFF),
    Option("arsonist_ignores_immunity", True, "ignition burns night-immune players", ON_OFF),
    Option("arsonist_ignores_healing", False, "ignition burns through heals", ON_OFF),
    Option("arsonist_night_immune", True, "Arsonist immune to night kills", ON_OFF),
    Option("arsonist_targets_informed", False, "doused players are told", ON_OFF),
    Option("arsonist_detection_immune", False, "Arsonist reads not suspicious", ON_OFF),
    Option(
        "arsonist_douses_roleblockers",
        False,
        "a roleblocker who visits the Arsonist is doused (port douse_blocker)",
        ON_OFF,
    ),
    Option(
        "arsonist_fire_spreads",
        False,
        "an ignition also burns everyone who visited a burning house that night "
        "(port fire_spreads)",
        ON_OFF,
    ),
    Option("mass_murderer_night_immune", False, "Mass Murderer immune to night kills", ON_OFF),
    Option("mass_murderer_can_target_self", False, "the Mass Murderer may spree at home", ON_OFF),
    Option(
        "mass_murderer_cooldown",
        0,
        "nights between sprees after a spree of two or more kills (0: none)",
        (0, 1, 2),
    ),
    Option("mass_murderer_detection_immune", False, "Mass Murderer reads not suspicious", ON_OFF),
    Option(
        "witch_target_notified",
        True,
        "the Witch's first target is told it was controlled (port target_is_notified)",
        ON_OFF,
    ),
    Option(
        "witch_can_control_self",
        False,
        "the Witch may name herself as the second target: her first target acts on her "
        "(port can_control_self)",
        ON_OFF,
    ),
    Option(
        "executioner_becomes_jester",
        True,
        "an Executioner whose target dies at night becomes a Jester",
        ON_OFF,
    ),
    Option(
        "executioner_suicides_on_failure",
        False,
        "with executioner_becomes_jester off, an Executioner whose target dies at night "
        "commits suicide the next night (002: 'a suicide note with the words \"I failed.\"')",
        ON_OFF,
    ),
    Option("executioner_target_must_be_town", True, "the Executioner's target is Town", ON_OFF),
    Option("executioner_must_survive", True, "the Executioner must be alive at the end", ON_OFF),
    Option("executioner_night_immune", False, "Executioner immune to night kills", ON_OFF),
    Option(
        "jester_kills_guilty_voter",
        False,
        "the night after a Jester's lynch a random voter dies",
        ON_OFF,
    ),
    Option(
        "jester_annoys",
        False,
        "the Jester may annoy a player each night (later wiki revisions; 2011: no action)",
        ON_OFF,
    ),
    Option("amnesiac_revealed", True, "the remembered role is announced", ON_OFF),
    Option("amnesiac_cannot_become_town", False, "the Amnesiac cannot take a Town role", ON_OFF),
    Option("amnesiac_cannot_become_mafia", False, "the Amnesiac cannot take a Mafia role", ON_OFF),
    Option(
        "amnesiac_cannot_become_killing", True, "the Amnesiac cannot take a killing role", ON_OFF
    ),
    Option("survivor_vests", 4, "Survivor's vests per game", (0, 1, 2, 3, 4)),
    Option(
        "cultist_excluded_from_randoms",
        True,
        "setup: Cultist never drawn from a random slot",
        ON_OFF,
    ),
    Option("cult_immunity_prevents_conversion", True, "night immunity stops a conversion", ON_OFF),
    Option(
        "cult_nights_between_conversions",
        1,
        "1: the cult converts every night; 2: every other night",
        (1, 2),
    ),
)


# -- setup -----------------------------------------------------------------------------------


def setup(state: GameState) -> None:
    """Fix what the deal leaves open and check the setup; every problem is reported at
    once (one message, problems joined by '; ')."""
    problems = setup_problems(state)
    if problems:
        said = problems[-1]
        for problem in reversed(problems[:-1]):  # "a; b; c", each in any language
            said = Reason("refusal.sc2.setup.and", first=problem, rest=said)
        raise IllegalAction(said)
    rng = state.rng("setup")
    for player in state.players:
        if player.role != "executioner":
            continue
        target = player.extra.get("target")
        if target is None:
            pool = _executioner_pool(state, player)
            target = pool[rng.randrange(len(pool))]
        player.memory["exe_target"] = target
    _cult_memory(state)


def _executioner_pool(state: GameState, player: Player) -> list[str]:
    if rules.option(state, "executioner_target_must_be_town"):
        return [p.name for p in state.players if p.faction == "town"]
    return [p.name for p in state.players if p.name != player.name]


def setup_problems(state: GameState) -> list[str]:
    """Every reason this setup cannot be played, in seat order (empty: it can)."""
    problems = []
    detects = [o.id for o in OPTIONS if o.id.startswith("sheriff_detects_")]
    if not any(rules.option(state, o) for o in detects):
        problems.append(Reason("refusal.sc2.setup.detects"))
    for unique in ("mason_leader", "mayor", "godfather"):
        holders = [p.name for p in state.players if p.role == unique]
        if len(holders) > 1:
            problems.append(
                Reason("refusal.sc2.setup.unique", role=unique, holders=", ".join(holders))
            )
    for player in state.players:
        if player.role != "executioner":
            continue
        target = player.extra.get("target")
        if target is None:
            if not _executioner_pool(state, player):
                problems.append(Reason("refusal.sc2.setup.no_target", player=player.name))
        elif not state.has_player(target) or target == player.name:
            problems.append(Reason("refusal.sc2.setup.other_target", player=player.name))
        elif target not in _executioner_pool(state, player):
            problems.append(Reason("refusal.sc2.setup.town_target", player=player.name))
    return problems


def _cult_memory(state: GameState) -> None:
    """sc2-reference 2.3 Cultist: 'cult capped at 1/3 of original size minus Mafia'."""
    mafia = sum(1 for p in state.players if p.faction == "mafia")
    state.memory["sc2_cult_cap"] = (len(state.players) - mafia) // 3
    state.memory["sc2_cult_founders"] = sum(1 for p in state.players if p.faction == "cult")


def reveal_of(state: GameState, player: Player) -> str:
    """A dead player's role is shown, unless the Janitor sanitized the body or a
    Disguiser took the victim's identity (then only the 'reveal' event speaks)."""
    if not rules.option(state, "reveal_roles"):
        return "none"  # the Clue variant: 'roles not revealed at death'
    hidden = set(state.memory.get("sc2_sanitized", [])) | set(state.memory.get("sc2_disguised", []))
    return "none" if player.name in hidden else "role"


DOCUMENTATION = """
Several protectors on one target (000's Doctor and Bodyguard, "even if multiple
people prevented it"): the Bodyguard who faced the attacker, one who stood by, and,
with doctor_knows_if_attacked, each Doctor whose heal would have stopped the attack
are told once, also when a Bodyguard or the target's vest stopped it first; a role's
own night immunity is no one's doing, and the jail hides its prisoner (no protector is
told of an attack on him).

Night order (002 'Order of Night actions', sc2-notes 1-10): the jail, the
Godfather's order handed to a Mafioso, vests and alerts, the redirect/block
cycle, marks (frames, douses, heals, guards), all kills at once, the Janitor, the
crime ledger, investigations, the Spy, the Disguiser, recruits/conversions/
remembering, dawn.

GM decisions where the documents are silent or ambiguous:
- Redirect/block cycle: settled deterministically. Blocks aimed at Witches and Bus
  Drivers land first; then Witches (seat order), then Bus Drivers (seat order,
  composing), then the roleblock chain in sequence (A->B->C->D blocks B and D). A
  pure ring of blockers is broken by the seeded RNG. One pass is the fixed point.
- A Bus Driver's swap does not move another Bus Driver's targets; a Witch-controlled
  Bus Driver does not swap. Bus Drivers may name themselves and visit both targets.
- Witch: she can be roleblocked; she learns the role of her first target; she
  cannot name herself. Controlling a player whose only action nobody can move (an
  ignition, an alert) adds no action; he is still told.
- The jail blocks every action of the prisoner (even unblockable ones) and repels
  every attack but the Jailor's execution and the Arsonist's fire. A Jailor may
  jail only after a day without a lynch (jail_requires_no_lynch). A released
  Serial Killer who kills roleblockers kills the Jailor, unless he was also
  roleblocked (the kept bug): then nobody dies.
- Executions ignore night immunity and heals; a Bodyguard guarding the prisoner
  fights the Jailor: both die, the prisoner lives.
- Several Bodyguards guarding one attacked player (the references describe one):
  they step in front of the attacks in seat order, one attack each; when the
  Bodyguards outnumber the attacks, the first seated fight and the others stand by
  and are told they saved him. A fixed order, not a draw, so the GM can follow it.
- A Bodyguard facing several attacks on his target takes one of them, drawn with the
  game's seed (the references name no order among attackers); with one attack left
  there is no draw.
- The Godfather's order stands even if he is roleblocked (it is given in the Mafia's
  chat before the night resolves), not if he is jailed; it goes to the first Mafioso
  who acted (else the first living one) who is not in jail. The Mafioso carrying it
  does the visit; a roleblocked Mafioso kills nobody. Several Mafiosi (Classic)
  each carry out their own kill. Promotions (Mafioso -> Godfather, last member ->
  Mafioso) happen at the end of the phase in which the death happened.
- Roles sc2 shares with bay12 keep 000's rules where the sc2 references are silent:
  a Doctor may heal himself once per game and a Bodyguard guard himself once per
  game (immune that night, no fight), neither a visit; the Vigilante never shoots
  on night 1. Not carried over: the bay12 Witch's one-time survival (the sc2
  Witch has no defence in the references) and the Escort's immunity to blocks
  (sc2-notes describe roleblock chains; escort_cannot_be_blocked is an option).
- Doctors: each heal stops one attack. Night immunity (role options, vests,
  alerts) repels any preventable attack first.
- Veteran: his shots can be healed and spare night-immune visitors unless
  veteran_pierces_immunity; Lookouts are never shot. The reference's 'Doctor whose
  target visits the Vet dies' (from a third-party rules README; the wiki and 002
  are silent) is veteran_shoots_visitors_doctors, off by default: on, a Doctor
  healing a visitor the Veteran shoots is shot too (he follows his patient into the
  fire), whether or not the heal saves the patient; a self-heal is no visit.
- Mass Murderer: the target is 'home' when he visited nobody. A Bodyguard guarding
  the house cancels the whole spree and duels the Mass Murderer.
- Vigilante: 3 shots by default (000), never on night 1.
- Investigator 2011 pairs (reference 2.1-2.3): citizen/jester, cultist/mason,
  godfather/mason_leader/mayor, executioner/sheriff, consigliere/investigator,
  lookout, coroner/janitor, doctor/serial_killer, bodyguard/consort/escort,
  arsonist/bus_driver/doused, spy, jailor/mafioso/vigilante,
  mass_murderer/veteran, amnesiac/survivor/witch, disguiser/framer/framed (the
  roles the wiki does not pair - Lookout's partner Blackmailer is not in sc2 here,
  the Disguiser - are grouped as shown). A framed player shows the Framer group,
  a doused one the Arsonist group (000: framing overpowers dousing).
- Investigator 'flavour' (2012-13) groups: mafioso/serial_killer/vigilante, jailor,
  bodyguard/bus_driver, godfather/jester/mason_leader/mayor, lookout, coroner/janitor,
  mass_murderer/veteran as those revisions print them; the other roles keep their
  2011 pair minus the roles those groups took (citizen and doctor stand alone).
- Spy: reads the Mafia, Cult and Mason chats (the site's chat groups); the engine's
  part is the Mafia's targets (spy_sees_mafia_targets).
- Arsonist: naming yourself with douse is the ignition; neither a Witch nor a Bus
  Driver can move it (reference: 'Witch cannot stop ignition').
- Sheriff values: mafia, serial_killer, arsonist, cult, mass_murderer or
  not_suspicious; framed reads mafia; a Disguiser's jump does not fool the Sheriff.
- Crimes: the ledger of reference 2.4, earned as the actions resolve; a frame adds
  one random crime the target has not committed, for that night.
- Janitor: 3 sanitizations by default; he learns the role; the public record
  carries a 'sanitized' event and no last will.
- Disguiser: his own attack; if it kills, investigations of him show the victim's
  role and the victim is announced as the Disguiser ('reveal' event).
- Mason Leader: a recruit counts when it succeeds or bludgeons a Cultist.
- Executioner failure: his target dying at night makes him a Jester
  (executioner_becomes_jester, on: the wiki's 'Becomes Jester upon failure'); with it
  off and executioner_suicides_on_failure on, he is told ('failed') and commits
  suicide the next night, unpreventable like the Vigilante's guilt, with 002's line
  'He/She apparently shot himself after leaving a suicide note with the words "I
  failed." on it.' (cause 'suicide'); with both off he stays an Executioner who
  cannot win. A target lynched is his win, never a failure.
- The port's flags (sc2-reference names them without defaults): where the wiki has
  the option, its default; otherwise the default keeps the wiki's rule.
  - offense_level is not one more option: Veteran 1/2 is veteran_pierces_immunity,
    Bodyguard 1/2 bodyguard_ignores_invulnerability, Arsonist 1/3 the wiki's two
    options arsonist_ignores_immunity and arsonist_ignores_healing (3: both on);
    the other killers' fixed level 1 is a plain attack that night immunity stops.
    defense_level is each role's *_night_immune option.
  - randomly_suicide (Jester) is the wiki's 'Kills a random guilty voter':
    jester_kills_guilty_voter, off; 002's grief suicide is its death description.
  - recruitable (Citizen, Escort): the reference reads it as recruiting 'by the
    mafia'; sc2 has no Mafia recruit, so it decides whom a Mason Leader's recruit
    works on: citizen_recruitable (on: the wiki's 'This ability only works on
    Citizens') and escort_recruitable (off). A recruit that does not work fails,
    uses no recruit and is not told to its target (the wiki tells Citizens and
    Mafia only; a Mafia member still learns the Mason Leader).
  - ignore_detection_immune (Lookout): lookout_ignores_detection_immune, on (the
    Lookout sees every visitor); off, a visitor whose role is detection-immune in
    this game (godfather_detection_immune, ...) is missing from his list, as the
    wiki's Lookout page describes.
  - can_control_self (Witch): witch_can_control_self, off; on, she may name herself
    as the second target (her first target acts on her: a Doctor heals her), never
    as the first (she has no other action to be forced into: invalid input).
  - fire_spreads (Arsonist): arsonist_fire_spreads, off; on, everyone who visited
    a burning house that night burns too, by the fire's rules (immunity, heals,
    jail and Bodyguards as for the doused).
  - becomes_mafioso (Consort, Consigliere; the wiki's Framer 'Becomes Mafioso if
    alone (D: On)'): consort_/consigliere_/framer_becomes_mafioso, on; the heir is
    the first member in seat order whose role may; the Janitor and the Disguiser
    (no such flag in the reference) always may; mafia_promote_to_mafioso off stops
    every promotion.
  - The Jester's 'Annoy' of later versions: jester_annoys, off (002's 2011 Jester
    has no action); on, his target is told a Jester came by; it is a visit (seen by
    a Lookout, shot by an alerting Veteran) and not in the night sequence.
  - detects_block_immune_target (Escort, Consort): one option for both,
    escort_detects_immune.
  - The Witch Doctor and WitchDoctor_when_converted (Doctor, Witch) are not built:
    the references name him and never say what he does. sc2-reference 3.1 lists him
    only in brackets among roles 'not of ours' ('Witch, Cultist (+ Auditor, Judge,
    Witch Doctor)'), 3.2 only as one of the port's unique roles, and 2.1/2.3 only
    as the flag name 'WitchDoctor_when_converted (port)', with no ability, win
    condition or investigation result; a role with no rule text would be invented.
    A converted Doctor or Witch becomes a Cultist, as every conversion does.
  - The Bus Driver's 'May target self' is a fact of
    the wiki (always allowed), not an option; the Spy's old 'read PMs' belongs to
    the site's private messages, not to the engine.
- Cult: one conversion a night for the whole cult; not Mafia, Masons, the Mason
  Leader or a jailed player; cap = (players - Mafia) // 3 members ever, plus one
  per two dead Cultists. A conversion beyond the cap fails (the Cultist is told),
  like one on an immune player: the cult cannot know it is full.
- Amnesiac: remembering a forbidden role or a living player is invalid input.
- Executioner: the target comes from the scenario's 'target' or is drawn from the
  Town with the seed; becoming a Jester happens at the dawn after the target's
  night death.
- Day: plurality (default) lynches the single leader; a tie lynches nobody.
  Majority lynches the first player reaching >=51% of all living votes (Mayor's
  weight included), in the order votes were cast; later votes are ignored.
  A Mayor's reveal is applied before the day's votes.
- Majority + Trial (day_type majority_trial, sc2-reference 3.3 'defence then
  verdict'): the first player voted up by >=51% (as in majority) is on trial; his
  defence is the day's talk; then every other living player votes in the day's
  first extra round "execute" (guilty) or "pardon" (innocent), or abstains. More
  guilty than innocent votes (a revealed Mayor's weight counts) lynch him; a tie
  or more innocent votes set him free and nobody is lynched that day (one trial a
  day: the site resolves a day once, at its close). Everyone's verdict is public.
  With jester_kills_guilty_voter, the 'guilty voters' are those who voted guilty.
- Wins: Town wins when no Mafia, Cult, neutral killer or Witch is alive; Mafia
  (or Cult) wins when no other hostile side is alive and it equals or outnumbers
  everyone else but Witches; a neutral killer wins when only his kind, Survivors
  and Witches are left. Survivors alive at the end, Witches alive at a non-Town
  end, lynched Jesters and successful Executioners (alive, by default) also win.
- One versus one (two players alive at dawn): 002's precedence decides; with
  citizen_wins_1v1 a Citizen beats a Mafia member.
- Three days of peace: six phases in a row without a death; the larger side wins,
  a tie goes to the side that is not the Town ('equal or greater numbers'),
  neutral sides among themselves by the one-versus-one precedence.
- When no side is left (only neutrals), every neutral whose goal is met wins; 002's
  ending priority (Executioner, Amnesiac, Survivor, Jester) orders the endings
  shown, it does not take a win away.
- Clue variant: reveal_roles off hides every dead player's role until the end.
- Last wills (last_wills, on; off in the Classic and Clue presets): a player's will is
  the one he wrote during the game (roles.write_will, the site's 'Your last will'
  box), else his scenario's 'will' key. It is read out with his death, a public
  'last_will' event of the phase that killed him: at dawn after a night death, at the
  day's close after a lynch; a player with no will (or an erased one) has no event.
  Sanitized by the Janitor that night, it stays hidden (the GM, who reads every will,
  still does; the game's end shows it). A Disguiser's victim is read out with the
  Disguiser's will (the reference: 'the victim appears as "Disguiser" with the
  Disguiser's will'; none if the Disguiser wrote none). With coroner_discovers_last_will
  the Coroner reads the will of the body he examines, sanitized or not ('Coroner can
  read sanitized bodies'): the body's own will, "" if it had none. The host's modkill
  reads no will out (it gives no last words either); the body keeps it for a Coroner.
""".strip()


def _categories_text() -> str:
    """The random-category tables of sc2_categories, for the GM's sheet."""
    lines = ["Random categories (for the setup builder; sc2-reference 3.1-3.2, 002):"]
    for name, members in categories.CATEGORIES.items():
        lines.append(f"- {name}: {', '.join(members)}")
    lines.append(f"- unique: {', '.join(sorted(categories.UNIQUE))}")
    for category, fallback in categories.FALLBACKS.items():
        lines.append(f"- an impossible {category} slot falls back to {fallback}")
    lines.extend(f"- {constraint}" for constraint in categories.CONSTRAINTS)
    for category, flags in categories.EXCLUSION_OPTIONS.items():
        shown = ", ".join(f"{flag} = {default!r}" for flag, default in flags.items())
        lines.append(f"- {category} slot options: {shown}")
    return "\n".join(lines)


DOCUMENTATION = (
    DOCUMENTATION
    + "\n\n"
    + chats.RULINGS
    + "\n\n"
    + _categories_text()
    + "\n\n"
    + categories.SETUP_RULINGS
)


PRESETS = {
    "classic": Preset(
        "classic",
        "SC2 Classic variant: only Mafioso, Consort, Citizen, Doctor, Sheriff; no last wills",
        ("mafioso", "mafioso", "consort", "sheriff", "sheriff", "doctor", "doctor")
        + ("citizen",) * 8,
        {"last_wills": False},
    ),
    "clue15": Preset(
        "clue15",
        "SC2 Clue variant: no last wills, roles not revealed at death (the standard 15 roles)",
        (
            "jailor",
            "mayor",
            "sheriff",
            "investigator",
            "lookout",
            "doctor",
            "bodyguard",
            "coroner",
            "vigilante",
            "citizen",
            "godfather",
            "mafioso",
            "janitor",
            "serial_killer",
            "executioner",
        ),
        {"last_wills": False, "reveal_roles": False},
    ),
    "standard15": Preset(
        "standard15",
        "A standard 15-player SC2 setup: ten Town, three Mafia, two neutrals",
        (
            "jailor",
            "mayor",
            "sheriff",
            "investigator",
            "lookout",
            "doctor",
            "bodyguard",
            "escort",
            "vigilante",
            "citizen",
            "godfather",
            "mafioso",
            "consort",
            "serial_killer",
            "executioner",
        ),
    ),
}


RULESET = register(
    Ruleset(
        id="sc2",
        title="SC2 Mafia",
        source="002_d22398e7ea336aa2.txt, sc2-notes.md, sc2-reference.md",
        roles={r.id: r for r in ROLES_LIST},
        categories=categories.SETUP_CATEGORIES,
        unique_roles=categories.UNIQUE,
        spawn_rules=categories.SPAWN_RULES,
        excluded_from_randoms_options=categories.EXCLUDED_FROM_RANDOMS_OPTIONS,
        night_order=(
            "leave",
            "jail",
            "mafia_order",
            "vests",
            "redirect_block",
            "visits",
            "marks",
            "kill",
            "settle",
            "janitor",
            "crimes",
            "investigate",
            "spy",
            "disguise",
            "leavers",
            "recruit",
            "dawn",
        ),
        day_order=("leave", "day_actions", "vote", "after_day"),
        inner_stages={"redirect_block": ("control", "transport", "block")},
        procedures={
            "leave": leavers.note,
            "leavers": leavers.die,
            "mafia_order": night.mafia_order,
            "jail": night.jail,
            "redirect_block": night.redirect_and_block,
            "visits": night.record_visits,
            "kill": night.kills,
            "settle": night.settle,
            "crimes": night.crimes,
            "spy": night.spy,
            "disguise": night.disguise,
            "dawn": night.dawn,
            "day_actions": day.day_actions,
            "vote": day.vote,
            "after_day": day.after_day,
        },
        win_check=day.win_check,
        options=OPTIONS,
        presets=PRESETS,
        documentation=DOCUMENTATION + "\n\n" + leavers.DOCUMENTATION,
        gm_decisions=(leavers.LEAVE,),
        factions={
            "town": "Town",
            "mafia": "Mafia",
            "cult": "Cult",
            "serial_killer": "Neutral Killing",
            "arsonist": "Neutral Killing",
            "mass_murderer": "Neutral Killing",
            "witch": "Neutral Evil",
            "executioner": "Neutral Benign",
            "jester": "Neutral Benign",
            "amnesiac": "Neutral Benign",
            "survivor": "Neutral Benign",
        },
        informed_factions=("mafia", "cult"),
        chat_rooms=chats.rooms,
        setup=setup,
        headline=headline,
        describe=rules.describe,
        reveal_of=reveal_of,
        lynch_need=day.lynch_need,
    )
)
