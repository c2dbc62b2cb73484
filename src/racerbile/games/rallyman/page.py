"""What the web page reads besides the rules state: the stage picture to load, the targets
of the legal dice, the plans of the turn with their exact odds, and the ghost trace.

Pure functions of a state (the bundled catalogue is the only data read, through
:mod:`.board.catalog`). :func:`traced` is how the game adapter keeps each turn's end
position in ``State.trace`` (RM-SOLO-1): from the events of one step, never from the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from ...engine.contract import Event
from ...engine.frozen import replace
from .actions import CardTaken, Finished, Retired
from .board.catalog import bundled_rallies
from .board.model import Stage
from .board.render import heading
from .rules.common import GAS, corner_limit, gas_available, gear_dice_allowed, hazard_limit
from .state import State, TracePoint

MAX_TRACE = 2000  # trace points kept per rally (a bound on what a finished view carries)
MAX_PLANS = 6


def traced(before: State, after: State, events: Sequence[Event]) -> State:
    """Returns ``after`` with a trace point for every card taken in this step."""
    points = list(after.trace)
    for index, event in enumerate(events):
        if not isinstance(event, CardTaken) or len(points) >= MAX_TRACE:
            continue
        seat = event.seat
        rest = events[index + 1 :]
        done = next((e for e in rest if isinstance(e, Finished) and e.seat == seat), None)
        out = any(isinstance(e, Retired) and e.seat == seat for e in rest)
        car = after.cars[seat]
        if done is not None:
            at, off, time = "finish", None, done.time
        elif out:
            at, off, time = "out", None, car.stage_time
        else:
            stage = after.stage
            at = "start" if car.space is None else stage.gid(car.space)
            off, time = car.off, car.stage_time
        turn = 1 + sum(1 for p in points if p.stage == before.stage_no and p.seat == seat)
        points.append(TracePoint(before.stage_no, seat, turn, at, off, time))
    if len(points) == len(after.trace):
        return after
    return replace(after, trace=tuple(points))


@cache
def picture_of(rally_id: str, stage_ids: tuple[str, ...]) -> tuple[dict[str, Any] | None, ...]:
    """Returns, per stage, the bundled rally picture that draws it and its place there."""
    rallies = bundled_rallies()
    out: list[dict[str, Any] | None] = []
    for stage_id in stage_ids:
        candidates = [rallies[rally_id]] if rally_id in rallies else []
        candidates += [r for r in rallies.values() if r.id != rally_id]
        found = None
        for rally in candidates:
            ids = [s.id for s in rally.stages]
            if stage_id in ids:
                found = {"track": rally.id, "stage": ids.index(stage_id)}
                break
        out.append(found)
    return tuple(out)


def page_view(state: State) -> dict[str, Any]:
    """Returns the page's additions to the view (see the module docstring)."""
    rally = state.rally
    stage_ids = tuple(s.id for s in rally.stages)
    data: dict[str, Any] = {
        "picture": picture_of(rally.id, stage_ids)[state.stage_no],
        "stages": [
            {"id": s.id, "name": s.name, "mechanics_after": m}
            for s, m in zip(rally.stages, rally.mechanics_after, strict=True)
        ],
        "dashboards": [_dashboard(state, seat) for seat in range(len(state.cars))],
    }
    if state.phase == "race" and state.turn is not None:
        data["targets"] = _targets(state)
        data["plans"] = _plans(state)
        data["table"] = _table(state)
    if state.phase == "over":
        data["trace"] = [[p.stage, p.seat, p.turn, p.at, p.off, p.time] for p in state.trace]
    return data


def _table(state: State) -> dict[str, Any]:
    """Returns what the driver's buttons tell: the die waiting for its face, the gear of
    the card a stop takes, the loss of control waiting for SISU or the card's back."""
    turn = state.turn
    assert turn is not None
    loc = turn.loc
    return {
        "pending": turn.pending[0] if turn.pending else None,
        "pending_to": state.stage.gid(turn.pending[1]) if turn.pending else None,
        "card_gear": turn.last_gear_die or turn.gear or 1,
        "spare_penalty": state.options.spare_wheel_penalty_s,
        "loc": None
        if loc is None
        else {
            "reason": loc.reason,
            "rule_id": loc.rule_id,
            "sisu_ok": loc.sisu_ok,
            "deck": loc.deck,
        },
    }


def _dashboard(state: State, seat: int) -> dict[str, Any]:
    """Returns a car's dashboard: dice left this turn, the hazard limit where it stands."""
    car = state.cars[seat]
    stage = state.stage
    space = stage.spaces[car.space] if car.space is not None and car.space < stage.finish else None
    gear_left, gas_left = gear_dice_allowed(car), gas_available(car)
    turn = state.turn
    if turn is not None and turn.seat == seat and state.phase == "race":
        gear_left = max(0, turn.gear_allowed - turn.gear_dice_used)
        gas_left = max(0, turn.gas_allowed - turn.gas_used)
    data: dict[str, Any] = {
        "seat": seat,
        "turns": len(car.stack),
        "gear_dice": gear_left,
        "gas_dice": gas_left,
        "limit": hazard_limit(state.options, car, space),
        "sisu": state.options.sisu and not car.sisu_used,
        "spare": not car.spare_used,
    }
    if car.space is not None and car.space < stage.finish:
        data["heading"] = list(_headings(stage)[car.space])
    return data


_HEADINGS: dict[int, tuple[Stage, tuple[tuple[float, float], ...]]] = {}
"""The dashboards' headings of each stage asked about, by the stage's identity (a stage
is large to hash; each entry holds its stage, so no other takes its id meanwhile)."""


def _headings(stage: Stage) -> tuple[tuple[float, float], ...]:
    """Returns the heading of every space of ``stage``, rounded as the dashboards show it."""
    kept = _HEADINGS.get(id(stage))
    if kept is None or kept[0] is not stage:
        if len(_HEADINGS) >= 64:
            _HEADINGS.clear()
        found = []
        for index in range(stage.finish):
            dx, dy = heading(stage, index)
            found.append((round(dx, 3), round(dy, 3)))
        kept = _HEADINGS[id(stage)] = (stage, tuple(found))
    return kept[1]


def _targets(state: State) -> dict[str, dict[str, Any]]:
    """Returns what each space a legal die may reach is: kind, limits, surface, jump."""
    from . import rules

    turn = state.turn
    assert turn is not None
    stage = state.stage
    out: dict[str, dict[str, Any]] = {}
    for action in rules.legal_actions(state):
        gid = getattr(action, "to", None)
        if not isinstance(gid, str) or gid in out:
            continue
        index = stage.find(gid)
        if index is None or index >= stage.finish:
            out[gid] = {"kind": "finish"}
            continue
        space = stage.spaces[index]
        out[gid] = {
            "kind": space.kind,
            "role": space.role,
            "limit": corner_limit(state, turn.seat, space),
            "jump": space.jump,
            "surface": space.surface,
            "card": space.draws_card,
        }
    return out


def _plans(state: State) -> list[dict[str, Any]]:
    """Returns the plans of the rest of the turn with their exact odds (dice only).

    A plan is one run of gear dice (up or down, one gear apart, as RM-TURN-2 allows) and
    then the gas dice left; ``safe`` is the chance that rolling every die of it loses no
    control, ``all`` the chance of using them all when stopping at limit − 1 hazards,
    ``spaces`` the expected spaces then (:func:`.odds.state_plan_odds`).
    """
    turn = state.turn
    assert turn is not None
    if turn.technique != "standard" and turn.technique != "none":
        return []
    if turn.pending or turn.loc or turn.draw or state.cars[turn.seat].status != "racing":
        return []
    from .odds import plan_terms

    terms = (turn.gear, turn.used, turn.must_first, turn.gear_allowed, turn.gas_allowed)
    return [dict(plan) for plan in _turn_plans(*terms, *plan_terms(state))]


@lru_cache(maxsize=1024)
def _turn_plans(
    gear_now: int,
    used: tuple[str, ...],
    must_first: bool,
    gear_allowed: int,
    gas_allowed: int,
    *odds_terms: int,
) -> tuple[dict[str, Any], ...]:
    """The plans of :func:`_plans` by what they depend on (every view of a turn asks;
    shared, copied before they are handed on)."""
    from .odds import faces_plan_odds

    gear_left = max(0, gear_allowed - sum(1 for d in used if d != GAS))
    gas = [GAS] * max(0, gas_allowed - used.count(GAS))
    if must_first or gear_now == 0:
        gas = []
    runs: list[list[str]] = []
    for first, step in _run_starts(gear_now, used, must_first):
        run: list[str] = []
        gear = first
        while 1 <= gear <= 5 and str(gear) not in used and len(run) < gear_left:
            run.append(str(gear))
            gear += step
        if run:
            runs.append(run + gas)
    if gas and not must_first:
        runs.append(list(gas))
    seen: set[str] = set()
    plans: list[dict[str, Any]] = []
    for plan in runs:
        key = "".join(plan)
        if key in seen:
            continue
        seen.add(key)
        odds = faces_plan_odds(tuple(plan), *odds_terms)
        plans.append(
            {
                "dice": key,
                "safe": _frac(1 - odds.loc_if_pushing),
                "all": _frac(odds.all_dice),
                "spaces": round(float(odds.expected_spaces), 2),
            }
        )
    plans.sort(key=lambda p: (-len(p["dice"]), p["dice"]))
    return tuple(plans[:MAX_PLANS])


def _run_starts(gear: int, used: Sequence[str], must_first: bool) -> list[tuple[int, int]]:
    """Returns (first gear die, direction) pairs a run of gear dice may take from here."""
    gears_used = [int(d) for d in used if d != GAS]
    if must_first or gear == 0:
        return [(1, 1)]
    if not gears_used:
        return [(g, s) for g in (gear - 1, gear, gear + 1) for s in (1, -1) if 1 <= g <= 5]
    if len(gears_used) == 1:
        return [(gear + 1, 1), (gear - 1, -1)]
    step = 1 if gears_used[-1] > gears_used[-2] else -1
    return [(gear + step, step)]


def _frac(value: Any) -> str:
    return f"{value.numerator}/{value.denominator}"
