"""Golden playthroughs: each checked-in transcript is regenerated and diffed.

Regenerate with ``racerbile dev playthroughs --regenerate`` and review the diff:
changed sentences are changed rules behaviour.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from racerbile.engine.playthrough import playthrough
from racerbile.games import get_game
from racerbile.games.playthroughs import PLAYTHROUGHS

HERE = Path(__file__).parent


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough_matches_the_golden_file(name: str) -> None:
    game_id, setup_data, seed = PLAYTHROUGHS[name]
    game = get_game(game_id)
    text = playthrough(game, game.Setup.model_validate(setup_data), seed)
    golden = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    if text != golden:
        diff = "".join(
            difflib.unified_diff(
                golden.splitlines(keepends=True), text.splitlines(keepends=True), "golden", "now"
            )
        )
        pytest.fail(f"playthrough {name} changed:\n{diff[:6000]}")
