"""Per-game metrics, histograms and the summary of a Pig run."""

from __future__ import annotations

import numpy as np

from sim.games.pig.outputs import Batch

TURN_BINS = 200  # game.turns[t]: games of t turns; the last bin holds every longer game


def metrics(batch: Batch, rules) -> dict[str, np.ndarray]:
    """Per-game columns: ``seat{s}.score`` (banked score at the end),
    ``seat{s}.win`` (1 for the winner), ``pair{a}.{b}`` (head-to-head on the
    score: the winner's is the only one at the goal), ``turns``, ``rolls``,
    ``first_seat`` (who moved first)."""
    from sim.tournament import head_to_head  # loads scipy: not at import

    cols: dict[str, np.ndarray] = {}
    for s in range(batch.score.shape[1]):
        cols[f"seat{s}.score"] = batch.score[:, s]
        cols[f"seat{s}.win"] = batch.win60[:, s] / 60.0
    cols.update(head_to_head(batch.score.astype(np.int64)))
    cols["turns"] = batch.turns
    cols["rolls"] = batch.rolls
    cols["first_seat"] = batch.first
    return cols


def histograms(batch: Batch, rules) -> dict[str, np.ndarray]:
    """``game.turns[t]``: games that lasted t turns (longer ones in the last bin)."""
    return {"game.turns": np.bincount(np.minimum(batch.turns, TURN_BINS - 1), minlength=TURN_BINS).astype(np.int64)}


def summary(totals, rules, seats) -> dict:
    """``seats`` and ``game`` of the simulate JSON (figures as {"mean", "ci95"})."""
    return {
        "seats": [
            {"bot": seat.spec, "score": totals.mean(f"seat{s}.score"), "win_share": totals.share(f"seat{s}.win")}
            for s, seat in enumerate(seats)
        ],
        "game": [{"turns": totals.mean("turns"), "rolls": totals.mean("rolls")}],
    }
