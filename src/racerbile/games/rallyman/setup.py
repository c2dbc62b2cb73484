"""The Rallyman setup: drivers, the rally and the rule switches (§17 decisions)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from ...engine.errors import TrackError
from .board.catalog import DEFAULT_RALLY, TRACKS, bundled_rallies, bundled_stages
from .board.model import Rally
from .state import Options

SETUP_MAX_TEXT = 49_152
"""The most characters of a setup's ``rally_text`` (the setup travels in a request body
of at most 64 KiB)."""


class DriverSetup(BaseModel):
    """One driver, in the SS1 start order (RM-RALLY-3, A30)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)


class RallymanOptions(BaseModel):
    """The switches: each names the rule or decision it sets."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    edition: Literal[2, 3] = Field(3, description="A31: 3rd edition (SISU; attack seconds kept)")
    gear_hazard_faces: int = Field(2, ge=0, le=6, description="A1: hazard faces of a gear die")
    gas_hazard_faces: int = Field(1, ge=0, le=6, description="A1: hazard faces of a gas die")
    time_attack: bool = Field(True, description="RM-ATT-1: the time attack is allowed")
    give_back_seconds: bool = Field(True, description="RM-SEC-1: seconds may secure dice")
    shortcut_deck: tuple[int, int, int] = Field(
        (6, 4, 2), description="A11: clean, dirty and puncture shortcut cards"
    )
    puncture_mode: Literal["lose_gas_die", "polish_hazard_die"] = Field(
        "lose_gas_die", description="A12: what a puncture does"
    )
    spare_wheel_penalty_s: int = Field(30, ge=0, le=600, description="A13: spare wheel cost")
    snow_tyres_no_fifth_on_asphalt: bool = Field(True, description="A14: snow tyres on asphalt")
    super_rally: bool = Field(False, description="A27: a retired car restarts the next stage")
    super_rally_penalty_s: int = Field(600, ge=0, le=3600, description="A27: its penalty")
    gt_overtake_rule: bool = Field(False, description="A24: passing needs a gear >= the other's")
    finite_gear_decks: bool = Field(False, description="A21: real gear decks per stage")

    @model_validator(mode="after")
    def _deck_not_empty(self) -> RallymanOptions:
        if sum(self.shortcut_deck) <= 0 or min(self.shortcut_deck) < 0:
            raise ValueError("shortcut_deck needs card counts >= 0 with at least one card")
        return self

    def rules(self) -> Options:
        """Returns the switches the rules read."""
        return Options(
            edition=self.edition,
            gear_hazard_faces=self.gear_hazard_faces,
            gas_hazard_faces=self.gas_hazard_faces,
            time_attack=self.time_attack,
            give_back_seconds=self.give_back_seconds,
            sisu=self.edition >= 3,
            shortcut_deck=self.shortcut_deck,
            puncture_mode=self.puncture_mode,
            spare_wheel_penalty_s=self.spare_wheel_penalty_s,
            snow_tyres_no_fifth_on_asphalt=self.snow_tyres_no_fifth_on_asphalt,
            super_rally=self.super_rally,
            super_rally_penalty_s=self.super_rally_penalty_s,
            gt_overtake_rule=self.gt_overtake_rule,
            finite_gear_decks=self.finite_gear_decks,
        )


class RallymanSetup(BaseModel):
    """A rally: drivers in SS1 start order, the rally (bundled rally or stage id, or the
    text of a stage or rally file built of bundled tiles and stages) and switches."""

    model_config = ConfigDict(extra="forbid")
    players: list[DriverSetup] = Field(min_length=1, max_length=4)
    rally: str = DEFAULT_RALLY
    rally_text: str | None = Field(
        None,
        max_length=SETUP_MAX_TEXT,
        description="a whole stage or rally file (TOML); overrides 'rally'",
    )
    options: RallymanOptions = RallymanOptions()

    @model_validator(mode="after")
    def _rally_loads(self) -> RallymanSetup:
        load_setup_rally(self)
        return self

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("rally_text") is None:
            data.pop("rally_text", None)  # a setup without one reads as it did before
        return data


def load_setup_rally(setup: RallymanSetup) -> Rally:
    """Returns the setup's rally: its ``rally_text``, else the bundled rally (or stage);
    raises ValueError naming the known ids or the file's problems.

    A setup never names a file: it may come from the network.
    """
    if setup.rally_text is not None:
        return _rally_of_text(setup.rally_text)
    known = set(bundled_rallies()) | set(bundled_stages())
    if setup.rally not in known:
        raise ValueError(f"unknown rally {setup.rally!r}; bundled: {', '.join(sorted(known))}")
    try:
        return TRACKS.load(setup.rally)
    except TrackError as exc:
        raise ValueError(str(exc)) from None


def _rally_of_text(text: str) -> Rally:
    try:
        rally = TRACKS.parse(text, source="rally_text")
    except TrackError as exc:
        raise ValueError(str(exc)) from None
    if not isinstance(rally, Rally):
        raise ValueError("rally_text: a tile is raced only within a stage; send a stage or rally")
    return rally
