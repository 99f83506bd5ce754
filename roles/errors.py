"""Typed errors of the engine: both are ValueErrors, so callers may catch either."""


class IllegalAction(ValueError):
    """A submitted action, vote or phase that the rules refuse; `reason` says why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


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
    """A setup that cannot be read (spec/setup.md): one line naming what is wrong."""

    def __init__(self, message: str):
        # One line even when the garbage it quotes holds line breaks.
        super().__init__(" ".join(str(message).split()))


class InvalidSetup(ValueError):
    """A setup that reads but cannot be rolled: `problems` as check_setup lists them."""

    def __init__(self, problems: list[dict]):
        super().__init__("; ".join(p["message"] for p in problems) or "invalid setup")
        self.problems = list(problems)
