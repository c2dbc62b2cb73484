"""The ``racerbile`` command. Each area lives in its own module as a Typer sub-app."""

from __future__ import annotations

import importlib

import typer

from ._common import console

app = typer.Typer(
    name="racerbile",
    help="Play, referee, analyse and host Racerbile, Vectrace and friends.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

# Sub-apps: (module, attribute, name). Loaded here so `racerbile --help` lists them all.
_SUBAPPS = [
    ("track", "Tracks: list, info, validate, render."),
    ("solve", "Exact solvers (Vectrace)."),
    ("dev", "Developer tools: golden playthroughs."),
]
_COMMAND_MODULES = ["replay", "odds", "serve", "simulate", "analyse", "bench"]


def _register() -> None:
    for name, help_text in _SUBAPPS:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            continue
        app.add_typer(module.app, name=name, help=help_text)
    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            continue
        module.register(app)


@app.command("games")
def list_games() -> None:
    """Lists the games this program plays."""
    from ..games import available_games, get_game

    for game_id in available_games():
        try:
            info = get_game(game_id).info
        except ImportError:
            continue
        console.print(
            f"[bold]{info.id}[/]  {info.name} ({info.min_seats}-{info.max_seats} players)"
        )


_register()


def main() -> None:
    """Runs the command line."""
    app()


__all__ = ["app", "console", "main"]
