"""Helpers that turn a chunk's integer counts into its Totals, exactly.

The runner's generic path builds per-game metric columns in numpy and sums
them one by one on the host, while the kernel's threads wait. A game that
sets ``GameSpec.tally`` has its kernel count each work unit's games into a
sums vector as it plays them (``sim/games/<game>/chunk_sums.py``: column
moments, pair results, histograms; in parallel and cache-hot), and builds the
Totals from those integers with the helpers here. The Totals are identical to
``Totals().add(metrics, histograms, n)`` (tests/test_tally.py checks it).
`bincounts` serves the games' numpy-path histograms.

Moments are (sum, sum of squares, largest |x|) of integer values; a float
metric that is an integer multiple of 1/den (win shares, head-to-head) is
summed as those integers, exactly as `Totals.add` does.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.runner import EXACT_DENOMINATOR, Totals, _as_float  # noqa: F401  (EXACT_DENOMINATOR: for the games)

BLOCK = 4096  # games per block (per accumulator)
_INT64_MAX = 2**63 - 1


@njit(cache=True, nogil=True)
def _bincounts(mat, keep, offset, size):
    n, k = mat.shape
    nb = max(1, (n + BLOCK - 1) // BLOCK)
    part = np.zeros((nb, k, size), np.int64)
    for b in range(nb):
        c = np.zeros((k, size), np.int64)
        for i in range(b * BLOCK, min(n, (b + 1) * BLOCK)):
            for j in range(k):
                if keep[i, j] != 0:
                    c[j, np.int64(mat[i, j]) + offset] += 1
        part[b] = c
    return part.sum(axis=0)


def bincounts(mat: np.ndarray, offset: int = 0, minlength: int = 0, keep=None) -> list[np.ndarray]:
    """Per column j of a [game, column] integer array, what
    ``np.bincount(mat[keep[:, j] != 0, j] + offset, minlength=minlength)`` gives
    (every game where keep is None)."""
    if mat.size == 0:
        return [np.zeros(minlength, np.int64) for _ in range(mat.shape[1])]
    lo, hi = int(mat.min()) + offset, int(mat.max()) + offset
    if lo < 0:
        raise ValueError(f"bincounts: value {lo - offset} + offset {offset} is negative")
    if keep is None:
        keep = np.broadcast_to(np.int8(1), mat.shape)
    counts = _bincounts(mat, keep, np.int64(offset), max(minlength, hi + 1))
    out = []
    for row in counts:
        used = np.flatnonzero(row)
        out.append(row[: max(minlength, int(used[-1]) + 1 if used.size else 0)].copy())
    return out


def scaled(mom: tuple[int, int, int], scale: int) -> tuple[int, int, int]:
    """Moments of x / scale in units of 1/EXACT_DENOMINATOR, from those of
    integers x (a win share x 60 becomes a share)."""
    f = EXACT_DENOMINATOR // scale
    return mom[0] * f, mom[1] * f * f, mom[2] * f


def pair_moments(counts: np.ndarray, a: int, b: int) -> tuple[int, int, int]:
    """Moments of the head-to-head column pair{a}.{b} (1 ahead, 1/2 tie) in
    units of 1/EXACT_DENOMINATOR, from [win/tie, a, b] counts: games a's key beat / tied b's."""
    win, tie = int(counts[0, a, b]), int(counts[1, a, b])
    d, h = EXACT_DENOMINATOR, EXACT_DENOMINATOR // 2
    return win * d + tie * h, win * d * d + tie * h * h, d if win else (h if tie else 0)


def indicator(count: int) -> tuple[int, int, int]:
    """Moments of a 0/1 column with `count` ones."""
    return count, count, 1 if count else 0


def totals(n_games: int, columns: list[tuple[str, int, tuple[int, int, int]]], hists: dict[str, np.ndarray]) -> Totals | None:
    """Totals of a chunk from (name, den, moments) per metric column, in the
    order the numpy metrics list them; None when an int64 sum could have
    overflowed (then the caller sums the numpy columns)."""
    t = Totals(games=n_games)
    for name, den, mom in columns:
        s, ss, m = mom
        if m * m * n_games > _INT64_MAX:
            return None
        parts = [den if n_games else 1, n_games, s, ss]
        t.exact[name], t.sums[name] = parts, _as_float(parts)
    t.hists = hists
    return t
