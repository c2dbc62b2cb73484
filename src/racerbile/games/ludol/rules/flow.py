"""The turn's bookkeeping shared by the player's and the referee's actions: who is
still playing, whose turn is next, when and how the game ends (LD-END-1…3)."""

from __future__ import annotations

from fractions import Fraction

from ....engine.contract import Event
from ....engine.frozen import replace
from ..events import BonusThrow, GameEnded, NoMove, TurnStarted
from ..state import GOAL, REMOVED, START, YARD, Ending, EndReason, State, Turn, letter
from . import board

YARD_SCORE = -10  # LD-END-2: a glass still in the yard
GOAL_SCORE = GOAL + 10  # A18: distance + 10 = 66


def in_play(glasses: tuple[int, ...]) -> bool:
    """Returns whether a glass stands on progress 0…55 (the three tries, LD-ENTER-2)."""
    return any(START <= p < GOAL for p in glasses)


def colour_active(state: State, colour: int) -> bool:
    """Returns whether ``colour`` still takes turns: its participant is not disqualified
    and it has a glass outside the goal (spec §2.3: a colour all home throws no more)."""
    if state.owner[colour] in state.disqualified:
        return False
    return any(YARD <= p < GOAL for p in state.glasses[colour])


def colour_home(glasses: tuple[int, ...]) -> bool:
    """Returns whether every glass of a colour still on the board is in the goal (and
    one at least is on the board)."""
    kept = False
    for p in glasses:
        if p == GOAL:
            kept = True
        elif p != REMOVED:
            return False
    return kept


def participant_home(state: State, participant: int) -> bool:
    """LD-END-1 (A15): all the participant's glasses, or one colour of them, are home."""
    homes = (colour_home(state.glasses[k]) for k in state.colours_of(participant))
    return any(homes) if state.config.profile.finish_any_colour else all(homes)


def new_turn(state: State, colour: int, events: list[Event]) -> State:
    """Returns ``state`` with a fresh turn of ``colour`` (three tries if nothing is in play)."""
    attempts = 1 if in_play(state.glasses[colour]) else 3
    number = state.turns + 1
    turn = Turn(colour=colour, number=number, attempts=attempts)
    events.append(TurnStarted(letter(colour), state.owner[colour], number, attempts))
    return replace(state, turn=turn, turns=number)


def next_turn(state: State, events: list[Event], clear: bool = False) -> State:
    """Returns ``state`` with the turn passed to the next colour that still plays;
    ``clear``: the current turn's throw is used up (the game may end with that turn)."""
    turn = state.turn
    current = turn.colour if turn is not None else -1
    n = state.colours
    for step in range(1, n + 1):
        colour = (current + step) % n
        if colour_active(state, colour):
            return new_turn(state, colour, events)
    if clear and turn is not None:
        state = replace(state, turn=_cleared(turn, turn.attempts, turn.chain))
    return finish(state, "stalled", events)


def end_of_throw(state: State, events: list[Event], bonus: bool) -> State:
    """Spec §2.3 after a throw is used (or cannot be): the drink-out end (A17), the
    bonus throw (a single throw, LD-ENTER-2), the next entry try, or the next turn."""
    if state.poured:
        return finish(state, "poured", events)
    turn = state.turn
    assert turn is not None
    if not colour_active(state, turn.colour):  # all home: no bonus throw, no more tries
        return next_turn(state, events, clear=True)
    if bonus:
        events.append(BonusThrow(letter(turn.colour)))
        return replace(state, turn=_cleared(turn, 1, turn.chain))
    if turn.attempts > 1 and not in_play(state.glasses[turn.colour]):
        chain = 0 if state.config.profile.chain_resets else turn.chain
        return replace(state, turn=_cleared(turn, turn.attempts - 1, chain))
    return next_turn(state, events, clear=True)


def _cleared(turn: Turn, attempts: int, chain: int) -> Turn:
    """Returns the turn waiting for its next throw (the last one's choice cleared)."""
    return replace(
        turn,
        throw=None,
        forced=False,
        declare=False,
        options=(),
        idle="waiting",
        attempts=attempts,
        chain=chain,
    )


def settle(state: State, events: list[Event]) -> State:
    """Resolves a thrown die against the board: the options to choose from, else
    :func:`no_option`."""
    turn = state.turn
    assert turn is not None and turn.throw is not None
    found = board.options(state.glasses, turn.colour, turn.throw, state.config.profile, turn.forced)
    if found:
        return replace(state, turn=replace(turn, options=found, declare=False))
    return no_option(state, events)


def no_option(state: State, events: list[Event]) -> State:
    """A throw without a legal move: A9's declaration (LD-SIX-3), or no move (a forced
    six still gives its bonus, LD-SIX-2; a 6 without a move gives its bonus in the
    base game, spec §2.3)."""
    turn = state.turn
    assert turn is not None and turn.throw is not None
    profile = state.config.profile
    top = turn.throw
    if profile.six_rule and top in (1, 6) and not turn.forced:
        return replace(state, turn=replace(turn, options=(), declare=True))
    tries = turn.attempts - 1 if not in_play(state.glasses[turn.colour]) else 0
    events.append(NoMove(letter(turn.colour), top, max(tries, 0)))
    bonus = turn.forced or (top == 6 and not profile.six_rule)
    return end_of_throw(state, events, bonus)


def glass_score(p: int) -> int:
    """LD-END-2: yard −10, progress p on the board, goal 66."""
    if p == YARD:
        return YARD_SCORE
    return GOAL_SCORE if p == GOAL else p


def scores(state: State) -> dict[int, Fraction]:
    """LD-END-2 (A15): each participant's glass scores, divided by their colours."""
    return {p: Fraction(total, colours) for p, (total, colours) in enumerate(score_parts(state))}


def score_parts(state: State) -> list[tuple[int, int]]:
    """Per participant, the sum of their glass scores and what it is divided by (their
    colours, at least 1): :func:`scores` without a Fraction (the view asks every time)."""
    glasses = state.glasses
    parts = []
    for participant in range(len(state.config.names)):
        colours = state.colours_of(participant)
        total = sum(glass_score(p) for k in colours for p in glasses[k] if p != REMOVED)
        parts.append((total, max(len(colours), 1)))
    return parts


def finish(
    state: State, reason: EndReason, events: list[Event], winners: tuple[int, ...] | None = None
) -> State:
    """Ends the game: winners by the reason, else the best distance score (A19: shared)."""
    board_scores = scores(state)
    standing = [p for p in board_scores if p not in state.disqualified]
    if winners is None:
        best = max((board_scores[p] for p in standing), default=Fraction(0))
        winners = tuple(p for p in standing if board_scores[p] == best)
    shown = tuple((p, _fraction(board_scores[p])) for p in sorted(board_scores))
    events.append(GameEnded(reason, winners, shown))
    ending = Ending(reason, winners, shown)
    return replace(state, phase="over", ending=ending)


def _fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value}"
