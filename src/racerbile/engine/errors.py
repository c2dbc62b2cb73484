"""The errors every game raises, each with a reason a player can act on.

All derive from :class:`RulesError`, itself a :class:`ValueError`. Raising one never
changes a state: states are immutable values, so the caller still holds the old one.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class: an action could not be applied. ``code`` is a stable wire code."""

    code = "action/error"

    def __init__(self, reason: str, *, rule_id: str | None = None, position: str | None = None):
        self.reason = reason
        self.rule_id = rule_id
        self.position = position
        text = reason
        if rule_id:
            text += f" ({rule_id})"
        if position:
            text += f" [state: {position}]"
        super().__init__(text)

    def to_json(self) -> dict[str, str | None]:
        """Returns the error as the JSON the server sends to clients."""
        return {"code": self.code, "reason": self.reason, "rule_id": self.rule_id}


class InvalidAction(RulesError):
    """The action does not parse or has the wrong shape."""

    code = "action/invalid"


class IllegalAction(RulesError):
    """The action is well formed but the rules do not allow it now."""

    code = "action/illegal"


class NotYourTurn(RulesError):
    """Someone other than the actor to move tried to act."""

    code = "seat/not_yours"


class GameOver(RulesError):
    """The game has ended; no action can be applied."""

    code = "game/over"


class RecordError(ValueError):
    """A game record cannot be read or replayed; the message says where and why."""


class TrackError(ValueError):
    """A track file is broken. The message names the file, the line/column or field, and
    what is wrong; ``problems`` lists every problem found (the first is the message)."""

    def __init__(self, message: str, problems: list[str] | None = None):
        self.problems = problems or [message]
        super().__init__(message if len(self.problems) == 1 else "\n".join(self.problems))


class UsageError(ValueError):
    """A command was given bad input; the command line prints the message as one error
    line and exits with ``code`` (a game's own commands raise it instead of printing)."""

    def __init__(self, message: str, code: int = 2):
        self.code = code
        super().__init__(message)
