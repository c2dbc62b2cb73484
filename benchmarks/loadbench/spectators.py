"""Many spectators on one room: every websocket is opened (a few at a time) and has its
first state before a driver starts acting over HTTP at a steady pace; each push's
latency is from the driver's sending of the action to a spectator's receiving of the
state it led to (the dice played too). Spectators read only the ``seq`` of a push, so
the load generator stays lean."""

from __future__ import annotations

import asyncio
import bisect
import random
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from .games import RoomHandle, call, next_move, read_state
from .players import (
    HTTP_FAILURES,
    OPEN_TIMEOUT_S,
    OPENING_AT_ONCE,
    WS_MAX_BYTES,
    Tally,
    settle_http,
)

SEQ = re.compile(rb'"seq":(\d+)')
# A patch names the seq first among what changed (the envelope's members before it,
# its id and game, never change); a patch without it left the seq as it was.
PATCH_SEQ = re.compile(rb'\{"type":"patch","set":\{"seq":(\d+)')
CATCH_UP_S = 10.0  # how long spectators may take to get the last push after the driver stops
PUSH_BYTES = 15_000
"""The echo app's push: about the size of a two-seat Racerbile room's state."""
SPECTATOR_AUTH = '{"type": "auth", "token": null}'

Act = Callable[[int], Awaitable[int | None]]
"""Makes the ``n``-th change; returns the ``seq`` the spectators should then see (None:
the change was refused)."""


@dataclass
class Watcher:
    """One spectator: the seq of every push it got, when, and how it was closed."""

    seqs: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    close_code: int | None = None

    def note(self, frame: bytes) -> None:
        patch = frame.startswith(b'{"type":"patch"')
        found = PATCH_SEQ.match(frame) if patch else SEQ.search(frame, 0, 400)
        if found is not None:
            self.seqs.append(int(found.group(1)))
            self.times.append(time.perf_counter())

    def latency(self, sent: float, seq: int) -> float | None:
        """Returns how long after ``sent`` this spectator first held ``seq`` or later."""
        at = bisect.bisect_left(self.seqs, seq)  # pushes come in seq order
        return self.times[at] - sent if at < len(self.seqs) else None


async def watch_room(
    url: str,
    auth: str | None,
    count: int,
    act: Act,
    changes: int,
    pace_s: float,
    duration: float,
    tally: Tally,
) -> tuple[int, float]:
    """Opens ``count`` spectators on ``url``, then makes up to ``changes`` changes, one
    every ``pace_s`` for ``duration`` seconds, and tallies every push's latency; returns
    how many spectators were watching and the seconds the changes took."""
    gate = asyncio.Semaphore(OPENING_AT_ONCE)
    opened = await asyncio.gather(
        *(_open(url, auth, gate) for _ in range(count)), return_exceptions=True
    )
    sockets = [s for s in opened if isinstance(s, tuple)]
    for failure in opened:
        if isinstance(failure, BaseException):
            tally.error(f"spectator could not join: {type(failure).__name__}")
    readers = [asyncio.create_task(_read(socket, watcher)) for socket, watcher in sockets]
    started, cpu = time.perf_counter(), time.process_time()
    try:
        sent = await _drive(act, changes, pace_s, duration, tally)
        seconds = time.perf_counter() - started
        await _catch_up([w for _, w in sockets], sent[-1][1] if sent else 0)
        tally.generator_cpu_s = time.process_time() - cpu
    finally:
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        await asyncio.gather(*(s.close() for s, _ in sockets), return_exceptions=True)
    _tally_latencies([w for _, w in sockets], sent, tally)
    return len(sockets), seconds


async def _open(
    url: str, auth: str | None, gate: asyncio.Semaphore
) -> tuple[ClientConnection, Watcher]:
    async with gate, asyncio.timeout(OPEN_TIMEOUT_S):
        socket = await connect(url, max_size=WS_MAX_BYTES, close_timeout=1)
        if auth is not None:
            await socket.send(auth)
        watcher = Watcher()
        watcher.note(await socket.recv(decode=False))  # the state sent on joining
        return socket, watcher


async def _read(socket: ClientConnection, watcher: Watcher) -> None:
    try:
        while True:
            watcher.note(await socket.recv(decode=False))
    except ConnectionClosed as closed:
        watcher.close_code = closed.rcvd.code if closed.rcvd else None


async def _drive(
    act: Act, changes: int, pace_s: float, duration: float, tally: Tally
) -> list[tuple[float, int]]:
    """Makes the changes at a steady pace; returns when each was sent and its seq."""
    sent: list[tuple[float, int]] = []
    deadline = time.monotonic() + duration
    for n in range(changes):
        if time.monotonic() >= deadline:
            break
        started = time.perf_counter()
        try:
            seq = await act(n)
        except HTTP_FAILURES as exc:
            tally.error(f"the driver's change failed: {type(exc).__name__}")
        else:
            if seq is None:
                tally.error("the driver's change was refused")
            else:
                sent.append((started, seq))
        await asyncio.sleep(max(0.0, pace_s - (time.perf_counter() - started)))
    return sent


async def _catch_up(watchers: list[Watcher], seq: int) -> None:
    deadline = time.monotonic() + CATCH_UP_S
    while time.monotonic() < deadline and any(
        w.close_code is None and (not w.seqs or w.seqs[-1] < seq) for w in watchers
    ):
        await asyncio.sleep(0.05)


def _tally_latencies(watchers: list[Watcher], sent: list[tuple[float, int]], tally: Tally) -> None:
    for watcher in watchers:
        if watcher.close_code is not None:
            tally.error(f"spectator closed by the server ({watcher.close_code})")
        for started, seq in sent:
            latency = watcher.latency(started, seq)
            if latency is None:
                tally.error("push never received")
            else:
                tally.done("push", latency, 1)


def game_driver(session: aiohttp.ClientSession, room: RoomHandle, rng: random.Random) -> Act:
    """Returns a driver that plays a random legal action in ``room`` as the host; the
    spectators should then see the state once the dice are played too (a busy server
    answers before they are)."""
    state: dict[str, Any] = {}

    async def act(_n: int) -> int | None:
        nonlocal state
        if not state:
            state = await read_state(session, room)
        state = await settle_http(session, room, state, state["seq"] - 1)
        move = next_move(state, rng)
        if move is None:  # the game is over
            return None
        url = f"{room.base}{room.path}/actions"
        status, answer = await call(session, "POST", url, json=move, headers=room.headers)
        if status != 200:
            state = await read_state(session, room)
            return None
        state = await settle_http(session, room, answer, move["seq"])
        return int(state["seq"])

    return act


def echo_driver(session: aiohttp.ClientSession, base: str) -> Act:
    """Returns a driver that broadcasts a state-sized push from the echo app."""

    async def act(n: int) -> int | None:
        body = {"seq": n + 1, "size": PUSH_BYTES}
        status, answer = await call(session, "POST", f"{base}/broadcast", json=body)
        return int(answer["seq"]) if status == 200 else None

    return act
