"""A group of appends as one PostgreSQL statement: one round trip, all or nothing.

The group commit (:mod:`.groupcommit`) hands the store the actions of many rooms at once.
On PostgreSQL they go as one statement, run alone (autocommit): the rows travel as one
JSON document, read back into rows by ``json_to_recordset``; the end times of the games
that ended and the notices to other processes (:mod:`.notices`) ride along in clauses of
the same statement. A statement is atomic, so it writes every row or none, as the
transaction did; it costs one round trip instead of four (BEGIN, the inserts, the
notices, COMMIT), and the rows are encoded by ``json`` in one call instead of bound one
value at a time by the driver, work that held the interpreter lock against the server's
event loop.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import TextClause, text

from .notices import NOTIFY, Notices

APPEND = text(
    f"""
WITH appended AS (
    INSERT INTO actions (game_id, seq, action, actor, at)
    SELECT game_id, seq, action, actor, at
    FROM json_to_recordset(CAST(:rows AS json))
        AS r(game_id varchar(32), seq integer, action json, actor varchar(32), at timestamptz)
), ended AS (
    UPDATE games SET finished = e.at
    FROM json_to_recordset(CAST(:ended AS json)) AS e(id varchar(32), at timestamptz)
    WHERE games.id = e.id AND games.finished IS NULL
)
{NOTIFY}
"""
)


def append_statement(
    rows: Sequence[dict[str, Any]],
    ended: Sequence[tuple[str, datetime]],
    notices: Notices | None,
) -> tuple[TextClause, dict[str, Any]]:
    """Returns the statement that appends ``rows`` (the ``actions`` table's columns),
    marks the games of ``ended`` (id, end time) finished and, with ``notices``, names
    every game of the rows to the other processes; and its parameters."""
    document = [{**row, "at": row["at"].isoformat()} for row in rows]
    game_ids = {row["game_id"] for row in rows} | {game_id for game_id, _ in ended}
    return APPEND, {
        "rows": json.dumps(document),
        "ended": json.dumps([{"id": game_id, "at": at.isoformat()} for game_id, at in ended]),
        "channel": None if notices is None else notices.channel,
        "payloads": [] if notices is None else notices.payloads(game_ids),
    }
