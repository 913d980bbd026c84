"""Design figures as data: one evaluation's estimates as JSON, and one
metric's estimates at several player counts combined into one."""

from __future__ import annotations

import math

from sim.stats import Estimate


def to_json(figures: dict[str, Estimate]) -> dict:
    return {name: {**e.to_json(), "n": e.n} for name, e in figures.items()}


def combine(estimates: list[Estimate]) -> Estimate:
    """The mean of one metric over independent evaluations (player counts):
    half widths combine as sqrt(sum of squares) / k (normal approximation);
    one evaluation is its own estimate."""
    k = len(estimates)
    if k == 1:
        return estimates[0]
    mean = sum(e.mean for e in estimates) / k
    half = math.sqrt(sum(((e.hi - e.lo) / 2) ** 2 for e in estimates)) / k
    return Estimate(mean, mean - half, mean + half, sum(e.n for e in estimates))
