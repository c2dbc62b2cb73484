"""Developer commands: golden playthroughs (each game declares its own)."""

from __future__ import annotations

from pathlib import Path

import typer

from ._common import console, fail

app = typer.Typer(no_args_is_help=True)


@app.command("playthroughs")
def playthroughs(
    regenerate: bool = typer.Option(False, help="Rewrite the golden files."),
    folder: Path = typer.Option(Path("tests/playthroughs"), help="Where the golden files are."),
) -> None:
    """Checks (or with --regenerate rewrites) the golden playthrough files."""
    from ..engine.playthrough import golden_playthroughs, playthrough
    from ..games import available_games, get_game

    changed = []
    games = [get_game(game_id) for game_id in available_games()]
    for name, (game, setup_data, seed) in sorted(golden_playthroughs(games).items()):
        text = playthrough(game, game.Setup.model_validate(setup_data), seed)
        path = folder / f"{name}.txt"
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        changed.append(name)
        if regenerate:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if not changed:
        console.print("all playthroughs are up to date")
    elif regenerate:
        console.print(f"rewrote: {', '.join(changed)}; review the diff")
    else:
        fail(f"changed: {', '.join(changed)} (run with --regenerate and review the diff)", 1)
