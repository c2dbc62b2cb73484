"""Racerbile notation: actions as short text, and the one-line state notation.

Actions (``parse_action`` and ``format_action`` round-trip)::

    roll | die 5 | shift up | shift down | step NE | step 1 | stop | pass
    announce squeal | time 8.5 | face E | stall 1 | stall 1 by 2 | upside down

Referee mode (RB-REF-2; ``judge J`` only in Le Mans)::

    fault wrong_cap 1 | fault wrong_cap 1 x3 | fault wrong_cap 1 x3 judge 0

Le Mans (teams and judges by number; free text after a colon keeps its case)::

    driver 2 | name 1 | name nobody | last lap | last lap judge 0
    penalty 1 3 judge 0: spilled beer | rule judge 0: no toilet breaks
    dunlop 1 judge 0 | vomit 1 table judge 0 | vomit 1 floor judge 0
    delay 1 judge 0 | out 1 judge 0: no driver left

Directions are the pointy-top names E, NE, NW, W, SW, SE (0-5, counter-clockwise
from E) or their numbers. ``format_state`` gives one line: rule set, track, laps,
announcement mode | phase | each car (gear, laps, cell, heading, sips) | the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast

from ...engine.contract import Action
from ...engine.errors import IllegalAction, InvalidAction
from ...hexgrid import POINTY_NAMES
from .actions import (
    ANNOUNCEMENTS,
    Announce,
    ChangeDriver,
    ClockExpired,
    Delay,
    Die,
    Disqualify,
    DunlopBridge,
    Face,
    Fault,
    NameOpponent,
    Pass,
    Penalty,
    Roll,
    RuleChange,
    Shift,
    Stall,
    StepTo,
    Stop,
    TimeTrial,
    UpsideDown,
    Vomit,
)

if TYPE_CHECKING:  # the notation reads states; it needs no rules to do so
    from .setup import Config
    from .state import State

_SIMPLE: dict[str, Action] = {"roll": Roll(), "stop": Stop(), "pass": Pass()}


def parse_direction(text: str) -> int:
    """Returns the direction 0-5 for a name (E, NE, NW, W, SW, SE) or a number."""
    name = text.strip().upper()
    if name in POINTY_NAMES:
        return POINTY_NAMES.index(name)
    if name.isdigit() and 0 <= int(name) < 6:
        return int(name)
    raise InvalidAction(f"{text!r} is not a direction: use E, NE, NW, W, SW, SE or 0-5")


def parse_action(text: str) -> Action:
    """Returns the action written as ``text``; raises InvalidAction saying what is wrong."""
    command, colon, free = text.partition(":")
    words = command.strip().lower().split()
    if not words:
        raise InvalidAction("an empty action")
    head, args = words[0], words[1:]
    if head in _SIMPLE and not args and not colon:
        return _SIMPLE[head]
    try:
        if head in _FREE_TEXT:
            return _parse_judge_call(head, args, free.strip())
        if colon:
            raise ValueError(head)
        return _parse_with_args(head, args)
    except (ValueError, IndexError):
        raise InvalidAction(f"cannot read the action {text!r}") from None


def _parse_with_args(head: str, args: list[str]) -> Action:
    if head == "die" and len(args) == 1:
        return Die(int(args[0]))
    if head == "shift" and len(args) == 1 and args[0] in ("up", "down"):
        return Shift(cast(Literal["up", "down"], args[0]))
    if head == "step" and len(args) == 1:
        return StepTo(parse_direction(args[0]))
    if head == "face" and len(args) == 1:
        return Face(parse_direction(args[0]))
    if head == "announce" and len(args) >= 1:
        what = "_".join(args)
        if what not in ANNOUNCEMENTS:
            raise InvalidAction(f"unknown announcement {what!r}; one of {', '.join(ANNOUNCEMENTS)}")
        return Announce(what)
    if head == "time" and len(args) == 1:
        return TimeTrial(float(args[0]))
    if head == "stall" and len(args) == 1:
        return Stall(int(args[0]))
    if head == "stall" and len(args) == 3 and args[1] == "by":
        return Stall(int(args[0]), int(args[2]))
    if head == "upside" and args == ["down"]:
        return UpsideDown()
    return _parse_referee(head, args)


def _judge_of(args: list[str]) -> tuple[list[str], int | None]:
    """Splits a trailing ``judge J`` off ``args``."""
    if len(args) >= 2 and args[-2] == "judge":
        return args[:-2], int(args[-1])
    return args, None


def _parse_referee(head: str, args: list[str]) -> Action:
    args, judge = _judge_of(args)
    if head == "fault" and len(args) in (2, 3):
        count = int(args[2].removeprefix("x")) if len(args) == 3 else 1
        if len(args) == 3 and not args[2].startswith("x"):
            raise ValueError(head)
        return Fault(args[0], int(args[1]), count, judge)
    if head == "driver" and len(args) == 1 and judge is None:
        return ChangeDriver(int(args[0]))
    if head == "name" and len(args) == 1 and judge is None:
        return NameOpponent(None if args[0] == "nobody" else int(args[0]))
    if head == "last" and args == ["lap"]:
        return ClockExpired(judge)
    if judge is None:
        raise ValueError(head)
    if head == "dunlop" and len(args) == 1:
        return DunlopBridge(int(args[0]), judge)
    if head == "vomit" and len(args) == 2 and args[1] in ("table", "floor"):
        return Vomit(int(args[0]), cast(Literal["table", "floor"], args[1]), judge)
    if head == "delay" and len(args) == 1:
        return Delay(int(args[0]), judge)
    raise ValueError(head)


_FREE_TEXT = ("penalty", "rule", "out")


def _parse_judge_call(head: str, args: list[str], free: str) -> Action:
    args, judge = _judge_of(args)
    if judge is None:
        raise ValueError(head)
    if head == "penalty" and len(args) == 2:
        return Penalty(int(args[0]), int(args[1]), judge, free)
    if head == "rule" and not args and free:
        return RuleChange(judge, free)
    if head == "out" and len(args) == 1:
        return Disqualify(int(args[0]), judge, free)
    raise ValueError(head)


def format_action(action: Action) -> str:
    """Returns the notation of ``action`` (the inverse of :func:`parse_action`)."""
    match action:
        case Die(value=v):
            return f"die {v}"
        case Shift(direction=d):
            return f"shift {d}"
        case StepTo(direction=d):
            return f"step {POINTY_NAMES[d]}"
        case Face(direction=d):
            return f"face {POINTY_NAMES[d]}"
        case Announce(what=w):
            return f"announce {w}"
        case TimeTrial(seconds=s):
            return f"time {float(s)!r}"
        case Stall(seat=s, by=None):
            return f"stall {s}"
        case Stall(seat=s, by=b):
            return f"stall {s} by {b}"
        case UpsideDown():
            return "upside down"
    return _format_referee(action)


def _by(judge: int | None) -> str:
    return "" if judge is None else f" judge {judge}"


def _colon(text: str) -> str:
    return f": {text}" if text else ""


def _format_referee(action: Action) -> str:
    match action:
        case Fault(fault=f, seat=s, count=c, judge=j):
            return f"fault {f} {s}{'' if c == 1 else f' x{c}'}{_by(j)}"
        case ChangeDriver(driver=d):
            return f"driver {d}"
        case NameOpponent(seat=s):
            return f"name {'nobody' if s is None else s}"
        case ClockExpired(judge=j):
            return f"last lap{_by(j)}"
        case Penalty(seat=s, sips=n, judge=j, reason=r):
            return f"penalty {s} {n}{_by(j)}{_colon(r)}"
        case RuleChange(judge=j, text=t):
            return f"rule{_by(j)}{_colon(t)}"
        case DunlopBridge(seat=s, judge=j):
            return f"dunlop {s}{_by(j)}"
        case Vomit(seat=s, where=w, judge=j):
            return f"vomit {s} {w}{_by(j)}"
        case Delay(seat=s, judge=j):
            return f"delay {s}{_by(j)}"
        case Disqualify(seat=s, judge=j, reason=r):
            return f"out {s}{_by(j)}{_colon(r)}"
    return action.kind


def format_state(state: State) -> str:
    """Returns the one-line notation of ``state`` (for messages, logs and tests)."""
    config = state.config
    head = (
        f"{config.rules.name} {config.track.id} {config.laps}L "
        f"{'manual' if config.manual else 'auto'}"
    )
    cars = ", ".join(_car(state, seat) for seat in range(config.players))
    lemans = _lemans(state) if state.lemans is not None else ""
    return f"{head} | {_phase(state)} | {cars}{_turn(state)}{lemans}"


def _phase(state: State) -> str:
    if state.phase == "order":
        return f"order groups {state.groups} rolls {list(state.rolls)}"
    if state.phase == "trial":
        return f"trial {[t for t in state.times]}"
    forks = " forks " + ",".join(f"{k}={b}" for k, b in state.forks) if state.forks else ""
    final = " final" if state.final_round else ""
    return f"{state.phase}{forks}{final}"


def _car(state: State, seat: int) -> str:
    car = state.cars[seat]
    heading = "-" if car.heading is None else POINTY_NAMES[car.heading]
    text = f"{state.config.names[seat]} {car.gear}g L{car.laps} {car.cell} {heading}"
    if car.off_from is not None:
        text += f" off<{car.off_from}"
    if car.flipped:
        text += " flip"
    return f"{text} {state.ledger.sips_drunk(seat)}s"


def _turn(state: State) -> str:
    turn = state.turn
    if turn is None:
        return ""
    text = f" | {state.config.names[turn.seat]} {turn.phase}"
    if turn.dice or turn.shown56:
        text += f" dice {'+'.join(map(str, turn.dice)) or '-'} 56x{turn.shown56}"
    if turn.phase in ("move", "end"):
        text += f" {turn.moved}/{turn.total} {turn.mode}"
    if turn.owed - turn.said:
        text += " owes " + ",".join(sorted(turn.owed - turn.said))
    return text


def illegal(state: State, reason: str, rule_id: str | None = None) -> IllegalAction:
    """Returns the IllegalAction for ``reason`` with the state's notation."""
    return IllegalAction(reason, rule_id=rule_id, position=format_state(state))


def driver_name(config: Config, seat: int, driver: int) -> str:
    """Returns the name of a team's driver (the team's name outside Le Mans)."""
    drivers = config.drivers[seat] if seat < len(config.drivers) else ()
    return drivers[driver] if 0 <= driver < len(drivers) else config.names[seat]


def _lemans(state: State) -> str:
    """Returns the Le Mans part of the state notation (drivers, penalties, the clock)."""
    lemans = state.lemans
    assert lemans is not None
    config = state.config
    parts = ["LM " + ",".join(driver_name(config, s, d) for s, d in enumerate(lemans.drivers))]
    if any(lemans.penalty_laps):
        parts.append("pen " + ",".join(map(str, lemans.penalty_laps)))
    if any(lemans.lose_turns):
        parts.append("lose " + ",".join(map(str, lemans.lose_turns)))
    if lemans.out:
        parts.append("out " + ",".join(config.names[s] for s in sorted(lemans.out)))
    if lemans.stalls:
        parts.append(f"stalls {lemans.stalls}")
    if lemans.named is not None:
        parts.append(f"named {config.names[lemans.named]}")
    if lemans.last_lap:
        parts.append("last-lap")
    return " | " + " ".join(parts)
