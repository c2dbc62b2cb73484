"""One-line notation: actions (``parse_action(format_action(a)) == a``) and states.

Actions: ``tyres snow``, ``roll 4 t1:s05``, ``secure G t1:s06``, ``attack 345GG``,
``place 4. t1:s05`` / ``place GH t1:s06`` (the die and its face), ``stop``, ``spare``,
``sisu yes`` / ``sisu no``; chance: ``face .`` / ``face H``, ``faces .H..H``,
``back spin|left|right``, ``card clean|dirty|puncture``.
"""

from __future__ import annotations

import re

from ...engine.contract import Action
from ...engine.errors import InvalidAction
from .actions import Attack, Back, Face, Faces, Place, Roll, Shortcut, Sisu, Spare, Stop, Tyres
from .state import State

_DIE = r"[1-5G]"
_SPACE = r"(?:finish|[A-Za-z0-9_-]+:[A-Za-z0-9_-]+)"


def format_action(action: Action) -> str:
    """Returns the notation of ``action``."""
    match action:
        case Tyres(tyres=t):
            return f"tyres {t}"
        case Roll(die=d, to=to, secured=s):
            return f"{'secure' if s else 'roll'} {d} {to}"
        case Attack(dice=d):
            return f"attack {d}"
        case Place(die=d, hazard=h, to=to):
            return f"place {d}{'H' if h else '.'} {to}"
        case Stop():
            return "stop"
        case Spare():
            return "spare"
        case Sisu(play=p):
            return f"sisu {'yes' if p else 'no'}"
        case Face(hazard=h):
            return f"face {'H' if h else '.'}"
        case Faces(faces=f):
            return f"faces {f}"
        case Back(outcome=o):
            return f"back {o}"
        case Shortcut(card=c):
            return f"card {c}"
    raise InvalidAction(f"not a Rallyman action: {action!r}")


_PATTERNS: list[tuple[re.Pattern[str], object]] = [
    (re.compile(r"tyres (asphalt|snow)"), lambda m: Tyres(m[1])),
    (
        re.compile(rf"(roll|secure) ({_DIE}) ({_SPACE})"),
        lambda m: Roll(m[2], m[3], m[1] == "secure"),
    ),
    (re.compile(r"attack ([1-5]*G{0,2})"), lambda m: Attack(m[1])),
    (re.compile(rf"place ({_DIE})([.H]) ({_SPACE})"), lambda m: Place(m[1], m[2] == "H", m[3])),
    (re.compile(r"stop"), lambda m: Stop()),
    (re.compile(r"spare"), lambda m: Spare()),
    (re.compile(r"sisu (yes|no)"), lambda m: Sisu(m[1] == "yes")),
    (re.compile(r"face ([.H])"), lambda m: Face(m[1] == "H")),
    (re.compile(r"faces ([.H]{1,7})"), lambda m: Faces(m[1])),
    (re.compile(r"back (spin|left|right)"), lambda m: Back(m[1])),
    (re.compile(r"card (clean|dirty|puncture)"), lambda m: Shortcut(m[1])),
]


def parse_action(text: str) -> Action:
    """Returns the action written as ``text``; raises InvalidAction naming the forms."""
    line = " ".join(text.split())
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(line)
        if match:
            return build(match)  # type: ignore[operator]
    raise InvalidAction(
        f"cannot read {text!r} as a Rallyman action; forms: tyres snow, roll 4 t1:s05, "
        "secure G t1:s06, attack 345GG, place 4. t1:s05, stop, spare, sisu yes, face H, "
        "faces .H., back left, card dirty"
    )


def format_state(state: State) -> str:
    """Returns the one-line notation: stage, round, each car, the turn so far."""
    stage = state.stage
    parts = [f"{state.rally.id} SS{state.stage_no + 1} {state.phase} r{state.round}"]
    for seat, car in enumerate(state.cars):
        where = "start" if car.space is None else stage.gid(car.space)
        off = f"/{car.off}" if car.off else ""
        parts.append(
            f"{state.names[seat]}:{car.status[0]} {where}{off} g{car.gear} d{car.damage} "
            f"p{car.punctures} k{car.tokens} {car.tyres[0]} {car.stage_time}s"
        )
    turn = state.turn
    if turn is not None and state.phase == "race":
        used = ",".join(turn.used) or "-"
        parts.append(f"turn {state.names[turn.seat]} {turn.technique} {used} H{turn.hazards}")
    return " | ".join(parts)
