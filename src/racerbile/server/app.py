"""The app factory: ``create_app(settings, store)`` wires rooms, hub, routes and limits."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from ..store import STORE_FAILURES, Store
from .deps import Services
from .errors import ApiError
from .guard import FailureLog, guarded, store_api_error
from .hub import Hub
from .limits import BodyLimit, RateLimits
from .network import base_url
from .openapi import describe_api
from .peers import Peers
from .rooms import Rooms
from .routes import games, join, meta, pages, replay
from .settings import Settings
from .snapshots import Snapshots
from .workers import BotPool

log = logging.getLogger(__name__)


def create_app(
    settings: Settings,
    store: Store,
    bots: BotPool | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> FastAPI:
    """Returns the web app serving every registered game from ``store``.

    Join links and QR codes start with ``settings.public_url``, else with the address
    it listens on (:func:`~.network.base_url`). It answers at once: a game is replayed
    from the store when first used, and the unfinished ones are resumed in the
    background (their dice, bots and clocks; a damaged one is logged and left out).
    The caller owns ``store``, and ``bots`` when it hands a bot pool in (several apps
    may share one); without one the app starts its own and stops it when it stops.
    ``clock`` times the rate limits and how long a room is left unused.
    """
    if settings.public_url is None:
        settings = settings.model_copy(
            update={"public_url": base_url(settings.host, settings.port)}
        )
    failures = FailureLog()
    served = guarded(store, failures)
    hub = Hub()
    own_bots = bots is None
    pool = BotPool(settings.bot_workers, settings.bot_memory_mb) if bots is None else bots
    postgres = store.engine.dialect.name == "postgresql"
    shared = postgres if settings.shared_database is None else settings.shared_database
    snapshots = Snapshots(served, settings.snapshot_every)
    rooms = Rooms(
        served,
        settings,
        pool,
        listeners=[hub.publish, snapshots.changed],
        snapshots=snapshots,
        watchers=hub.count,
        clock=clock,
        shared=shared,
    )
    peers = Peers(store.engine, rooms.changed_elsewhere) if shared and postgres else None
    if peers is not None:
        peers.start_announcing(store)
    services = Services(settings, served, rooms, hub)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        rooms.start()
        listening = None if peers is None else asyncio.create_task(peers.listen())
        try:
            yield
        finally:
            if listening is not None and peers is not None:
                listening.cancel()
                peers.close()
            rooms.close()
            await snapshots.drain()
            if own_bots:
                pool.close()

    app = FastAPI(title="racerbile", version="1", lifespan=lifespan)
    app.state.services = services
    app.state.peers = peers
    app.state.rate_limits = RateLimits.of(settings, clock)
    for router in (
        games.router,
        join.router,
        meta.router,
        replay.router,
        replay.pages,
        pages.router,
    ):
        app.include_router(router)
    if pages.WEB.joinpath("static").is_dir():
        app.mount("/static", StaticFiles(directory=pages.WEB / "static"), name="static")
    _add_error_handlers(app, failures)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    describe_api(app, rooms.games)
    return app


def _add_error_handlers(app: FastAPI, failures: FailureLog) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(_validation_error(exc).to_json(), status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        if exc.status_code == 400:  # FastAPI could not read the body (not UTF-8, say)
            malformed = ApiError(422, "request/malformed", f"the body is not JSON: {exc.detail}")
            return await api_error(request, malformed)
        code = "request/too_large" if exc.status_code == 413 else f"http/{exc.status_code}"
        body = {"code": code, "reason": str(exc.detail), "rule_id": None}
        return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)

    async def store_error(request: Request, exc: Exception) -> JSONResponse:
        # Only a store used outside the rooms' guarded one gets here; answered alike.
        return await api_error(request, store_api_error(exc, failures))

    for kind in STORE_FAILURES:
        app.add_exception_handler(kind, store_error)


def _validation_error(exc: RequestValidationError) -> ApiError:
    errors = list(exc.errors())
    if errors and errors[0]["type"] == "json_invalid":
        detail = errors[0].get("ctx", {}).get("error") or errors[0]["msg"]
        return ApiError(422, "request/malformed", f"the body is not valid JSON: {detail}")
    problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in errors[:5])
    return ApiError(422, "request/invalid", problems or "invalid request")
