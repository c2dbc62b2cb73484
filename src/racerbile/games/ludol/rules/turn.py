"""The start-order roll-off and a colour's turn: throws, moves, declarations (spec §2.3).

LD-START-1: everyone throws (top face only, LD-ROROS-2); ties re-roll among the tied;
the winner's colour is A and letters go clockwise. Then each throw is settled against
the board (:func:`.flow.settle`) and the player's choice applied here.
"""

from __future__ import annotations

from ....engine.contract import Event, Step
from ....engine.errors import IllegalAction
from ....engine.frozen import replace
from ....engine.ledger import Ledger
from .. import ledger
from ..actions import Declare, Move, Throw
from ..events import (
    Declared,
    FlagRaised,
    KnockedHome,
    Moved,
    PenaltyAwarded,
    RolledForStart,
    RollOffTied,
    StartOrderSet,
    Thrown,
    WrongColour,
)
from ..setup import LETTERS, Config
from ..state import (
    GLASSES,
    GOAL,
    YARD,
    Chug,
    Flag,
    FlagKind,
    RollOff,
    State,
    letter,
    track_square,
)
from . import board, flow


def start(config: Config) -> State:
    """Returns the state before the first throw (the roll-off unless ``first`` is set)."""
    players = len(config.names)
    state = State(
        ledger=Ledger(players),
        config=config,
        phase="order",
        owner=(),
        glasses=(),
        rolloff=RollOff(tuple(range(players))),
        vomits=(0,) * players,
    )
    if config.first is None:
        return state
    return _begin(state, config.first, [])


def seating(config: Config, winner: int) -> tuple[int, ...]:
    """LD-START-1 / LD-SEAT-1: the participant of each letter, clockwise from the winner
    (a participant with several colours sits at that many consecutive sides)."""
    slots = [p for p, n in enumerate(config.colours) for _ in range(n)]
    first = slots.index(winner)
    return tuple(slots[first:] + slots[:first])


def _begin(state: State, winner: int, events: list[Event]) -> State:
    owner = seating(state.config, winner)
    events.append(StartOrderSet(winner, owner))
    glasses = tuple((YARD,) * GLASSES for _ in owner)
    begun = replace(state, phase="play", owner=owner, glasses=glasses, rolloff=None)
    return flow.new_turn(begun, 0, events)


def roll_for_start(state: State, top: int) -> Step:
    """LD-START-1: the next contender throws; a complete round picks the winner or re-rolls."""
    rolloff = state.rolloff
    assert rolloff is not None
    participant = rolloff.contenders[len(rolloff.thrown)]
    events: list[Event] = [RolledForStart(participant, top)]
    thrown = (*rolloff.thrown, top)
    if len(thrown) < len(rolloff.contenders):
        return Step(replace(state, rolloff=replace(rolloff, thrown=thrown)), tuple(events))
    best = max(thrown)
    tied = tuple(p for p, t in zip(rolloff.contenders, thrown, strict=True) if t == best)
    if len(tied) > 1:
        events.append(RollOffTied(tied))
        return Step(replace(state, rolloff=RollOff(tied)), tuple(events))
    return Step(_begin(state, tied[0], events), tuple(events))


def throw(state: State, action: Throw) -> Step:
    """A throw of the colour to play: chain index, LD-SIX-2's forced six and its beer
    (charged at once, before any win check, A10), then the options (spec §2.3)."""
    turn = state.turn
    assert turn is not None
    profile = state.config.profile
    chain, throws = turn.chain + 1, turn.throws + 1
    index = chain if profile.chain_resets else throws
    start_forced = profile.forced_six_from
    forced = start_forced is not None and index >= start_forced and action.top in (1, 6)
    found = board.options(state.glasses, turn.colour, action.top, profile, forced)
    thrown = replace(
        turn,
        chain=chain,
        throws=throws,
        throw=action.top,
        forced=forced,
        idle="waiting",
        # with options the throw waits for the choice (as flow.settle leaves it); without,
        # flow.no_option below decides, as settle would after it found none
        options=found or turn.options,
        declare=turn.declare and not found,
    )
    state = replace(state, turn=thrown, throws=state.throws + 1)
    events: list[Event] = [
        Thrown(
            letter(turn.colour),
            action.top,
            7 - action.top,
            chain,
            forced,
            tuple([option_text(turn.colour, o) for o in found]),
        )
    ]
    if forced:
        owner = state.owner[turn.colour]
        events.append(PenaltyAwarded(owner, 1, "third_six", ledger.AUTO_RULE, True, None))
        state = ledger.drink(state, events, ledger.penalty(owner, 1, "third_six", ledger.AUTO_RULE))
    if not found:
        state = flow.no_option(state, events)
    return Step(state, tuple(events))


def option_text(colour: int, option: board.Option) -> str:
    """Returns the notation of an option, e.g. ``A10+5`` or ``Ay+6``."""
    frm = "y" if option.frm == YARD else option.frm
    return f"{LETTERS[colour]}{frm}+{option.value}"


def move(state: State, action: Move) -> Step:
    """Applies the player's choice: the glass moves, opposing glasses on the landing
    square go home in one chug per owner (LD-HIT-1), flags (c) and (h) are raised
    (LD-HIT-3, LD-REF-3), then the win check and the bonus throw."""
    turn = state.turn
    assert turn is not None and turn.throw is not None
    colour = turn.colour
    if action.colour != letter(colour):
        return wrong_colour(state, action)
    if turn.declare:
        raise _illegal(state, "no move is possible: declare the throw a six or a one", "LD-SIX-3")
    chosen = next(
        (o for o in turn.options if o.frm == action.frm and o.value == action.value), None
    )
    if chosen is None:
        reason, rule_id = why_illegal(state, action)
        raise _illegal(state, reason, rule_id)
    own = state.glasses[colour]
    glass = own.index(chosen.frm)
    events: list[Event] = [
        Moved(letter(colour), glass, chosen.frm, chosen.to, chosen.value, chosen.face)
    ]
    glasses = list(state.glasses)  # the colours nothing moved keep their tuples
    glasses[colour] = _placed(own, glass, chosen.to)
    for other, g in chosen.captures:
        glasses[other] = _placed(glasses[other], g, YARD)
    state = replace(state, glasses=tuple(glasses))
    if chosen.captures:
        state = _knock_home(state, colour, chosen, events)
    state = _flags(state, turn.options, chosen, turn.throw, events)
    participant = state.owner[colour]
    if flow.participant_home(state, participant):
        return Step(flow.finish(state, "home", events, (participant,)), tuple(events))
    state = flow.end_of_throw(state, events, bonus=chosen.value == 6)
    return Step(state, tuple(events))


def _placed(glasses: tuple[int, ...], glass: int, progress: int) -> tuple[int, ...]:
    """Returns a colour's glasses with glass ``glass`` on ``progress``."""
    return (*glasses[:glass], progress, *glasses[glass + 1 :])


def wrong_colour(state: State, action: Move) -> Step:
    """LD-REF-3 (g), seed §17g: the participant to play tries to move a glass of a colour
    they do not play (at a real table: they pick up the wrong glass, and whoever types
    the move types what they did). The try is kept and flagged for the referee; the
    glass stays where it was and the throw waits for a move of the right colour. A
    participant's own other colour is refused (each colour takes its own turns), and so
    is a glass or a value the table cannot have seen."""
    turn = state.turn
    assert turn is not None and turn.throw is not None
    playing = letter(turn.colour)
    if not state.config.profile.referee_flags:
        raise _illegal(state, f"it is {playing}'s turn, not {action.colour}'s", "LD-SEAT-1")
    if action.colour not in LETTERS[: state.colours]:
        raise _illegal(state, f"colour {action.colour!r} is not in play", "LD-SEAT-1")
    moved = LETTERS.index(action.colour)
    participant = state.owner[turn.colour]
    if state.owner[moved] == participant:
        reason = f"it is {playing}'s turn; {action.colour} takes its own turns"
        raise _illegal(state, reason, "LD-SEAT-1")
    if action.frm not in state.glasses[moved] or not YARD <= action.frm < GOAL:
        reason = f"no glass of {action.colour} stands on {action.frm}"
        raise _illegal(state, reason, "LD-REF-3")
    if action.value not in (turn.throw, 7 - turn.throw):
        reason = f"a throw of {turn.throw} cannot be used as {action.value}"
        raise _illegal(state, reason, "LD-ROROS-1")
    events: list[Event] = [
        WrongColour(participant, playing, action.colour, action.frm, action.value)
    ]
    if turn.counting:  # the participant is there: the 10→0 count of LD-REF-4 stops
        state = replace(state, turn=replace(turn, idle="waiting"))
    state = raise_flags(state, ["wrong_colour"], events)
    return Step(state, tuple(events))


def _knock_home(state: State, colour: int, chosen: board.Option, events: list[Event]) -> State:
    owners = sorted({other for other, _ in chosen.captures})
    by = state.owner[colour]
    for other in owners:
        glasses = tuple(g for o, g in chosen.captures if o == other)
        chug = Chug(len(state.chugs), state.owner[other], other, glasses)
        square = track_square(colour, chosen.to)
        countdown = state.config.chug_seconds
        events.append(
            KnockedHome(
                chug.participant, letter(other), glasses, letter(colour), square, chug.id, countdown
            )
        )
        state = replace(state, chugs=(*state.chugs, chug))
        state = ledger.drink(state, events, *ledger.knock_home(chug.participant, len(glasses), by))
    return state


def _flags(
    state: State,
    found: tuple[board.Option, ...],
    chosen: board.Option,
    top: int,
    events: list[Event],
) -> State:
    """LD-REF-3 (c) a capture left out (LD-HIT-3), (h) a 1 taken while a 6 was legal."""
    if not state.config.profile.referee_flags:
        return state
    kinds: list[FlagKind] = []
    if not chosen.captures and any(o.captures for o in found):
        kinds.append("missed_capture")
    if top in (1, 6) and chosen.value == 1 and any(o.value == 6 for o in found):
        kinds.append("passive")
    return raise_flags(state, kinds, events)


def raise_flags(state: State, kinds: list[FlagKind], events: list[Event]) -> State:
    """Returns ``state`` with flags of ``kinds`` raised against the colour to play."""
    turn = state.turn
    assert turn is not None
    if not kinds:
        return state
    flags = list(state.flags)
    for kind in kinds:
        flag = Flag(len(flags), kind, state.owner[turn.colour], turn.colour, turn.number)
        flags.append(flag)
        events.append(FlagRaised(flag.id, kind, flag.participant, letter(turn.colour)))
    return replace(state, flags=tuple(flags))


def declare(state: State, action: Declare) -> Step:
    """A9 (LD-SIX-3): a 1/6 on throw 1 or 2 with no legal move, declared a six (bonus
    throw) or a one (the turn goes on as if nothing was thrown)."""
    turn = state.turn
    assert turn is not None
    if not turn.declare:
        raise _illegal(state, "a declaration is only for a 1 or 6 with no legal move", "LD-SIX-3")
    events: list[Event] = [Declared(letter(turn.colour), action.six)]
    return Step(flow.end_of_throw(state, events, bonus=action.six), tuple(events))


def why_illegal(state: State, action: Move) -> tuple[str, str]:
    """Returns the sentence and rule id that refuse ``action`` for the current throw."""
    turn = state.turn
    assert turn is not None and turn.throw is not None
    top, profile, colour = turn.throw, state.config.profile, turn.colour
    own = state.glasses[colour]
    if action.frm not in own or action.frm >= GOAL or action.frm < YARD:
        return f"no glass of {letter(colour)} stands on {action.frm}", "LD-MOVE-1"
    column = any(50 < p < GOAL for p in own)
    values = board.candidate_values(profile, top, action.frm, column)
    if turn.forced and action.value != 6:
        return "from the third throw of a six-chain a 1/6 must be used as a 6", "LD-SIX-2"
    if action.value not in values:
        rule = "LD-ROROS-2" if action.value == 7 - top and profile.roros else "LD-ROROS-1"
        if top in (1, 6) or not profile.roros:
            rule = "LD-SIX-1"
        return f"a throw of {top} cannot be used as {action.value} here", rule
    if action.frm == YARD:
        if action.value != 6:
            return "a glass leaves the yard only with a 6", "LD-ENTER-1"
        return "an opposing block stands on the start square", "LD-ENTER-1"
    if action.frm + action.value > GOAL:
        return "the goal needs the exact number; the glass would overshoot", "LD-MOVE-1"
    if not profile.immune_landing:
        return "the way is blocked, or the glass would land on an immune glass", "LD-HIT-2"
    return "an opposing block is in the way or on the landing square", "LD-BLOCK-1"


def check_throw(state: State, action: Throw) -> None:
    """Raises IllegalAction unless ``action`` is a die face 1…6."""
    if not 1 <= action.top <= 6:
        raise _illegal(state, f"a die shows 1 to 6, not {action.top}", "LD-BOARD-1")


def _illegal(state: State, reason: str, rule_id: str) -> IllegalAction:
    from ..notation import format_state

    return IllegalAction(reason, rule_id=rule_id, position=format_state(state))
