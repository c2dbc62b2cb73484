"""The bot pool: bots decide in worker processes, off the event loop, within a time budget.

A bot may be slow (Vectrace's ``optimal`` solves the whole track before its first move,
with Numba kernels that hold the GIL), so a decision runs in a bounded pool of
processes, never on the loop or in one of its threads. A decision that takes longer
than the budget is stopped (its worker is killed and replaced) and the room plays a
fallback instead; a worker also has a memory limit, so a solver cannot grow the
server until it dies.

A worker rebuilds the game's state from the setup and the actions played (JSON, as
stored), and keeps the last states it built, so each decision replays only the
actions since its previous one for that game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import resource
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from pebble import ProcessExpired, ProcessPool

from ..engine import Action, Game, step
from ..engine.codec import record_codec
from ..engine.record import live_actions

log = logging.getLogger(__name__)

STATES_KEPT = 32
"""How many games' latest states one worker keeps (it replays any other from the start)."""


@dataclass(frozen=True)
class Decision:
    """What a bot is asked: the game, its setup and record so far, the bot and its seed."""

    game: Game
    key: str
    setup: dict[str, Any]
    actions: Sequence[dict[str, Any]]
    bot: str
    seed: int


class BotPool:
    """A bounded pool of worker processes in which bots decide (one per app)."""

    def __init__(self, workers: int, memory_mb: int | None):
        self.workers = workers
        self.memory_mb = memory_mb
        self._pool: ProcessPool | None = None

    async def decide(self, decision: Decision, budget_s: float) -> Action | None:
        """Returns the bot's action, or None when it took longer than ``budget_s`` (counted
        from when a worker starts on it) or failed."""
        future = self._started().schedule(_decide, args=(decision,), timeout=budget_s)
        try:
            data = await asyncio.wrap_future(future)
        except (TimeoutError, concurrent.futures.TimeoutError):
            log.warning("the %s bot took longer than %.1f s", decision.bot, budget_s)
            return None
        except ProcessExpired as exc:
            log.warning("the %s bot's worker stopped (exit code %s)", decision.bot, exc.exitcode)
            return None
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as exc:  # MemoryError and a bot's own bugs arrive here, pickled
            log.warning("the %s bot failed: %s: %s", decision.bot, type(exc).__name__, exc)
            return None
        return record_codec(decision.game).decode(data)

    def _started(self) -> ProcessPool:
        if self._pool is None:
            self._pool = ProcessPool(
                max_workers=self.workers,
                initializer=_limit_memory,
                initargs=(self.memory_mb,),
                context=multiprocessing.get_context("spawn"),
            )
        return self._pool

    def close(self) -> None:
        """Stops the workers (a decision still running is abandoned)."""
        if self._pool is not None:
            self._pool.stop()
            self._pool.join(timeout=5)
            self._pool = None


def _limit_memory(memory_mb: int | None) -> None:
    if memory_mb is not None:
        limit = memory_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


# ---- inside a worker ---------------------------------------------------------------

_states: OrderedDict[str, tuple[list[dict[str, Any]], Any]] = OrderedDict()


def _decide(decision: Decision) -> dict[str, Any]:
    state = _state_at(decision)
    rng = np.random.default_rng([decision.seed, len(decision.actions)])
    return decision.game.bots[decision.bot](state, rng).to_json()


def _state_at(decision: Decision) -> Any:
    """Returns the state after ``decision.actions``, replaying from the last one kept."""
    game, actions = decision.game, live_actions(decision.actions)
    kept = _states.pop(decision.key, None)
    if kept is not None and kept[0] == actions[: len(kept[0])]:
        done, state = kept
    else:
        done, state = [], game.start(game.Setup.model_validate(decision.setup))
    codec = record_codec(game)
    for data in actions[len(done) :]:
        state = step(game, state, codec.decode(data)).state
    _states[decision.key] = (actions, state)
    while len(_states) > STATES_KEPT:
        _states.popitem(last=False)
    return state
