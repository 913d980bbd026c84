"""sim.stats checked against scipy on raw samples and against known values."""

import json
import math

import numpy as np
import pytest
from scipy import stats as sps

from sim import stats


def agg(x):
    """Streaming aggregates exactly as the runner keeps them."""
    x = np.asarray(x)
    return len(x), x.sum(), (x.astype(np.int64) ** 2).sum() if x.dtype.kind in "iu" else (x**2).sum()


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("level", [0.9, 0.95, 0.99])
def test_mean_ci_matches_scipy_on_raw_sample(seed, level):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 60, size=rng.integers(5, 500))
    est = stats.mean_ci(*agg(x), level=level)
    lo, hi = sps.t.interval(level, len(x) - 1, loc=x.mean(), scale=sps.sem(x))
    assert est.n == len(x)
    assert est.mean == pytest.approx(x.mean(), rel=1e-12)
    assert est.lo == pytest.approx(lo, rel=1e-10)
    assert est.hi == pytest.approx(hi, rel=1e-10)


def test_mean_ci_large_offset_is_exact():
    # Constant large values: a float sum-of-squares formula would give noise or a negative variance.
    x = np.full(1000, 10**6 + 7, dtype=np.int64)
    est = stats.mean_ci(*agg(x))
    assert (est.lo, est.mean, est.hi) == (10**6 + 7,) * 3


def test_mean_ci_edge_cases():
    one = stats.mean_ci(1, 4, 16)
    assert (one.mean, one.lo, one.hi, one.n) == (4.0, 4.0, 4.0, 1)
    const = stats.mean_ci(5, 15, 45)
    assert const.lo == const.hi == 3.0
    empty = stats.mean_ci(0, 0, 0)
    assert math.isnan(empty.mean) and math.isnan(empty.lo) and empty.n == 0


def test_estimate_json_and_str():
    est = stats.Estimate(2.3449, 2.3329, 2.3569, 100)
    assert str(est) == "2.345 ± 0.012"
    j = est.to_json()
    assert j == {"mean": 2.3449, "ci95": [2.3329, 2.3569]}
    assert all(type(v) is float for v in [j["mean"], *j["ci95"]])
    rounded = stats.Estimate(1 / 3, 0.1, 0.5, 3).to_json()
    assert rounded["mean"] == 0.333333
    nan = stats.mean_ci(0, 0, 0)
    assert json.loads(json.dumps(nan.to_json())) == {"mean": None, "ci95": [None, None]}
    assert str(stats.Estimate(1.5, 1.5, 1.5, 1)) == "1.5 ± 0"


def test_wilson_known_values():
    zero = stats.proportion_ci(0, 10)
    assert zero.mean == 0 and zero.lo == 0
    assert zero.hi == pytest.approx(0.2775, abs=5e-5)
    allwin = stats.proportion_ci(10, 10)
    assert allwin.hi == 1 and allwin.lo == pytest.approx(1 - 0.2775, abs=5e-5)
    half = stats.proportion_ci(50, 100)  # classic textbook value
    assert (half.lo, half.hi) == pytest.approx((0.4038, 0.5962), abs=5e-5)


@pytest.mark.parametrize("k,n", [(1, 7), (13, 40), (333, 1000), (999, 1000)])
def test_wilson_matches_scipy_binomtest(k, n):
    ci = sps.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    est = stats.proportion_ci(k, n)
    assert (est.lo, est.hi) == pytest.approx((ci.low, ci.high), rel=1e-10)


def test_wilson_fractional_successes_between_neighbours():
    # 2.5 shared wins of 10 games: interval sits between those for 2 and 3 wins.
    a, mid, b = (stats.proportion_ci(s, 10) for s in (2, 2.5, 3))
    assert a.lo < mid.lo < b.lo and a.hi < mid.hi < b.hi and mid.mean == 0.25
    with pytest.raises(ValueError):
        stats.proportion_ci(11, 10)


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_two_sample_matches_scipy_welch(seed):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 30, size=rng.integers(20, 300))
    y = rng.integers(2, 35, size=rng.integers(20, 300))
    cmp = stats.two_sample(agg(x), agg(y))
    ref = sps.ttest_ind(x, y, equal_var=False)
    ci = ref.confidence_interval(0.95)
    assert cmp.method == "welch"
    assert cmp.p_value == pytest.approx(ref.pvalue, rel=1e-9)
    assert cmp.statistic == pytest.approx(ref.statistic, rel=1e-9)
    assert cmp.df == pytest.approx(ref.df, rel=1e-9)
    assert (cmp.diff.lo, cmp.diff.hi) == pytest.approx((ci.low, ci.high), rel=1e-9)
    assert cmp.diff.mean == pytest.approx(x.mean() - y.mean())
    pooled = math.sqrt(((len(x) - 1) * x.var(ddof=1) + (len(y) - 1) * y.var(ddof=1)) / (len(x) + len(y) - 2))
    assert cmp.effect_size == pytest.approx((x.mean() - y.mean()) / pooled, rel=1e-9)
    assert json.dumps(cmp.to_json())


def test_paired_matches_scipy_ttest_rel():
    rng = np.random.default_rng(7)
    a = rng.integers(0, 40, size=200)
    b = a + rng.integers(-3, 5, size=200)  # strongly correlated, as with common random numbers
    d = b - a
    cmp = stats.paired(*agg(d))
    ref = sps.ttest_rel(b, a)
    ci = ref.confidence_interval(0.95)
    assert cmp.method == "paired"
    assert cmp.p_value == pytest.approx(ref.pvalue, rel=1e-9)
    assert cmp.statistic == pytest.approx(ref.statistic, rel=1e-9)
    assert (cmp.diff.lo, cmp.diff.hi) == pytest.approx((ci.low, ci.high), rel=1e-9)
    assert cmp.effect_size == pytest.approx(d.mean() / d.std(ddof=1))
    # Pairing removes the game-to-game luck: narrower than the unpaired CI.
    assert cmp.diff.half_width < stats.two_sample(agg(b), agg(a)).diff.half_width / 3


def test_degenerate_comparisons():
    same = stats.two_sample((5, 10, 20), (5, 10, 20))
    assert same.p_value == 1.0 and same.effect_size == 0.0
    differ = stats.two_sample((5, 10, 20), (5, 15, 45))
    assert differ.p_value == 0.0 and differ.diff.mean == -1.0
    assert stats.paired(4, 0, 0).p_value == 1.0
    with pytest.raises(ValueError):
        stats.two_sample((1, 1, 1), (5, 10, 20))


@pytest.mark.parametrize("sd,half", [(1.0, 0.1), (12.0, 0.5), (3.0, 2.0), (1.0, 5.0)])
def test_games_needed_round_trip(sd, half):
    n = stats.games_needed(sd, half)
    assert sps.t.ppf(0.975, n - 1) * sd / math.sqrt(n) <= half
    if n > 2:
        assert sps.t.ppf(0.975, n - 2) * sd / math.sqrt(n - 1) > half
    # And a simulated sample of that size with exactly that SD has a CI at most that wide.
    x = np.array([-1.0, 1.0] * ((n + 1) // 2))[:n]
    x = x * sd / x.std(ddof=1)
    assert stats.mean_ci(*agg(x)).half_width <= half * (1 + 1e-9)


def test_games_needed_known_value_and_errors():
    # Normal approximation gives ceil((1.96*10/1)^2) = 385; t adds a couple of games.
    assert stats.games_needed(10, 1) in (386, 387, 388)
    assert stats.games_needed(0, 1) == 1
    with pytest.raises(ValueError):
        stats.games_needed(1, 0)


def test_detectable_difference_has_the_stated_power():
    n, sd = 30, 1.0
    delta = stats.detectable_difference(sd, sd, n, n)
    # Textbook: about 2.8 * sd * sqrt(2/n) for alpha .05, power .8; t makes it a little wider.
    assert 2.8 * math.sqrt(2 / n) < delta < 3.0 * math.sqrt(2 / n)
    rng = np.random.default_rng(8)
    reps = 4000
    a = rng.normal(0, sd, size=(reps, n))
    b = rng.normal(delta, sd, size=(reps, n))
    power = (sps.ttest_ind(a, b, axis=1, equal_var=False).pvalue < 0.05).mean()
    assert power == pytest.approx(0.8, abs=0.025)
    # Higher power or more games move it the right way.
    assert stats.detectable_difference(sd, sd, n, n, power=0.9) > delta
    assert stats.detectable_difference(sd, sd, 4 * n, 4 * n) < delta / 1.9


def test_chi_square_gof_matches_scipy_and_detects_bias():
    rng = np.random.default_rng(9)
    probs = np.array([0.1, 0.2, 0.3, 0.4])
    counts = rng.multinomial(5000, probs)
    res = stats.chi_square_gof(counts, probs)
    ref = sps.chisquare(counts, probs * 5000)
    assert res.dof == 3
    assert res.statistic == pytest.approx(ref.statistic)
    assert res.p_value == pytest.approx(ref.pvalue)
    biased = rng.multinomial(5000, [0.13, 0.2, 0.27, 0.4])
    assert stats.chi_square_gof(biased, probs).p_value < 1e-6
    # Impossible category observed, and a zero-probability empty category dropped.
    assert stats.chi_square_gof([5, 1], [1.0, 0.0]).p_value == 0.0
    assert stats.chi_square_gof([50, 50, 0], [0.5, 0.5, 0.0]).dof == 1
    with pytest.raises(ValueError):
        stats.chi_square_gof([1, 2], [0.5, 0.6])


def test_one_sample_test_agrees_with_scipy():
    rng = np.random.default_rng(1)
    x = rng.choice([0.0, 0.5, 1.0], size=3000, p=[0.62, 0.04, 0.34])  # wins, shared wins, losses
    test = stats.one_sample((x.size, x.sum(), (x * x).sum()), 1 / 3)
    ref = sps.ttest_1samp(x, 1 / 3)
    assert test.p_value == pytest.approx(ref.pvalue, rel=1e-6)


def test_bounded_sum_is_never_narrower_than_the_exact_interval():
    rng = np.random.default_rng(2)
    z = rng.normal(size=5000)
    x, y = z + rng.normal(size=z.size), 2 * z + rng.normal(size=z.size)  # strongly correlated parts
    bound = stats.bounded_sum([(x.size, x.sum(), (x * x).sum()), (y.size, y.sum(), (y * y).sum())], [1.0, 1.0])
    s = x + y
    exact = stats.mean_ci(s.size, s.sum(), (s * s).sum())
    assert bound.mean == pytest.approx(exact.mean)
    assert bound.half_width >= exact.half_width * (1 - 1e-9)
    shares = stats.bounded_sum([(10, 10.0, 10.0), (10, 9.0, 9.0)], [0.5, 0.5], clip=(0, 1))
    assert 0 <= shares.lo <= shares.mean <= shares.hi <= 1


def test_spread_is_the_pooled_standard_deviation():
    rng = np.random.default_rng(3)
    scores = rng.integers(0, 40, size=(500, 3))
    est = stats.spread([np.bincount(scores[:, s]) for s in range(3)], 500)
    assert est.mean == pytest.approx(np.std(scores.ravel(), ddof=1))
    assert est.lo < est.mean < est.hi
    shifted = stats.spread([np.r_[np.zeros(6), np.bincount(scores[:, s])] for s in range(3)], 500)
    assert shifted.mean == pytest.approx(est.mean)  # histograms may start at an offset


def test_t_interval_gives_the_floats_of_scipy_stats():
    """Summaries compute t intervals without importing scipy.stats (1 s of
    start-up); the figures must stay bit-identical."""
    for level, df, loc, scale in [(0.95, 1, 0.0, 1.0), (0.95, 99, 5.0, 0.37), (0.9, 12345, -3.25, 1e-3), (0.99, 4e7, 1e6, 12.5)]:
        assert stats.t_interval(level, df, loc, scale) == tuple(float(x) for x in sps.t.interval(level, df, loc=loc, scale=scale))


def test_a_mean_of_shares_keeps_its_interval_inside_0_and_1():
    # 17 of 20 games won: the t interval reaches past 1, the share cannot
    x = np.array([1.0] * 17 + [0.0] * 3)
    raw = stats.mean_ci(len(x), x.sum(), (x * x).sum())
    assert raw.hi > 1.0
    cut = raw.within(0.0, 1.0)
    assert (cut.mean, cut.lo, cut.hi, cut.n) == (raw.mean, raw.lo, 1.0, raw.n)
