"""A retried submission is the same submission: a reload or a retry after a lost answer
never moves twice.

Each render of a player's form carries a random key (games/templatetags/submission.py).
A service given that key looks it up first, inside its locked transaction: a
submission already stored under it (the answer was lost on the way back, the player
sent it again) returns what the first one created and changes nothing, so a retry
uses up nothing (ru_sport's one vote change included). Otherwise the service does
its work and stores the key in the same transaction: the key exists exactly when
the submission does.

The key is the form's render plus a digest of what the form said, so a new choice
in the same form is a new submission; and it is the user's own: a key sent by
someone else matches nothing of his.
"""

from __future__ import annotations

import hashlib
import json
import re

from django.utils import timezone
from django.utils.translation import gettext

from games.models import SubmissionKey
from games.services.core import ServiceError

# What the form field may hold: the token the page made (32 hex digits), or the one
# the page's script makes for a socket post (a UUID without dashes, or with).
KEY_PATTERN = re.compile(r"[0-9a-fA-F-]{16,64}")
FIELD = "submission_key"


def checked_key(raw: str | None) -> str:
    """The form's key, or "" when the form sent none (a caller without pages). A
    malformed key is refused before anything is written."""
    key = (raw or "").strip()
    if not key:
        return ""
    if not KEY_PATTERN.fullmatch(key):
        raise ServiceError(gettext("The form's submission key is malformed; reload the page."))
    return key.lower()


def digest(**choice) -> str:
    """What the form said, as one stable string (a new choice is a new submission)."""
    text = json.dumps(choice, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def first_submission(user, key: str, choice: str) -> SubmissionKey | None:
    """The stored submission this one repeats, if any (call with the game locked)."""
    if not key or not getattr(user, "is_authenticated", False):
        return None
    return SubmissionKey.objects.filter(user=user, key=key, choice=choice).first()


def remember(user, game, key: str, choice: str, kind: str, created_id: int | None) -> None:
    """Store the key with what the submission created (in the submission's transaction)."""
    if not key or not getattr(user, "is_authenticated", False):
        return
    SubmissionKey.objects.create(
        user=user,
        game=game,
        key=key,
        choice=choice,
        kind=kind,
        created_id=created_id,
        created_at=timezone.now(),
    )
