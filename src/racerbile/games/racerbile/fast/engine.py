"""The fast Racerbile engine: what it covers, and turning kernel results into outcomes.

``unsupported`` names the first thing in a spec the kernel does not play (then the
simulator plays the reference engine). ``play_chunk`` runs the kernel on all games
at once (it draws each game's doubles bit for bit as the reference runner's
generators would: :func:`racerbile.sim.runner.game_seed` for the dice,
:func:`~racerbile.sim.runner.bot_rng` per seat; see :mod:`.seeding`), plays again
with more doubles any game that ran out, and returns the same
:class:`~racerbile.engine.outcome.GameOutcome` records.
"""

from __future__ import annotations

import itertools
import json
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from pydantic import ValidationError

from ....engine.outcome import MAX_ACTIONS, GameOutcome, SeatOutcome, SimSpec, SimulationError
from ..setup import Config, Options, Setup, configure
from . import kernel, race
from .memo import memo_for
from .movehelp import Memo, new_scratch
from .tables import (
    MAX_COMBOS,
    PolicyTables,
    Tables,
    fork_combinations,
    gear_values,
    numbering,
    policy_tables,
    track_tables,
)

RULE_SETS = ("babybile", "racerbile")
_NO_POLICY = PolicyTables(
    np.full((1, 6), -1, np.int32), np.zeros((1, 1, 3, 2)), np.zeros((1, 1, 3))
)


@dataclass(frozen=True)
class Prepared:
    """Everything the kernel needs for one spec, built once per process."""

    config: Config
    tables: Tables
    memo: Memo
    policy: PolicyTables
    rules: race.Rules
    bots: np.ndarray
    sizes: np.ndarray
    keys: tuple[str, ...]  # "q,r" per numbered cell (outcome locations)


class RacerbileFastEngine:
    """The :class:`racerbile.engine.capabilities.FastEngine` of Racerbile.

    ``threads`` games are played at once (default: one per CPU core); the kernel
    releases the GIL, so threads share the tables without copying them.
    """

    def __init__(self, threads: int | None = None):
        self.threads = threads or os.cpu_count() or 1

    def unsupported(self, spec: SimSpec) -> str | None:
        """Returns why the kernel cannot play ``spec`` (a Racerbile spec), or None when
        it can."""
        try:
            setup = Setup.model_validate(spec.setup)
            config = configure(setup)
        except (ValidationError, ValueError) as exc:
            return f"the setup is not valid ({exc})"
        return _setup_problem(setup, config, spec.players)

    def play_chunk(self, spec: SimSpec, indices: Sequence[int]) -> list[GameOutcome]:
        """Plays games ``indices`` of ``spec`` with the reference engine's seeds."""
        problem = self.unsupported(spec)
        if problem:
            raise SimulationError(f"the fast engine cannot play this setup: {problem}")
        prepared = _prepared(json.dumps(spec.setup, sort_keys=True), spec.players)
        return play_games(prepared, spec, list(indices), self.threads)


def _setup_problem(setup: Setup, config: Config, players: Sequence[str]) -> str | None:
    """Returns the first setting the kernel does not cover, or None."""
    if setup.rule_set not in RULE_SETS:
        return f"the rule set {setup.rule_set!r} is not covered"
    if setup.announcements != "auto":
        return "manual announcements are not covered (auto only)"
    if setup.stall_timer is not None:
        return "a stall timer is not covered"
    on = [name for name in Options.__dataclass_fields__ if getattr(config.options, name)]
    rules_on = [name for name in on if name != "stalin"]  # RB-OPT-3 changes no rule
    if rules_on:
        return f"special rules are not covered ({', '.join(rules_on)})"
    unknown = sorted({p for p in players if p not in race.BOT_CODES})
    if unknown:
        return f"bots {', '.join(unknown)} are not covered (covered: {', '.join(race.BOT_CODES)})"
    if len(players) != len(setup.players):
        return "the number of bots does not match the number of players"
    if config.per_lap_forks:
        return "per-lap fork choices are not covered"
    if fork_combinations(config.track) > MAX_COMBOS:
        return "the track has too many forks"
    return None


@cache
def _prepared(setup_json: str, players: tuple[str, ...]) -> Prepared:
    setup = Setup.model_validate(json.loads(setup_json))
    config = configure(setup)
    track = config.track
    tables = track_tables(track)
    policy = _NO_POLICY
    if "optimal" in players:
        rules = config.rules
        policy = policy_tables(track, rules.facing, rules.smashed_gearbox, config.laps + 1)
    return Prepared(
        config=config,
        tables=tables,
        memo=memo_for(track),
        policy=policy,
        rules=race.Rules(
            laps=config.laps,
            facing=config.rules.facing,
            smashed=config.rules.smashed_gearbox,
            chug=config.rules.off_track_chug,
            time_trial=config.rules.time_trial,
            behind=track.grid_behind_line,
            max_actions=MAX_ACTIONS,
        ),
        bots=np.array([race.BOT_CODES[p] for p in players], np.int64),
        sizes=np.array([d.sips for d in config.drinks], np.int64),
        keys=tuple(str(h) for h in numbering(track).cells),
    )


@dataclass
class Sizes:
    """How many doubles and log entries each game gets (grown when a game runs out)."""

    dice: int
    draws: int
    log: int


def play_games(
    prepared: Prepared, spec: SimSpec, indices: list[int], threads: int = 1
) -> list[GameOutcome]:
    """Plays ``indices``; games that ran out of doubles are played again with more."""
    results: dict[int, GameOutcome] = {}
    sizes = _initial_sizes(prepared, len(spec.players))
    todo = indices
    while todo:
        done, again = _play(prepared, spec, todo, sizes, threads)
        results.update(done)
        todo = again
        sizes = Sizes(sizes.dice * 2, sizes.draws * 2, sizes.log * 2)
    return [results[i] for i in indices]


def _initial_sizes(prepared: Prepared, n: int) -> Sizes:
    """A first guess that fits nearly every game: from the lap length and the laps."""
    length = int(prepared.tables.lap_length.max()) or 20
    turns = n * (prepared.config.laps + 1) * (length // 4 + 4)
    return Sizes(dice=4 * turns + 64, draws=3 * turns // n + 32, log=turns // 2 + 32)


def _play(
    prepared: Prepared, spec: SimSpec, indices: list[int], sizes: Sizes, threads: int
) -> tuple[dict[int, GameOutcome], list[int]]:
    n = len(spec.players)
    games = len(indices)
    seeds = np.zeros(games, np.uint64)  # written by the kernel, which draws the doubles
    dice = np.empty((games, sizes.dice))
    draws = np.zeros((games, n, sizes.draws if _draws_needed(prepared) else 1))
    stats = np.zeros((games, n, race.N_STATS), np.int64)
    counters = np.zeros((games, race.N_COUNTERS), np.int64)
    off_log = np.zeros((games, sizes.log), np.int64)
    overtake_log = np.zeros((games, sizes.log), np.int64)
    arrays = (
        prepared.tables, prepared.policy, gear_values(), prepared.memo, prepared.rules,
        prepared.bots, prepared.sizes, len(prepared.config.track.forks), np.uint64(spec.seed),
        np.array(indices, np.uint64), seeds, dice, draws, stats, counters, off_log, overtake_log,
    )  # fmt: skip
    tables = prepared.tables
    work = (tables.nb.shape[0], int(tables.is_track.sum()), n, len(prepared.config.track.forks))
    _run_threads(arrays, work, games, threads)
    done: dict[int, GameOutcome] = {}
    again: list[int] = []
    for g, index in enumerate(indices):
        status = counters[g, race.C_STATUS]
        if status == race.TOO_LONG:
            raise SimulationError(
                f"game {index} (dice seed {int(seeds[g])}) did not end in {MAX_ACTIONS} actions"
            )
        if status != race.OK:
            again.append(index)
            continue
        done[index] = _outcome(prepared, spec, index, int(seeds[g]), stats[g], counters[g],
                               off_log[g], overtake_log[g])  # fmt: skip
    return done, again


WorkKey = tuple[int, int, int, int]  # cells, track cells, seats, forks


def _run_threads(arrays: tuple[object, ...], work: WorkKey, games: int, threads: int) -> None:
    """Runs the kernel on ``threads`` contiguous shares of the games at once, each with
    work arrays of the size ``work`` says."""
    threads = max(1, min(threads, games))
    bounds = [games * k // threads for k in range(threads + 1)]
    if threads == 1:
        _share(arrays, work, 0, games)
        return
    with ThreadPoolExecutor(threads) as pool:
        shares = itertools.pairwise(bounds)
        jobs = [pool.submit(_share, arrays, work, lo, hi) for lo, hi in shares]
        for job in jobs:
            job.result()


def _share(arrays: tuple[Any, ...], key: WorkKey, lo: int, hi: int) -> None:
    """Plays games ``lo`` to ``hi`` of the batch (the kernel releases the GIL) with
    work arrays no other share uses meanwhile."""
    with _WORK_LOCK:
        free = _WORK_POOL.setdefault(key, [])
        work = free.pop() if free else _new_work(*key)
    try:
        play: Any = kernel.play_batch
        play(*arrays, *work, lo, hi)
    finally:
        with _WORK_LOCK:
            _WORK_POOL[key].append(work)


# Work arrays kept for reuse, by (cells, track cells, seats, forks): allocating the
# move help's scratch costs about as much as a few races. The kernel leaves them ready
# for the next race (each move-help run clears what it marked).
_WORK_LOCK = threading.Lock()
_WORK_POOL: dict[WorkKey, list[tuple[Any, ...]]] = {}


def _new_work(n_cells: int, n_track: int, n: int, n_forks: int) -> tuple[Any, ...]:
    """A share's work arrays: move-help scratch, cars, draw pointers, the race rows."""
    return (
        new_scratch(n_cells, n_track),
        kernel.new_cars(n),
        np.zeros(n, np.int64),
        np.zeros((9, max(16, n, n_forks)), np.int64),
    )


def _draws_needed(prepared: Prepared) -> bool:
    """Tells whether any seat's bot draws from its generator (only ``random`` does)."""
    return bool((prepared.bots == race.RANDOM).any())


def _outcome(
    prepared: Prepared,
    spec: SimSpec,
    index: int,
    seed: int,
    stats: np.ndarray,
    counters: np.ndarray,
    off_log: np.ndarray,
    overtake_log: np.ndarray,
) -> GameOutcome:
    keys = prepared.keys
    rows = stats.tolist()
    seats = tuple(
        SeatOutcome(
            seat=k,
            player=spec.players[k],
            place=row[race.PLACE],
            turns=row[race.TURNS],
            stats={
                "sips": row[race.SIPS],
                "beers": row[race.SIPS] // int(prepared.sizes[k]),
                "caused": row[race.CAUSED],
                "off_track": row[race.OFF_TRACK],
                "overtakes_given": row[race.GIVEN],
                "overtakes_taken": row[race.TAKEN],
            },
        )
        for k, row in enumerate(rows)
    )
    locations = {
        "off_track": [keys[c] for c in off_log[: counters[race.C_OFFS]].tolist()],
        "overtake": [keys[c] for c in overtake_log[: counters[race.C_OVERTAKES]].tolist()],
    }
    return GameOutcome(
        index=index,
        seed=seed,
        seats=seats,
        length=int(counters[race.C_ROUNDS]),
        actions=int(counters[race.C_ACTIONS]),
        locations=locations,
    )
