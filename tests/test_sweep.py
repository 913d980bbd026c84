"""sim.sweep.play_paired: two arrangements on the same games, compared game by game."""

import numpy as np
import pytest

from sim import sweep
from sim.stats import paired, two_sample

A = [(["threshold:t=3", "threshold:t=1", "random"], 0), (["random", "threshold:t=3", "threshold:t=1"], 1)]
B = [(["threshold:t=3", "random", "threshold:t=1"], 0), (["threshold:t=1", "threshold:t=3", "random"], 1)]


@pytest.fixture(scope="module")
def pair():
    return sweep.play_paired("luft", {"players": 3}, A, B, 3000, 4)


def test_each_side_is_the_candidate_of_the_lineup_run_on_the_same_games(pair):
    for side, lineups in (("a", A), ("b", B)):
        alone = sweep.play_lineups("luft", {"players": 3}, lineups, 3000, 4)
        for m in ("win", "score"):
            np.testing.assert_allclose(pair.agg(f"{side}.{m}"), alone.agg(f"cand.{m}"))


def test_the_paired_difference_is_the_difference_of_the_sides_with_a_tighter_ci(pair):
    n, s, _ = pair.agg("diff.score")
    assert n == pair.games == 3000
    assert s / n == pytest.approx(pair.agg("a.score")[1] / n - pair.agg("b.score")[1] / n)
    # the candidate's own luck (the deals) is shared, so pairing narrows the interval
    assert paired(*pair.agg("diff.score")).diff.half_width < two_sample(pair.agg("a.score"), pair.agg("b.score")).diff.half_width


def test_a_stored_pair_is_read_back(tmp_path, pair):
    first = sweep.play_paired("luft", {"players": 3}, A, B, 3000, 4, out=tmp_path)
    again = sweep.play_paired("luft", {"players": 3}, A, B, 3000, 4, out=tmp_path)
    assert len(list((tmp_path / "runs").iterdir())) == 1
    for m in ("a.win", "b.score", "diff.score"):
        np.testing.assert_allclose(again.agg(m), first.agg(m))
        np.testing.assert_allclose(first.agg(m), pair.agg(m))


def test_arrangements_must_match():
    with pytest.raises(ValueError, match="same number of lineups"):
        sweep.play_paired("luft", {"players": 3}, A, B[:1], 100, 4)
