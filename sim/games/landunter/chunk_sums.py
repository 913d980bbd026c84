"""A chunk's sums, counted by the kernel's own threads (what `summary.tally` folds).

Counted on the host, a chunk's column moments, head-to-head counts and
histograms cost ~11% of the kernel's time on one thread (the hand table and
the fairness moments z·zᵀ most), and on two threads one core idled meanwhile.
So each of the kernel's work units counts the games it has just played
(`count_games`, cache-hot, in parallel) into a sums vector of its own; the
host only combines the vectors. The counts are integers: the same bits
whatever the split.

Columns, in this order: score, win60, eliminated (one per seat), early_end,
n_eliminated, rounds (one per deal). One vector (int64): first the part
combined by maximum (a flag, set when a value fell outside the fixed bins,
then the largest |x| of each column), then the part combined by summing (each
column's sum and sum of squares, the [win/tie, a, b] pair counts of the game
totals, the `summary` histograms: hands [rings, strength bin, points + 1],
[deal, rounds], [seat, score + offset], and the 9 x 9 Σ z·zᵀ of the
per-game fairness moments).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.landunter.layout import HAND_SIZE, MAX_CARD, MAXP
from sim.games.landunter.outputs import Batch
from sim.nb import add_moments

MAX_RINGS = HAND_SIZE  # a hand has at most 12 rings
POINTS_MIN, POINTS_MAX = -1, MAX_RINGS + 1
N_POINTS = POINTS_MAX - POINTS_MIN + 1
STRENGTH_BIN = 10  # hand strength (sum of 12 card values) per bin
STRENGTH_BINS = (HAND_SIZE * MAX_CARD) // STRENGTH_BIN + 1
SCORE_OFFSET = MAXP  # game totals run from -players upwards
SCORE_BINS = SCORE_OFFSET + MAXP * POINTS_MAX + 1
ROUND_BINS = HAND_SIZE + 1
N_Z = 9  # a game's fairness moments (`summary.game_moments`)


@njit(cache=True)
def offsets(n, deals):
    """Where each part of a sums vector starts: (flag, maxima, end of the max
    part, sums, squares, pairs, hands, rounds, scores, z·zᵀ, size)."""
    k = 3 * n + 3 * deals
    flag, maxima = 0, 1
    end_max = maxima + k
    sums = end_max
    squares = sums + k
    pairs = squares + k
    hands = pairs + 2 * n * n
    rounds = hands + (MAX_RINGS + 1) * STRENGTH_BINS * N_POINTS
    scores = rounds + deals * ROUND_BINS
    zz = scores + n * SCORE_BINS
    return flag, maxima, end_max, sums, squares, pairs, hands, rounds, scores, zz, zz + N_Z * N_Z


@njit(cache=True, nogil=True)
def count_games(score, win60, elim, early, n_elim, rounds, deal_pts, strength, hand_rings, g0, g1, out):
    """Add games g0 .. g1-1 of a batch's arrays to the sums vector ``out`` (layout: `offsets`)."""
    n, deals = score.shape[1], early.shape[1]
    flag, maxima, _, sums, squares, pairs, hands, rnds, scores, zz, _ = offsets(n, deals)
    add_moments(out, maxima, sums, squares, 0, score, g0, g1)
    add_moments(out, maxima, sums, squares, n, win60, g0, g1)
    add_moments(out, maxima, sums, squares, 2 * n, elim, g0, g1)
    add_moments(out, maxima, sums, squares, 3 * n, early, g0, g1)
    add_moments(out, maxima, sums, squares, 3 * n + deals, n_elim, g0, g1)
    add_moments(out, maxima, sums, squares, 3 * n + 2 * deals, rounds, g0, g1)
    z = np.zeros(N_Z, np.int64)
    for g in range(g0, g1):
        for s in range(n):
            x = np.int64(score[g, s])
            if 0 <= x + SCORE_OFFSET < SCORE_BINS:
                out[scores + s * SCORE_BINS + x + SCORE_OFFSET] += 1
            else:
                out[flag] = 1
            for b in range(s + 1, n):
                y = np.int64(score[g, b])
                out[pairs + s * n + b] += x > y
                out[pairs + n * n + s * n + b] += x == y
        z[:] = 0
        for d in range(deals):
            r = np.int64(rounds[g, d])
            if 0 <= r < ROUND_BINS:
                out[rnds + d * ROUND_BINS + r] += 1
            else:
                out[flag] = 1
            for p in range(n):
                x1 = np.int64(strength[g, d, p]) // STRENGTH_BIN
                x2 = np.int64(hand_rings[g, d, p])
                y = np.int64(deal_pts[g, d, p])
                if 0 <= x2 <= MAX_RINGS and 0 <= x1 < STRENGTH_BINS and POINTS_MIN <= y <= POINTS_MAX:
                    out[hands + (x2 * STRENGTH_BINS + x1) * N_POINTS + y - POINTS_MIN] += 1
                else:
                    out[flag] = 1
                z[0] += y  # Σ x·y, x = (1, x1, x2), then the upper triangle of Σ x·xᵀ (summary.UPPER)
                z[1] += x1 * y
                z[2] += x2 * y
                z[3] += 1
                z[4] += x1
                z[5] += x2
                z[6] += x1 * x1
                z[7] += x1 * x2
                z[8] += x2 * x2
        for i in range(N_Z):
            for j in range(N_Z):
                out[zz + i * N_Z + j] += z[i] * z[j]


def combine(parts: np.ndarray, n: int, deals: int) -> np.ndarray:
    """One sums vector from the [unit, ...] vectors of a kernel's work units."""
    end_max = offsets(n, deals)[2]
    out = parts.sum(axis=0)
    out[:end_max] = parts[:, :end_max].max(axis=0)
    return out


def count_batch(batch: Batch) -> np.ndarray:
    """The sums vector of a whole batch, counted on the host (a batch not from the kernel)."""
    n, deals = batch.score.shape[1], batch.early_end.shape[1]
    out = np.zeros(offsets(n, deals)[-1], np.int64)
    count_games(*batch[:9], 0, batch.score.shape[0], out)
    return out


class CountedBatch(Batch):
    """A kernel's Batch that also carries its sums vector (``sums``): the same
    fields, so it compares, slices and pickles as a Batch. The sums describe
    the arrays as the kernel left them: code that changes the arrays must
    tally a plain `Batch` of them."""


def counted(batch: Batch, sums: np.ndarray) -> CountedBatch:
    out = CountedBatch(*batch)
    out.sums = sums
    return out
