"""The event store: games, seats and their actions, each write committed before it returns.

Appends of actions made at once by several threads share one transaction (see
:mod:`.groupcommit`; on PostgreSQL one statement, :mod:`.pgappend`); on SQLite the
writes of one store take turns in the process.
SQLite (WAL, full sync, the WAL copied back by a thread of the store's: see
:mod:`.checkpoint`) by default; PostgreSQL when given a ``postgresql+psycopg://`` URL.
Every method is synchronous and short; the server calls them off its event loop. Every
method raises only the errors of :mod:`.errors`: a database that cannot answer is
:class:`StoreUnavailable`, one game's unreadable row :class:`DamagedRecord`.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    Connection,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import DataError, IntegrityError

from .checkpoint import sqlite_checkpointer
from .connect import describe_where, open_engine
from .errors import (
    DRIVER_ERRORS,
    READ_ERRORS,
    DamagedRecord,
    DuplicateWrite,
    RefusedValue,
    StoreError,
    driver_message,
    row_problem,
    unavailable,
)
from .groupcommit import GroupCommit
from .notices import Notices
from .opening import check_schema, create_schema
from .pgappend import append_statement
from .rows import ActionRow, GameRow, Head, JudgeRow, SeatRow
from .snapshots import SnapshotStore
from .tables import actions, games, judges, metadata, seats
from .values import refuse_unstorable, storable

T = TypeVar("T")
HEADS_PER_QUERY = 500  # bound parameters of one query (old SQLite builds allow 999)


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


@dataclass(frozen=True)
class _Append:
    """One call's actions to append, and the game's end time when it ends the game."""

    game_id: str
    rows: list[dict[str, Any]]
    finished: datetime | None


Entries = Sequence[tuple[dict[str, Any], str]]  # (action, actor) pairs to append


def _append_of(game_id: str, first_seq: int, entries: Entries, finished: bool) -> _Append:
    """The rows of one call's actions (raises RefusedValue for a text no database holds)."""
    at = now()
    values = [
        {"game_id": game_id, "seq": first_seq + n, "action": action, "actor": actor, "at": at}
        for n, (action, actor) in enumerate(entries)
    ]
    refuse_unstorable(actions, values)
    return _Append(game_id, values, at if finished else None)


@contextmanager
def _numbers_free(append: _Append) -> Iterator[None]:
    """Turns a taken action number into DuplicateWrite, naming the numbers asked for."""
    try:
        yield
    except IntegrityError:
        seqs = [row["seq"] for row in append.rows]
        raise DuplicateWrite(
            f"game {append.game_id} already has one of the actions {seqs[0]} to {seqs[-1]}"
        ) from None


def _one_writes_own(error: BaseException) -> bool:
    """Tells whether a failed append may be one write's own: a taken action number or
    a refused value; anything else means the database cannot answer anyone."""
    return isinstance(error, IntegrityError | RefusedValue)


def _write_lock(dialect: str) -> AbstractContextManager[Any]:
    """Returns what a write transaction holds while it runs: on SQLite, one lock per
    store. SQLite lets one connection write at a time; without the lock, the server's
    writer threads would meet at the database, where a writer that finds it busy sleeps
    in SQLite's busy handler (1, 2, 5, 10 ms and longer) however soon the other
    commits. Under load that, not the work, bounded the writes a second. PostgreSQL
    writes rows of different games at once."""
    return threading.Lock() if dialect == "sqlite" else nullcontext()


def now() -> datetime:
    """Returns the current time in UTC."""
    return datetime.now(UTC)


class Store(SnapshotStore):
    """Appends games, seat claims and actions; reads them back for replay."""

    def __init__(self, url: str):
        """Opens the database; raises StoreError naming it when it is not a usable store."""
        self.url = url
        self.engine = open_engine(url)
        self._writing = _write_lock(self.engine.dialect.name)
        self._appends = GroupCommit(self._append_all, _one_writes_own)
        self._checkpoints = sqlite_checkpointer(self.engine)
        self._notices: Notices | None = None
        # Reads and PostgreSQL's appends: each statement alone, no BEGIN and COMMIT or
        # ROLLBACK around it (round trips on PostgreSQL).
        self._alone = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        where = describe_where(self.engine)
        try:
            if self.engine.dialect.name != "sqlite":
                check_schema(self.engine, where)  # a SQLite file was checked before opening
            create_schema(self.engine, metadata)
        except DRIVER_ERRORS as exc:
            self.engine.dispose()
            raise StoreError(f"cannot open the database {where}: {driver_message(exc)}") from None
        except StoreError:
            self.engine.dispose()
            raise

    def announce(self, channel: str, sender: str) -> None:
        """From now on, sends a notice on ``channel`` signed ``sender`` in every
        transaction that appends actions or changes a seat (PostgreSQL's NOTIFY: see
        :mod:`.notices`); other processes LISTEN for them."""
        if self.engine.dialect.name != "postgresql":
            where = describe_where(self.engine)
            raise StoreError(f"only PostgreSQL passes notices; this store is {where}")
        self._notices = Notices(channel, sender)

    def _notify(self, conn: Connection, game_ids: Iterable[str]) -> None:
        if self._notices is not None:
            self._notices.send(conn, game_ids)

    def close(self) -> None:
        """Commits the appends queued by now, runs the last WAL checkpoint (SQLite) and
        closes every pooled connection."""
        self._appends.close()
        if self._checkpoints is not None:
            self._checkpoints.stop()
        self.engine.dispose()

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        """One transaction; a driver's error leaves as the store's (IntegrityError as is).
        On SQLite the process's writes take turns (see :func:`_write_lock`)."""
        with self._writing, _translated(), self.engine.begin() as conn:
            yield conn
        if self._checkpoints is not None:
            self._checkpoints.committed()

    @contextmanager
    def _connect(self) -> Iterator[Connection]:
        """One connection for reads, each statement alone (no transaction: on
        PostgreSQL each statement of one sees its own snapshot anyway, and SQLite's
        driver begins none for reads); a driver's error leaves as the store's."""
        with _translated(), self._alone.connect() as conn:
            yield conn

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
        refuse_unstorable(games, [game_values])
        refuse_unstorable(seats, seat_values)
        refuse_unstorable(judges, judge_values)
        try:
            with self._begin() as conn:
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
        refuse_unstorable(actions, [values])
        try:
            with self._begin() as conn:
                conn.execute(insert(actions), values)
        except IntegrityError:
            raise DuplicateWrite(f"game {game_id} already has action {seq}") from None

    def append_actions(
        self, game_id: str, first_seq: int, entries: Entries, finished: bool = False
    ) -> None:
        """Commits ``entries`` (action, actor) as actions ``first_seq``, ``first_seq + 1``, …
        in one transaction, with the game's end time when ``finished``; raises
        DuplicateWrite, writing none of them, when one of those numbers is taken."""
        append = _append_of(game_id, first_seq, entries, finished)
        with _numbers_free(append):
            self._appends.run(append)

    async def append_actions_async(
        self, game_id: str, first_seq: int, entries: Entries, finished: bool = False
    ) -> None:
        """:meth:`append_actions` for a coroutine: it awaits the commit on its event
        loop, made by the store's committing thread with the writes queued meanwhile."""
        append = _append_of(game_id, first_seq, entries, finished)
        with _numbers_free(append):
            await self._appends.run_async(append)

    def _append_all(self, appends: Sequence[_Append]) -> None:
        """Commits ``appends`` in one transaction (see :mod:`.groupcommit`); on
        PostgreSQL in one statement (see :mod:`.pgappend`)."""
        rows = [row for append in appends for row in append.rows]
        if self.engine.dialect.name == "postgresql":
            ended = [(a.game_id, a.finished) for a in appends if a.finished is not None]
            statement, values = append_statement(rows, ended, self._notices)
            with _translated(), self._alone.connect() as conn:
                conn.execute(statement, values)
            return
        with self._begin() as conn:
            if rows:
                conn.execute(insert(actions), rows)
            for append in appends:
                if append.finished is not None:
                    conn.execute(
                        update(games)
                        .where(games.c.id == append.game_id, games.c.finished.is_(None))
                        .values(finished=append.finished)
                    )
            self._notify(conn, (append.game_id for append in appends))

    def finish_game(self, game_id: str) -> None:
        """Records the end time of a game (once; later calls change nothing)."""
        with self._begin() as conn:
            conn.execute(
                update(games)
                .where(games.c.id == game_id, games.c.finished.is_(None))
                .values(finished=now())
            )

    def claim_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Gives an unclaimed human seat a new token; returns False when it was taken."""
        refuse_unstorable(seats, [{"token_hash": token_hash}])
        with self._begin() as conn:
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
            if result.rowcount == 1:
                self._notify(conn, [game_id])
        return bool(result.rowcount == 1)

    def mark_claimed(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Marks a seat claimed on the first use of its link's token, so the join code no
        longer offers it; returns False when the join code gave the seat another token."""
        with self._begin() as conn:
            result = conn.execute(
                update(seats)
                .where(
                    seats.c.game_id == game_id,
                    seats.c.seat == seat,
                    seats.c.token_hash == token_hash,
                )
                .values(claimed=True)
            )
            if result.rowcount == 1:
                self._notify(conn, [game_id])
        return bool(result.rowcount == 1)

    def game(self, game_id: str) -> GameRow | None:
        """Returns the stored game, or None; raises DamagedRecord when a row is unreadable."""
        if not storable(game_id):
            return None  # no stored id holds such a character
        with self._connect() as conn:
            row = _read(
                game_id,
                "its games row",
                lambda: conn.execute(select(games).where(games.c.id == game_id)).mappings().first(),
            )
            if row is None:
                return None
            seat_list = _read(
                game_id,
                "its seats",
                lambda: [
                    _seat_row(s)
                    for s in conn.execute(
                        select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
                    ).mappings()
                ],
            )
            judge_list = _read(
                game_id,
                "its judges",
                lambda: [
                    JudgeRow(j["judge"], j["name"], j["token_hash"])
                    for j in conn.execute(
                        select(judges).where(judges.c.game_id == game_id).order_by(judges.c.judge)
                    ).mappings()
                ],
            )
            return _game_row(row, seat_list, judge_list)

    def game_by_code(self, join_code: str) -> str | None:
        """Returns the id of the game with that join code, or None."""
        if not storable(join_code):
            return None  # no stored code holds such a character
        with self._connect() as conn:
            found = conn.execute(select(games.c.id).where(games.c.join_code == join_code))
            return found.scalar_one_or_none()

    def actions(self, game_id: str, after: int = 0) -> list[ActionRow]:
        """Returns the actions of a game numbered above ``after`` (every one by default),
        in order; raises DamagedRecord naming a bad one."""
        if not storable(game_id):
            return []
        mine = (actions.c.game_id == game_id) & (actions.c.seq > after)
        query = select(actions).where(mine).order_by(actions.c.seq)
        with self._connect() as conn:
            try:
                return [
                    ActionRow(r["seq"], r["action"], r["actor"], r["at"])
                    for r in conn.execute(query).mappings()
                ]
            except READ_ERRORS as exc:
                problem = row_problem(exc)
                if problem is None:
                    raise
                raise DamagedRecord(game_id, _damaged_action(conn, game_id), problem) from None

    def head(self, game_id: str) -> Head:
        """Returns what a copy of a game must match to be current: the number of its
        last action (0: none) and its seats (their tokens and claims)."""
        return self.heads([game_id])[game_id]

    def heads(self, game_ids: Sequence[str]) -> dict[str, Head]:
        """:meth:`head` of each game, in one round trip (servers on one database ask
        before every answer, many rooms at once): the last action's number rides along
        with each seat row."""
        last = (
            select(func.coalesce(func.max(actions.c.seq), 0))
            .where(actions.c.game_id == seats.c.game_id)
            .scalar_subquery()
        )
        wanted = sorted(set(game_ids))
        found: dict[str, tuple[int, list[SeatRow]]] = {}
        with self._connect() as conn:
            for start in range(0, len(wanted), HEADS_PER_QUERY):
                query = (
                    select(last.label("last_seq"), seats)
                    .where(seats.c.game_id.in_(wanted[start : start + HEADS_PER_QUERY]))
                    .order_by(seats.c.game_id, seats.c.seat)
                )
                for row in conn.execute(query).mappings():
                    seq, rows = found.setdefault(row["game_id"], (int(row["last_seq"]), []))
                    rows.append(_seat_row(row))
            for game_id in game_ids:  # a game without seats (or none at all)
                if game_id not in found:
                    alone = select(func.coalesce(func.max(actions.c.seq), 0))
                    seq = conn.execute(alone.where(actions.c.game_id == game_id)).scalar_one()
                    found[game_id] = (int(seq), [])
        return {game_id: (seq, tuple(rows)) for game_id, (seq, rows) in found.items()}

    def unfinished(self) -> list[str]:
        """Returns the ids of every game without an end time, oldest first."""
        with self._connect() as conn:
            found = conn.execute(
                select(games.c.id).where(games.c.finished.is_(None)).order_by(games.c.created)
            )
            return list(found.scalars())


@contextmanager
def _translated() -> Iterator[None]:
    """Turns a driver's error into the store's: DataError is a value refused, the others
    (but IntegrityError, which the callers resolve) mean the database cannot answer."""
    try:
        yield
    except IntegrityError:
        raise
    except DataError as exc:
        raise RefusedValue(driver_message(exc)) from None
    except DRIVER_ERRORS as exc:
        raise unavailable(exc) from None


def _read(game_id: str, where: str, read: Callable[[], T]) -> T:
    """Runs one read of a game's rows; an undecodable row becomes DamagedRecord."""
    try:
        return read()
    except READ_ERRORS as exc:
        problem = row_problem(exc)
        if problem is None:
            raise
        raise DamagedRecord(game_id, where, problem) from None


def _damaged_action(conn: Connection, game_id: str) -> str:
    """Names the first action of a game that does not decode (read one at a time)."""
    mine = actions.c.game_id == game_id
    for seq in conn.execute(select(actions.c.seq).where(mine).order_by(actions.c.seq)).scalars():
        try:
            conn.execute(select(actions).where(mine, actions.c.seq == seq)).mappings().one()
        except READ_ERRORS as exc:
            if row_problem(exc) is not None:
                return f"action {seq}"
            raise
    return "its actions"


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
