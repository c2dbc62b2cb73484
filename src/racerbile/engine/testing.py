"""The contract check every game must pass, for each game's own tests to call.

:func:`check_contract` plays seeded random games to the end through
:func:`racerbile.engine.step` and after every step checks what the contract
promises: who acts, legal actions, exact chance distributions, JSON views and
actions, the drink ledger, and that the record replays to the same state.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np
from pydantic import BaseModel

from .autoplay import next_action
from .chance import DiceStream
from .codec import ActionCodec
from .contract import Chance, Game
from .ledger import Drank
from .record import Record, replay
from .step import step


class ContractViolation(AssertionError):
    """A game broke its contract; the message names the game, step and state."""


def check_contract(
    game: Game,
    setup: BaseModel,
    seed: int = 0,
    max_steps: int = 5000,
    bot: str | None = None,
    must_end: bool = True,
) -> Any:
    """Plays one seeded game and checks the contract after every step.

    Seats pick uniformly random legal actions, or follow the game's bot ``bot``.
    With ``must_end`` the game has to end within ``max_steps``; without it the check
    stops there. Returns the last state. Raises ContractViolation naming what broke.
    """
    state = game.start(setup)
    record = Record.new(game, setup, seed)
    dice, rng = DiceStream(seed), np.random.default_rng(seed)
    codec = ActionCodec(game.action_types)
    drank: list[Drank] = []
    for number in range(max_steps):
        _check_position(game, state, number)
        actor = game.to_act(state)
        if actor is None:
            break
        action = next_action(game, state, dice, rng, bot)
        _expect(action in game.legal_actions(state), game, number, f"illegal {action!r} chosen")
        _expect(
            codec.decode(json.loads(json.dumps(action.to_json()))) == action,
            game,
            number,
            f"{action!r} does not survive its JSON form",
        )
        result = step(game, state, action, actor)
        drank.extend(e for e in result.events if isinstance(e, Drank))
        names = game.seat_names(state)
        for event in result.events:
            json.dumps(event.to_json())
            sentence = game.describe(event, "en", names)
            _expect(bool(sentence), game, number, f"no sentence for {event!r}")
        state = result.state
        record = record.with_action(action)
        ledger = game.ledger(state)
        if ledger is not None:
            _expect(
                list(ledger.entries) == drank,
                game,
                number,
                "the drink ledger differs from the sum of Drank events",
            )
    else:
        if must_end:
            raise ContractViolation(f"{game.info.id}: no end after {max_steps} steps")
    if game.to_act(state) is None:
        _expect(game.result(state) is not None, game, max_steps, "the game ended without a result")
    replayed = replay(game, Record.parse(record.model_dump_json()))
    _expect(
        game.view(replayed.state, None) == game.view(state, None),
        game,
        max_steps,
        "replaying the record does not give the same state",
    )
    return state


def _check_position(game: Game, state: Any, number: int) -> None:
    actor = game.to_act(state)
    legal = list(game.legal_actions(state))
    outcomes = list(game.chance_outcomes(state))
    for seat in [None, *range(len(game.seat_names(state)))]:
        json.dumps(game.view(state, seat))
    if actor is None:
        _expect(not legal, game, number, "legal actions listed after the game ended")
        return
    _expect(bool(legal), game, number, f"{actor!r} is to act but has no legal action")
    if isinstance(actor, Chance):
        total = sum((p for _, p in outcomes), Fraction(0))
        _expect(total == 1, game, number, f"chance outcomes sum to {total}, not 1")
        _expect(all(p > 0 for _, p in outcomes), game, number, "a chance outcome has p <= 0")
        _expect(
            legal == [a for a, _ in outcomes],
            game,
            number,
            "at a chance point the legal actions must be the chance outcomes",
        )
    else:
        _expect(not outcomes, game, number, "chance outcomes listed at a seat's turn")


def _expect(ok: bool, game: Game, number: int, message: str) -> None:
    if not ok:
        raise ContractViolation(f"{game.info.id}, step {number}: {message}")
