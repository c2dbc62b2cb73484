"""Golden playthroughs: each checked-in transcript is regenerated and diffed.

Regenerate with ``racerbile dev playthroughs --regenerate`` and review the diff:
changed sentences are changed rules behaviour.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from racerbile.engine.playthrough import golden_playthroughs, playthrough
from racerbile.games import available_games, get_game

HERE = Path(__file__).parent
PLAYTHROUGHS = golden_playthroughs(get_game(game_id) for game_id in available_games())


def test_every_golden_file_is_declared_by_a_game() -> None:
    assert {path.stem for path in HERE.glob("*.txt")} == set(PLAYTHROUGHS)


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough_matches_the_golden_file(name: str) -> None:
    game, setup_data, seed = PLAYTHROUGHS[name]
    text = playthrough(game, game.Setup.model_validate(setup_data), seed)
    golden = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    if text != golden:
        diff = "".join(
            difflib.unified_diff(
                golden.splitlines(keepends=True), text.splitlines(keepends=True), "golden", "now"
            )
        )
        pytest.fail(f"playthrough {name} changed:\n{diff[:6000]}")
