"""``racerbile bench racerbile``: runs both engines on a tiny budget and prints the rates."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence

import pytest
from typer.testing import CliRunner

from racerbile.cli import app
from racerbile.cli.bench import _Contender

runner = CliRunner()


def test_bench_prints_the_three_rates_and_their_ratios_from_one_run() -> None:
    args = ["bench", "racerbile", "--json", "--games", "1", "--seconds", "1", "--laps", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rates = [data[f"{name}_turns_per_cpu_s"] for name in ("reference", "fast", "minimal")]
    assert all(rate > 0 for rate in rates)
    # The ratios come from the unrounded rates: from the printed ones (each rounded to a
    # tenth) they agree within the ratio's own rounding and what the rates' changed.
    fast, reference, minimal = rates[1], rates[0], rates[2]
    assert data["fast_over_reference"] == pytest.approx(
        fast / reference, abs=_rounding(0.1, fast, reference)
    )
    assert data["fast_over_minimal"] == pytest.approx(
        fast / minimal, abs=_rounding(0.001, fast, minimal)
    )
    assert data["identical"] is True and data["rounds"] >= 1
    assert data["fast_games"] == data["minimal_games"] == 1000  # FAST_FACTOR a reference race


def _rounding(step: float, top: float, bottom: float) -> float:
    """The most a ratio printed to ``step``, of rates printed to a tenth, can differ
    from the ratio of the printed rates."""
    return step / 2 + (top / bottom) * (0.05 / top + 0.05 / bottom) * 1.001 + 1e-12


def test_bench_without_json_prints_a_table_of_the_rates() -> None:
    args = ["bench", "racerbile", "--games", "1", "--seconds", "0.2", "--laps", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for word in ("reference", "fast", "minimal", "fast/reference", "fast/minimal"):
        assert word in result.stdout


def test_bench_refuses_a_game_without_a_fast_engine() -> None:
    result = runner.invoke(app, ["bench", "vectrace", "--json"])
    assert result.exit_code != 0
    assert "no fast engine" in result.output


def _busy(milliseconds: float) -> Callable[[Sequence[int]], int]:
    """A contender's play that spends about ``milliseconds`` of CPU a batch and counts
    one player-turn a game."""

    def play(indices: Sequence[int]) -> int:
        started = time.process_time()
        while time.process_time() - started < milliseconds / 1000:
            pass
        return len(indices)

    return play


def test_a_round_plays_batches_until_its_cpu_seconds_are_spent() -> None:
    contender = _Contender(_busy(2), limit=10_000, batch=10, kept=0)
    contender.round(0.02)
    assert contender.cpu >= 0.02
    assert 10 * 2 <= contender.games <= 10 * 12  # ten 2 ms batches, give or take the clock
    assert contender.turns == contender.games


def test_a_round_plays_one_batch_at_least_and_never_past_the_limit() -> None:
    contender = _Contender(_busy(0), limit=25, batch=10, kept=0)
    contender.round(0.0)
    assert contender.games == 10
    contender.round(60.0)  # the limit ends it long before a minute
    assert contender.games == 25 and not contender.due(60.0)
