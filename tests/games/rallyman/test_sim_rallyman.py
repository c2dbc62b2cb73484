"""``racerbile simulate rallyman``: Rallyman's own columns, workers, Dask and the files."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from racerbile.games.rallyman import GAME, RallymanSetup
from racerbile.games.rallyman.stats import COLUMNS
from racerbile.sim import SimSpec, run
from racerbile.sim.runner import play_game

SRC = Path(__file__).resolve().parents[3] / "src"


def spec(
    players: tuple[str, ...] = ("attacker", "cautious"), rally: str = "ss-kalkbrud"
) -> SimSpec:
    setup = RallymanSetup(players=[{"name": p} for p in players], rally=rally)
    return SimSpec("rallyman", setup.model_dump(mode="json"), players, seed=3)


@pytest.mark.rule("RM-RALLY-2")
@pytest.mark.rule("RM-ATT-1")
def test_the_columns_add_up_to_the_rally() -> None:
    setup = RallymanSetup(players=[{"name": "A"}, {"name": "B"}], rally="kalkbrud")
    outcome = play_game(GAME, setup, ["attacker", "cautious"], seed=3, index=0)
    for seat in outcome.seats:
        stats = seat.stats
        assert set(stats) == set(COLUMNS)
        if not stats["retired"]:
            assert stats["rally_time"] == stats["ss1"] + stats["ss2"] + stats["ss3"] > 0
        assert stats["attack_loc"] <= stats["loc"]
        assert seat.turns >= 3  # at least one gear card a stage (RM-TURN-3)
    attacker, cautious = outcome.seats
    assert cautious.stats["attacks"] == 0 == cautious.stats["attack_tokens"]
    assert attacker.stats["attack_tokens"] >= 2 * attacker.stats["attacks"]


@pytest.mark.slow
def test_one_and_two_workers_and_dask_give_the_same_games() -> None:
    serial = run(spec(), 6)
    assert run(spec(), 6, workers=2, chunk_size=2) == serial
    assert run(spec(), 6, workers=2, dask="local", chunk_size=3) == serial
    assert any(seat.stats["attacks"] for game in serial for seat in game.seats)


@pytest.mark.slow
def test_the_command_writes_the_columns_and_the_plots(tmp_path: Path) -> None:
    out = tmp_path / "runs"
    command = [
        sys.executable, "-m", "racerbile", "simulate", "rallyman", "-p", "attacker",
        "--set", "rally=ss-kalkbrud", "-n", "3", "--workers", "2", "--json", "--out", str(out),
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    player = doc["summary"]["players"][0]
    assert player["ss1"]["mean"] > 0 and "retired_rate" in player
    with (out / "games.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 3 and all(k in rows[0] for k in ("ss1", "loc", "attacks"))
    assert (out / "times.png").stat().st_size > 0
