"""Fair tournaments: every entrant plays every seat on common random numbers.

Each seating (an assignment of entrants to seats) plays the same games
(seed, 0..G-1), so luck of the draw is shared and seat advantage cancels when
every entrant sits in every seat. Figures per entrant pool its games over all
seats it held.
"""
from __future__ import annotations

from itertools import combinations, permutations

import numpy as np

from sim.stats import mean_ci, proportion_ci

MAX_PERMUTATIONS = 24   # use all permutations up to 4 seats; cyclic rotations above


def seatings(n_entrants: int, players: int) -> list[tuple[int, ...]]:
    """Lineups (entrant index per seat) in which every entrant holds every seat.

    Equal numbers: all permutations when there are at most 24, else the
    ``players`` cyclic rotations. More entrants than seats: every group of
    ``players`` entrants, each rotated. Fewer entrants than seats: the entrants
    repeat in order to fill the table, shifted so each holds every seat once.
    """
    if n_entrants < 1:
        raise ValueError("a tournament needs at least one entrant")
    if n_entrants == players:
        perms = list(permutations(range(players)))
        return perms if len(perms) <= MAX_PERMUTATIONS else rotations(tuple(range(players)))
    if n_entrants > players:
        return [lineup for group in combinations(range(n_entrants), players) for lineup in rotations(group)]
    return [tuple((k + i) % n_entrants for i in range(players)) for k in range(n_entrants)]


def rotations(lineup: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [lineup[k:] + lineup[:k] for k in range(len(lineup))]


def head_to_head(keys: np.ndarray) -> dict[str, np.ndarray]:
    """Per-game pair results from standing keys [game, seat]: column
    ``pair{a}.{b}`` is 1 when seat a finished ahead of seat b, 1/2 on a tie."""
    n = keys.shape[1]
    out = {}
    for a in range(n):
        for b in range(a + 1, n):
            out[f"pair{a}.{b}"] = (keys[:, a] > keys[:, b]) + 0.5 * (keys[:, a] == keys[:, b])
    return out


class Standings:
    """Per-entrant aggregates collected over seatings."""

    def __init__(self, names: list[str], figures: tuple[str, ...]):
        self.names, self.figures = names, ("win",) + tuple(figures)
        e = len(names)
        self.seat_sums = {f: np.zeros((e, 3)) for f in self.figures}
        self.pair_sums = np.zeros((e, e, 3))   # [i, j]: i's result against j

    def add(self, lineup: tuple[int, ...], totals):
        for s, entrant in enumerate(lineup):
            for f in self.figures:
                self.seat_sums[f][entrant] += totals.sums[f"seat{s}.{f}"]
        for a in range(len(lineup)):
            for b in range(a + 1, len(lineup)):
                i, j = lineup[a], lineup[b]
                if i == j:
                    continue
                n, s, ss = totals.sums[f"pair{a}.{b}"]
                self.pair_sums[i, j] += (n, s, ss)
                # b's result against a is 1 - a's: same n, sum n - s, sumsq of (1-x)^2
                self.pair_sums[j, i] += (n, n - s, n - 2 * s + ss)

    def summary(self) -> dict:
        rows = []
        for i, name in enumerate(self.names):
            n, s, _ = self.seat_sums["win"][i]
            row = {"bot": name, "win_share": proportion_ci(s, int(n)).to_json()}
            for f in self.figures[1:]:
                row[f] = mean_ci(*self.seat_sums[f][i]).to_json()
            row["games"] = int(n)
            rows.append(row)
        order = sorted(range(len(rows)), key=lambda i: -rows[i]["win_share"]["mean"])
        matrix = [[None if i == j or self.pair_sums[i, j, 0] == 0 else
                   mean_ci(*self.pair_sums[i, j]).to_json() for j in order] for i in order]
        return {"ranking": [rows[i] for i in order], "head_to_head": matrix}
