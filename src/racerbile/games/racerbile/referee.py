"""Referee mode (§13) and the Le Mans judges' console (RB-LM-2, RB-LM-6, RB-LM-7, RB-LM-11).

RB-REF-1: a physical game is refereed by typing what happens at the table: the dice
as ``Die`` chance actions (each 5 or 6 shown too, so RB-DICE-5 is charged) and the
moves as steps; the app computes every sip. RB-REF-2: every physical fault the seed
names is a :class:`Fault` of a kind in :data:`CATALOGUE`, charged to a chosen seat.

Referee and judge actions are accepted at any time before the end, whoever is to act:
``legal_actions`` never lists them (:func:`legal_referee_actions` and
:func:`legal_judge_actions` list the buttons), ``to_act`` does not change for them,
and platform code applies them with the trusted actor (``engine.step`` without an
actor), e.g. the server for the host's token or a judge's.

Decisions:

* The seed names two ways to move another's cap: by accident (pushing the table,
  poking the cap) the whole act of moving it and putting it back is one technical
  fault (``nudged_cap``); moving it when the rules do not say so is a technical fault
  and putting it back another (``other_cap`` then ``put_back``). Not putting it back
  is a general fault (``not_put_back``). The spec lists only the second way.
* "Moving the cap on edge" (``on_edge``) is a technical fault per cell (the seed's
  caps section), as is moving it upside down when RB-OPT-4 is off.
* Rolling out of turn is a technical fault, and each 1 shown is still a clutch fault
  (``clutch_out_of_turn``, RB-DICE-4): the seed says clutch faults can still be made.
* Forgotten announcements and drinks are buttons for games in auto announcement mode
  (in manual mode the app charges them itself, RB-ANN-1); the technical fault of a
  forgotten squeal is already charged by the move.
* Judges' penalty sips and Le Mans judge calls count toward the cap of RB-LM-4.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NamedTuple

from ...engine.contract import Action, Event
from ...engine.errors import IllegalAction, InvalidAction
from ...engine.ledger import FaultKind
from . import lemans
from .actions import UpsideDown, _Sentence
from .state import State
from .tx import Tx

MAX_COUNT = 99  # faults of one kind charged at once
MAX_PENALTY = 42  # judges' penalty sips at once (RB-LM-4 caps a turn at 42 anyway)
VOMIT_LAPS = 5  # RB-LM-7
DELAY_LAPS = 1  # RB-LM-11


class FaultSpec(NamedTuple):
    """One referee button: the fault type, sips per count, the rule and what it is."""

    fault: FaultKind
    sips: int
    rule_id: str
    per: str  # what one count is ("" : one occurrence)
    en: str
    da: str


def _t(sips: int, rule_id: str, per: str, en: str, da: str) -> FaultSpec:
    return FaultSpec("technical", sips, rule_id, per, en, da)


def _g(rule_id: str, en: str, da: str, per: str = "") -> FaultSpec:
    return FaultSpec("general", 1, rule_id, per, en, da)


CATALOGUE: dict[str, FaultSpec] = {
    # -- technical faults (Teknisk Fejl, and the caps and cells sections) --
    "wrong_cap": _t(1, "RB-CAP-1", "cell", "moved the wrong cap", "rykket den forkerte kapsel"),
    "upside_down": _t(
        1, "RB-CAP-1", "cell", "moved the cap upside down", "flyttet med den forkerte side opad"
    ),
    "on_edge": _t(1, "RB-CAP-1", "cell", "moved the cap on edge", "flyttet kapslen på højkant"),
    "own_cap_out_of_turn": _t(
        1, "RB-CAP-1", "", "moved own cap outside own turn", "flyttet egen kapsel uden for tur"
    ),
    "other_cap": _t(1, "RB-CAP-1", "", "moved someone else's cap", "flyttet på en andens kapsel"),
    "put_back": _t(
        1, "RB-CAP-1", "", "put someone else's cap back", "lagt en andens kapsel tilbage"
    ),
    "nudged_cap": _t(
        1,
        "RB-CAP-1",
        "",
        "moved a cap by accident and put it back",
        "flyttet en kapsel ved et uheld og lagt den tilbage",
    ),
    "die_off_table": _t(
        1,
        "RB-REF-2",
        "die",
        "dropped a die on the floor or off the table",
        "tabt en terning på gulvet eller ud over bordet",
    ),
    "die_moved_cap": _t(
        1, "RB-REF-2", "cap", "a die moved a cap", "slået en terning, så den flyttede en kapsel"
    ),
    "wrong_dice_count": _t(
        1,
        "RB-TURN-3",
        "die",
        "rolled the wrong number of dice",
        "slået med det forkerte antal terninger",
    ),
    "wrong_stack": _t(
        2,
        "RB-CELL-6",
        "",
        "stacked the caps in the wrong order",
        "lagt kapslerne i den forkerte rækkefølge",
    ),
    "wrong_branch": _t(
        1,
        "RB-TRACK-3",
        "cell",
        "drove the wrong way at a fork",
        "kørt den forkerte vej, hvor banen deler sig",
    ),
    "stalled_self": _t(1, "RB-NOL-1", "", "stalled oneself", "nølet sig selv"),
    "die_crooked": _t(
        1, "RB-REF-2", "die", "a die landed crooked", "slået en terning, så den landede skævt"
    ),
    "die_on_something": _t(
        1,
        "RB-REF-2",
        "die",
        "a die landed on something other than the table",
        "slået en terning, så den landede på andet end bordet",
    ),
    "rolled_out_of_turn": _t(
        1, "RB-REF-2", "", "rolled the dice out of turn", "slået med terningerne uden for tur"
    ),
    "clutch_out_of_turn": _t(
        1, "RB-DICE-4", "1 shown", "clutch fault out of turn", "koblingsfejl uden for tur"
    ),
    "forgot_flip": _t(
        1,
        "RB-CELL-3",
        "",
        "forgot to flip the cap on a blocking cell",
        "glemt at vende kapslen på et blokeringsfelt",
    ),
    "forgot_bonk": _t(
        1, "RB-CELL-3", "", "forgot to bonk the blocking cap", "glemt at bonke en kapsel"
    ),
    "wrong_wheels": _t(
        1, "RB-OPT-1", "step", "drove on the wrong number of wheels", "kørt med forkert antal hjul"
    ),
    # -- general faults (Generel Fejl) --
    "explained_rule": _g("RB-REF-2", "explained a rule", "forklaret en regel"),
    "explained_rule_wrongly": _g(
        "RB-REF-2", "explained a rule wrongly", "forklaret en regel forkert"
    ),
    "not_put_back": _g(
        "RB-CAP-1", "did not put a moved cap back", "ikke lagt en flyttet kapsel tilbage"
    ),
    "forgot_shift_up": _g(
        "RB-DICE-2", "forgot to announce an upshift", "glemt at annoncere en opgearing"
    ),
    "forgot_shift_down": _g(
        "RB-DICE-3", "forgot to announce a downshift", "glemt at annoncere en nedgearing"
    ),
    "forgot_first_last": _g(
        "RB-TURN-1",
        "forgot to announce drinking for first or last",
        "glemt at annoncere at drikke for at ligge forrest eller bagerst",
    ),
    "forgot_drink_first_last": _g(
        "RB-TURN-1",
        "forgot to drink for first or last",
        "glemt at drikke for at ligge forrest eller bagerst",
    ),
    "forgot_first_gear": _g(
        "RB-CELL-2",
        "forgot to announce starting in first gear",
        "glemt at annoncere at starte i første gear",
    ),
    "forgot_squeal": _g("RB-DICE-6", "forgot to squeal", "glemt at hvine", per="squeal"),
    "forgot_midway": _g(
        "RB-CELL-4", "forgot to announce the midway toast", "glemt at annoncere midtvejsskål"
    ),
    "skipped_midway_drink": _g(
        "RB-CELL-4", "did not drink for the midway toast", "undladt at drikke for midtvejsskål"
    ),
    "forgot_finish_first": _g(
        "RB-OPT-8", "forgot to announce finishing first", "glemt at annoncere at slutte forrest"
    ),
    "false_claim": _g(
        "RB-DRINK-4",
        "claimed fewer sips for a stronger drink",
        "forsøgt at undgå tårer med henvisning til en stærkere drik",
    ),
}
FAULT_REASONS_DA: dict[str, str] = {spec.en: spec.da for spec in CATALOGUE.values()}


# -- actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fault(Action):
    """RB-REF-2: ``seat`` made ``count`` faults of kind ``fault`` (a key of CATALOGUE);
    ``judge`` is the Le Mans judge who called it (None: the referee)."""

    kind: ClassVar[str] = "fault"
    fault: str
    seat: int
    count: int = 1
    judge: int | None = None


@dataclass(frozen=True, slots=True)
class Penalty(Action):
    """RB-LM-2: judge ``judge`` hands ``seat`` ``sips`` penalty sips for ``reason``."""

    kind: ClassVar[str] = "penalty"
    seat: int
    sips: int
    judge: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class RuleChange(Action):
    """RB-LM-2: judge ``judge`` changes a rule during the event (recorded as said)."""

    kind: ClassVar[str] = "rule_change"
    judge: int
    text: str


@dataclass(frozen=True, slots=True)
class DunlopBridge(Action):
    """RB-LM-6: ``seat`` knocked the Dunlop bridge over (judge input)."""

    kind: ClassVar[str] = "dunlop_bridge"
    seat: int
    judge: int


@dataclass(frozen=True, slots=True)
class Vomit(Action):
    """RB-LM-7: ``seat`` vomited over the table or on the floor (judge input)."""

    kind: ClassVar[str] = "vomit"
    seat: int
    where: Literal["table", "floor"]
    judge: int


@dataclass(frozen=True, slots=True)
class Delay(Action):
    """RB-LM-11: ``seat`` delayed the game outside its turn (judge input)."""

    kind: ClassVar[str] = "delay"
    seat: int
    judge: int


@dataclass(frozen=True, slots=True)
class Disqualify(Action):
    """RB-LM-7/10: the judges put ``seat`` out of the race for ``reason``."""

    kind: ClassVar[str] = "disqualify"
    seat: int
    judge: int
    reason: str = ""


# -- events ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Faulted(_Sentence, Event):
    """RB-REF-2: ``seat`` is charged ``count`` faults of kind ``fault`` (by ``judge``)."""

    kind: ClassVar[str] = "faulted"
    seat: int
    fault: str
    count: int = 1
    judge: str = ""


@dataclass(frozen=True, slots=True)
class JudgePenalty(_Sentence, Event):
    """RB-LM-2: ``judge`` hands ``seat`` ``sips`` penalty sips for ``reason``."""

    kind: ClassVar[str] = "judge_penalty"
    judge: str
    seat: int
    sips: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class RuleChanged(_Sentence, Event):
    """RB-LM-2: ``judge`` changes a rule: ``text``."""

    kind: ClassVar[str] = "rule_changed"
    judge: str
    text: str


@dataclass(frozen=True, slots=True)
class BridgeKnocked(_Sentence, Event):
    """RB-LM-6: ``seat`` knocked the Dunlop bridge over (called by ``judge``)."""

    kind: ClassVar[str] = "bridge_knocked"
    judge: str
    seat: int


@dataclass(frozen=True, slots=True)
class Vomited(_Sentence, Event):
    """RB-LM-7: ``seat`` vomited ``where`` (called by ``judge``)."""

    kind: ClassVar[str] = "vomited"
    judge: str
    seat: int
    where: str


@dataclass(frozen=True, slots=True)
class DelayedGame(_Sentence, Event):
    """RB-LM-11: ``seat`` delayed the game outside its turn (called by ``judge``)."""

    kind: ClassVar[str] = "delayed_game"
    judge: str
    seat: int


@dataclass(frozen=True, slots=True)
class Disqualified(_Sentence, Event):
    """RB-LM-7/10: ``judge`` puts ``seat`` out of the race for ``reason``."""

    kind: ClassVar[str] = "disqualified"
    judge: str
    seat: int
    reason: str = ""


ACTIONS: tuple[type[Action], ...] = (
    Fault,
    Penalty,
    RuleChange,
    DunlopBridge,
    Vomit,
    Delay,
    Disqualify,
)
EVENTS: tuple[type[Event], ...] = (
    Faulted,
    JudgePenalty,
    RuleChanged,
    BridgeKnocked,
    Vomited,
    DelayedGame,
    Disqualified,
)


# -- handlers --------------------------------------------------------------------------


def _illegal(state: State, reason: str, rule_id: str) -> IllegalAction:
    from .notation import format_state

    return IllegalAction(reason, rule_id=rule_id, position=format_state(state))


def _not_over(state: State, rule_id: str) -> None:
    if state.phase == "over":
        raise _illegal(state, "the race is over", rule_id)


def _text(value: Any, what: str, required: bool) -> str:
    """Returns free text that survives the notation (one line, no outer spaces)."""
    if not isinstance(value, str) or "\n" in value or value != value.strip():
        raise InvalidAction(f"{what} is one line of text without outer spaces, not {value!r}")
    if required and not value:
        raise InvalidAction(f"{what} is required")
    if len(value) > 200:
        raise InvalidAction(f"{what} has at most 200 characters")
    return value


def fault(tx: Tx, action: Any) -> None:
    """RB-REF-2: charges the listed fault to the chosen seat, ``count`` times."""
    state = tx.state
    spec = CATALOGUE.get(action.fault) if isinstance(action.fault, str) else None
    if spec is None:
        raise InvalidAction(f"unknown fault {action.fault!r}; one of {', '.join(CATALOGUE)}")
    seat = lemans.check_seat(state, action.seat, "player")
    count = action.count
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
        raise InvalidAction(f"a fault is counted 1 to {MAX_COUNT} times, not {count!r}")
    judge = "" if action.judge is None else lemans.judge_name(state, action.judge)
    _not_over(state, "RB-REF-2")
    tx.emit(Faulted(seat, action.fault, count, judge))
    tx.drink(seat, spec.sips * count, spec.rule_id, spec.fault, reason=spec.en)


def _judge_call(tx: Tx, action: Any, rule_id: str) -> tuple[State, str]:
    """Checks a Le Mans judge call: the rule set, the judge, the race not over."""
    state = tx.state
    if not state.config.rules.teams:
        raise _illegal(state, "judges call Le Mans only", rule_id)
    judge = lemans.judge_name(state, action.judge)
    _not_over(state, rule_id)
    return state, judge


def penalty(tx: Tx, action: Any) -> None:
    """RB-LM-2: penalty sips at the judges' will."""
    state, judge = _judge_call(tx, action, "RB-LM-2")
    seat = lemans.check_seat(state, action.seat)
    sips = action.sips
    if not isinstance(sips, int) or isinstance(sips, bool) or not 1 <= sips <= MAX_PENALTY:
        raise InvalidAction(f"a penalty is 1 to {MAX_PENALTY} sips, not {sips!r}")
    reason = _text(action.reason, "a penalty's reason", required=False)
    tx.emit(JudgePenalty(judge, seat, sips, reason))
    tx.drink(seat, sips, "RB-LM-2", reason="judges' penalty")


def rule_change(tx: Tx, action: Any) -> None:
    """RB-LM-2: a rule change, recorded for everyone to read."""
    _, judge = _judge_call(tx, action, "RB-LM-2")
    tx.emit(RuleChanged(judge, _text(action.text, "a rule change", required=True)))


def dunlop_bridge(tx: Tx, action: Any) -> None:
    """RB-LM-6: knocking over the Dunlop bridge is a whole beer."""
    state, judge = _judge_call(tx, action, "RB-LM-6")
    seat = lemans.check_seat(state, action.seat)
    tx.emit(BridgeKnocked(judge, seat))
    tx.drink(seat, tx.ledger.chug_whole(seat), "RB-LM-6", reason="Dunlop bridge")


def vomit(tx: Tx, action: Any) -> None:
    """RB-LM-7: vomiting over the table or on the floor costs 5 laps."""
    state, judge = _judge_call(tx, action, "RB-LM-7")
    seat = lemans.check_seat(state, action.seat)
    if action.where not in ("table", "floor"):
        raise InvalidAction(f"vomiting is over the table or on the floor, not {action.where!r}")
    if state.phase != "race":
        raise _illegal(state, "laps are taken off during the race", "RB-LM-7")
    tx.emit(Vomited(judge, seat, action.where))
    lemans.add_penalty_laps(tx, seat, VOMIT_LAPS, "RB-LM-7")


def delay(tx: Tx, action: Any) -> None:
    """RB-LM-11: a delay outside one's turn costs the next turn and one lap."""
    state, judge = _judge_call(tx, action, "RB-LM-11")
    seat = lemans.check_seat(state, action.seat)
    if state.phase != "race":
        raise _illegal(state, "turns and laps are lost during the race", "RB-LM-11")
    tx.emit(DelayedGame(judge, seat))
    lemans.lose_turn(tx, seat)
    lemans.add_penalty_laps(tx, seat, DELAY_LAPS, "RB-LM-11")


def disqualify(tx: Tx, action: Any) -> None:
    """RB-LM-7/10: the judges put a team out of the race."""
    state, judge = _judge_call(tx, action, "RB-LM-10")
    seat = lemans.check_seat(state, action.seat)
    reason = _text(action.reason, "a disqualification's reason", required=False)
    if state.phase != "race":
        raise _illegal(state, "teams are put out during the race", "RB-LM-10")
    assert state.lemans is not None
    if seat in state.lemans.out:
        raise _illegal(state, f"{state.config.names[seat]} is out already", "RB-LM-10")
    tx.emit(Disqualified(judge, seat, reason))
    lemans.put_out(tx, seat)


HANDLERS: dict[type[Action], Callable[[Tx, Any], None]] = {
    Fault: fault,
    Penalty: penalty,
    RuleChange: rule_change,
    DunlopBridge: dunlop_bridge,
    Vomit: vomit,
    Delay: delay,
    Disqualify: disqualify,
}


# -- the buttons -----------------------------------------------------------------------


def legal_referee_actions(state: State) -> list[Action]:
    """Returns the referee's buttons now: every fault for every seat (count 1), and
    the upside-down call during a move when RB-OPT-4 is on; [] once the race is over."""
    if state.phase == "over":
        return []
    actions: list[Action] = [
        Fault(kind, seat) for seat in range(state.config.players) for kind in CATALOGUE
    ]
    turn = state.turn
    if state.config.options.upside_down and turn is not None and turn.phase == "move":
        actions.append(UpsideDown())
    return actions


def legal_judge_actions(state: State, judge: int = 0) -> list[Action]:
    """Returns judge ``judge``'s buttons now (Le Mans, during the race): the Dunlop
    bridge, vomiting, delays and disqualifications per team, and the last lap.
    Penalties and rule changes take free input and are not listed."""
    if state.lemans is None or state.phase != "race" or judge >= len(state.config.judges):
        return []
    actions: list[Action] = []
    for seat in lemans.active(state):
        actions += [
            DunlopBridge(seat, judge),
            Vomit(seat, "table", judge),
            Vomit(seat, "floor", judge),
            Delay(seat, judge),
            Disqualify(seat, judge),
        ]
    if not state.lemans.last_lap:
        actions.append(lemans.ClockExpired(judge))
    return actions


def catalogue_json() -> list[dict[str, Any]]:
    """Returns the fault catalogue for the referee's buttons (RB-REF-2)."""
    return [
        {"fault": kind, "type": spec.fault, "sips": spec.sips, "rule_id": spec.rule_id,
         "per": spec.per, "en": spec.en, "da": spec.da}
        for kind, spec in CATALOGUE.items()
    ]  # fmt: skip
