"""``racerbile bench GAME``: player-turns per second, reference engine against the fast path.

Both engines play the same seeded races, the ones the game's fast path declares
(``FastPath.bench_setup`` and ``bench_players``; for Racerbile four bots on Le Mans).
A player-turn is one seat's whole turn, counted from the outcomes
(``SeatOutcome.turns``) the same way for both. The reference plays on one core; the
fast path plays with ``--workers`` threads. Set-up costs (compiling, solving a
bot's policy, tables) are paid before the clocks start. The games both engines
played are checked to be identical.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ._common import console, fail

if TYPE_CHECKING:
    from ..engine.capabilities import FastEngine
    from ..engine.outcome import GameOutcome, SimSpec

FAST_FACTOR = 100


def register(app: typer.Typer) -> None:
    """Adds the ``bench`` command to ``app``."""
    app.command("bench")(bench)


def bench(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="the game, e.g. racerbile")],
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="reference races (the fast path plays 100x)")
    ] = 20,
    seconds: Annotated[
        float, typer.Option(min=0.1, help="time budget per engine; stops early when spent")
    ] = 20.0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="fast threads")] = 2,
    laps: Annotated[int, typer.Option(min=1, help="laps per race")] = 3,
    seed: Annotated[int, typer.Option(min=0, help="master seed")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON only")] = False,
) -> None:
    """Measures player-turns per second of the reference and the fast engine."""
    from ..engine.outcome import SimSpec
    from ..games import UnknownGame, get_game

    try:
        fast = get_game(game_id).fast
    except UnknownGame as exc:
        fail(str(exc))
    if fast is None:
        fail(f"{game_id} has no fast engine to compare with")
    spec = SimSpec(game_id, fast.bench_setup(laps), fast.bench_players, seed, engine="fast")
    engine = fast.engine(workers)
    problem = engine.unsupported(spec)
    if problem:
        fail(f"the fast engine cannot play the benchmark races: {problem}")
    result = measure(engine, spec, games, seconds, workers)
    if as_json:
        print(json.dumps(result))
        return
    console.print_json(json.dumps(result))


def measure(
    fast_engine: FastEngine, spec: SimSpec, games: int, seconds: float, workers: int
) -> dict[str, Any]:
    """Plays up to ``games`` reference races and ``FAST_FACTOR`` times as many fast ones
    (the same seeds first), within ``seconds`` per engine; returns the rates."""
    from ..sim import play_chunk

    # Warm-up outside the clocks: compiled code, the policy, the tables.
    warm = [FAST_FACTOR * games + 1]
    fast_engine.play_chunk(spec, warm)
    play_chunk(spec, warm)
    reference, ref_time = _timed(lambda idx: play_chunk(spec, idx), games, seconds, 1)
    fast, fast_time = _timed(
        lambda idx: fast_engine.play_chunk(spec, idx), FAST_FACTOR * games, seconds, 64 * workers
    )
    ref_turns, fast_turns = _turns(reference), _turns(fast)
    common = min(len(reference), len(fast))
    ref_rate = ref_turns / ref_time
    fast_rate = fast_turns / fast_time
    return {
        "reference_turns_per_s": round(ref_rate, 1),
        "fast_turns_per_s": round(fast_rate, 1),
        "ratio": round(fast_rate / ref_rate, 1),
        "reference_games": len(reference),
        "fast_games": len(fast),
        "identical": reference[:common] == fast[:common],
        "workers": workers,
        "laps": spec.setup.get("laps"),
        "track": spec.setup.get("track"),
    }


def _timed(
    play: Callable[[Sequence[int]], list[GameOutcome]], games: int, seconds: float, batch: int
) -> tuple[list[GameOutcome], float]:
    """Plays games 0, 1, ... in batches until ``games`` are done or ``seconds`` spent."""
    outcomes: list[GameOutcome] = []
    started = time.perf_counter()
    elapsed = 0.0
    while len(outcomes) < games and elapsed < seconds:
        first = len(outcomes)
        outcomes += play(range(first, min(games, first + batch)))
        elapsed = time.perf_counter() - started
    return outcomes, elapsed


def _turns(outcomes: Sequence[GameOutcome]) -> int:
    """Player-turns: every seat's turns, summed over the races."""
    return sum(seat.turns for game in outcomes for seat in game.seats)
