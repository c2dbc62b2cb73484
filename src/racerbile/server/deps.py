"""Dependencies of the routes, as ``Annotated`` aliases."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, Query
from starlette.requests import HTTPConnection

from ..store import Store
from .errors import ApiError
from .hub import Hub
from .room import Caller, Room, Rooms
from .schemas import Lang
from .settings import Settings


@dataclass(frozen=True)
class Services:
    """What one app holds: settings, store, rooms and the websocket hub."""

    settings: Settings
    store: Store
    rooms: Rooms
    hub: Hub


def get_services(connection: HTTPConnection) -> Services:
    services: Services = connection.app.state.services
    return services


ServicesDep = Annotated[Services, Depends(get_services)]


async def get_room(game_id: str, services: ServicesDep) -> Room:
    return await services.rooms.get(game_id)


RoomDep = Annotated[Room, Depends(get_room)]


def bearer_token(
    authorization: Annotated[str | None, Header()] = None,
    token: Annotated[str | None, Query(description="for links that cannot send a header")] = None,
) -> str | None:
    """Returns the token of ``Authorization: Bearer <token>`` (or ``?token=``), if any."""
    if authorization is None:
        return token
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise ApiError(401, "auth/malformed", "send the token as 'Authorization: Bearer <token>'")
    return value.strip()


TokenDep = Annotated[str | None, Depends(bearer_token)]


async def get_caller(room: RoomDep, token: TokenDep) -> Caller:
    return await room.authenticate(token)


CallerDep = Annotated[Caller, Depends(get_caller)]
LangDep = Annotated[Lang, Query(description="language of the log sentences")]
