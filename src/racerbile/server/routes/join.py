"""Joining by code: see the free seats, claim one."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Response

from ..deps import ServicesDep
from ..errors import refusals
from ..limits import rate_limited
from ..schemas import JoinPublic, SeatClaim, SeatClaimed, SeatPublic, join_link, seat_url
from .games import qr_svg

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
    return JoinPublic(
        id=room.id,
        game=room.game.info.id,
        code=room.row.join_code,
        link=join_link(services.settings.public_url or "", room.row.join_code),
        free_seats=free,
    )


@router.get(
    "/{code}/qr.svg",
    response_class=Response,
    responses={
        200: {"content": {"image/svg+xml": {}}, "description": "the QR code"},
        **refusals(404, 409, 429, 503),
    },
)
async def read_join_qr(code: str, services: ServicesDep) -> Response:
    """Returns the QR code of a join code's link (for the spectator screen: whoever
    knows the code may have its link)."""
    room = await services.rooms.by_code(code)
    return qr_svg(join_link(services.settings.public_url or "", room.row.join_code))


@router.post("/{code}/claim", responses=refusals(404, 409, 413, 422, 429, 503))
async def claim_seat(code: str, body: SeatClaim, services: ServicesDep) -> SeatClaimed:
    """Claims a free seat and returns its token (once); 409 when it is taken."""
    room = await services.rooms.by_code(code)
    token = await room.claim(body.seat)
    name = room.seats[body.seat].name
    return SeatClaimed(
        id=room.id, seat=body.seat, name=name, token=token, url=seat_url(room.id, body.seat, token)
    )
