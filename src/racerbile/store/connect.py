"""Opening a database engine: the URL checked, the SQLite file's folder made and the
file checked (:mod:`.opening`), PostgreSQL with a connect timeout and its idle
connections tested before use, SQLite's pragmas."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DisconnectionError, NoSuchModuleError

from .checkpoint import BACKSTOP_PAGES
from .errors import StoreError
from .opening import check_sqlite_file

PG_CONNECT_TIMEOUT_S = 10  # a PostgreSQL host that does not answer fails a request, not hangs it
PING_AFTER_IDLE_S = 1.0  # a pooled connection unused this long is tested before use


def open_engine(url: str) -> Engine:
    """Returns the engine of a database URL; raises StoreError naming what is wrong."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(
            f"not a database URL: {url!r} (try sqlite:///path or postgresql+psycopg://…)"
        ) from None
    try:
        if parsed.get_backend_name() != "sqlite":
            connect_args = (
                {"connect_timeout": PG_CONNECT_TIMEOUT_S}
                if parsed.get_backend_name() == "postgresql"
                else {}
            )
            engine = create_engine(parsed, connect_args=connect_args)
            _ping_when_idle(engine)
            return engine
        if parsed.database and parsed.database != ":memory:":
            _prepare_sqlite_file(Path(parsed.database).expanduser())
        engine = create_engine(parsed)
    except (NoSuchModuleError, ImportError) as exc:
        raise StoreError(f"no database driver for {_safe(url)}: {exc}") from None
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Tests a pooled connection before use when it lay unused for a while (a restarted
    database left it dead), so the request that takes it does not fail; the pool then
    opens a new one. SQLAlchemy's ``pool_pre_ping`` tests at every use: a round trip
    more for each query of a busy server."""

    @event.listens_for(engine, "checkin")
    def _returned(_dbapi_connection: Any, record: Any) -> None:
        record.info["returned_at"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _taken(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        returned_at = record.info.get("returned_at")
        if returned_at is None or time.monotonic() - returned_at < PING_AFTER_IDLE_S:
            return  # just opened, or just used
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error:
            # The pool drops it and opens another (a database still down fails that).
            raise DisconnectionError("the pooled connection does not answer") from None


def _prepare_sqlite_file(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the folder of {path}: {exc.strerror}") from None
    check_sqlite_file(path)


def describe_where(engine: Engine) -> str:
    """Names the database in messages: the SQLite file, or the URL without its password."""
    if engine.dialect.name == "sqlite" and engine.url.database:
        return str(Path(engine.url.database).expanduser())
    return engine.url.render_as_string(hide_password=True)


SQLITE_PRAGMAS = (
    # WAL with full sync: a committed action survives a killed process and a power cut.
    "journal_mode=WAL",
    "synchronous=FULL",
    "foreign_keys=ON",
    "busy_timeout=10000",
    # Checkpoints run in the store's background thread, not inside a commit.
    f"wal_autocheckpoint={BACKSTOP_PAGES}",
)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _safe(url: str) -> str:
    """Returns the URL with any password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url
