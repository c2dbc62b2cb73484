"""Joining by code: see the free seats, claim one."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from ..deps import ServicesDep
from ..errors import refusals
from ..limits import rate_limited
from ..schemas import JoinPublic, SeatClaim, SeatClaimed, SeatPublic, seat_url

# Every look-up and claim counts against one limit per address: join codes are guessed here.
router = APIRouter(
    prefix="/api/join",
    tags=["join"],
    dependencies=[Depends(rate_limited("join", "join attempts"))],
)


@router.get("/{code}", responses=refusals(404, 409, 429, 503))
async def read_join(code: str, services: ServicesDep) -> JoinPublic:
    """Returns the game behind a join code and its seats still free to claim."""
    room = await services.rooms.by_code(code)
    free = [
        SeatPublic(seat=s.seat, name=s.name, bot=s.bot, claimed=s.claimed)
        for s in room.seats
        if not s.claimed and s.bot is None
    ]
    return JoinPublic(id=room.id, game=room.game.info.id, free_seats=free)


@router.post("/{code}/claim", responses=refusals(404, 409, 413, 422, 429, 503))
async def claim_seat(code: str, body: SeatClaim, services: ServicesDep) -> SeatClaimed:
    """Claims a free seat and returns its token (once); 409 when it is taken."""
    room = await services.rooms.by_code(code)
    token = await room.claim(body.seat)
    name = room.seats[body.seat].name
    return SeatClaimed(
        id=room.id, seat=body.seat, name=name, token=token, url=seat_url(room.id, body.seat, token)
    )
