"""Exact figures of spec §4: the closed forms of §4.1 and the solo figures of §4.2.

Everything is a :class:`~fractions.Fraction`. The §4.1 figures are derived from the
engine's own pieces (the entry options of an empty board, the Røros values, the glass
scores); §4.2 plays the engine's rules themselves over every solo position: one glass
(the other three in the goal, no opponents), the policy "take the 6 whenever legal,
else the larger value", and solves the turn chain exactly (progress never falls in a
solo game, so each turn's self-loop is summed in closed form).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import product

from ...engine.contract import Action
from . import rules
from .actions import Declare, Move, Throw
from .events import PenaltyAwarded
from .rules import board
from .rules.flow import glass_score
from .setup import PROFILES, Config, Profile
from .state import GLASSES, GOAL, YARD, State

SIXTH = Fraction(1, 6)


def unique_highest(players: int = 4) -> Fraction:
    """X1: the chance that the start-order roll-off has one highest throw."""
    throws = list(product(range(1, 7), repeat=players))
    unique = sum(1 for t in throws if t.count(max(t)) == 1)
    return Fraction(unique, len(throws))


def entry_chance(profile: Profile) -> Fraction:
    """The chance that one throw brings a glass out of a full yard (X2, X3)."""
    yard = ((YARD,) * GLASSES, (GOAL,) * GLASSES)
    faces = sum(1 for t in range(1, 7) if board.options(yard, 0, t, profile))
    return Fraction(faces, 6)


def three_tries(profile: Profile) -> dict[str, Fraction]:
    """X2/X3: P(entering in one turn of three tries), E[turns] and E[throws] to get out."""
    p = entry_chance(profile)
    per_turn = 1 - (1 - p) ** 3
    return {"per_try": p, "per_turn": per_turn, "turns": 1 / per_turn, "throws": 1 / p}


def throws_per_turn(profile: Profile) -> Fraction:
    """X4: throws per turn once in play, taking the 6 whenever it is offered."""
    six = entry_chance(profile)  # the faces usable as a 6
    return 1 / (1 - six)


def six_chain(profile: Profile) -> dict[str, Fraction]:
    """X5: P(a turn reaches its third throw), P(at least one penalty beer), E[beers]."""
    six = entry_chance(profile)
    start = profile.forced_six_from or 3
    reach = six ** (start - 1)
    return {"reach_third": reach, "any_beer": reach * six, "beers": reach * six / (1 - six)}


def roros_larger_mean(profile: Profile) -> Fraction:
    """X6: the mean value when always taking the larger face on the track."""
    values = [max(board.candidate_values(profile, t, 0, False)) for t in range(1, 7)]
    return Fraction(sum(values), 6)


def score_range() -> tuple[int, int]:
    """X7: a colour's distance score from all in the yard to all in the goal."""
    return GLASSES * glass_score(YARD), GLASSES * glass_score(GOAL)


# --- §4.2: the solo figures --------------------------------------------------------------


@dataclass(frozen=True)
class Solo:
    """Exact solo expectations from the yard: turns, throws, penalty beers."""

    turns: Fraction
    throws: Fraction
    beers: Fraction


def solo_policy(state: State) -> Action:
    """§4.2's policy: the 6 whenever legal, otherwise the larger legal value; declare six."""
    turn = state.turn
    assert turn is not None
    if turn.declare:
        return Declare(True)
    best = max(turn.options, key=lambda o: (o.value == 6, o.value))
    return Move("A", best.frm, best.value)


@cache
def _solo_start(profile_name: str) -> State:
    config = Config(profile=PROFILES[profile_name], names=("solo",), colours=(1,), first=0)
    return rules.start(config)


def _position(profile_name: str, p: int, chain: int, attempts: int) -> State:
    state = _solo_start(profile_name)
    assert state.turn is not None
    turn = replace(state.turn, chain=chain, throws=chain, attempts=attempts)
    return replace(state, glasses=((p, GOAL, GOAL, GOAL),), turn=turn)


Key = tuple[int, int, int]  # progress, chain index (3 = three or more), tries left
Rest = tuple[dict[int, Fraction], Fraction, Fraction]  # end of turn, E[throws], E[beers]


def _rest_of_turn(profile_name: str, key: Key, memo: dict[Key, Rest]) -> Rest:
    """The distribution of where the turn ends and its expected throws and beers, from
    a throw at ``key``; a self-loop (a forced six that cannot move) is summed exactly."""
    if key in memo:
        return memo[key]
    state = _position(profile_name, *key)
    assert state.turn is not None
    number = state.turn.number
    ends: dict[int, Fraction] = {}
    throws, beers, loop = Fraction(1), Fraction(0), Fraction(0)
    for top in range(1, 7):
        step = rules.apply(state, Throw(top))
        beers += SIXTH * sum(e.beers for e in step.events if isinstance(e, PenaltyAwarded))
        after = step.state
        if rules.to_act(after) == 0:
            after = rules.apply(after, solo_policy(after)).state
        progress = after.glasses[0][0]
        turn = after.turn
        if after.phase == "over" or turn is None or turn.number != number:
            ends[progress] = ends.get(progress, Fraction(0)) + SIXTH
            continue
        nxt = (progress, min(turn.chain, 3), turn.attempts)
        if nxt == key:
            loop += SIXTH
            continue
        sub_ends, sub_throws, sub_beers = _rest_of_turn(profile_name, nxt, memo)
        for end, p in sub_ends.items():
            ends[end] = ends.get(end, Fraction(0)) + SIXTH * p
        throws += SIXTH * sub_throws
        beers += SIXTH * sub_beers
    scale = 1 / (1 - loop)
    result = ({e: p * scale for e, p in ends.items()}, throws * scale, beers * scale)
    memo[key] = result
    return result


def solo(profile_name: str) -> Solo:
    """§4.2: E[turns], E[throws] and E[penalty beers] for one glass from the yard."""
    memo: dict[Key, Rest] = {}
    turns: dict[int, tuple[Fraction, Fraction, Fraction]] = {GOAL: (Fraction(0),) * 3}
    for p in range(GOAL - 1, YARD - 1, -1):
        ends, throws, beers = _rest_of_turn(profile_name, (p, 0, 3 if p == YARD else 1), memo)
        stay = ends.get(p, Fraction(0))
        t, n, b = Fraction(1), throws, beers
        for end, prob in ends.items():
            if end != p:
                t += prob * turns[end][0]
                n += prob * turns[end][1]
                b += prob * turns[end][2]
        turns[p] = (t / (1 - stay), n / (1 - stay), b / (1 - stay))
    return Solo(*turns[YARD])


def odds_table() -> dict[str, dict[str, str]]:
    """Returns every §4.1 and §4.2 figure as exact text ``n/d`` per profile."""
    table: dict[str, dict[str, str]] = {"X1": {"unique_highest": str(unique_highest())}}
    for name, profile in PROFILES.items():
        row = {f"tries_{k}": str(v) for k, v in three_tries(profile).items()}
        row["throws_per_turn"] = str(throws_per_turn(profile))
        if profile.forced_six_from is not None:
            row.update({f"chain_{k}": str(v) for k, v in six_chain(profile).items()})
        row["larger_face_mean"] = str(roros_larger_mean(profile))
        figures = solo(name)
        row.update(
            solo_turns=str(figures.turns),
            solo_throws=str(figures.throws),
            solo_beers=str(figures.beers),
        )
        table[name] = row
    low, high = score_range()
    table["X7"] = {"lowest": str(low), "highest": str(high)}
    return table
