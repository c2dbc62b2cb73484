"""The web pages (plain files under ``racerbile/web``) and their static assets."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

from ..errors import not_found

WEB = Path(__file__).resolve().parents[2] / "web"

router = APIRouter(tags=["pages"], include_in_schema=False)


def _page(name: str) -> FileResponse:
    path = WEB / name
    if not path.is_file():
        raise not_found(f"page {name} in this installation")
    return FileResponse(path, media_type="text/html")


@router.get("/")
async def index_page() -> FileResponse:
    return _page("index.html")


@router.get("/room/{game_id}")
@router.get("/play/{game_id}")
async def room_page(game_id: str) -> FileResponse:
    return _page("room.html")


@router.get("/watch/{game_id}")
async def watch_page(game_id: str) -> FileResponse:
    return _page("watch.html")


@router.get("/join/{code}")
async def join_page(code: str) -> FileResponse:
    return _page("join.html")
