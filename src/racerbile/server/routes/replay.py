"""Replays: a game record stepped through action by action (see :mod:`..replay`), from
a finished game on this server or from a record file the browser uploads, and the
replay page. The record travels in the request body (bounded by the body limit); no
path is ever opened, and the replay runs in a worker thread."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from ...games import UnknownGame
from ..deps import LangDep, RoomDep, ServicesDep
from ..errors import ApiError, refusals
from ..replay import MAX_ACTIONS, frame, parse_record
from ..schemas import GamePublic
from .pages import WEB

router = APIRouter(tags=["replay"])
pages = APIRouter(include_in_schema=False)

StepQuery = Query(default=0, ge=0, le=MAX_ACTIONS, description="live actions played so far")


class ReplaySubmit(BaseModel):
    """POST /api/replay: a record (the JSON of a record file) and the step to show."""

    model_config = {"extra": "forbid"}

    record: dict[str, Any]
    step: int = Field(default=0, ge=0, le=MAX_ACTIONS)


class ReplayFrame(BaseModel):
    """The game after ``step`` of ``steps`` live actions, as a spectator saw it."""

    game: str
    steps: int
    step: int
    action: dict[str, Any] | None = Field(description="the action of this step (none at 0)")
    envelope: GamePublic


@router.post("/api/replay", responses=refusals(413, 422, 503))
async def replay_record(
    body: ReplaySubmit, services: ServicesDep, lang: LangDep = "en"
) -> ReplayFrame:
    """Returns one step of an uploaded record; a broken record gets one clear 422."""
    record = parse_record(body.record)
    try:
        game = services.rooms.games(record.game)
    except UnknownGame as exc:
        raise ApiError(422, "record/invalid", f"field game: {exc}") from None
    data = await asyncio.to_thread(frame, game, record, body.step, lang)
    return ReplayFrame.model_validate(data)


@router.get("/api/games/{game_id}/replay", responses=refusals(404, 409, 422, 503))
async def replay_game(room: RoomDep, step: int = StepQuery, lang: LangDep = "en") -> ReplayFrame:
    """Returns one step of a finished game's record."""
    if room.to_act is not None:
        raise ApiError(409, "game/running", "the game is still running; replay it once it is over")
    data = await asyncio.to_thread(frame, room.game, room.record(), step, lang)
    return ReplayFrame.model_validate(data)


@pages.get("/replay")
@pages.get("/replay/{game_id}")
async def replay_page(game_id: str = "") -> FileResponse:
    return FileResponse(WEB / "replay.html", media_type="text/html")
