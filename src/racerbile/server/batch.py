"""A batch: entries played after a room's record but not stored yet.

An action and the digital dice and bot actions that follow it are played into one
batch, stored in one transaction, and only then adopted by the room and told to its
listeners; a batch the store refuses is dropped, so the room and its record stay as
they were.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, Chance, Event, Game
from ..engine.referee import roller
from .undo import Maker


@dataclass
class Batch:
    """The entries played after record position ``first`` and what they lead to."""

    first: int
    state: Any
    chance_count: int
    last_seat: int | None
    entries: list[tuple[dict[str, Any], str]] = field(default_factory=list)  # (JSON, actor)
    makers: list[Maker] = field(default_factory=list)
    events: list[tuple[int, Event]] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)  # the entries decoded

    @property
    def seq(self) -> int:
        """Returns the record position after the batch's entries."""
        return self.first + len(self.entries)

    def add(
        self,
        game: Game,
        referee: bool,
        action: Action,
        data: dict[str, Any],
        state: Any,
        events: tuple[Event, ...],
        actor: str,
    ) -> None:
        """Adds one played entry, ``action`` stored as ``data`` (``state`` and ``events``
        are its step's), noting who made it and, for a die, that the stream moved on."""
        before = game.to_act(self.state)
        maker = Maker()
        if referee:
            pass  # a referee action is nobody's turn: no dice drawn, no roller changed
        elif isinstance(before, Chance):
            maker = Maker(roller(game, self.state, self.last_seat), chance=True)
            self.chance_count += 1
        elif before is not None:
            maker = Maker(before)
            self.last_seat = before
        self.state = state
        self.entries.append((data, actor))
        self.actions.append(action)
        self.makers.append(maker)
        self.events.extend((self.seq, e) for e in events)
