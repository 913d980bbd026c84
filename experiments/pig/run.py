"""Pig's known answers, simulated and exact: writes experiments/pig/summary.json.

    python experiments/pig/run.py EXPLOIT_JSON
    python experiments/pig/run.py --trained TRAIN_JSON

EXPLOIT_JSON: the output of ``sim pig exploit --field hold:n=20 --players 2
--games 20000 --generations 40 --seed 21 --json`` (run.sh). Every simulated
figure is 1,000,000 games per seat order, on seeds apart from the training's.
``--trained``: the rows of the shipped `trained` preset against `optimal`
(and the training run that made it, TRAIN_JSON: the output of run.sh's
``sim pig train --json``), into the summary; the other run keeps them.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from sim.games.pig.analyses.exact import exact_answers
from sim.games.pig.rules import Rules
from sim.games.pig.spec import GAME
from sim.stats import proportion_ci

GAMES = 1_000_000
HERE = Path(__file__).resolve().parent


def seat0_wins(spec: str, seed: int) -> dict:
    """Seat 0's win share with its Wilson 95% CI (seat 0 moves first)."""
    batch = GAME.play_batch(Rules(), GAME.registry.parse_seats(spec, 2), seed, 0, GAMES)
    return {**proportion_ci(int((batch.win60[:, 0] == 60).sum()), GAMES).to_json(), "games": GAMES}


def both_orders(first: dict, second: dict) -> dict:
    """A bot's mean win share over its two seat orders (``first``: its share
    moving first, ``second``: moving second; independent games), normal 95% CI."""
    mean = (first["mean"] + second["mean"]) / 2
    se = math.sqrt(sum(x["mean"] * (1 - x["mean"]) / x["games"] for x in (first, second))) / 2
    return {"mean": mean, "ci95": [mean - 1.96 * se, mean + 1.96 * se], "games": first["games"] + second["games"]}


def flip(share: dict) -> dict:
    """The other seat's share of a 2-player figure."""
    return {"mean": 1 - share["mean"], "ci95": [1 - share["ci95"][1], 1 - share["ci95"][0]], "games": share["games"]}


def main(exploit_json: str) -> None:
    exact = exact_answers(100, "hold:n=20")
    a = exact["against"]
    hold_first = seat0_wins("hold:n=20,optimal", 2)
    hold_second = flip(seat0_wins("optimal,hold:n=20", 3))
    exploit = json.loads(Path(exploit_json).read_text())
    [row] = exploit["fields"]
    summary = {
        "goal": 100,
        "published_first_player_win": 0.5306,
        "exact": exact,
        "optimal_vs_optimal": seat0_wins("optimal", 1),
        "hold20_vs_optimal": {"first": hold_first, "second": hold_second},
        "exploit_hold20": {
            "win_share": {**row["win_share"], "games": row["games"]},
            "exact_best_response": a["best_response_win_mean"],
            "gap": a["best_response_win_mean"] - row["win_share"]["mean"],
        },
    }
    old = HERE / "summary.json"
    if old.is_file():  # the trained rows are `--trained`'s: kept
        summary |= {k: v for k, v in json.loads(old.read_text()).items() if k in ("trained_vs_optimal", "training")}
    (HERE / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")


def trained_vs_optimal() -> dict:
    """The shipped `trained` preset against `optimal` in both seat orders,
    simulated and exact (policy evaluation: its mean over the two orders)."""
    first = seat0_wins("trained,optimal", 4)
    second = flip(seat0_wins("optimal,trained", 5))
    exact = exact_answers(100, "trained")["against"]
    return {
        "first": first,
        "second": second,
        "mean": both_orders(first, second),
        "exact_mean": (exact["policy_win_first"] + exact["policy_win_second"]) / 2,
    }


def main_trained(train_json: str) -> None:
    """Replace the trained rows of the summary, and say which training run made the preset."""
    summary = json.loads((HERE / "summary.json").read_text())
    run = json.loads(Path(train_json).read_text())
    summary["trained_vs_optimal"] = trained_vs_optimal()
    summary["training"] = {
        k: run[k] for k in ("games_per_evaluation", "generations", "population", "sigma", "seed", "best_generation")
    }
    (HERE / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "--trained":
        main_trained(sys.argv[2])
    else:
        main(sys.argv[1])
