"""The event store: games, seats and their actions, one transaction per write.

SQLite (WAL, full sync) by default; PostgreSQL when given a ``postgresql+psycopg://`` URL.
Every method is synchronous and short; the server calls them off its event loop.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, insert, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, OperationalError

from .tables import actions, games, judges, metadata, seats


class StoreError(RuntimeError):
    """The database cannot be opened or used; the message says which and why."""


class DuplicateWrite(StoreError):
    """A row with that key exists already: another writer got there first."""


@dataclass(frozen=True)
class SeatRow:
    """One seat of a stored game; bots have no token."""

    seat: int
    name: str
    token_hash: str | None
    claimed: bool = False
    bot: str | None = None


@dataclass(frozen=True)
class JudgeRow:
    """One judge of a stored game (referee actions only): number, name, token hash."""

    judge: int
    name: str
    token_hash: str


@dataclass(frozen=True)
class GameRow:
    """A stored game without its actions."""

    id: str
    game: str
    rules_version: int
    setup: dict[str, Any]
    seed: int
    dice: str
    host_token_hash: str
    join_code: str
    seats: tuple[SeatRow, ...]
    created: datetime
    finished: datetime | None = None
    takeover_after_s: float | None = None  # a bot acts for a seat silent this long
    judges: tuple[JudgeRow, ...] = ()


@dataclass(frozen=True)
class ActionRow:
    """One stored action: its number (1 = first), JSON, who sent it and when."""

    seq: int
    action: dict[str, Any]
    actor: str
    at: datetime


def default_url() -> str:
    """Returns the SQLite URL of ``racerbile.sqlite3`` in the user's data folder."""
    return f"sqlite:///{data_dir() / 'racerbile.sqlite3'}"


def data_dir() -> Path:
    """Returns the user's data folder for racerbile (XDG on Linux), creating it."""
    try:
        from platformdirs import user_data_path
    except ImportError:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
        path = base / "racerbile"
    else:
        path = user_data_path("racerbile")
    path.mkdir(parents=True, exist_ok=True)
    return path


def now() -> datetime:
    """Returns the current time in UTC."""
    return datetime.now(UTC)


class Store:
    """Appends games, seat claims and actions; reads them back for replay."""

    def __init__(self, url: str):
        self.url = url
        self.engine = _engine(url)
        try:
            metadata.create_all(self.engine)
        except OperationalError as exc:
            raise StoreError(f"cannot open the database {_safe(url)}: {exc.orig}") from None

    def close(self) -> None:
        """Closes every pooled connection."""
        self.engine.dispose()

    def create_game(self, row: GameRow) -> None:
        """Writes a new game with its seats; raises DuplicateWrite on a clashing id or code."""
        game_values = {
            "id": row.id,
            "game": row.game,
            "rules_version": row.rules_version,
            "setup": row.setup,
            "seed": row.seed,
            "dice": row.dice,
            "host_token_hash": row.host_token_hash,
            "join_code": row.join_code,
            "created": row.created,
            "takeover_after_s": row.takeover_after_s,
        }
        seat_values = [
            {
                "game_id": row.id,
                "seat": s.seat,
                "name": s.name,
                "token_hash": s.token_hash,
                "claimed": s.claimed,
                "bot": s.bot,
            }
            for s in row.seats
        ]
        judge_values = [
            {"game_id": row.id, "judge": j.judge, "name": j.name, "token_hash": j.token_hash}
            for j in row.judges
        ]
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(games), game_values)
                if seat_values:
                    conn.execute(insert(seats), seat_values)
                if judge_values:
                    conn.execute(insert(judges), judge_values)
        except IntegrityError:
            raise DuplicateWrite(
                f"a game with id {row.id} or code {row.join_code} exists"
            ) from None

    def append_action(self, game_id: str, seq: int, action: dict[str, Any], actor: str) -> None:
        """Commits action number ``seq``; raises DuplicateWrite when ``seq`` is taken."""
        values = {"game_id": game_id, "seq": seq, "action": action, "actor": actor, "at": now()}
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(actions), values)
        except IntegrityError:
            raise DuplicateWrite(f"game {game_id} already has action {seq}") from None

    def finish_game(self, game_id: str) -> None:
        """Records the end time of a game (once; later calls change nothing)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(games)
                .where(games.c.id == game_id, games.c.finished.is_(None))
                .values(finished=now())
            )

    def claim_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Gives an unclaimed human seat a new token; returns False when it was taken."""
        with self.engine.begin() as conn:
            result = conn.execute(
                update(seats)
                .where(
                    seats.c.game_id == game_id,
                    seats.c.seat == seat,
                    seats.c.claimed.is_(False),
                    seats.c.bot.is_(None),
                )
                .values(token_hash=token_hash, claimed=True)
            )
        return bool(result.rowcount == 1)

    def mark_claimed(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Marks a seat claimed on the first use of its link's token, so the join code no
        longer offers it; returns False when the join code gave the seat another token."""
        with self.engine.begin() as conn:
            result = conn.execute(
                update(seats)
                .where(
                    seats.c.game_id == game_id,
                    seats.c.seat == seat,
                    seats.c.token_hash == token_hash,
                )
                .values(claimed=True)
            )
        return bool(result.rowcount == 1)

    def game(self, game_id: str) -> GameRow | None:
        """Returns the stored game, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
            ).mappings()
            seat_list = [_seat_row(s) for s in seat_rows]
            judge_rows = conn.execute(
                select(judges).where(judges.c.game_id == game_id).order_by(judges.c.judge)
            ).mappings()
            judge_list = [JudgeRow(j["judge"], j["name"], j["token_hash"]) for j in judge_rows]
            return _game_row(row, seat_list, judge_list)

    def game_by_code(self, join_code: str) -> str | None:
        """Returns the id of the game with that join code, or None."""
        with self.engine.connect() as conn:
            found = conn.execute(select(games.c.id).where(games.c.join_code == join_code))
            return found.scalar_one_or_none()

    def actions(self, game_id: str) -> list[ActionRow]:
        """Returns every action of a game in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions).where(actions.c.game_id == game_id).order_by(actions.c.seq)
            ).mappings()
            return [ActionRow(r["seq"], r["action"], r["actor"], r["at"]) for r in rows]

    def unfinished(self) -> list[str]:
        """Returns the ids of every game without an end time, oldest first."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(games.c.id).where(games.c.finished.is_(None)).order_by(games.c.created)
            )
            return list(found.scalars())


def _game_row(
    row: Any, seat_rows: Sequence[SeatRow], judge_rows: Sequence[JudgeRow] = ()
) -> GameRow:
    return GameRow(
        id=row["id"],
        game=row["game"],
        rules_version=row["rules_version"],
        setup=row["setup"],
        seed=row["seed"],
        dice=row["dice"],
        host_token_hash=row["host_token_hash"],
        join_code=row["join_code"],
        seats=tuple(seat_rows),
        created=row["created"],
        finished=row["finished"],
        takeover_after_s=row["takeover_after_s"],
        judges=tuple(judge_rows),
    )


def _seat_row(row: Any) -> SeatRow:
    return SeatRow(row["seat"], row["name"], row["token_hash"], bool(row["claimed"]), row["bot"])


def _engine(url: str) -> Engine:
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(
            f"not a database URL: {url!r} (try sqlite:///path or postgresql+psycopg://…)"
        ) from None
    try:
        if parsed.get_backend_name() != "sqlite":
            return create_engine(parsed, pool_pre_ping=True)
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(parsed)
    except (NoSuchModuleError, ImportError) as exc:
        raise StoreError(f"no database driver for {_safe(url)}: {exc}") from None
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with full sync: a committed action survives a killed process and a power cut.
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=10000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _safe(url: str) -> str:
    """Returns the URL with any password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url
