"""A room's log keeps at least its last ``size`` events and drops whole lines: it starts
where a line starts, however the events came in, so its oldest line is never half a
move told again at every action."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from racerbile.games import get_game
from racerbile.server.roomlog import LONGEST_RUNS, Entry, RoomLog, log_breaks

BREAKS = frozenset({"turn_started"})


@dataclass(frozen=True)
class Ev:
    kind: str


def _entries(kinds: list[str]) -> list[Entry]:
    return [(n, Ev(kind)) for n, kind in enumerate(kinds)]  # type: ignore[misc]


kinds = st.lists(st.sampled_from(["turn_started", "moved", "rolled"]), max_size=120)


def _filled(size: int, breaks: frozenset[str] | None, batches: list[list[Entry]]) -> RoomLog:
    log = RoomLog(size, breaks)
    for batch in batches:
        log.extend(batch)
    return log


@given(kinds, st.integers(1, 12), st.lists(st.integers(1, 9), min_size=1))
def test_the_log_is_the_same_however_the_events_came_in(
    events: list[str], size: int, cuts: list[int]
) -> None:
    entries, batches, at = _entries(events), [], 0
    for n in cuts * (len(events) // sum(cuts) + 1):
        batches.append(entries[at : at + n])
        at += n
    whole = list(_filled(size, BREAKS, [entries]))
    assert list(_filled(size, BREAKS, batches)) == whole
    _assert_runs_kept_apart(size, batches)
    assert whole == entries[len(entries) - len(whole) :]  # the newest events, in order
    assert len(whole) == len(entries) or len(whole) >= size  # at least the last size
    assert len(whole) <= size * LONGEST_RUNS
    if len(whole) < len(entries) and len(whole) < size * LONGEST_RUNS:
        assert whole[0][1].kind == "turn_started"  # a line's start, not half of one
        later = [n for n, (_, e) in enumerate(whole) if n and e.kind == "turn_started"]
        assert all(len(whole) - n < size for n in later)  # and no more than needed


def _assert_runs_kept_apart(size: int, batches: list[list[Entry]]) -> None:
    """The runs are the lines: each starts at a break (but the first, which may be the
    log's start or cut), and a run handed out is never changed by what comes later."""
    log, seen = RoomLog(size, BREAKS), []
    for batch in batches:
        log.extend(batch)
        runs = log.runs()
        assert [entry for run in runs for entry in run] == list(log)
        assert all(run and run[0][1].kind == "turn_started" for run in runs[1:])
        seen.append([(run, list(run)) for run in runs])
    assert all(run == copy for runs in seen for run, copy in runs)


def test_a_run_longer_than_the_bound_is_cut() -> None:
    log = _filled(3, BREAKS, [_entries(["turn_started"] + ["moved"] * 40)])
    assert len(log) == 3 * LONGEST_RUNS


def test_a_game_that_tells_each_event_keeps_the_last_size_events() -> None:
    log = _filled(5, None, [_entries(["turn_started", "moved", "moved"] * 9)])
    assert [n for n, _ in log] == list(range(22, 27))


def test_the_games_that_narrate_keep_whole_lines_the_others_each_event() -> None:
    assert log_breaks(get_game("racerbile")) == frozenset({"turn_started"})
    assert log_breaks(get_game("vectrace")) == frozenset({"moved"})
    assert log_breaks(get_game("toy")) is None
