"""The printed report: one line per run as it ends, then each goal's figure next to its
target, the figure the server gave before the work on load, and the echo app's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .phases import Plan, Result

# Before the work on load (the goals' reference), on this two-core machine:
BEFORE_SATURATED = {"http": (60, 75), "ws": (110, 135)}  # actions/s, one process
BEFORE_THINK_P99 = {"http": "22-25 s", "ws": "about 4 s"}  # 500 rooms, 1 s think
BEFORE_SPECTATORS_P99 = "4 s"  # 1,000 spectators
GOAL_ROOMS, GOAL_SPECTATORS = 500, 1000
THINK_P99_MS, SPECTATOR_P99_MS, SATURATION_FACTOR = 100.0, 500.0, 10

HEADER = (
    f"{'run':<26} {'server':<10} {'via':<4} {'rooms':>5} {'think':>5} {'actions/s':>9} "
    f"{'p50 ms':>8} {'p99 ms':>8} {'errors':>6} {'RSS MB':>7} {'+bots':>5} {'gen CPU':>7}"
)


def line(r: Result) -> str:
    """Returns a run's line of the table."""
    return (
        f"{r.label:<26} {r.server:<10} {r.transport:<4} {r.rooms:>5} {r.think:>5g} "
        f"{r.per_second:>9.1f} {_ms(r.p50_ms):>8} {_ms(r.p99_ms):>8} "
        f"{sum(r.errors.values()):>6} {r.rss_peak_mb:>7.0f} {r.children_peak_mb:>5.0f} "
        f"{r.generator_cpu:>7.0%}"
    )


def details(r: Result) -> str:
    """Returns what a run's line leaves out: stored entries, games, errors, per game."""
    games = ", ".join(
        f"{g} {v['actions']} (p99 {_ms(v['p99_ms'])})"
        for g, v in r.by_game.items()
        if g not in ("echo", "push")
    )
    watched = r.label.endswith("spectators")
    what = "pushes received (one change a second)" if watched else "actions"
    parts = [f"{r.actions} {what} in {r.seconds:.1f} s"]
    if r.server != "echo" and not watched:
        parts += [
            f"{r.entries / r.seconds:.1f} stored entries/s (dice too)",
            f"server CPU {_per_action_ms(r)} ms an action",
            f"{r.finished} games ended",
            f"rooms created in {r.create_s:.1f} s",
        ]
    if games:
        parts.append(games)
    if r.errors:
        parts.append("errors: " + ", ".join(f"{k} x{v}" for k, v in sorted(r.errors.items())))
    return "    " + "; ".join(parts)


def _per_action_ms(r: Result) -> str:
    """The servers' CPU milliseconds per answered action (a saturated run's cost of an
    action; with think time it includes the idle event loop's own)."""
    return f"{1000 * r.server_cpu_s / r.actions:.2f}" if r.actions else "-"


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


@dataclass(frozen=True)
class Goal:
    """One goal's line: what it asks, the figure measured, and what it compares with."""

    goal: str
    figure: str
    target: str
    before: str
    baseline: str
    met: bool | None  # None: not measured at the goal's size


def goals(plan: Plan, results: list[Result]) -> list[Goal]:
    """Returns every goal the runs measured, per store and transport."""
    found: list[Goal] = []
    for store in ("sqlite", "postgresql"):
        for via in plan.transports:
            found += _think_goal(results, store, via) + _saturated_goal(results, store, via)
        found += _spectator_goal(results, store)
    for via in plan.transports:
        found += _processes_goal(results, via)
    return found


def _pick(
    results: list[Result], server: str, via: str, label: Callable[[str], bool]
) -> Result | None:
    return next(
        (r for r in results if r.server == server and r.transport == via and label(r.label)), None
    )


def _think_goal(results: list[Result], store: str, via: str) -> list[Goal]:
    run = _pick(results, store, via, lambda x: x == "think")
    if run is None or run.p99_ms is None:
        return []
    echo = _pick(results, "echo", via, lambda x: x == "echo think")
    return [
        Goal(
            f"{run.rooms} rooms, {run.think:g} s think, p99 ({store}, {via})",
            f"{run.p99_ms:.1f} ms",
            f"< {THINK_P99_MS:g} ms at {GOAL_ROOMS} rooms",
            BEFORE_THINK_P99[via],
            f"{_ms(echo.p99_ms)} ms" if echo else "-",
            _met(run.p99_ms < THINK_P99_MS and not run.errors, run.rooms >= GOAL_ROOMS),
        )
    ]


def _saturated_goal(results: list[Result], store: str, via: str) -> list[Goal]:
    run = _pick(results, store, via, lambda x: x == "saturated")
    if run is None:
        return []
    low, high = BEFORE_SATURATED[via]
    echo = _pick(results, "echo", via, lambda x: x == "echo saturated")
    return [
        Goal(
            f"saturated actions/s, {run.rooms} rooms ({store}, {via})",
            f"{run.per_second:.0f} ({run.per_second / high:.1f}x)",
            f">= {SATURATION_FACTOR * high}",
            f"{low}-{high}",
            f"{echo.per_second:.0f}" if echo else "-",
            _met(run.per_second >= SATURATION_FACTOR * high and not run.errors, True),
        )
    ]


def _spectator_goal(results: list[Result], store: str) -> list[Goal]:
    run = _pick(results, store, "ws", lambda x: x.endswith("spectators"))
    if run is None or run.p99_ms is None:
        return []
    echo = _pick(results, "echo", "ws", lambda x: x.endswith("spectators"))
    return [
        Goal(
            f"{run.label}, each push p99 ({store})",
            f"{run.p99_ms:.1f} ms",
            f"< {SPECTATOR_P99_MS:g} ms for {GOAL_SPECTATORS}",
            BEFORE_SPECTATORS_P99,
            f"{_ms(echo.p99_ms)} ms" if echo else "-",
            _met(
                run.p99_ms < SPECTATOR_P99_MS and not run.errors,
                run.label.startswith(f"{GOAL_SPECTATORS} "),
            ),
        )
    ]


def _processes_goal(results: list[Result], via: str) -> list[Goal]:
    many = _pick(results, "postgresql", via, lambda x: x.startswith("saturated, "))
    one = _pick(results, "postgresql", via, lambda x: x == "saturated")
    if many is None or one is None:
        return []
    ratio = many.per_second / one.per_second if one.per_second else 0.0
    return [
        Goal(
            f"{many.processes} processes vs one, actions/s ({via})",
            f"{many.per_second:.0f} ({ratio:.2f}x)",
            "> 1x",
            "-",
            f"{one.per_second:.0f} (one process)",
            _met(ratio > 1 and not many.errors, True),
        )
    ]


def _met(passed: bool, at_size: bool) -> bool | None:
    return passed if at_size else None


def goal_table(found: list[Goal]) -> str:
    """Returns the goals as a table."""
    rows = [f"{'goal':<52} {'figure':>16} {'target':>24} {'before':>10} {'echo baseline':>20}  met"]
    for g in found:
        met = {True: "yes", False: "NO", None: "(smaller run)"}[g.met]
        rows.append(
            f"{g.goal:<52} {g.figure:>16} {g.target:>24} {g.before:>10} {g.baseline:>20}  {met}"
        )
    return "\n".join(rows)
