"""Dependencies of the routes, as ``Annotated`` aliases."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, NamedTuple

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


class Seated(NamedTuple):
    """A game's room and who calls it."""

    room: Room
    caller: Caller


async def get_seated(
    connection: HTTPConnection, game_id: str, authorization: Annotated[str | None, Header()] = None
) -> Seated:
    """Returns the room of ``game_id`` (404 first) and who calls it: the bearer token,
    never one in the URL. One dependency, not one each for the services, the room, the
    token and the caller: FastAPI's solving of each was a tenth of an action's work
    over HTTP."""
    services: Services = connection.app.state.services
    room = await services.rooms.get(game_id)
    refuse_token_in_url(connection.query_params)
    return Seated(room, await room.authenticate(parse_bearer(authorization)))


SeatedDep = Annotated[Seated, Depends(get_seated)]
LangDep = Annotated[Lang, Query(description="language of the log sentences")]
