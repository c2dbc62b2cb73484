"""The runs of one benchmark: each starts its own server(s) on a fresh database, creates
its rooms, lets the clients play for the duration while the servers' memory is
sampled, and returns what it measured."""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .games import RoomHandle, create_room
from .players import (
    Tally,
    echo_http_player,
    echo_ws_player,
    http_player,
    http_session,
    open_sockets,
    ws_player,
)
from .servers import (
    MB,
    Server,
    postgres_schema,
    sample_memory,
    start_echo_server,
    start_game_server,
    stop,
    wait_until_up,
)
from .spectators import SPECTATOR_AUTH, echo_driver, game_driver, watch_room

CREATING_AT_ONCE = 8
SPECTATOR_PACE_S = 1.0  # one change a second in the watched room


@dataclass(frozen=True)
class Plan:
    """What to run (the command line's choices)."""

    rooms: int
    saturated_rooms: int
    think: float
    duration: float
    spectators: int
    games: tuple[str, ...]
    transports: tuple[str, ...]
    database: str | None
    processes: int
    bots: bool
    seed: int
    runs: frozenset[str]


@dataclass(frozen=True)
class Load:
    """One run's clients: how many rooms, their think time, on how many servers."""

    label: str
    rooms: int
    think: float
    processes: int = 1


@dataclass
class Result:
    """What one run measured."""

    label: str
    server: str  # "echo", "sqlite" or "postgresql"
    transport: str
    rooms: int
    think: float
    processes: int
    seconds: float
    actions: int
    entries: int
    p50_ms: float | None
    p99_ms: float | None
    errors: dict[str, int]
    finished: int
    rss_peak_mb: float
    rss_last_mb: float
    children_peak_mb: float
    generator_cpu: float = 0.0  # of one core, the load generator's
    server_cpu_s: float = 0.0  # the servers' own processes, during the run
    create_s: float = 0.0
    by_game: dict[str, dict[str, float | int | None]] = field(default_factory=dict)

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


def percentiles(latencies: list[float]) -> tuple[float | None, float | None]:
    """Returns the p50 and p99 in milliseconds (None without samples)."""
    if not latencies:
        return None, None
    if len(latencies) == 1:
        return latencies[0] * 1000, latencies[0] * 1000
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[98] * 1000


def result(
    load: Load, server: str, transport: str, servers: list[Server], tally: Tally, seconds: float
) -> Result:
    """Returns what the clients of ``load`` measured and the servers' memory."""
    p50, p99 = percentiles(tally.latencies)
    return Result(
        label=load.label,
        server=server,
        transport=transport,
        rooms=load.rooms,
        think=load.think,
        processes=len(servers),
        seconds=seconds,
        actions=len(tally.latencies),
        entries=tally.entries,
        p50_ms=p50,
        p99_ms=p99,
        errors=dict(tally.errors),
        finished=tally.finished,
        rss_peak_mb=sum(s.memory.peak for s in servers) / MB,
        rss_last_mb=sum(s.memory.last for s in servers) / MB,
        children_peak_mb=sum(s.memory.children_peak for s in servers) / MB,
        generator_cpu=tally.generator_cpu_s / seconds if seconds else 0.0,
        server_cpu_s=tally.server_cpu_s,
        by_game={
            game: {"actions": len(times), "p99_ms": percentiles(times)[1]}
            for game, times in sorted(tally.by_game.items())
        },
    )


async def timed_clients(
    clients: list[Coroutine[Any, Any, None]], duration: float, servers: list[Server], tally: Tally
) -> float:
    """Runs the clients for ``duration`` seconds (then cancels them, so only what was
    answered in time counts) while sampling the servers' memory; returns the seconds."""
    sampler = asyncio.create_task(sample_memory(servers))
    tasks = [asyncio.create_task(c) for c in clients]
    started, cpu = time.perf_counter(), time.process_time()
    server_cpu = sum(server.cpu_seconds() for server in servers)
    done, pending = await asyncio.wait(tasks, timeout=duration) if tasks else (set(), set())
    seconds = time.perf_counter() - started
    tally.generator_cpu_s = time.process_time() - cpu
    tally.server_cpu_s = sum(server.cpu_seconds() for server in servers) - server_cpu
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    for task in done:  # a client ends only by failing
        tally.error(f"client failed: {task.exception()!r}")
    sampler.cancel()
    for server in servers:
        server.sample()
    return seconds


@contextlib.contextmanager
def databases(plan: Plan, store: str, folder: Path) -> Iterator[str]:
    """Yields a fresh database URL of the store: a new SQLite file, or a new schema."""
    if store == "sqlite":
        with tempfile.TemporaryDirectory(dir=folder) as where:
            yield f"sqlite:///{Path(where) / 'games.sqlite3'}"
    else:
        assert plan.database is not None
        with postgres_schema(plan.database) as url:
            yield url


@contextlib.asynccontextmanager
async def game_servers(
    plan: Plan, store: str, processes: int, folder: Path
) -> AsyncIterator[list[Server]]:
    """Starts ``processes`` servers on one fresh database, one after the other (servers
    starting together on an empty PostgreSQL race to create its tables); stops them."""
    with databases(plan, store, folder) as url:
        servers: list[Server] = []
        try:
            for n in range(processes):
                servers.append(start_game_server(f"{store}-{n}", url, folder))
                await wait_until_up(servers[-1])
            yield servers
        finally:
            for server in servers:
                stop(server)


async def create_rooms(plan: Plan, servers: list[Server], count: int) -> list[RoomHandle]:
    """Creates ``count`` rooms, the games and servers in turn, a few at a time."""
    gate = asyncio.Semaphore(CREATING_AT_ONCE)
    async with http_session(CREATING_AT_ONCE) as session:

        async def one(n: int) -> RoomHandle:
            base, game = servers[n % len(servers)].base, plan.games[n % len(plan.games)]
            async with gate:
                return await create_room(session, base, game, plan.seed + n, plan.bots)

        return list(await asyncio.gather(*(one(n) for n in range(count))))


async def run_game_load(plan: Plan, store: str, transport: str, load: Load, folder: Path) -> Result:
    """Plays the load on servers of its own, on a fresh database."""
    async with game_servers(plan, store, load.processes, folder) as servers:
        return await play(plan, servers, store, transport, load)


async def play(plan: Plan, servers: list[Server], store: str, transport: str, load: Load) -> Result:
    """Creates the load's rooms of the plan's games on the servers, in turn, and plays
    them for the plan's duration."""
    started = time.perf_counter()
    handles = await create_rooms(plan, servers, load.rooms)
    create_s = time.perf_counter() - started
    tally, seeds = Tally(), iter(range(plan.seed + load.rooms, 1 << 62))
    sockets = await open_sockets(handles, tally) if transport == "ws" else [None] * len(handles)
    async with http_session(load.rooms) as session:

        async def new_room(old: RoomHandle) -> RoomHandle:
            return await create_room(session, old.base, old.game, next(seeds), plan.bots)

        clients = [
            http_player(h, load.think, tally, random.Random(plan.seed + n), new_room, session)
            if transport == "http"
            else ws_player(h, load.think, tally, random.Random(plan.seed + n), new_room, socket)
            for n, (h, socket) in enumerate(zip(handles, sockets, strict=True))
        ]
        seconds = await timed_clients(clients, plan.duration, servers, tally)
    measured = result(load, store, transport, servers, tally, seconds)
    measured.create_s = create_s
    return measured


async def run_spectators(plan: Plan, store: str, folder: Path) -> Result:
    """Watches one room of the plan's first game with the plan's spectators."""
    async with game_servers(plan, store, 1, folder) as servers:
        base = servers[0].base
        (room,) = await create_rooms(plan, servers, 1)
        url = f"{servers[0].ws_base}{room.path}/ws?patches=true"  # as the watch page
        return await _watched(plan, store, servers, url, SPECTATOR_AUTH, base, room)


async def _watched(
    plan: Plan,
    store: str,
    servers: list[Server],
    url: str,
    auth: str | None,
    base: str,
    room: RoomHandle | None,
) -> Result:
    tally = Tally()
    sampler = asyncio.create_task(sample_memory(servers))
    try:
        async with http_session(1) as session:
            rng = random.Random(plan.seed)
            act = echo_driver(session, base) if room is None else game_driver(session, room, rng)
            changes = int(plan.duration / SPECTATOR_PACE_S) + 1
            watching, seconds = await watch_room(
                url, auth, plan.spectators, act, changes, SPECTATOR_PACE_S, plan.duration, tally
            )
    finally:
        sampler.cancel()
    load = Load(f"{watching} spectators", 1, SPECTATOR_PACE_S)
    return result(load, store, "ws", servers, tally, seconds)


async def run_baseline(plan: Plan, folder: Path, report: Callable[[Result], None]) -> list[Result]:
    """Runs the same loads against the bare echo app."""
    server = start_echo_server(folder)
    results = []
    try:
        await wait_until_up(server)
        for transport in plan.transports:
            for load in loads(plan, "echo"):
                tally = Tally()
                async with http_session(load.rooms) as session:
                    clients = [
                        echo_http_player(server.base, load.think, tally, rng, session)
                        if transport == "http"
                        else echo_ws_player(server.base, load.think, tally, rng)
                        for rng in (random.Random(plan.seed + n) for n in range(load.rooms))
                    ]
                    seconds = await timed_clients(clients, plan.duration, [server], tally)
                echo = replace(load, label=f"echo {load.label}")
                results.append(result(echo, "echo", transport, [server], tally, seconds))
                report(results[-1])
        if "spectators" in plan.runs:
            url = f"{server.ws_base}/watch"
            results.append(await _watched(plan, "echo", [server], url, None, server.base, None))
            report(results[-1])
    finally:
        stop(server)
    return results


def loads(plan: Plan, server: str) -> list[Load]:
    """Returns the loads of the plan's runs on ``server`` (several processes share a
    PostgreSQL only, next to the one process they are compared with)."""
    many = server == "postgresql" and "processes" in plan.runs
    found = []
    if "saturated" in plan.runs or many:
        found.append(Load("saturated", plan.saturated_rooms, 0.0))
    if many:
        label = f"saturated, {plan.processes} processes"
        found.append(Load(label, plan.saturated_rooms, 0.0, plan.processes))
    if "think" in plan.runs:
        found.append(Load("think", plan.rooms, plan.think))
    return found


async def run_plan(plan: Plan, report: Callable[[Result], None]) -> list[Result]:
    """Runs every selected run; ``report`` is told of each result as it comes."""
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="racerbile-load-") as where:
        folder = Path(where)
        if "baseline" in plan.runs:
            results += await run_baseline(plan, folder, report)
        for store in ["sqlite"] + (["postgresql"] if plan.database else []):
            for transport in plan.transports:
                for load in loads(plan, store):
                    results.append(await run_game_load(plan, store, transport, load, folder))
                    report(results[-1])
            if "spectators" in plan.runs:
                results.append(await run_spectators(plan, store, folder))
                report(results[-1])
    return results
