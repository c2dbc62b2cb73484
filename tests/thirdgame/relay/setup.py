"""Relay's setup: the runners, the target, the judges and the baton countdown."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Runner(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=40)


class RelaySetup(BaseModel):
    model_config = ConfigDict(extra="forbid")

    players: list[Runner] = Field(min_length=2, max_length=4)
    target: int = Field(default=20, ge=5, le=200, description="points to win")
    judges: list[str] = Field(default=[], max_length=4, description="the judges' names")
    baton_s: float | None = Field(
        default=60.0, ge=1, le=600, description="seconds a fresh runner has to roll"
    )
