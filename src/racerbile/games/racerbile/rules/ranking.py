"""Race ranking (RB-TRACK-6), fork closures (RB-TRACK-3) and gaps (RB-OPT-2, RB-LM-13).

The key of a car is ``(laps completed DESC, distance to the line ASC, arrival ASC)``.
In Le Mans the laps counted are the laps driven less the judges' penalty laps, and a
team put out of the race ranks behind every team still in it (RB-LM-13).
The distance field depends on which fork branches are closed; with per-lap forks
that depends on the car's lap, so every lookup goes through :func:`closed_for`.
Everything is cached on the config, so ranking costs a few dict lookups per car.
"""

from __future__ import annotations

from collections.abc import Mapping

from ....hexgrid import Hex
from ..setup import Config
from ..state import Car, LeMans, State

_Forks = tuple[tuple[str, str], ...]
_Key = tuple[int, int, int]
_FAR = 10_000  # a cell that cannot reach the line ranks behind every cell that can
_OUT = 1_000_000  # Le Mans: a team put out ranks behind every team still racing
_NONE_CLOSED: frozenset[Hex] = frozenset()


def fork_key(config: Config, fork_id: str, laps: int) -> str:
    """Returns the key a fork choice is stored under (per race, or per lap)."""
    return f"{fork_id}@{laps}" if fork_id in config.per_lap_forks else fork_id


def closed_for(config: Config, forks: tuple[tuple[str, str], ...], laps: int) -> frozenset[Hex]:
    """Returns the cells of unchosen branches for a car that has completed ``laps`` laps."""
    track = config.track
    if not forks or not track.forks:
        return _NONE_CLOSED
    per_lap = config.per_lap_forks
    cache_key = ("closed", forks, laps if per_lap else 0)
    cached = config.cache.get(cache_key)
    if cached is None:
        chosen = dict(forks)
        choices = {}
        for fork in track.forks:
            branch = chosen.get(fork_key(config, fork.id, laps))
            if branch is not None:
                choices[fork.id] = branch
        cached = track.closed_cells(choices)
        config.cache[cache_key] = cached
    return cached


def distance_field(config: Config, closed: frozenset[Hex]) -> Mapping[Hex, int]:
    """Returns the distance to the line of every cell with ``closed`` cells shut."""
    return config.track.distances(closed)


def field_for(config: Config, forks: tuple[tuple[str, str], ...], laps: int) -> Mapping[Hex, int]:
    """Returns ``distance_field(config, closed_for(config, forks, laps))``, cached on the
    config as a plain dict (the hot path reads it for every car and every end cell)."""
    key = ("field", forks, laps if config.per_lap_forks else 0)
    found: dict[Hex, int] | None = config.cache.get(key)
    if found is None:
        found = dict(distance_field(config, closed_for(config, forks, laps)))
        config.cache[key] = found
    return found


def car_distance(state: State, car: Car) -> int:
    """Returns the fewest legal steps from the car's place to the next crossing of the line."""
    return field_for(state.config, state.forks, car.laps).get(car.place, _FAR)


def rank_key(state: State, seat: int) -> tuple[int, int, int]:
    """Returns the RB-TRACK-6 sort key of ``seat`` (smaller is further ahead)."""
    return _key(state.config, state.forks, state.lemans, seat, state.cars[seat])


def _key(config: Config, forks: _Forks, lemans: LeMans | None, seat: int, car: Car) -> _Key:
    # car.place without the property call (this runs for every car at every ranking)
    place = car.cell if car.off_from is None else car.off_from
    distance = field_for(config, forks, car.laps).get(place, _FAR)
    if lemans is None:
        return (-car.laps, distance, car.arrived)
    laps = _OUT if seat in lemans.out else lemans.penalty_laps[seat] - car.laps
    return (laps, distance, car.arrived)


def counted_laps(state: State, seat: int) -> int:
    """Returns the laps that count for ``seat``: laps driven less penalty laps (RB-LM-13)."""
    laps = state.cars[seat].laps
    lemans = state.lemans
    return laps if lemans is None else laps - lemans.penalty_laps[seat]


def ranking(state: State) -> tuple[int, ...]:
    """Returns the seats in race order, leader first (RB-TRACK-6)."""
    return race_order(state.config, state.forks, state.cars, state.lemans)


def race_order(
    config: Config, forks: _Forks, cars: tuple[Car, ...], lemans: LeMans | None
) -> tuple[int, ...]:
    """Returns :func:`ranking` of a state with these fields (the rules rank the cars in
    the middle of an action, before the new state is built)."""
    if lemans is not None:
        keys = [_key(config, forks, lemans, seat, car) for seat, car in enumerate(cars)]
    else:  # _key without Le Mans, inlined: this runs several times per turn
        keys = [
            (
                -car.laps,
                field_for(config, forks, car.laps).get(
                    car.cell if car.off_from is None else car.off_from, _FAR
                ),
                car.arrived,
            )
            for car in cars
        ]
    return tuple(sorted(range(len(keys)), key=keys.__getitem__))


def lap_length(state: State, laps: int = 0) -> int:
    """Returns L, the shortest lap with the forks as chosen (RB-TRACK-6)."""
    config, forks = state.config, state.forks
    key = ("lap", forks, laps if config.per_lap_forks else 0)
    found: int | None = config.cache.get(key)
    if found is None:
        found = config.track.lap_length(closed_for(config, forks, laps))
        config.cache[key] = found
    return found


def gap(state: State, ahead: int, behind: int) -> int:
    """Returns how many cells ``ahead`` leads ``behind``: ``(la − lb)·L + db − da``."""
    a, b = state.cars[ahead], state.cars[behind]
    length = lap_length(state, a.laps)
    laps = counted_laps(state, ahead) - counted_laps(state, behind)
    return laps * length + car_distance(state, b) - car_distance(state, a)


def stack(state: State, cell: Hex) -> tuple[int, ...]:
    """Returns the seats on ``cell``, top (first arrived, ahead) first (RB-CELL-6); a
    Le Mans team put out stacks with nobody (:func:`counts_on_track`)."""
    seats = [
        s
        for s, c in enumerate(state.cars)
        if c.off_from is None and c.cell == cell and counts_on_track(state, s)
    ]
    return tuple(sorted(seats, key=lambda s: state.cars[s].arrived))


def counts_on_track(state: State, seat: int) -> bool:
    """Tells whether ``seat``'s cap stacks and blocks: not once its Le Mans team is put
    out (it would otherwise block a cell for good, and a car waiting to come back onto
    that cell would wait for ever)."""
    return state.lemans is None or seat not in state.lemans.out


def first_and_last(state: State) -> tuple[int, int]:
    """Returns the seats ranked first and last (RB-TURN-1) among those still racing."""
    order = ranking(state)
    if state.lemans is not None and state.lemans.out:
        order = tuple(s for s in order if s not in state.lemans.out) or order
    return order[0], order[-1]
