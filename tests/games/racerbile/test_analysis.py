"""Exact track analysis: P(off the track) per gear (RB-DICE-5/7) and expected turns per lap."""

from __future__ import annotations

from fractions import Fraction

import pytest
from rb_helpers import ring

from racerbile.games.racerbile.analysis import (
    analyse,
    expected_turns_flying_lap,
    expected_turns_per_lap,
    lap_crossings,
    natural_heading,
    p_off,
    p_off_gears,
    straight_run,
)
from racerbile.games.racerbile.catalog import TRACKS
from racerbile.games.racerbile.policy import policy_for
from racerbile.games.racerbile.track import CellKind, Track
from racerbile.hexgrid import Hex

E, SE = 0, 5


@pytest.fixture(scope="module")
def track() -> Track:
    """A one-lane ring: the top row (q = 0…13, r = 0) is driven east and ends in grass."""
    return ring()


def _by_hand(run: int) -> Fraction:
    """P(three dice, each 1-4, total >= 10 and > run), by counting the 64 outcomes."""
    hits = sum(
        1
        for a in range(1, 5)
        for b in range(1, 5)
        for c in range(1, 5)
        if a + b + c >= 10 and a + b + c > run
    )
    return Fraction(hits, 64)


@pytest.mark.rule("RB-DICE-7")
def test_straight_run_counts_track_cells_ahead(track: Track) -> None:
    assert straight_run(track, Hex(10, 0), E) == 3
    assert straight_run(track, Hex(13, 0), E) == 0
    assert straight_run(track, Hex(13, 0), SE) == 1
    assert straight_run(track, Hex(0, 0), E) == 12  # capped at the largest total


@pytest.mark.rule("RB-DICE-7")
@pytest.mark.parametrize(
    ("q", "expected"),
    [
        (10, Fraction(5, 32)),  # 3 cells before the grass: every 10-12 goes off
        (13, Fraction(5, 32)),  # facing the grass
        (4, Fraction(5, 32)),  # 9 cells: a 10 already goes off
        (3, Fraction(1, 16)),  # 10 cells: 11 or 12 (3 + 1 of 64)
        (2, Fraction(1, 64)),  # 11 cells: only 4+4+4
        (1, Fraction(0)),  # 12 cells: never
    ],
)
def test_rb_dice_7_p_off_in_third_gear_is_exact(track: Track, q: int, expected: Fraction) -> None:
    assert p_off(track, Hex(q, 0), E, 3) == expected
    assert expected == _by_hand(straight_run(track, Hex(q, 0), E))


@pytest.mark.rule("RB-DICE-5")
def test_rb_dice_5_third_gear_leaves_with_p_5_32_and_lower_gears_never(track: Track) -> None:
    assert p_off_gears(track, Hex(13, 0), E) == (0, 0, Fraction(10, 64))
    for q in range(14):
        assert p_off(track, Hex(q, 0), E, 1) == 0
        assert p_off(track, Hex(q, 0), E, 2) == 0  # at most 8 with two dice


def test_natural_heading_follows_the_racing_line(track: Track) -> None:
    assert [natural_heading(track, Hex(q, 0)) for q in range(13)] == [E] * 13
    assert natural_heading(track, Hex(13, 0)) == SE  # the bend down to the bottom row
    policy = policy_for(track, True, True, 1)
    assert natural_heading(track, Hex(13, 0), policy) == SE


def test_analyse_rows_carry_the_heading_and_its_chances(track: Track) -> None:
    result = analyse(track, "racerbile")
    assert len(result.cells) == len(track.cells)
    row = result.cell(Hex(10, 0))
    assert row.kind is CellKind.normal and row.heading == E and row.straight_run == 3
    assert row.p_off == (0, 0, Fraction(5, 32))
    assert row.p_off_by_heading[E] == row.p_off
    assert result.cell(Hex(3, 0)).p_off[2] == Fraction(1, 16)
    distances = [r.distance for r in result.cells]
    assert distances == sorted(distances, reverse=True)  # racing order, the line last
    assert row.distance == track.distances()[Hex(10, 0)]
    policy = policy_for(track, True, True, 2)
    assert row.turns_to_line == pytest.approx(policy.turns((Hex(10, 0), E), 3, False, 1))


@pytest.mark.parametrize(
    ("rule_set", "facing", "smashed"), [("babybile", False, False), ("racerbile", True, True)]
)
def test_expected_turns_per_lap_is_the_policy_value(
    track: Track, rule_set: str, facing: bool, smashed: bool
) -> None:
    turns = expected_turns_per_lap(track, rule_set)
    length = track.lap_length()
    assert length / 7.5 < turns < length
    policy = policy_for(track, facing, smashed, 1)
    assert turns == pytest.approx(policy.turns((Hex(2, 0), E), 1, True, 1))
    result = analyse(track, rule_set)
    assert result.expected_turns_per_lap == pytest.approx(turns)
    assert result.lap_length == length
    flying = expected_turns_flying_lap(track, rule_set)
    assert result.expected_turns_flying_lap == pytest.approx(flying)
    assert length / 7.5 < flying <= turns  # no standing start after the first lap


def test_a_grid_behind_the_line_needs_two_crossings() -> None:
    behind = ring(grid_behind_line=True)
    assert lap_crossings(behind) == 2
    policy = policy_for(behind, True, True, 2)
    assert expected_turns_per_lap(behind, "racerbile") == pytest.approx(
        policy.turns((Hex(2, 0), E), 1, True, 2)
    )


def test_json_holds_the_summary_and_exact_chances(track: Track) -> None:
    data = analyse(track, "babybile").to_json()
    summary = data["summary"]
    assert summary["lap_length"] == track.lap_length()
    assert set(summary["expected_turns_per_lap_by_rule_set"]) == {"babybile", "racerbile"}
    assert (
        summary["expected_turns_per_lap"]
        == summary["expected_turns_per_lap_by_rule_set"]["babybile"]
    )
    cell = next(c for c in data["cells"] if c["cell"] == "10,0")
    assert cell["heading"] == "E" and cell["straight_run"] == 3
    assert cell["p_off"] == [0.0, 0.0, 0.15625] and cell["p_off_exact"] == ["0", "0", "5/32"]
    assert cell["p_off_by_heading"]["E"] == cell["p_off"]


def test_unknown_rule_set_raises(track: Track) -> None:
    with pytest.raises(KeyError):
        analyse(track, "lemans-night")


def test_bundled_oval_is_sane() -> None:
    oval = TRACKS.load("oval")
    result = analyse(oval)
    assert oval.lap_length() / 7.5 < result.expected_turns_per_lap < oval.lap_length()
    assert all(row.heading is not None for row in result.cells)
    assert {row.p_off[2] for row in result.cells} <= {
        Fraction(0),
        Fraction(1, 64),
        Fraction(1, 16),
        Fraction(5, 32),
    }


@pytest.mark.rule("RB-RACE-4")
def test_babybile_headings_follow_the_straights_like_racerbile() -> None:
    oval = TRACKS.load("oval")
    babybile = analyse(oval, "babybile")
    racerbile = analyse(oval, "racerbile")
    assert [r.heading for r in babybile.cells] == [r.heading for r in racerbile.cells]
    assert babybile.cell(Hex(6, -3)).heading == E  # along the top straight, not across it


def test_the_declared_analysis_is_the_analyse_command_as_json() -> None:
    from racerbile.games import get_game

    analysis = get_game("racerbile").analysis
    assert analysis is not None
    data = analysis("oval", None)
    assert (data["track"], data["rule_set"]) == ("oval", "racerbile")
    assert data["summary"]["expected_turns_per_lap"] > 0
