"""Fixtures for the simulator tests: a spec over the toy race of ``toy_race.py``."""

from __future__ import annotations

import pytest

from racerbile.sim import SimSpec

TOY = "toy_race:GAME"


@pytest.fixture
def toy_spec() -> SimSpec:
    return SimSpec(TOY, {"players": ["a", "b", "c"], "length": 25}, ("slow", "fast", "random"), 11)
