"""The fast Racerbile engine gives the reference engine's outcomes, game for game.

Differential test: every bundled track, both rule sets, two to six cars and every
covered bot, over 1,000+ seeded short races; whole :class:`GameOutcome` records
are compared (places, sips, beers, sips caused, exits, overtakes, turns, length,
decisions and where things happened). Setups the kernel does not cover are
refused with a sentence saying why.
"""

from __future__ import annotations

from typing import Any

import pytest

from racerbile.games.racerbile.fast.engine import RacerbileFastEngine
from racerbile.sim import SimSpec, choose_engine, fast_engine_for, play_chunk

# (track, rule set, laps, bots, master seed, games)
CASES: list[tuple[str, str, int, tuple[str, ...], int, int]] = [
    ("oval", "babybile", 1, ("optimal", "greedy", "stalin", "random"), 1, 120),
    ("oval", "racerbile", 1, ("optimal", "greedy", "stalin", "random"), 2, 120),
    ("oval", "babybile", 2, ("random", "cautious"), 3, 80),
    ("oval", "racerbile", 1, ("stalin", "stalin", "random", "random", "greedy", "optimal"), 4, 60),
    ("kringlen", "babybile", 1, ("greedy", "random", "optimal"), 5, 90),
    ("kringlen", "racerbile", 1, ("optimal", "stalin", "random", "cautious", "greedy"), 6, 90),
    ("kringlen", "racerbile", 1, ("random", "random"), 7, 70),
    ("lemans", "racerbile", 1, ("optimal", "greedy", "stalin", "random"), 8, 120),
    ("lemans", "babybile", 1, ("stalin", "random", "greedy", "optimal", "random", "stalin"), 9, 80),
    ("lemans", "racerbile", 1, ("cautious", "random", "greedy"), 10, 90),
    ("oval", "babybile", 1, ("greedy", "greedy", "greedy", "greedy", "greedy"), 11, 60),
    ("kringlen", "babybile", 1, ("stalin", "optimal", "random", "random"), 12, 60),
    # Longer races: the optimal bot's choices with several crossings left, and the bots'
    # choices between leaving the track (a chug to come back) and staying on it.
    ("lemans", "racerbile", 3, ("optimal", "greedy", "stalin", "cautious"), 13, 24),
    ("kringlen", "racerbile", 2, ("optimal", "cautious", "greedy", "stalin"), 14, 30),
]


def _spec(
    track: str, rule_set: str, laps: int, bots: tuple[str, ...], seed: int, **extra: Any
) -> SimSpec:
    players = [{"name": f"{bot} {seat + 1}"} for seat, bot in enumerate(bots)]
    setup = {"players": players, "track": track, "rule_set": rule_set, "laps": laps, **extra}
    return SimSpec("racerbile", setup, bots, seed, engine="fast")


def test_the_cases_cover_the_promise() -> None:
    assert sum(case[-1] for case in CASES) >= 1000
    assert {case[0] for case in CASES} == {"oval", "kringlen", "lemans"}
    assert {len(case[3]) for case in CASES} >= {2, 3, 4, 5, 6}
    assert {bot for case in CASES for bot in case[3]} == {
        "optimal", "greedy", "stalin", "random", "cautious"
    }  # fmt: skip


@pytest.mark.parametrize(
    ("track", "rule_set", "laps", "bots", "seed", "games"),
    CASES,
    ids=[f"{c[0]}-{c[1]}-{len(c[3])}cars-seed{c[4]}" for c in CASES],
)
def test_fast_outcomes_equal_the_reference(
    track: str, rule_set: str, laps: int, bots: tuple[str, ...], seed: int, games: int
) -> None:
    spec = _spec(track, rule_set, laps, bots, seed)
    engine = fast_engine_for("racerbile")
    assert engine is not None and engine.unsupported(spec) is None
    fast = engine.play_chunk(spec, range(games))
    reference = play_chunk(spec, range(games))
    for mine, theirs in zip(fast, reference, strict=True):
        assert mine == theirs, f"game {theirs.index} (dice seed {theirs.seed}) differs"


def test_games_are_the_same_whatever_the_threads_or_chunks() -> None:
    spec = _spec("kringlen", "racerbile", 1, ("random", "greedy", "stalin"), 21)
    whole = RacerbileFastEngine(threads=2).play_chunk(spec, range(12))
    parts = RacerbileFastEngine(threads=1).play_chunk(spec, range(5))
    parts += RacerbileFastEngine(threads=1).play_chunk(spec, range(5, 12))
    assert whole == parts


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"announcements": "manual"}, "manual announcements"),
        ({"finish_first": True}, "special rules are not covered (finish_first)"),
        ({"stall_timer": 30.0}, "stall timer"),
        ({"fork_choice": "per_lap"}, "per-lap fork"),
    ],
)
def test_unsupported_setups_are_refused_with_a_reason(
    change: dict[str, Any], expected: str
) -> None:
    spec = _spec("kringlen", "racerbile", 1, ("greedy", "random"), 0, **change)
    spec, note = choose_engine(spec)
    assert spec.engine == "reference"
    assert note is not None and expected in note


def test_unsupported_bots_and_games_are_refused() -> None:
    engine = fast_engine_for("racerbile")
    assert engine is not None
    spec = _spec("oval", "babybile", 1, ("sadist", "greedy"), 0)
    assert "sadist" in (engine.unsupported(spec) or "")
    assert fast_engine_for("vectrace") is None
    with pytest.raises(RuntimeError, match="cannot play"):
        engine.play_chunk(spec, range(1))
