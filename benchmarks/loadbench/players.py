"""The clients: one per room, acting over HTTP or a websocket after a think time, and
the same loop against the echo app; each tallies what it measured.

A client acts only when a person is to act and times each action from its sending to
the state in which the dice and bots are done (the HTTP answer, which waits for them,
or the websocket push that shows it). A finished game is replaced by a new one of the
same game; errors are counted by kind and the client carries on. The HTTP clients of
a run share one aiohttp session (a pool of keep-alive connections, TCP_NODELAY on).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiohttp
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from racerbile.server.patches import apply_patch

from .games import (
    RoomFailed,
    RoomHandle,
    call,
    error_code,
    next_move,
    person_to_act,
    read_state,
    settled,
)

REQUEST_TIMEOUT_S = 30.0
SETTLE_TIMEOUT_S = 30.0  # longest wait for the dice and bots after an action
ERROR_PAUSE_S = 0.2
WS_MAX_BYTES = 4 << 20
OPEN_TIMEOUT_S = 60.0
OPENING_AT_ONCE = 50  # websocket handshakes in flight at once
HTTP_FAILURES = (aiohttp.ClientError, TimeoutError, RoomFailed)

T = TypeVar("T")
NewRoom = Callable[[RoomHandle], Awaitable[RoomHandle]]


@dataclass
class Tally:
    """What the clients of one run measured."""

    latencies: list[float] = field(default_factory=list)
    by_game: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter[str] = field(default_factory=Counter)
    entries: int = 0  # stored entries the actions led to, the dice and bots' too
    finished: int = 0  # games played to the end (each replaced by a new one)
    generator_cpu_s: float = 0.0  # the CPU time this process took meanwhile
    server_cpu_s: float = 0.0  # and the servers' processes (their bot workers aside)

    def done(self, game: str, latency: float, entries: int) -> None:
        self.latencies.append(latency)
        self.by_game[game].append(latency)
        self.entries += entries

    def error(self, kind: str) -> None:
        self.errors[kind] += 1


def think_delay(rng: random.Random, think: float) -> float:
    """Returns a think time around ``think`` (0.5 to 1.5 times), so clients drift apart."""
    return rng.uniform(0.5, 1.5) * think


def http_session(clients: int) -> aiohttp.ClientSession:
    """Returns the session of a run's HTTP clients: a connection for each."""
    connector = aiohttp.TCPConnector(limit=clients + 8, limit_per_host=0)
    timeout = aiohttp.ClientTimeout(total=REQUEST_TIMEOUT_S)
    return aiohttp.ClientSession(connector=connector, timeout=timeout)


async def http_player(
    room: RoomHandle,
    think: float,
    tally: Tally,
    rng: random.Random,
    new_room: NewRoom,
    session: aiohttp.ClientSession,
) -> None:
    """Plays ``room`` (and the games that replace it) over HTTP until cancelled."""
    state = await _retrying(tally, read_state, session, room)
    await asyncio.sleep(rng.uniform(0, think))
    while True:
        move = next_move(state, rng)
        if move is None:
            room, state = await _after_end(session, room, state, tally, new_room)
            continue
        started = time.perf_counter()
        try:
            url = f"{room.base}{room.path}/actions"
            status, answer = await call(session, "POST", url, json=move, headers=room.headers)
            if status == 200:
                state = await settle_http(session, room, answer, move["seq"])
                tally.done(room.game, time.perf_counter() - started, state["seq"] - move["seq"])
            else:
                tally.error(f"HTTP {status} {error_code(answer)}")
                state = await _retrying(tally, read_state, session, room)
        except HTTP_FAILURES as exc:
            tally.error(type(exc).__name__)
            state = await _retrying(tally, read_state, session, room)
        await asyncio.sleep(think_delay(rng, think))


async def settle_http(
    session: aiohttp.ClientSession, room: RoomHandle, state: dict[str, Any], after: int
) -> dict[str, Any]:
    """Returns the state once the dice and bots are done after ``after`` (an answer
    waits for them only so long: a slow bot, or a busy server). It asks again after
    0.05 s, then twice as long each time up to a second, so a busy server is not
    swamped by the asking."""
    deadline, pause = time.monotonic() + SETTLE_TIMEOUT_S, 0.05
    while not settled(state, after) and time.monotonic() < deadline:
        await asyncio.sleep(pause)
        pause = min(2 * pause, 1.0)
        state = await read_state(session, room)
    return state


async def _after_end(
    session: aiohttp.ClientSession,
    room: RoomHandle,
    state: dict[str, Any],
    tally: Tally,
    new_room: NewRoom,
) -> tuple[RoomHandle, dict[str, Any]]:
    """Replaces a finished game (or one where no person can act) with a new one."""
    state = await _retrying(tally, settle_http, session, room, state, state["seq"] - 1)
    if person_to_act(state) and state["legal_actions"]:
        return room, state
    if state["finished"]:
        tally.finished += 1
    else:
        tally.error("no person can act")
    room = await _retrying(tally, new_room, room)
    return room, await _retrying(tally, read_state, session, room)


async def _retrying(tally: Tally, attempt: Callable[..., Awaitable[T]], *args: Any) -> T:
    """Runs ``attempt(*args)`` until it succeeds (each failure counted, then a pause)."""
    while True:
        try:
            return await attempt(*args)
        except HTTP_FAILURES as exc:
            tally.error(type(exc).__name__)
            await asyncio.sleep(ERROR_PAUSE_S)


async def open_socket(room: RoomHandle) -> ClientConnection:
    """Opens the host's websocket to ``room`` (the state comes first, then patches, as
    the pages take them)."""
    url = f"{'ws' + room.base.removeprefix('http')}{room.path}/ws?patches=true"
    return await connect(
        url,
        additional_headers=room.headers,
        max_size=WS_MAX_BYTES,
        open_timeout=OPEN_TIMEOUT_S,
        close_timeout=1,
    )


async def open_sockets(rooms: list[RoomHandle], tally: Tally) -> list[ClientConnection | None]:
    """Opens a websocket to every room, a few at a time, before the clock starts (a
    failed one is counted and left to its client to open again)."""
    gate = asyncio.Semaphore(OPENING_AT_ONCE)

    async def one(room: RoomHandle) -> ClientConnection | None:
        async with gate:
            try:
                return await open_socket(room)
            except (OSError, TimeoutError, WebSocketException) as exc:
                tally.error(f"opening: {type(exc).__name__}")
                return None

    return list(await asyncio.gather(*(one(room) for room in rooms)))


async def ws_player(
    room: RoomHandle,
    think: float,
    tally: Tally,
    rng: random.Random,
    new_room: NewRoom,
    socket: ClientConnection | None = None,
) -> None:
    """Plays ``room`` (and the games that replace it) over a websocket until cancelled,
    on ``socket`` when it is open already; reconnects after an error that brings no
    state."""
    delay = rng.uniform(0, think)
    while True:
        over = False
        try:
            async with socket or await open_socket(room) as opened:
                await asyncio.sleep(delay)
                delay = 0.0
                over = await _play_socket(opened, room, think, tally, rng)
        except (OSError, TimeoutError, WebSocketException) as exc:
            tally.error(type(exc).__name__)
            await asyncio.sleep(ERROR_PAUSE_S)
        socket = None
        if over:
            room = await _retrying(tally, new_room, room)


async def _play_socket(
    socket: ClientConnection, room: RoomHandle, think: float, tally: Tally, rng: random.Random
) -> bool:
    """Acts on the pushed states; returns True when the game is over (or no person can
    act), False to reconnect."""
    pushes = Pushes(socket)
    state = await pushes.settled(-1)
    while True:
        move = next_move(state, rng)
        if move is None:
            if state["finished"]:
                tally.finished += 1
            else:
                tally.error("no person can act")
            return True
        started = time.perf_counter()
        await socket.send(json.dumps({"type": "action", **move}))
        answer = await pushes.settled(move["seq"])
        if answer.get("type") == "error":
            tally.error(f"ws {answer.get('code')}")
            if "state" not in answer:
                return False
            state = answer["state"]
        else:
            state = answer
            tally.done(room.game, time.perf_counter() - started, state["seq"] - move["seq"])
        await asyncio.sleep(think_delay(rng, think))


@dataclass
class Pushes:
    """A socket's state, built from its pushes: a whole state, then patches."""

    socket: ClientConnection
    state: dict[str, Any] | None = None

    async def settled(self, after: int) -> dict[str, Any]:
        """Returns the first pushed state settled after ``after`` (see ``settled``), or
        the first error."""
        async with asyncio.timeout(SETTLE_TIMEOUT_S):
            while True:
                message: dict[str, Any] = json.loads(await self.socket.recv())
                kind = message.get("type")
                if kind == "error":
                    return message
                if kind == "state":
                    self.state = message
                elif kind == "patch" and self.state is not None:
                    self.state = apply_patch(self.state, message)
                if self.state is not None and settled(self.state, after):
                    return self.state


async def echo_http_player(
    base: str, think: float, tally: Tally, rng: random.Random, session: aiohttp.ClientSession
) -> None:
    """Posts an action-sized body to the echo app and times its answer, until cancelled."""
    await asyncio.sleep(rng.uniform(0, think))
    for seq in range(1 << 62):
        body = {"action": {"kind": "roll"}, "seq": seq, "seat": 0}
        started = time.perf_counter()
        try:
            status, echoed = await call(session, "POST", f"{base}/echo", json=body)
            if status == 200 and echoed == body:
                tally.done("echo", time.perf_counter() - started, 1)
            else:
                tally.error(f"HTTP {status}")
        except HTTP_FAILURES as exc:
            tally.error(type(exc).__name__)
        await asyncio.sleep(think_delay(rng, think))


async def echo_ws_player(base: str, think: float, tally: Tally, rng: random.Random) -> None:
    """Sends action-sized messages on the echo socket and times each echo, until cancelled."""
    await asyncio.sleep(rng.uniform(0, think))
    async with connect(f"{'ws' + base.removeprefix('http')}/ws", close_timeout=1) as socket:
        for seq in range(1 << 62):
            message = json.dumps({"type": "action", "action": {"kind": "roll"}, "seq": seq})
            started = time.perf_counter()
            await socket.send(message)
            async with asyncio.timeout(SETTLE_TIMEOUT_S):
                echoed = await socket.recv()
            if echoed == message:
                tally.done("echo", time.perf_counter() - started, 1)
            else:
                tally.error("wrong echo")
            await asyncio.sleep(think_delay(rng, think))
