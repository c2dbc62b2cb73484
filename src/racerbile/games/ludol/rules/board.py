"""Move legality for one throw (spec §2.4): candidate values, blocks, captures.

Pure functions of the glasses and the profile; no state of the turn is read here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..setup import COLOURS, Profile
from ..state import GOAL, LAST_TRACK, START, STRIDE, YARD, Option, track_square

Glasses = Sequence[Sequence[int]]


SQUARES: tuple[tuple[int, ...], ...] = tuple(
    tuple(track_square(colour, p) for p in range(START, LAST_TRACK + 1))
    for colour in range(COLOURS)
)
"""Per colour, the shared-track square of each progress 0…50 (every throw walks them)."""


def occupancy(glasses: Glasses) -> dict[int, dict[int, int]]:
    """Returns, per shared-track square, how many glasses of each colour stand on it."""
    occ: dict[int, dict[int, int]] = {}
    for colour, own in enumerate(glasses):
        squares = SQUARES[colour]
        for p in own:
            if START <= p <= LAST_TRACK:
                at = occ.setdefault(squares[p], {})
                at[colour] = at.get(colour, 0) + 1
    return occ


def blocked_squares(occ: dict[int, dict[int, int]], colour: int, profile: Profile) -> set[int]:
    """LD-BLOCK-1: the squares ``colour`` may neither pass nor land on (opposing blocks)."""
    sizes = profile.block_sizes
    blocked = set()
    for square, counts in occ.items():
        for o, n in counts.items():
            if n in sizes and o != colour:
                blocked.add(square)
                break
    return blocked


def candidate_values(profile: Profile, top: int, p: int, column_in_use: bool) -> tuple[int, ...]:
    """The values a glass at ``p`` may use for top face ``top`` (spec §2.4).

    LD-SIX-1: a 1 or 6 may be used as either, everywhere. LD-ROROS-1/2: the bottom face
    7 − t only while the glass stays on the shared track (A5, per move; per throw it
    is also refused while a glass of the colour is in the home column).
    """
    if top in (1, 6):
        return (1, 6) if profile.six_rule or profile.roros else (top,)
    if not profile.roros:
        return (top,)
    bottom = 7 - top
    on_track = p <= LAST_TRACK and p + bottom <= LAST_TRACK
    if on_track and not (profile.roros_per_throw and column_in_use):
        return (top, bottom)
    return (top,)


def face_of(profile: Profile, top: int, value: int, p: int) -> str:
    """Returns how ``value`` reads the throw ``top`` (see :class:`Option`)."""
    if value == top:
        return "top"
    on_track = p <= LAST_TRACK and p + value <= LAST_TRACK
    return "bottom" if profile.roros and on_track else "six_rule"


def options(
    glasses: Glasses, colour: int, top: int, profile: Profile, forced: bool = False
) -> tuple[Option, ...]:
    """Returns the legal options of ``colour`` for top face ``top`` (spec §2.4).

    Glasses on one square are one option per value (a move is (square, value)).
    ``forced`` (LD-SIX-2) keeps only the value 6.
    """
    occ = occupancy(glasses)
    blocked = blocked_squares(occ, colour, profile)
    # §1.2: nobody passes a tower, its owner neither (the squares of the own towers)
    towers = (
        set()
        if profile.owner_passes_blocks
        else {square for square, counts in occ.items() if counts.get(colour, 0) >= 2}
    )
    squares = SQUARES[colour]
    own = glasses[colour]
    # A5 per throw only: a glass of the colour in the home column refuses the bottom face
    column = profile.roros_per_throw and any(LAST_TRACK < p < GOAL for p in own)
    found: list[Option] = []
    for p in sorted(set(own)):
        if p < YARD or p >= GOAL:
            continue
        for value in candidate_values(profile, top, p, column):
            if forced and value != 6:
                continue
            if p == YARD:  # LD-ENTER-1: only a 6, onto the own start square, not onto a block
                if value != 6:
                    continue
                to = START
            else:
                to = p + value
                if to > GOAL:  # LD-MOVE-1: exact finish, no bounce
                    continue
            path = squares[p + 1 : min(to, LAST_TRACK) + 1]  # the track squares entered
            if blocked and not blocked.isdisjoint(path):
                continue
            if towers and not towers.isdisjoint(path if to > LAST_TRACK else path[:-1]):
                continue
            captures: tuple[tuple[int, int], ...] = ()
            if to <= LAST_TRACK and path[-1] in occ:  # a glass stands on the landing square
                landing = _captures(glasses, occ, colour, path[-1], profile)
                if landing is None:
                    continue
                captures = landing
            face = "top" if value == top else face_of(profile, top, value, p)
            found.append(Option(p, value, to, face, captures))
    return tuple(found)


def _captures(
    glasses: Glasses, occ: dict[int, dict[int, int]], colour: int, square: int, profile: Profile
) -> tuple[tuple[int, int], ...] | None:
    """The (colour, glass) pairs a glass of ``colour`` landing on ``square`` knocks home
    (LD-HIT-1), or None when it may not land there (A2's alternative)."""
    here = occ[square]
    if len(here) == 1 and colour in here:
        return ()
    captures: list[tuple[int, int]] = []
    for other in sorted(here):
        if other == colour:
            continue
        if profile.start_square_immune and square == STRIDE * other:
            if not profile.immune_landing:  # A2 alternative
                return None
            continue  # LD-HIT-2: immune on its own start square
        at = _progress(other, square)
        captures += [(other, g) for g, q in enumerate(glasses[other]) if q == at]
    return tuple(captures)


def _progress(colour: int, square: int) -> int:
    """Returns the progress 0…51 of ``colour`` whose shared-track square is ``square``."""
    return (square - STRIDE * colour) % 52
