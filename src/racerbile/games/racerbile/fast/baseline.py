# mypy: disallow-untyped-defs=False
"""The minimal compiled turn loop: the floor the fast path is measured against.

It does only the work no Racerbile turn can skip: each game seeded as the runner
seeds it (``SeedSequence`` over the master seed and the game index), PCG64 dice drawn
as they are thrown (rethrowing 5s and 6s until the gear's dice show 1-4), a walk of
the total along a precomputed table of cells (one lap of the track's shortest
length, the finish line where it wraps), the ledger's counters (turns, sips for the
dice and for the first and last car) and a first/last ranking before every turn.
No rules beyond that, no bots: every car shifts up to 3rd gear. ``racerbile bench``
reports the fast path's rate as a share of this loop's.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from numba import njit

from ....engine.outcome import SimSpec
from ..setup import Setup, configure
from .seeding import MAX_WORDS, ROOM, entropy_words, pcg64_next, pcg64_start, seed_state
from .tables import track_tables

_U = np.uint64


@njit(cache=True)
def minimal_games(master, indices, n_seats, lap, laps_to_race) -> int:
    """Plays games ``indices`` of the minimal loop; returns the player-turns played."""
    ahead = np.empty(lap, np.int64)  # the precomputed table: next cell, line crossed
    crossing = np.zeros(lap, np.int64)
    for c in range(lap):
        ahead[c] = (c + 1) % lap
    crossing[lap - 1] = 1
    cell, laps = np.zeros(n_seats, np.int64), np.zeros(n_seats, np.int64)
    gear, turns = np.zeros(n_seats, np.int64), np.zeros(n_seats, np.int64)
    sips = np.zeros(n_seats, np.int64)
    key, seed = np.zeros(2, np.uint64), np.zeros(1, np.uint64)
    words, state = np.zeros(MAX_WORDS, np.uint64), np.zeros((1, 4), np.uint64)
    room = np.zeros(ROOM, np.uint64)
    row = np.int64(0)  # an int64 value, not a literal: one compiled pcg64_start
    played = 0
    for g in range(indices.shape[0]):
        key[0], key[1] = master, indices[g]
        seed_state(words, entropy_words(key, np.int64(2), words), seed, room[8:12])  # game_seed
        pcg64_start(words, entropy_words(seed, np.int64(1), words), state, row, room)
        cell[:], laps[:], gear[:], turns[:], sips[:] = 0, 0, 1, 0, 0
        final = False
        while not final:
            for seat in range(n_seats):
                turns[seat] += 1
                first, last = 0, 0
                for s in range(1, n_seats):
                    progress = laps[s] * lap + cell[s]
                    if progress > laps[first] * lap + cell[first]:
                        first = s
                    if progress < laps[last] * lap + cell[last]:
                        last = s
                if seat in (first, last):
                    sips[seat] += 1
                gear[seat] = min(gear[seat] + 1, 3)
                thrown, total, ones, high = 0, 0, 0, 0
                while thrown < gear[seat]:
                    value = int(pcg64_next(state, row) * 6.0) + 1
                    if value >= 5:
                        high += 1
                        continue
                    thrown += 1
                    total += value
                    ones += value == 1
                sips[seat] += ones + max(high - 2, 0)
                here = cell[seat]
                for _ in range(total):
                    laps[seat] += crossing[here]
                    here = ahead[here]
                cell[seat] = here
                final |= laps[seat] >= laps_to_race
        played += turns.sum()
    return played


def minimal_turns(spec: SimSpec, indices: Sequence[int]) -> int:
    """Plays games ``indices`` of the minimal loop on ``spec``'s track, seats and
    laps; returns the player-turns (the ``FastPath.baseline`` of Racerbile)."""
    lap, laps = _lap_and_laps(json.dumps(spec.setup, sort_keys=True))
    index = np.array(indices, np.uint64)
    return int(minimal_games(_U(spec.seed), index, len(spec.players), lap, laps))


@lru_cache(maxsize=16)
def _lap_and_laps(setup_json: str) -> tuple[int, int]:
    """The shortest lap and the laps to race, remembered as the fast path remembers
    its setup: validating it each round cost the loop 7 % of its time alone, and a
    third inside ``racerbile bench``, where each reference round leaves it cold."""
    config = configure(Setup.model_validate(json.loads(setup_json)))
    return max(int(track_tables(config.track).lap_length.min()), 1), config.laps
