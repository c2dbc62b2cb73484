"""Developer commands: golden playthroughs."""

from __future__ import annotations

from pathlib import Path

import typer

from ..engine.playthrough import playthrough
from ..games import get_game
from ..games.playthroughs import PLAYTHROUGHS
from ._common import console, fail

app = typer.Typer(no_args_is_help=True)


@app.command("playthroughs")
def playthroughs(
    regenerate: bool = typer.Option(False, help="Rewrite the golden files."),
    folder: Path = typer.Option(Path("tests/playthroughs"), help="Where the golden files are."),
) -> None:
    """Checks (or with --regenerate rewrites) the golden playthrough files."""
    changed = []
    for name, (game_id, setup_data, seed) in sorted(PLAYTHROUGHS.items()):
        game = get_game(game_id)
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
