"""Statistics behind every figure the CLI shows.

The runner never keeps all games: for each integer metric it accumulates
(n, sum, sum of squares). Everything here therefore works from those streaming
aggregates, so a figure over 10^7 games costs no memory. Distributions come
from scipy.stats; only formulas scipy offers no aggregate form of (Wilson for
fractional successes, the one-sample t test from sums) are written out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np
from scipy import special  # scipy.stats (1 s to import) only where no special function does

#: Streaming aggregates of one metric: (n, sum, sum of squares).
Aggregates = tuple[float, float, float]


def _json_float(x: float) -> float | None:
    """Plain float at 6 significant digits; nan/inf become None (strict JSON)."""
    x = float(x)
    return float(f"{x:.6g}") if math.isfinite(x) else None


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its confidence interval and the sample size behind it."""

    mean: float
    lo: float
    hi: float
    n: int
    level: float = 0.95

    @property
    def half_width(self) -> float:
        return (self.hi - self.lo) / 2

    def within(self, low: float, high: float) -> Estimate:
        """The interval cut to the range the quantity can take (a mean of shares
        lies in [0, 1]; a t interval over few games can reach beyond it)."""
        return Estimate(self.mean, max(low, self.lo), min(high, self.hi), self.n, self.level)

    def to_json(self) -> dict:
        key = "ci95" if self.level == 0.95 else f"ci{self.level * 100:g}"
        return {"mean": _json_float(self.mean), key: [_json_float(self.lo), _json_float(self.hi)]}

    def __str__(self) -> str:
        # Two significant digits of the half width decide how many decimals the mean gets.
        if not math.isfinite(self.mean):
            return "nan"
        half = self.half_width
        if not math.isfinite(half):
            return f"{self.mean:.4g} ± nan"
        if half == 0:
            return f"{self.mean:.6g} ± 0"
        decimals = min(12, max(0, 1 - math.floor(math.log10(half))))
        return f"{self.mean:.{decimals}f} ± {half:.{decimals}f}"


@dataclass(frozen=True)
class Comparison:
    """Difference between two strategies/settings: CI, test and effect size."""

    diff: Estimate  # mean(a) - mean(b), or mean of paired differences
    statistic: float  # t statistic
    df: float  # degrees of freedom (Welch-Satterthwaite for two samples)
    p_value: float  # two-sided
    effect_size: float  # Cohen's d (pooled SD; d_z = mean/SD of differences when paired)
    method: str  # "welch" or "paired"

    def to_json(self) -> dict:
        return {
            "diff": self.diff.to_json(),
            "t": _json_float(self.statistic),
            "df": _json_float(self.df),
            "p_value": _json_float(self.p_value),
            "cohens_d": _json_float(self.effect_size),
            "method": self.method,
        }


@dataclass(frozen=True)
class ChiSquare:
    statistic: float
    dof: int
    p_value: float


def _exact(x) -> Fraction:
    return Fraction(float(x)) if not isinstance(x, int | np.integer) else Fraction(int(x))


def mean_var(n: float, total: float, total_sq: float) -> tuple[float, float]:
    """Mean and unbiased sample variance from aggregates.

    The textbook ``(sumsq - sum²/n)/(n-1)`` cancels catastrophically in floats;
    with exact rational arithmetic on the (usually integer) inputs it cannot,
    so constant data gives variance exactly 0 and never a negative one.
    """
    if n <= 0:
        return math.nan, math.nan
    mean = float(total) / float(n)
    if n <= 1:
        return mean, math.nan
    fn, ft, fs = _exact(n), _exact(total), _exact(total_sq)
    var = (fn * fs - ft * ft) / (fn * (fn - 1))
    return mean, max(0.0, float(var))


def t_interval(level: float, df: float, loc: float, scale: float) -> tuple[float, float]:
    """``stats.t.interval(level, df, loc=loc, scale=scale)``, the same floats
    (its ppf is special.stdtrit x scale + loc) without importing scipy.stats."""
    return (
        float(special.stdtrit(df, (1.0 - level) / 2) * scale + loc),
        float(special.stdtrit(df, (1.0 + level) / 2) * scale + loc),
    )


def mean_ci(n: int, total: float, total_sq: float, level: float = 0.95) -> Estimate:
    """t-based CI of a mean from (n, sum, sum of squares)."""
    mean, var = mean_var(n, total, total_sq)
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0, level)
    if n == 1 or var == 0:
        return Estimate(mean, mean, mean, int(n), level)
    lo, hi = t_interval(level, n - 1, mean, math.sqrt(var / n))
    return Estimate(mean, float(lo), float(hi), int(n), level)


def proportion_ci(successes: float, n: int, level: float = 0.95) -> Estimate:
    """Wilson score interval for a share of games.

    Written out because scipy's Wilson (``binomtest``) needs integer successes,
    and a win shared by k players counts 1/k. Wilson rather than Wald: it stays
    inside [0, 1] and is honest at 0 or n successes.
    """
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0, level)
    if not 0 <= successes <= n:
        raise ValueError(f"successes={successes} must lie in [0, n={n}]")
    z = special.ndtri((1 + level) / 2)  # stats.norm.ppf
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, float(centre - half))
    hi = 1.0 if successes == n else min(1.0, float(centre + half))
    return Estimate(float(p), lo, hi, int(n), level)


def clustered_share(hits: Sequence[float], clusters: Sequence[int], level: float = 0.95) -> Estimate:
    """A share over units that come in clusters (e.g. decisions, many per game,
    ``clusters`` their game): the mean of ``hits`` with the cluster-robust
    (CR1) SE of a ratio of per-cluster sums; n is the number of units. Normal
    interval, clipped to [0, 1]."""
    _, cluster = np.unique(np.asarray(clusters), return_inverse=True)
    a, m = np.bincount(cluster, weights=np.asarray(hits, dtype=float)), np.bincount(cluster).astype(float)
    g, total = len(m), float(m.sum())
    if total <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0, level)
    p = float(a.sum()) / total
    if g < 2:
        return Estimate(p, math.nan, math.nan, int(total), level)
    se = math.sqrt(g / (g - 1) * float(((a - p * m) ** 2).sum())) / total
    z = special.ndtri((1 + level) / 2)  # stats.norm.ppf
    return Estimate(p, max(0.0, p - z * se), min(1.0, p + z * se), int(total), level)


def _welch(a: Aggregates, b: Aggregates) -> tuple[float, float, float, float, float, float]:
    """diff, se, df, pooled sd from two aggregates (plus the two variances)."""
    (na, _, _), (nb, _, _) = a, b
    if na < 2 or nb < 2:
        raise ValueError(f"two_sample needs at least 2 games per side, got {na} and {nb}")
    ma, va = mean_var(*a)
    mb, vb = mean_var(*b)
    se2 = va / na + vb / nb
    if se2 > 0:
        df = se2**2 / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1))
    else:
        df = float(na + nb - 2)
    pooled = math.sqrt(((na - 1) * va + (nb - 1) * vb) / (na + nb - 2))
    return ma - mb, math.sqrt(se2), df, pooled, va, vb


def _cohen(diff: float, sd: float) -> float:
    if sd > 0:
        return diff / sd
    return 0.0 if diff == 0 else math.copysign(math.inf, diff)


def _degenerate_p(diff: float) -> float:
    # Zero spread on both sides: any difference is certain, none is certain too.
    return 1.0 if diff == 0 else 0.0


def two_sample(a: Aggregates, b: Aggregates, level: float = 0.95) -> Comparison:
    """Welch t test of mean(a) - mean(b): independent samples, unequal variances.

    Use for strategies played on different games; for the same game seeds
    (common random numbers) aggregate the per-game differences and use ``paired``.
    """
    # deferred: loads scipy, slow to import (python -X importtime), for this path only
    from scipy import stats

    diff, se, df, pooled, va, vb = _welch(a, b)
    n = int(a[0] + b[0])
    if se == 0:
        return Comparison(
            Estimate(diff, diff, diff, n, level),
            math.copysign(math.inf, diff) if diff else 0.0,
            df,
            _degenerate_p(diff),
            _cohen(diff, pooled),
            "welch",
        )
    ma, mb = mean_var(*a)[0], mean_var(*b)[0]
    t, p = stats.ttest_ind_from_stats(ma, math.sqrt(va), a[0], mb, math.sqrt(vb), b[0], equal_var=False)
    lo, hi = t_interval(level, df, diff, se)
    return Comparison(
        Estimate(diff, float(lo), float(hi), n, level), float(t), float(df), float(p), _cohen(diff, pooled), "welch"
    )


def paired(n: int, sum_d: float, sumsq_d: float, level: float = 0.95) -> Comparison:
    """Paired t test from aggregated per-game differences (common random numbers).

    Same seeds cancel most of the luck, so this needs far fewer games than
    ``two_sample`` to see the same difference.
    """
    # deferred: loads scipy, slow to import (python -X importtime), for this path only
    from scipy import stats

    if n < 2:
        raise ValueError(f"paired needs at least 2 games, got {n}")
    mean, var = mean_var(n, sum_d, sumsq_d)
    est = mean_ci(n, sum_d, sumsq_d, level)
    sd = math.sqrt(var)
    if sd == 0:
        return Comparison(
            est, math.copysign(math.inf, mean) if mean else 0.0, n - 1, _degenerate_p(mean), _cohen(mean, sd), "paired"
        )
    t = mean / (sd / math.sqrt(n))
    p = 2 * stats.t.sf(abs(t), n - 1)
    return Comparison(est, t, float(n - 1), float(p), mean / sd, "paired")


def one_sample(agg: Aggregates, mu0: float, level: float = 0.95) -> Comparison:
    """t test of a per-game mean against the constant mu0 (e.g. a win share
    against the fair 1/n), from (n, sum, sumsq): the paired test on x − mu0."""
    n, s, ss = agg
    return paired(int(n), s - n * mu0, ss - 2 * mu0 * s + n * mu0 * mu0, level)


def normal_difference(a: Estimate, b: Estimate) -> Comparison:
    """z test of a − b for two independent estimates with normal intervals
    (e.g. regression coefficients with clustered SEs), each SE read back from
    its interval's half width; the difference's interval at a's level."""
    z = float(special.ndtri((1 + a.level) / 2))
    se_a, se_b = a.half_width / float(special.ndtri((1 + a.level) / 2)), b.half_width / float(special.ndtri((1 + b.level) / 2))
    diff, se = a.mean - b.mean, math.hypot(se_a, se_b)
    n = int(a.n + b.n)
    if se == 0 or not math.isfinite(se):
        return Comparison(Estimate(diff, diff, diff, n, a.level), math.nan, math.inf, _degenerate_p(diff), math.nan, "normal")
    stat = diff / se
    p = float(2 * special.ndtr(-abs(stat)))
    return Comparison(Estimate(diff, diff - z * se, diff + z * se, n, a.level), stat, math.inf, p, math.nan, "normal")


def bounded_sum(aggs: Sequence[Aggregates], weights: Sequence[float], clip: tuple[float, float] | None = None) -> Estimate:
    """CI of Σ w_i·mean_i when only each part's (n, sum, sumsq) is known (the
    parts of one game: its dives, deals or seats).

    The per-game total's SD is at most Σ |w_i|·SD_i (whatever the
    correlations), so the interval is conservative: at least 95% coverage.
    ``clip`` keeps a share's interval inside its range."""
    # deferred: loads scipy, slow to import (python -X importtime), for this path only
    from scipy import stats

    means, sds, ns = [], [], []
    for agg in aggs:
        m, v = mean_var(*agg)
        means.append(m)
        sds.append(math.sqrt(v) if v == v else 0.0)
        ns.append(int(agg[0]))
    n = min(ns)
    mean = float(np.dot(weights, means))
    sd = float(np.dot(np.abs(weights), sds))
    if n < 2 or sd == 0:
        return Estimate(mean, mean, mean, n)
    half = float(stats.t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
    lo, hi = mean - half, mean + half
    if clip is not None:
        lo, hi = max(lo, clip[0]), min(hi, clip[1])
    return Estimate(mean, lo, hi, n)


def spread(counts: Sequence[np.ndarray], games: int) -> Estimate:
    """SD of a per-seat value (e.g. final scores) over all seats and games, from
    the seats' histograms (index = value up to a common shift).

    CI by the delta method, Var(s²) ≈ (μ₄ − σ⁴)/N, with N = games rather than
    seats × games: values at one table are not independent, and counting each
    game once is the conservative choice."""
    size = max(np.asarray(c).size for c in counts)
    pooled = sum(np.pad(np.asarray(c, dtype=float), (0, size - np.asarray(c).size)) for c in counts)
    total = pooled.sum()
    if total < 2:
        return Estimate(math.nan, math.nan, math.nan, games)
    v = np.arange(size, dtype=float)
    mu = (v * pooled).sum() / total
    var = ((v - mu) ** 2 * pooled).sum() / (total - 1)
    m4 = ((v - mu) ** 4 * pooled).sum() / total
    sd = math.sqrt(var)
    if sd == 0:
        return Estimate(0.0, 0.0, 0.0, games)
    se = math.sqrt(max(m4 - var * var, 0.0) / games) / (2 * sd)
    return Estimate(sd, max(0.0, sd - 1.96 * se), sd + 1.96 * se, games)


def games_needed(sd: float, half_width: float, level: float = 0.95) -> int:
    """Smallest number of games whose t-based CI has at most this half width."""
    # deferred: loads scipy, slow to import (python -X importtime), for this path only
    from scipy import stats

    if half_width <= 0:
        raise ValueError(f"half_width must be positive, got {half_width}")
    if sd < 0:
        raise ValueError(f"sd must be non-negative, got {sd}")
    if sd == 0:
        return 1
    q = (1 + level) / 2
    n = max(2, math.ceil((stats.norm.ppf(q) * sd / half_width) ** 2))  # normal: a lower bound
    while stats.t.ppf(q, n - 1) * sd / math.sqrt(n) > half_width:
        n += 1
    return n


def detectable_difference(sd_a: float, sd_b: float, n_a: int, n_b: int, alpha: float = 0.05, power: float = 0.8) -> float:
    """Smallest true difference a two-sided Welch test detects with this power.

    Says what a "no significant difference" result can rule out. Solved on the
    noncentral t distribution with the Welch-Satterthwaite df.
    """
    # deferred: loads scipy, slow to import (python -X importtime), for this path only
    from scipy import optimize, stats

    if n_a < 2 or n_b < 2:
        raise ValueError(f"need at least 2 games per side, got {n_a} and {n_b}")
    va, vb = sd_a**2 / n_a, sd_b**2 / n_b
    se = math.sqrt(va + vb)
    if se == 0:
        return 0.0
    df = (va + vb) ** 2 / (va**2 / (n_a - 1) + vb**2 / (n_b - 1))
    crit = stats.t.ppf(1 - alpha / 2, df)

    def power_minus_target(nc: float) -> float:
        # Lower tail written as sf(crit; -nc): nct.cdf returns nan far in the tail.
        lower = np.nan_to_num(stats.nct.sf(crit, df, -nc), nan=0.0)
        return stats.nct.sf(crit, df, nc) + lower - power

    upper = crit + stats.norm.ppf(power) + 6  # power(upper) is essentially 1
    return float(optimize.brentq(power_minus_target, 0.0, upper, xtol=1e-10) * se)


def chi_square_gof(counts: Sequence[float], probs: Sequence[float]) -> ChiSquare:
    """Chi-square goodness of fit of observed counts to expected probabilities.

    Checks e.g. that a deck shuffle or a first-player draw is uniform.
    Categories with probability 0 and no counts are dropped; a count where the
    probability is 0 makes the fit impossible (statistic inf, p 0).
    """
    # deferred: loads scipy, slow to import (python -X importtime), for this path only
    from scipy import stats

    counts = np.asarray(counts, dtype=float)
    probs = np.asarray(probs, dtype=float)
    if counts.shape != probs.shape or counts.ndim != 1:
        raise ValueError(f"counts {counts.shape} and probs {probs.shape} must be 1-D and the same length")
    if np.any(probs < 0) or not math.isclose(probs.sum(), 1.0, rel_tol=1e-6):
        raise ValueError(f"probs must be non-negative and sum to 1, got sum {probs.sum()}")
    zero = probs == 0
    if np.any(counts[zero] > 0):
        return ChiSquare(math.inf, int((~zero).sum()) - 1, 0.0)
    counts, probs = counts[~zero], probs[~zero]
    res = stats.chisquare(counts, probs / probs.sum() * counts.sum())
    return ChiSquare(float(res.statistic), len(counts) - 1, float(res.pvalue))
