"""Wire models named by role: what clients send (``…Create``, ``…Submit``), get (``…Public``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..engine.bounds import Reason

Lang = Literal["da", "en"]
DiceMode = Literal["digital", "real"]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GameCreate(_In):
    """POST /api/games: every setup field but the players has a default."""

    game: str = Field(max_length=40, examples=["racerbile"])
    setup: dict[str, Any] = Field(
        default_factory=dict, examples=[{"players": [{"name": "Anna"}, {"name": "Bo"}]}]
    )
    dice: DiceMode = "digital"
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    bots: dict[int, Annotated[str, Field(max_length=40)]] = Field(
        default_factory=dict, max_length=64, description="seat number -> bot name"
    )
    takeover_after_s: float | None = Field(
        default=None,
        ge=1,
        le=86_400,
        description="a bot acts for a person's seat that has sent nothing for this long",
    )


class SeatCreated(BaseModel):
    """One seat of a new game; bots get no token and no link."""

    seat: int
    name: str
    token: str | None
    url: str | None
    bot: str | None


def join_link(base: str, code: str) -> str:
    """Returns the whole join link phones open (``base`` from the settings, never from a
    request's Host header)."""
    return f"{base}/join/{code}"


def seat_url(game_id: str, seat: int, token: str) -> str:
    """Returns a seat's link; the token travels in the fragment, which servers never log."""
    return f"/play/{game_id}#seat={seat}&token={token}"


class JudgeCreated(BaseModel):
    """One judge of a new game (a game that names judges): a token for referee actions."""

    judge: int
    name: str
    token: str
    url: str


def judge_url(game_id: str, judge: int, token: str) -> str:
    """Returns a judge's link to the room (the token in the fragment)."""
    return f"/room/{game_id}#judge={judge}&token={token}"


class GameCreated(BaseModel):
    """The answer to POST /api/games: every secret, handed out once."""

    id: str
    game: str
    host_token: str
    host_url: str
    join_code: str
    join_url: str
    join_link: str = Field(description="join_url on the address phones reach (public_url)")
    spectator_url: str
    seats: list[SeatCreated]
    judges: list[JudgeCreated] = Field(default_factory=list)


class SeatPublic(BaseModel):
    seat: int
    name: str
    bot: str | None
    claimed: bool


class LogDrink(BaseModel):
    seat: int = Field(description="who drinks")
    amount: int
    unit: str = Field(description="the game's unit: sip, glass, beer...")
    caused_by: int | None


class LogEntry(BaseModel):
    seq: int
    kind: str
    text: str
    seat: int | None = Field(default=None, description="the seat the event concerns, if any")
    drinks: list[LogDrink] = Field(
        default_factory=list, description="the drinks the line tells of (who, how much)"
    )


class TimerPublic(BaseModel):
    """One running timer of the game: the action it applies and when it runs out."""

    kind: str
    since: Literal["last_action", "start", "event"]
    seconds: float
    ends_at: str = Field(description="ISO time; the server's clock")


class UndoEntry(BaseModel):
    """One recorded action the caller may take back: its 1-based position and the action."""

    position: int
    action: dict[str, Any]


class DrinkColumnPublic(BaseModel):
    key: str
    label: str


class DrinkRowPublic(BaseModel):
    seat: int
    values: dict[str, Any] = Field(description="column key -> value")


class DrinksPublic(BaseModel):
    """The drinking table in the game's own units (its declared ``drinks`` columns)."""

    columns: list[DrinkColumnPublic]
    rows: list[DrinkRowPublic]


class GamePublic(BaseModel):
    """A game as one caller may see it (GET /api/games/{id} and every websocket push)."""

    id: str
    game: str
    seq: int = Field(description="number of actions played; send it back with the next action")
    to_act: int | Literal["chance"] | None
    seat: int | None
    role: Literal["host", "seat", "judge", "spectator"]
    judge: int | None = Field(default=None, description="a judge's number (role 'judge')")
    dice: DiceMode
    roller: int | None = Field(description="real dice: the seat that sends the next roll")
    seats: list[SeatPublic]
    view: dict[str, Any]
    drinks: DrinksPublic | None = Field(
        default=None, description="the drinking table of a drinking game, for every page"
    )
    legal_actions: list[dict[str, Any]]
    referee_actions: list[dict[str, Any]] = Field(
        default_factory=list,
        description="the host's or a judge's referee buttons now (Game.referee_options)",
    )
    undo: list[UndoEntry] = Field(
        default_factory=list,
        description="what the caller may take back now, newest first (POST .../void with "
        "the positions of the first k of them)",
    )
    finished: bool
    result: dict[str, Any] | None
    log: list[LogEntry]
    join_code: str | None = Field(default=None, description="for the host and seats only")
    join_url: str | None = Field(default=None, description="for the host and seats only")
    join_link: str | None = Field(
        default=None,
        description="join_url on the address phones reach (public_url); host and seats only",
    )
    takeover_after_s: float | None = Field(
        default=None, description="a bot acts for a silent person's seat after this long"
    )
    timers: list[TimerPublic] = Field(
        default_factory=list, description="the game's running timers (Game.clock)"
    )


class ActionSubmit(_In):
    """POST /api/games/{id}/actions; ``seat`` only with the host token."""

    action: dict[str, Any]
    seq: int = Field(ge=0)
    seat: int | None = None


class VoidSubmit(_In):
    """POST /api/games/{id}/void: the 1-based positions in the record to void."""

    actions: list[int] = Field(min_length=1, max_length=100)
    seq: int = Field(ge=0)
    reason: Reason | None = Field(default=None, description="why, kept in the record's audit")


class SeatClaim(_In):
    seat: int


class SeatClaimed(BaseModel):
    id: str
    seat: int
    name: str
    token: str
    url: str


class JoinPublic(BaseModel):
    """GET /api/join/{code}: the game and the seats still free to claim."""

    id: str
    game: str
    code: str
    link: str = Field(description="the join link on the address phones reach (public_url)")
    free_seats: list[SeatPublic]


class ErrorPublic(BaseModel):
    code: str
    reason: str
    rule_id: str | None = None


class WsAction(_In):
    type: Literal["action"]
    action: dict[str, Any]
    seq: int = Field(ge=0)
    seat: int | None = None


class WsPing(_In):
    type: Literal["ping"]


class WsVoid(_In):
    type: Literal["void"]
    actions: list[int] = Field(min_length=1, max_length=100)
    seq: int = Field(ge=0)
    reason: Reason | None = None


class WsAuth(_In):
    """The first message on a websocket that sent no ``Authorization`` header."""

    type: Literal["auth"]
    token: str | None = Field(default=None, max_length=200, description="none: a spectator")


ClientMessage = Annotated[WsAction | WsVoid | WsPing, Field(discriminator="type")]
