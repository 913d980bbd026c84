"""The single-purpose kernels the benchmarks time the engines against
(benchmarks/tuned_luft.py, tuned_landunter.py) play the very games the
engines play: else their speed would be the speed of other games, and the
comparison void."""

import numpy as np
import pytest

from benchmarks import tuned_landunter, tuned_luft


@pytest.mark.parametrize("tuned", [tuned_luft, tuned_landunter], ids=["luft", "landunter"])
@pytest.mark.parametrize(("seed", "first_game", "n_games"), [(7, 0, 2_000), (12, 4_321, 1_001)])
def test_the_tuned_kernel_plays_the_engines_games(tuned, seed, first_game, n_games):
    sums = tuned.play(seed, first_game, n_games)
    assert np.array_equal(sums, tuned.engine_sums(seed, first_game, n_games))
    assert sums[0].sum() == 60 * n_games  # every game hands out its whole win
