"""The tables of the event store. Rows are appended; a game's row gets its end time once."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
)

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rules_version", Integer, nullable=False),
    Column("setup", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("dice", String(16), nullable=False),
    Column("host_token_hash", String(64), nullable=False),
    Column("join_code", String(16), nullable=False, unique=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("finished", DateTime(timezone=True), nullable=True, index=True),
    Column("takeover_after_s", Float, nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
    Column("bot", String(64), nullable=True),
)

# A game's judges (games that name some): each has its own token, for referee actions only.
judges = Table(
    "judges",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("judge", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("token_hash", String(64), nullable=False),
)

# The primary key (game_id, seq) makes a second write of the same sequence number fail,
# so two servers sharing one database can never both append action n.
actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("action", JSON, nullable=False),
    Column("actor", String(32), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

# The latest snapshot of a game (one row per game, replaced by newer ones): the room's
# state after action ``seq``, so a long record need not replay from its first action.
# ``fingerprint`` names the code that wrote it; other code replays from the start.
snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, nullable=False),
    Column("fingerprint", String(64), nullable=False),
    Column("data", JSON, nullable=False),
)
