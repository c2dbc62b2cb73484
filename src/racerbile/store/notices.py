"""Notices of change for other processes on one PostgreSQL, sent inside the transaction
that makes the change.

A store told to announce (:meth:`.Store.announce`) adds a ``NOTIFY`` to every transaction
that appends actions or changes a seat. PostgreSQL delivers a notification only when its
transaction commits, so a listener never hears of a change that is not in the store, and
a change that commits is always announced: no second transaction, and no window in
which a process stops between its commit and its notice.

A notification's payload is the sender's name and the ids of the games changed, each
after one space: ``"<sender> <game id> <game id> …"``. A transaction that changes more
games than one payload holds (PostgreSQL's limit is 8,000 bytes) sends several.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from sqlalchemy import Connection, text

PAYLOAD_BYTES = 7_900  # under PostgreSQL's 8,000-byte payload limit
NOTIFY = "SELECT pg_notify(:channel, p) FROM unnest(CAST(:payloads AS text[])) AS p"
"""Sends the notices ``payloads`` on ``channel`` (none for an empty list)."""


@dataclass(frozen=True)
class Notices:
    """Where a store announces its changes: the channel, and the name it signs with."""

    channel: str
    sender: str

    def payloads(self, game_ids: Iterable[str]) -> list[str]:
        """The payloads that name ``game_ids`` (each once, in order)."""
        return list(payloads_of(self.sender, sorted(set(game_ids))))

    def send(self, conn: Connection, game_ids: Iterable[str]) -> None:
        """Queues the notices of ``game_ids`` in the transaction of ``conn``."""
        payloads = self.payloads(game_ids)
        if payloads:
            conn.execute(text(NOTIFY), {"channel": self.channel, "payloads": payloads})


def payloads_of(sender: str, game_ids: list[str]) -> Iterator[str]:
    """The payloads naming ``game_ids``, each under :data:`PAYLOAD_BYTES`."""
    payload = sender
    for game_id in game_ids:
        if len(payload) + 1 + len(game_id.encode()) > PAYLOAD_BYTES and payload != sender:
            yield payload
            payload = sender
        payload += " " + game_id
    if payload != sender:
        yield payload


def read_payload(payload: str) -> tuple[str, list[str]]:
    """Returns the sender and the game ids of a notice's payload."""
    sender, *game_ids = payload.split(" ")
    return sender, game_ids
