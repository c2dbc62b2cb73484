"""The optimal solo driver's figures for a stage: expected time and the plan per space.

For every space the plan is read for a sound car (no damage or puncture, spare wheel and
SISU at hand, no tokens) beginning a turn there: the gear it is best to end a turn in
there (its card and what follows; ties go to the higher gear), the expected seconds
still to come in that gear, and the first choice of the turn (a die,
``A`` + a time-attack pool, or the spare wheel). :func:`policy_svg` writes them on the
stage picture. Figures come from :class:`.solver.Solver` on the engine's own rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from .board.model import Stage
from .board.render import SCALE, render_stage_svg
from .solver import Solver
from .state import Options, Tyres

FRESH = (0, 0, 0, 0, 0)


@dataclass(frozen=True)
class SpacePlan:
    """The plan for a sound car beginning a turn on one space."""

    gid: str
    gear: int
    seconds_to_go: float
    choice: str


@dataclass(frozen=True)
class StageAnalysis:
    """The optimal solo driver's expected time on a stage, and its plan per space."""

    stage: str
    name: str
    tyres: str
    expected: float
    first_choice: str
    plans: tuple[SpacePlan, ...]

    def to_json(self) -> dict[str, Any]:
        """Returns the figures as JSON-ready data."""
        return {
            "stage": self.stage,
            "name": self.name,
            "tyres": self.tyres,
            "expected_time_s": round(self.expected, 3),
            "first_choice": self.first_choice,
            "spaces": [
                {
                    "space": p.gid,
                    "gear": p.gear,
                    "seconds_to_go": round(p.seconds_to_go, 3),
                    "choice": p.choice,
                }
                for p in self.plans
            ],
        }


def analyse_stage(
    stage: Stage, tyres: Tyres = "asphalt", options: Options | None = None
) -> StageAnalysis:
    """Solves ``stage`` for one car on ``tyres`` and reads its plan per space."""
    solver = Solver(stage, options or Options(), tyres)
    road = solver.road
    plans = []
    for pos in range(road.finish):
        gears = [g for g in range(1, 6) if (pos, g) in solver.values] or [0]
        gear = min(gears, key=lambda g: (float(solver.end_turn(pos, g)[FRESH]), -g))
        value = float(solver.values[(pos, gear)][FRESH])
        plans.append(SpacePlan(road.gid[pos], gear, value, best_choice(solver, pos, gear)))
    return StageAnalysis(
        stage.id,
        stage.name,
        tyres,
        solver.expected(),
        best_choice(solver, road.start, 0),
        tuple(plans),
    )


def best_choice(solver: Solver, pos: int, gear: int) -> str:
    """Returns the first choice of a sound car's turn on ``pos`` in ``gear``, as text."""
    key = solver.start_key(pos, gear, 0)
    choice, value = min(solver.options_at(key), key=lambda item: float(item[1][FRESH]))
    if float(solver.spare_value(pos, gear)[FRESH]) < float(value[FRESH]):
        return "spare"
    if choice[0] == "attack":
        return f"A{choice[1]}"
    if choice[0] == "roll":
        die = "G" if choice[1] == 0 else str(choice[1])
        return f"{'secure' if choice[3] else 'roll'} {die}"
    return "stop"


def report(analysis: StageAnalysis) -> list[str]:
    """Returns the figures as lines of text."""
    lines = [
        f"{analysis.name} ({analysis.stage}), {analysis.tyres} tyres: expected stage time "
        f"{analysis.expected:.2f} s with the optimal solo driver; first turn: "
        f"{analysis.first_choice}",
        "space | best gear to arrive in | seconds to go | first choice",
    ]
    for p in analysis.plans:
        lines.append(f"{p.gid} | {p.gear} | {p.seconds_to_go:.1f} | {p.choice}")
    return lines


def policy_svg(stage: Stage, analysis: StageAnalysis) -> str:
    """Returns the stage picture with each space's gear and first choice written beside it."""
    svg = render_stage_svg(stage)
    labels = []
    for space, plan in zip(stage.spaces, analysis.plans, strict=True):
        x, y = space.xy[0] * SCALE, space.xy[1] * SCALE
        text = f"{plan.gear}·{plan.choice.replace('roll ', '')}"
        labels.append(
            f'<text x="{x + 11:.1f}" y="{y + 20:.1f}" font-size="8" fill="#1a3d8f" '
            f'stroke="#fff" stroke-width="2" paint-order="stroke">{escape(text)}'
            f"<title>{escape(plan.gid)}: {plan.seconds_to_go:.1f} s to go</title></text>"
        )
    head = (
        f'<text x="40" y="46" font-size="13" fill="#1a3d8f">optimal solo driver '
        f"({escape(analysis.tyres)} tyres): expected {analysis.expected:.1f} s; per space: "
        "gear to arrive in · first choice (A = time attack)</text>"
    )
    at = svg.rindex("</g>")
    svg = svg[:at] + "".join(labels) + svg[at:]
    return svg.replace("</svg>", head + "</svg>")
