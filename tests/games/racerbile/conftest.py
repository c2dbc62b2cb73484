"""Fixtures of the Racerbile rules tests; the builders live in rb_helpers."""

from __future__ import annotations

import pytest
from rb_helpers import race

from racerbile.games.racerbile.state import State


@pytest.fixture
def oval_race() -> State:
    """A two-player Babybile race on the bundled oval, Anna to act."""
    return race(2)
