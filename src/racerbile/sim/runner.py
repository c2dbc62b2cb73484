"""Playing one seeded game with bots, on the engine contract alone.

Seeds: game ``i`` of a run with master seed ``s`` rolls its dice from
``DiceStream(game_seed(s, i))`` and seat ``k``'s bot draws from
``numpy.random.default_rng([s, i, k])``, so a game's outcome depends only on
``(s, i)``, never on which worker played it or in what order.

Statistics: the generic part (places, sips and sips caused from ``Drank`` events,
turns) is derived here; a game may add its own numbers (beers, off-track exits,
overtakes, where they happened) with a module ``<game package>.stats`` holding
``outcome_stats(setup, state, events, result) -> dict`` (see :func:`play_game`).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

import numpy as np
from pydantic import BaseModel

from ..engine import Action, DiceStream, Drank, Event, Game, Result
from ..engine.autoplay import autoplay, seat_bots
from ..games import REGISTRY, get_game
from .outcome import SEAT_FIELDS, GameOutcome, SeatOutcome

MAX_ACTIONS = 200_000  # a game longer than this is a bot or rules bug, not a long race


class SimulationError(RuntimeError):
    """A simulated game could not be played; the message names the game and its seed."""


@dataclass(frozen=True)
class SimSpec:
    """What to simulate: a game (registry id or ``module:attribute``), its setup as
    JSON, one bot name per seat, the master seed and the engine to use."""

    game: str
    setup: dict[str, Any]
    players: tuple[str, ...]
    seed: int
    engine: str = "reference"


def resolve_game(ref: str) -> Game:
    """Returns the game for a registry id or a ``module:attribute`` reference."""
    if ":" not in ref:
        return get_game(ref)
    module_name, attribute = ref.split(":", 1)
    game: Game = getattr(importlib.import_module(module_name), attribute)
    return game


def game_seed(seed: int, index: int) -> int:
    """Returns the dice seed of game ``index`` in a run with master seed ``seed``."""
    return int(np.random.SeedSequence([seed, index]).generate_state(1, np.uint64)[0])


def bot_rng(seed: int, index: int, seat: int) -> np.random.Generator:
    """Returns the generator the bot in ``seat`` of game ``index`` draws from."""
    return np.random.default_rng([seed, index, seat])


def check_players(game: Game, players: Sequence[str]) -> None:
    """Raises ValueError naming the bad bot or seat count, listing what is valid."""
    known = game.bots
    unknown = [p for p in players if p not in known]
    if unknown:
        available = ", ".join(sorted(known))
        raise ValueError(
            f"unknown {game.info.id} bot(s) {', '.join(unknown)}; available: {available}"
        )
    if not game.info.min_seats <= len(players) <= game.info.max_seats:
        raise ValueError(
            f"{game.info.name} takes {game.info.min_seats}-{game.info.max_seats} players, "
            f"not {len(players)}"
        )


def play_game(
    game: Game, setup: BaseModel, players: Sequence[str], seed: int, index: int = 0
) -> GameOutcome:
    """Plays game ``index`` of a run seeded ``seed`` to the end and returns its outcome.

    ``players`` names the bot of each seat (keys of ``game.bots``). Raises
    SimulationError when the game does not end within MAX_ACTIONS actions or a bot
    returns an illegal action.
    """
    dice_seed = game_seed(seed, index)
    bots = seat_bots(
        {seat: game.bots[name] for seat, name in enumerate(players)},
        {seat: bot_rng(seed, index, seat) for seat in range(len(players))},
    )
    state = game.start(setup)
    events: list[Event] = []
    actors: list[int] = []
    chosen: list[tuple[int, Action]] = []  # the last seat decision, for an error message

    def decide(now: Any, seat: int) -> Action | None:
        if len(actors) >= MAX_ACTIONS:
            raise SimulationError(
                f"game {index} (dice seed {dice_seed}) did not end in {MAX_ACTIONS} actions"
            )
        action = bots(now, seat)
        chosen[:] = [(seat, action)] if action is not None else []
        return action

    try:
        for played in autoplay(game, state, DiceStream(dice_seed), decide, sys.maxsize):
            if isinstance(played.actor, int):
                actors.append(played.actor)
            chosen.clear()
            state = played.step.state
            events.extend(played.step.events)
    except ValueError as exc:
        who, action = (players[chosen[0][0]], chosen[0][1]) if chosen else ("chance", None)
        raise SimulationError(
            f"game {index} (dice seed {dice_seed}): {who} chose {action!r}: {exc}"
        ) from exc
    final = game.result(state)
    if final is None:
        raise SimulationError(f"game {index} (dice seed {dice_seed}) ended without a result")
    extra = _adapter_stats(game, setup, state, events, final)
    return _outcome(index, dice_seed, players, events, actors, final, extra)


def _outcome(
    index: int,
    dice_seed: int,
    players: Sequence[str],
    events: Sequence[Event],
    actors: Sequence[int],
    final: Result,
    extra: dict[str, Any],
) -> GameOutcome:
    base = generic_seat_stats(len(players), events, actors, final)
    for seat, overrides in enumerate(extra.get("seats", ())):
        base[seat].update({k: int(v) for k, v in overrides.items() if k in SEAT_FIELDS})
    seats = tuple(SeatOutcome(seat=k, player=players[k], **base[k]) for k in range(len(players)))
    length = int(extra.get("length", max((s.turns for s in seats), default=0)))
    locations = {str(k): [str(x) for x in v] for k, v in extra.get("locations", {}).items()}
    return GameOutcome(index, dice_seed, seats, length, len(actors), locations)


def generic_seat_stats(
    n_seats: int, events: Sequence[Event], actors: Sequence[int], final: Result
) -> list[dict[str, int]]:
    """Returns per-seat numbers every game has: place, sips and sips caused (from
    ``Drank`` events) and turns (runs of consecutive decisions by one seat)."""
    stats = [dict.fromkeys(SEAT_FIELDS, 0) for _ in range(n_seats)]
    for standing in final.standings:
        stats[standing.seat]["place"] = standing.place
    for event in events:
        if isinstance(event, Drank):
            stats[event.player]["sips"] += event.sips
            if event.caused_by is not None and event.caused_by != event.player:
                stats[event.caused_by]["caused"] += event.sips
    previous = None
    for seat in actors:
        if seat != previous:
            stats[seat]["turns"] += 1
        previous = seat
    return stats


def stats_module(game: Game) -> ModuleType | None:
    """Returns the game's statistics adapter module (``<package>.stats``), if it has one."""
    target = REGISTRY.get(game.info.id)
    package = target.split(":")[0] if target else type(game).__module__
    return _import_optional(f"{package}.stats")


@cache
def _import_optional(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def _adapter_stats(
    game: Game, setup: BaseModel, state: Any, events: Sequence[Event], final: Result
) -> dict[str, Any]:
    module = stats_module(game)
    hook: Callable[..., dict[str, Any]] | None = getattr(module, "outcome_stats", None)
    return hook(setup, state, events, final) if hook else {}


def play_chunk(spec: SimSpec, indices: Sequence[int]) -> list[GameOutcome]:
    """Plays the games ``indices`` of ``spec`` with the reference engine (a worker's job)."""
    game, setup = _prepared(spec.game, json.dumps(spec.setup, sort_keys=True))
    return [play_game(game, setup, spec.players, spec.seed, i) for i in indices]


@cache
def _prepared(ref: str, setup_json: str) -> tuple[Game, BaseModel]:
    game = resolve_game(ref)
    return game, game.Setup.model_validate(json.loads(setup_json))


def board_cells(spec: SimSpec) -> dict[str, list[tuple[float, float]]] | None:
    """Returns the board's cell polygons keyed like the outcome locations, when the
    game's statistics adapter draws boards (``board_cells(setup)``); else None."""
    game, setup = _prepared(spec.game, json.dumps(spec.setup, sort_keys=True))
    hook = getattr(stats_module(game), "board_cells", None)
    cells: dict[str, list[tuple[float, float]]] | None = hook(setup) if hook else None
    return cells
