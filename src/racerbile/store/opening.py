"""Checks made once when a store opens: the database is a racerbile store, whole, or new.

A file that is not SQLite, a damaged SQLite file, another program's database and an
empty (0-byte) file are refused with one message that names the file, and left as they
were. An empty file is refused rather than given a new schema: it is what a truncated
copy or a failed restore leaves, and starting on it would show every expected game
silently gone (delete the file to start a new store).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from sqlalchemy import Engine, MetaData, inspect, text

from .errors import DRIVER_ERRORS, MAX_DETAIL, StoreError, unavailable

SQLITE_HEADER = b"SQLite format 3\x00"
# The columns that make a ``games`` table this program's (other programs have games too).
FINGERPRINT = frozenset({"id", "game", "rules_version", "setup", "seed", "join_code"})
SHOWN_TABLES = 5
RESTORE = "restore it from a backup or give another --db file"
SCHEMA_LOCK = 0x72616365  # PostgreSQL advisory lock key: one process creates the tables


def check_sqlite_file(path: Path) -> None:
    """Refuses an existing file that cannot be a store: a folder, empty, not SQLite,
    damaged, or another program's. Reads only: the store sets its pragmas after this."""
    if not path.exists():
        return  # SQLite creates it
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database file")
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise StoreError(f"cannot read the database file {path}: {exc.strerror}") from None
    if not header:
        raise StoreError(
            f"{path} is empty (0 bytes): a store holds at least its tables. If it should "
            "hold games, restore it from a backup; to start a new store, delete the file"
        )
    if header != SQLITE_HEADER:
        raise StoreError(f"{path} is not a SQLite database (it lacks the SQLite header)")
    try:
        with contextlib.closing(sqlite3.connect(path)) as conn:
            problems = [str(row[0]) for row in conn.execute("PRAGMA quick_check")]
            tables = {
                row[0]
                for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
    except sqlite3.OperationalError as exc:  # not readable: permissions, a lock
        raise StoreError(f"cannot open the database file {path}: {_first_line(exc)}") from None
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path} is damaged ({_first_line(exc)}); {RESTORE}") from None
    if problems != ["ok"]:
        raise StoreError(f"{path} is damaged ({_first_line(problems[0])}); {RESTORE}")
    _check_tables(str(path), tables, columns, foreign_tables_refused=True)


def create_schema(engine: Engine, metadata: MetaData) -> None:
    """Creates the tables that are missing. On PostgreSQL, servers started together on
    a new database take turns (an advisory lock held until the commit): two creating
    the same table at once would make one of them fail."""
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        metadata.create_all(conn)


def check_schema(engine: Engine, where: str) -> None:
    """Refuses a server database whose ``games`` table is another program's.

    Other tables beside the store's are allowed there (a database shared by programs);
    ``where`` names the database in messages (the URL without its password).
    """
    try:
        with engine.connect() as conn:
            found = inspect(conn)
            tables = set(found.get_table_names())
            columns = (
                {c["name"] for c in found.get_columns("games")} if "games" in tables else set()
            )
    except DRIVER_ERRORS as exc:
        detail = unavailable(exc).detail
        raise StoreError(f"cannot open the database {where}: {detail}") from None
    _check_tables(where, tables, columns, foreign_tables_refused=False)


def _check_tables(
    where: str, tables: set[str], columns: Iterable[str], *, foreign_tables_refused: bool
) -> None:
    if "games" in tables:
        missing = sorted(FINGERPRINT - set(columns))
        if missing:
            raise StoreError(
                f"{where} has a games table without the columns {', '.join(missing)}: "
                "it belongs to another program, not racerbile"
            )
    elif tables and foreign_tables_refused:
        shown = ", ".join(sorted(tables)[:SHOWN_TABLES])
        more = ", …" if len(tables) > SHOWN_TABLES else ""
        raise StoreError(
            f"{where} is the database of another program (tables {shown}{more}), "
            "not a racerbile store; give another --db file"
        )


def _first_line(problem: object) -> str:
    line = (str(problem).strip().splitlines() or ["unreadable"])[0]
    return line[:MAX_DETAIL]
