"""Moments of a kernel's outputs, for its chunk sums (``sim/games/<game>/chunk_sums.py``)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def add_moments(out, maxima, sums, squares, first, mat, g0, g1):
    """Add rows g0 .. g1-1 of each column j of the [game, column] integer array
    ``mat`` to the moments of column ``first + j`` of a kernel's chunk-sums
    vector (``sim/games/<game>/chunk_sums.py``), whose largest |x|, sums and
    sums of squares start at ``maxima``, ``sums``, ``squares``. Row by row into
    accumulators of its own, written to ``out`` once: updating ``out`` per
    value took 8% of the Luft kernel, column by column in registers over
    64-row blocks 33 ns per 28 columns, this 25."""
    k = mat.shape[1]
    s = np.zeros(k, np.int64)
    ss = np.zeros(k, np.int64)
    m = np.zeros(k, np.int64)
    for g in range(g0, g1):
        for j in range(k):
            x = np.int64(mat[g, j])
            s[j] += x
            ss[j] += x * x
            m[j] = max(m[j], abs(x))
    for j in range(k):
        out[sums + first + j] += s[j]
        out[squares + first + j] += ss[j]
        out[maxima + first + j] = max(out[maxima + first + j], m[j])
