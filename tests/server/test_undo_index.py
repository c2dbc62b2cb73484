"""The positions a room's record voids, kept as the record grows: always what scanning
the whole record gives."""

from __future__ import annotations

from typing import Any, cast

from racerbile.engine.record import void_marker, voided
from racerbile.server.room import Room
from racerbile.server.undo import latest_live, voided_in


class Record:
    """What :func:`voided_in` reads of a room: its entries."""

    def __init__(self) -> None:
        self.actions: list[dict[str, Any]] = []


def test_the_voided_positions_follow_the_record_as_it_grows_and_is_replaced() -> None:
    record = Record()
    room = cast(Room, record)
    for n in range(1, 31):
        record.actions.append({"kind": "roll", "n": n})
        if n % 7 == 0:
            record.actions.append(void_marker([n - 2, n - 1]))
        assert voided_in(room) == voided(record.actions)
    record.actions = [*record.actions[:5], void_marker([5])]  # an undo replaces the list
    assert voided_in(room) == voided(record.actions) == {5}
    assert latest_live(room, 3) == [4, 3, 2]
    record.actions = record.actions[:2]  # a shorter one, as a reload after a failed write
    assert voided_in(room) == set()
    assert latest_live(room, 5) == [2, 1]
