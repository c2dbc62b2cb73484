"""What the browser tests and the screenshot script share: a real ``racerbile serve`` in a
subprocess, the system Chromium, page helpers.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = os.environ.get("RACERBILE_CHROMIUM", "/usr/bin/chromium")
STARTUP_S = 120  # a server's first start imports everything: slow on a busy machine
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_command(port: int, db_url: str) -> list[str]:
    """Returns the command line of ``racerbile serve`` (the console script, else the
    module), with the access log on: the log shows every request a test made."""
    exe = shutil.which("racerbile")
    args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", db_url, "--access-log"]
    if exe:
        return [exe, *args]
    return [sys.executable, "-c", "from racerbile.cli import main; main()", *args]


class Server:
    """A running server: its base URL and a tiny JSON client for setting up games."""

    def __init__(self, url: str, process: subprocess.Popen[bytes] | None, log: Path | None):
        self.url = url
        self.process = process
        self.log = log

    def get(self, path: str, token: str | None = None) -> object:
        request = urllib.request.Request(self.url + path)
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: object, token: str | None = None) -> object:
        request = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), method="POST"
        )
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def game_ids(self) -> list[str]:
        games = self.get("/api/meta/games")
        assert isinstance(games, list)
        return [g["id"] for g in games]


def start_server(tmp: Path) -> Server:
    port = free_port()
    db_url = f"sqlite:///{tmp / 'browser.sqlite3'}"
    log = tmp / "server.log"
    handle = log.open("wb")
    process = subprocess.Popen(
        serve_command(port, db_url), stdout=handle, stderr=subprocess.STDOUT, cwd=tmp
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited early:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(url + "/api/meta/games", timeout=1):
                return Server(url, process, log)
        except OSError:
            time.sleep(0.1)
    process.terminate()
    raise RuntimeError(f"the server did not start:\n{log.read_text(errors='replace')}")


def stop_server(srv: Server) -> None:
    if srv.process is None:
        return
    srv.process.terminate()
    try:
        srv.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        srv.process.kill()


def watch_console(page: object, errors: list[str]) -> None:
    """Records uncaught page errors and console errors into ``errors``."""
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))  # type: ignore[attr-defined]
    page.on(  # type: ignore[attr-defined]
        "console",
        lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None,
    )
