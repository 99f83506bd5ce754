"""Typed errors of the engine: both are ValueErrors, so callers may catch either."""


class IllegalAction(ValueError):
    """A submitted action, vote or phase that the rules refuse; `reason` says why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class ScenarioError(ValueError):
    """An invalid scenario: one line naming the phase, the actor and what is wrong."""
