"""What a game declares to the platform besides its rules.

A game package's ``__init__`` exports ``MANIFEST``: a :class:`GameManifest` that is
cheap to import (it imports no rules engine, NumPy, Numba or web framework). It holds
the lobby's metadata, a loader for the game object, and the parts the platform mounts
before the rules are needed: the track catalogue, the game's command-line commands
and its web assets.

The game object (what ``GameManifest.load`` returns, a
:class:`~racerbile.engine.contract.Game`) declares the remaining optional
capabilities as attributes that are ``None`` (or empty) when a game lacks them;
:class:`GameCapabilities` holds those defaults, so a game inherits it and sets only
what it has:

* ``tracks``: a :class:`~racerbile.engine.contract.TrackCatalog` (bundled tracks,
  files, validation, pictures);
* ``bots``: a :class:`BotRoster`, each bot with a one-line description;
* ``referee_action_types`` and ``judges(state)``: the actions a referee or judge may
  send whoever is to act, and the judges' names (see the contract);
* ``ledger(state)``: the drink ledger of a drinking game, and ``drinks``, the columns
  of its drinking table in the game's own units (:class:`DrinkColumn`);
* ``odds``: a function giving an :class:`OddsTable` of exact figures;
* ``analysis``: exact figures of one track and rule set, as JSON;
* ``stats``: the simulator's columns for this game (:class:`SimStats`);
* ``fast``: a compiled simulation path (:class:`FastPath`), loaded only when used;
* ``narrate(events, lang, names)``: the log's lines, when a game tells several events
  as one sentence (a whole move, say); None (the default) gives one line per event;
  ``narration_breaks``: the event kinds before which its narration starts afresh (the
  lines of the events before never change), so the server tells only what is new;
  ``narration_resumes``: True when the events after a line's last event, told without
  those before, give the lines that follow (no sentence carries anything over), so
  the server tells a growing run of events again only from its last sentence;
* ``playthroughs``: the golden playthroughs (file name -> setup JSON, seed) that
  ``racerbile dev playthroughs`` writes and a test diffs.

The platform reads these declarations; it never looks a game's modules up by name,
never imports them and never probes a game with ``getattr``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from pydantic import BaseModel

    from .contract import Action, Bot, Event, Game, GameInfo, Result, TrackCatalog
    from .ledger import Drank, Ledger
    from .outcome import GameOutcome, SimSpec
    from .referee import RefereeAction


@dataclass(frozen=True)
class WebAssets:
    """A game's browser code: a folder served read-only at ``/games/{id}/static/``.

    ``board`` is the ES module (inside ``folder``) that the platform's room,
    spectator and start pages import for this game; it draws the board, the
    game's panels, setup form and referee console from the platform's view
    envelope.
    """

    folder: Path
    board: str = "board.js"


class CommandMount(Protocol):
    """What a game's ``MANIFEST.cli`` is given to add its commands to the command line.

    ``command(name, group=None)`` is a decorator that adds a Typer command at the top
    level or under one of the platform's shared groups (``"analyse"``, ``"solve"``);
    a command that raises :class:`~racerbile.engine.errors.UsageError` ends with one
    error line and exit status 2. A command reads local files through the platform:
    ``load_track(catalog, ref)`` returns the track of a bundled id or a local track
    file, ``read_file(path, what)`` a local file's bytes (both end the command with
    one error line naming the file when they cannot); ``plain(text)`` shows the
    control characters of text read from a file before it is printed.
    """

    def command(
        self, name: str, group: str | None = None
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]: ...

    def load_track(self, catalog: TrackCatalog, ref: str) -> Any: ...

    def read_file(self, path: str | Path, what: str) -> bytes: ...

    def plain(self, text: object) -> str: ...


@dataclass(frozen=True)
class GameManifest:
    """A game's face to the platform, importable without its rules engine.

    ``load`` returns the game object. ``tracks`` (optional) returns the track
    catalogue without loading the rules (``racerbile track list`` and the lobby use
    it). ``cli`` (optional) adds the game's own commands through a
    :class:`CommandMount`; it must import heavy modules only inside the commands it
    registers, so ``racerbile --help`` stays fast.
    """

    info: GameInfo
    load: Callable[[], Game]
    cli: Callable[[CommandMount], None] | None = None
    web: WebAssets | None = None
    tracks: Callable[[], TrackCatalog] | None = None


class BotRoster(Mapping[str, "Bot"]):
    """A game's bots by name, each with a one-line description (for lists and the lobby)."""

    def __init__(self, bots: Mapping[str, Bot], descriptions: Mapping[str, str]):
        missing = sorted(set(bots) ^ set(descriptions))
        if missing:
            raise ValueError(f"bots and descriptions differ in: {', '.join(missing)}")
        self._bots = dict(bots)
        self._descriptions = dict(descriptions)

    def __getitem__(self, name: str) -> Bot:
        return self._bots[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._bots)

    def __len__(self) -> int:
        return len(self._bots)

    def description(self, name: str) -> str:
        """Returns the one-line description of bot ``name``; raises KeyError."""
        return self._descriptions[name]


NO_BOTS = BotRoster({}, {})


@dataclass(frozen=True)
class OddsTable:
    """Exact figures of a game's chance model: one column per situation (``columns``
    maps a key such as a gear to its figures), one row per figure (``rows``: figure
    key -> label, in the order shown). A figure is a Fraction, a number, or a
    distribution (a dict of outcome -> Fraction, shown in JSON only)."""

    title: str
    column_label: str
    columns: Mapping[str, Mapping[str, Any]]
    rows: Mapping[str, str]


@dataclass(frozen=True)
class TableColumn:
    """One column of the simulator's tables: the means of ``keys`` (joined by "/"),
    with the standard deviation when ``spread``; ``digits`` decimals (None: none from
    10 up, else one). ``hide_zero`` leaves it out when all its means are 0;
    ``per_seat`` shows it in the per-seat table too."""

    label: str
    keys: tuple[str, ...]
    digits: int | None = 1
    spread: bool = False
    hide_zero: bool = False
    per_seat: bool = False


@dataclass(frozen=True)
class TotalColumn:
    """One number of a whole game: the sum of ``keys`` (seat columns, or the core
    ``turns``) over its seats, shown as mean±sd per game and, with ``quantile`` (such
    as 0.95), the amount that covers that share of the games (a drink bill)."""

    label: str
    keys: tuple[str, ...]
    quantile: float | None = None


@dataclass(frozen=True)
class ViolinFigure:
    """A picture of per-player distributions: one panel per ``(key, title)``."""

    filename: str
    title: str
    y_label: str
    panels: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class GameStats:
    """What a game adds to one simulated game's outcome: per seat, its columns (and
    ``turns`` when the game counts turns its own way); the length in rounds (None:
    the most turns of a seat); where things happened (kind -> board cell keys)."""

    seats: Sequence[Mapping[str, int]]
    length: int | None = None
    locations: Mapping[str, Sequence[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class SimStats:
    """The simulator's columns for one game, and how to compute them.

    ``columns`` names every per-seat number, in CSV order; ``rates`` those whose share
    of seat-games above zero is reported too (``<key>_rate``). ``outcome(setup, state,
    events, result)`` computes them from a finished game. ``table`` and ``note`` lay
    out the report (a column may show the core ``turns``), ``totals`` the per-game
    sums over all seats, ``violins`` and ``locations`` (kind -> title, colour) the
    pictures; ``board_cells(setup)`` gives each board cell's outline keyed like the
    locations (for the board picture).
    """

    columns: tuple[str, ...]
    outcome: Callable[[BaseModel, Any, Sequence[Event], Result], GameStats]
    table: tuple[TableColumn, ...] = ()
    note: str = ""
    rates: tuple[str, ...] = ()
    violins: ViolinFigure | None = None
    locations: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    board_cells: Callable[[BaseModel], dict[str, list[tuple[float, float]]]] | None = None
    totals: tuple[TotalColumn, ...] = ()


class FastEngine(Protocol):
    """A game's fast simulation path (see :class:`FastPath`)."""

    def unsupported(self, spec: SimSpec) -> str | None:
        """Returns why this engine cannot play ``spec`` (a sentence), or None if it can."""
        ...

    def play_chunk(self, spec: SimSpec, indices: Sequence[int]) -> list[GameOutcome]:
        """Plays games ``indices`` of ``spec``, seeded exactly as the reference engine."""
        ...


@dataclass(frozen=True)
class FastPath:
    """A compiled simulation path that reproduces the reference engine game for game.

    ``engine(threads)`` builds it (imports happen there, so declaring it is free).
    ``bench_setup(laps)`` and ``bench_players`` are the races ``racerbile bench``
    compares both engines on. ``baseline(spec, indices)``, when given, plays those
    games as a minimal compiled turn loop (only the work no turn can skip) and
    returns the player-turns: the benchmark's floor for the fast path.
    """

    engine: Callable[[int | None], FastEngine]
    bench_setup: Callable[[int], dict[str, Any]]
    bench_players: tuple[str, ...]
    baseline: Callable[[SimSpec, Sequence[int]], int] | None = None


@dataclass(frozen=True)
class DrinkColumn:
    """One column of a game's drinking table: the key in each row of the ledger's
    table (and of the view's ``drinks``), and its heading."""

    key: str
    label: str


@dataclass(frozen=True)
class LineDrink:
    """One drink a log line tells of: who drinks how much of what, and who caused it."""

    seat: int
    amount: int
    unit: str
    caused_by: int | None = None

    @classmethod
    def of(cls, drank: Drank) -> LineDrink:
        """Returns the drink of one ``Drank`` event."""
        return cls(drank.player, drank.sips, drank.unit, drank.caused_by)


@dataclass(frozen=True)
class LogLine:
    """One line of the game's log: the record position (``seq``) of its last event, a
    kind, the sentence, the seat it concerns (None: nobody in particular) and the
    drinks it tells of (the scoreboard's "drink now")."""

    seq: int
    kind: str
    text: str
    seat: int | None = None
    drinks: tuple[LineDrink, ...] = ()


class GameCapabilities:
    """The optional capabilities of a game with their defaults: none.

    A game class inherits this and overrides what it has (see the module docstring).
    """

    referee_action_types: Sequence[type[Action]] = ()
    drinks: tuple[DrinkColumn, ...] = ()
    narration_breaks: frozenset[str] = frozenset()
    narration_resumes: bool = False
    odds: Callable[[], OddsTable] | None = None
    analysis: Callable[[str, str | None], dict[str, Any]] | None = None
    stats: SimStats | None = None
    fast: FastPath | None = None
    playthroughs: Mapping[str, tuple[dict[str, Any], int]] = MappingProxyType({})

    @property
    def tracks(self) -> TrackCatalog | None:
        """Returns the track catalogue, or None for a game without tracks."""
        return None

    @property
    def bots(self) -> BotRoster:
        """Returns the bots by name (none by default)."""
        return NO_BOTS

    def judges(self, state: Any) -> list[str]:
        """Returns the names of the game's judges (none by default)."""
        return []

    def ledger(self, state: Any) -> Ledger | None:
        """Returns the drink ledger of ``state`` (None: the game keeps none)."""
        return None

    def narrate(
        self, events: Sequence[tuple[int, Event]], lang: str, names: Sequence[str]
    ) -> list[LogLine] | None:
        """Returns the log's lines for ``events`` (record position, event), oldest first;
        None (the default): one line per event, in the words of ``describe``."""
        return None

    def referee_options(self, state: Any) -> Sequence[RefereeAction] | None:
        """Returns what the referee may send now and by whom (None: any referee action,
        from the host or a judge; see :mod:`racerbile.engine.referee`)."""
        return None

    def referee_actions(self, state: Any) -> Sequence[Action] | None:
        """Returns the referee's buttons now (None: the options that fix every field)."""
        return None

    def roller(self, state: Any) -> int | Literal["last"] | None:
        """Returns the seat that throws the real dice due now (None: any seat;
        ``"last"``: the seat that acted last, the default)."""
        return "last"

    def may_void(self, state: Any, actions: Sequence[Action], sender: str) -> str | None:
        """Returns why ``sender`` may not void ``actions`` (None: allowed); by default
        nothing can be voided."""
        return "this game has no undo"


def fraction_text(value: Any) -> Any:
    """Returns a Fraction as ``"n/d"``, a dict with its values converted, else the value."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, Mapping):
        return {str(k): fraction_text(v) for k, v in value.items()}
    return value
