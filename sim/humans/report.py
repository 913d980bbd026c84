"""People against a bot (`trained` by default), per decision type: how often
they agree, the share of decisions that cost win chance beyond the cost's
95% CI, the distribution of the costs, the costliest situations, a plot.

Every decision is `sim.play.review.review`'s: the bot's choice on the very
position the person faced, and a disagreement's cost by paired rollouts.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.play.playlog import GameLog
from sim.play.review import review
from sim.stats import proportion_ci

COSTLIEST = 5


def humans_report(logs: list[GameLog], bot_spec: str, rollouts: int) -> dict:
    summary = review(logs, bot_spec, rollouts)
    kinds = {}
    for kind, counts in summary["kinds"].items():
        rows = [d for d in summary["disagreements"] if d["kind"] == kind]
        costs = np.array([d["cost"]["mean"] for d in rows]) if rollouts else np.array([])
        beyond = sum(1 for d in rows if rollouts and d["cost"]["ci95"][0] > 0)
        n = counts["decisions"]
        kinds[kind] = {
            "decisions": n,
            "agreed": counts["agreed"],
            "agreement": proportion_ci(counts["agreed"], n).to_json(),
            "costly": beyond,
            "costly_share": proportion_ci(beyond, n).to_json() if rollouts else None,
            "cost_quantiles": (
                dict(zip(("10%", "50%", "90%"), np.quantile(costs, [0.1, 0.5, 0.9]).round(4).tolist())) if costs.size else None
            ),
            "costliest": sorted(rows, key=lambda d: -d["cost"]["mean"])[:COSTLIEST] if rollouts else [],
        }
    return {
        "bot": bot_spec,
        "logs": summary["logs"],
        "decisions": summary["decisions"],
        "cost_rollouts": rollouts,
        "kinds": kinds,
        "disagreements": summary["disagreements"],
    }


def plot_costs(report: dict, path: Path) -> Path | None:
    """One histogram per decision type of the win chance lost at each disagreement."""
    # deferred: loads matplotlib, slow to import (python -X importtime), for this path only
    import matplotlib

    matplotlib.use("Agg")
    # deferred: loads matplotlib, slow to import (python -X importtime), for this path only
    import matplotlib.pyplot as plt

    kinds = [k for k, row in report["kinds"].items() if row["cost_quantiles"]]
    if not kinds:
        return None
    fig, axes = plt.subplots(1, len(kinds), figsize=(4.5 * len(kinds), 3.4), squeeze=False)
    for ax, kind in zip(axes[0], kinds):
        costs = [d["cost"]["mean"] for d in report["disagreements"] if d["kind"] == kind]
        row = report["kinds"][kind]
        ax.hist(costs, bins=min(20, max(5, len(costs) // 3)), color="#1e88e5")
        ax.axvline(0, color="#555", lw=0.8)
        ax.set_title(f"{kind}: {len(costs)} disagreements of {row['decisions']} decisions", fontsize=9)
        ax.set_xlabel(f"win chance lost vs {report['bot']} ({report['cost_rollouts']} rollouts each)")
    axes[0][0].set_ylabel("disagreements")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
