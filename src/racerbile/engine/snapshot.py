"""Game states and events as JSON, for snapshots: a long record need not replay from
its first action.

A game's state is a frozen dataclass. What a game never changes after its start (the
track, the setup's options, the names) is taken from the start state again; every other
field is written through Pydantic's validator for the field's declared type, so a
NamedTuple, a frozenset or a Fraction reads back as itself. Events are the game's
frozen dataclasses, found by their ``kind``.

The codec holds no trust of its own: :meth:`SnapshotCodec.dump_state` refuses (returns
None for) a state that does not read back equal to itself, so a snapshot on record
always stands for the state it was taken of; and its :attr:`~SnapshotCodec.fingerprint`
changes with the types' shape, so one written by other code is not read.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import sys
import typing
from collections.abc import Iterator
from typing import Any

from pydantic import PydanticUserError, TypeAdapter, ValidationError

from .contract import Event, Game

log = logging.getLogger(__name__)


class SnapshotError(ValueError):
    """A snapshot that does not read back (other code wrote it, or it is damaged)."""


class SnapshotCodec:
    """Writes and reads one game's states (relative to a start state) and events."""

    def __init__(self, game: Game, start: Any):
        self.game = game
        self.start = start
        self._fields = _state_fields(type(start))
        self._events = _event_types(game)
        self.fingerprint = _fingerprint(game, type(start), self._fields, self._events)

    def dump_state(self, state: Any) -> dict[str, Any] | None:
        """Returns the state's changed fields as JSON, or None when it does not read
        back equal to itself (that state gets no snapshot)."""
        out = {}
        try:
            for name, (_, adapter) in self._fields.items():
                value, start = getattr(state, name), getattr(self.start, name)
                if value is not start and value != start:
                    out[name] = adapter.dump_python(value, mode="json")
            back = self.load_state(out)
        except (SnapshotError, ValueError, TypeError) as exc:  # Pydantic's are ValueErrors
            log.info("a %s state gets no snapshot: %s", self.game.info.id, exc)
            return None
        same = all(getattr(back, name) == getattr(state, name) for name in self._fields)
        return out if same else None  # every field: some are left out of ==

    def load_state(self, data: dict[str, Any]) -> Any:
        """Returns the state written by :meth:`dump_state`; raises SnapshotError naming
        the field that does not read."""
        changes = {}
        for name, value in data.items():
            field = self._fields.get(name)
            if field is None:
                raise SnapshotError(f"the snapshot's state has a field {name!r} the state lacks")
            try:
                changes[name] = field[1].validate_python(value)
            except ValidationError as exc:
                problem = exc.errors()[0]["msg"]
                raise SnapshotError(f"the snapshot's state field {name!r}: {problem}") from None
        return dataclasses.replace(self.start, **changes)

    def dump_event(self, event: Event) -> dict[str, Any] | None:
        """Returns the event as JSON (None: a kind this codec does not know)."""
        known = self._events.get(event.kind)
        if known is None or known[0] is not type(event):
            return None
        return {"kind": event.kind, **known[1].dump_python(event, mode="json")}

    def load_event(self, data: dict[str, Any]) -> Event:
        """Returns the event written by :meth:`dump_event`; raises SnapshotError."""
        fields = dict(data)
        known = self._events.get(fields.pop("kind", None))
        if known is None:
            raise SnapshotError(f"the snapshot holds an event of unknown kind {data.get('kind')!r}")
        try:
            event: Event = known[1].validate_python(fields)
        except ValueError as exc:
            kind = data["kind"]
            raise SnapshotError(f"the snapshot's {kind} event does not read back: {exc}") from None
        return event


def snapshot_codec(game: Game, start: Any) -> SnapshotCodec | None:
    """Returns the codec of a game's states, or None when its state's field types cannot
    be read (that game's records always replay from the start)."""
    try:
        return SnapshotCodec(game, start)
    except (NameError, TypeError, AttributeError, PydanticUserError) as exc:  # no schema too
        log.info("%s states get no snapshots: %s", game.info.id, exc)
        return None


_FIELDS: dict[type, dict[str, tuple[Any, TypeAdapter[Any]]]] = {}
_FINGERPRINTS: dict[tuple[type, type], str] = {}
_EVENTS: dict[type, dict[str, tuple[type[Event], TypeAdapter[Any]]]] = {}


def _state_fields(cls: type) -> dict[str, tuple[Any, TypeAdapter[Any]]]:
    """Returns each field of a state class: its type and the adapter that reads it."""
    fields = _FIELDS.get(cls)
    if fields is None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not a dataclass")
        hints = typing.get_type_hints(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        fields = _FIELDS[cls] = {n: (hints[n], TypeAdapter(hints[n])) for n in names}
    return fields


def _event_types(game: Game) -> dict[str, tuple[type[Event], TypeAdapter[Any]]]:
    """Returns the game's event classes by kind: the Event subclasses defined in the
    game's package or in the engine (a kind defined twice is left out)."""
    events = _EVENTS.get(type(game))
    if events is None:
        events = _EVENTS[type(game)] = _find_events(game)
    return events


def _find_events(game: Game) -> dict[str, tuple[type[Event], TypeAdapter[Any]]]:
    package = type(game).__module__.rsplit(".", 1)[0]
    found: dict[str, list[type[Event]]] = {}
    for cls in _subclasses(Event):
        module = sys.modules.get(cls.__module__)
        if getattr(module, cls.__qualname__, None) is not cls:
            continue  # not the class its module names (``slots=True`` made a new one)
        if cls.__module__ == package or cls.__module__.startswith(
            (package + ".", f"{__package__}.")
        ):
            found.setdefault(cls.kind, []).append(cls)
    return {kind: (c[0], TypeAdapter(c[0])) for kind, c in found.items() if len(c) == 1}


def _fingerprint(
    game: Game,
    cls: type,
    fields: dict[str, tuple[Any, TypeAdapter[Any]]],
    events: dict[str, tuple[type[Event], TypeAdapter[Any]]],
) -> str:
    """Returns a digest of the game, its rules version and the JSON schemas of its
    state's fields and of its events (nested types included): other code, another."""
    key = (type(game), cls)
    found = _FINGERPRINTS.get(key)
    if found is None:
        shape = [f"{game.info.id}@{game.info.rules_version}"]
        shape += [f"{name}={_schema(a)}" for name, (_, a) in fields.items()]
        shape += [f"{kind}={_schema(a)}" for kind, (_, a) in sorted(events.items())]
        found = _FINGERPRINTS[key] = hashlib.sha256("\n".join(shape).encode()).hexdigest()[:32]
    return found


def _schema(adapter: TypeAdapter[Any]) -> str:
    return json.dumps(adapter.json_schema(mode="serialization"), sort_keys=True)


def _subclasses(cls: type[Event]) -> Iterator[type[Event]]:
    seen: set[type[Event]] = set()
    todo: list[type[Event]] = [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:  # a class with two Event bases is found twice
                seen.add(sub)
                todo.append(sub)
                yield sub
