"""The load benchmark's smallest run, end to end: its command line, a real
``racerbile serve`` on SQLite (started once), two rooms played over HTTP and then over
websockets for half a second each, and the goals' report. (Starting the server is most
of its time.)"""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_server_load import parse
from loadbench.phases import Plan, Result, loads, play
from loadbench.report import goal_table, goals
from loadbench.servers import start_game_server, stop, wait_until_up


async def _smallest(plan: Plan, folder: Path) -> list[Result]:
    server = start_game_server("sqlite", f"sqlite:///{folder / 'games.sqlite3'}", folder)
    try:
        await wait_until_up(server)
        (load,) = loads(plan, "sqlite")
        return [await play(plan, [server], "sqlite", via, load) for via in plan.transports]
    finally:
        stop(server)


def test_smallest_load_run_reports_actions_and_no_errors(tmp_path: Path) -> None:
    args = ["--runs", "saturated", "--saturated-rooms", "2", "--games", "vectrace"]
    plan, _ = parse([*args, "--duration", "0.5"])
    # A thread of its own: a browser test in this process may hold an event loop here.
    with ThreadPoolExecutor(1) as thread:
        results = thread.submit(asyncio.run, _smallest(plan, tmp_path)).result()
    assert [r.transport for r in results] == ["http", "ws"]
    for result in results:
        assert result.actions > 0 and result.errors == {}, result
        assert result.entries >= result.actions and result.rss_peak_mb > 0
        assert set(result.by_game) == {"vectrace"}
    table = goal_table(goals(plan, results))
    assert "saturated actions/s, 2 rooms (sqlite, http)" in table
    assert "saturated actions/s, 2 rooms (sqlite, ws)" in table
