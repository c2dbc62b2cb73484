"""One-line notation: actions (``parse_action(format_action(a)) == a``) and states.

Actions: ``tyres snow``, ``roll 4 t1:s05``, ``secure G t1:s06``, ``attack 345GG``,
``place 4. t1:s05`` / ``place GH t1:s06`` (the die and its face), ``stop``, ``spare``,
``sisu yes`` / ``sisu no``; chance: ``face .`` / ``face H``, ``faces .H..H``,
``back spin|left|right``, ``card clean|dirty|puncture``.

States: ``kalkbrud SS1 race r3 o0,1/0 s0,1 q- #7 mud - decks -`` (rally, stage, phase,
round, play order / slot, start order, tyre queue, arrival stamp, MUD markers as
``corner@seat``, finite decks as ``taken.spins.lefts.rights`` per gear), then per car
``Name:r t1:s05/left g4 d1 p0 k3 a 133s x30 fSU @6 [4.20,5.60.left] t[120,-]`` (status,
space and verge, gear, damage, punctures, tokens, tyres, stage time, penalty, spare
wheel and SISU used, arrival stamp, time stack, stage times), then the turn so far.
"""

from __future__ import annotations

import re

from ...engine.contract import Action
from ...engine.errors import InvalidAction
from ...engine.frozen import replace
from .actions import Attack, Back, Face, Faces, Place, Roll, Shortcut, Sisu, Spare, Stop, Tyres
from .board.model import Rally, Stage
from .state import Car, Card, Loc, Options, State, Turn

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


_STATUS = {"w": "waiting", "r": "racing", "f": "finished", "x": "retired"}
_CODES = {status: code for code, status in _STATUS.items()}


def format_state(state: State) -> str:
    """Returns the one-line notation: the rally, stage, phase and round with the play
    order, each car (after the driver's name), then the turn so far."""
    stage = state.stage
    order = ",".join(map(str, state.order)) or "-"
    start = ",".join(map(str, state.start_order)) or "-"
    queue = ",".join(map(str, state.tyre_queue)) or "-"
    mud = ",".join(f"{corner}@{seat}" for corner, seat in state.mud) or "-"
    decks = ",".join(".".join(map(str, d)) for d in state.decks) or "-"
    parts = [
        f"{state.rally.id} SS{state.stage_no + 1} {state.phase} r{state.round} "
        f"o{order}/{state.slot} s{start} q{queue} #{state.stamp} mud {mud} decks {decks}"
    ]
    for seat, car in enumerate(state.cars):
        where = "start" if car.space is None else stage.gid(car.space)
        off = f"/{car.off}" if car.off else ""
        flags = ("S" if car.spare_used else "") + ("U" if car.sisu_used else "")
        cards = ",".join(f"{c.gear}.{c.seconds}{'.' + c.back if c.back else ''}" for c in car.stack)
        times = ",".join("-" if t is None else str(t) for t in car.times)
        parts.append(
            f"{state.names[seat]}:{_CODES[car.status]} {where}{off} g{car.gear} d{car.damage} "
            f"p{car.punctures} k{car.tokens} {car.tyres[0]} {car.stage_time}s "
            f"x{car.penalty} f{flags or '-'} @{car.arrived} [{cards}] t[{times}]"
        )
    turn = state.turn
    if turn is not None and state.phase == "race":
        parts.append(_format_turn(turn, state.names[turn.seat], stage))
    return " | ".join(parts)


def _format_turn(turn: Turn, name: str, stage: Stage) -> str:
    """Returns ``turn Name technique used Hh`` and the rest of the turn: gears (now and
    at the start), first die owed, last gear die, dice secured, the die waiting for its
    face, the time-attack pool (dice, faces, placed, limit), SISU, the loss of control
    waiting, the shortcut card to draw, and the gear and gas dice allowed."""
    used = ",".join(turn.used) or "-"
    pending = "-"
    if turn.pending is not None:
        die, target, bail = turn.pending
        pending = f"{die}.{stage.gid(target)}.{int(bail)}"
    loc = "-"
    if turn.loc is not None:
        lc = turn.loc
        flags = (int(lc.sisu_ok), lc.deck, lc.awaiting, int(lc.on_line))
        loc = "/".join((lc.reason, lc.rule_id, *map(str, flags)))
    faces = "".join("H" if f else "." for f in turn.faces) or "-"
    return (
        f"turn {name} {turn.technique} {used} H{turn.hazards} g{turn.gear}/{turn.start_gear} "
        f"m{int(turn.must_first)} l{'-' if turn.last_gear_die is None else turn.last_gear_die} "
        f"k{turn.secured} p{pending} P{''.join(turn.pool) or '-'} F{faces} "
        f"D{','.join(map(str, turn.placed)) or '-'} L{turn.pool_limit} "
        f"S{int(turn.sisu_active)} C{loc} d{int(turn.draw)}{int(turn.end_after_draw)} "
        f"a{turn.gear_allowed}/{turn.gas_allowed}"
    )


_HEAD = re.compile(
    r"(\S+) SS(\d+) (tyres|race|over) r(\d+) o([\d,-]+)/(\d+) s([\d,-]+) q([\d,-]+) "
    r"#(\d+) mud (\S+) decks (\S+)"
)
_TURN = re.compile(
    r"(none|standard|attack) ([1-5G,]+|-) H(\d+) g(\d)/(\d) m([01]) l([1-5]|-) k(\d+) "
    r"p(-|[1-5G]\.\S+\.[01]) P([1-5G]+|-) F([H.]+|-) D([\d,]+|-) L(\d+) S([01]) "
    r"C(-|[a-z]+/[A-Z0-9-]+/[01]/\d+/(?:sisu|back)/[01]) d([01])([01]) a(\d+)/(\d+)"
)
_CAR = re.compile(
    r"([wrfx]) (\S+?)(?:/(left|right|spin))? g(\d) d(\d+) p(\d+) k(\d+) ([as]) -?\d+s "
    r"x(\d+) f([SU]*|-) @(\d+) \[([^\]]*)\] t\[([^\]]*)\]"
)


def parse_state(text: str, rally: Rally, names: tuple[str, ...], options: Options) -> State:
    """Returns the state written as ``text`` by :func:`format_state`, for ``rally``,
    ``names`` and ``options``; raises InvalidAction naming what does not read.

    It reads any state: between turns, at a turn's start and within a turn (dice
    used, a die waiting for its face, a time-attack pool, a loss of control waiting).
    """
    try:
        return _parse_state(text, rally, names, options)
    except (ValueError, IndexError, KeyError) as exc:
        raise InvalidAction(f"cannot read the Rallyman state {text!r}: {exc}") from None


def _ints(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(t) for t in text.split(","))


def _parse_state(text: str, rally: Rally, names: tuple[str, ...], options: Options) -> State:
    head, *fields = [f.strip() for f in text.split(" | ")]
    match = _HEAD.fullmatch(head)
    if match is None or match[1] != rally.id:
        raise ValueError(f"the head {head!r} does not read for rally {rally.id!r}")
    stage = rally.stages[int(match[2]) - 1]
    cars = tuple(_car(fields[seat], names[seat], stage) for seat in range(len(names)))
    mud = tuple(
        (corner, int(seat))
        for corner, _, seat in (m.rpartition("@") for m in match[10].split(","))
        if match[10] != "-"
    )
    decks = tuple(_deck(d) for d in match[11].split(",")) if match[11] != "-" else ()
    state = State(
        rally,
        options,
        names,
        cars,
        stage_no=int(match[2]) - 1,
        phase=match[3],  # type: ignore[arg-type]
        tyre_queue=_ints(match[8]),
        start_order=_ints(match[7]),
        round=int(match[4]),
        order=_ints(match[5]),
        slot=int(match[6]),
        mud=mud,
        stamp=int(match[9]),
        decks=decks,
    )
    turns = [f for f in fields[len(names) :] if f.startswith("turn ")]
    if state.phase == "race" and turns:
        seat = state.order[state.slot]
        return replace(state, turn=_turn(turns[0], seat, names[seat], stage))
    return state


def _turn(field: str, seat: int, name: str, stage: Stage) -> Turn:
    if not field.startswith(f"turn {name} "):
        raise ValueError(f"the turn {field!r} is not {name!r}'s, whose turn it is")
    m = _TURN.fullmatch(field[len(f"turn {name} ") :])
    if m is None:
        raise ValueError(f"the turn {field!r} does not read")
    pending = None
    if m[9] != "-":
        die, where, bail = m[9].split(".")
        target = stage.find(where)
        if target is None:
            raise ValueError(f"no space {where!r} on {stage.id}")
        pending = (die, target, bail == "1")
    return Turn(
        seat=seat,
        start_gear=int(m[5]),
        gear=int(m[4]),
        must_first=m[6] == "1",
        technique=m[1],  # type: ignore[arg-type]
        used=() if m[2] == "-" else tuple(m[2].split(",")),
        hazards=int(m[3]),
        last_gear_die=None if m[7] == "-" else int(m[7]),
        secured=int(m[8]),
        pending=pending,
        pool=() if m[10] == "-" else tuple(m[10]),
        faces=() if m[11] == "-" else tuple(f == "H" for f in m[11]),
        placed=_ints(m[12]),
        pool_limit=int(m[13]),
        sisu_active=m[14] == "1",
        loc=None if m[15] == "-" else _loc(m[15]),
        draw=m[16] == "1",
        end_after_draw=m[17] == "1",
        gear_allowed=int(m[18]),
        gas_allowed=int(m[19]),
    )


def _loc(text: str) -> Loc:
    reason, rule_id, sisu_ok, deck, awaiting, on_line = text.split("/")
    return Loc(reason, rule_id, sisu_ok == "1", int(deck), awaiting, on_line == "1")  # type: ignore[arg-type]


def _deck(text: str) -> tuple[int, int, int, int]:
    drawn, spin, left, right = (int(n) for n in text.split("."))
    return drawn, spin, left, right


def _car(field: str, name: str, stage: Stage) -> Car:
    if not field.startswith(f"{name}:"):
        raise ValueError(f"the car {field!r} is not {name!r}'s")
    match = _CAR.fullmatch(field[len(name) + 1 :])
    if match is None:
        raise ValueError(f"the car {field!r} does not read")
    space = None if match[2] == "start" else stage.find(match[2])
    if match[2] != "start" and space is None:
        raise ValueError(f"no space {match[2]!r} on {stage.id}")
    stack = []
    for card in filter(None, match[12].split(",")):
        gear, seconds, *back = card.split(".")
        stack.append(Card(int(gear), int(seconds), back[0] if back else None))
    times = tuple(None if t == "-" else int(t) for t in filter(None, match[13].split(",")))
    return Car(
        tyres="asphalt" if match[8] == "a" else "snow",
        status=_STATUS[match[1]],  # type: ignore[arg-type]
        space=space,
        off=match[3],  # type: ignore[arg-type]
        gear=int(match[4]),
        stack=tuple(stack),
        tokens=int(match[7]),
        penalty=int(match[9]),
        damage=int(match[5]),
        punctures=int(match[6]),
        spare_used="S" in match[10],
        sisu_used="U" in match[10],
        arrived=int(match[11]),
        times=times,
    )
