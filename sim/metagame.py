"""The meta-game of strategies, for any game: who should you pick?

A seat-rotated tournament's head-to-head matrix A (share of games the row
finished ahead of the column; ties count 1/2) is the payoff matrix of a
symmetric zero-sum game with payoff A − 0.5. Its equilibrium mix says which
strategies a player who expects a clever opponent should choose; the best
response to each strategy says what beats it. Both Geteilte Luft's
compare-turnback and Land unter's ranking read their tournaments this way.

With more than two players this is the two-player game "finish ahead of one
opponent" inside the tournament's field, not the n-player game: a row's
payoff against a column counts every game both sat in, the rest of the
field included.
"""
from __future__ import annotations

import numpy as np
from scipy.optimize import linprog


def payoff(summary: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(A, lo, hi) from a tournament summary's head_to_head (ranking order);
    the diagonal and pairs that never met are 0.5."""
    k = len(summary["ranking"])
    A, lo, hi = (np.full((k, k), 0.5) for _ in range(3))
    for i, row in enumerate(summary["head_to_head"]):
        for j, cell in enumerate(row):
            if cell is not None:
                A[i, j] = cell["mean"]
                lo[i, j], hi[i, j] = cell["ci95"]
    return A, lo, hi


def equilibrium(A: np.ndarray) -> tuple[np.ndarray, float]:
    """Maximin mix of the symmetric zero-sum game with payoff A − 0.5.

    Maximizes v subject to Σ_i x_i (A_ij − 0.5) ≥ v for every column j,
    Σ x = 1, x ≥ 0. For a complementary A (A + Aᵀ = 1) the value is 0.
    """
    A = np.asarray(A, dtype=float)
    k = A.shape[0]
    M = A - 0.5
    c = np.zeros(k + 1)
    c[-1] = -1.0
    A_ub = np.hstack([-M.T, np.ones((k, 1))])
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(k), A_eq=[[1.0] * k + [0.0]], b_eq=[1.0],
                  bounds=[(0, None)] * k + [(None, None)], method="highs")
    if not res.success:
        raise RuntimeError(f"equilibrium LP failed: {res.message}")
    x = np.clip(res.x[:k], 0.0, None)
    value = float(res.x[-1])
    return x / x.sum(), 0.0 if abs(value) < 1e-12 else value


def best_responses(A: np.ndarray) -> list[int]:
    """For each column (opponent strategy) j, the row i with the largest A[i, j]."""
    return [int(np.argmax(A[:, j])) for j in range(A.shape[1])]


def support_share(resampled: np.ndarray) -> np.ndarray:
    """Share of resampled payoff matrices (e.g. from a bootstrap over games)
    in whose equilibrium each strategy has positive weight."""
    return np.mean([equilibrium(B)[0] > 1e-6 for B in resampled], axis=0)


def pair_games(entrants: list[str], order: list[str], lineups, per_seating: int) -> np.ndarray:
    """Games in which both entrants of a pair sat at the table (the n behind a cell)."""
    idx = {s: order.index(s) for s in entrants}
    k = len(order)
    cnt = np.zeros((k, k), dtype=int)
    for lineup in lineups:
        present = {idx[entrants[e]] for e in lineup}
        for i in present:
            for j in present:
                if i != j:
                    cnt[i, j] += per_seating
    return cnt
