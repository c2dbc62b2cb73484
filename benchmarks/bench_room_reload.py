"""Loading a room from the store: from its latest replay snapshot against from its first
action, in one run, as the record grows.

Each case stores one seeded Le Mans race (three teams of bots), cut at a number of
entries, in a fresh SQLite file, with a snapshot taken at its last multiple of
``--every`` entries (as the server takes them). Then, in interleaved rounds, a new
rooms registry loads the game with snapshots and one without (both read every stored entry; only the
replay differs), and the figures are each way's median CPU milliseconds, their ratio,
and the snapshot's size. Both loads are checked to show the same.

    PYTHONPATH=src python3 benchmarks/bench_room_reload.py [--lengths 1250 5250 20250]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from racerbile.engine import Chance
from racerbile.engine.autoplay import autoplay, random_or_bot
from racerbile.engine.chance import DiceStream
from racerbile.games import get_game
from racerbile.server.access import SPECTATOR
from racerbile.server.rooms import Rooms
from racerbile.server.settings import Settings
from racerbile.server.snapshots import Snapshots
from racerbile.server.workers import BotPool
from racerbile.store import GameRow, SeatRow, Store, now

SEED = 24
SETUP = {
    "rule_set": "lemans",
    "laps": 100,
    "teams": [
        {"name": "Kerne", "drivers": ["a", "b", "c"]},
        {"name": "Fys", "drivers": ["d", "e", "f"]},
        {"name": "Kemi", "drivers": ["g", "h", "i"]},
    ],
    "judges": ["Karl"],
}


def record(length: int) -> list[tuple[dict[str, Any], str]]:
    """Returns the first ``length`` entries of the seeded race (action, stored actor)."""
    game = get_game("racerbile")
    state = game.start(game.Setup.model_validate(SETUP))
    decide = random_or_bot(game, np.random.default_rng(SEED))
    return [
        (p.action.to_json(), "dice" if isinstance(p.actor, Chance) else f"seat:{p.actor}")
        for p in autoplay(game, state, DiceStream(SEED), decide, length)
    ]


def stored_game(store: Store, entries: list[tuple[dict[str, Any], str]]) -> str:
    game = get_game("racerbile")
    setup = game.Setup.model_validate(SETUP)
    names = game.seat_names(game.start(setup))
    row = GameRow(
        id="bench",
        game="racerbile",
        rules_version=game.info.rules_version,
        setup=setup.model_dump(mode="json"),
        seed=SEED,
        dice="real",  # the dice were thrown: a loaded room plays nothing by itself
        host_token_hash="0" * 64,
        join_code="BENCH1",
        seats=tuple(SeatRow(s, n, None, False, None) for s, n in enumerate(names)),
        created=now(),
    )
    store.create_game(row)
    store.append_actions(row.id, 1, entries)
    return row.id


async def load(store: Store, settings: Settings, snapshots: Snapshots | None) -> tuple[float, Any]:
    """Loads the game in a new registry; returns the CPU ms and what a spectator sees."""
    rooms = Rooms(store, settings, BotPool(1, None), snapshots=snapshots)
    started = time.process_time()
    room = await rooms.get("bench")
    spent = 1000 * (time.process_time() - started)
    seen = room.public(SPECTATOR)
    rooms.close()
    return spent, seen


async def measure(length: int, every: int, rounds: int) -> dict[str, Any]:
    entries = record(length)
    settings = Settings(snapshot_every=every, max_auto_actions=1)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        covered = len(entries) // every * every  # where the server took its last one
        game_id = stored_game(store, entries[:covered])
        snapshots = Snapshots(store, every)
        rooms = Rooms(store, settings, BotPool(1, None), snapshots=snapshots)
        snapshots.take(await rooms.get(game_id))
        await snapshots.drain()
        rooms.close()
        store.append_actions(game_id, covered + 1, entries[covered:])
        snap = store.snapshot(game_id)
        times: dict[str, list[float]] = {"snapshot": [], "whole": []}
        for _ in range(rounds):
            fast, seen_fast = await load(store, settings, snapshots)
            slow, seen_slow = await load(store, settings, None)
            if seen_fast != seen_slow:
                raise SystemExit(f"{length} entries: the two loads show different games")
            times["snapshot"].append(fast)
            times["whole"].append(slow)
        store.close()
    median = {way: statistics.median(ms) for way, ms in times.items()}
    return {
        "entries": len(entries),
        "snapshot_at": None if snap is None else snap.seq,
        "snapshot_kb": None if snap is None else round(len(json.dumps(snap.data)) / 1024, 1),
        "from_snapshot_cpu_ms": round(median["snapshot"], 1),
        "from_start_cpu_ms": round(median["whole"], 1),
        "ratio": round(median["whole"] / median["snapshot"], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[1250, 5250, 20250])
    parser.add_argument("--every", type=int, default=500, help="entries between snapshots")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rows = [asyncio.run(measure(n, args.every, args.rounds)) for n in args.lengths]
    print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
