"""Rooms: the one authority per game (validate, store, then tell), and the registry of rooms.

A :class:`Room` owns one game's state. Every action goes through :func:`engine.step`, is
committed to the store, and only then changes the room and reaches subscribers. After
each change the room plays the digital dice and the bots until a person is to act.
With a takeover time set, a bot also acts for a person's seat that has sent nothing
for that long (an asyncio timer per room, armed after every change).

Referee actions (``Game.referee_action_types``) come from the host or a judge at any
time, whoever is to act; the room applies them with the trusted actor. A judge's
token (one per name of ``judges(state)``) sends referee actions only.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import math
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import numpy as np
from pydantic import ValidationError

from ..engine import (
    CHANCE,
    Action,
    ActionCodec,
    Actor,
    Chance,
    DiceStream,
    Event,
    Game,
    Record,
    RulesError,
    step,
)
from ..engine.contract import Bot, Clock, clocks, judge_names
from ..games import UnknownGame, get_game
from ..store import ActionRow, DuplicateWrite, GameRow, JudgeRow, SeatRow, Store, now
from .errors import ApiError, not_found
from .schemas import GameCreate
from .security import (
    hash_token,
    new_game_id,
    new_join_code,
    new_seed,
    new_token,
    same_hash,
)
from .settings import Settings
from .workers import BotPool, Decision, game_codec

log = logging.getLogger(__name__)

Role = Literal["host", "seat", "judge", "spectator"]
TAKEOVER_BOTS = ("greedy", "cautious", "random")
"""The bot that takes over a silent seat: the first of these a game has, else its first."""
SHORTEST_TIMER_S = 1.0
LONGEST_TIMER_S = 86_400.0


def bounded_timer(seconds: float) -> float:
    """Returns ``seconds`` within 1 s and 1 day: no timer fires in a loop or never (or
    overflows a date), whatever an old stored game or a game's clock asks for."""
    if math.isnan(seconds):
        return LONGEST_TIMER_S
    return min(max(seconds, SHORTEST_TIMER_S), LONGEST_TIMER_S)


@dataclass(frozen=True)
class Caller:
    """Who sends a request: the host, one seat, a judge, or a spectator (no token)."""

    role: Role
    seat: int | None = None
    judge: int | None = None


SPECTATOR = Caller("spectator")
HOST = Caller("host")


@dataclass(frozen=True)
class Created:
    """A new room and the secrets handed out once, at creation."""

    room: Room
    host_token: str
    seat_tokens: dict[int, str]
    judge_tokens: dict[int, str] = field(default_factory=dict)


class Room:
    """One game: its state, seats, record, recent events and the lock that orders changes."""

    def __init__(
        self,
        row: GameRow,
        game: Game,
        store: Store,
        settings: Settings,
        bots: BotPool,
        takeover_after_s: float | None = None,
    ):
        self.row = row
        self.game = game
        self.store = store
        self.settings = settings
        self.bots = bots
        self.listeners: list[Callable[[Room], None]] = []
        self.lock = asyncio.Lock()
        self.referee_types = frozenset(getattr(game, "referee_action_types", ()))
        self.codec: ActionCodec = game_codec(game)
        self.seats = list(row.seats)
        self.state = game.start(game.Setup.model_validate(row.setup))
        self.actions: list[dict[str, Any]] = []
        self.log: deque[tuple[int, Event]] = deque(maxlen=settings.log_size)
        self.chance_count = 0
        self.last_seat: int | None = None
        self.dice = DiceStream(row.seed)
        self.stale = False
        self.takeover_after_s = (
            None if takeover_after_s is None else bounded_timer(takeover_after_s)
        )
        self._timer: asyncio.Task[None] | None = None
        self._clocks: list[asyncio.Task[None]] = []
        self._automatic_tasks: set[asyncio.Task[None]] = set()
        self.changed = now()  # when the last action was applied (for the stall timer)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seq(self) -> int:
        """Returns the number of actions played so far (what a client acts against)."""
        return len(self.actions)

    @property
    def to_act(self) -> Actor:
        return self.game.to_act(self.state)

    def replay(self, rows: list[ActionRow]) -> None:
        """Rebuilds the state from stored actions; raises RulesError on a broken record."""
        for row in rows:
            action = self.codec.decode(row.action)
            result = step(self.game, self.state, action)
            self._record_json(
                action.to_json(), result.state, result.events, self.is_referee(action)
            )
        self.dice.skip(self.chance_count)

    # ---- who is who -------------------------------------------------------------

    async def authenticate(self, token: str | None) -> Caller:
        """Returns the caller a token stands for; raises 401 for a token of no seat."""
        if token is None:
            return SPECTATOR
        digest = hash_token(token)
        caller: Caller | None = HOST if same_hash(digest, self.row.host_token_hash) else None
        for seat in self.seats:  # every hash is compared, so timing tells nothing
            if same_hash(digest, seat.token_hash):
                caller = Caller("seat", seat.seat)
        for judge in self.row.judges:
            if same_hash(digest, judge.token_hash):
                caller = Caller("judge", judge=judge.judge)
        if caller is None:
            raise ApiError(401, "auth/unknown", "this token belongs to no seat of this game")
        if caller.seat is not None and not self.seats[caller.seat].claimed:
            await self._claim_by_link(caller.seat, digest)
        return caller

    async def _claim_by_link(self, seat: int, digest: str) -> None:
        """Claims a seat on the first use of its link's token, unless the join code
        claimed it first (then the link's token is void: one seat, one holder)."""
        async with self.lock:
            current = self.seats[seat]
            if current.claimed and same_hash(digest, current.token_hash):
                return
            if not same_hash(digest, current.token_hash) or not await asyncio.to_thread(
                self.store.mark_claimed, self.id, seat, digest
            ):
                raise ApiError(
                    401,
                    "auth/unknown",
                    f"seat {seat} was claimed with the join code; this link's token is void",
                )
            self.seats[seat] = replace(current, claimed=True)

    async def claim(self, seat: int) -> str:
        """Gives a free human seat a new token and returns it; raises 409 when taken."""
        if not 0 <= seat < len(self.seats):
            raise ApiError(422, "seat/unknown", f"this game has seats 0 to {len(self.seats) - 1}")
        async with self.lock:
            current = self.seats[seat]
            if current.bot is not None:
                raise ApiError(409, "seat/taken", f"seat {seat} is played by the {current.bot} bot")
            token = new_token()
            if current.claimed or not await asyncio.to_thread(
                self.store.claim_seat, self.id, seat, hash_token(token)
            ):
                raise ApiError(409, "seat/taken", f"seat {seat} ({current.name}) is taken")
            self.seats[seat] = replace(current, token_hash=hash_token(token), claimed=True)
        return token

    @property
    def roller(self) -> int | None:
        """Returns the seat that may send real dice: the seat that acted last, if any."""
        return self.last_seat

    def may_roll(self, caller: Caller) -> bool:
        """Returns True when ``caller`` may send the chance action due now (real dice)."""
        if self.row.dice != "real" or caller.role in ("spectator", "judge"):
            return False
        return caller.role == "host" or self.roller is None or caller.seat == self.roller

    # ---- acting -----------------------------------------------------------------

    async def submit(
        self, caller: Caller, data: Any, seq: int, seat: int | None, lang: str = "en"
    ) -> None:
        """Applies one action ``caller`` made against ``seq``; raises ApiError, changing nothing."""
        if caller.role == "spectator":
            raise ApiError(401, "auth/missing", "send a seat or host token to act")
        async with self.lock:
            if seq != self.seq:
                raise ApiError(
                    409,
                    "action/stale",
                    f"the action was made against move {seq}, but the game is at move {self.seq}",
                    extra={"state": self.public(caller, lang)},
                )
            try:
                action = self.codec.decode(data)
            except RulesError as exc:
                raise ApiError.from_rules(exc) from None
            if self.is_referee(action):
                action, label = self._referee(caller, action)
                actor: Actor | str = "trusted"
            elif caller.role == "judge":
                raise ApiError(
                    403,
                    "judge/referee_only",
                    f"a judge's token sends referee actions only, not {action.kind!r}",
                )
            else:
                actor = self._actor(caller, seat)
                label = _label(caller, actor)
            try:
                result = step(self.game, self.state, action, actor)
            except RulesError as exc:
                raise ApiError.from_rules(exc) from None
            await self._commit(action, result.state, result.events, label)
        await self.play_automatic(self.settings.auto_wait_s)

    def is_referee(self, action: Action) -> bool:
        """Returns True for a referee action (``Game.referee_action_types``)."""
        return type(action) in self.referee_types

    def _referee(self, caller: Caller, action: Action) -> tuple[Action, str]:
        """Checks who sends a referee action; returns it (a judge's number filled in) and
        the actor it is stored with: ``referee`` (the host) or ``judge:{k}``."""
        if self.to_act is None:
            raise ApiError(409, "game/over", "the game is over; no more actions are accepted")
        if caller.role == "host":
            return action, "referee"
        if caller.role != "judge" or caller.judge is None:
            raise ApiError(
                403,
                "referee/forbidden",
                f"only the host or a judge may send {action.kind!r}; a player's token may not",
            )
        if any(f.name == "judge" for f in dataclasses.fields(action)):
            named = getattr(action, "judge", None)
            if named is None:
                action = replace(action, judge=caller.judge)
            elif named != caller.judge:
                raise ApiError(
                    403,
                    "judge/not_yours",
                    f"this token is judge {caller.judge}'s; it may not act as judge {named}",
                )
        return action, f"judge:{caller.judge}"

    def _actor(self, caller: Caller, seat: int | None) -> Actor:
        to_act = self.to_act
        if to_act is None:
            raise ApiError(409, "game/over", "the game is over; no more actions are accepted")
        if caller.role == "seat" and seat is not None and seat != caller.seat:
            raise ApiError(403, "seat/not_yours", f"this token acts for seat {caller.seat} only")
        if seat is not None and not 0 <= seat < len(self.seats):
            raise ApiError(422, "seat/unknown", f"this game has seats 0 to {len(self.seats) - 1}")
        if isinstance(to_act, Chance) and (caller.role == "seat" or seat is None):
            if self.may_roll(caller):
                return CHANCE
            raise ApiError(403, "seat/not_yours", self._roll_refusal())
        if caller.role != "host":
            return caller.seat
        target = to_act if seat is None else seat
        if isinstance(target, int) and self.seats[target].bot is not None:
            raise ApiError(
                409, "seat/bot", f"seat {target} is played by the {self.seats[target].bot} bot"
            )
        return target

    def _roll_refusal(self) -> str:
        if self.row.dice == "digital":
            return "the server rolls the dice in this game"
        return f"it is {self.seats[self.roller or 0].name}'s roll; they or the host send the dice"

    async def advance(self) -> None:
        """Plays the digital dice and bots until a person is to act (under the lock)."""
        async with self.lock:
            await self._advance()

    async def play_automatic(self, wait_s: float) -> None:
        """Starts playing the dice and bots in a task of its own and waits for it at most
        ``wait_s`` seconds, so a slow bot never holds a request (or a restart) for long;
        what it plays later reaches the clients by the websocket."""
        task = asyncio.create_task(self.advance())
        self._automatic_tasks.add(task)
        task.add_done_callback(self._automatic_done)
        await asyncio.wait({task}, timeout=wait_s)

    def _automatic_done(self, task: asyncio.Task[None]) -> None:
        self._automatic_tasks.discard(task)
        if task.cancelled():
            return
        failure = task.exception()
        # An ApiError is the store's (logged there, the room reloads on its next use).
        if failure is not None and not isinstance(failure, ApiError):
            log.error("game %s: its dice and bots stopped", self.id, exc_info=failure)

    async def _advance(self) -> None:
        try:
            for _ in range(self.settings.max_auto_actions):
                action, label = await self._automatic()
                if action is None:
                    return
                try:
                    result = step(self.game, self.state, action)
                except RulesError:
                    log.exception(
                        "game %s: the %s action %s failed; waiting", self.id, label, action
                    )
                    self.dice = DiceStream(self.row.seed, self.chance_count)  # undo the draw
                    return
                await self._commit(action, result.state, result.events, label)
        finally:
            self._arm_takeover()
            self._arm_clocks()

    # ---- taking over a silent seat ------------------------------------------------

    def _arm_takeover(self) -> None:
        """(Re)starts the takeover timer when a person's seat is to act; else stops it."""
        current = asyncio.current_task()
        if self._timer is not None and self._timer is not current:
            self._timer.cancel()
        self._timer = None
        to_act = self.to_act
        if (
            self.takeover_after_s is None
            or self.stale
            or not isinstance(to_act, int)
            or self.seats[to_act].bot is not None
            or takeover_bot(self.game) is None
        ):
            return
        self._timer = asyncio.create_task(self._take_over(self.seq, to_act))

    async def _take_over(self, seq: int, seat: int) -> None:
        """After the takeover time, lets the default bot act for ``seat`` if nothing came."""
        assert self.takeover_after_s is not None
        await asyncio.sleep(self.takeover_after_s)
        async with self.lock:
            if self.seq != seq or self.to_act != seat or self.stale:
                return  # something happened meanwhile; that change armed a new timer
            name = takeover_bot(self.game)
            assert name is not None
            action, label = await self._bot_action(name, seat, "takeover")
            try:
                result = step(self.game, self.state, action, seat)
                await self._commit(action, result.state, result.events, label)
                await self._advance()
            except ApiError as exc:  # the store failed (it logged that) or lost a race
                log.warning("game %s: the takeover of seat %d stopped: %s", self.id, seat, exc)
            except RulesError:
                log.exception("game %s: the %s bot could not act for seat %d", self.id, name, seat)

    # ---- the game's clock (e.g. a stall timer) -------------------------------------

    def _arm_clocks(self) -> None:
        """(Re)starts the game's own timers when it asks for some (see ``Game.clock``).

        A stall timer (``since="last_action"``) runs only while a person's seat is to
        act; a timer since the start runs whoever is to act, counted from the game's
        creation (so it survives a restart).
        """
        current = asyncio.current_task()
        for task in self._clocks:
            if task is not current:
                task.cancel()
        self._clocks = []
        to_act = self.to_act
        if self.stale or to_act is None:
            return
        for clock in clocks(self.game.clock(self.state)):
            seconds = self._delay(clock, to_act)
            if seconds is not None:
                runs_out = self._clock_runs_out(self.seq, bounded_timer(seconds), clock.action)
                self._clocks.append(asyncio.create_task(runs_out))

    def _created(self) -> datetime:
        created = self.row.created
        if created.tzinfo is None:  # SQLite gives back naive UTC times
            created = created.replace(tzinfo=UTC)
        return created

    def _delay(self, clock: Clock, to_act: Actor) -> float | None:
        """Returns how long to wait before ``clock`` runs out (None: not now)."""
        seconds = bounded_timer(clock.seconds)
        if clock.since == "start":
            return max(0.0, seconds - (now() - self._created()).total_seconds())
        if not isinstance(to_act, int) or self.seats[to_act].bot is not None:
            return None
        return seconds

    async def _clock_runs_out(self, seq: int, seconds: float, action: Action) -> None:
        """After ``seconds`` with no change, applies the game's clock action."""
        await asyncio.sleep(seconds)
        async with self.lock:
            if self.seq != seq or self.stale:
                return  # something happened meanwhile; that change armed a new clock
            try:
                result = step(self.game, self.state, action)
                await self._commit(action, result.state, result.events, "clock")
                await self._advance()
            except ApiError as exc:  # the store failed (it logged that) or lost a race
                log.warning("game %s: the clock action %s stopped: %s", self.id, action, exc)
            except RulesError:
                log.exception("game %s: the clock action %s failed", self.id, action)

    def stop_timers(self) -> None:
        """Cancels the takeover timer and the clocks (when the server shuts down)."""
        for task in (self._timer, *self._clocks, *self._automatic_tasks):
            if task is not None:
                task.cancel()
        self._timer = None
        self._clocks = []

    async def _automatic(self) -> tuple[Action | None, str]:
        to_act = self.to_act
        if isinstance(to_act, Chance):
            if self.row.dice != "digital":
                return None, ""
            return self.dice.choose(self.game.chance_outcomes(self.state)), "dice"
        bot = None if to_act is None else self.seats[to_act].bot
        if to_act is None or bot is None:
            return None, ""
        return await self._bot_action(bot, to_act, "bot")

    async def _bot_action(self, bot: str, seat: int, label: str) -> tuple[Action, str]:
        """Returns the bot's action for ``seat`` from the bot pool, or, when the bot
        exceeds its time budget or fails, a random legal action (labelled ``fallback``)."""
        decision = Decision(self.game, self.id, self.row.setup, self.actions, bot, self.row.seed)
        action = await self.bots.decide(decision, self.settings.bot_budget_s)
        if action is not None:
            return action, f"{label}:{seat}"
        log.warning("game %s: seat %d plays a random legal action instead", self.id, seat)
        legal = self.game.legal_actions(self.state)
        rng = np.random.default_rng([self.row.seed, self.seq])
        return legal[int(rng.integers(len(legal)))], f"fallback:{seat}"

    async def _commit(
        self, action: Action, state: Any, events: tuple[Event, ...], label: str
    ) -> None:
        data = action.to_json()
        try:
            await asyncio.to_thread(self.store.append_action, self.id, self.seq + 1, data, label)
        except DuplicateWrite:
            self.stale = True  # another server wrote first: reload from the store
            raise ApiError(
                409, "action/stale", "another server changed this game first; reload it"
            ) from None
        except BaseException:
            self.stale = True  # unknown whether it was written: reload from the store
            raise
        self._record_json(data, state, events, self.is_referee(action))
        if self.to_act is None:
            await asyncio.to_thread(self.store.finish_game, self.id)
        for listener in self.listeners:
            listener(self)

    def _record_json(
        self, data: dict[str, Any], state: Any, events: tuple[Event, ...], referee: bool = False
    ) -> None:
        before = self.to_act
        if referee:
            pass  # a referee action is nobody's turn: no dice drawn, no roller changed
        elif isinstance(before, Chance):
            self.chance_count += 1
        elif before is not None:
            self.last_seat = before
        self.state = state
        self.changed = now()
        self.actions.append(data)
        self.log.extend((self.seq, e) for e in events)

    # ---- what clients see ---------------------------------------------------------

    def public(self, caller: Caller, lang: str = "en") -> dict[str, Any]:
        """Returns the game as ``caller`` may see it (the body of GET /api/games/{id})."""
        to_act = self.to_act
        view_seat = caller.seat
        if caller.role == "host" and isinstance(to_act, int):
            view_seat = to_act
        result = self.game.result(self.state) if to_act is None else None
        return {
            "id": self.id,
            "game": self.game.info.id,
            "seq": self.seq,
            "to_act": "chance" if isinstance(to_act, Chance) else to_act,
            "seat": caller.seat,
            "role": caller.role,
            "judge": caller.judge,
            "dice": self.row.dice,
            "roller": self.roller if self.row.dice == "real" else None,
            "seats": [_seat_public(s) for s in self.seats],
            "view": self.game.view(self.state, view_seat),
            "legal_actions": [a.to_json() for a in self._legal_for(caller, to_act)],
            "finished": to_act is None,
            "result": _result_json(result) if result is not None else None,
            "log": self._log(lang),
            "join_code": self.row.join_code if caller.role in ("host", "seat") else None,
            "join_url": f"/join/{self.row.join_code}" if caller.role in ("host", "seat") else None,
            "takeover_after_s": self.takeover_after_s,
            "timers": self._timers(to_act),
        }

    def _timers(self, to_act: Actor) -> list[dict[str, Any]]:
        """Returns the game's running timers: the action, ``since`` and when it runs out."""
        if to_act is None:
            return []
        out = []
        for clock in clocks(self.game.clock(self.state)):
            delay = self._delay(clock, to_act)
            if delay is not None:
                start = self._created() if clock.since == "start" else self.changed
                seconds = bounded_timer(clock.seconds)
                out.append(
                    {
                        "kind": clock.action.kind,
                        "since": clock.since,
                        "seconds": seconds,
                        "ends_at": (start + timedelta(seconds=seconds)).isoformat(),
                    }
                )
        return out

    def _legal_for(self, caller: Caller, to_act: Actor) -> list[Action]:
        if isinstance(to_act, Chance):
            allowed = self.may_roll(caller)
        else:
            allowed = to_act is not None and (caller.role == "host" or caller.seat == to_act)
        return list(self.game.legal_actions(self.state)) if allowed else []

    def _log(self, lang: str) -> list[dict[str, Any]]:
        names = self.game.seat_names(self.state)
        return [
            {
                "seq": seq,
                "kind": e.kind,
                "text": self.game.describe(e, lang, names),
                "seat": _event_seat(e),
            }
            for seq, e in self.log
        ]

    def record(self) -> Record:
        """Returns the game record; the dice seed is hidden until the game is over."""
        finished = self.to_act is None
        return Record(
            game=self.game.info.id,
            rules_version=self.game.info.rules_version,
            setup=self.row.setup,
            seed=self.row.seed if finished and self.row.dice == "digital" else None,
            actions=list(self.actions),
        )


def _label(caller: Caller, actor: Actor) -> str:
    target = "chance" if isinstance(actor, Chance) else str(actor)
    return f"{caller.role}:{target}"


def _event_seat(event: Event) -> int | None:
    """Returns the seat an event concerns: its ``player`` or ``seat`` field, if a number."""
    for name in ("player", "seat"):
        value = getattr(event, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _seat_public(seat: SeatRow) -> dict[str, Any]:
    return {"seat": seat.seat, "name": seat.name, "bot": seat.bot, "claimed": seat.claimed}


def _result_json(result: Any) -> Any:
    # Tuples become lists and Fractions "n/d" strings, as in every other JSON the engine writes.
    return json.loads(json.dumps(dataclasses.asdict(result), default=str))


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


def bots_of(game: Game) -> Mapping[str, Bot]:
    """Returns the game's bots by name (none for a game that has no bots yet)."""
    bots: Mapping[str, Bot] | None = getattr(game, "bots", None)
    return bots or {}


def takeover_bot(game: Game) -> str | None:
    """Returns the name of the bot that takes over silent seats (None: the game has none)."""
    bots = bots_of(game)
    for name in TAKEOVER_BOTS:
        if name in bots:
            return name
    return next(iter(sorted(bots)), None)


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
