"""Load on the game server: a bare FastAPI echo app as the baseline, then
``racerbile serve`` on loopback with many rooms of the four games (digital dice, the
host token acting for whichever seat is to act), over HTTP and over websockets; one
room watched by many spectators; and, given a PostgreSQL database, several server
processes on it. Prints actions per second, p50/p99 latency and the servers' memory
(RSS), then each goal's figure next to its target, the figure before and the baseline.

    python benchmarks/bench_server_load.py [--quick] [--database postgresql://...]

Each run starts its own server(s) on a fresh database (a SQLite file in a temporary
folder, or a new schema dropped afterwards). Actions per second counts the clients'
actions answered within the duration; latency runs from sending an action to the
state in which the dice (and bots) are done. The load generator is this one asyncio
process on the same machine: compare the echo baseline before reading a figure as the
server's. Websockets offer compression, as browsers do.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from loadbench.games import GAMES, RoomFailed
from loadbench.phases import Plan, Result, run_plan
from loadbench.report import HEADER, details, goal_table, goals, line

RUNS = ("baseline", "saturated", "think", "spectators", "processes")
FULL = {"rooms": 500, "saturated_rooms": 50, "duration": 20.0, "spectators": 1000}
QUICK = {"rooms": 100, "saturated_rooms": 20, "duration": 3.0, "spectators": 200}


def parse(argv: list[str]) -> tuple[Plan, Path | None]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help=f"a smaller run (a minute on SQLite alone): {QUICK}"
    )
    parser.add_argument("--rooms", type=_count(1, 5000), help="rooms with think time (500)")
    parser.add_argument(
        "--saturated-rooms", type=_count(1, 5000), help="rooms without think time (50)"
    )
    parser.add_argument(
        "--think", type=_seconds(0, 60), default=1.0, help="seconds between a client's actions"
    )
    parser.add_argument("--duration", type=_seconds(0.5, 600), help="seconds of each run (20)")
    parser.add_argument("--spectators", type=_count(1, 5000), help="spectators of one room (1000)")
    parser.add_argument("--games", default=",".join(GAMES), help="the games, in turn")
    parser.add_argument("--via", default="http,ws", help="transports: http, ws")
    parser.add_argument("--runs", default=",".join(RUNS), help="which runs: " + ", ".join(RUNS))
    parser.add_argument(
        "--database", help="a PostgreSQL URL: every run again on it, and --processes"
    )
    parser.add_argument(
        "--processes", type=_count(2, 8), default=2, help="servers on one PostgreSQL"
    )
    parser.add_argument("--bots", action="store_true", help="a bot in each room's second seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write every result to this file")
    args = parser.parse_args(argv)

    def size(name: str) -> float:
        given = getattr(args, name)
        return float(given if given is not None else (QUICK if args.quick else FULL)[name])

    plan = Plan(
        rooms=int(size("rooms")),
        saturated_rooms=int(size("saturated_rooms")),
        duration=size("duration"),
        spectators=int(size("spectators")),
        think=args.think,
        games=_choice(parser, "--games", args.games, GAMES),
        transports=_choice(parser, "--via", args.via, ("http", "ws")),
        database=args.database,
        processes=args.processes,
        bots=args.bots,
        seed=args.seed,
        runs=frozenset(_choice(parser, "--runs", args.runs, RUNS)),
    )
    return plan, args.json


def _choice(
    parser: argparse.ArgumentParser, option: str, text: str, allowed: tuple[str, ...]
) -> tuple[str, ...]:
    chosen = tuple(part.strip() for part in text.split(",") if part.strip())
    wrong = [c for c in chosen if c not in allowed]
    if wrong or not chosen:
        parser.error(f"{option}: {', '.join(wrong) or 'nothing'} is not among {', '.join(allowed)}")
    return chosen


def _count(low: int, high: int) -> Callable[[str], int]:
    def count(text: str) -> int:
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not between {low} and {high}")
        return value

    return count


def _seconds(low: float, high: float) -> Callable[[str], float]:
    def seconds(text: str) -> float:
        value = float(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not between {low} and {high}")
        return value

    return seconds


def run(work: Coroutine[Any, Any, list[Result]]) -> list[Result]:
    """Runs ``work`` on uvloop (installed with uvicorn[standard]: a leaner generator)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    return uvloop.run(work)


def _load() -> str:
    """Returns the machine's load average: other work on it shows in every figure."""
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def show(result: Result) -> None:
    print(line(result), flush=True)
    print(details(result), flush=True)


def main(argv: list[str] | None = None) -> None:
    plan, json_path = parse(sys.argv[1:] if argv is None else argv)
    print(f"{os.cpu_count()} cores; load average {_load()} before", flush=True)
    print(HEADER, flush=True)
    try:
        results = run(run_plan(plan, show))
    except (RuntimeError, RoomFailed) as exc:  # a server that does not start or serve
        sys.exit(f"error: {exc}")
    print(f"\nload average {_load()} after (1, 5, 15 minutes)\n")
    print(goal_table(goals(plan, results)))
    if json_path is not None:
        rows = [dataclasses.asdict(r) | {"per_second": r.per_second} for r in results]
        json_path.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
