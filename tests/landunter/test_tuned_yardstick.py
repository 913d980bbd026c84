"""benchmarks/tuned_landunter.py, the single-purpose kernel issue 14 times the
engine against, plays the very games the engine plays: else its speed would
be the speed of other games, and the comparison void."""

import numpy as np
import pytest

from benchmarks import tuned_landunter


@pytest.mark.parametrize(("seed", "first_game", "n_games"), [(7, 0, 2_000), (12, 4_321, 1_001)])
def test_the_tuned_kernel_plays_the_engines_games(seed, first_game, n_games):
    tuned = tuned_landunter.play(seed, first_game, n_games)
    assert np.array_equal(tuned, tuned_landunter.engine_sums(seed, first_game, n_games))
    assert tuned[0].sum() == 60 * n_games  # every game hands out its whole win
