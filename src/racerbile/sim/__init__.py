"""The Monte Carlo simulator: seeded games between bots, run serially, in local
processes or on a Dask cluster, summarised as tables, JSON, CSV and plots over the
columns each game declares."""

from ..engine.capabilities import FastEngine
from ..engine.outcome import GameOutcome, SeatOutcome, SimSpec, SimulationError
from .engines import ENGINES, choose_engine, fast_engine_for
from .execute import run
from .runner import (
    board_cells,
    bot_rng,
    check_players,
    game_seed,
    play_chunk,
    play_game,
    resolve_game,
)
from .summary import GroupSummary, RunSummary, Stat, summarise, wilson_interval

__all__ = [
    "ENGINES",
    "FastEngine",
    "GameOutcome",
    "GroupSummary",
    "RunSummary",
    "SeatOutcome",
    "SimSpec",
    "SimulationError",
    "Stat",
    "board_cells",
    "bot_rng",
    "check_players",
    "choose_engine",
    "fast_engine_for",
    "game_seed",
    "play_chunk",
    "play_game",
    "resolve_game",
    "run",
    "summarise",
    "wilson_interval",
]
