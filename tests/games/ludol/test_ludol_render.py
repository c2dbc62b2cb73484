"""The board's picture (render.py) and the web board's geometry (web/geometry.js):
one layout, LD-BOARD-1's loop, and ``racerbile ludol-board``."""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from racerbile.cli import app
from racerbile.engine.errors import InvalidAction
from racerbile.games.ludol import render
from racerbile.games.ludol.state import GOAL, YARD

GEOMETRY = Path(render.__file__).parent / "web" / "geometry.js"
SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def _adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Side by side, or corner to corner where the loop turns round the centre."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


@pytest.mark.rule("LD-BOARD-1")
def test_LD_BOARD_1_the_loop_is_52_touching_squares_with_starts_13_apart() -> None:
    loop = render.LOOP
    assert len(set(loop)) == 52
    assert all(_adjacent(loop[i], loop[(i + 1) % 52]) for i in range(52))
    for k in range(4):
        assert loop[13 * k] == render.turn_cell((1, 6), k)  # the start square by the yard
        column = [render.spot(k, p) for p in range(51, 56)]
        last = render.spot(k, 50)
        assert abs(column[0][0] - last[0]) + abs(column[0][1] - last[1]) == 1
        assert all(6 <= x <= 9 or 6 <= y <= 9 for x, y in column)  # the arm's middle line
        gx, gy = render.spot(k, GOAL)
        assert 6 < gx < 9 and 6 < gy < 9  # the goal is the centre square


@pytest.mark.rule("LD-BOARD-1")
def test_LD_BOARD_1_the_web_board_uses_the_same_layout() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node to read web/geometry.js")
    script = (
        f"const G = await import({json.dumps(GEOMETRY.as_uri())});"
        "const spots = [0,1,2,3].map(k => [...Array(58).keys()].map(i => G.spotOf(k, i - 1, 3)));"
        "console.log(JSON.stringify({loop: G.LOOP, spots}));"
    )
    out = subprocess.run(
        [node, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    web = json.loads(out.stdout)
    assert [tuple(c) for c in web["loop"]] == list(render.LOOP)
    for k in range(4):
        python = [render.spot(k, p, 3) for p in range(YARD, GOAL + 1)]
        assert [tuple(s) for s in web["spots"][k]] == pytest.approx(python)


@pytest.mark.rule("LD-BLOCK-1")
def test_LD_BLOCK_1_a_position_shows_stacks_and_blocks() -> None:
    picture = render.position_svg("ludol play | A0=10,10,y,y B1=5,5,5,g")
    root = ET.fromstring(picture)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("A") == 1 + 3  # the yard letter, the pair on 10, two yard glasses
    assert "2" in texts and "3" in texts  # a block of two, a stack of three
    dashed = [r for r in root.iter(f"{SVG}rect") if r.get("stroke-dasharray")]
    assert len(dashed) == 1, "two glasses block; three do not"


def test_a_position_that_does_not_read_is_refused_with_its_reason() -> None:
    with pytest.raises(InvalidAction, match="rule profile"):
        render.position_svg("chess play | A0=1")
    with pytest.raises(InvalidAction, match="at least two"):
        render.position_svg("ludol play | A0=10,y,y,y")


def test_ludol_board_writes_a_picture_and_refuses_a_bad_position(tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    done = runner.invoke(app, ["ludol-board", "-o", str(target), "--colours", "3"])
    assert done.exit_code == 0, done.output
    assert ET.fromstring(target.read_text()).tag == f"{SVG}svg"
    bad = runner.invoke(app, ["ludol-board", "-o", str(tmp_path / "x.svg"), "--position", "x"])
    assert bad.exit_code == 2
    assert "rule profile" in bad.output
    assert "Traceback" not in bad.output
    assert not (tmp_path / "x.svg").exists()
    wrong = runner.invoke(app, ["ludol-board", "-o", str(tmp_path / "x.gif")])
    assert wrong.exit_code == 2 and "must end in .svg or .png" in wrong.output
