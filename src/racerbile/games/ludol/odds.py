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

from ...engine.capabilities import OddsTable
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
    """X5: P(a turn reaches its third throw), P(at least one penalty beer), E[beers];
    a profile without forced sixes (norsk) pays none."""
    six = entry_chance(profile)
    reach = six**2
    if profile.forced_six_from is None:
        return {"reach_third": reach, "any_beer": Fraction(0), "beers": Fraction(0)}
    forced = six ** (profile.forced_six_from - 1)
    return {"reach_third": reach, "any_beer": forced * six, "beers": forced * six / (1 - six)}


def larger_face_values(profile: Profile) -> dict[int, Fraction]:
    """X6: the distribution of the larger value a throw offers on the track."""
    values: dict[int, Fraction] = {}
    for t in range(1, 7):
        value = max(board.candidate_values(profile, t, 0, False))
        values[value] = values.get(value, Fraction(0)) + SIXTH
    return dict(sorted(values.items()))


def roros_larger_mean(profile: Profile) -> Fraction:
    """X6: the mean value when always taking the larger face on the track."""
    return sum((v * p for v, p in larger_face_values(profile).items()), Fraction(0))


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


def solo_state(profile_name: str) -> State:
    """Returns §4.2's solo position: one glass in the yard, the others in the goal, its
    first turn with three tries."""
    return _position(profile_name, YARD, 0, 3)


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


# The rows of ``racerbile odds ludol`` (spec §4.1), one column per profile; the
# distribution of the larger value is in the JSON only.
ROWS = {
    "unique_highest": "X1 P(one highest start throw, 4 players)",
    "per_try": "X2/X3 P(a glass enters) per try",
    "per_turn": "P(a glass enters) in a turn of three tries",
    "turns": "E(turns) until the first glass is out",
    "throws": "E(throws) until the first glass is out",
    "throws_per_turn": "X4 throws per turn in play, taking the 6",
    "reach_third": "X5 P(a turn reaches its 3rd throw)",
    "any_beer": "P(at least one penalty beer in a turn)",
    "beers": "E(penalty beers) per turn",
    "larger_face_mean": "X6 mean value, taking the larger face",
    "lowest": "X7 colour score, all glasses in the yard",
    "highest": "X7 colour score, all glasses in the goal",
}


def profile_odds(profile: Profile) -> dict[str, object]:
    """Returns every §4.1 figure of ``profile`` (the profile-free X1 and X7 too)."""
    low, high = score_range()
    return {
        "unique_highest": unique_highest(),
        **three_tries(profile),
        "throws_per_turn": throws_per_turn(profile),
        **six_chain(profile),
        "larger_face_mean": roros_larger_mean(profile),
        "larger_face": larger_face_values(profile),
        "lowest": Fraction(low),
        "highest": Fraction(high),
    }


def odds_figures() -> OddsTable:
    """Returns spec §4.1 as the platform's odds table: one column per profile."""
    columns = {name: profile_odds(profile) for name, profile in PROFILES.items()}
    return OddsTable("exact figures of spec §4.1", "profile", columns, ROWS)


def solo_figures() -> dict[str, Solo]:
    """Returns spec §4.2's solo figures of every profile."""
    return {name: solo(name) for name in PROFILES}
