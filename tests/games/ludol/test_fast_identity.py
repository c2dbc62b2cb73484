"""The fast Ludøl engine gives the reference engine's outcomes, game for game.

Differential test: both profiles, every covered bot, two to four participants (some
playing several colours, LD-SEAT-1), the roll-off and a fixed first player, and the
⚙ switches of spec §2.6; whole :class:`GameOutcome` records are compared for the
same master seed (places, turns, decisions, length and the game's columns).
"""

from __future__ import annotations

from typing import Any

import pytest

from racerbile.games.ludol.fast.engine import LudolFastEngine
from racerbile.sim import SimSpec, choose_engine, fast_engine_for, play_chunk

FOUR = [{"name": n} for n in ("Anna", "Bo", "Cille", "Dag")]
MIX = ("random", "fast", "aggressive", "random_larger")
SWITCHES = {
    "immune_landing": "illegal",
    "roros_exception": "per_throw",
    "six_chain": "turn",
    "finish": "any_colour",
}
TWO_ONE = [{"name": "Anna", "colours": 2}, {"name": "Bo"}]
ONE_THREE = [{"name": "Anna"}, {"name": "Bo", "colours": 3}]
TWO_TWO = [{"name": "Anna", "colours": 2}, {"name": "Bo", "colours": 2}]
Case = tuple[str, list[dict[str, Any]], tuple[str, ...], dict[str, str], int | None, int, int]
# (profile, players, bots, options, first, master seed, games)
CASES: list[Case] = [
    ("ludol", FOUR, MIX, {}, None, 1, 120),
    ("ludol", FOUR, ("random",) * 4, {}, None, 2, 60),
    ("ludol", FOUR, ("random_larger",) * 4, {}, 2, 3, 60),
    ("ludol", FOUR, ("aggressive", "fast", "random", "random"), SWITCHES, None, 4, 40),
    ("ludol", TWO_ONE, ("random", "aggressive"), {}, None, 5, 40),
    ("ludol", ONE_THREE, ("fast", "random_larger"), SWITCHES, None, 6, 30),
    ("norsk", FOUR, MIX, {}, None, 7, 120),
    ("norsk", FOUR, ("random",) * 4, {}, 0, 8, 60),
    ("norsk", FOUR[:3], ("aggressive", "random", "fast"), {}, None, 9, 50),
    ("norsk", TWO_TWO, ("random", "random_larger"), SWITCHES, None, 10, 40),
    ("norsk", FOUR[:2], ("random_larger", "aggressive"), {}, 1, 11, 40),
]


def _spec(
    profile: str,
    players: list[dict[str, Any]],
    bots: tuple[str, ...],
    options: dict[str, str],
    first: int | None,
    seed: int,
) -> SimSpec:
    setup = {"players": players, "profile": profile, "options": options, "first": first}
    return SimSpec("ludol", setup, bots, seed, engine="fast")


def test_the_cases_cover_the_promise() -> None:
    for profile in ("ludol", "norsk"):
        assert sum(case[-1] for case in CASES if case[0] == profile) >= 300
        assert {bot for case in CASES if case[0] == profile for bot in case[2]} == set(MIX)
    assert {len(case[1]) for case in CASES} == {2, 3, 4}


@pytest.mark.parametrize(
    ("profile", "players", "bots", "options", "first", "seed", "games"),
    CASES,
    ids=[f"{c[0]}-{'-'.join(c[2])}-seed{c[5]}" for c in CASES],
)
def test_fast_outcomes_equal_the_reference(
    profile: str,
    players: list[dict[str, Any]],
    bots: tuple[str, ...],
    options: dict[str, str],
    first: int | None,
    seed: int,
    games: int,
) -> None:
    spec = _spec(profile, players, bots, options, first, seed)
    engine = fast_engine_for("ludol")
    assert engine is not None and engine.unsupported(spec) is None
    fast = engine.play_chunk(spec, range(games))
    reference = play_chunk(spec, range(games))
    for mine, theirs in zip(fast, reference, strict=True):
        assert mine == theirs, f"game {theirs.index} (dice seed {theirs.seed}) differs"


def test_games_are_the_same_whatever_the_threads_or_chunks() -> None:
    spec = _spec("ludol", FOUR, MIX, {}, None, 21)
    whole = LudolFastEngine(threads=2).play_chunk(spec, range(12))
    parts = LudolFastEngine(threads=1).play_chunk(spec, range(5))
    parts += LudolFastEngine(threads=1).play_chunk(spec, range(5, 12))
    assert whole == parts


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"players": ("strong", "random", "random", "random")}, "bots strong are not covered"),
        ({"players": ("random", "random")}, "the number of bots does not match"),
        ({"setup": {"players": [{"name": "Anna", "colours": 4}]}}, "setup is not valid"),
    ],
)  # fmt: skip
def test_uncovered_specs_fall_back_to_the_reference_with_a_reason(
    change: dict[str, Any], expected: str
) -> None:
    spec = SimSpec(
        "ludol",
        change.get("setup", {"players": FOUR}),
        change.get("players", ("random",) * 4),
        0,
        engine="fast",
    )
    chosen, note = choose_engine(spec)
    assert chosen.engine == "reference"
    assert note is not None and expected in note
