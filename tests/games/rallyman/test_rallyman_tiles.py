"""Our own tiles, stages and rallies: the files, every §18.2 check, and the pictures."""

from __future__ import annotations

import io
from pathlib import Path

import cairosvg
import pytest
from PIL import Image
from pydantic import ValidationError

from racerbile.engine.errors import TrackError
from racerbile.games.rallyman import GAME, TRACKS, RallymanSetup
from racerbile.games.rallyman.board import bundled_stages, bundled_tiles
from racerbile.games.rallyman.board.render import CarMark, render_stage_svg
from racerbile.games.rallyman.board.stagefile import parse_stage
from racerbile.games.rallyman.board.tilefile import read_tile
from racerbile.games.rallyman.setup import load_setup_rally

HERE = Path(__file__).parent
BROKEN = HERE / "broken"
TERRAINS = {"grass", "field", "forest", "water", "rock", "building", "shortcut"}


def check(path: Path) -> list[str]:
    """Checks a file as the command line does: read by the caller, then the catalogue."""
    text = TRACKS.text_of(path.read_bytes(), str(path))
    return TRACKS.warnings(TRACKS.parse(text, source=str(path)))


EXPECTED = {
    "bad_gear.toml": [
        (
            "bad_gear.toml:55: tile T-GOOD: field space.3.limit.max_gear: Input should be les"
            "s than or equal to 5"
        ),
    ],
    "binary.toml": [
        "binary.toml: this is a binary file, not a TOML dice-rally-tile/1 file",
    ],
    "dead_end.toml": [
        (
            "dead_end.toml:97: tile T-GOOD: space spur: field links: a dead end: no link and "
            "no out port"
        ),
    ],
    "empty.toml": [
        'empty.toml: the file is empty; it must start with format = "dice-rally-tile/1"',
    ],
    "missing_verge.toml": [
        (
            "missing_verge.toml:30: tile T-GOOD: space b: field verge: a road or slide space "
            "needs verge.left and verge.right (off-road damage, check 6)"
        ),
    ],
    "not_utf8.toml": [
        "not_utf8.toml:4: byte 144 is not UTF-8 text",
    ],
    "progress_backwards.toml": [
        (
            "progress_backwards.toml:56: tile T-GOOD: space i2: field links.0.to: progress mu"
            "st increase along the link to y (4.0 -> 3.8; RM-TILE-1 check 3)"
        ),
        (
            "progress_backwards.toml:78: tile T-GOOD: space d2: field links.0.to: progress mu"
            "st increase along the link to y (4.0 -> 3.8; RM-TILE-1 check 3)"
        ),
    ],
    "shortcut_broken.toml": [
        (
            "shortcut_broken.toml:80: tile T-GOOD: space k: field limit.max_gear: a shortcut "
            "needs max_gear (check 5)"
        ),
        (
            "shortcut_broken.toml:80: tile T-GOOD: space k: field on_enter: the first shortcu"
            't space needs on_enter = "draw_shortcut_card" (check 5)'
        ),
    ],
    "slide_broken.toml": [
        (
            "slide_broken.toml:78: tile T-GOOD: space d2: field links.1.to: progress must inc"
            "rease along the link to i2 (4.0 -> 4.0; RM-TILE-1 check 3)"
        ),
        (
            "slide_broken.toml:65: tile T-GOOD: space d1: field limit.exact_gear: slide of co"
            "rner c: every slide space needs the same exact_gear (check 4)"
        ),
        (
            "slide_broken.toml:78: tile T-GOOD: space d2: field links.1.type: no bail-out fro"
            "m the last slide space (RM-CORNER-2, check 4)"
        ),
    ],
    "stage_bad_port.toml": [
        (
            "stage_bad_port.toml:64: stage ss-kalkbrud: field route.4.to: tile OT-02 has no o"
            "ut port 'Q'"
        ),
    ],
    "stage_no_route.toml": [
        "stage_no_route.toml:1: stage ss-kalkbrud: field route: Field required",
        "stage_no_route.toml:41: stage ss-kalkbrud: field routes: Extra inputs are not permitted",
    ],
    "stage_ports_apart.toml": [
        (
            "stage_ports_apart.toml:53: stage ss-kalkbrud: field route.2.from: port W of t2 d"
            "oes not touch port X of t1: that port's edge leads to [1, -1] (check 1)"
        ),
        (
            "stage_ports_apart.toml:58: stage ss-kalkbrud: field route.3.from: port W of t3 d"
            "oes not touch port X of t2: that port's edge leads to [2, -1] (check 1)"
        ),
    ],
    "stage_start_mismatch.toml": [
        (
            "stage_start_mismatch.toml:66: stage ss-kalkbrud: field start: the start must be "
            "the route's first port t0/W"
        ),
    ],
    "stage_tile_twice.toml": [
        (
            "stage_tile_twice.toml:22: stage ss-kalkbrud: field layout.2.tile: tile OT-01 is "
            "laid twice; the set holds one of each (a board may be crossed twice by two route"
            " steps)"
        ),
        (
            "stage_tile_twice.toml:54: stage ss-kalkbrud: field route.2.to: tile OT-01 has no"
            " out port 'X'"
        ),
    ],
    "stage_unknown_tile.toml": [
        (
            "stage_unknown_tile.toml:22: stage ss-kalkbrud: field layout.2.tile: unknown tile"
            " 'OT-99' (known: OT-01, OT-02, OT-03, OT-04, OT-05, OT-06, OT-07, OT-08)"
        ),
        (
            "stage_unknown_tile.toml:52: stage ss-kalkbrud: field route.2.instance: instance "
            "'t2' is not in the layout"
        ),
    ],
    "too_big.toml": [
        "too_big.toml: the file has 309255 bytes; rally files are at most 262144",
    ],
    "truncated.toml": [
        (
            "truncated.toml:51: TOML syntax error at the end: Expected '=' after a key in a k"
            "ey/value pair (is the file truncated?)"
        ),
    ],
    "unknown_field.toml": [
        "unknown_field.toml:83: tile T-GOOD: field space.6.speed: Extra inputs are not permitted",
    ],
    "unknown_link.toml": [
        (
            "unknown_link.toml:97: tile T-GOOD: space y: field links.0.to: links to unknown s"
            "pace 'zz'"
        ),
    ],
    "unknown_terrain.toml": [
        (
            "unknown_terrain.toml:53: tile T-GOOD: space i2: field verge.left: terrain 'lava'"
            " is not in terrain_damage (building, field, forest, grass, rock, shortcut, water"
            ")"
        ),
    ],
    "wrong_format.toml": [
        (
            "wrong_format.toml: field format: expected one of dice-rally-tile/1, dice-rally-s"
            "tage/1, dice-rally-rally/1"
        ),
    ],
}


@pytest.mark.rule("RM-TILE-1")
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_rm_tile_1_broken_files_get_every_problem_named(name: str) -> None:
    with pytest.raises(TrackError) as caught:
        check(BROKEN / name)
    problems = [p.replace(f"{BROKEN}/", "") for p in caught.value.problems]
    assert problems == EXPECTED[name]


def test_rm_tile_1_the_corpus_is_complete() -> None:
    assert {p.name for p in BROKEN.glob("*.toml")} == set(EXPECTED)


@pytest.mark.rule("RM-TILE-1")
def test_rm_tile_1_the_tile_set() -> None:
    tiles = bundled_tiles()
    assert len(tiles) >= 8
    specs = [t.spec for t in tiles.values()]
    assert all({f.surface for f in s.faces.values()} == {"asphalt", "snow"} for s in specs)
    corners = [c for s in specs for c in s.corner]
    assert any(c.inside and c.slide and c.shortcut for c in corners)
    spaces = [sp for s in specs for sp in s.space]
    assert any(sp.jump and sp.jump.airborne for sp in spaces)
    assert any(sp.jump and not sp.jump.airborne for sp in spaces)
    assert {v for sp in spaces if sp.verge for v in (sp.verge.left, sp.verge.right)} == TERRAINS
    assert {sp.seats for sp in spaces} >= {1, 2, 3}
    assert all(not t.warnings for t in tiles.values())


@pytest.mark.rule("RM-TILE-1")
def test_rm_tile_1_only_the_route_is_kept_and_progress_increases() -> None:
    stages = bundled_stages()
    assert len(stages) == 6
    for stage in stages.values():
        for i, links in enumerate(stage.links):
            assert links, stage.gid(i)
            for link in links:
                assert stage.progress(link.to) > stage.progress(i)
        assert stage.spaces[stage.entry].kind == "road" and stage.spaces[stage.entry].role is None
    crossing = stages["ss-kalkbrud"]  # the hamlet crossroads, driven west to east
    assert crossing.find("t3:e1") is not None and crossing.find("t3:n1") is None
    assert crossing.find("t3:q1") is None  # the other road of the tile is out of play


@pytest.mark.rule("RM-TILE-1")
def test_rm_tile_1_a_good_tile_and_a_stage_from_text() -> None:
    tile = read_tile(HERE / "good_tile.toml")
    assert tile.id == "T-GOOD" and not tile.warnings
    text = HERE.parents[2] / "src/racerbile/tracks/rallyman/stages/ss-bakkeby.toml"
    stage = parse_stage(text.read_text(), bundled_tiles(), source="inline")
    assert stage.id == "ss-bakkeby" and len(stage.spaces) == 36
    with pytest.raises(TrackError, match="inline:1: TOML syntax error"):
        parse_stage("format = ", bundled_tiles(), source="inline")


def test_catalogue_loads_rallies_stages_and_refuses_unknown_refs() -> None:
    assert set(TRACKS.bundled()) == {"kalkbrud", "nordlys"}
    assert len(TRACKS.load("ss-isbjerg").stages) == 1
    info = TRACKS.info(TRACKS.load("nordlys"))
    assert [s["mechanics_after"] for s in info["stages"]] == [True, True, False]
    with pytest.raises(TrackError, match="no bundled rally or stage"):
        TRACKS.load("nowhere")
    with pytest.raises(TrackError, match="no bundled rally"):
        TRACKS.load(str(HERE / "good_tile.toml"))  # the catalogue never opens a path
    tile = TRACKS.parse((HERE / "good_tile.toml").read_text(), source="good_tile.toml")
    assert check(HERE / "good_tile.toml") == [] and TRACKS.info(tile)["spaces"] == 9
    with pytest.raises(TrackError, match="drawn as part of a stage"):
        TRACKS.render_svg(tile)
    rally_text = HERE.parents[2] / "src/racerbile/tracks/rallyman/rallies/nordlys.toml"
    assert TRACKS.parse(rally_text.read_text()).mechanics_after == (True, True, False)


def test_stage_pictures_render_to_png() -> None:
    stage = bundled_stages()["ss-fjordvej"]
    svg = render_stage_svg(stage, [CarMark(3, "#c00", "A"), CarMark(9, "#06c", "B", "left")])
    assert svg.count("data-cell=") == len(stage.spaces) and "FINISH" in svg
    assert svg.count('data-tile="') == len(stage.placements)
    png = cairosvg.svg2png(bytestring=svg.encode())
    image = Image.open(io.BytesIO(png))
    assert image.width >= 700 and image.height >= 700
    rally = TRACKS.render_svg(TRACKS.load("kalkbrud"), frozenset({"ids"}))
    assert rally.count("SS") >= 3 and "t0:s01" in rally


@pytest.mark.rule("RM-TILE-1")
def test_rm_tile_1_a_setup_races_a_stage_of_its_own_sent_as_text() -> None:
    """A stage file of one's own (built of the bundled tiles) travels in the setup as
    ``rally_text``, like the other games' ``track_text``; a setup never names a file."""
    text = HERE.parents[2] / "src/racerbile/tracks/rallyman/stages/ss-bakkeby.toml"
    own = text.read_text().replace('name = "', 'name = "Own ', 1)
    setup = RallymanSetup(players=[{"name": "A"}], rally_text=own)
    rally = load_setup_rally(setup)
    assert [s.id for s in rally.stages] == ["ss-bakkeby"]
    assert rally.stages[0].name.startswith("Own ")
    state = GAME.start(setup)
    assert GAME.legal_actions(state)
    with pytest.raises(ValidationError, match="rally_text:1: TOML syntax error"):
        RallymanSetup(players=[{"name": "A"}], rally_text="format = ")
    tile = (HERE / "good_tile.toml").read_text()
    with pytest.raises(ValidationError, match="a tile is raced only within a stage"):
        RallymanSetup(players=[{"name": "A"}], rally_text=tile)
    with pytest.raises(ValidationError, match="at most 49152"):
        RallymanSetup(players=[{"name": "A"}], rally_text="#" * 49_153)
