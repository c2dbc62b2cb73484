"""The checkouts benchmark: its smallest run on the package on the path, the copy of a
checkout under a name of its own, and its refusal of checkouts whose games differ."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_racerbile_checkouts import Contender, copy_package, main, measure

ROOT = Path(__file__).resolve().parents[2]


def test_the_smallest_run_prints_the_rate_of_the_package_on_the_path(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["--rounds", "1", "--games", "2", "--laps", "1"])
    out = capsys.readouterr().out
    assert "games equal" in out
    assert "racerbile" in out and "player-turns per CPU s" in out


def test_a_checkout_is_copied_under_its_own_name_with_its_registry(tmp_path: Path) -> None:
    name = copy_package(ROOT, "racerbile_9", tmp_path)
    registry = (tmp_path / name / "games" / "__init__.py").read_text()
    assert '"racerbile_9.games.racerbile"' in registry
    assert '"racerbile.games.' not in registry
    assert not list((tmp_path / name).rglob("__pycache__"))
    with pytest.raises(SystemExit, match="no src/racerbile"):
        copy_package(tmp_path, "racerbile_8", tmp_path)


class _Fixed:
    """An engine whose every game lasts ``length`` rounds."""

    def __init__(self, length: int) -> None:
        self.length = length

    def play_chunk(self, spec: object, indices: list[int]) -> list[object]:
        from racerbile.engine.outcome import GameOutcome

        return [GameOutcome(i, 0, (), self.length, 1) for i in indices]


def test_checkouts_whose_games_differ_are_refused() -> None:
    same = [Contender("a", _Fixed(3), None), Contender("b", _Fixed(3), None)]
    measure(same, 2, 2, 0)
    differ = [Contender("a", _Fixed(3), None), Contender("b", _Fixed(4), None)]
    with pytest.raises(SystemExit, match="differ"):
        measure(differ, 1, 2, 0)
