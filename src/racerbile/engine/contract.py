"""The one contract every game implements, documented once.

A game is a deterministic state machine over immutable states:

* ``start(setup)`` returns the initial state for a validated setup.
* ``to_act(state)`` says who acts next: a seat number (0-based), :data:`CHANCE`
  when dice or another random draw decide, or ``None`` when the game is over.
* ``legal_actions(state)`` lists the actions the actor may take now. At a chance
  point it lists the possible outcomes (the same actions as ``chance_outcomes``).
* ``chance_outcomes(state)`` gives the exact distribution at a chance point as
  ``(action, Fraction)`` pairs summing to 1, and is empty elsewhere.
* ``apply(state, action)`` returns a :class:`Step`: the new state and the events
  that explain what happened. It raises :class:`~racerbile.engine.errors.IllegalAction`
  (with the rule id where one applies) and never changes its input.
* ``view(state, seat)`` returns the JSON one seat (or ``None``: a spectator) may see.
* ``result(state)`` returns the final standings once the game is over.
* ``clock(state)`` asks the host for timers: a :class:`Clock` (or a list of them),
  ``None`` for none. ``Clock(seconds, action)`` means "if nothing happens for that
  long, apply this action" (a stall timer); ``Clock(seconds, action, since="start")``
  means "apply it once the game has run that long" (an event's length);
  ``Clock(seconds, action, since="event", event=key)`` means "apply it that long after
  the game first asked for the clock ``key``" (a countdown started by an event or a
  phase: it runs while the game keeps asking for ``key``, whatever else happens). A
  plain ``(seconds, action)`` pair is a stall timer. The action is recorded like any
  other, so replay needs no clock.
* ``referee_action_types`` lists the actions a referee (or a judge) may send at any
  time, whoever is to act: they are never in ``legal_actions``, do not change who is
  to act, and the host applies them with the trusted actor. Empty for most games.
  A referee action with a ``judge`` field names the judge who called it.
* ``judges(state)`` names the judges of a game that has some (``[]`` for most); the
  host hands each a token that may send referee actions only.
* ``referee_options(state)``, ``roller(state)`` and ``may_void(state, actions, sender)``
  (all optional) say what the referee may send now and by whom, who throws the real
  dice, and who may void recorded actions: see :mod:`racerbile.engine.referee`.
* A seat is one participant; a game may give it several pieces or colours.
* ``format_state``/``format_action``/``parse_action`` give the one-line notation
  of states and actions; ``parse_action(format_action(a)) == a``.
* ``describe(event, lang, names)`` returns one sentence for an event in Danish
  (``"da"``) or English (``"en"``), naming players by ``names`` (seat order).

The optional capabilities (tracks, bots, the drink ledger, odds, analysis, simulator
statistics, a fast simulation path) are declared as attributes, documented in
:mod:`racerbile.engine.capabilities`; a game inherits their defaults (none) from
:class:`~racerbile.engine.capabilities.GameCapabilities`.

Platform code never calls ``apply`` directly; it calls :func:`racerbile.engine.step`,
which does the checks all games share. Everything non-deterministic (dice, clock,
judge input, stopwatch times) enters as an action, so a record replays exactly.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Final,
    Literal,
    Protocol,
    TypeAlias,
    runtime_checkable,
)

if TYPE_CHECKING:
    import numpy as np
    from pydantic import BaseModel

    from .capabilities import BotRoster, DrinkColumn, FastPath, LogLine, OddsTable, SimStats
    from .ledger import Ledger
    from .referee import RefereeAction


@dataclass(frozen=True)
class Chance:
    """The chance actor: dice, draws. The host samples it or a referee types it."""

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = Chance()
Seat: TypeAlias = int
Actor: TypeAlias = Seat | Chance | None


@dataclass(frozen=True)
class Action:
    """Base of every action: a small frozen dataclass with a ``kind`` literal."""

    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form: ``{"kind": ..., <fields>}``."""
        return {"kind": self.kind, **_fields_json(self)}


@dataclass(frozen=True)
class Event:
    """Base of every event: a small frozen dataclass with a ``kind`` literal."""

    kind: ClassVar[str] = "event"

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form: ``{"kind": ..., <fields>}``."""
        return {"kind": self.kind, **_fields_json(self)}


@functools.cache
def _field_names(cls: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _fields_json(value: Any) -> dict[str, Any]:
    """Returns a dataclass's fields as JSON (what ``dataclasses.asdict`` and :func:`plain_json`
    give, without asdict's deep copies: every action of every view goes through here)."""
    return {name: plain_json(getattr(value, name)) for name in _field_names(value.__class__)}


def plain_json(value: Any) -> Any:
    """Turns tuples into lists, Fractions into "n/d" strings and dataclasses into dicts,
    recursively (``dataclasses.asdict`` without its deep copies, for JSON)."""
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, dict):
        return {k: plain_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain_json(v) for v in value]
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _fields_json(value)
    return value


@dataclass(frozen=True)
class Step:
    """What :meth:`Game.apply` returns: the new state and the events explaining it."""

    state: Any
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Standing:
    """One seat's place in the final result (1 = first; equal places are shared)."""

    seat: Seat
    place: int
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Result:
    """The final standings of a finished game."""

    standings: tuple[Standing, ...]
    summary: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Clock:
    """A timer a game asks the host for (see ``Game.clock``).

    ``since="last_action"``: apply ``action`` when nothing has happened for ``seconds``
    (it starts again after every change); ``since="start"``: apply it once ``seconds``
    have passed since the game was created; ``since="event"``: apply it ``seconds``
    after the game first asked for the clock named ``event`` (and kept asking since).
    """

    seconds: float
    action: Action
    since: Literal["last_action", "start", "event"] = "last_action"
    event: str = ""


ClockRequest: TypeAlias = Clock | tuple[float, Action] | list[Clock] | None
"""What ``Game.clock`` returns; :func:`clocks` turns it into a list."""


def clocks(request: ClockRequest) -> list[Clock]:
    """Returns the timers a ``Game.clock`` answer asks for, as a list of :class:`Clock`."""
    if request is None:
        return []
    if isinstance(request, Clock):
        return [request]
    if isinstance(request, list):
        return list(request)
    seconds, action = request
    return [Clock(seconds, action)]


def judge_names(game: Game, state: Any) -> list[str]:
    """Returns the judges the game names for ``state`` (``[]`` for most games)."""
    return list(game.judges(state))


@dataclass(frozen=True)
class GameInfo:
    """Metadata the lobby, CLI and simulator read instead of branching on game ids."""

    id: str
    name: str
    min_seats: int
    max_seats: int
    rules_version: int
    has_chance: bool
    has_hidden_info: bool = False
    supports_referee: bool = False
    rule_sets: tuple[str, ...] = ()
    description: str = ""


@runtime_checkable
class Game(Protocol):
    """A game's rules behind the shared contract (see the module docstring)."""

    # Read-only members (properties), so that a game may narrow their types.
    @property
    def info(self) -> GameInfo: ...

    @property
    def Setup(self) -> type[BaseModel]: ...

    @property
    def action_types(self) -> Sequence[type[Action]]: ...

    @property
    def referee_action_types(self) -> Sequence[type[Action]]: ...

    def start(self, setup: BaseModel) -> Any: ...

    def to_act(self, state: Any) -> Actor: ...

    def legal_actions(self, state: Any) -> Sequence[Action]: ...

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Action, Fraction]]: ...

    def apply(self, state: Any, action: Action) -> Step: ...

    def view(self, state: Any, seat: Seat | None) -> dict[str, Any]: ...

    def result(self, state: Any) -> Result | None: ...

    def describe(
        self, event: Event, lang: str = "en", names: Sequence[str] | None = None
    ) -> str: ...

    def seat_names(self, state: Any) -> list[str]: ...

    def clock(self, state: Any) -> ClockRequest: ...

    def format_state(self, state: Any) -> str: ...

    def format_action(self, action: Action) -> str: ...

    def parse_action(self, text: str) -> Action: ...

    # The optional capabilities (see racerbile.engine.capabilities for each).
    @property
    def drinks(self) -> tuple[DrinkColumn, ...]: ...

    @property
    def narration_breaks(self) -> frozenset[str]: ...

    @property
    def narration_resumes(self) -> bool: ...

    @property
    def odds(self) -> Callable[[], OddsTable] | None: ...

    @property
    def analysis(self) -> Callable[[str, str | None], dict[str, Any]] | None: ...

    @property
    def stats(self) -> SimStats | None: ...

    @property
    def fast(self) -> FastPath | None: ...

    @property
    def playthroughs(self) -> Mapping[str, tuple[dict[str, Any], int]]: ...

    @property
    def tracks(self) -> TrackCatalog | None: ...

    @property
    def bots(self) -> BotRoster: ...

    def judges(self, state: Any) -> list[str]: ...

    def ledger(self, state: Any) -> Ledger | None: ...

    def referee_options(self, state: Any) -> Sequence[RefereeAction] | None: ...

    def referee_actions(self, state: Any) -> Sequence[Action] | None: ...

    def roller(self, state: Any) -> Seat | Literal["last"] | None: ...

    def may_void(self, state: Any, actions: Sequence[Action], sender: str) -> str | None: ...

    def narrate(
        self, events: Sequence[tuple[int, Event]], lang: str, names: Sequence[str]
    ) -> list[LogLine] | None: ...


Describer = Callable[[Event, str], str]

# A bot picks an action for the seat to act. Bots may draw randomness from the
# generator they are given (rules never do), so a seeded game stays reproducible.
Bot = Callable[[Any, "np.random.Generator"], Action]


@runtime_checkable
class TrackCatalog(Protocol):
    """A game's tracks: bundled ones, tracks sent as text, validation and pictures.

    A catalog never opens a path it is given: ``load`` takes a bundled id only, and
    ``parse`` a track's text (what a setup's ``track_text`` holds); ``text_of`` turns a
    file's content, read by the caller and named by ``source``, into that text. Each
    raises :class:`~racerbile.engine.errors.TrackError` with one clear message.
    ``setup_fields`` names the two setup fields a track enters by: the bundled id and
    the text (``("track", "track_text")``; Rallyman's are ``("rally", "rally_text")``).
    """

    setup_fields: tuple[str, str]

    def bundled(self) -> dict[str, Path]: ...

    def load(self, ref: str) -> Any: ...

    def parse(self, text: str, source: str = ..., track_id: str = ...) -> Any: ...

    def text_of(self, data: bytes, source: str) -> str: ...

    def warnings(self, track: Any) -> list[str]: ...

    def info(self, track: Any) -> dict[str, Any]: ...

    def render_svg(self, track: Any, show: frozenset[str] = frozenset()) -> str: ...
