"""Dependencies of the routes, as ``Annotated`` aliases."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, Query
from starlette.datastructures import QueryParams
from starlette.requests import HTTPConnection

from ..store import Store
from .access import Caller
from .errors import ApiError
from .hub import Hub
from .room import Room
from .rooms import Rooms
from .schemas import Lang
from .settings import Settings


@dataclass(frozen=True)
class Services:
    """What one app holds: settings, store, rooms and the websocket hub."""

    settings: Settings
    store: Store
    rooms: Rooms
    hub: Hub


async def get_services(connection: HTTPConnection) -> Services:
    services: Services = connection.app.state.services
    return services


ServicesDep = Annotated[Services, Depends(get_services)]


async def get_room(game_id: str, services: ServicesDep) -> Room:
    return await services.rooms.get(game_id)


RoomDep = Annotated[Room, Depends(get_room)]


def refuse_token_in_url(query: QueryParams) -> None:
    """Raises 400 for a token sent in the URL: URLs reach access logs, secrets must not."""
    if "token" in query:
        raise ApiError(
            400,
            "auth/in_url",
            "a token in the URL is refused (URLs reach logs); "
            "send it as 'Authorization: Bearer <token>'",
        )


def parse_bearer(authorization: str | None) -> str | None:
    """Returns the token of an ``Authorization: Bearer <token>`` header, if one was sent."""
    if authorization is None:
        return None
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise ApiError(401, "auth/malformed", "send the token as 'Authorization: Bearer <token>'")
    return value.strip()


async def bearer_token(
    connection: HTTPConnection, authorization: Annotated[str | None, Header()] = None
) -> str | None:
    """Returns the token of ``Authorization: Bearer <token>``, if any."""
    refuse_token_in_url(connection.query_params)
    return parse_bearer(authorization)


TokenDep = Annotated[str | None, Depends(bearer_token)]


async def get_caller(room: RoomDep, token: TokenDep) -> Caller:
    return await room.authenticate(token)


CallerDep = Annotated[Caller, Depends(get_caller)]
LangDep = Annotated[Lang, Query(description="language of the log sentences")]
