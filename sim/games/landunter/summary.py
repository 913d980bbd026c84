"""Per-game metrics, histograms and the summary of a Land unter run.

`metrics` turns a batch into per-game numeric columns that the runner sums;
`histograms` into fixed-size count arrays (summed too); `summary` turns the
sums into the figures of ``sim landunter simulate --json``, each with a 95% CI.
"""
from __future__ import annotations

import numpy as np

from sim.games.landunter.engine import LandunterBatch
from sim.games.landunter.layout import HAND_SIZE, MAX_CARD, MAXP

MAX_RINGS = HAND_SIZE                   # a hand has at most 12 rings
POINTS_MIN, POINTS_MAX = -1, MAX_RINGS + 1
STRENGTH_BIN = 10                       # hand strength (sum of 12 card values) per bin
STRENGTH_BINS = (HAND_SIZE * MAX_CARD) // STRENGTH_BIN + 1
SCORE_OFFSET = MAXP                     # game totals run from -players upwards
SCORE_BINS = SCORE_OFFSET + MAXP * POINTS_MAX + 1


def metrics(batch: LandunterBatch, rules) -> dict[str, np.ndarray]:
    """Per-game columns: ``seat{s}.score`` (game total), ``seat{s}.win`` (win
    share: 1/k for a k-way tie), ``seat{s}.win60`` (the same x 60, integer),
    ``seat{s}.eliminated`` (deals the seat went out in), ``pair{a}.{b}``
    (head-to-head on the game total), and per deal d ``deal{d}.early_end``
    (ended by the two-or-fewer rule, also in the last round),
    ``deal{d}.before_last`` (ended before the last round, round 12: the
    two-or-fewer rule cut it short), ``deal{d}.eliminated`` (players out at
    the end), ``deal{d}.rounds`` (rounds played, incl. the one it ended in)."""
    from sim.tournament import head_to_head  # loads scipy: not at import
    cols: dict[str, np.ndarray] = {}
    n = batch.score.shape[1]
    for s in range(n):
        cols[f"seat{s}.score"] = batch.score[:, s]
        cols[f"seat{s}.win"] = batch.win60[:, s] / 60.0
        cols[f"seat{s}.win60"] = batch.win60[:, s]
        cols[f"seat{s}.eliminated"] = batch.eliminated[:, s]
    cols.update(head_to_head(batch.score.astype(np.int64)))
    for d in range(batch.early_end.shape[1]):
        cols[f"deal{d}.early_end"] = batch.early_end[:, d]
        cols[f"deal{d}.before_last"] = (batch.rounds[:, d] < HAND_SIZE).astype(np.int8)
        cols[f"deal{d}.eliminated"] = batch.n_eliminated[:, d]
        cols[f"deal{d}.rounds"] = batch.rounds[:, d]
    return cols


def histograms(batch: LandunterBatch, rules) -> dict[str, np.ndarray]:
    """Fixed-size counts:

    ``hand.rings_strength_points[r, b, p + 1]``  hands played (any deal, any
        seat) with r rings, strength in bin b (strength // 10) that scored p
        points in that deal: the raw material of the hand-fairness analysis.
    ``hand.game_moments[i, j]``  Σ over games of z_i·z_j, z a game's least-squares
        moments (`game_moments`): what a game-clustered standard error of the
        fairness regression needs beyond the counts (a summed array, not counts).
    ``deal{d}.rounds[k]``  deals d that lasted k rounds.
    ``seat{s}.score[t + 6]``  games seat s finished with total t.
    """
    hists: dict[str, np.ndarray] = {}
    rings = batch.hand_rings.astype(np.int64).ravel()
    strength = batch.hand_strength.astype(np.int64).ravel() // STRENGTH_BIN
    points = batch.deal_points.astype(np.int64).ravel() - POINTS_MIN
    n_pts = POINTS_MAX - POINTS_MIN + 1
    flat = (rings * STRENGTH_BINS + strength) * n_pts + points
    size = (MAX_RINGS + 1) * STRENGTH_BINS * n_pts
    hists["hand.rings_strength_points"] = np.bincount(flat, minlength=size).reshape(
        MAX_RINGS + 1, STRENGTH_BINS, n_pts)
    z = game_moments(batch)
    hists["hand.game_moments"] = z.T @ z
    for d in range(batch.rounds.shape[1]):
        hists[f"deal{d}.rounds"] = np.bincount(batch.rounds[:, d].astype(np.int64),
                                               minlength=HAND_SIZE + 1)
    for s in range(batch.score.shape[1]):
        hists[f"seat{s}.score"] = np.bincount(batch.score[:, s].astype(np.int64) + SCORE_OFFSET,
                                              minlength=SCORE_BINS)
    return hists


#: Entries of a symmetric 3 × 3 matrix kept in `game_moments` (upper triangle, row by row).
UPPER = [(j, k) for j in range(3) for k in range(j, 3)]


def game_moments(batch: LandunterBatch) -> np.ndarray:
    """Per game z = (Σ x·y, upper triangle of Σ x·xᵀ) over its hands, x = (1,
    strength bin, rings), y = points: (games, 9) int64.

    A game's score residuals of the fit points ~ x are Σ x·y − (Σ x·xᵀ)·β, so
    Σ_g z·zᵀ gives the clustered sandwich's middle for any β afterwards."""
    games = batch.deal_points.shape[0]
    x = np.stack([np.ones(batch.hand_rings.shape, np.int64),
                  batch.hand_strength.astype(np.int64) // STRENGTH_BIN,
                  batch.hand_rings.astype(np.int64)], -1).reshape(games, -1, 3)
    y = batch.deal_points.astype(np.int64).reshape(games, -1)
    xy = np.einsum("gh,ghk->gk", y, x)
    xx = np.stack([np.einsum("gh,gh->g", x[..., j], x[..., k]) for j, k in UPPER], -1)
    return np.concatenate([xy, xx], 1)


def summary(totals, rules, seats) -> dict:
    """``seats`` and ``deals`` of the simulate JSON (figures as {"mean", "ci95"})."""
    mean, share = totals.mean, totals.share
    return {
        "seats": [{"bot": seat.spec, "score": mean(f"seat{s}.score"),
                   "win_share": share(f"seat{s}.win"), "eliminated": mean(f"seat{s}.eliminated")}
                  for s, seat in enumerate(seats)],
        "deals": [{"p_early_end": share(f"deal{d}.early_end"), "eliminated": mean(f"deal{d}.eliminated"),
                   "rounds": mean(f"deal{d}.rounds")}
                  for d in range(rules.deals)],
    }
