"""A room: the one authority over a game (validate, store, then tell).

Every action goes through :func:`engine.step`, is committed to the store, and only then
changes the room and reaches subscribers. After each action the room plays the digital
dice and the bots (through the engine's one auto-play driver, the bots deciding in the
bot pool) until a person is to act; the action and what follows it are one
:class:`~.batch.Batch`, stored in one transaction. A bot still deciding after
``auto_wait_s`` splits the batch: what is played so far is stored and told, the rest
follows in a batch of its own. Who may send what is :mod:`.access`; the takeover timer
and the game's clocks are :mod:`.timers`; what a caller sees is :mod:`.views`.

Referee actions (kinds in ``Game.referee_action_types``; who may send them now by
``Game.referee_options``) come from the host or a judge at any time, whoever is to act;
the room applies them with the trusted actor. An undo voids recorded actions: a void
marker is stored like an action (so ``seq`` moves on), the voided actions stay in the
record, and the state is rebuilt without them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import numpy as np

from ..engine import (
    Action,
    Actor,
    Chance,
    DiceStream,
    Event,
    Game,
    Record,
    RulesError,
    Seat,
    step,
)
from ..engine.autoplay import Decide, autoplay
from ..engine.codec import record_codec
from ..engine.record import is_void_marker, void_marker
from ..engine.referee import roller
from ..store import ActionRow, DuplicateWrite, GameRow, SeatRow, Store, now
from .access import Access, Caller, game_over
from .batch import Batch
from .errors import ApiError
from .roomlog import RoomLog, log_breaks
from .settings import Settings
from .timers import RoomTimers
from .undo import Maker, Rebuilt, note_decoded, rebuild, void_refusal_in, voided_in
from .views import Views, record
from .workers import BotPool, Decision

log = logging.getLogger(__name__)

TAKEOVER_BOTS = ("greedy", "cautious", "random")
"""The bot that takes over a silent seat: the first of these a game has, else its first."""
SLOW_LIMIT = 3
"""After this many fallbacks in a row a seat's bot is no longer asked (until a restart)."""


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
        self.access = Access(row, store, self.lock)
        self.referee_types = frozenset(game.referee_action_types)
        self.codec = record_codec(game)
        self.state = game.start(game.Setup.model_validate(row.setup))
        self.actions: list[dict[str, Any]] = []  # every stored entry, void markers too
        self.makers: list[Maker] = []  # who made each entry (see .undo)
        self.log = RoomLog(settings.log_size, log_breaks(game))
        self.chance_count = 0
        self.last_seat: int | None = None
        self.dice = DiceStream(row.seed)
        self.stale = False
        self.timers = RoomTimers(self, takeover_after_s)
        self.timers.note_change(row.created)
        self.views = Views(self)
        self._automatic_tasks: set[asyncio.Task[None]] = set()
        self._deciding: tuple[int, asyncio.Task[tuple[Action, str]]] | None = None  # seq, bot
        self._fallbacks: dict[int, int] = {}  # seat -> fallbacks in a row

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seq(self) -> int:
        """Returns the number of entries recorded so far (what a client acts against)."""
        return len(self.actions)

    @property
    def to_act(self) -> Actor:
        return self.game.to_act(self.state)

    @property
    def seats(self) -> list[SeatRow]:
        return self.access.seats

    @property
    def roller(self) -> int | None:
        """Returns the seat that may send the real dice due now (None: any seat)."""
        return roller(self.game, self.state, self.last_seat)

    def replay(self, rows: list[ActionRow]) -> None:
        """Rebuilds the state from stored entries; raises RulesError on a broken record."""
        for row in rows:
            if is_void_marker(row.action):
                entries = [*self.actions, row.action]
                self.adopt(entries, rebuild(self, entries), row.at)
            else:
                action = self.codec.decode(row.action)
                result = step(self.game, self.state, action)
                batch = self._batch()
                self._add(batch, action, result.state, result.events, row.actor, row.action)
                self._take(batch, row.at)
        self.dice = DiceStream(self.row.seed, self.chance_count)

    async def authenticate(self, token: str | None) -> Caller:
        """Returns the caller of ``token``; its first use claims its seat, which every
        screen is told of."""
        claimed = self._claimed()
        caller = await self.access.authenticate(token)
        if self._claimed() != claimed:
            self._show_seats()
        return caller

    async def claim(self, seat: int) -> str:
        """Claims a free seat by the join code; every screen sees it taken."""
        token = await self.access.claim(seat)
        self._show_seats()
        return token

    def _claimed(self) -> tuple[bool, ...]:
        return tuple(s.claimed for s in self.access.seats)

    def _show_seats(self) -> None:
        # The host's screen stops handing the phone to a seat now held on its own phone.
        self.views.clear()
        self._tell()

    # ---- acting -----------------------------------------------------------------

    async def submit(
        self, caller: Caller, data: Any, seq: int, seat: int | None, lang: str = "en"
    ) -> None:
        """Applies one action ``caller`` made against ``seq``; raises ApiError, changing nothing."""
        if caller.role == "spectator":
            raise ApiError(401, "auth/missing", "send a seat or host token to act")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settings.auto_wait_s
        async with self.lock:
            self._check_fresh(caller, seq, lang)
            try:
                action = self.codec.decode(data)
            except RulesError as exc:
                raise ApiError.from_rules(exc) from None
            actor: Actor | str = "trusted"
            if self.to_act is None:
                raise game_over()
            if self.is_referee(action):
                action, label = self.access.referee(self.game, self.state, caller, action)
            elif caller.role == "judge":
                raise ApiError(
                    403,
                    "judge/referee_only",
                    f"a judge's token sends referee actions only, not {action.kind!r}",
                )
            else:
                actor = self.access.actor(caller, seat, self.to_act, self.roller)
                label = f"{caller.role}:{'chance' if isinstance(actor, Chance) else actor}"
            try:
                result = step(self.game, self.state, action, actor)
            except RulesError as exc:
                raise ApiError.from_rules(exc) from None
            batch = self._batch()
            self._add(batch, action, result.state, result.events, label)
            done = await self._follow(batch, deadline, self.settings.max_auto_actions)
            await self._save(batch)
            if done:
                self.timers.arm()
        if not done:  # a bot still decides: it plays on in a task of its own
            await self.play_automatic(max(0.0, deadline - loop.time()))

    async def void(
        self,
        caller: Caller,
        positions: list[int],
        seq: int,
        lang: str = "en",
        reason: str | None = None,
    ) -> None:
        """Voids the recorded actions at ``positions`` (1-based) when the game lets
        ``caller`` do so (``Game.may_void``); raises ApiError, changing nothing. The
        marker keeps ``reason``; the stored actor names the caller (``void:judge:0``)."""
        if caller.role == "spectator":
            raise ApiError(401, "auth/missing", "send a seat, judge or host token to undo")
        async with self.lock:
            self._check_fresh(caller, seq, lang)
            gone = voided_in(self)
            for number in positions:
                if not 1 <= number <= self.seq or number in gone:
                    raise ApiError(422, "void/invalid", f"no action {number} to void")
                if is_void_marker(self.actions[number - 1]):
                    raise ApiError(422, "void/invalid", f"entry {number} is an undo itself")
            refusal = void_refusal_in(self, caller, positions)
            if refusal is not None:
                raise ApiError(403, "void/forbidden", refusal)
            entries = [*self.actions, void_marker(positions, reason)]
            try:
                rebuilt = await asyncio.to_thread(rebuild, self, entries)
            except RulesError as exc:
                raise ApiError(
                    422, "void/breaks", f"the game does not replay without them: {exc.reason}"
                ) from None
            over = self.game.to_act(rebuilt.state) is None
            await self._write([(entries[-1], f"void:{_actor_label(caller)}")], over)
            self.adopt(entries, rebuilt, now())
            self._tell()
        await self.play_automatic(self.settings.auto_wait_s)

    def _check_fresh(self, caller: Caller, seq: int, lang: str) -> None:
        if seq != self.seq:
            raise ApiError(
                409,
                "action/stale",
                f"the action was made against move {seq}, but the game is at move {self.seq}",
                extra={"state": self.public(caller, lang)},
            )

    def is_referee(self, action: Action) -> bool:
        """Returns True for a referee action (``Game.referee_action_types``)."""
        return type(action) in self.referee_types

    # ---- the dice and the bots -------------------------------------------------------

    async def advance(self) -> None:
        """Plays the digital dice and bots until a person is to act (under the lock)."""
        async with self.lock:
            await self._advance(self._batch())

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

    async def _advance(self, batch: Batch) -> None:
        """Plays the dice and bots after ``batch``, storing and telling a batch at a time
        (one at least every ``auto_wait_s`` while a bot decides)."""
        loop = asyncio.get_running_loop()
        left = self.settings.max_auto_actions
        try:
            while True:
                played = len(batch.entries)
                done = await self._follow(batch, loop.time() + self.settings.auto_wait_s, left)
                left -= len(batch.entries) - played
                await self._save(batch)
                if done or left <= 0:
                    return
                batch = self._batch()
        finally:
            self.timers.arm()

    async def _follow(self, batch: Batch, deadline: float, most: int) -> bool:
        """Plays at most ``most`` dice and bot actions into ``batch``; returns True when a
        person is to act, the game is over or an automatic action failed, False when a
        bot still decides at ``deadline`` (loop time) with entries waiting to be stored."""
        dice = self.dice if self.row.dice == "digital" else None
        for _ in range(most):
            decided = None
            seat = self.game.to_act(batch.state)
            if isinstance(seat, int) and (bot := self.seats[seat].bot) is not None:
                decided = await self._decided(batch, bot, seat, deadline)
                if decided is None:
                    return False
            try:
                steps = autoplay(
                    self.game, batch.state, dice, _always(decided[0] if decided else None), 1
                )
                played = next(steps, None)
            except RulesError:
                log.exception("game %s: the automatic action failed; waiting", self.id)
                self.dice = DiceStream(self.row.seed, batch.chance_count)  # undo the draw
                return True
            if played is None:
                return True
            label = decided[1] if decided else "dice"
            self._add(batch, played.action, played.step.state, played.step.events, label)
        return True

    async def _decided(
        self, batch: Batch, bot: str, seat: int, deadline: float
    ) -> tuple[Action, str] | None:
        """Returns the action of the bot at ``seat`` after ``batch``; None when it still
        decides at ``deadline`` and the batch holds entries (the decision goes on, and
        the next batch takes it up)."""
        if self._deciding is None or self._deciding[0] != batch.seq:
            task = asyncio.create_task(self._bot_action(bot, seat, "bot", batch))
            self._deciding = (batch.seq, task)
        task = self._deciding[1]
        if batch.entries:
            timeout = max(0.0, deadline - asyncio.get_running_loop().time())
            done, _ = await asyncio.wait({task}, timeout=timeout)
            if not done:
                return None
        self._deciding = None
        return await task

    async def _bot_action(
        self, bot: str, seat: int, label: str, batch: Batch
    ) -> tuple[Action, str]:
        """Returns the bot's action for ``seat`` after ``batch`` from the bot pool, or,
        when the bot exceeds its time budget or fails, a random legal action (labelled
        ``fallback``)."""
        action = None
        if self._fallbacks.get(seat, 0) < SLOW_LIMIT:
            actions = [*self.actions, *(data for data, _ in batch.entries)]
            decision = Decision(self.game, self.id, self.row.setup, actions, bot, self.row.seed)
            action = await self.bots.decide(decision, self.settings.bot_budget_s)
        if action is not None:
            self._fallbacks.pop(seat, None)
            return action, f"{label}:{seat}"
        self._fallbacks[seat] = self._fallbacks.get(seat, 0) + 1
        log.warning("game %s: seat %d plays a random legal action instead", self.id, seat)
        legal = self.game.legal_actions(batch.state)
        rng = np.random.default_rng([self.row.seed, batch.seq])
        return legal[int(rng.integers(len(legal)))], f"fallback:{seat}"

    # ---- what the timers do ------------------------------------------------------------

    def takeover_bot(self) -> str | None:
        return takeover_bot(self.game)

    async def on_timer(
        self, seq: int, seat: int | None, choose: Callable[[], Awaitable[tuple[Action, str]]]
    ) -> None:
        """Applies a timer's action (``choose`` gives it and its label) for ``seat``, or
        trusted for a clock, unless the game changed since ``seq`` (that change armed a
        new timer)."""
        async with self.lock:
            if self.seq != seq or self.stale or (seat is not None and self.to_act != seat):
                return
            action, label = await choose()
            try:
                result = step(self.game, self.state, action, "trusted" if seat is None else seat)
                batch = self._batch()
                self._add(batch, action, result.state, result.events, label)
                await self._advance(batch)
            except ApiError as exc:  # the store failed (it logged that) or lost a race
                log.warning("game %s: the %s action stopped: %s", self.id, label, exc)
            except RulesError:
                log.exception("game %s: the %s action %s failed", self.id, label, action)

    async def bot_for(self, seat: int, bot: str) -> tuple[Action, str]:
        """Returns the takeover bot's action for ``seat`` (see :meth:`on_timer`)."""
        return await self._bot_action(bot, seat, "takeover", self._batch())

    def busy(self) -> bool:
        """Returns True while the room acts, plays its dice and bots, or runs a timer."""
        return self.lock.locked() or bool(self._automatic_tasks) or self.timers.armed()

    def stop_timers(self) -> None:
        """Cancels the timers and the automatic play (when the server shuts down)."""
        self.timers.stop()
        for task in self._automatic_tasks:
            task.cancel()
        if self._deciding is not None:
            self._deciding[1].cancel()

    # ---- recording -------------------------------------------------------------------

    def _batch(self) -> Batch:
        """Returns an empty batch after the record as it stands."""
        return Batch(self.seq, self.state, self.chance_count, self.last_seat)

    def _add(
        self, batch: Batch, action: Action, state: Any, events: tuple[Event, ...], label: str,
        data: dict[str, Any] | None = None,
    ) -> None:  # fmt: skip
        """Adds ``action`` (stored as ``data``, by default its JSON) to ``batch``."""
        json = action.to_json() if data is None else data
        batch.add(self.game, self.is_referee(action), action, json, state, events, label)

    async def _save(self, batch: Batch) -> None:
        """Stores ``batch`` in one transaction, then adopts it and tells every listener."""
        if not batch.entries:
            return
        await self._write(batch.entries, self.game.to_act(batch.state) is None)
        self._take(batch, now())
        self._tell()

    async def _write(self, entries: list[tuple[dict[str, Any], str]], over: bool) -> None:
        """Commits ``entries`` after the record (with the game's end when ``over``)."""
        try:
            await self.store.append_actions_async(self.id, self.seq + 1, entries, over)
        except DuplicateWrite:
            self.stale = True  # another server wrote first: reload from the store
            raise ApiError(
                409, "action/stale", "another server changed this game first; reload it"
            ) from None
        except BaseException:
            self.stale = True  # unknown whether it was written: reload from the store
            raise

    def _tell(self) -> None:
        for listener in self.listeners:
            listener(self)

    def _take(self, batch: Batch, at: datetime) -> None:
        """Adopts a stored batch: its entries join the record, its state is the room's."""
        self.state = batch.state
        self.chance_count, self.last_seat = batch.chance_count, batch.last_seat
        self.actions.extend(data for data, _ in batch.entries)
        note_decoded(self, batch.first, batch.actions)
        self.makers.extend(batch.makers)
        self.log.extend(batch.events)
        self.timers.note_change(at)
        self.views.clear()

    def adopt(self, entries: list[dict[str, Any]], rebuilt: Rebuilt, at: datetime) -> None:
        self.actions = entries
        self.makers = rebuilt.makers
        self.state = rebuilt.state
        self.chance_count, self.last_seat = rebuilt.chance_count, rebuilt.last_seat
        self.dice = DiceStream(self.row.seed, self.chance_count)
        self.log.clear()
        self.log.extend(rebuilt.log)
        self.timers.note_change(at)
        self.views.clear()

    # ---- what clients see --------------------------------------------------------------

    def public(self, caller: Caller, lang: str = "en") -> dict[str, Any]:
        """Returns the game as ``caller`` may see it (the body of GET /api/games/{id})."""
        return self.views.public(caller, lang)

    def record(self) -> Record:
        """Returns the game record; the dice seed is hidden until the game is over."""
        return record(self)


def takeover_bot(game: Game) -> str | None:
    """Returns the name of the bot that takes over silent seats (None: the game has none)."""
    bots = game.bots
    for name in TAKEOVER_BOTS:
        if name in bots:
            return name
    return next(iter(sorted(bots)), None)


def _always(action: Action | None) -> Decide:
    """Returns a decider that gives ``action`` (the bot's, decided ahead) at any seat."""

    def decide(_state: Any, _seat: Seat) -> Action | None:
        return action

    return decide


def _actor_label(caller: Caller) -> str:
    """Names who acted in the stored record: ``host``, ``seat:1`` or ``judge:0``."""
    if caller.role == "seat":
        return f"seat:{caller.seat}"
    if caller.role == "judge":
        return f"judge:{caller.judge}"
    return caller.role
