"""What this server plays: games with their setup schema, bots and bundled tracks."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Response
from pydantic import BaseModel, Field

from ...engine import Game, TrackError
from ...games import available_games
from ..deps import ServicesDep
from ..errors import ApiError, not_found, refusals
from ..schemas import ErrorPublic

log = logging.getLogger(__name__)

router = APIRouter(prefix="/api/meta", tags=["meta"])


class TrackMeta(BaseModel):
    """One bundled track, from the game's track catalogue (``info`` of the loaded track)."""

    id: str
    name: str
    laps: int | None = Field(description="the track's default number of laps, if it has one")
    description: str


class GameMeta(BaseModel):
    """One registered game: its info, setup JSON schema, bots and bundled tracks."""

    id: str
    name: str
    min_seats: int
    max_seats: int
    rules_version: int
    has_chance: bool
    has_hidden_info: bool
    supports_referee: bool
    rule_sets: list[str]
    description: str
    setup_schema: dict[str, Any]
    bots: list[str]
    bot_descriptions: dict[str, str] = Field(description="bot name -> one line on its style")
    tracks: list[TrackMeta]
    track_field: str | None = Field(
        description="the setup field that takes a bundled track's id (null: no tracks)"
    )


@router.get("/games")
async def list_games(services: ServicesDep) -> list[GameMeta]:
    """Returns every registered game that loads (one still being written is left out)."""
    metas = []
    for game_id in available_games():
        try:
            game = services.rooms.games(game_id)
        except (ImportError, AttributeError):
            continue
        try:
            metas.append(await asyncio.to_thread(_meta, game))
        except Exception:  # one broken game must not take the lobby down
            log.exception("game %s is left out of the lobby", game_id)
    return metas


@router.get("/health")
async def read_health(services: ServicesDep) -> dict[str, int]:
    """Answers once the server is up: the number of games it holds in memory."""
    return {"games": services.rooms.count()}


@router.get(
    "/tracks/{game_id}/{track}.svg",
    response_class=Response,
    responses={
        200: {"content": {"image/svg+xml": {}}, "description": "the track's picture"},
        **refusals(404),
        500: {"model": ErrorPublic, "description": "a bundled track that does not load"},
    },
)
async def read_track_svg(game_id: str, track: str, services: ServicesDep) -> Response:
    """Returns a picture of a bundled track."""
    try:
        game = services.rooms.games(game_id)
    except (KeyError, ImportError, AttributeError):
        raise not_found(f"game {game_id!r}") from None
    catalog = game.tracks
    if catalog is None or track not in catalog.bundled():
        raise not_found(f"bundled {game_id} track {track!r}")
    try:
        svg = await asyncio.to_thread(lambda: catalog.render_svg(catalog.load(track)))
    except TrackError as exc:
        raise ApiError(500, "track/broken", str(exc)) from None
    return Response(svg, media_type="image/svg+xml")


def _meta(game: Game) -> GameMeta:
    info = game.info
    catalog = game.tracks
    return GameMeta(
        id=info.id,
        name=info.name,
        min_seats=info.min_seats,
        max_seats=info.max_seats,
        rules_version=info.rules_version,
        has_chance=info.has_chance,
        has_hidden_info=info.has_hidden_info,
        supports_referee=info.supports_referee,
        rule_sets=list(info.rule_sets),
        description=info.description,
        setup_schema=game.Setup.model_json_schema(),
        bots=sorted(game.bots),
        bot_descriptions={name: game.bots.description(name) for name in sorted(game.bots)},
        tracks=_tracks(catalog) if catalog is not None else [],
        track_field=catalog.setup_fields[0] if catalog is not None else None,
    )


def _tracks(catalog: Any) -> list[TrackMeta]:
    """Returns every bundled track that loads, with its name, default laps and description."""
    out = []
    for track_id in sorted(catalog.bundled()):
        try:
            info = catalog.info(catalog.load(track_id))
        except Exception:  # one broken track must not take the lobby down
            log.exception("track %s is left out of the lobby", track_id)
            continue
        laps = info.get("laps")
        out.append(
            TrackMeta(
                id=track_id,
                name=str(info.get("name") or track_id),
                laps=laps if isinstance(laps, int) and not isinstance(laps, bool) else None,
                description=str(info.get("description") or ""),
            )
        )
    return out
