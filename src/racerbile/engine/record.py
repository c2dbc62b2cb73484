"""Game records: JSON that replays a game exactly.

A record holds the game id, the rules version it was played under, the setup, the
seed of the digital dice (if any) and every action in order, dice values included.

An undo does not remove actions: a **void marker** ``{"void": [n, ...]}`` (no ``kind``;
optionally ``"reason"``, why it was undone)
is appended, naming the 1-based positions in ``actions`` it voids. The voided actions
stay where they were, as an audit trail, and replay skips them and the markers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from .codec import record_codec
from .contract import Action, Event, Game
from .errors import RecordError, RulesError
from .step import step


class Record(BaseModel):
    """A replayable game record (the JSON form is the file format)."""

    format: str = "racerbile-record"
    game: str
    rules_version: int
    setup: dict[str, Any]
    seed: int | None = None
    actions: list[dict[str, Any]] = Field(default_factory=list)

    @classmethod
    def new(cls, game: Game, setup: BaseModel, seed: int | None = None) -> Record:
        """Returns an empty record for a new game."""
        return cls(
            game=game.info.id,
            rules_version=game.info.rules_version,
            setup=setup.model_dump(mode="json"),
            seed=seed,
        )

    def with_action(self, action: Action) -> Record:
        """Returns a copy with ``action`` appended."""
        return self.model_copy(update={"actions": [*self.actions, action.to_json()]})

    def with_void(self, positions: Iterable[int]) -> Record:
        """Returns a copy with a void marker for the actions at ``positions`` appended."""
        return self.model_copy(update={"actions": [*self.actions, void_marker(positions)]})

    @classmethod
    def load(cls, path: Path) -> Record:
        """Reads a record file; raises RecordError naming the file and the problem."""
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"{path}: cannot read the record: {exc}") from None
        return cls.parse(text, source=str(path))

    @classmethod
    def parse(cls, text: str, source: str = "<record>") -> Record:
        """Parses record JSON; raises RecordError naming the line or the field."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"{source}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}"
            ) from None
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "record"
            raise RecordError(f"{source}: field {where}: {first['msg']}") from None


def void_marker(positions: Iterable[int], reason: str | None = None) -> dict[str, Any]:
    """Returns the record entry that voids the actions at 1-based ``positions``, with
    why (``reason``) when one was given."""
    marker: dict[str, Any] = {"void": sorted(set(positions))}
    if reason is not None:
        marker["reason"] = reason
    return marker


def is_void_marker(data: Any) -> bool:
    """Returns True for a void marker (an entry that is no action)."""
    return isinstance(data, dict) and "void" in data and "kind" not in data


def voided(actions: Sequence[dict[str, Any]]) -> set[int]:
    """Returns the 1-based positions of the actions the markers in ``actions`` void."""
    out: set[int] = set()
    for data in actions:
        if is_void_marker(data):
            out.update(int(n) for n in data["void"])
    return out


def live_actions(actions: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Returns the actions that count, in order: neither markers nor voided."""
    gone = voided(actions)
    return [
        data
        for number, data in enumerate(actions, start=1)
        if number not in gone and not is_void_marker(data)
    ]


@dataclass(frozen=True)
class Replay:
    """The state a record leads to, and every event on the way."""

    state: Any
    events: tuple[Event, ...]


def replay(game: Game, record: Record) -> Replay:
    """Rebuilds the state of ``record``; raises RecordError naming the failing action."""
    if record.game != game.info.id:
        raise RecordError(f"the record is of game {record.game!r}, not {game.info.id!r}")
    if record.rules_version != game.info.rules_version:
        raise RecordError(
            f"the record was written under {record.game} rules version {record.rules_version}, "
            f"this program plays version {game.info.rules_version}; it cannot be replayed exactly"
        )
    try:
        setup = game.Setup.model_validate(record.setup)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise RecordError(f"setup field {where}: {first['msg']}") from None
    try:
        state = game.start(setup)
    except (RulesError, ValueError) as exc:
        raise RecordError(f"setup: {exc}") from None
    codec = record_codec(game)
    events: list[Event] = []
    gone = voided(record.actions)
    for number, data in enumerate(record.actions, start=1):
        if number in gone or is_void_marker(data):
            continue
        try:
            result = step(game, state, codec.decode(data))
        except RulesError as exc:
            raise RecordError(f"action {number} ({json.dumps(data)}) failed: {exc}") from None
        state = result.state
        events.extend(result.events)
    return Replay(state, tuple(events))
