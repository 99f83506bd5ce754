"""Role flavour: the GM's theme text for a role of his game, shown to each
seat told that role above the engine's card, and to the GM. The GM sets it before the
game starts and while it runs; an empty text removes it. One locked transaction, and a
line in the GM's log (the seats read the text on their own page, never another role's).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

import roles
from games.models import RoleFlavour, Status
from games.services.core import ServiceError, lock_game, require_gm
from games.text_safety import clean_text

MAX_FLAVOUR_CHARS = 2000

FLAVOUR_KIND = "flavour"


def set_flavour(gm, game_id: int, role_id: str, text: str) -> RoleFlavour | None:
    """Set (or, with an empty text, remove) the flavour of `role_id` in the game."""
    text = clean_text(str(text or "")).strip()
    if len(text) > MAX_FLAVOUR_CHARS:
        raise ServiceError(
            gettext("A flavour text has at most %(max_flavour_chars)s characters.")
            % {"max_flavour_chars": MAX_FLAVOUR_CHARS}
        )
    with transaction.atomic():
        change = lock_game(game_id)
        game = change.game
        require_gm(game, gm)
        if game.status not in (Status.LOBBY, Status.RUNNING):
            raise ServiceError(gettext("The game is over: its flavour texts stay as they were."))
        ruleset = roles.get_ruleset(game.ruleset_id)
        if role_id not in ruleset.roles:
            raise ServiceError(gettext("Choose one of the ruleset's roles."))
        name = ruleset.roles[role_id].name
        existing = RoleFlavour.objects.filter(game=game, role_id=role_id).first()
        if not text:
            if existing is None:
                raise ServiceError(
                    gettext("%(name)s has no flavour text to remove.") % {"name": name}
                )
            existing.delete()
            flavour = None
        elif existing is not None:
            existing.text, existing.updated_at = text, timezone.now()
            existing.save(update_fields=["text", "updated_at"])
            flavour = existing
        else:
            flavour = RoleFlavour.objects.create(
                game=game, role_id=role_id, text=text, updated_at=timezone.now()
            )
        change.log(FLAVOUR_KIND, "gm", {"role": role_id, "role_name": name, "text": text})
        change.finish()
    return flavour
