"""Who is who in a room: tokens, callers, claiming seats, and who may send what.

The host token acts for any person's seat and as the referee; a seat token acts for its
seat; a judge token (one per name of the game's ``judges(state)``) sends referee actions
only; no token is a spectator. **One seat, one holder**: a seat is claimed by the first
use of its link's token or by its join code, whichever comes first, atomically in the
store; a claim by code voids the link's unused token.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass, replace
from typing import Any, Literal, cast

from ..engine import CHANCE, Action, Actor, Chance, Game
from ..engine.referee import Sender, referee_refusal
from ..store import GameRow, SeatRow, Store
from .errors import ApiError
from .security import hash_token, new_token, same_hash

Role = Literal["host", "seat", "judge", "spectator"]


@dataclass(frozen=True)
class Caller:
    """Who sends a request: the host, one seat, a judge, or a spectator (no token)."""

    role: Role
    seat: int | None = None
    judge: int | None = None


SPECTATOR = Caller("spectator")
HOST = Caller("host")


class Access:
    """A room's seats and tokens: authenticates callers and claims seats."""

    def __init__(self, row: GameRow, store: Store, lock: asyncio.Lock):
        self.row = row
        self.store = store
        self.lock = lock
        self.seats: list[SeatRow] = list(row.seats)

    async def authenticate(self, token: str | None) -> Caller:
        """Returns the caller a token stands for; raises 401 for a token of no seat."""
        if token is None:
            return SPECTATOR
        digest = hash_token(token)
        caller: Caller | None = HOST if same_hash(digest, self.row.host_token_hash) else None
        for seat in self.seats:  # every hash is compared, so timing tells nothing
            if same_hash(digest, seat.token_hash):
                caller = Caller("seat", seat.seat)
        for judge in self.row.judges:
            if same_hash(digest, judge.token_hash):
                caller = Caller("judge", judge=judge.judge)
        if caller is None:
            raise ApiError(401, "auth/unknown", "this token belongs to no seat of this game")
        if caller.seat is not None and not self.seats[caller.seat].claimed:
            await self._claim_by_link(caller.seat, digest)
        return caller

    async def _claim_by_link(self, seat: int, digest: str) -> None:
        """Claims a seat on the first use of its link's token, unless the join code
        claimed it first (then the link's token is void)."""
        async with self.lock:
            current = self.seats[seat]
            if current.claimed and same_hash(digest, current.token_hash):
                return
            if not same_hash(digest, current.token_hash) or not await asyncio.to_thread(
                self.store.mark_claimed, self.row.id, seat, digest
            ):
                raise ApiError(
                    401,
                    "auth/unknown",
                    f"seat {seat} was claimed with the join code; this link's token is void",
                )
            self.seats[seat] = replace(current, claimed=True)

    async def claim(self, seat: int) -> str:
        """Gives a free human seat a new token and returns it; raises 409 when taken."""
        self.check_seat(seat)
        async with self.lock:
            current = self.seats[seat]
            if current.bot is not None:
                raise ApiError(409, "seat/taken", f"seat {seat} is played by the {current.bot} bot")
            token = new_token()
            if current.claimed or not await asyncio.to_thread(
                self.store.claim_seat, self.row.id, seat, hash_token(token)
            ):
                raise ApiError(409, "seat/taken", f"seat {seat} ({current.name}) is taken")
            self.seats[seat] = replace(current, token_hash=hash_token(token), claimed=True)
        return token

    def check_seat(self, seat: int) -> None:
        """Raises 422 for a seat number this game does not have."""
        if not 0 <= seat < len(self.seats):
            raise ApiError(422, "seat/unknown", f"this game has seats 0 to {len(self.seats) - 1}")

    # ---- who may send what ---------------------------------------------------------

    def may_roll(self, caller: Caller, roller: int | None) -> bool:
        """Returns True when ``caller`` may send the real dice due now."""
        if self.row.dice != "real" or caller.role in ("spectator", "judge"):
            return False
        return caller.role == "host" or roller is None or caller.seat == roller

    def actor(self, caller: Caller, seat: int | None, to_act: Actor, roller: int | None) -> Actor:
        """Returns the actor ``caller`` sends a seat's (or the dice's) action as; raises
        403/409/422 when it may not."""
        if to_act is None:
            raise game_over()
        if caller.role == "seat" and seat is not None and seat != caller.seat:
            raise ApiError(403, "seat/not_yours", f"this token acts for seat {caller.seat} only")
        if seat is not None:
            self.check_seat(seat)
        if isinstance(to_act, Chance) and (caller.role == "seat" or seat is None):
            if self.may_roll(caller, roller):
                return CHANCE
            raise ApiError(403, "seat/not_yours", self._roll_refusal(roller))
        if caller.role != "host":
            return caller.seat
        target = to_act if seat is None else seat
        if isinstance(target, int) and self.seats[target].bot is not None:
            raise ApiError(
                409, "seat/bot", f"seat {target} is played by the {self.seats[target].bot} bot"
            )
        return target

    def _roll_refusal(self, roller: int | None) -> str:
        if self.row.dice == "digital":
            return "the server rolls the dice in this game"
        return f"it is {self.seats[roller or 0].name}'s roll; they or the host send the dice"

    def referee(
        self, game: Game, state: object, caller: Caller, action: Action
    ) -> tuple[Action, str]:
        """Checks who sends a referee action (the game's ``referee_options``); returns it
        (a judge's number filled in) and the actor it is stored with: ``referee`` (the
        host) or ``judge:{k}``."""
        if caller.role not in ("host", "judge") or (
            caller.role == "judge" and caller.judge is None
        ):
            raise ApiError(
                403,
                "referee/forbidden",
                f"only the host or a judge may send {action.kind!r}; a player's token may not",
            )
        if caller.role == "judge":
            action = _as_judge(action, caller.judge)
        sender: Sender = "host" if caller.role == "host" else "judge"
        refusal = referee_refusal(game, state, action, sender)
        if refusal is not None:
            raise ApiError(403, "referee/forbidden", refusal)
        return action, "referee" if caller.role == "host" else f"judge:{caller.judge}"


def _as_judge(action: Action, judge: int | None) -> Action:
    """Returns ``action`` with its ``judge`` field set to ``judge`` (if it has one)."""
    if not any(f.name == "judge" for f in dataclasses.fields(action)):
        return action
    named = getattr(action, "judge", None)
    if named is None:
        return replace(cast(Any, action), judge=judge)
    if named != judge:
        raise ApiError(
            403,
            "judge/not_yours",
            f"this token is judge {judge}'s; it may not act as judge {named}",
        )
    return action


def game_over() -> ApiError:
    """Returns the 409 for an action after the end."""
    return ApiError(409, "game/over", "the game is over; no more actions are accepted")
