"""A scratch pad for one ``apply``: the changes so far and the events so far.

Nothing is mutated: changes to the frozen state are collected and the new state is
built with :meth:`State.replace` when it is read (usually once per action), so the
state ``apply`` was given is untouched whatever happens.
"""

from __future__ import annotations

from typing import Any

from ....engine.contract import Event
from ....engine.ledger import Drank, FaultKind
from ..drinks import BeerLedger
from ..events import SipCapReached
from ..setup import Config
from ..state import Car, State, Turn, replaced


class Tx:
    """Collects the new state and the events of one action."""

    __slots__ = ("_changes", "_state", "events")

    def __init__(self, state: State):
        self._state = state
        self._changes: dict[str, Any] = {}
        self.events: list[Event] = []

    @property
    def state(self) -> State:
        """Returns the state with every change so far."""
        if self._changes:
            self._state = self._state.replace(**self._changes)
            self._changes = {}
        return self._state

    @property
    def config(self) -> Config:
        """Returns the race's fixed settings."""
        return self._state.config

    def get(self, name: str) -> Any:
        """Returns one field of the state so far without building the state."""
        changes = self._changes
        return changes[name] if name in changes else getattr(self._state, name)

    @property
    def turn(self) -> Turn:
        """Returns the turn in progress (the caller knows there is one)."""
        # self.get("turn") inlined: this is read several times per step
        turn: Turn | None = self._changes.get("turn", self._state.turn)
        assert turn is not None
        return turn

    @property
    def ledger(self) -> BeerLedger:
        """Returns the drink ledger so far."""
        ledger: BeerLedger = self.get("ledger")
        return ledger

    def car(self, seat: int) -> Car:
        """Returns the car of ``seat``."""
        car: Car = self._changes.get("cars", self._state.cars)[seat]
        return car

    def emit(self, *events: Event) -> None:
        """Appends events."""
        self.events.extend(events)

    def drink(
        self,
        seat: int,
        sips: int,
        rule_id: str,
        fault: FaultKind = "rule",
        caused_by: int | None = None,
        reason: str = "",
    ) -> None:
        """Records ``sips`` sips for ``seat`` in the ledger and as an event (none if 0).

        RB-LM-4 (Le Mans): what would take ``seat`` over the rule set's cap of sips in
        the turn in progress is waived, and a :class:`~.events.SipCapReached` says so.
        """
        if sips <= 0:
            return
        cap = self._state.config.rules.sip_cap
        if cap is not None:
            sips = self._capped(seat, sips, cap)
            if sips <= 0:
                return
        entry = Drank(seat, sips, rule_id, fault, caused_by, reason)
        self._changes["ledger"] = self.ledger.add(entry)
        self.events.append(entry)

    def _capped(self, seat: int, sips: int, cap: int) -> int:
        """RB-LM-4: returns the part of ``sips`` that keeps ``seat`` within ``cap`` this turn."""
        lemans = self.get("lemans")
        if lemans is None or lemans.mark < 0:
            return sips  # before the first turn (the time trial): no turn to cap
        drunk = sum(e.sips for e in self.ledger.entries[lemans.mark :] if e.player == seat)
        allowed = max(0, cap - drunk)
        if sips > allowed:
            self.events.append(SipCapReached(seat, sips, allowed))
            return allowed
        return sips

    def set_car(self, seat: int, **changes: Any) -> Car:
        """Replaces fields of ``seat``'s car and returns the new car."""
        cars = self.get("cars")
        car = replaced(cars[seat], changes)
        self._changes["cars"] = (*cars[:seat], car, *cars[seat + 1 :])
        return car

    def set_turn(self, **changes: Any) -> Turn:
        """Replaces fields of the turn in progress and returns it."""
        turn = replaced(self.turn, changes)
        self._changes["turn"] = turn
        return turn

    def update(self, **changes: Any) -> None:
        """Replaces fields of the state."""
        self._changes.update(changes)
