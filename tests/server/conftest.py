"""Fixtures of the server tests: the toy game registered, apps on temporary databases,
and a PostgreSQL server of our own when the binaries exist."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette asks for httpx2, which this project does not use
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pgcluster import PostgresCluster, pg_bin, run_as_postgres
from serverkit import free_port

from racerbile.games import REGISTRY
from racerbile.server import Settings, create_app
from racerbile.server.workers import BotPool
from racerbile.store import Store


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "toy", "toygame")


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture(scope="session")
def bot_pool() -> Iterator[BotPool]:
    """One bot pool for every app of the session (its workers start once)."""
    pool = BotPool(workers=2, memory_mb=2048)
    yield pool
    pool.close()


@pytest.fixture
def open_client(db_url: str, bot_pool: BotPool) -> Iterator[Callable[..., TestClient]]:
    """Opens apps (each with its own store) on the test's database; closes them after."""
    opened: list[tuple[TestClient, Store]] = []

    def open_(url: str = db_url, **settings: object) -> TestClient:
        store = Store(url)
        unlimited: dict[str, object] = {"join_limit": None, "create_limit": None}
        # rate limits: only in the tests of them
        app = create_app(Settings(**{**unlimited, **settings}), store, bot_pool)  # type: ignore[arg-type]
        client = TestClient(app)
        client.__enter__()
        opened.append((client, store))
        return client

    yield open_
    for client, store in opened:
        client.__exit__(None, None, None)
        store.close()


@pytest.fixture
def client(open_client: Callable[..., TestClient]) -> TestClient:
    return open_client()


@pytest.fixture
def postgres_cluster() -> Iterator[PostgresCluster]:
    """Starts a PostgreSQL cluster of this test's own (others share the session's)."""
    bindir = pg_bin()
    if bindir is None:
        pytest.skip("no PostgreSQL binaries (initdb) on this machine; .ci/run installs them")
    run_as = run_as_postgres()
    base = Path(tempfile.mkdtemp(prefix="racerbile-pg-"))
    if run_as:
        entry = pwd.getpwnam("postgres")
        os.chown(base, entry.pw_uid, entry.pw_gid)
    subprocess.run(
        [*run_as, str(bindir / "initdb"), "-D", str(base / "data"), "-A", "trust",
         "-U", "postgres", "-E", "UTF8", "--no-sync"],
        check=True, capture_output=True,
    )  # fmt: skip
    cluster = PostgresCluster(bindir, run_as, base, free_port())
    cluster.start()
    try:
        yield cluster
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            cluster.stop()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """Starts a throwaway PostgreSQL (unix socket in a temp dir); yields its base URL."""
    bindir = pg_bin()
    if bindir is None:
        pytest.skip("no PostgreSQL binaries (initdb) on this machine; .ci/run installs them")
    run_as = run_as_postgres()
    base = Path(tempfile.mkdtemp(prefix="racerbile-pg-"))
    if run_as:
        entry = pwd.getpwnam("postgres")
        os.chown(base, entry.pw_uid, entry.pw_gid)
    data, port = base / "data", free_port()
    subprocess.run(
        [*run_as, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
         "-E", "UTF8", "--no-sync"],
        check=True, capture_output=True,
    )  # fmt: skip
    options = f"-p {port} -k {base} -c listen_addresses='' -c fsync=off"
    subprocess.run(
        [*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w",
         "-o", options, "start"],
        check=True, capture_output=True,
    )  # fmt: skip
    try:
        yield f"postgresql+psycopg://postgres@/{{db}}?host={base}&port={port}"
    finally:
        subprocess.run(
            [*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh, empty database on the test PostgreSQL server."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = postgres_server.format(db="postgres").replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield postgres_server.format(db=name)
    with contextlib.suppress(psycopg.Error), psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request: pytest.FixtureRequest, db_url: str) -> str:
    if request.param == "sqlite":
        return db_url
    url: str = request.getfixturevalue("postgres_url")
    return url
