"""A chunk's sums, counted by the kernel's own threads (what `summary.tally` folds).

The runner needs, per chunk, column moments (sum, sum of squares, largest
|x|) of every seat and dive output, the head-to-head counts of the final
standings, the games the last dive decided and two histograms. Counted on the
host they cost ~7% of the kernel's time on one thread, and on two threads one
core idled while the other counted. So each of the kernel's work units counts
the games it has just played (`count_games`, cache-hot, in parallel) into a
sums vector of its own; the host only combines the vectors. The counts are
integers, so the combined sums are the same bits whatever the split.

One vector (int64), for n seats, D dives, SB score bins, TB turn bins: first
the part combined by maximum (a flag, set when a value fell outside the bins,
then the largest |x| of each seat and dive column), then the part combined by
summing (games decided by the last dive, sums and sums of squares of each seat
and dive column, the [win/tie, a, b] pair counts, the [seat, score] and
[dive, turn of running out of air] histograms).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.luft.outputs import (
    D_AIR_OUT,
    D_LEADER,
    D_TURNS,
    DIVE_COLUMNS,
    MAX_TURNS,
    S_HOME,
    S_SCORE,
    S_WIN60,
    SEAT_COLUMNS,
    Batch,
)
from sim.nb import add_moments

N_SEAT_COLS = len(SEAT_COLUMNS)
N_DIVE_COLS = len(DIVE_COLUMNS)
TURN_BINS = MAX_TURNS + 1  # turns of running out of air counted in the kernel; longer dives: recounted on the host


@njit(cache=True)
def offsets(n, dives, score_bins, turn_bins):
    """Where each part of a sums vector starts: (flag, seat max, dive max, end
    of the max part, decided, seat sums, seat squares, dive sums, dive
    squares, pairs, score histogram, turn histogram, size)."""
    k_seat, k_dive = n * N_SEAT_COLS, dives * N_DIVE_COLS
    flag, seat_max = 0, 1
    dive_max = seat_max + k_seat
    end_max = dive_max + k_dive
    decided = end_max
    seat_s = decided + 1
    seat_ss = seat_s + k_seat
    dive_s = seat_ss + k_seat
    dive_ss = dive_s + k_dive
    pairs = dive_ss + k_dive
    score = pairs + 2 * n * n
    turn = score + n * score_bins
    size = turn + dives * turn_bins
    return flag, seat_max, dive_max, end_max, decided, seat_s, seat_ss, dive_s, dive_ss, pairs, score, turn, size


@njit(cache=True, nogil=True)
def count_games(seat, dive, g0, g1, out, score_bins, turn_bins):
    """Add games g0 .. g1-1 of the [game, seat, col] and [game, dive, col]
    outputs to the sums vector ``out`` (layout: `offsets`)."""
    n, dives = seat.shape[1], dive.shape[1]
    flag, seat_max, dive_max, _, decided, seat_s, seat_ss, dive_s, dive_ss, pairs, score, turn, _ = offsets(
        n, dives, score_bins, turn_bins
    )
    add_moments(out, seat_max, seat_s, seat_ss, 0, seat.reshape((seat.shape[0], n * N_SEAT_COLS)), g0, g1)
    add_moments(out, dive_max, dive_s, dive_ss, 0, dive.reshape((dive.shape[0], dives * N_DIVE_COLS)), g0, g1)
    key = np.zeros(n, np.int64)
    for g in range(g0, g1):
        for s in range(n):
            k = np.int64(seat[g, s, S_SCORE])  # the standing: points, then level 4, 3, 2 cards
            for lv in (3, 2, 1):
                k = k * 64 + seat[g, s, S_HOME + lv]
            key[s] = k
            x = np.int64(seat[g, s, S_SCORE])
            if 0 <= x < score_bins:
                out[score + s * score_bins + x] += 1
            else:
                out[flag] = 1
        for a in range(n):
            for b in range(a + 1, n):
                out[pairs + a * n + b] += key[a] > key[b]
                out[pairs + n * n + a * n + b] += key[a] == key[b]
        for d in range(dives):
            t = np.int64(dive[g, d, D_TURNS])
            if t < 0 or (dive[g, d, D_AIR_OUT] != 0 and t >= turn_bins):
                out[flag] = 1
            elif dive[g, d, D_AIR_OUT] != 0:
                out[turn + d * turn_bins + t] += 1
        if dives < 2:
            out[decided] += 1
        else:  # sim.design.metric_defs.decided_by_last on the leader before the last dive
            leader = dive[g, dives - 2, D_LEADER]
            out[decided] += leader < 0 or seat[g, max(leader, 0), S_WIN60] <= 0


def combine(parts: np.ndarray, n: int, dives: int) -> np.ndarray:
    """One sums vector from the [unit, ...] vectors of a kernel's work units."""
    end_max = offsets(n, dives, 0, 0)[3]
    out = parts.sum(axis=0)
    out[:end_max] = parts[:, :end_max].max(axis=0)
    return out


def count_batch(seat: np.ndarray, dive: np.ndarray) -> tuple[np.ndarray, int, int]:
    """The sums vector of a whole batch on the host, bins sized to its values
    (a batch not from the kernel, or one whose values fell outside its bins);
    returns (sums, score bins, turn bins)."""
    score_bins = int(seat[:, :, S_SCORE].max(initial=0)) + 1
    turn_bins = int(dive[:, :, D_TURNS].max(initial=0)) + 1
    out = np.zeros(offsets(seat.shape[1], dive.shape[1], score_bins, turn_bins)[-1], np.int64)
    count_games(seat, dive, 0, seat.shape[0], out, score_bins, turn_bins)
    if out[0]:
        raise ValueError("a score or a dive's turn count is negative: a batch's outputs cannot be")
    return out, score_bins, turn_bins


class CountedBatch(Batch):
    """A kernel's Batch that also carries its sums vector (``sums``) and its
    (score, turn) bins (``bins``): the same fields, so it compares, slices and
    pickles as a Batch. The sums describe the arrays as the kernel left them: code
    that changes the arrays must tally a plain `Batch` of them."""


def counted(batch: Batch, sums: np.ndarray, bins: tuple[int, int]) -> CountedBatch:
    out = CountedBatch(*batch)
    out.sums, out.bins = sums, bins
    return out


def score_bins(rules) -> int:
    """Score bins that no game of ``rules`` can exceed: all value cards in one hand."""
    return sum(sum(rules.values(level)) for level in range(1, 5)) + 1
