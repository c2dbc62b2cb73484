"""Vectrace notation: actions as short text, states as one line.

Actions: ``begin 1``, ``place 3,4``, ``move 5,2`` (or just ``5,2``).

State line, for example::

    sprint race r2 t0 o0,1 | 5,3:+1,+0:R:2:0 ; 4,5:+0,+1:R:2:0

fields: track id, phase (``order``/``place``/``race``/``over``), ``r`` rounds done,
``t`` turn index, ``o`` turn order (``-`` before it is set), ``final`` when the last
round is being completed, then one car per seat: position, vector, status letter
(``W`` waiting, ``R`` racing, ``F`` finished, ``X`` crashed), moves, progress, and
the exact finish time for finished cars (``F:7:1:13/2``). Trails are not part of the
line; a parsed state's trail is its current point.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import get_args

from ...engine.contract import Action
from ...engine.errors import InvalidAction
from .actions import Begin, Move, Place
from .describe import fmt_point, fmt_vector
from .state import Car, Options, Phase, State, Status
from .track import Track

_POINT = r"(-?\d+)\s*,\s*(-?\d+)"
_ACTION_PATTERNS: tuple[tuple[re.Pattern[str], type[Action]], ...] = (
    (re.compile(r"^begin\s+(\d+)$"), Begin),
    (re.compile(rf"^place\s+{_POINT}$"), Place),
    (re.compile(rf"^(?:move\s+)?{_POINT}$"), Move),
)
_STATUS = {"waiting": "W", "racing": "R", "finished": "F", "crashed": "X"}
_STATUS_BACK: dict[str, Status] = {v: k for k, v in _STATUS.items()}  # type: ignore[misc]


def parse_action(text: str) -> Action:
    """Returns the action written as ``text``; raises InvalidAction if it does not parse."""
    cleaned = " ".join(text.strip().lower().split())
    for pattern, cls in _ACTION_PATTERNS:
        match = pattern.match(cleaned)
        if match:
            return cls(*(int(g) for g in match.groups()))
    raise InvalidAction(
        f"cannot read {text!r} as a Vectrace action; write 'begin 1', 'place 3,4' or 'move 5,2'"
    )


def format_action(action: Action) -> str:
    """Returns the notation of ``action`` (the inverse of :func:`parse_action`)."""
    if isinstance(action, Begin):
        return f"begin {action.first}"
    if isinstance(action, Place):
        return f"place {action.x},{action.y}"
    if isinstance(action, Move):
        return f"move {action.x},{action.y}"
    raise InvalidAction(f"not a Vectrace action: {action!r}")


def format_car(car: Car) -> str:
    """Returns one car's field of the state line."""
    pos = fmt_point(car.pos) if car.pos is not None else "-"
    text = f"{pos}:{fmt_vector(car.vel)}:{_STATUS[car.status]}:{car.moves}:{car.progress}"
    if car.time is not None:
        text += f":{car.time.numerator}/{car.time.denominator}"
    return text


def format_state(state: State) -> str:
    """Returns the one-line notation of ``state``."""
    order = ",".join(map(str, state.order)) or "-"
    head = f"{state.track.id} {state.phase} r{state.round} t{state.turn} o{order}"
    if state.final_round:
        head += " final"
    return head + " | " + " ; ".join(format_car(c) for c in state.cars)


def parse_state(
    text: str,
    track: Track,
    *,
    options: Options | None = None,
    names: tuple[str, ...] | None = None,
) -> State:
    """Returns the state written as ``text`` on ``track``; raises InvalidAction if malformed."""
    try:
        head, _, cars_text = text.partition("|")
        fields = head.split()
        cars = tuple(_parse_car(c) for c in cars_text.split(";"))
        phase = fields[1]
        if phase not in get_args(Phase):
            raise ValueError(f"unknown phase {phase!r}")
        order = () if fields[4] == "o-" else tuple(int(s) for s in fields[4][1:].split(","))
        return State(
            track=track,
            options=options or Options(),
            names=names or tuple(f"seat {i}" for i in range(len(cars))),
            cars=cars,
            phase=phase,  # type: ignore[arg-type]
            order=order,
            turn=int(fields[3][1:]),
            round=int(fields[2][1:]),
            final_round="final" in fields[5:],
        )
    except (ValueError, IndexError, KeyError) as exc:
        raise InvalidAction(f"cannot read the Vectrace state {text!r}: {exc}") from None


def _parse_car(text: str) -> Car:
    parts = text.strip().split(":")
    pos = None if parts[0] == "-" else _point(parts[0])
    time = Fraction(parts[5]) if len(parts) > 5 else None
    return Car(
        pos=pos,
        vel=_point(parts[1]),
        status=_STATUS_BACK[parts[2]],
        moves=int(parts[3]),
        progress=int(parts[4]),
        time=time,
        trail=(pos,) if pos is not None else (),
    )


def _point(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)
