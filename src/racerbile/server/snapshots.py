"""Replay snapshots: what a room holds, saved every ``snapshot_every`` actions, so a
room loads from its latest snapshot and replays only the actions after it.

A snapshot holds the game's state (see :mod:`racerbile.engine.snapshot`), the dice
drawn, who made each entry, the recent log and the event clocks' starts: everything
:class:`~.room.Room` rebuilds from the record besides the record itself. It is written
after the actions it covers are committed, off the event loop, and used only when it
reads back under this code and no later void marker undoes an action it covers;
otherwise the record replays from its start, as without snapshots.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..engine import Event, Game
from ..engine.record import voided
from ..engine.snapshot import SnapshotCodec, SnapshotError, snapshot_codec
from ..store import ActionRow, SnapshotRow, Store
from .errors import ApiError
from .undo import Maker, Rebuilt

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Taken:
    """What a room held after its entry ``seq``, taken on the event loop (all immutable)."""

    seq: int
    state: Any
    chance_count: int
    last_seat: int | None
    makers: tuple[Maker, ...]
    log: tuple[tuple[int, Event], ...]
    clocks: tuple[tuple[str, datetime], ...]

    @classmethod
    def of(cls, room: Room) -> Taken:
        return cls(
            room.seq,
            room.state,
            room.chance_count,
            room.last_seat,
            tuple(room.makers),
            tuple(room.log),
            tuple(room.timers.event_started.items()),
        )


class Snapshots:
    """Saves the rooms' snapshots as they grow (a room listener) and restores rooms
    from them (:meth:`resume`)."""

    def __init__(self, store: Store, every: int | None):
        self.store = store
        self.every = every
        self._due: weakref.WeakKeyDictionary[Room, int] = weakref.WeakKeyDictionary()
        self._writing: set[asyncio.Task[None]] = set()

    def changed(self, room: Room) -> None:
        """Saves a snapshot, in the background, when the room passed a multiple of
        ``every`` entries since it was loaded or last saved."""
        if self.every is None:
            return
        if room.seq < self._due.setdefault(room, self.every):
            return
        self._set_due(room)
        self.take(room)

    def take(self, room: Room) -> None:
        """Saves the room's snapshot now, in the background."""
        taken = Taken.of(room)
        task = asyncio.get_running_loop().create_task(
            asyncio.to_thread(self._save, room.game, room.row.setup, room.id, taken)
        )
        self._writing.add(task)
        task.add_done_callback(self._writing.discard)

    async def drain(self) -> None:
        """Waits for the snapshots being written (before the store closes)."""
        if self._writing:
            await asyncio.gather(*self._writing, return_exceptions=True)

    def load(self, game_id: str) -> SnapshotRow | None:
        """Returns the game's stored snapshot, if any (in a worker thread)."""
        return None if self.every is None else self.store.snapshot(game_id)

    def resume(self, room: Room, rows: list[ActionRow], stored: SnapshotRow | None) -> None:
        """Replays ``rows`` into a new room, from ``stored`` when it applies."""
        start = self._restore(room, rows, stored) if stored is not None else 0
        room.replay(rows[start:])
        self._set_due(room)

    def _set_due(self, room: Room) -> None:
        """The next snapshot is due at the room's next multiple of ``every`` entries."""
        if self.every is not None:
            self._due[room] = (room.seq // self.every + 1) * self.every

    def _restore(self, room: Room, rows: list[ActionRow], stored: SnapshotRow) -> int:
        """Adopts ``stored`` into the room when it applies; returns the entries it covers
        (0: it does not apply, and the whole record replays)."""
        seq = stored.seq
        codec = snapshot_codec(room.game, room.state)
        if codec is None or stored.fingerprint != codec.fingerprint or not 0 < seq <= len(rows):
            return 0
        entries = [r.action for r in rows]
        if any(n <= seq for n in voided(entries[seq:])):
            return 0  # an undo after the snapshot reaches back before it
        try:
            rebuilt, clocks = _decoded(codec, stored.data, seq)
        except (SnapshotError, KeyError, TypeError, ValueError) as exc:
            log.warning("game %s replays from its start: %s", room.id, exc)
            return 0
        room.adopt(entries[:seq], rebuilt, rows[seq - 1].at)
        room.timers.event_started = clocks
        return seq

    def _save(self, game: Game, setup: dict[str, Any], game_id: str, taken: Taken) -> None:
        try:
            start = game.start(game.Setup.model_validate(setup))
            codec = snapshot_codec(game, start)
            data = None if codec is None else _encoded(codec, taken)
            if codec is not None and data is not None:
                self.store.save_snapshot(game_id, SnapshotRow(taken.seq, codec.fingerprint, data))
        except ApiError as exc:  # the store failed; the record is whole, the next one tries
            log.warning("the snapshot of game %s is not saved: %s", game_id, exc.reason)
        except Exception:  # a snapshot only saves time: never let one stop the room
            log.exception("the snapshot of game %s is not saved", game_id)


def _encoded(codec: SnapshotCodec, taken: Taken) -> dict[str, Any] | None:
    """Returns the snapshot's JSON, or None when part of it does not read back."""
    state = codec.dump_state(taken.state)
    log_entries = [(n, codec.dump_event(e)) for n, e in taken.log]
    if state is None or any(e is None for _, e in log_entries):
        return None
    return {
        "state": state,
        "chance_count": taken.chance_count,
        "last_seat": taken.last_seat,
        "makers": [[m.seat, m.chance] for m in taken.makers],
        "log": [[n, e] for n, e in log_entries],
        "clocks": {key: at.isoformat() for key, at in taken.clocks},
    }


def _decoded(
    codec: SnapshotCodec, data: dict[str, Any], seq: int
) -> tuple[Rebuilt, dict[str, datetime]]:
    makers = [Maker(seat, bool(chance)) for seat, chance in data["makers"]]
    if len(makers) != seq:
        raise SnapshotError(f"the snapshot names the makers of {len(makers)} entries, not {seq}")
    rebuilt = Rebuilt(
        state=codec.load_state(data["state"]),
        chance_count=int(data["chance_count"]),
        last_seat=data["last_seat"],
        log=[(int(n), codec.load_event(e)) for n, e in data["log"]],
        makers=makers,
    )
    clocks = {key: datetime.fromisoformat(at) for key, at in data["clocks"].items()}
    return rebuilt, clocks
