"""Move legality for one throw (spec §2.4): candidate values, blocks, captures.

Pure functions of the glasses and the profile; no state of the turn is read here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..setup import Profile
from ..state import GOAL, LAST_TRACK, START, STRIDE, YARD, Option, track_square

Glasses = Sequence[Sequence[int]]


def occupancy(glasses: Glasses) -> dict[int, dict[int, int]]:
    """Returns, per shared-track square, how many glasses of each colour stand on it."""
    occ: dict[int, dict[int, int]] = {}
    for colour, own in enumerate(glasses):
        for p in own:
            if START <= p <= LAST_TRACK:
                at = occ.setdefault(track_square(colour, p), {})
                at[colour] = at.get(colour, 0) + 1
    return occ


def blocked_squares(occ: dict[int, dict[int, int]], colour: int, profile: Profile) -> set[int]:
    """LD-BLOCK-1: the squares ``colour`` may neither pass nor land on (opposing blocks)."""
    return {
        square
        for square, counts in occ.items()
        if any(o != colour and n in profile.block_sizes for o, n in counts.items())
    }


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
    own = glasses[colour]
    column = any(LAST_TRACK < p < GOAL for p in own)
    found: list[Option] = []
    for p in sorted(set(own)):
        if p < YARD or p >= GOAL:
            continue
        for value in candidate_values(profile, top, p, column):
            if forced and value != 6:
                continue
            option = _option(glasses, occ, blocked, colour, p, value, top, profile)
            if option is not None:
                found.append(option)
    return tuple(found)


def _option(
    glasses: Glasses,
    occ: dict[int, dict[int, int]],
    blocked: set[int],
    colour: int,
    p: int,
    value: int,
    top: int,
    profile: Profile,
) -> Option | None:
    if p == YARD:  # LD-ENTER-1: only a 6, onto the own start square, not onto a block
        if value != 6:
            return None
        to = START
    else:
        to = p + value
        if to > GOAL:  # LD-MOVE-1: exact finish, no bounce
            return None
    for q in range(p + 1, min(to, LAST_TRACK) + 1):
        square = track_square(colour, q)
        if square in blocked:
            return None
        if not profile.owner_passes_blocks and q < to and occ.get(square, {}).get(colour, 0) >= 2:
            return None  # §1.2: nobody passes a tower, its owner neither
    captures: list[tuple[int, int]] = []
    if to <= LAST_TRACK:
        square = track_square(colour, to)
        for other, _ in sorted(occ.get(square, {}).items()):
            if other == colour:
                continue
            if profile.start_square_immune and square == STRIDE * other:
                if not profile.immune_landing:  # A2 alternative
                    return None
                continue  # LD-HIT-2: immune on its own start square
            at = _progress(other, square)
            captures += [(other, g) for g, q in enumerate(glasses[other]) if q == at]
    return Option(p, value, to, face_of(profile, top, value, p), tuple(captures))


def _progress(colour: int, square: int) -> int:
    """Returns the progress 0…51 of ``colour`` whose shared-track square is ``square``."""
    return (square - STRIDE * colour) % 52
