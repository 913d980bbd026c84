"""Is a seat favoured? The seat figures of one pooled run, for any game.

A balance sweep rotates its field through all seats, so each bot sits in every
seat equally often and what is left between the seats is the seat itself.
Both games' balance analyses read a setting's pooled totals (``seat{s}.win``,
per-game win shares with 1/k for a k-way tie; ``seat{s}.score`` histograms)
through `seat_figures`.
"""
from __future__ import annotations

from sim.stats import chi_square_gof, one_sample, proportion_ci, spread


def seat_figures(t, n: int) -> dict:
    """Seat 0's win share against 1/n (Wilson CI, one-sample t test on per-game
    wins), all seats' shares with a chi-square test that they are equal, and
    the spread (SD) of final scores."""
    wins = t.agg("seat0.win")
    first = proportion_ci(wins[1], int(wins[0]))
    seat_wins = [t.agg(f"seat{s}.win")[1] for s in range(n)]
    chi = chi_square_gof(seat_wins, [1 / n] * n)
    return {"games": t.games, "first_share": first, "first_relative": first.mean * n,
            "first_p": one_sample(wins, 1 / n).p_value, "seat_shares": [w / t.games for w in seat_wins],
            "seat_chi2": chi.statistic, "seat_p": chi.p_value,
            "score_sd": spread([t.hists[f"seat{s}.score"] for s in range(n)], t.games)}


def setting_json(row: dict, figures) -> dict:
    """One setting of a balance table (flat columns ``f``, ``f_lo``, ``f_hi``)
    in the JSON shape both games' balance commands print."""
    return {"players": row["players"], "setting": row["setting"], "games": row["games"],
            "first_share": {"mean": row["first_share"], "ci95": [row["first_lo"], row["first_hi"]]},
            "first_p": row["first_p"], "seat_p": row["seat_p"], "flagged": row["flagged"],
            **{f: {"mean": row[f], "ci95": [row[f"{f}_lo"], row[f"{f}_hi"]]} for f in figures}}


def flagged_json(rows: list[dict]) -> list[dict]:
    """The flagged settings of a balance table, with both tests' p-values."""
    return [{"players": r["players"], "setting": r["setting"], "first_p": r["first_p"], "seat_p": r["seat_p"]}
            for r in rows if r["flagged"]]
