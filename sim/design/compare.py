"""Is a candidate better than the defaults? The tests of the design workbench:
the difference of two means with an interval ± z·SE (each side's SE read
from its 95% CI), and the critical z of one test among many (Bonferroni).
Used by the selection and confirmation (`sim.design.recommend`), the robust
verdict (`sim.design.robust`) and the rules page (`sim.design.rulebook`)."""

from __future__ import annotations

import math
from statistics import NormalDist

ALPHA = 0.05  # family-wise error of the selection's and of the confirmation's tests
Z95 = NormalDist().inv_cdf(0.975)


def objective_sign(objective: str) -> tuple[str, int]:
    """``maximize:skill`` -> ("skill", +1); ``minimize:seat_gap`` -> ("seat_gap", -1)."""
    direction, _, metric = objective.partition(":")
    return metric, 1 if direction == "maximize" else -1


def z_for(tests: int, alpha: float = ALPHA) -> float:
    """The two-sided critical z of one test among ``tests`` at family-wise ``alpha`` (Bonferroni)."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(tests, 1)))


def difference(candidate: dict, defaults: dict, metric: str, z: float = Z95) -> dict:
    """candidate − defaults on one metric: mean and the interval ± z·SE (each
    side's SE from its 95% CI; independent samples, conservative on shared games)."""
    c, d = candidate["metrics"][metric], defaults["metrics"][metric]
    se = math.hypot(*((f["ci95"][1] - f["ci95"][0]) / (2 * Z95) for f in (c, d)))
    diff = c["mean"] - d["mean"]
    return {"mean": diff, "ci": [diff - z * se, diff + z * se], "z": z}


def compare(candidate: dict, defaults: dict, objectives: list[str], z: float = Z95) -> tuple[list[str], list[str], float]:
    """(objectives better beyond ± z·SE, those worse beyond it, sum of signed gains in defaults' half-widths)."""
    better, worse, gain = [], [], 0.0
    for objective in objectives:
        metric, sign = objective_sign(objective)
        lo, hi = (sign * x for x in difference(candidate, defaults, metric, z)["ci"])
        lo, hi = min(lo, hi), max(lo, hi)
        if lo > 0:
            better.append(objective)
        elif hi < 0:
            worse.append(objective)
        d = defaults["metrics"][metric]["ci95"]
        gain += (
            sign * (candidate["metrics"][metric]["mean"] - defaults["metrics"][metric]["mean"]) / max((d[1] - d[0]) / 2, 1e-12)
        )
    return better, worse, gain
