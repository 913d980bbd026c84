"""The Pareto front of a set of candidates: those no other candidate beats on
every objective at once."""

from __future__ import annotations

import numpy as np


def pareto_front(values: np.ndarray, feasible: np.ndarray | None = None) -> list[int]:
    """Indices of the non-dominated rows of ``values`` [candidate, objective]
    (every objective to be maximised), among the feasible rows only. A row is
    dominated when another is at least as good on every objective and better
    on one; equal rows are all kept."""
    values = np.asarray(values, dtype=float)
    ok = np.ones(len(values), bool) if feasible is None else np.asarray(feasible, bool)
    idx = np.flatnonzero(ok & np.all(np.isfinite(values), axis=1))
    front = []
    for i in idx:
        others = values[idx]
        dominated = np.any(np.all(others >= values[i], axis=1) & np.any(others > values[i], axis=1))
        if not dominated:
            front.append(int(i))
    return front
