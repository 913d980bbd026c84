"""Per-game metrics and the summary of a Geteilte Luft run.

`metrics` turns a batch into per-game numeric columns that the runner sums;
`summary` turns those sums into the figures users see, each with a 95% CI.
"""
from __future__ import annotations

import numpy as np

from sim.design.metric_defs import decided_by_last
from sim.games.luft.outputs import (
    D_AIR_LEFT,
    D_AIR_OUT,
    D_DROWNED,
    D_LEADER,
    D_PATH_LEN,
    D_STALLED,
    D_TURNS,
    S_DROWNED,
    S_HOME,
    S_SCORE,
    S_WIN60,
    Batch,
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
        for name, col in (("air_out", D_AIR_OUT), ("turns", D_TURNS), ("drowned", D_DROWNED),
                          ("path_length", D_PATH_LEN), ("air_left", D_AIR_LEFT),
                          ("stalled", D_STALLED)):
            cols[f"dive{d}.{name}"] = batch.dive[:, d, col]
    return cols


def standing(batch: Batch) -> np.ndarray:
    """[game, seat] keys that order final standings: points, then level 4, 3, 2 cards."""
    seat = batch.seat.astype(np.int64)
    key = seat[:, :, S_SCORE]
    for lv in (3, 2, 1):
        key = key * 64 + seat[:, :, S_HOME + lv]
    return key


def last_dive_decided(batch: Batch) -> np.ndarray:
    """1 where the last dive decided the game (`sim.design.metric_defs.decided_by_last`
    on the sole leader after the second-to-last dive). A one-dive game is always
    decided by its only dive."""
    if batch.dive.shape[1] < 2:
        return np.ones(batch.dive.shape[0], np.int8)
    return decided_by_last(batch.dive[:, -2, D_LEADER], batch.seat[:, :, S_WIN60])


def histograms(batch: Batch, rules) -> dict[str, np.ndarray]:
    hists = {"air": batch.air}
    for s in range(batch.seat.shape[1]):
        hists[f"seat{s}.score"] = np.bincount(batch.seat[:, s, S_SCORE])
    for d in range(batch.dive.shape[1]):
        # Turn in which the air ran out (dives where it did), for depletion plots.
        out = batch.dive[:, d, D_AIR_OUT] == 1
        hists[f"dive{d}.air_out_turn"] = np.bincount(batch.dive[out, d, D_TURNS], minlength=1)
    return hists


def summary(totals, rules, seats) -> dict:
    """`seats` and `dives` of the simulate JSON (figures as {"mean", "ci95"})."""
    mean, share = totals.mean, totals.share
    return {
        "seats": [{"bot": seat.spec, "score": mean(f"seat{s}.score"),
                   "win_share": share(f"seat{s}.win"), "drowned": mean(f"seat{s}.drowned")}
                  for s, seat in enumerate(seats)],
        "dives": [{"p_air_out": share(f"dive{d}.air_out"), "turns": mean(f"dive{d}.turns"),
                   "drowned": mean(f"dive{d}.drowned"), "path_length": mean(f"dive{d}.path_length")}
                  for d in range(rules.dives)],
    }
