"""The setup builder (docs/setup.md): categories, check, odds and roll of a setup, and
dealing a role list onto the seats.

>>> import roles
>>> roles.check_setup({"ruleset": "sc2", "slots": [{"category": "town_power"}]})["ok"]
True
"""

from .categories import SETUP_RULINGS, category_title, setup_categories
from .check import check_setup
from .deal import deal, deal_roles
from .odds import setup_odds
from .roll import preset_setup, roll_setup

__all__ = [
    "SETUP_RULINGS",
    "category_title",
    "check_setup",
    "deal",
    "deal_roles",
    "preset_setup",
    "roll_setup",
    "setup_categories",
    "setup_odds",
]
