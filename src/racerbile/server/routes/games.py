"""Games: create, read, act, record, QR code, and the websocket."""

from __future__ import annotations

import asyncio
import contextlib
import io
from typing import Annotated, Any

import qrcode
import qrcode.image.svg
from fastapi import APIRouter, Depends, Query, Response, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError

from ..access import Caller
from ..deps import (
    LangDep,
    RoomDep,
    SeatedDep,
    Services,
    ServicesDep,
    parse_bearer,
    refuse_token_in_url,
)
from ..errors import ApiError, refusals
from ..hub import Push, Subscriber
from ..limits import rate_limited
from ..room import Room
from ..rooms import Created
from ..schemas import (
    ActionSubmit,
    ClientMessage,
    GameCreate,
    GameCreated,
    GamePublic,
    JudgeCreated,
    Lang,
    SeatCreated,
    VoidSubmit,
    WsAuth,
    WsPing,
    WsVoid,
    join_link,
    judge_url,
    seat_url,
)

router = APIRouter(prefix="/api/games", tags=["games"])
_client_message: TypeAdapter[Any] = TypeAdapter(ClientMessage)
_auth_message: TypeAdapter[WsAuth] = TypeAdapter(WsAuth)


@router.post(
    "",
    status_code=201,
    dependencies=[Depends(rate_limited("create", "games created"))],
    responses=refusals(413, 422, 429, 503),
)
async def create_game(body: GameCreate, services: ServicesDep) -> GameCreated:
    """Creates a game and hands out its tokens, join code and links (once)."""
    return game_created(await services.rooms.create(body), services.settings.public_url or "")


@router.get("/{game_id}", response_model=GamePublic, responses=refusals(401, 404, 409, 422, 503))
async def read_game(seated: SeatedDep, lang: LangDep = "en") -> Response:
    """Returns the game as the token's seat (or the host, or a spectator) sees it."""
    return envelope(*seated, lang)


@router.post(
    "/{game_id}/actions",
    response_model=GamePublic,
    responses=refusals(401, 403, 404, 409, 413, 422, 503),
)
async def submit_action(body: ActionSubmit, seated: SeatedDep, lang: LangDep = "en") -> Response:
    """Applies one action made against ``seq``; nothing changes on any error."""
    room, caller = seated
    await room.submit(caller, body.action, body.seq, body.seat, lang)
    return envelope(room, caller, lang)


@router.post(
    "/{game_id}/void", response_model=GamePublic, responses=refusals(401, 403, 404, 409, 422, 503)
)
async def void_actions(body: VoidSubmit, seated: SeatedDep, lang: LangDep = "en") -> Response:
    """Voids recorded actions (an undo) when the game's rules let the caller do so."""
    room, caller = seated
    await room.void(caller, body.actions, body.seq, lang, body.reason)
    return envelope(room, caller, lang)


def envelope(room: Room, caller: Caller, lang: str) -> Response:
    """Returns the caller's view envelope (:class:`GamePublic`) as JSON, the text made
    once per change for every caller who sees the same (the schema test checks it)."""
    return Response(room.views.text(caller, lang), media_type="application/json")


@router.get("/{game_id}/record", responses=refusals(404, 409, 503))
async def read_record(room: RoomDep) -> dict[str, Any]:
    """Returns the replayable record (the dice seed only once the game is over)."""
    return room.record().model_dump(mode="json")


@router.get(
    "/{game_id}/qr.svg",
    response_class=Response,
    responses={
        200: {"content": {"image/svg+xml": {}}, "description": "the QR code"},
        **refusals(401, 403, 404, 409, 422, 503),
    },
)
async def read_qr(seated: SeatedDep, services: ServicesDep) -> Response:
    """Returns the QR code of the join link (for the host and seated players)."""
    room, caller = seated
    if caller.role == "spectator":
        raise ApiError(401, "auth/missing", "send a seat or host token as a Bearer header")
    if caller.role not in ("host", "seat"):
        raise ApiError(403, "qr/forbidden", "the join code is for the host and seats only")
    return qr_svg(join_link(services.settings.public_url or "", room.row.join_code))


def qr_svg(text: str) -> Response:
    """Returns ``text`` as a QR code picture."""
    buffer = io.BytesIO()
    qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage).save(buffer)
    return Response(buffer.getvalue(), media_type="image/svg+xml")


PATCHES = (
    "after the first state, push only what changed since the last push "
    '({"type": "patch", ...}: see the API guide)'
)


@router.websocket("/{game_id}/ws")
async def game_socket(
    websocket: WebSocket,
    game_id: str,
    services: ServicesDep,
    lang: Lang = "en",
    patches: Annotated[bool, Query(description=PATCHES)] = False,
) -> None:
    """Authenticates by the ``Authorization`` header or the first message, then pushes
    the state after every change (or with ``patches``, what changed: see
    :mod:`..patches`), accepts actions and answers errors."""
    await websocket.accept()
    try:
        refuse_token_in_url(websocket.query_params)
        room = await services.rooms.get(game_id)
        header = websocket.headers.get("authorization")
        if header is not None:
            token = parse_bearer(header)
        else:
            token = await _first_auth(websocket, services.settings.ws_auth_timeout_s)
        caller = await room.authenticate(token)
    except ApiError as exc:
        await websocket.send_json({"type": "error", **exc.to_json()})
        await websocket.close(code=4000 + exc.status)
        return
    except WebSocketDisconnect:
        return
    subscriber = Subscriber(caller, lang, patches)
    services.hub.join(room, subscriber)
    writer = asyncio.create_task(_write(websocket, subscriber))
    try:
        await _read(websocket, services, game_id, subscriber)
    finally:
        services.hub.leave(game_id, subscriber)
        writer.cancel()


async def _first_auth(websocket: WebSocket, timeout: float) -> str | None:
    """Returns the token of the first message, ``{"type": "auth", "token": ...}``."""
    try:
        text = await asyncio.wait_for(websocket.receive_text(), timeout)
    except TimeoutError:
        raise ApiError(
            408, "auth/timeout", f'send {{"type": "auth", "token": ...}} within {timeout:g} s'
        ) from None
    try:
        return _auth_message.validate_json(text).token
    except ValidationError:
        raise ApiError(
            401,
            "auth/first",
            'the first message must be {"type": "auth", "token": ...} '
            "(token null for a spectator), unless an Authorization header was sent",
        ) from None


async def _read(
    websocket: WebSocket, services: Services, game_id: str, subscriber: Subscriber
) -> None:
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            text = (message.get("bytes") or b"").decode("utf-8", "replace")
        reply = await _answer(text, services, game_id, subscriber)
        if reply is not None:
            subscriber.push(Push(reply))
        await _send_queued(websocket, subscriber)


async def _answer(
    text: str, services: Services, game_id: str, subscriber: Subscriber
) -> dict[str, Any] | None:
    try:
        message = _parse(text, services.settings.max_ws_message_bytes)
        if isinstance(message, WsPing):
            return {"type": "pong"}
        # An action at the number the room is at needs no read of the store first.
        acting_at = None if isinstance(message, WsVoid) else message.seq
        room = await services.rooms.get(game_id, acting_at)
        if isinstance(message, WsVoid):
            await room.void(
                subscriber.caller, message.actions, message.seq, subscriber.lang, message.reason
            )
        else:
            await room.submit(
                subscriber.caller, message.action, message.seq, message.seat, subscriber.lang
            )
    except ApiError as exc:
        return {"type": "error", **exc.to_json()}
    return None  # the new state reaches this connection through the hub


def _parse(text: str, limit: int) -> Any:
    size = len(text.encode("utf-8"))
    if size > limit:
        raise ApiError(
            413, "request/too_large", f"the message has {size} bytes; the limit is {limit}"
        )
    try:
        return _client_message.validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        if first["type"] == "json_invalid":
            raise ApiError(
                422, "request/malformed", f"the message is not valid JSON: {first['msg']}"
            ) from None
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise ApiError(
            422, "request/invalid", f'{where}: {first["msg"]} (send {{"type": "action", ...}})'
        ) from None


async def _write(websocket: WebSocket, subscriber: Subscriber) -> None:
    """The connection's writer: sends its pushes as they come."""
    with contextlib.suppress(Exception):
        while await _send(websocket, await subscriber.queue.get()):
            pass


async def _send_queued(websocket: WebSocket, subscriber: Subscriber) -> None:
    """Sends the pushes queued by now, after the connection's own message was answered:
    its new state leaves in this pass of the event loop, not in the writer's, one pass
    later (under load a pass takes milliseconds). Both take the queue in order, and a
    send writes its frame before it can wait, so the order stays."""
    with contextlib.suppress(Exception):
        while not subscriber.queue.empty() and await _send(
            websocket, subscriber.queue.get_nowait()
        ):
            pass


async def _send(websocket: WebSocket, push: Push | None) -> bool:
    """Sends one push; for the end of a lagging connection's queue, closes it (False)."""
    if push is None:
        await websocket.close(code=1013, reason="too far behind; reconnect")
        return False
    await websocket.send_text(push.text)
    return True


def game_created(created: Created, base: str) -> GameCreated:
    """Returns the creation answer with every link (tokens travel in the URL fragment);
    the join link starts with ``base``, the address phones reach."""
    room = created.room
    seats = [
        SeatCreated(
            seat=s.seat,
            name=s.name,
            token=created.seat_tokens.get(s.seat),
            url=seat_url(room.id, s.seat, created.seat_tokens[s.seat])
            if s.seat in created.seat_tokens
            else None,
            bot=s.bot,
        )
        for s in room.seats
    ]
    return GameCreated(
        id=room.id,
        game=room.game.info.id,
        host_token=created.host_token,
        host_url=f"/room/{room.id}#token={created.host_token}",
        join_code=room.row.join_code,
        join_url=f"/join/{room.row.join_code}",
        join_link=join_link(base, room.row.join_code),
        spectator_url=f"/watch/{room.id}",
        seats=seats,
        judges=[
            JudgeCreated(
                judge=j.judge,
                name=j.name,
                token=created.judge_tokens[j.judge],
                url=judge_url(room.id, j.judge, created.judge_tokens[j.judge]),
            )
            for j in room.row.judges
        ],
    )
