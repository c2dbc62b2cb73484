"""Bounds shared by every game's setup: the names people type and the texts clients send.

A setup arrives from any client, so each text has a length bound and refuses control
characters (a NUL cannot be stored by PostgreSQL; an ESC would reach terminals).
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field

NAME_LENGTH = 40
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""C0 and C1 control characters and DEL."""


def no_control_characters(value: str) -> str:
    """Returns ``value``; raises ValueError if it holds a control character."""
    found = CONTROL_CHARACTERS.search(value)
    if found:
        raise ValueError(
            f"control character U+{ord(found.group()):04X} at position {found.start()} "
            "is not allowed in a name"
        )
    return value


Name = Annotated[
    str,
    Field(min_length=1, max_length=NAME_LENGTH),
    AfterValidator(no_control_characters),
]
"""A player's, team's, driver's or judge's name: 1 to 40 characters, no control characters."""

REASON_LENGTH = 200

Reason = Annotated[
    str,
    Field(min_length=1, max_length=REASON_LENGTH),
    AfterValidator(no_control_characters),
]
"""Why a referee or host did something (an undo, a penalty): 1 to 200 characters."""
