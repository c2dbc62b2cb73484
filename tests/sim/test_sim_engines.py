"""The fast-engine hook: absent, present, or present but not for this setup."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest
import toy_race

from racerbile.engine.capabilities import FastPath
from racerbile.sim import GameOutcome, SimSpec, choose_engine, fast_engine_for, play_chunk, run


class _Echo:
    """A fast engine that plays the reference games, refusing two-player setups."""

    def unsupported(self, spec: SimSpec) -> str | None:
        return "two players are not supported" if len(spec.players) == 2 else None

    def play_chunk(self, spec: SimSpec, indices: Sequence[int]) -> list[GameOutcome]:
        return play_chunk(spec, indices)


@pytest.fixture
def fast_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """Declares the echo engine as the toy game's fast path."""
    fast = FastPath(engine=lambda threads: _Echo(), bench_setup=dict, bench_players=())
    monkeypatch.setattr(toy_race.ToyRace, "fast", fast)


def test_a_game_without_a_fast_engine_plays_on_the_reference_engine(toy_spec: SimSpec) -> None:
    assert fast_engine_for("toy_race:GAME") is None  # the toy declares no fast path
    spec, note = choose_engine(replace(toy_spec, engine="fast"))
    assert spec.engine == "reference"
    assert note is not None and "no fast engine is available" in note


def test_a_fast_engine_that_accepts_plays(toy_spec: SimSpec, fast_module: None) -> None:
    spec, note = choose_engine(replace(toy_spec, engine="fast"))
    assert (spec.engine, note) == ("fast", None)
    assert run(spec, 5) == run(toy_spec, 5)


def test_a_fast_engine_that_refuses_says_why(toy_spec: SimSpec, fast_module: None) -> None:
    two = replace(toy_spec, players=("slow", "fast"), engine="fast")
    spec, note = choose_engine(two)
    assert spec.engine == "reference"
    assert note is not None and "two players are not supported" in note


def test_an_unknown_engine_is_refused(toy_spec: SimSpec) -> None:
    with pytest.raises(ValueError, match="expected one of: reference, fast"):
        choose_engine(replace(toy_spec, engine="turbo"))
