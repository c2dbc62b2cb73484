"""The one error the API answers with: a status, a stable code, a sentence, a rule id."""

from __future__ import annotations

import math
from typing import Any

from ..engine import RulesError
from .schemas import ErrorPublic

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
        headers: dict[str, str] | None = None,
    ):
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason
        self.rule_id = rule_id
        self.extra = extra or {}
        self.headers = headers or {}

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


def retry_after(seconds: float) -> dict[str, str]:
    """Returns the ``Retry-After`` header for a wait of ``seconds`` (whole seconds, at least 1)."""
    return {"Retry-After": str(max(1, math.ceil(seconds)))}


# What each refusal status means in every route that can answer it (the OpenAPI page).
REFUSALS = {
    401: "no token where one is needed, a token of no seat of this game, or a malformed "
    "Authorization header (auth/missing, auth/unknown, auth/malformed)",
    403: "a token that may not do this: another seat's action, not this seat's turn, a "
    "referee action from a seat, a seat's action from a judge",
    404: "no such game, join code or bundled track (not_found)",
    409: "the game moved on (action/stale, with the current state), is over (game/over), "
    "the seat is taken (seat/taken), or the stored game is damaged or does not replay "
    "(game/damaged, game/unplayable)",
    413: "the request body is too large (request/too_large)",
    422: "a malformed or invalid request, setup or action, naming the field, with the "
    "engine's reason and rule id for an illegal action",
    429: "too many requests from this address (rate/limited); wait Retry-After seconds",
    503: "the database is unavailable (store/unavailable), or a game cannot load "
    "(game/unavailable); try again after Retry-After seconds",
}
_RETRY_AFTER = {
    "Retry-After": {"description": "seconds to wait before retrying", "schema": {"type": "integer"}}
}


def refusals(*statuses: int, **texts: str) -> dict[int | str, dict[str, Any]]:
    """Returns a route's ``responses=``: each status with the error body and its meaning.

    ``texts`` (``s409="…"``) replace the general meaning of a status for one route.
    """
    out: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        entry: dict[str, Any] = {
            "model": ErrorPublic,
            "description": texts.get(f"s{status}", REFUSALS[status]),
        }
        if status in (429, 503):
            entry["headers"] = _RETRY_AFTER
        out[status] = entry
    return out
