"""The rooms registry: every game this server holds, loaded from the store on first use,
and the creation of new games (validated, stored, then started)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import ValidationError

from ..engine import Game, RulesError
from ..engine.contract import judge_names
from ..games import UnknownGame, get_game
from ..store import ActionRow, DuplicateWrite, GameRow, JudgeRow, SeatRow, Store, now
from .errors import ApiError, not_found
from .room import Room, bots_of, takeover_bot
from .schemas import GameCreate
from .security import hash_token, new_game_id, new_join_code, new_seed, new_token
from .settings import Settings
from .workers import BotPool

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Created:
    """A new room and the secrets handed out once, at creation."""

    room: Room
    host_token: str
    seat_tokens: dict[int, str]
    judge_tokens: dict[int, str] = field(default_factory=dict)


@dataclass
class Rooms:
    """Every room this server holds, loaded from the store on first use."""

    store: Store
    settings: Settings
    bots: BotPool
    listeners: list[Callable[[Room], None]] = field(default_factory=list)
    games: Callable[[str], Game] = get_game
    _rooms: dict[str, Room] = field(default_factory=dict)
    _loading: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def get(self, game_id: str) -> Room:
        """Returns the room of a game; raises 404 when the store has no such game."""
        room = self._rooms.get(game_id)
        if room is not None and not room.stale:
            return room
        reloaded = False
        async with self._loading:
            room = self._rooms.get(game_id)
            if room is None or room.stale:
                old = room
                room = await self._load(game_id)
                if old is not None:  # reloaded after a failed write
                    old.stop_timers()
                    reloaded = True
                self._rooms[game_id] = room
        if reloaded:  # the failed write may have been the dice's or a bot's: play on
            await room.play_automatic(self.settings.auto_wait_s)
        return room

    def count(self) -> int:
        """Returns how many rooms are held in memory."""
        return len(self._rooms)

    async def by_code(self, join_code: str) -> Room:
        """Returns the room with that join code; raises 404."""
        game_id = await asyncio.to_thread(self.store.game_by_code, join_code.strip().upper())
        if game_id is None:
            raise not_found(f"game with join code {join_code!r}")
        return await self.get(game_id)

    async def restore(self) -> list[str]:
        """Rebuilds every unfinished game by replay and resumes its dice and bots."""
        restored: list[Room] = []
        for game_id in await asyncio.to_thread(self.store.unfinished):
            try:
                room = await self.get(game_id)
            except ApiError as exc:
                log.warning("game %s is not restored: %s", game_id, exc.reason)
                continue
            restored.append(room)
        await asyncio.gather(*(room.play_automatic(self.settings.auto_wait_s) for room in restored))
        return [room.id for room in restored]

    async def _load(self, game_id: str) -> Room:
        row = await asyncio.to_thread(self.store.game, game_id)
        if row is None:
            raise not_found(f"game {game_id!r}")
        rows = await asyncio.to_thread(self.store.actions, game_id)
        game = self._game(row.game)
        if game.info.rules_version != row.rules_version:
            raise ApiError(
                409,
                "game/unplayable",
                f"game {game_id} was played under {row.game} rules version {row.rules_version}; "
                f"this server plays version {game.info.rules_version}",
            )
        try:  # RulesError and pydantic's ValidationError are ValueErrors
            room = await asyncio.to_thread(self._replayed, row, game, rows)
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

    def _replayed(self, row: GameRow, game: Game, rows: list[ActionRow]) -> Room:
        room = self._room(row, game)
        room.replay(rows)
        return room

    def close(self) -> None:
        """Stops every room's timers (when the server shuts down)."""
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
        _check_bots(bots_of(game), data.bots, len(names))
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
