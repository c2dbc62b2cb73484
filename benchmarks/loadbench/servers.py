"""The server processes under load: ``racerbile serve`` and the bare echo app, each on a
free loopback port with its output in a log file, their memory sampled with psutil;
and the databases they use (a SQLite file in a temporary folder, or a fresh schema on
the PostgreSQL server given)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import aiohttp
import psutil

HERE = Path(__file__).resolve().parent
START_TIMEOUT_S = 120.0  # a cold start on a busy two-core machine takes seconds
STOP_TIMEOUT_S = 10.0
MB = 1024 * 1024


@dataclass
class Memory:
    """The peak and last resident memory of a server process and of its children."""

    peak: int = 0
    last: int = 0
    children_peak: int = 0

    def sample(self, process: psutil.Process) -> None:
        with contextlib.suppress(psutil.Error):
            self.last = process.memory_info().rss
            self.peak = max(self.peak, self.last)
            children = 0
            for child in process.children(recursive=True):
                with contextlib.suppress(psutil.Error):
                    children += child.memory_info().rss
            self.children_peak = max(self.children_peak, children)


@dataclass
class Server:
    """One server process: its address, log and memory."""

    name: str
    process: subprocess.Popen[bytes]
    base: str
    health: str
    log: Path
    memory: Memory = field(default_factory=Memory)

    @property
    def ws_base(self) -> str:
        return "ws" + self.base.removeprefix("http")

    def sample(self) -> None:
        self.memory.sample(psutil.Process(self.process.pid))

    def cpu_seconds(self) -> float:
        """Returns the CPU time the server's own process has taken (every thread)."""
        with contextlib.suppress(psutil.Error):
            times = psutil.Process(self.process.pid).cpu_times()
            return float(times.user + times.system)
        return 0.0

    def tail(self, lines: int = 20) -> str:
        """Returns the end of the server's output (to explain a failure)."""
        text = self.log.read_text(errors="replace").splitlines()
        return "\n".join(text[-lines:])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _launch(name: str, command: list[str], port: int, health: str, logs: Path) -> Server:
    log = logs / f"{name}.log"
    with log.open("wb") as out:  # the child keeps its own handle
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
    return Server(name, process, f"http://127.0.0.1:{port}", health, log)


def start_game_server(name: str, db_url: str, logs: Path) -> Server:
    """Starts ``racerbile serve`` (this interpreter, this environment) on ``db_url``."""
    port = free_port()
    command = [sys.executable, "-m", "racerbile", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", db_url]
    return _launch(name, command, port, "/api/meta/health", logs)


def start_echo_server(logs: Path) -> Server:
    """Starts the bare FastAPI echo app under uvicorn, logging like ``racerbile serve``."""
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", "loadbench.echo_app:app"]
    command += ["--app-dir", str(HERE.parent), "--host", "127.0.0.1", "--port", str(port)]
    command += ["--log-level", "info"]
    return _launch("echo", command, port, "/health", logs)


async def wait_until_up(server: Server, timeout: float = START_TIMEOUT_S) -> None:
    """Waits for the server's health answer; raises RuntimeError with its log's tail."""
    deadline = time.monotonic() + timeout
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as session:
        while time.monotonic() < deadline:
            if server.process.poll() is not None:
                break
            with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                async with session.get(server.base + server.health) as response:
                    if response.status == 200:
                        return
            await asyncio.sleep(0.1)
    stop(server)
    raise RuntimeError(f"the {server.name} server did not start:\n{server.tail()}")


def stop(server: Server) -> None:
    """Stops the server (SIGTERM, then SIGKILL after a grace period)."""
    if server.process.poll() is None:
        server.process.terminate()
        try:
            server.process.wait(STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(STOP_TIMEOUT_S)


async def sample_memory(servers: list[Server], every_s: float = 0.5) -> None:
    """Samples every server's memory until cancelled."""
    while True:
        for server in servers:
            server.sample()
        await asyncio.sleep(every_s)


def psycopg_url(url: str) -> str:
    """Returns a PostgreSQL URL with the psycopg (3) driver the store uses."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url.removeprefix(plain)
    return url


@contextlib.contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """Yields ``url`` on a new, empty schema (dropped afterwards), so each run starts
    without the games of earlier runs (a server replays every unfinished game it finds)."""
    from sqlalchemy import create_engine, text

    url = psycopg_url(url)
    schema = f"loadbench_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
        joiner = "&" if "?" in url else "?"
        yield f"{url}{joiner}options={quote(f'-csearch_path={schema}')}"
    finally:
        with engine.connect() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        engine.dispose()
