"""Loss of control, SISU, the card's back, off-road damage and shortcut cards.

RM-LOC-1 (the flipped card: gear 0, 1:00, spin or off left/right with the terrain's damage;
a full verge spot → the other side; both full → spin, A22), RM-LOC-2 (the car comes back on
the space it left, in 1st gear), RM-LOC-3 (off during a slide → back on the inside space
beside it, and so does a spin there, since a slide refuses the restart's
1st-gear die; off onto a shortcut verge → onto the shortcut with a card; off a shortcut → onto
the road beside it; on the finish line → finished with the 1:00 card and the terrain's
damage, A26), RM-SISU-1 (once per rally against hazard losses and a jump at +1, never an
overspeed; standard: hazards reset and the driver goes on; time attack: the whole move is
made, A20), RM-DMG-1 (damage 5 retires), RM-CORNER-3 (clean, dirty → MUD, puncture),
RM-TYRE-2 (a puncture takes a gas die; A12).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from ....engine.contract import Event
from ....engine.errors import IllegalAction
from ....engine.frozen import replace
from ..actions import Back, CardTaken, LostControl, Shortcut, ShortcutDrawn, SisuPlayed, WentOff
from ..state import LOC_TIME, Card, Loc, State
from .common import back_weights, blocked, take_card, turn_of, verge_taken, with_car, with_turn
from .rally import end_turn, finish, next_turn, retire

BACKS: tuple[Literal["spin", "left", "right"], ...] = ("spin", "left", "right")
CARDS: tuple[Literal["clean", "dirty", "puncture"], ...] = ("clean", "dirty", "puncture")


def continue_turn(state: State, events: list[Event]) -> State:
    """Goes on after a die: a time attack with every die placed ends the turn."""
    turn = turn_of(state)
    if turn.technique == "attack" and len(turn.placed) == len(turn.pool):
        return finish_turn(state, events)
    return state


def finish_turn(state: State, events: list[Event]) -> State:
    """Ends the turn; a car left on an airborne jump space loses control (RM-JUMP-1, A25)."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    stage = state.stage
    if (
        car.status == "racing"
        and car.space is not None
        and car.space < stage.finish
        and (stage.spaces[car.space].airborne)
        and turn.used
    ):
        return lose_control(state, "airborne", "RM-JUMP-1", False, events)
    return end_turn(state, events)


def lose_control(
    state: State,
    reason: str,
    rule_id: str,
    sisu_ok: bool,
    events: list[Event],
    on_line: bool = False,
) -> State:
    """Starts a loss of control on the car's space: SISU decision, else the card's back."""
    turn = turn_of(state)
    seat = turn.seat
    car = state.cars[seat]
    at = state.stage.gid(car.space) if car.space is not None else "start"
    events.append(LostControl(seat, at, reason, rule_id))
    deck = turn.last_gear_die or max(turn.gear, 1)
    can_sisu = sisu_ok and state.options.sisu and not car.sisu_used
    loc = Loc(reason, rule_id, sisu_ok, deck, "sisu" if can_sisu else "back", on_line)
    state = with_turn(state, loc=loc, pending=None)
    if can_sisu:
        return state
    return _maybe_flip(state, events)


def _maybe_flip(state: State, events: list[Event]) -> State:
    loc = turn_of(state).loc
    assert loc is not None
    outcomes = back_outcomes(state)
    if len(outcomes) == 1:
        return apply_back(state, outcomes[0][0], events)
    return with_turn(state, loc=replace(loc, awaiting="back"))


def back_outcomes(state: State) -> list[tuple[Back, Fraction]]:
    """Returns the exact distribution of the flipped card's back (RM-CARD-1, A21)."""
    loc = turn_of(state).loc
    assert loc is not None
    weights = back_weights(state, loc.deck)
    total = sum(weights)
    return [(Back(b), Fraction(w, total)) for b, w in zip(BACKS, weights, strict=True) if w]


def apply_sisu(state: State, play: bool, events: list[Event]) -> State:
    """Plays SISU (the move goes on, hazards ignored) or lets the loss of control happen."""
    turn = turn_of(state)
    if turn.loc is None or turn.loc.awaiting != "sisu":
        raise IllegalAction("no loss of control to cancel now", rule_id="RM-SISU-1")
    if not play:
        return _maybe_flip(state, events)
    events.append(SisuPlayed(turn.seat))
    state = with_car(state, turn.seat, sisu_used=True)
    if turn.technique == "attack":
        state = with_turn(state, loc=None, sisu_active=True)
    else:
        state = with_turn(state, loc=None, hazards=0)
    if turn.loc.on_line:  # SISU on the line: the car simply finishes
        return end_turn(state, events)
    return continue_turn(state, events)


def apply_back(state: State, back: Back, events: list[Event]) -> State:
    """Applies the flipped card: time stack, spin or off the road, damage; ends the turn."""
    turn = turn_of(state)
    loc = turn.loc
    assert loc is not None
    seat, stage = turn.seat, state.stage
    car = state.cars[seat]
    state = with_car(
        state, seat, stack=(*car.stack, Card(loc.deck, LOC_TIME, back.outcome)), gear=0
    )
    events.append(CardTaken(seat, loc.deck, LOC_TIME, back.outcome))
    state = take_card(state, loc.deck, back.outcome)
    state = with_turn(state, loc=None)
    pos = car.space
    assert pos is not None
    if loc.on_line:  # A26: finished; the terrain of the last space still damages
        last = stage.spaces[_last_space(state)]
        if back.outcome != "spin":
            side = 0 if back.outcome == "left" else 1
            state = _damage(state, seat, back.outcome, last.verge[side], last.damage[side], events)
        if state.cars[seat].status != "retired":
            state = finish(state, seat, events)
        return next_turn(state, events)
    if back.outcome == "spin":
        state = with_car(state, seat, space=_spin_space(state, seat, pos), off="spin")
        return next_turn(state, events)
    return (
        next_turn(_off_road(state, seat, pos, back.outcome, events), events)
        if not (_onto_shortcut(state, pos, back.outcome))
        else _shortcut_verge(state, seat, pos, back.outcome, events)
    )


def _spin_space(state: State, seat: int, pos: int) -> int:
    """Returns where a spun car restarts: a slide takes only its own gear, never the
    1st-gear die a restart needs, so a car spun in a slide restarts on the inside space
    beside it, as after going off there (RM-LOC-3); a full inside space keeps it put."""
    space = state.stage.spaces[pos]
    if (
        space.kind == "slide"
        and space.beside is not None
        and not blocked(state, seat, space.beside)
    ):
        return space.beside
    return pos


def _last_space(state: State) -> int:
    stage = state.stage
    return next(
        i for i, links in enumerate(stage.links) if any(lk.to == stage.finish for lk in links)
    )


def _off_road(state: State, seat: int, pos: int, side: str, events: list[Event]) -> State:
    space = state.stage.spaces[pos]
    if space.kind == "shortcut":  # RM-LOC-3: off a shortcut lands on the road
        if space.beside is not None and not blocked(state, seat, space.beside):
            return with_car(state, seat, space=space.beside, off=None)
        return with_car(state, seat, off="spin")
    back_to = space.beside if space.kind == "slide" and space.beside is not None else pos
    for choice in (side, "right" if side == "left" else "left"):
        if verge_taken(state, seat, back_to, choice):
            continue
        index = 0 if choice == "left" else 1
        state = with_car(state, seat, space=back_to, off=choice)
        return _damage(state, seat, choice, space.verge[index], space.damage[index], events)
    spun = _spin_space(state, seat, pos)
    return with_car(state, seat, space=spun, off="spin")  # A22: both verge spots full


def _onto_shortcut(state: State, pos: int, side: str) -> bool:
    space = state.stage.spaces[pos]
    index = 0 if side == "left" else 1
    return space.verge[index] == "shortcut" and space.shortcut_verge is not None


def _shortcut_verge(state: State, seat: int, pos: int, side: str, events: list[Event]) -> State:
    target = state.stage.spaces[pos].shortcut_verge
    assert target is not None
    if blocked(state, seat, target):
        return next_turn(with_car(state, seat, off="spin"), events)
    events.append(WentOff(seat, side, "shortcut", 0))
    state = with_car(state, seat, space=target, off=None)
    return with_turn(state, draw=True, end_after_draw=True)


def _damage(
    state: State, seat: int, side: str, terrain: str, damage: int, events: list[Event]
) -> State:
    events.append(WentOff(seat, side, terrain, damage))
    total = state.cars[seat].damage + damage
    state = with_car(state, seat, damage=total)
    if total >= 5:
        state = retire(state, seat, events)
    return state


def shortcut_outcomes(state: State) -> list[tuple[Shortcut, Fraction]]:
    """Returns the exact distribution of a shortcut card (A11)."""
    deck = state.options.shortcut_deck
    total = sum(deck)
    return [(Shortcut(c), Fraction(n, total)) for c, n in zip(CARDS, deck, strict=True) if n]


def apply_shortcut(state: State, card: Shortcut, events: list[Event]) -> State:
    """Applies a shortcut card: MUD on the corner, or a puncture from the next turn on."""
    turn = turn_of(state)
    seat = turn.seat
    car = state.cars[seat]
    assert car.space is not None
    corner = state.stage.spaces[car.space].corner or ""
    events.append(ShortcutDrawn(seat, card.card, corner))
    if card.card == "dirty":
        state = replace(state, mud=(*state.mud, (corner, seat)))
    elif card.card == "puncture":
        state = with_car(state, seat, punctures=car.punctures + 1)
    state = with_turn(state, draw=False)
    if turn.end_after_draw:
        return next_turn(with_turn(state, end_after_draw=False), events)
    return continue_turn(state, events)
