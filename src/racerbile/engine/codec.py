"""JSON decoding of actions: ``{"kind": ..., fields}`` back into the frozen dataclass."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import TypeAdapter, ValidationError

from .contract import Action, Game
from .errors import InvalidAction


class ActionCodec:
    """Decodes the JSON form of a game's actions, with pydantic checking each field."""

    def __init__(self, types: Iterable[type[Action]]):
        self.types: dict[str, type[Action]] = {t.kind: t for t in types}

    def decode(self, data: Any) -> Action:
        """Returns the action for ``data``; raises InvalidAction naming what is wrong."""
        if not isinstance(data, Mapping):
            raise InvalidAction(f"an action must be a JSON object, not {type(data).__name__}")
        kind = data.get("kind")
        cls = self.types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self.types))
            raise InvalidAction(f"unknown action kind {kind!r}; expected one of: {known}")
        fields = {k: v for k, v in data.items() if k != "kind"}
        unknown = sorted(set(fields) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise InvalidAction(f"malformed {kind} action: unknown field(s) {', '.join(unknown)}")
        try:
            return _adapter(cls).validate_python(fields, strict=False)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or kind}: {e['msg']}" for e in exc.errors()
            )
            raise InvalidAction(f"malformed {kind} action: {problems}") from None

    def encode(self, action: Action) -> dict[str, Any]:
        """Returns the JSON form of ``action``."""
        return action.to_json()


_ADAPTERS: dict[type[Action], TypeAdapter[Any]] = {}


def _adapter(cls: type[Action]) -> TypeAdapter[Any]:
    if cls not in _ADAPTERS:
        _ADAPTERS[cls] = TypeAdapter(cls)
    return _ADAPTERS[cls]


def record_codec(game: Game) -> ActionCodec:
    """Returns the codec of every action a game's record may hold (its referee's too)."""
    return ActionCodec([*game.action_types, *game.referee_action_types])
