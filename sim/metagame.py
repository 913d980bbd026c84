"""The meta-game of strategies, for any game: who should you pick?

A balanced tournament's (every seat order) head-to-head matrix A (share of games the row
finished ahead of the column; ties count 1/2) is the payoff matrix of a
symmetric zero-sum game with payoff A − 0.5. Its equilibrium mix says which
strategies a player who expects a clever opponent should choose; the best
response to each strategy says what beats it. Both Geteilte Luft's
compare-turnback and Land unter's ranking read their tournaments this way.

With more than two players this is the two-player game "finish ahead of one
opponent" inside the tournament's field, not the n-player game: a row's
payoff against a column counts every game both sat in, the rest of the
field included. The n-player game itself — n players each pick an entrant
(several may pick the same one), each scores its pick's win share at that
table — is solved by `nplayer_equilibrium` from the win shares of every
lineup multiset, which only a tournament with repeated entrants plays.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial, prod

import numpy as np


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
    from scipy.optimize import linprog  # here: every run imports the tournament module, few solve a game

    res = linprog(
        c,
        A_ub=A_ub,
        b_ub=np.zeros(k),
        A_eq=[[1.0] * k + [0.0]],
        b_eq=[1.0],
        bounds=[(0, None)] * k + [(None, None)],
        method="highs",
    )
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


def profiles(k: int, n: int) -> list[tuple[int, ...]]:
    """Every lineup of ``n`` seats over ``k`` entrants as a sorted multiset."""
    return list(combinations_with_replacement(range(k), n))


def nplayer_equilibrium(
    share: dict[tuple[int, ...], np.ndarray],
    k: int,
    n: int,
    start: np.ndarray | None = None,
    tol: float = 1e-10,
    steps: int = 100_000,
) -> tuple[np.ndarray, float]:
    """Symmetric equilibrium mix x of the n-player game over ``k`` entrants, and its regret.

    ``share[p][i]`` is the win share of one copy of entrant i at a table with
    the lineup multiset p (i in p). Entrant i's payoff against n − 1
    opponents who each pick from x is Σ_S P(S | x) · share[S + i][i] over the
    multisets S of n − 1 picks (multinomial P). Found by replicator dynamics
    from ``start`` (default uniform); regret = max_i U_i(x) − x·U(x) (0 at an
    equilibrium; reported, since the dynamics may stop short)."""
    others = profiles(k, n - 1)
    counts = np.array([np.bincount(S, minlength=k) for S in others], dtype=float)  # [S, entrant]
    coef = np.array([factorial(n - 1) / prod(factorial(int(c)) for c in row) for row in counts])
    missing = [tuple(sorted(S + (i,))) for S in others for i in range(k) if tuple(sorted(S + (i,))) not in share]
    if missing:
        raise ValueError(f"the n-player game needs every lineup; {len(missing)} missing, e.g. {missing[0]}")
    U_S = np.array([[share[tuple(sorted(S + (i,)))][i] for i in range(k)] for S in others])  # [S, i]

    def payoffs(x):
        prob = coef * np.prod(np.where(counts > 0, x[None, :] ** counts, 1.0), axis=1)
        return prob @ U_S

    x = np.full(k, 1.0 / k) if start is None else np.asarray(start, dtype=float) / np.sum(start)
    for _ in range(steps):
        u = payoffs(x)
        regret = float(u.max() - x @ u)
        if regret < tol:
            break
        x = x * (u + 1.0) / (x @ u + 1.0)  # payoffs in [0, 1]: the shift keeps the step positive
    x = np.where(x < 1e-9, 0.0, x)
    x /= x.sum()
    u = payoffs(x)
    return x, float(u.max() - x @ u)
