"""The ``racerbile`` command: the platform's commands, and each game's own commands
mounted from its manifest (``MANIFEST.cli``).

Every command module imports only what its signature needs; the rules engines,
NumPy, Numba, FastAPI, SQLAlchemy, Matplotlib and Dask load inside the commands that
use them, so ``racerbile --help`` starts fast.
"""

from __future__ import annotations

import typer

from . import bench, dev, odds, replay, serve, simulate, track
from ._common import console
from .mount import TyperMount

app = typer.Typer(
    name="racerbile",
    help="Play, referee, analyse and host Racerbile, Vectrace and friends.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.command("games")
def list_games() -> None:
    """Lists the games this program plays."""
    from ..games import available_games, manifest

    for game_id in available_games():
        info = manifest(game_id).info
        console.print(
            f"[bold]{info.id}[/]  {info.name} ({info.min_seats}-{info.max_seats} players)"
        )


def _register() -> None:
    from ..games import available_games, manifest

    app.add_typer(track.app, name="track", help="Tracks: list, info, validate, render.")
    app.add_typer(dev.app, name="dev", help="Developer tools: golden playthroughs.")
    for module in (replay, odds, serve, simulate, bench):
        module.register(app)
    mount = TyperMount(app)
    for game_id in available_games():
        mounted = manifest(game_id).cli
        if mounted is not None:
            mounted(mount)


_register()


def main() -> None:
    """Runs the command line."""
    app()


__all__ = ["app", "console", "main"]
