"""Racerbile bots: seven driving styles over the same move help.

Every bot answers the decision in front of it with one legal action:

* start: a heading along the racing line (RB-RACE-4), the first time-trial time;
* manual announcements (RB-ANN-1): every announcement owed, before anything else;
* shift phase: a wanted gear (shift towards it, then roll);
* move phase: an end cell chosen among :func:`~.moves.move_options`, reached by
  stepping along its cheapest path (the help is asked again after each step).

Styles (``BOTS``):

``random``     a random gear; a random end cell among those that gain ground.
``cautious``   never above 2nd gear (no 10-12, so never off the track); sips weigh double.
``greedy``     the gear and end cell with the best expected progress minus sips this turn.
``stalin``     RB-OPT-3: always shifts up, always blocks, always leaves the track when it can.
``drinker``    the most sips for itself, among the moves that gain ground.
``sadist``     the most sips for the others (overtakes, midway toasts, blocks).
``optimal``    the gear and end cell minimising the expected turns to finish alone
               (:mod:`.policy`: value iteration per track, solved once per process).

Bots are deterministic given their generator: ties are broken by the move help's
order (cheapest first, then by cell), and only ``random`` draws from the generator.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, cast

import numpy as np

from ...engine.contract import Action, Bot
from ...hexgrid import Hex
from .actions import (
    PASS,
    ROLL,
    SHIFT,
    STEP_TO,
    STOP,
    Announce,
    Announcement,
    Face,
    StepTo,
    TimeTrial,
)
from .gears import (
    GearChoice,
    best_gear,
    low_gear,
    mover,
    pick_index,
    random_gear,
    top_gear,
)
from .policy import Policy, policy_for
from .rules import legal_actions
from .rules.moves import MoveOption, geometry, move_ends
from .rules.ranking import closed_for, distance_field, field_for, lap_length, rank_key
from .rules.shift_roll import legal_in_move
from .state import State
from .track import CellKind

FAR = 10_000


# -- what an end cell means -----------------------------------------------------------


class Plan(NamedTuple):
    """One end cell of the current roll, with what ending there brings (a named tuple:
    one is built for every end cell at every move decision)."""

    option: MoveOption
    place: Hex  # the track cell the car counts at (where it left, when off the track)
    laps: int
    progress: int  # cells gained towards the finish, laps counted
    overtaken: int  # cars passed (RB-TURN-6)
    toasts: int  # forward midway crossings (RB-CELL-4)
    end_kind: CellKind | None

    @property
    def sips(self) -> int:
        """Sips the mover drinks for this move from now (squeals, cells not moved)."""
        return self.option.sips

    @property
    def off_track(self) -> bool:
        """Tells whether the move ends off the track."""
        return self.option.off_track


def _distance(state: State, laps: int, cell: Hex) -> int:
    return field_for(state.config, state.forks, laps).get(cell, FAR)


def plans(state: State) -> list[Plan]:
    """Returns every end cell of the current roll as a :class:`Plan`, cheapest first."""
    turn = state.turn
    assert turn is not None
    seat = turn.seat
    car = state.cars[seat]
    length = lap_length(state, car.laps) or 1
    before = car.laps * length - _distance(state, car.laps, car.place)
    mine = rank_key(state, seat)
    keys = (rank_key(state, k) for k in range(len(state.cars)) if k != seat)
    ahead = sorted(key for key in keys if key < mine)  # the cars this move may overtake
    fields = {car.laps: field_for(state.config, state.forks, car.laps)}  # by laps at the end
    out = []
    for option, cell, crossed, toasts, kind in move_ends(state):
        laps = car.laps + crossed
        field = fields.get(laps)
        if field is None:
            field = fields[laps] = field_for(state.config, state.forks, laps)
        distance = field.get(cell, FAR)
        after = (-laps, distance, FAR)
        passed = len(ahead) - bisect_right(ahead, after)  # the keys greater than ``after``
        progress = laps * length - distance - before
        out.append(Plan(option, cell, laps, progress, passed, toasts, kind))
    return out


def _future_sips(state: State, plan: Plan) -> float:
    """Sips ending here costs later: forced 1st gear (RB-CELL-2), leaving the track."""
    gear = mover(state).gear
    if plan.off_track:
        seat = state.turn.seat if state.turn else 0
        chug = state.ledger.sips_left(seat) if state.config.rules.off_track_chug else 0
        whole = 11 if state.config.options.off_track_whole_beer else 0
        return (gear - 1) + chug + whole
    if plan.end_kind is CellKind.downshift:
        return gear - 1
    return 0.0


def _tempo(state: State, plan: Plan) -> float:
    """Cells of progress lost by starting next turn in 1st gear."""
    gear = mover(state).gear
    slowed = plan.off_track or plan.end_kind is CellKind.downshift
    return 2.5 * (gear - 1) if slowed else 0.0


# -- gears ----------------------------------------------------------------------------


def _gear_options(state: State, legal: Sequence[Action]) -> list[int]:
    gear = mover(state).gear
    gears = [gear] if ROLL in legal else []
    if SHIFT["up"] in legal:
        gears.append(gear + 1)
    if SHIFT["down"] in legal:
        gears.append(gear - 1)
    return gears


def _shift_towards(state: State, legal: Sequence[Action], wanted: int) -> Action:
    gear = mover(state).gear
    if wanted > gear and SHIFT["up"] in legal:
        return SHIFT["up"]
    if wanted < gear and SHIFT["down"] in legal:
        return SHIFT["down"]
    return ROLL if ROLL in legal else legal[0]


# -- end cells ------------------------------------------------------------------------

PlanChoice = Callable[[State, list[Plan], np.random.Generator], Plan]


def greedy_score(state: State, plan: Plan) -> float:
    """Progress minus sips now and later, and the tempo a forced 1st gear costs."""
    return plan.progress - plan.sips - _future_sips(state, plan) - _tempo(state, plan)


def greedy_plan(state: State, options: list[Plan], rng: np.random.Generator) -> Plan:
    """The best :func:`greedy_score`."""
    return max(options, key=lambda p: greedy_score(state, p))


def cautious_plan(state: State, options: list[Plan], rng: np.random.Generator) -> Plan:
    """Progress with every sip counted twice."""
    return max(options, key=lambda p: p.progress - 2 * (p.sips + _future_sips(state, p)))


def stalin_plan(state: State, options: list[Plan], rng: np.random.Generator) -> Plan:
    """Off the track if it can, else onto a blocking cell, else the greedy choice."""
    return max(
        options,
        key=lambda p: (p.off_track, p.end_kind is CellKind.block, greedy_score(state, p)),
    )


def drinker_plan(state: State, options: list[Plan], rng: np.random.Generator) -> Plan:
    """The most sips for itself among the moves that gain ground, then progress.

    Only moves that make progress count while there are any: a drinker who never
    gains ground would keep the race from ever ending.
    """
    forward = [p for p in options if p.progress > 0] or options
    return max(forward, key=lambda p: (p.sips + _future_sips(state, p), p.progress))


def sadist_plan(state: State, options: list[Plan], rng: np.random.Generator) -> Plan:
    """The most sips for the others (overtakes, toasts, a block), then the greedy choice."""
    others = len(state.cars) - 1

    def harm(p: Plan) -> tuple[float, float]:
        block = 0.5 * (p.end_kind is CellKind.block)
        return p.overtaken + p.toasts * others + block, greedy_score(state, p)

    return max(options, key=harm)


def random_plan(state: State, options: list[Plan], rng: np.random.Generator) -> Plan:
    """Any end cell that gains ground (any at all when none does)."""
    forward = [p for p in options if p.progress > 0] or options
    return forward[pick_index(rng, len(forward))]


# -- the decision -----------------------------------------------------------------------


def facing(state: State, legal: Sequence[Action]) -> Action:
    """RB-RACE-4: the heading whose next cell is nearest the line."""
    faces = [a for a in legal if isinstance(a, Face)]
    seat = state.order[state.index] if state.order else 0
    car = state.cars[seat]
    geo = geometry(state.config.track)
    field = distance_field(state.config, closed_for(state.config, state.forks, car.laps))
    here = field.get(car.cell, FAR)

    def gain(face: Face) -> int:
        if not geo.open.get(car.cell, (False,) * 6)[face.direction]:
            return -FAR
        return here - field.get(geo.neighbors[car.cell][face.direction], FAR)

    return max(faces, key=gain)


def decide(state: State, rng: np.random.Generator, gear: GearChoice, plan: PlanChoice) -> Action:
    """Returns the action of a bot that picks gears with ``gear`` and end cells with ``plan``."""
    turn = state.turn
    if turn is not None and turn.phase == "move" and not state.config.manual:
        # Auto mode owes no announcements: a legal step of the kept plan is the answer
        # below whatever else is legal, so the legal list need not be built.
        kept = _kept_action(state, plan)
        if kept is not None and legal_in_move(state, kept):
            return kept
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    owed = sorted(turn.owed - turn.said) if turn is not None and turn.owed else []
    for what in owed:
        if (said := Announce(cast(Announcement, what))) in legal:
            return said
    # Headings and times are what is legal in these phases, and only in them.
    if state.phase == "facing":
        return facing(state, legal)
    if state.phase == "trial":
        return next(a for a in legal if isinstance(a, TimeTrial))
    if turn is not None and turn.phase == "shift":
        return _shift_towards(state, legal, gear(state, _gear_options(state, legal), rng))
    if turn is not None and turn.phase == "move":
        return _step_towards(state, legal, plan, rng)
    return PASS if PASS in legal else legal[0]


def _step_towards(
    state: State, legal: Sequence[Action], plan: PlanChoice, rng: np.random.Generator
) -> Action:
    """Follows the end cell chosen at the turn's first move decision, step by step.

    The move help is run once per turn: the chosen path is kept in the race's
    config cache and replayed while the car is still on it. A step of the plan
    that is not legal any more (a fork chosen on the way) plans again from here.
    """
    action = _kept_action(state, plan)
    if action is not None and action in legal:
        return action
    options = plans(state)
    if not options:
        return STOP if STOP in legal else legal[0]
    chosen = plan(state, options, rng)
    state.config.cache[_plan_key(state, plan)] = TurnPlan.of(state, chosen.option.directions)
    directions = chosen.option.directions
    if directions and STEP_TO[directions[0]] in legal:
        return STEP_TO[directions[0]]
    if chosen.off_track:  # the step that leaves the track (RB-DICE-7)
        off = [a for a in legal if isinstance(a, StepTo)]
        if off:
            return off[0]
    return STOP if STOP in legal else legal[0]


def _plan_key(state: State, plan: PlanChoice) -> tuple[object, ...]:
    assert state.turn is not None
    return (_PLAN, state.turn.seat, plan)


def _kept_action(state: State, plan: PlanChoice) -> Action | None:
    """Returns the next action of the plan kept for this move, if the car is on it."""
    kept: TurnPlan | None = state.config.cache.get(_plan_key(state, plan))
    return kept.next_action(state) if kept is not None else None


_PLAN = "bot-plan"


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """The path a bot chose for the move in progress, replayed one step per decision.

    ``ident`` names the move (turn number, roll, start, blocks, order before it), so a
    plan never leaks into another move; ``cells`` is the whole move as planned,
    ``directions[i]`` the step out of ``cells[start + i - 1]``.
    """

    ident: tuple[object, ...]
    cells: tuple[Hex, ...]
    start: int
    directions: tuple[int, ...]

    @staticmethod
    def ident_of(state: State) -> tuple[object, ...]:
        """Returns what names the move in progress."""
        turn = state.turn
        assert turn is not None
        turns = state.cars[turn.seat].turns
        return (turns, turn.total, turn.start, turn.blocked, turn.before)

    @classmethod
    def of(cls, state: State, directions: tuple[int, ...]) -> TurnPlan:
        """Returns the plan of walking ``directions`` from the car's cell now."""
        turn = state.turn
        assert turn is not None
        neighbors = geometry(state.config.track).neighbors
        cells = list(turn.path)
        for d in directions:
            cells.append(neighbors[cells[-1]][d])
        return cls(cls.ident_of(state), tuple(cells), len(turn.path), directions)

    def next_action(self, state: State) -> Action | None:
        """Returns the planned action now, or None when the car left the plan."""
        turn = state.turn
        assert turn is not None
        path = turn.path
        done = len(path)
        if done < self.start or self.cells[:done] != path or self.ident != self.ident_of(state):
            return None
        step = done - self.start
        return STEP_TO[self.directions[step]] if step < len(self.directions) else STOP


def bot(gear: GearChoice, plan: PlanChoice) -> Bot:
    """Returns a bot from a gear choice and an end-cell choice."""

    def play(state: State, rng: np.random.Generator) -> Action:
        return decide(state, rng, gear, plan)

    return play


def _policy(state: State) -> Policy:
    config = state.config
    return policy_for(
        config.track, config.rules.facing, config.rules.smashed_gearbox, config.laps + 1
    )


def optimal_gear(state: State, gears: list[int], rng: np.random.Generator) -> int:
    """The gear with the fewest expected turns to finish (a downshift's sip breaks ties)."""
    assert state.turn is not None
    car = state.cars[state.turn.seat]
    position = (car.place, car.heading or 0)
    crossings = state.config.laps - car.laps
    policy = _policy(state)
    return min(
        gears, key=lambda g: policy.gear_turns(position, g, crossings) + 1e-6 * (g < car.gear)
    )


def optimal_plan(state: State, options: list[Plan], rng: np.random.Generator) -> Plan:
    """The end cell with the fewest expected turns to finish, then the fewest sips."""
    assert state.turn is not None
    car = state.cars[state.turn.seat]
    heading = state.turn.heading if state.turn.heading is not None else car.heading or 0
    policy = _policy(state)

    def turns(plan: Plan) -> tuple[float, int]:
        last = plan.option.directions[-1] if plan.option.directions else heading
        slowed = plan.off_track or plan.end_kind is CellKind.downshift
        gear = 1 if slowed else car.gear
        left = policy.turns((plan.place, last), gear, slowed, state.config.laps - plan.laps)
        return left, plan.sips

    return min(options, key=turns)


BOTS: dict[str, Bot] = {
    "random": bot(random_gear, random_plan),
    "cautious": bot(low_gear, cautious_plan),
    "greedy": bot(best_gear, greedy_plan),
    "stalin": bot(top_gear, stalin_plan),
    "drinker": bot(top_gear, drinker_plan),
    "sadist": bot(best_gear, sadist_plan),
    "optimal": bot(optimal_gear, optimal_plan),
}

# One line per bot, for lists and the lobby (the module docstring says more).
DESCRIPTIONS: dict[str, str] = {
    "random": "a random gear and a random end cell that gains ground",
    "cautious": "never above 2nd gear, so never off the track; sips weigh double",
    "greedy": "the best expected progress minus sips this turn",
    "stalin": "always shifts up, blocks and leaves the track when it can (RB-OPT-3)",
    "drinker": "the most sips for itself among the moves that gain ground",
    "sadist": "the most sips for the others",
    "optimal": "the fewest expected turns to finish alone (value iteration)",
}
