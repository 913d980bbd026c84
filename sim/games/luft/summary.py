"""Per-game metrics and the summary of a Geteilte Luft run.

`metrics` turns a batch into per-game numeric columns (records, tournaments);
`tally` sums the same columns in compiled code straight into a chunk's Totals
(what the runner folds); `summary` turns those sums into the figures users
see, each with a 95% CI.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim import tally as tl
from sim.design.metric_defs import decided_by_last
from sim.games.luft import chunk_sums as cs
from sim.games.luft.outputs import (
    D_AIR_LEFT,
    D_AIR_OUT,
    D_DROWNED,
    D_LEADER,
    D_PATH_LEN,
    D_STALLED,
    D_TURNS,
    DIVE_COLUMNS,
    S_DROWNED,
    S_HOME,
    S_SCORE,
    S_WIN60,
    SEAT_COLUMNS,
    Batch,
)

DIVE_METRICS = (
    ("air_out", D_AIR_OUT),
    ("turns", D_TURNS),
    ("drowned", D_DROWNED),
    ("path_length", D_PATH_LEN),
    ("air_left", D_AIR_LEFT),
    ("stalled", D_STALLED),
)


def metrics(batch: Batch, rules) -> dict[str, np.ndarray]:
    from sim.tournament import head_to_head  # loads scipy: not at import

    cols = {}
    for s in range(batch.seat.shape[1]):
        cols[f"seat{s}.score"] = batch.seat[:, s, S_SCORE]
        cols[f"seat{s}.win"] = batch.seat[:, s, S_WIN60] / 60.0
        cols[f"seat{s}.drowned"] = batch.seat[:, s, S_DROWNED]
        for lv in range(4):
            cols[f"seat{s}.home_l{lv + 1}"] = batch.seat[:, s, S_HOME + lv]
    cols.update(head_to_head(standing(batch)))
    cols["last_dive_decided"] = last_dive_decided(batch)
    for d in range(batch.dive.shape[1]):
        for name, col in DIVE_METRICS:
            cols[f"dive{d}.{name}"] = batch.dive[:, d, col]
    return cols


def tally(batch: Batch, rules):
    """The Totals of `metrics` and `histograms`, from the sums the kernel's
    threads counted (`chunk_sums`), or counted here for any other batch (None
    in the never-seen case that an int64 sum could overflow)."""
    n, players = batch.seat.shape[:2]
    dives = batch.dive.shape[1]
    sums, bins = getattr(batch, "sums", None), getattr(batch, "bins", None)
    if sums is None or sums[0]:  # not from the kernel, or a value outside its bins
        sums, *bins = cs.count_batch(batch.seat, batch.dive)
    score_bins, turn_bins = bins
    _, seat_max, dive_max, _, decided, seat_s, seat_ss, dive_s, dive_ss, pairs, score, turn, _ = cs.offsets(
        players, dives, score_bins, turn_bins
    )

    def seat_col(s, col):
        j = s * len(SEAT_COLUMNS) + col
        return int(sums[seat_s + j]), int(sums[seat_ss + j]), int(sums[seat_max + j])

    def dive_col(d, col):
        j = d * len(DIVE_COLUMNS) + col
        return int(sums[dive_s + j]), int(sums[dive_ss + j]), int(sums[dive_max + j])

    pair_counts = sums[pairs : pairs + 2 * players * players].reshape(2, players, players)
    cols = []
    for s in range(players):
        cols += [
            (f"seat{s}.score", 1, seat_col(s, S_SCORE)),
            (f"seat{s}.win", tl.EXACT_DENOMINATOR, tl.scaled(seat_col(s, S_WIN60), 60)),
            (f"seat{s}.drowned", 1, seat_col(s, S_DROWNED)),
        ]
        cols += [(f"seat{s}.home_l{lv + 1}", 1, seat_col(s, S_HOME + lv)) for lv in range(4)]
    cols += [
        (f"pair{a}.{b}", tl.EXACT_DENOMINATOR, tl.pair_moments(pair_counts, a, b))
        for a in range(players)
        for b in range(a + 1, players)
    ]
    cols.append(("last_dive_decided", 1, tl.indicator(int(sums[decided]))))
    for d in range(dives):
        cols += [(f"dive{d}.{name}", 1, dive_col(d, col)) for name, col in DIVE_METRICS]
    hists = {"air": batch.air}
    for s in range(players):
        hists[f"seat{s}.score"] = _trimmed(sums[score + s * score_bins : score + (s + 1) * score_bins], 0)
    for d in range(dives):
        hists[f"dive{d}.air_out_turn"] = _trimmed(sums[turn + d * turn_bins : turn + (d + 1) * turn_bins], 1)
    return tl.totals(n, cols, hists)


def _trimmed(counts: np.ndarray, minlength: int) -> np.ndarray:
    """Counts up to the last non-zero one (at least ``minlength``), as `tl.bincounts` gives them."""
    used = np.flatnonzero(counts)
    return counts[: max(minlength, int(used[-1]) + 1 if used.size else 0)].copy()


def standing(batch: Batch) -> np.ndarray:
    """[game, seat] keys that order final standings: points, then level 4, 3, 2 cards."""
    return _standing(batch.seat)


@njit(cache=True, nogil=True)
def _standing(seat):
    n, players = seat.shape[:2]
    key = np.empty((n, players), np.int64)
    for g in range(n):
        for s in range(players):
            k = np.int64(seat[g, s, S_SCORE])
            for lv in (3, 2, 1):
                k = k * 64 + seat[g, s, S_HOME + lv]
            key[g, s] = k
    return key


def last_dive_decided(batch: Batch) -> np.ndarray:
    """1 where the last dive decided the game (`sim.design.metric_defs.decided_by_last`
    on the sole leader after the second-to-last dive). A one-dive game is always
    decided by its only dive."""
    if batch.dive.shape[1] < 2:
        return np.ones(batch.dive.shape[0], np.int8)
    return decided_by_last(batch.dive[:, -2, D_LEADER], batch.seat[:, :, S_WIN60])


def histograms(batch: Batch, rules) -> dict[str, np.ndarray]:
    """``air`` (the air-curve sums), ``seat{s}.score[t]`` (games seat s scored
    t), ``dive{d}.air_out_turn[t]`` (dives d whose air ran out in turn t)."""
    hists = {"air": batch.air}
    for s, counts in enumerate(tl.bincounts(batch.seat[:, :, S_SCORE])):
        hists[f"seat{s}.score"] = counts
    out = tl.bincounts(batch.dive[:, :, D_TURNS], minlength=1, keep=batch.dive[:, :, D_AIR_OUT])
    for d, counts in enumerate(out):
        hists[f"dive{d}.air_out_turn"] = counts
    return hists


def summary(totals, rules, seats) -> dict:
    """`seats` and `dives` of the simulate JSON (figures as {"mean", "ci95"})."""
    mean, share = totals.mean, totals.share
    return {
        "seats": [
            {
                "bot": seat.spec,
                "score": mean(f"seat{s}.score"),
                "win_share": share(f"seat{s}.win"),
                "drowned": mean(f"seat{s}.drowned"),
            }
            for s, seat in enumerate(seats)
        ],
        "dives": [
            {
                "p_air_out": share(f"dive{d}.air_out"),
                "turns": mean(f"dive{d}.turns"),
                "drowned": mean(f"dive{d}.drowned"),
                "path_length": mean(f"dive{d}.path_length"),
            }
            for d in range(rules.dives)
        ],
    }
