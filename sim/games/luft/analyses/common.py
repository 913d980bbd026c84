"""Pieces the Luft analyses share: running one configuration through the
results store, and comparing two runs metric by metric."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

from sim import api
from sim.records import metric_label
from sim.stats import detectable_difference, mean_var, two_sample


def simulate(
    rules: dict, bots, players: int, games: int, seed: int, out: Path | None, progress=None, executor=None
) -> api.Simulation:
    """One configuration; stored under out/runs so an interrupted analysis resumes."""
    return api.simulate(
        "luft",
        {k: str(v) for k, v in rules.items()},
        bots,
        players=players,
        games=games,
        seed=seed,
        out=None if out is None else Path(out) / "runs",
        progress=progress,
        executor=executor,
    )


def compare(
    a: api.Simulation, b: api.Simulation, metrics: list[str], label_a: str, label_b: str, alpha: float = 0.05
) -> pd.DataFrame:
    """Welch two-sample test per metric at Bonferroni alpha / (number of metrics),
    with the smallest difference that test detects with 80% power (at that α)."""
    rows = []
    bonferroni = alpha / max(len(metrics), 1)
    for m in metrics:
        agg_a, agg_b = a.totals.agg(m), b.totals.agg(m)
        cmp = two_sample(agg_a, agg_b)
        (ma, va), (mb, vb) = mean_var(*agg_a), mean_var(*agg_b)
        rows.append(
            {
                "metric": metric_label(m),
                label_a: ma,
                label_b: mb,
                "difference": cmp.diff.mean,
                "ci95_lo": cmp.diff.lo,
                "ci95_hi": cmp.diff.hi,
                "p_value": cmp.p_value,
                "detectable": detectable_difference(math.sqrt(va), math.sqrt(vb), int(agg_a[0]), int(agg_b[0]), alpha=bonferroni),
                "n_each": int(agg_a[0]),
                "significant": bool(cmp.p_value < bonferroni),
            }
        )
    return pd.DataFrame(rows)


def outcome_metrics(players: int, dives: int) -> list[str]:
    """Scores, win shares, dive lengths and air-outs: the outcomes users compare."""
    return (
        [f"seat{s}.score" for s in range(players)]
        + [f"seat{s}.win" for s in range(players)]
        + [f"dive{d}.turns" for d in range(dives)]
        + [f"dive{d}.air_out" for d in range(dives)]
    )
