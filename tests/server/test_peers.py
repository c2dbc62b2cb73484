"""A process's announcements to the others on one PostgreSQL (see ``server.peers``)."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import psycopg
import pytest
from serverkit import run_on_own_loop
from sqlalchemy import create_engine

from racerbile.server.peers import CHANNEL, Peers
from racerbile.server.room import Room


class _Changed:
    """As much of a room as an announcement reads."""

    def __init__(self, game_id: str):
        self.id = game_id


def test_changes_made_while_one_announcement_is_sent_go_together_in_the_next(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = create_engine(postgres_url)
    peers = Peers(engine, heard=lambda game_id: asyncio.sleep(0))
    sent: list[list[str]] = []
    notify = peers._notify

    def counted(game_ids: list[str]) -> None:
        sent.append(game_ids)
        notify(game_ids)

    monkeypatch.setattr(peers, "_notify", counted)
    listener = psycopg.connect(postgres_url.replace("+psycopg", ""), autocommit=True)
    listener.execute(f"LISTEN {CHANNEL}")

    async def announce_all() -> None:
        for game in ("g1", "g2", "g3", "g2", "g4"):
            peers.announce(cast(Room, _Changed(game)))
        assert peers._sending is not None
        await peers._sending

    run_on_own_loop(announce_all())
    heard = [note.payload for note in listener.notifies(timeout=2.0, stop_after=4)]
    listener.close()
    engine.dispose()
    assert sent == [["g1", "g2", "g3", "g4"]]  # none was sent before the loop ran again
    assert sorted(payload.split(" ")[1] for payload in heard) == ["g1", "g2", "g3", "g4"]
    assert {payload.split(" ")[0] for payload in heard} == {peers.instance}


def test_an_announcement_that_fails_is_logged_and_the_next_change_is_sent_again(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    engine = create_engine(postgres_url)
    peers = Peers(engine, heard=lambda game_id: asyncio.sleep(0))
    calls: list[list[str]] = []

    def failing_once(game_ids: list[str]) -> Any:
        calls.append(game_ids)
        if len(calls) == 1:
            raise psycopg.OperationalError("the database went away")

    monkeypatch.setattr(peers, "_notify", failing_once)

    async def twice() -> None:
        peers.announce(cast(Room, _Changed("g1")))
        assert peers._sending is not None
        await asyncio.gather(peers._sending, return_exceptions=True)
        peers.announce(cast(Room, _Changed("g2")))
        await peers._sending

    run_on_own_loop(twice())
    engine.dispose()
    assert calls == [["g1"], ["g2"]]
    assert "a change was not passed between servers" in caplog.text
