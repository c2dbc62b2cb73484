"""Ludøl bots (spec §4.3), and a strong expectimax bot.

A bot is ``bot(state, rng) -> Action`` for the participant to choose. Glasses on one
square are one option (a move is (square, value)), as in §4.3's definitions:

* ``random``: uniform over the legal actions (distinct (square, value) moves).
* ``fast``: the most advanced movable glass, with its larger value.
* ``aggressive``: a capture if there is one, else an entry, else ``fast``.
* ``random_larger``: a uniformly random movable square, its glass with its largest value.
* ``strong``: expectimax over the exact die (one level of bonus throws) on a
  heuristic of progress and the exact chance of being hit by the next throw, less
  the opponents' value (half their leader, half their mean). Against three
  ``aggressive`` bots under Ludøl, the bot in every seat: 0.30 [0.23–0.39] of 120
  seeded games (0.26 [0.19–0.34] on the same games when the opponents counted half,
  by their mean alone) and 0.28 [0.16–0.43] of the 40 of
  ``benchmarks/bench_ludol_strong.py`` (0.35 [0.22–0.50] before): no better than
  its opponents within the intervals. Head to head it beats ``aggressive``.

A declaration (A9) is always "six" except for ``random``.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

from ...engine.contract import CHANCE, Action
from . import rules
from .actions import Declare, Move
from .rules import OUTCOMES
from .rules.board import Option
from .setup import Profile
from .state import GOAL, LAST_TRACK, START, STRIDE, YARD, State, letter, track_square

Rng = np.random.Generator | _random.Random
T = TypeVar("T")


def _choice(rng: Rng, items: Sequence[T]) -> T:
    if isinstance(rng, _random.Random):
        return rng.choice(items)
    return items[int(rng.integers(len(items)))]


def _options(state: State) -> tuple[Option, ...]:
    assert state.turn is not None
    return state.turn.options


def _move(state: State, option: Option) -> Move:
    assert state.turn is not None
    return Move(letter(state.turn.colour), option.frm, option.value)


def _largest(options: Sequence[Option], frm: int) -> Option:
    return max((o for o in options if o.frm == frm), key=lambda o: o.value)


def random_bot(state: State, rng: Rng) -> Action:
    """Uniform over the legal actions."""
    return _choice(rng, rules.legal_actions(state))


def fast(state: State, rng: Rng) -> Action:
    """The most advanced movable glass, with the larger value."""
    found = _options(state)
    if not found:
        return Declare(True)
    return _move(state, _largest(found, max(o.frm for o in found)))


def aggressive(state: State, rng: Rng) -> Action:
    """Capture if possible (the most glasses, then the most advanced), else enter, else fast."""
    found = _options(state)
    captures = [o for o in found if o.captures]
    if captures:
        return _move(state, max(captures, key=lambda o: (len(o.captures), o.frm, o.value)))
    if any(o.frm == YARD for o in found):
        return _move(state, _largest(found, YARD))
    return fast(state, rng)


def random_larger(state: State, rng: Rng) -> Action:
    """A random movable square (glasses on one square count once), its largest value."""
    found = _options(state)
    if not found:
        return Declare(True)
    squares = sorted({o.frm for o in found})
    return _move(state, _largest(found, _choice(rng, squares)))


# --- the strong bot -------------------------------------------------------------------

WIN = 10_000.0
YARD_VALUE = -8.0  # an entry costs turns
COLUMN_BONUS = 4.0  # safe in the private home column
GOAL_VALUE = 62.0
REENTRY = 8.0  # what a glass knocked home loses besides its progress
TIE = 1e-9  # values this close are equal (a mean over the die rounds)
OPPONENTS = 1.0  # weight of the opponents' values (own progress and safety count fully)
LEADER = 0.5  # share of the leading opponent in the opponents' value (the rest: their mean)


def _hit_chance(profile: Profile, distance: int) -> float:
    """The exact chance that one throw (and its bonus) moves a glass ``distance`` squares."""
    single = 1 / 3 if profile.roros else 1 / 6
    if 1 <= distance <= 6:
        return single
    if 7 <= distance <= 12:
        return single * (1 / 3 if profile.six_rule else 1 / 6)
    return 0.0


def _danger(state: State, colour: int, p: int) -> float:
    """The chance that the glass of ``colour`` at track progress ``p`` is hit next round."""
    profile = state.config.profile
    square = track_square(colour, p)
    if profile.start_square_immune and p == START:
        return 0.0
    if sum(1 for q in state.glasses[colour] if q == p) in profile.block_sizes:
        return 0.0
    safe = 1.0
    for other, own in enumerate(state.glasses):
        if other == colour or state.owner[other] == state.owner[colour]:
            continue
        if state.owner[other] in state.disqualified:
            continue
        for q in own:
            if q == YARD and square == STRIDE * other:
                safe *= 1 - (1 / 3 if profile.six_rule else 1 / 6)
            elif START <= q <= LAST_TRACK:
                distance = (square - track_square(other, q)) % 52
                if q + distance <= LAST_TRACK:
                    safe *= 1 - _hit_chance(profile, distance)
    return 1 - safe


def _colour_value(state: State, colour: int) -> float:
    total = 0.0
    for p in state.glasses[colour]:
        if p == YARD:
            total += YARD_VALUE
        elif p == GOAL:
            total += GOAL_VALUE
        elif p > LAST_TRACK:
            total += p + COLUMN_BONUS
        elif p >= START:
            total += p - _danger(state, colour, p) * (p + REENTRY)
    return total


def evaluate(state: State, participant: int) -> float:
    """Heuristic value of ``state`` for ``participant``: own progress less risk, minus
    the opponents' value (their leader and their mean, half each)."""
    if state.ending is not None:
        return WIN if participant in state.ending.winners else -WIN
    mine, others = 0.0, dict[int, float]()
    for colour, owner in enumerate(state.owner):
        value = _colour_value(state, colour)
        if owner == participant:
            mine += value
        elif owner not in state.disqualified:
            others[owner] = others.get(owner, 0.0) + value
    if not others:
        return mine
    mean = sum(others.values()) / len(others)
    return mine - OPPONENTS * ((1 - LEADER) * mean + LEADER * max(others.values()))


def _after(state: State, action: Action) -> State:
    return rules.apply(state, action).state


def _expect(state: State, participant: int, depth: int) -> float:
    """Expectimax value: at a throw of the same participant (a bonus throw) the mean over
    the exact die, each throw using one level of ``depth``; at their choice the best
    action; elsewhere, or with no depth left, the heuristic."""
    if state.phase == "over":
        return evaluate(state, participant)
    actor = rules.to_act(state)
    own_throw = state.turn is not None and state.owner[state.turn.colour] == participant
    if actor is CHANCE and own_throw and depth > 0:
        return sum(
            float(p) * _expect(_after(state, t), participant, depth - 1) for t, p in OUTCOMES
        )
    if actor == participant:
        return max(
            _expect(_after(state, a), participant, depth) for a in rules.legal_actions(state)
        )
    return evaluate(state, participant)


def strong(state: State, rng: Rng, depth: int = 1) -> Action:
    """The action with the best expectimax value, looking ``depth`` bonus throws ahead
    (within rounding, the first listed: a declared six before a one)."""
    participant = rules.to_act(state)
    assert isinstance(participant, int)
    legal = rules.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    values = [_expect(_after(state, a), participant, depth) for a in legal]
    best = max(values)
    return legal[next(i for i, v in enumerate(values) if v >= best - TIE)]


Bot = Callable[[Any, Any], Action]
BOTS: dict[str, Bot] = {
    "random": random_bot,
    "fast": fast,
    "aggressive": aggressive,
    "random_larger": random_larger,
    "strong": strong,
}

# One line per bot, for lists and the lobby.
DESCRIPTIONS: dict[str, str] = {
    "random": "a random legal move",
    "fast": "the most advanced movable glass, with the larger value",
    "aggressive": "captures if it can, else enters, else moves like fast",
    "random_larger": "a random movable square, with its largest value",
    "strong": "the best expectimax value over the coming bonus throws",
}
