"""The web pages (plain files under ``racerbile/web``) and each game's browser code.

Every registered game that declares :class:`~racerbile.engine.capabilities.WebAssets`
has its folder served read-only at ``/games/{id}/static/``; ``/games/{id}/board.js``
redirects to the game's board module there (or to the platform's generic board for a
game without web assets), so the pages import one fixed address per game. The mounts
are built from the registry, never from a path the request names; inside a folder,
``StaticFiles`` refuses anything that leaves it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import quote

from fastapi import APIRouter
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.requests import Request
from starlette.responses import RedirectResponse
from starlette.routing import Mount, Route, Router
from starlette.types import Receive, Scope, Send

from ...engine.capabilities import WebAssets
from ...games import available_games, web_assets
from ..errors import not_found

WEB = Path(__file__).resolve().parents[2] / "web"
GENERIC_BOARD = "/static/generic.js"

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


@router.get("/join")
@router.get("/join/")
@router.get("/join/{code}")
async def join_page(code: str = "") -> FileResponse:
    """The join page; without a code it asks for one."""
    return _page("join.html")


class GameAssets:
    """The ASGI app under ``/games``: one route to the board module and one read-only
    ``StaticFiles`` mount per registered game, rebuilt when the registry changes."""

    def __init__(self) -> None:
        self._key: tuple[tuple[str, WebAssets | None], ...] | None = None
        self._router = Router()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._current()(scope, receive, send)

    def _current(self) -> Router:
        key = tuple((game_id, web_assets(game_id)) for game_id in available_games())
        if key != self._key:
            self._key, self._router = key, Router(routes=_routes(key))
        return self._router


def _routes(games: tuple[tuple[str, WebAssets | None], ...]) -> list[Route | Mount]:
    routes: list[Route | Mount] = []
    for game_id, assets in games:
        if assets is None or not assets.folder.is_dir():
            routes.append(Route(f"/{game_id}/board.js", _redirect_to(GENERIC_BOARD)))
            continue
        board = f"/games/{quote(game_id)}/static/{quote(assets.board)}"
        routes.append(Route(f"/{game_id}/board.js", _redirect_to(board)))
        routes.append(Mount(f"/{game_id}/static", app=StaticFiles(directory=assets.folder)))
    return routes


def _redirect_to(url: str) -> Callable[[Request], Awaitable[RedirectResponse]]:
    async def endpoint(_request: Request) -> RedirectResponse:
        return RedirectResponse(url, status_code=307)

    return endpoint


router.mount("/games", app=GameAssets(), name="games")
