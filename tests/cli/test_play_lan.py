"""``racerbile play`` offers the table's network: ``--lan``, ``--local``, or a question
when run in a terminal; join links then start with this machine's LAN address."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from racerbile.cli import app, serve
from racerbile.server import network

runner = CliRunner()


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Records how ``play`` would start the server instead of starting it."""
    calls: list[dict[str, Any]] = []

    def fake_run(host: str, port: int, db: str | None, public_url: str | None, **kw: Any) -> None:
        calls.append({"host": host, "port": port, "public_url": public_url})

    monkeypatch.setattr(serve, "_run", fake_run)
    monkeypatch.setattr(network, "lan_addresses", lambda: ["192.168.1.20"])
    return calls


def test_play_lan_listens_on_every_network_with_lan_links(started: list[dict[str, Any]]) -> None:
    result = runner.invoke(app, ["play", "--lan", "--port", "8123", "--no-browser"])
    assert result.exit_code == 0, result.output
    assert started == [{"host": "0.0.0.0", "port": 8123, "public_url": "http://192.168.1.20:8123"}]


def test_play_local_and_a_pipe_serve_this_machine_only(started: list[dict[str, Any]]) -> None:
    for args in (["play", "--local", "--no-browser"], ["play", "--no-browser"]):
        assert runner.invoke(app, args).exit_code == 0
    assert [c["host"] for c in started] == ["127.0.0.1", "127.0.0.1"]
    assert [c["public_url"] for c in started] == [None, None]


@pytest.mark.parametrize(("answer", "host"), [("y\n", "0.0.0.0"), ("\n", "127.0.0.1")])
def test_play_in_a_terminal_asks(
    started: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch, answer: str, host: str
) -> None:
    monkeypatch.setattr(serve, "_in_a_terminal", lambda: True)
    result = runner.invoke(app, ["play", "--no-browser"], input=answer)
    assert result.exit_code == 0, result.output
    assert "phones on this network" in result.output
    assert started[0]["host"] == host


def test_play_lan_without_a_network_says_so(
    started: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(network, "lan_addresses", lambda: [])
    result = runner.invoke(app, ["play", "--lan", "--no-browser"])
    assert "phones cannot join" in result.output
    assert started[0]["host"] == "127.0.0.1"


def test_serve_refuses_a_public_url_with_a_path() -> None:
    result = runner.invoke(app, ["serve", "--public-url", "http://x.example/join"])
    assert result.exit_code == 2
    assert "public_url" in result.stderr and "Traceback" not in result.stderr
