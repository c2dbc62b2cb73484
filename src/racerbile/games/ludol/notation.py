"""Ludøl notation: actions as short text, states as one line.

Actions: ``throw 4``; a move ``A10+5`` (colour, the square's progress, the value;
``Ay+6`` enters from the yard); ``declare six`` / ``declare one``; the referee's and
the clock's inputs as ``kind field=value …`` (shell quoting), for example
``penalty participant=1 beers=2 reason='spilt beer'`` or ``all_poured judge=0``.

State line: profile, phase, then for play ``turn`` number, colour, ``c`` chain index,
``a`` tries left, ``t`` the throw waiting for a choice (``!`` forced six, ``?`` A9's
declaration), then each colour with its participant and glasses (``A0=10,y,g,g``:
``y`` yard, ``g`` goal, ``x`` removed), then the disqualified participants, ``poured``
and the end. :func:`parse_state` reads a line back (flags, chugs, the ledger and the audit
are not part of it).
"""

from __future__ import annotations

import dataclasses
import functools
import re
import shlex
from dataclasses import replace

from ...engine.contract import Action
from ...engine.errors import InvalidAction
from ...engine.ledger import Ledger
from .actions import ACTION_TYPES, Declare, Move, Throw
from .rules import THROWS, board
from .rules.turn import option_text
from .setup import LETTERS, Config
from .state import GOAL, REMOVED, YARD, Ending, RollOff, State, Turn, letter

_MOVE = re.compile(r"^([A-D])\s*(y|-?\d+)\s*\+\s*(\d+)$")
_BY_KIND = {t.kind: t for t in ACTION_TYPES if t not in (Throw, Move, Declare)}


def parse_action(text: str) -> Action:
    """Returns the action written as ``text``; raises InvalidAction naming the problem."""
    cleaned = " ".join(text.strip().split())
    match = _MOVE.match(cleaned.upper().replace("Y", "y"))
    if match:
        frm = YARD if match.group(2) == "y" else int(match.group(2))
        return Move(match.group(1), frm, int(match.group(3)))
    words = cleaned.lower().split()
    if len(words) == 2 and words[0] == "throw" and words[1].isdigit():
        return Throw(int(words[1]))
    if len(words) == 2 and words[0] == "declare" and words[1] in ("six", "one"):
        return Declare(words[1] == "six")
    return _parse_keyed(text)


def _parse_keyed(text: str) -> Action:
    try:
        tokens = shlex.split(text)
    except ValueError as exc:
        raise InvalidAction(f"cannot read {text!r}: {exc}") from None
    cls = _BY_KIND.get(tokens[0].lower()) if tokens else None
    if cls is None:
        raise InvalidAction(
            f"cannot read {text!r} as a Ludøl action; write 'throw 4', 'A10+5', "
            f"'declare six' or one of: {', '.join(sorted(_BY_KIND))} with field=value"
        )
    fields = {f.name: f for f in dataclasses.fields(cls)}
    values: dict[str, object] = {}
    for token in tokens[1:]:
        name, sep, raw = token.partition("=")
        if not sep or name not in fields:
            raise InvalidAction(f"{cls.kind}: unknown field {name!r}; fields: {', '.join(fields)}")
        values[name] = _coerce(cls.kind, name, str(fields[name].type), raw)
    try:
        return cls(**values)
    except TypeError as exc:
        raise InvalidAction(f"{cls.kind}: {exc}") from None


def _coerce(kind: str, name: str, typ: str, raw: str) -> object:
    if typ == "str":
        return raw
    if typ == "bool":
        if raw.lower() not in ("yes", "no", "true", "false"):
            raise InvalidAction(f"{kind}: {name} is yes or no, not {raw!r}")
        return raw.lower() in ("yes", "true")
    if "None" in typ and raw == "-":
        return None
    try:
        return int(raw)
    except ValueError:
        raise InvalidAction(f"{kind}: {name} must be a whole number, not {raw!r}") from None


def format_action(action: Action) -> str:
    """Returns the notation of ``action`` (the inverse of :func:`parse_action`)."""
    if isinstance(action, Throw):
        return f"throw {action.top}"
    if isinstance(action, Move):
        frm = "y" if action.frm == YARD else str(action.frm)
        return f"{action.colour}{frm}+{action.value}"
    if isinstance(action, Declare):
        return "declare six" if action.six else "declare one"
    if type(action) not in _BY_KIND.values():
        raise InvalidAction(f"not a Ludøl action: {action!r}")
    parts = [action.kind]
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value == f.default:
            continue
        if isinstance(value, bool):
            text = "yes" if value else "no"
        else:
            text = "-" if value is None else str(value)
        parts.append(f"{f.name}={shlex.quote(text)}")
    return " ".join(parts)


_GLASS_TEXT = {p: str(p) for p in range(GOAL)} | {YARD: "y", GOAL: "g", REMOVED: "x"}


_THROW_TEXTS = tuple(format_action(t) for t in THROWS)
_DECLARE_TEXTS = (format_action(Declare(True)), format_action(Declare(False)))


def format_legal(state: State) -> list[str]:
    """Returns the notation of ``rules.legal_actions(state)``, in its order, written
    from the turn without making the actions (the view lists them after every action)."""
    if state.phase == "over":
        return []
    turn = state.turn
    if state.phase == "order" or turn is None or turn.throw is None:
        return list(_THROW_TEXTS)
    if turn.declare:
        return list(_DECLARE_TEXTS)
    return [option_text(turn.colour, o) for o in turn.options]


def format_glass(p: int) -> str:
    """Returns a glass's progress: ``y`` yard, ``g`` goal, ``x`` removed, else the number."""
    text = _GLASS_TEXT.get(p)
    return str(p) if text is None else text


def format_state(state: State) -> str:
    """Returns the one-line notation of ``state``."""
    head = f"{state.config.profile.name} {state.phase}"
    if state.phase == "order" and state.rolloff is not None:
        thrown = ",".join(map(str, state.rolloff.thrown)) or "-"
        contenders = ",".join(map(str, state.rolloff.contenders))
        return f"{head} | roll-off {contenders} thrown {thrown}"
    turn = state.turn
    if turn is not None:
        throw = "-" if turn.throw is None else str(turn.throw)
        mark = "!" if turn.forced else "?" if turn.declare else ""
        head += f" turn{turn.number} {letter(turn.colour)} c{turn.chain} a{turn.attempts}"
        head += f" t{throw}{mark}"
    glasses = _format_board(state.owner, state.glasses)
    tail = []
    if state.disqualified:
        tail.append("dq " + ",".join(map(str, sorted(state.disqualified))))
    if state.poured:
        tail.append("poured")
    if state.ending is not None:
        tail.append(f"end {state.ending.reason} " + ",".join(map(str, state.ending.winners)))
    return " | ".join([head, glasses, *tail])


@functools.lru_cache(maxsize=1024)
def _format_board(owner: tuple[int, ...], glasses: tuple[tuple[int, ...], ...]) -> str:
    """The colours' part of the state line: it changes only with a move, and every view
    (and every refused action's message) writes it."""
    return " ".join(
        f"{LETTERS[k]}{owner[k]}={','.join(format_glass(p) for p in g)}"
        for k, g in enumerate(glasses)
    )


_HEAD = re.compile(r"^(\w+) (?:play|over)(?: turn(\d+) ([A-D]) c(\d+) a(\d+) t(-|\d)([!?]?))?$")
_BACK = {"y": YARD, "g": GOAL, "x": REMOVED}


def parse_state(text: str, config: Config) -> State:
    """Returns the state written as ``text`` (see the module docstring) under ``config``;
    raises InvalidAction naming what does not read."""
    try:
        return _parse_state(text, config)
    except (ValueError, IndexError, KeyError) as exc:
        raise InvalidAction(f"cannot read the Ludøl state {text!r}: {exc}") from None


def _parse_state(text: str, config: Config) -> State:
    head, *fields = [f.strip() for f in text.split("|")]
    vomits, ledger = (0,) * len(config.names), Ledger(len(config.names))
    if head.split()[1] == "order":
        words = fields[0].split()
        thrown = () if words[3] == "-" else tuple(int(t) for t in words[3].split(","))
        rolloff = RollOff(tuple(int(p) for p in words[1].split(",")), thrown)
        return State(config, "order", (), (), ledger, rolloff=rolloff, vomits=vomits)
    match = _HEAD.match(head)
    if match is None:
        raise ValueError(f"the head {head!r} does not read")
    owner: list[int] = []
    glasses: list[tuple[int, ...]] = []
    for item in fields[0].split():
        name, _, values = item.partition("=")
        owner.append(int(name[1:]))
        glasses.append(tuple(_BACK[v] if v in _BACK else int(v) for v in values.split(",")))
    turn = _turn(match) if match[2] is not None else None
    number = turn.number if turn is not None else 0
    state = State(
        config,
        "play",
        tuple(owner),
        tuple(glasses),
        ledger,
        turn,
        vomits=vomits,
        turns=number,
    )
    for tail in fields[1:]:
        words = tail.split()
        if words[0] == "dq":
            state = replace(state, disqualified=frozenset(int(p) for p in words[1].split(",")))
        elif words[0] == "poured":
            state = replace(state, poured=True)
        elif words[0] == "end":
            winners = tuple(int(p) for p in words[2].split(",")) if len(words) > 2 else ()
            state = replace(state, phase="over", ending=Ending(words[1], winners))  # type: ignore[arg-type]
    if turn is not None and turn.throw is not None and not turn.declare:
        found = board.options(state.glasses, turn.colour, turn.throw, config.profile, turn.forced)
        state = replace(state, turn=replace(turn, options=found))
    return state


def _turn(match: re.Match[str]) -> Turn:
    number, chain, attempts = int(match[2]), int(match[4]), int(match[5])
    top = None if match[6] == "-" else int(match[6])
    colour = LETTERS.index(match[3])
    return Turn(colour, number, attempts, chain, chain, top, match[7] == "!", match[7] == "?")
