"""A room's timers: the takeover of a silent seat and the game's own clocks.

Each is an asyncio task, re-armed after every change of the room. Every timer lasts
between 1 s and 1 day, whatever a game or an old stored game asks for, so none fires in
a loop, never, or past a date's range.

* **Takeover**: with a takeover time, the default bot acts for a person's seat that has
  sent nothing for that long.
* **Clocks** (``Game.clock``): ``since="last_action"`` runs while a person's seat is to
  act and restarts after every change; ``since="start"`` counts from the game's
  creation; ``since="event"`` counts from the change after which the game first asked
  for that clock (its ``event`` key), taken from the stored action times, so both
  survive a restart.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..engine import Action, Actor
from ..engine.contract import Clock, clocks
from ..store import now

if TYPE_CHECKING:
    from .room import Room

Choose = Callable[[], Awaitable[tuple[Action, str]]]
"""What a timer does when it runs out: the action to apply and its stored actor."""
SHORTEST_TIMER_S = 1.0
LONGEST_TIMER_S = 86_400.0


def bounded_timer(seconds: float) -> float:
    """Returns ``seconds`` within 1 s and 1 day (NaN counts as the longest)."""
    if math.isnan(seconds):
        return LONGEST_TIMER_S
    return min(max(seconds, SHORTEST_TIMER_S), LONGEST_TIMER_S)


def _fixed(action: Action, label: str) -> Choose:
    async def choose() -> tuple[Action, str]:
        return action, label

    return choose


def aware(moment: datetime) -> datetime:
    """Returns ``moment`` with its time zone (SQLite gives back naive UTC times)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class RoomTimers:
    """The takeover timer and the clocks of one room."""

    def __init__(self, room: Room, takeover_after_s: float | None):
        self.room = room
        self.takeover_after_s = (
            None if takeover_after_s is None else bounded_timer(takeover_after_s)
        )
        self.changed = now()  # when the last action was applied (for the stall timer)
        self.event_started: dict[str, datetime] = {}
        self._takeover: asyncio.Task[None] | None = None
        self._clocks: list[asyncio.Task[None]] = []

    def note_change(self, at: datetime) -> None:
        """Records a change at ``at``: starts the event clocks the game asks for anew."""
        self.changed = aware(at)
        asked = {c.event for c in self._asked() if c.since == "event"}
        self.event_started = {
            key: self.event_started.get(key, self.changed) for key in sorted(asked)
        }

    def arm(self) -> None:
        """(Re)starts the takeover timer and the clocks for the state now."""
        self.stop(keep_current=True)
        room, to_act = self.room, self.room.to_act
        if room.stale or to_act is None:
            return
        if (
            self.takeover_after_s is not None
            and isinstance(to_act, int)
            and room.seats[to_act].bot is None
            and (bot := room.takeover_bot()) is not None
        ):
            seat = to_act
            self._takeover = self._start(
                self.takeover_after_s, seat, lambda: room.bot_for(seat, bot)
            )
        for clock in self._asked():
            delay = self._delay(clock, to_act)
            if delay is not None:
                self._clocks.append(self._start(delay, None, _fixed(clock.action, "clock")))

    def _start(self, delay: float, seat: int | None, choose: Choose) -> asyncio.Task[None]:
        return asyncio.create_task(self._after(bounded_timer(delay), self.room.seq, seat, choose))

    async def _after(self, delay: float, seq: int, seat: int | None, choose: Choose) -> None:
        await asyncio.sleep(delay)
        await self.room.on_timer(seq, seat, choose)

    def stop(self, keep_current: bool = False) -> None:
        """Cancels every timer (but the task running this, with ``keep_current``)."""
        if self._takeover is None and not self._clocks:
            return
        current = asyncio.current_task() if keep_current else None
        for task in (self._takeover, *self._clocks):
            if task is not None and task is not current:
                task.cancel()
        self._takeover = None
        self._clocks = []

    def armed(self) -> bool:
        """Returns True while a takeover timer or a clock waits to run out."""
        return any(t is not None and not t.done() for t in (self._takeover, *self._clocks))

    def running(self) -> list[dict[str, Any]]:
        """Returns the game's running clocks: the action, ``since`` and when it runs out."""
        to_act = self.room.to_act
        out = []
        for clock in self._asked() if to_act is not None else []:
            if self._delay(clock, to_act) is not None:
                seconds = bounded_timer(clock.seconds)
                out.append(
                    {
                        "kind": clock.action.kind,
                        "since": clock.since,
                        "seconds": seconds,
                        "ends_at": (self._since(clock) + timedelta(seconds=seconds)).isoformat(),
                    }
                )
        return out

    def _asked(self) -> list[Clock]:
        return clocks(self.room.game.clock(self.room.state))

    def _since(self, clock: Clock) -> datetime:
        if clock.since == "start":
            return aware(self.room.row.created)
        if clock.since == "event":
            return self.event_started.get(clock.event, self.changed)
        return self.changed

    def _delay(self, clock: Clock, to_act: Actor) -> float | None:
        """Returns how long to wait before ``clock`` runs out (None: not now)."""
        seconds = bounded_timer(clock.seconds)
        if clock.since in ("start", "event"):
            return max(0.0, seconds - (now() - self._since(clock)).total_seconds())
        if not isinstance(to_act, int) or self.room.seats[to_act].bot is not None:
            return None
        return seconds
