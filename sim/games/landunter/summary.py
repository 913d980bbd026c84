"""Per-game metrics, histograms and the summary of a Land unter run.

`metrics` turns a batch into per-game numeric columns (records, tournaments);
`histograms` into fixed-size count arrays; `tally` sums the metrics in
compiled code straight into a chunk's Totals (what the runner folds);
`summary` turns the sums into the figures of ``sim landunter simulate
--json``, each with a 95% CI.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim import tally as tl
from sim.games.landunter import chunk_sums as cs
from sim.games.landunter.chunk_sums import (  # noqa: F401  (analyses and tests read them here)
    MAX_RINGS,
    N_POINTS,
    POINTS_MAX,
    POINTS_MIN,
    SCORE_BINS,
    SCORE_OFFSET,
    STRENGTH_BIN,
    STRENGTH_BINS,
)
from sim.games.landunter.layout import HAND_SIZE, MAX_CARD  # noqa: F401  (tests read MAX_CARD here)
from sim.games.landunter.outputs import Batch


def metrics(batch: Batch, rules) -> dict[str, np.ndarray]:
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


def tally(batch: Batch, rules):
    """The Totals of `metrics` and `histograms`, from the sums the kernel's
    threads counted (`chunk_sums`), or counted here for any other batch; None
    (the runner then sums the numpy columns) for values outside the fixed bins
    or, never seen, an int64 sum that could overflow."""
    n, players = batch.score.shape
    deals = batch.early_end.shape[1]
    sums = getattr(batch, "sums", None)
    if sums is None:
        sums = cs.count_batch(batch)
    if sums[0]:
        return None
    _, maxima, _, s_, ss, pairs, hands, rounds, scores, zz, _ = cs.offsets(players, deals)

    def col(j):
        return int(sums[s_ + j]), int(sums[ss + j]), int(sums[maxima + j])

    hists: dict[str, np.ndarray] = {
        "hand.rings_strength_points": sums[hands:rounds].reshape(MAX_RINGS + 1, STRENGTH_BINS, N_POINTS).copy()
    }
    for d in range(deals):
        hists[f"deal{d}.rounds"] = sums[rounds + d * cs.ROUND_BINS : rounds + (d + 1) * cs.ROUND_BINS].copy()
    for s in range(players):
        hists[f"seat{s}.score"] = sums[scores + s * SCORE_BINS : scores + (s + 1) * SCORE_BINS].copy()
    hists["hand.game_moments"] = sums[zz : zz + cs.N_Z * cs.N_Z].reshape(cs.N_Z, cs.N_Z).copy()
    pair_counts = sums[pairs : pairs + 2 * players * players].reshape(2, players, players)
    cols = []
    for s in range(players):
        win60 = col(players + s)
        cols += [
            (f"seat{s}.score", 1, col(s)),
            (f"seat{s}.win", tl.EXACT_DENOMINATOR, tl.scaled(win60, 60)),
            (f"seat{s}.win60", 1, win60),
            (f"seat{s}.eliminated", 1, col(2 * players + s)),
        ]
    cols += [
        (f"pair{a}.{b}", tl.EXACT_DENOMINATOR, tl.pair_moments(pair_counts, a, b))
        for a in range(players)
        for b in range(a + 1, players)
    ]
    for d in range(deals):
        short = int(hists[f"deal{d}.rounds"][:HAND_SIZE].sum())
        cols += [
            (f"deal{d}.early_end", 1, col(3 * players + d)),
            (f"deal{d}.before_last", 1, tl.indicator(short)),
            (f"deal{d}.eliminated", 1, col(3 * players + deals + d)),
            (f"deal{d}.rounds", 1, col(3 * players + 2 * deals + d)),
        ]
    return tl.totals(n, cols, hists)


def histograms(batch: Batch, rules) -> dict[str, np.ndarray]:
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
    hists: dict[str, np.ndarray] = {
        "hand.rings_strength_points": _hands(batch.hand_rings, batch.hand_strength, batch.deal_points)
    }
    for d, counts in enumerate(tl.bincounts(batch.rounds, minlength=HAND_SIZE + 1)):
        hists[f"deal{d}.rounds"] = counts
    for s, counts in enumerate(tl.bincounts(batch.score, SCORE_OFFSET, SCORE_BINS)):
        hists[f"seat{s}.score"] = counts
    z = game_moments(batch)
    hists["hand.game_moments"] = z.T @ z
    return hists


@njit(cache=True, nogil=True)
def _hands(rings, strength, points):
    """The [rings, strength bin, points + 1] counts of every hand played."""
    n, deals, players = rings.shape
    nb = max(1, (n + tl.BLOCK - 1) // tl.BLOCK)
    part = np.zeros((nb, MAX_RINGS + 1, STRENGTH_BINS, N_POINTS), np.int64)
    for b in range(nb):
        c = np.zeros((MAX_RINGS + 1, STRENGTH_BINS, N_POINTS), np.int64)
        for g in range(b * tl.BLOCK, min(n, (b + 1) * tl.BLOCK)):
            for d in range(deals):
                for p in range(players):
                    c[rings[g, d, p], strength[g, d, p] // STRENGTH_BIN, points[g, d, p] - POINTS_MIN] += 1
        part[b] = c
    return part.sum(axis=0)


#: Entries of a symmetric 3 × 3 matrix kept in `game_moments` (upper triangle, row by row).
UPPER = [(j, k) for j in range(3) for k in range(j, 3)]


def game_moments(batch: Batch) -> np.ndarray:
    """Per game z = (Σ x·y, upper triangle of Σ x·xᵀ) over its hands, x = (1,
    strength bin, rings), y = points: (games, 9) int64.

    A game's score residuals of the fit points ~ x are Σ x·y − (Σ x·xᵀ)·β, so
    Σ_g z·zᵀ gives the clustered sandwich's middle for any β afterwards."""
    return _game_moments(batch.hand_rings, batch.hand_strength, batch.deal_points)


@njit(cache=True, nogil=True)
def _game_moments(rings, strength, points):
    n, deals, players = rings.shape
    z = np.zeros((n, 9), np.int64)
    for g in range(n):
        for d in range(deals):
            for p in range(players):
                x1 = np.int64(strength[g, d, p] // STRENGTH_BIN)
                x2 = np.int64(rings[g, d, p])
                y = np.int64(points[g, d, p])
                z[g, 0] += y  # Σ x·y, x = (1, x1, x2)
                z[g, 1] += x1 * y
                z[g, 2] += x2 * y
                z[g, 3] += 1  # the upper triangle of Σ x·xᵀ, row by row (UPPER)
                z[g, 4] += x1
                z[g, 5] += x2
                z[g, 6] += x1 * x1
                z[g, 7] += x1 * x2
                z[g, 8] += x2 * x2
    return z


def summary(totals, rules, seats) -> dict:
    """``seats`` and ``deals`` of the simulate JSON (figures as {"mean", "ci95"})."""
    mean, share = totals.mean, totals.share
    return {
        "seats": [
            {
                "bot": seat.spec,
                "score": mean(f"seat{s}.score"),
                "win_share": share(f"seat{s}.win"),
                "eliminated": mean(f"seat{s}.eliminated"),
            }
            for s, seat in enumerate(seats)
        ],
        "deals": [
            {
                "p_early_end": share(f"deal{d}.early_end"),
                "eliminated": mean(f"deal{d}.eliminated"),
                "rounds": mean(f"deal{d}.rounds"),
            }
            for d in range(rules.deals)
        ],
    }
