"""The rooms registry: every game this server holds, loaded from the store on first use,
and the creation of new games (validated, stored, then started)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import ValidationError

from ..engine import Game, RulesError
from ..engine.contract import judge_names
from ..games import UnknownGame, get_game
from ..store import (
    ActionRow,
    DuplicateWrite,
    GameRow,
    JudgeRow,
    SeatRow,
    SnapshotRow,
    Store,
    now,
)
from .errors import ApiError, not_found
from .heads import HeadReader
from .room import Room, takeover_bot
from .schemas import GameCreate
from .security import hash_token, new_game_id, new_join_code, new_seed, new_token
from .settings import Settings
from .snapshots import Snapshots
from .workers import BotPool

log = logging.getLogger(__name__)

SNAPSHOT_WORTH = 10
"""A record shorter than this replays whole (no snapshot is looked up)."""
SWEEP_EVERY_S = 60.0
"""The longest time between two looks for idle rooms to drop."""


@dataclass(frozen=True)
class Created:
    """A new room and the secrets handed out once, at creation."""

    room: Room
    host_token: str
    seat_tokens: dict[int, str]
    judge_tokens: dict[int, str] = field(default_factory=dict)


@dataclass
class Rooms:
    """The rooms this server holds in memory: each loaded from the store on first use,
    and dropped again when idle long enough or when more than ``max_rooms`` are held."""

    store: Store
    settings: Settings
    bots: BotPool
    listeners: list[Callable[[Room], None]] = field(default_factory=list)
    games: Callable[[str], Game] = get_game
    watchers: Callable[[str], int] = field(default=lambda _game_id: 0)
    """How many connections watch a game (the hub's count): a watched room stays."""
    shared: bool = False
    """Other processes write to the same store: each room is brought up to it before it
    serves (:meth:`_current`)."""
    clock: Callable[[], float] = time.monotonic
    """Times how long a room was left unused (for :meth:`evict_idle`)."""
    snapshots: Snapshots | None = None
    """Where rooms load from when their record is long (None: always from the start)."""
    resuming: asyncio.Task[int] | None = None
    _rooms: dict[str, Room] = field(default_factory=dict)
    _used: dict[str, float] = field(default_factory=dict)  # game id -> last use, oldest first
    _pending: dict[str, asyncio.Task[Room]] = field(default_factory=dict)
    _sweeping: asyncio.Task[None] | None = None
    _heads: HeadReader = field(init=False)

    def __post_init__(self) -> None:
        self._heads = HeadReader(lambda game_ids: asyncio.to_thread(self.store.heads, game_ids))

    async def get(self, game_id: str, acting_at: int | None = None) -> Room:
        """Returns the room of a game, replaying it from the store on first use (and
        again after a failed write); raises 404 when the store has no such game.

        On a shared store the room is first brought up to it, unless the caller is about
        to act at ``acting_at`` and the room is at that number: then the action's write
        is the check. It is action ``acting_at + 1``, which the store refuses if another
        process wrote it first (the room then answers 409 and reloads), and the caller
        was authenticated against the store when its connection opened (a used seat's
        token never changes), so nothing stale is acted on, one read less an action."""
        room = self._rooms.get(game_id)
        if room is not None and not room.stale and self.shared and room.seq != acting_at:
            await self._current(room)
        if room is None or room.stale:
            loading = self._pending.get(game_id)
            if loading is None:  # one load per game at a time; others wait for it
                loading = asyncio.create_task(self._install(game_id))
                self._pending[game_id] = loading
                loading.add_done_callback(lambda done: self._loaded(game_id, done))
            room = await asyncio.shield(loading)
        self._touch(game_id)
        return room

    async def _install(self, game_id: str) -> Room:
        old = self._rooms.get(game_id)
        room = await self._load(game_id)
        self._rooms[game_id] = room
        self._touch(game_id)
        self._trim(keep=game_id)
        if old is not None:  # reloaded after a failed write: its screens see the store's
            old.stop_timers()
            for listener in self.listeners:
                listener(room)
        # The dice, bots and clocks of an unfinished game go on from where it stands.
        await room.play_automatic(self.settings.auto_wait_s)
        return room

    def _loaded(self, game_id: str, done: asyncio.Task[Room]) -> None:
        self._pending.pop(game_id, None)
        if not done.cancelled():
            done.exception()  # every waiter got it; nothing is left unretrieved

    async def _current(self, room: Room) -> None:
        """Brings a held room up to the store, which other processes write to as well:
        applies the actions it lacks and takes its seats' tokens and claims as stored,
        so no answer is stale and a token replaced elsewhere is refused here too."""
        if await self._heads.head(room.id) == (room.seq, tuple(room.seats)):
            return
        async with room.lock:
            seq, seats = await asyncio.to_thread(self.store.head, room.id)
            if room.stale or (seq, seats) == (room.seq, tuple(room.seats)):
                return
            rows = await asyncio.to_thread(self.store.actions, room.id, room.seq)
            try:  # RulesError is a ValueError
                room.replay(rows)
            except ValueError:
                room.stale = True  # replayed from its start when next used
                return
            room.access.seats = list(seats)
            room.timers.arm()
        for listener in self.listeners:  # this process's screens; the others told theirs
            listener(room)

    async def changed_elsewhere(self, game_id: str | None) -> None:
        """Brings the room of ``game_id`` up to the store, if this process holds it
        (None: every room someone watches), and pushes what changed."""
        ids = [game_id] if game_id is not None else [g for g in self._rooms if self.watchers(g)]
        for held in ids:
            room = self._rooms.get(held)
            if room is None or held in self._pending:
                continue  # not held, or loading from the store anyway
            try:
                if not room.stale:
                    await self._current(room)
                # A write that lost a race to another server, or a catch-up that failed,
                # left it stale: load it anew now if screens watch it, else when next used.
                if room.stale and self.watchers(held):
                    await self.get(held)
            except ApiError as exc:  # the next request looks again
                log.warning("game %s is not brought up to date: %s", held, exc.reason)

    def count(self) -> int:
        """Returns how many rooms are held in memory."""
        return len(self._rooms)

    async def by_code(self, join_code: str) -> Room:
        """Returns the room with that join code; raises 404."""
        game_id = await asyncio.to_thread(self.store.game_by_code, join_code.strip().upper())
        if game_id is None:
            raise not_found(f"game with join code {join_code!r}")
        return await self.get(game_id)

    def start(self) -> None:
        """Starts resuming the unfinished games (see :meth:`resume`) and dropping idle
        rooms (:meth:`evict_idle`) in the background."""
        self.resuming = asyncio.create_task(self.resume())
        self._sweeping = asyncio.create_task(self._sweep())

    async def resume(self) -> int:
        """Loads the unfinished games one at a time, each replayed off the event loop,
        so their dice, bots and clocks go on after a restart while requests are served
        from the start; a game with nothing to wait for is dropped again until it is used.
        Returns how many were loaded."""
        try:
            ids = await asyncio.to_thread(self.store.unfinished)
        except ApiError as exc:  # the database failed right after opening: serve anyway
            log.warning("unfinished games are not restored (%s); each loads when used", exc)
            return 0
        loaded = 0
        for game_id in ids:
            held = game_id in self._rooms
            try:
                room = await self.get(game_id)
            except ApiError as exc:
                log.warning("game %s is not restored: %s", game_id, exc.reason)
                continue
            loaded += 1
            if not held and self._waits_for_nothing(room):
                self._drop(game_id)
        if loaded:
            log.info("resumed %d unfinished game(s)", loaded)
        return loaded

    async def _load(self, game_id: str) -> Room:
        row = await asyncio.to_thread(self.store.game, game_id)
        if row is None:
            raise not_found(f"game {game_id!r}")
        rows = await asyncio.to_thread(self.store.actions, game_id)
        snapshot = None
        if self.snapshots is not None and len(rows) >= SNAPSHOT_WORTH:
            snapshot = await asyncio.to_thread(self.snapshots.load, game_id)
        game = self._game(row.game)
        if game.info.rules_version != row.rules_version:
            raise ApiError(
                409,
                "game/unplayable",
                f"game {game_id} was played under {row.game} rules version {row.rules_version}; "
                f"this server plays version {game.info.rules_version}",
            )
        try:  # RulesError and pydantic's ValidationError are ValueErrors
            room = await asyncio.to_thread(self._replayed, row, game, rows, snapshot)
        except ValueError as exc:
            raise ApiError(
                409, "game/unplayable", f"game {game_id} does not replay: {exc}"
            ) from None
        if room.to_act is None and row.finished is None:
            await asyncio.to_thread(self.store.finish_game, game_id)
        return room

    def _room(self, row: GameRow, game: Game) -> Room:
        room = Room(row, game, self.store, self.settings, self.bots, row.takeover_after_s)
        room.listeners.extend(self.listeners)
        return room

    def _replayed(
        self, row: GameRow, game: Game, rows: list[ActionRow], snapshot: SnapshotRow | None
    ) -> Room:
        room = self._room(row, game)
        if self.snapshots is None:
            room.replay(rows)
        else:
            self.snapshots.resume(room, rows, snapshot)
        return room

    def _waits_for_nothing(self, room: Room) -> bool:
        """Returns True when dropping the room from memory loses nothing: no connection
        watches it, nothing runs or waits in it (an action, the dice and bots, a timer),
        and it is not being loaded."""
        return self.watchers(room.id) == 0 and not room.busy() and room.id not in self._pending

    def _touch(self, game_id: str) -> None:
        self._used.pop(game_id, None)  # re-inserted last: the dict runs oldest use first
        self._used[game_id] = self.clock()

    def evict_idle(self) -> int:
        """Drops the rooms unused for ``room_idle_s`` that wait for nothing (see
        :meth:`_waits_for_nothing`); returns how many. Each reloads when used."""
        since = self.clock() - self.settings.room_idle_s
        idle = []
        for game_id, used in self._used.items():
            if used > since:
                break  # the rest were used later still
            if self._waits_for_nothing(self._rooms[game_id]):
                idle.append(game_id)
        for game_id in idle:
            self._drop(game_id)
        return len(idle)

    def _trim(self, keep: str) -> None:
        """Drops the least recently used rooms that wait for nothing while more than
        ``max_rooms`` are held (``keep``, the room just loaded, stays)."""
        excess = len(self._rooms) - self.settings.max_rooms
        for game_id in list(self._used):
            if excess <= 0:
                return
            if game_id != keep and self._waits_for_nothing(self._rooms[game_id]):
                self._drop(game_id)
                excess -= 1

    async def _sweep(self) -> None:
        every = min(self.settings.room_idle_s / 4, SWEEP_EVERY_S)
        while True:
            await asyncio.sleep(every)
            self.evict_idle()

    def _drop(self, game_id: str) -> None:
        del self._used[game_id]
        room = self._rooms.pop(game_id)
        room.stale = True  # whoever still holds this copy loads the game anew
        room.stop_timers()

    def close(self) -> None:
        """Stops the resuming and every room's timers (when the server shuts down)."""
        for task in (self.resuming, self._sweeping):
            if task is not None:
                task.cancel()
        for room in self._rooms.values():
            room.stop_timers()

    def _game(self, game_id: str) -> Game:
        try:
            return self.games(game_id)
        except UnknownGame as exc:
            raise ApiError(422, "game/unknown", str(exc)) from None
        except (ImportError, AttributeError) as exc:
            raise ApiError(
                503, "game/unavailable", f"game {game_id!r} cannot load: {exc}"
            ) from None

    async def create(self, data: GameCreate) -> Created:
        """Creates, stores and starts a game; raises 422 naming the bad field."""
        game = self._game(data.game)
        setup = await asyncio.to_thread(_validate_setup, game, data.setup)
        try:
            first = await asyncio.to_thread(game.start, setup)
        except (RulesError, ValueError) as exc:
            raise ApiError(422, "setup/invalid", f"setup: {exc}") from None
        names, judges = game.seat_names(first), judge_names(game, first)
        _check_bots(game.bots, data.bots, len(names))
        if data.takeover_after_s is not None and takeover_bot(game) is None:
            raise ApiError(
                422, "takeover/unavailable", f"{game.info.id} has no bot to take over a seat"
            )
        host_token = new_token()
        tokens = {s: new_token() for s in range(len(names)) if s not in data.bots}
        judge_tokens = {j: new_token() for j in range(len(judges))}
        seats = tuple(
            SeatRow(
                s, name, hash_token(tokens[s]) if s in tokens else None, False, data.bots.get(s)
            )
            for s, name in enumerate(names)
        )
        row = await self._insert(
            GameRow(
                id=new_game_id(),
                game=game.info.id,
                rules_version=game.info.rules_version,
                setup=setup.model_dump(mode="json"),
                seed=new_seed() if data.seed is None else data.seed,
                dice=data.dice,
                host_token_hash=hash_token(host_token),
                join_code=new_join_code(),
                seats=seats,
                created=now(),
                takeover_after_s=data.takeover_after_s,
                judges=tuple(
                    JudgeRow(j, name, hash_token(judge_tokens[j])) for j, name in enumerate(judges)
                ),
            )
        )
        room = await asyncio.to_thread(self._room, row, game)
        self._rooms[row.id] = room
        self._touch(row.id)
        self._trim(keep=row.id)
        await room.play_automatic(self.settings.auto_wait_s)
        return Created(room, host_token, tokens, judge_tokens)

    async def _insert(self, row: GameRow) -> GameRow:
        for _ in range(5):  # a clash of random ids or join codes is rare; draw again
            try:
                await asyncio.to_thread(self.store.create_game, row)
                return row
            except DuplicateWrite:
                row = replace(row, id=new_game_id(), join_code=new_join_code())
        raise ApiError(503, "store/busy", "could not find a free game id; try again")


def _validate_setup(game: Game, setup: dict[str, Any]) -> Any:
    try:
        return game.Setup.model_validate(setup)
    except ValidationError as exc:
        problems = "; ".join(
            f"setup.{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise ApiError(422, "setup/invalid", problems) from None


def _check_bots(available: Mapping[str, Any], bots: Mapping[int, str], seats: int) -> None:
    for seat, name in bots.items():
        if not 0 <= seat < seats:
            raise ApiError(
                422, "bot/invalid", f"bots: this game has seats 0 to {seats - 1}, not {seat}"
            )
        if name not in available:
            offer = ", ".join(sorted(available)) or "none yet"
            raise ApiError(422, "bot/unknown", f"bots: no bot named {name!r}; available: {offer}")
