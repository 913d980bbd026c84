"""Pig's known answers, simulated and exact: writes experiments/pig/summary.json.

    python experiments/pig/run.py EXPLOIT_JSON

EXPLOIT_JSON: the output of ``sim pig exploit --field hold:n=20 --players 2
--games 40000 --generations 20 --seed 21 --json`` (run.sh). Every simulated
figure is 1,000,000 games per seat order, on seeds apart from the training's.
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
    trained_first = seat0_wins("trained,optimal", 4)
    trained_second = flip(seat0_wins("optimal,trained", 5))
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
        "trained_vs_optimal": {
            "first": trained_first,
            "second": trained_second,
            "mean": both_orders(trained_first, trained_second),
        },
    }
    (HERE / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
