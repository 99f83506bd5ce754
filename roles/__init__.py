"""The rules engine: pure Python, no Django. Public contract: docs/scenario.md.

>>> import roles
>>> roles.get_ruleset("bay12").roles["doctor"].faction
'town'
"""

from . import rulesets  # noqa: F401  (every ruleset registers itself on import)
from .cards import role_card, rules_text
from .chats import ChatGroup, night_chats, rooms_of
from .engine import PhaseResult, new_game, resolve_phase
from .errors import IllegalAction, InvalidSetup, PendingDecision, ScenarioError, SetupError
from .leavers import has_left, leave
from .legal import (
    DONE,
    Choice,
    check_action,
    check_vote,
    choices,
    lynch_need,
    owed,
    replaced_moves,
)
from .messages import (
    LANGUAGES,
    PRONOUNS,
    UnknownMessage,
    description_message,
    event_message,
    faction_name,
    headline_message,
    named_result_message,
    outcome_messages,
    render,
    result_message,
    role_card_in,
    role_name,
    told_once,
)
from .model import Event, GameState, Player
from .modkill import modkill
from .ruleset import Ability, Option, Preset, Role, Ruleset, TargetRule, get_ruleset, list_rulesets
from .scenario import simulate
from .setup import (
    category_title,
    check_setup,
    deal,
    deal_roles,
    preset_setup,
    roll_setup,
    setup_categories,
    setup_odds,
)
from .sheet import SheetLine, SheetStage, order_sheet, stage_title
from .view import known_role, observe
from .wills import MAX_WILL_CHARS, check_will, offers_wills, will_of, wills_on, write_will

__all__ = [
    "LANGUAGES",
    "PRONOUNS",
    "UnknownMessage",
    "description_message",
    "event_message",
    "faction_name",
    "headline_message",
    "named_result_message",
    "outcome_messages",
    "told_once",
    "render",
    "result_message",
    "role_card_in",
    "role_name",
    "SheetLine",
    "SheetStage",
    "order_sheet",
    "stage_title",
    "setup_odds",
    "setup_categories",
    "roll_setup",
    "preset_setup",
    "deal_roles",
    "check_setup",
    "category_title",
    "SetupError",
    "InvalidSetup",
    "DONE",
    "MAX_WILL_CHARS",
    "Ability",
    "ChatGroup",
    "Choice",
    "Event",
    "GameState",
    "IllegalAction",
    "PendingDecision",
    "Option",
    "PhaseResult",
    "Player",
    "Preset",
    "Role",
    "Ruleset",
    "ScenarioError",
    "TargetRule",
    "check_action",
    "check_will",
    "check_vote",
    "lynch_need",
    "choices",
    "deal",
    "get_ruleset",
    "has_left",
    "known_role",
    "leave",
    "list_rulesets",
    "modkill",
    "new_game",
    "night_chats",
    "observe",
    "offers_wills",
    "owed",
    "replaced_moves",
    "resolve_phase",
    "role_card",
    "rooms_of",
    "rules_text",
    "simulate",
    "will_of",
    "wills_on",
    "write_will",
]
