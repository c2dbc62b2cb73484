"""Every text and number of every game's setup is bounded: at the edge inside it is
accepted, just outside it is refused with the field named (the server's 422)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from racerbile.games.racerbile import Setup as RacerbileSetup
from racerbile.games.racerbile.catalog import TRACKS as RB_TRACKS
from racerbile.games.racerbile.trackfile import MAX_CELLS
from racerbile.games.vectrace import GAME as VECTRACE

VectraceSetup = VECTRACE.Setup
TWO = [{"name": "Anna"}, {"name": "Bo"}]
LE_MANS = {
    "rule_set": "lemans",
    "teams": [{"name": "Red", "drivers": ["Anna", "Bo"]}, {"name": "Blue", "drivers": ["Cy"]}],
    "judges": ["Judy"],
}


def _refused(model: Any, data: dict[str, Any], field: str) -> str:
    with pytest.raises(ValidationError) as caught:
        model.model_validate(data)
    errors = caught.value.errors()
    assert any(".".join(str(p) for p in e["loc"]) == field for e in errors), errors
    return str(caught.value)


RACERBILE_EDGES = [
    # (the rest of the setup, the field, accepted value, refused value)
    ({"players": TWO}, "laps", 100, 101),
    ({"players": TWO}, "laps", 1, 0),
    ({"players": TWO}, "stall_timer", 1.0, 0.99),
    ({"players": TWO}, "stall_timer", 86_400.0, 86_400.01),
    (LE_MANS, "event_hours", 1 / 3600, 0.9 / 3600),
    (LE_MANS, "event_hours", 168, 168.01),
]


@pytest.mark.parametrize(("extra", "field", "inside", "outside"), RACERBILE_EDGES)
def test_racerbile_number_bounds(
    extra: dict[str, Any], field: str, inside: float, outside: float
) -> None:
    RacerbileSetup.model_validate({**extra, field: inside})
    _refused(RacerbileSetup, {**extra, field: outside}, field)


@pytest.mark.parametrize(
    ("where", "field"),
    [
        (lambda n: {"players": [{"name": n}, {"name": "Bo"}]}, "players.0.name"),
        (
            lambda n: {**LE_MANS, "teams": [{"name": n, "drivers": ["A"]}]},
            "teams.0.name",
        ),
        (lambda n: {**LE_MANS, "teams": [{"name": "T", "drivers": [n]}]}, "teams.0.drivers.0"),
        (lambda n: {**LE_MANS, "judges": [n]}, "judges.0"),
    ],
)
def test_racerbile_names_are_bounded_and_printable(where: Any, field: str) -> None:
    RacerbileSetup.model_validate(where("x" * 40))
    _refused(RacerbileSetup, where("x" * 41), field)
    _refused(RacerbileSetup, where(""), field)
    for bad in ("a\x00b", "\x1b[2J", "\x7f", "x\x85y"):
        assert "control character" in _refused(RacerbileSetup, where(bad), field)


def test_racerbile_seats_and_judges_are_bounded() -> None:
    players = [{"name": f"P{i}"} for i in range(9)]
    _refused(RacerbileSetup, {"players": players}, "players")
    judges = [f"J{i}" for i in range(13)]
    RacerbileSetup.model_validate({**LE_MANS, "judges": judges[:12]})
    _refused(RacerbileSetup, {**LE_MANS, "judges": judges}, "judges")


def _open_map(cells: int) -> str:
    """A track file whose map has ``cells`` cells on one lattice row (not a valid race)."""
    oval = RB_TRACKS.bundled()["oval"].read_text()
    start = oval.index('rows = """')
    end = oval.index('"""', start + 10) + 3
    return oval[:start] + 'rows = """\n' + " " + "N " * cells + '\n"""' + oval[end:]


def test_racerbile_track_cells_are_bounded() -> None:
    inside = _refused(
        RacerbileSetup, {"players": TWO, "track_text": _open_map(MAX_CELLS)}, "track_text"
    )
    assert f"more than {MAX_CELLS}" not in inside  # refused later, for another reason
    outside = _refused(
        RacerbileSetup, {"players": TWO, "track_text": _open_map(MAX_CELLS + 1)}, "track_text"
    )
    assert f"{MAX_CELLS + 1} cells, more than {MAX_CELLS}" in outside


def test_racerbile_track_laps_are_bounded_like_a_setups() -> None:
    text = RB_TRACKS.bundled()["oval"].read_text()
    hundred = text.replace("laps = 3", "laps = 100")
    setup = RacerbileSetup.model_validate({"players": TWO, "track_text": hundred})
    assert RB_TRACKS.parse(setup.track_text or "").laps == 100
    more = text.replace("laps = 3", "laps = 101")
    message = _refused(RacerbileSetup, {"players": TWO, "track_text": more}, "track_text")
    assert "field meta.laps: Input should be less than or equal to 100" in message


def test_racerbile_track_text_is_bounded() -> None:
    text = RB_TRACKS.bundled()["oval"].read_text()
    padded = text + "#" * (49_152 - len(text) - 1) + "\n"
    assert RacerbileSetup.model_validate({"players": TWO, "track_text": padded}).track_text
    _refused(RacerbileSetup, {"players": TWO, "track_text": padded + "#"}, "track_text")


VECTRACE_EDGES = [
    ("skid_limit", 200, 201),
    ("skid_limit", 0, -1),
    ("setback_moves", 99, 100),
    ("lap_count", 99, 100),
    ("max_rounds", 10_000, 10_001),
    ("max_rounds", 1, 0),
]


@pytest.mark.parametrize(("field", "inside", "outside"), VECTRACE_EDGES)
def test_vectrace_number_bounds(field: str, inside: int, outside: int) -> None:
    VectraceSetup.model_validate({"players": TWO, "options": {field: inside}})
    _refused(VectraceSetup, {"players": TWO, "options": {field: outside}}, f"options.{field}")


def test_vectrace_names_are_bounded_and_printable() -> None:
    VectraceSetup.model_validate({"players": [{"name": "x" * 40}]})
    _refused(VectraceSetup, {"players": [{"name": "x" * 41}]}, "players.0.name")
    for bad in ("a\x00b", "\x1b]0;title\x07", "\x9b31m"):
        _refused(VectraceSetup, {"players": [{"name": bad}]}, "players.0.name")


def _grid(width: int, height: int) -> str:
    inner = ["#" + "." * (width - 2) + "#" for _ in range(height - 2)]
    inner[0] = "#S" + "." * (width - 4) + "F#"
    return "\n".join(["#" * width, *inner, "#" * width]) + "\n"


def test_vectrace_grid_is_at_most_200_by_200() -> None:
    VectraceSetup.model_validate({"players": TWO[:1], "track_text": _grid(200, 200)})
    for width, height in ((201, 200), (200, 201)):
        message = _refused(
            VectraceSetup, {"players": TWO[:1], "track_text": _grid(width, height)}, "track_text"
        )
        assert f"{width}x{height} points; a race allows at most 200x200" in message
