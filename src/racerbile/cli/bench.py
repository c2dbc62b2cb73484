"""``racerbile bench GAME``: player-turns per CPU second of the reference engine, the
fast path and, where the game has one, the minimal compiled turn loop, side by side.

All of them play the same seeded races, the ones the game's fast path declares
(``FastPath.bench_setup`` and ``bench_players``; for Racerbile four bots on Le Mans).
A player-turn is one seat's whole turn, counted from the outcomes
(``SeatOutcome.turns``) the same way for both engines; the minimal loop
(``FastPath.baseline``) counts its own. They run in one process in interleaved
rounds, each timed in CPU seconds (:func:`time.process_time`, every thread
counted), so a busy machine slows them alike. In a round each plays batch after
batch for about ``--round-seconds`` of CPU: a simulation plays its batches back to
back, and a batch of a few milliseconds right after another engine's round would
mostly measure that engine's leftovers (caches emptied, the branch predictor
trained on other code), which slows the larger fast path more than the minimal
loop. All three run on one thread by default, like for like: the fast path may
play with ``--workers`` threads, and then pays for its threads sharing the
machine's caches, which the single-threaded reference and minimal loop do not
(on a two-core machine, up to a third more CPU per player-turn). Set-up costs
(compiling, solving a bot's policy, tables) are paid before the clocks start. The
games both engines played are checked to be identical.
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from ._common import console, fail

if TYPE_CHECKING:
    from ..engine.capabilities import FastEngine
    from ..engine.outcome import GameOutcome, SimSpec

FAST_FACTOR = 1000  # fast and minimal-loop races per reference race
ROUND_SECONDS = 0.05  # CPU seconds each plays in a round: a batch of the fast path is ~5 ms


def register(app: typer.Typer) -> None:
    """Adds the ``bench`` command to ``app``."""
    app.command("bench")(bench)


def bench(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. racerbile.")],
    games: Annotated[
        int,
        typer.Option("--games", "-n", min=1, help="Reference races (the fast path plays 1000x)."),
    ] = 20,
    seconds: Annotated[
        float, typer.Option(min=0.1, help="CPU seconds per engine; stops early when spent.")
    ] = 20.0,
    round_seconds: Annotated[
        float,
        typer.Option(
            min=0.0, max=10.0, help="CPU seconds each engine plays in a round, at least a batch."
        ),
    ] = ROUND_SECONDS,
    workers: Annotated[
        int,
        typer.Option(
            "--workers", "-w", min=1, help="Fast-path threads (the other two run on one)."
        ),
    ] = 1,
    laps: Annotated[int, typer.Option(min=1, help="Laps per race.")] = 3,
    seed: Annotated[int, typer.Option(min=0, help="Master seed.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON only.")] = False,
) -> None:
    """Measures player-turns per CPU second of the reference engine, the fast path and
    the minimal turn loop."""
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
    result = measure(engine, spec, games, seconds, workers, fast.baseline, round_seconds)
    if as_json:
        print(json.dumps(result))
        return
    console.print(_table(result))


@dataclass
class _Contender:
    """One of the things measured: how it plays a batch, and what it played so far."""

    play: Callable[[Sequence[int]], int | list[GameOutcome]]
    limit: int  # games at most
    batch: int
    kept: int  # outcomes kept for the comparison (more would only load the collector)
    games: int = 0
    turns: int = 0
    cpu: float = 0.0
    outcomes: list[GameOutcome] = field(default_factory=list)

    def due(self, seconds: float) -> bool:
        """Tells whether it still has games to play and CPU time to spend."""
        return self.games < self.limit and self.cpu < seconds

    def round(self, seconds: float) -> None:
        """Plays its next batches on the CPU clock, one at least, until ``seconds`` of
        CPU are spent or it has played all its games."""
        spent = 0.0
        while True:
            spent += self._batch()
            if spent >= seconds or self.games >= self.limit:
                return

    def _batch(self) -> float:
        """Plays its next batch; returns the CPU seconds it took."""
        indices = range(self.games, min(self.limit, self.games + self.batch))
        started = time.process_time()
        played = self.play(indices)
        cpu = time.process_time() - started
        self.cpu += cpu
        self.games += len(indices)
        if isinstance(played, int):
            self.turns += played
        else:
            self.turns += _turns(played)
            self.outcomes += played[: max(0, self.kept - len(self.outcomes))]
        return cpu

    def rate(self) -> float | None:
        """Player-turns per CPU second (None when nothing was timed)."""
        return self.turns / self.cpu if self.cpu > 0 else None


def measure(
    fast_engine: FastEngine,
    spec: SimSpec,
    games: int,
    seconds: float,
    workers: int,
    baseline: Callable[[SimSpec, Sequence[int]], int] | None = None,
    round_seconds: float = ROUND_SECONDS,
) -> dict[str, Any]:
    """Plays up to ``games`` reference races and ``FAST_FACTOR`` times as many fast ones
    and minimal-loop ones (the same seeds first), within ``seconds`` of CPU each, in
    interleaved rounds of ``round_seconds`` each (a batch at least); returns the rates
    and their ratios."""
    from ..sim import play_chunk

    many = FAST_FACTOR * games
    contenders = {
        "reference": _Contender(lambda idx: play_chunk(spec, idx), games, 1, games),
        "fast": _Contender(
            lambda idx: fast_engine.play_chunk(spec, idx), many, 128 * workers, games
        ),
    }
    if baseline is not None:
        contenders["minimal"] = _Contender(lambda idx: baseline(spec, idx), many, 128 * workers, 0)
    for contender in contenders.values():  # outside the clocks: compiling, policy, tables
        contender.play([many + 1])
    # What loading and compiling left behind lives as long as the process: set aside,
    # it is not scanned by every full collection (one of which would fall in some
    # contender's round and charge it for the whole heap).
    gc.collect()
    gc.freeze()
    rounds = 0
    try:
        while any(c.due(seconds) for c in contenders.values()):
            rounds += 1
            for contender in contenders.values():
                if contender.due(seconds):
                    contender.round(round_seconds)
    finally:
        gc.unfreeze()  # the caller's heap as it was
    return _result(contenders, rounds, round_seconds, workers, spec)


def _result(
    contenders: dict[str, _Contender],
    rounds: int,
    round_seconds: float,
    workers: int,
    spec: SimSpec,
) -> dict[str, Any]:
    """The rates, the ratios, and what was played."""
    rates = {name: c.rate() for name, c in contenders.items()}
    reference, fast = contenders["reference"].outcomes, contenders["fast"].outcomes
    common = min(len(reference), len(fast))
    result: dict[str, Any] = {
        f"{name}_turns_per_cpu_s": _round(rate) for name, rate in rates.items()
    }
    result["fast_over_reference"] = _ratio(rates["fast"], rates["reference"])
    if "minimal" in rates:
        result["fast_over_minimal"] = _ratio(rates["fast"], rates["minimal"], 3)
    result |= {f"{name}_games": c.games for name, c in contenders.items()}
    result |= {
        "identical": reference[:common] == fast[:common],
        "rounds": rounds,
        "round_seconds": round_seconds,
        "workers": workers,
        "laps": spec.setup.get("laps"),
        "track": spec.setup.get("track"),
    }
    return result


def _round(rate: float | None) -> float | None:
    return None if rate is None else round(rate, 1)


def _ratio(top: float | None, bottom: float | None, digits: int = 1) -> float | None:
    return None if top is None or not bottom else round(top / bottom, digits)


def _table(result: dict[str, Any]) -> Table:
    """The rates side by side, with the ratios under them."""
    laps, threads = _counted(result["laps"], "lap"), _counted(result["workers"], "thread")
    table = Table(title=f"{result['track']}, {laps}, fast path on {threads}")
    for heading in ("", "games", "player-turns per CPU s"):
        table.add_column(heading, justify="right" if heading else "left")
    for name in ("reference", "fast", "minimal"):
        if f"{name}_games" in result:
            rate = result[f"{name}_turns_per_cpu_s"]
            table.add_row(
                name, f"{result[f'{name}_games']:,}", "-" if rate is None else f"{rate:,.0f}"
            )
    ratios = [f"fast/reference {result['fast_over_reference']}"]
    if "fast_over_minimal" in result:
        ratios.append(f"fast/minimal {result['fast_over_minimal']:.3f}")
    same = "identical" if result["identical"] else "NOT identical"
    rounds = f"{_counted(result['rounds'], 'round')} of {result['round_seconds']} CPU s"
    table.caption = f"{', '.join(ratios)}; games {same}; {rounds}"
    return table


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _turns(outcomes: Sequence[GameOutcome]) -> int:
    """Player-turns: every seat's turns, summed over the races."""
    return sum(seat.turns for game in outcomes for seat in game.seats)
