"""The one error the API answers with: a status, a stable code, a sentence, a rule id."""

from __future__ import annotations

from typing import Any

from ..engine import RulesError

# Rules errors keep their engine code; this maps each code to its HTTP status.
RULES_STATUS = {
    "action/invalid": 422,
    "action/illegal": 422,
    "seat/not_yours": 403,
    "game/over": 409,
}


class ApiError(Exception):
    """An error answered as ``{"code", "reason", "rule_id", ...extra}`` with ``status``."""

    def __init__(
        self,
        status: int,
        code: str,
        reason: str,
        rule_id: str | None = None,
        extra: dict[str, Any] | None = None,
    ):
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason
        self.rule_id = rule_id
        self.extra = extra or {}

    @classmethod
    def from_rules(cls, exc: RulesError) -> ApiError:
        """Returns the API error for an engine error, keeping its code and rule id."""
        return cls(RULES_STATUS.get(exc.code, 422), exc.code, exc.reason, exc.rule_id)

    def to_json(self) -> dict[str, Any]:
        """Returns the body sent to the client."""
        return {"code": self.code, "reason": self.reason, "rule_id": self.rule_id, **self.extra}


def not_found(what: str) -> ApiError:
    """Returns the 404 for an unknown game, join code or track."""
    return ApiError(404, "not_found", f"no {what}")
