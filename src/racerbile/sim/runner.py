"""Playing one seeded game with bots, on the engine contract alone.

Seeds: game ``i`` of a run with master seed ``s`` rolls its dice from
``DiceStream(game_seed(s, i))`` and seat ``k``'s bot draws from
``numpy.random.default_rng([s, i, k])``, so a game's outcome depends only on
``(s, i)``, never on which worker played it or in what order.

Statistics: the core every game has (places from the result, turns as runs of
consecutive decisions by one seat, decisions per game) is derived here; the columns
come from the game's declared :class:`~racerbile.engine.capabilities.SimStats`
(``game.stats``), which may also count turns its own way (see :func:`play_game`).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
from pydantic import BaseModel

from ..engine import Action, DiceStream, Event, Game, Result
from ..engine.autoplay import autoplay, seat_bots
from ..engine.capabilities import GameStats
from ..engine.outcome import MAX_ACTIONS, GameOutcome, SeatOutcome, SimSpec, SimulationError
from ..games import get_game

__all__ = ["MAX_ACTIONS", "SimSpec", "SimulationError"]


def resolve_game(ref: str) -> Game:
    """Returns the game for a registry id or a ``module:attribute`` reference (a game
    object outside the registry, e.g. one a test defines)."""
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
    declared = game.stats
    extra = declared.outcome(setup, state, events, final) if declared else GameStats(())
    columns = declared.columns if declared else ()
    return _outcome(index, dice_seed, players, actors, final, extra, columns)


def _outcome(
    index: int,
    dice_seed: int,
    players: Sequence[str],
    actors: Sequence[int],
    final: Result,
    extra: GameStats,
    columns: Sequence[str],
) -> GameOutcome:
    places = {standing.seat: standing.place for standing in final.standings}
    turns = decision_turns(len(players), actors)
    seats = []
    for k, player in enumerate(players):
        given = extra.seats[k] if k < len(extra.seats) else {}
        seats.append(
            SeatOutcome(
                seat=k,
                player=player,
                place=places.get(k, 0),
                turns=int(given.get("turns", turns[k])),
                stats={key: int(given.get(key, 0)) for key in columns},
            )
        )
    length = extra.length if extra.length is not None else max((s.turns for s in seats), default=0)
    locations = {str(k): [str(x) for x in v] for k, v in extra.locations.items()}
    return GameOutcome(index, dice_seed, tuple(seats), int(length), len(actors), locations)


def decision_turns(n_seats: int, actors: Sequence[int]) -> list[int]:
    """Returns each seat's turns: runs of consecutive decisions by that seat."""
    turns = [0] * n_seats
    previous = None
    for seat in actors:
        if seat != previous:
            turns[seat] += 1
        previous = seat
    return turns


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
    game's statistics draw boards; else None."""
    game, setup = _prepared(spec.game, json.dumps(spec.setup, sort_keys=True))
    draw = game.stats.board_cells if game.stats else None
    return draw(setup) if draw else None
