"""The optimal bot's policy: each crossing count's values are a fixed point of the
value-iteration sweep, whatever the first guess it started from."""

from __future__ import annotations

import numpy as np
import pytest

from racerbile.games.racerbile import policy as policy_module
from racerbile.games.racerbile.catalog import TRACKS
from racerbile.games.racerbile.rules.moves import geometry


@pytest.mark.parametrize("track_id", ["oval", "lemans"])
def test_every_crossing_count_is_a_fixed_point_of_one_more_sweep(track_id: str) -> None:
    track = TRACKS.load(track_id)
    crossings = 5
    solved = policy_module._solve(track, True, False, crossings)
    geo = geometry(track)
    n = len(solved.positions)
    ends = {t: policy_module._ends_of(geo, solved.positions, t, True) for t in range(1, 13)}
    done = list(solved.values)
    for r in range(1, crossings + 1):
        q = policy_module._q_values(n, ends, done[r - 1], done, r, False)
        assert np.max(np.abs(q - solved.q[r - 1])) < 1e-8
        for gear in range(1, 4):
            allowed = [g - 1 for g in (gear - 1, gear, gear + 1) if 1 <= g <= 3]
            swept = np.minimum(1 + q[:, allowed].min(axis=1), policy_module.CAP_PER_CROSSING * r)
            assert np.max(np.abs(swept - solved.values[r - 1][:, gear - 1, 0])) < 1e-8
