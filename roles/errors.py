"""Typed errors of the engine: both are ValueErrors, so callers may catch either."""

from __future__ import annotations

from typing import Any


class Reason(str):
    """A refusal's English sentence (what `simulate` prints, byte for byte) that also
    carries its message: an id of roles/messages and its parameters, so a reader of
    another language is told the same thing in his words (games/text.py refusal_text).
    The sentence is the English catalogue's (roles/messages/en.py), said once here.

    >>> reason = Reason("refusal.dead", player="ann")
    >>> reason, reason.message
    ('ann is dead', {'id': 'refusal.dead', 'params': {'player': 'ann'}})

    A reason inside a reason (the actor's name before it) keeps its message too.
    """

    message: dict[str, Any]

    def __new__(cls, mid: str, /, **params: Any) -> Reason:
        from .messages.render import render  # the catalogues import the rulesets

        params = {k: getattr(v, "message", v) for k, v in params.items()}
        message = {"id": mid, "params": params}
        reason = super().__new__(cls, render(message, "en"))
        reason.message = message
        return reason

    def __reduce__(self):  # a copy or a pickle is the same reason, message and all
        return _reason, (self.message["id"], self.message["params"])


def _reason(mid: str, params: dict[str, Any]) -> Reason:
    return Reason(mid, **params)


class IllegalAction(ValueError):
    """A submitted action, vote or phase that the rules refuse; `reason` says why (a
    Reason, whose `message` says it in any language; a plain text where none is known)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason

    @property
    def message(self) -> dict[str, Any]:
        """The refusal as a message of roles/messages (a plain reason: "text")."""
        known = getattr(self.reason, "message", None)
        return known if known is not None else {"id": "text", "params": {"text": str(self.reason)}}


class ScenarioError(ValueError):
    """An invalid scenario: one line naming the phase, the actor and what is wrong."""


class PendingDecision(IllegalAction):
    """A phase that cannot close until someone decides: a re-vote round, the host's choice.

    Not a refusal of what was given but a question: the site opens the round or asks
    the GM, then resolves the phase again with the answer added. `kind` is "round"
    (every name in `voters` casts one ballot among `choices`, added as the day's
    rounds[`index`]) or "action" (`actor` adds the day action `ability` naming one
    of `choices`).
    """

    def __init__(
        self,
        reason: str,
        kind: str,
        choices: list[str],
        voters: list[str] | None = None,
        index: int = 0,
        actor: str | None = None,
        ability: str | None = None,
    ):
        super().__init__(reason)
        self.kind = kind
        self.choices = list(choices)
        self.voters = list(voters or [])
        self.index = index
        self.actor = actor
        self.ability = ability


class SetupError(ScenarioError):
    """A setup that cannot be read (docs/setup.md): one line naming what is wrong."""

    def __init__(self, message: str):
        # One line even when the garbage it quotes holds line breaks.
        super().__init__(" ".join(str(message).split()))


class InvalidSetup(ValueError):
    """A setup that reads but cannot be rolled: `problems` as check_setup lists them."""

    def __init__(self, problems: list[dict]):
        super().__init__("; ".join(p["message"] for p in problems) or "invalid setup")
        self.problems = list(problems)
