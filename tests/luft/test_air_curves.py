"""Air-depletion curves: every game counts at every turn; the tail is the final air."""

import numpy as np

from sim import api
from sim.games.luft.analyses.air import depletion_curve
from sim.games.luft.outputs import A_COUNT, A_END_COUNT, MAX_TURNS


def test_depletion_curve_counts_every_game_and_ends_at_the_final_air():
    sim = api.simulate("luft", {}, "threshold:t=2,random,threshold:t=1", players=3, games=3000, seed=8, progress=False)
    air = sim.totals.hists["air"]
    carried = np.cumsum(air[A_END_COUNT], axis=1)
    np.testing.assert_array_equal(air[A_COUNT] + carried, np.full((3, MAX_TURNS), 3000))
    n, s, _ = sim.totals.agg("dive0.air_left")
    mean, lo, hi = depletion_curve(air, 0, MAX_TURNS)
    assert mean[0] <= 25 and np.all(np.diff(mean) <= 1e-12)  # air never comes back
    assert mean[-1] == s / n  # every dive over by then
    assert np.all(lo <= mean) and np.all(mean <= hi)
