"""What no database may hold: the store refuses it everywhere, so all answer alike."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import Table

from .errors import RefusedValue


def refuse_unstorable(table: Table, rows: Iterable[Mapping[str, Any]]) -> None:
    """Raises RefusedValue for a text no database may hold in ``table``'s column.

    SQLite would keep a NUL character or an over-long text, PostgreSQL refuses both;
    the store refuses them everywhere, so both databases answer alike.
    """
    for row in rows:
        for name, value in row.items():
            if not isinstance(value, str):
                continue
            where = f"{table.name}.{name}"
            if not storable(value):
                raise RefusedValue(f"{where} holds a NUL character or a lone surrogate")
            length = getattr(table.c[name].type, "length", None)
            if length is not None and len(value) > length:
                raise RefusedValue(f"{where} has {len(value)} characters; at most {length}")


def storable(value: str) -> bool:
    """Tells whether every database holds ``value``: no NUL character, no lone surrogate."""
    if "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
