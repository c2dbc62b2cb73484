"""The fast Racerbile engine: what it covers, and turning kernel results into outcomes.

``unsupported`` names the first thing in a spec the kernel does not play (then the
simulator plays the reference engine). ``play_chunk`` runs the kernel on all games
at once (it seeds each game's generators as the reference runner seeds them:
:func:`racerbile.sim.runner.game_seed` for the dice,
:func:`~racerbile.sim.runner.bot_rng` per seat; see :mod:`.seeding`), plays again
with more log room any game that ran out, and returns the same
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
from functools import cache, lru_cache
from typing import Any, NamedTuple

import numpy as np
from pydantic import ValidationError

from ....engine.outcome import (
    MAX_ACTIONS,
    GameOutcome,
    SimSpec,
    SimulationError,
    collector_paused,
    game_outcome,
    seat_outcome,
)
from ..setup import Config, Options, Setup, configure
from . import kernel, race
from .entrypoints import first_call
from .livecache import new_live_cache
from .memo import memo_for
from .movehelp import Memo, new_scratch
from .seeding import MAX_WORDS, ROOM
from .tables import (
    MAX_COMBOS,
    NO_CHOICES,
    NO_SHIFTS,
    PolicyTables,
    Tables,
    fork_combinations,
    gear_values,
    numbering,
    policy_tables,
    track_tables,
    with_choices,
)

RULE_SETS = ("babybile", "racerbile")
_TRACK_NUMBERS = itertools.count(1)  # Rules.track: a number per prepared setup
_NO_POLICY = PolicyTables(
    np.full((1, 6), -1, np.int32),
    np.zeros((1, 1, 3, 2)),
    np.zeros((1, 1, 3)),
    NO_CHOICES,
    0,
    NO_SHIFTS,
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
    keys: np.ndarray  # "q,r" per numbered cell (outcome locations), as Python strings


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
        return _problem(json.dumps(spec.setup, sort_keys=True), tuple(spec.players))

    def play_chunk(self, spec: SimSpec, indices: Sequence[int]) -> list[GameOutcome]:
        """Plays games ``indices`` of ``spec`` with the reference engine's seeds."""
        setup_json = json.dumps(spec.setup, sort_keys=True)
        problem = _problem(setup_json, tuple(spec.players))
        if problem:
            raise SimulationError(f"the fast engine cannot play this setup: {problem}")
        prepared = _prepared(setup_json, tuple(spec.players))
        return play_games(prepared, spec, list(indices), self.threads)


@lru_cache(maxsize=64)
def _problem(setup_json: str, players: tuple[str, ...]) -> str | None:
    """:meth:`RacerbileFastEngine.unsupported`, remembered: every chunk of a run asks
    again, and validating a setup costs as much as playing a few races."""
    try:
        setup = Setup.model_validate(json.loads(setup_json))
        config = configure(setup)
    except (ValidationError, ValueError) as exc:
        return f"the setup is not valid ({exc})"
    return _setup_problem(setup, config, players)


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
    memo = memo_for(track)
    margin = max(1, int(np.abs(memo.options["laps"]).max(initial=0)))
    return Prepared(
        config=config,
        tables=tables,
        memo=memo,
        policy=with_choices(policy, memo.entries.size, margin),
        rules=race.Rules(
            laps=config.laps,
            facing=config.rules.facing,
            smashed=config.rules.smashed_gearbox,
            chug=config.rules.off_track_chug,
            time_trial=config.rules.time_trial,
            behind=track.grid_behind_line,
            max_actions=MAX_ACTIONS,
            track=next(_TRACK_NUMBERS),
        ),
        bots=np.array([race.BOT_CODES[p] for p in players], np.int64),
        sizes=np.array([d.sips for d in config.drinks], np.int64),
        keys=np.array([str(h) for h in numbering(track).cells], dtype=object),
    )


def play_games(
    prepared: Prepared, spec: SimSpec, indices: list[int], threads: int = 1
) -> list[GameOutcome]:
    """Plays ``indices``; games that ran out of log room are played again with more."""
    results: dict[int, GameOutcome] = {}
    log = _initial_log(prepared, len(spec.players))
    todo = indices
    while todo:
        done, again = _play(prepared, spec, todo, log, threads)
        results.update(done)
        todo = again
        log *= 2
    return [results[i] for i in indices]


def _initial_log(prepared: Prepared, n: int) -> int:
    """Log entries per game, a first guess that fits nearly every game: from the lap
    length and the laps."""
    length = int(prepared.tables.lap_length.max()) or 20
    return n * (prepared.config.laps + 1) * (length // 4 + 4) // 2 + 32


def _play(
    prepared: Prepared, spec: SimSpec, indices: list[int], log: int, threads: int
) -> tuple[dict[int, GameOutcome], list[int]]:
    n = len(spec.players)
    games = len(indices)
    # The kernel writes the seeds and the logs up to their counts; the stats and
    # counters are summed into, so they start at zero.
    seeds = np.empty(games, np.uint64)
    stats = np.zeros((games, n, race.N_STATS), np.int64)
    counters = np.zeros((games, race.N_COUNTERS), np.int64)
    off_log = np.empty((games, log), np.int64)
    overtake_log = np.empty((games, log), np.int64)
    arrays = (
        prepared.tables, prepared.policy, gear_values(), prepared.memo, prepared.rules,
        prepared.bots, prepared.sizes, len(prepared.config.track.forks), np.uint64(spec.seed),
        np.array(indices, np.uint64), seeds, stats, counters, off_log, overtake_log,
    )  # fmt: skip
    tables = prepared.tables
    work = (tables.nb.shape[0], int(tables.is_track.sum()), n, len(prepared.config.track.forks))
    _run_threads(arrays, work, games, threads)
    status = counters[:, race.C_STATUS]
    too_long = np.flatnonzero(status == race.TOO_LONG)
    if too_long.size:
        g = int(too_long[0])
        raise SimulationError(
            f"game {indices[g]} (dice seed {int(seeds[g])}) did not end in {MAX_ACTIONS} actions"
        )
    again = [indices[g] for g in np.flatnonzero(status != race.OK).tolist()]
    ok = status == race.OK
    finished = Finished(seeds, stats, counters, off_log, overtake_log)
    if not ok.all():  # copies (the logs' whole rows too) only when a game is played again
        finished = Finished(*(column[ok] for column in finished))
    played = [index for index, s in zip(indices, status.tolist(), strict=True) if s == race.OK]
    with collector_paused():
        outcomes = _outcomes(prepared, spec, played, finished)
    return dict(zip(played, outcomes, strict=True)), again


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
        with first_call(play):
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
    """A share's work arrays: move-help scratch, cars, the generators (the seats',
    then the dice's), the race rows, room for seeding, the cells' move stamps."""
    return (
        new_scratch(n_cells, n_track),
        new_live_cache(),
        kernel.new_cars(n),
        np.zeros((n + 1, 4), np.uint64),
        np.zeros((10, max(16, n, n_forks)), np.int64),
        np.zeros(MAX_WORDS, np.uint64),
        np.zeros(ROOM, np.uint64),
        np.zeros(n_cells + 1, np.int64),
    )


class Finished(NamedTuple):
    """The kernel's results of the games that finished, one row per game."""

    seeds: np.ndarray  # uint64[G]
    stats: np.ndarray  # int64[G, n, N_STATS]
    counters: np.ndarray  # int64[G, N_COUNTERS]
    off_log: np.ndarray  # int64[G, L]
    overtake_log: np.ndarray  # int64[G, L]


def _outcomes(
    prepared: Prepared, spec: SimSpec, indices: list[int], done: Finished
) -> list[GameOutcome]:
    """The outcomes of games ``indices``, built from the batch's arrays at once: each
    array becomes Python numbers in one ``tolist`` (read element by element, every
    number would be a NumPy scalar first), then every seat of the batch in one pass."""
    rows = done.stats.reshape(-1, race.N_STATS).tolist()  # race.PLACE, race.TURNS, ...
    offs = _located(prepared, done.off_log, done.counters[:, race.C_OFFS])
    overtakes = _located(prepared, done.overtake_log, done.counters[:, race.C_OVERTAKES])
    lengths = done.counters[:, race.C_ROUNDS].tolist()
    actions = done.counters[:, race.C_ACTIONS].tolist()
    n = len(spec.players)
    seats = [
        seat_outcome(
            k,
            player,
            place,
            turns,
            {
                "sips": sips,
                "beers": beer,
                "caused": caused,
                "off_track": off,
                "overtakes_given": given,
                "overtakes_taken": taken,
            },
        )
        for (k, player), (place, turns, sips, caused, off, given, taken, beer) in zip(
            itertools.cycle(enumerate(spec.players)), rows
        )
    ]
    return [
        game_outcome(
            index,
            seed,
            tuple(seats[first : first + n]),
            length,
            acted,
            {"off_track": off_cells, "overtake": overtake_cells},
        )
        for first, index, seed, length, acted, off_cells, overtake_cells in zip(
            range(0, len(seats), n),
            indices,
            done.seeds.tolist(),
            lengths,
            actions,
            offs,
            overtakes,
            strict=True,
        )
    ]


def _located(prepared: Prepared, log: np.ndarray, counts: np.ndarray) -> list[list[str]]:
    """Each game's logged cells as cell keys (``log[g, :counts[g]]``), in one lookup."""
    used = np.arange(log.shape[1]) < counts[:, None]
    keys = prepared.keys[log[used]].tolist()
    ends = np.cumsum(counts).tolist()
    return [keys[start:end] for start, end in zip([0, *ends][:-1], ends, strict=True)]
