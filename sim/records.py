"""Per-game records in long format: one row per game and seat.

The engines report per-game metrics as flat columns (``seat2.score``,
``dive0.turns``, ``pair0.3``); a person or pandas reads them better with one
row per game and seat, numbered as everywhere else: games and seats from 0
(game i is stream (seed, i), seat 0 starts), dives and deals from 1. A seat's
metrics become columns (``score``, ``win``, …); a seat pair's "finished
ahead" result becomes ``ahead_of_seat{t}`` in the row of each seat of the pair
(1, 1/2 on a tie, 0); metrics of the whole game (``dive1_turns``,
``last_dive_decided``) repeat in every seat's row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # loaded where records are built: `simulate` without --records needs none
    import pandas as pd


def row_label(key: str) -> tuple[str, int]:
    """Column name and first number of a summary list's rows (``seats``,
    ``dives``, ``deals``): seats count from 0, dives and deals from 1."""
    name = key[:-1] if key.endswith("s") else key
    return name, 0 if name == "seat" else 1


def metric_label(name: str) -> str:
    """A metric column as people read it, numbered as `row_label` numbers
    rows: ``dive0.turns`` -> ``dive 1 turns``, ``seat0.score`` -> ``seat 0 score``."""
    head, dot, rest = name.partition(".")
    kind = head.rstrip("0123456789")
    if not dot or kind == head:
        return name
    _, first = row_label(kind + "s")
    return f"{kind} {int(head[len(kind) :]) + first} {rest}"


def long_records(metrics: dict[str, np.ndarray], specs: list[str], first_game: int = 0) -> pd.DataFrame:
    """One batch's metric columns as rows per (game, seat)."""
    players = len(specs)
    n = len(next(iter(metrics.values()))) if metrics else 0
    seat_cols: dict[str, list] = {}
    game_cols: dict[str, np.ndarray] = {}
    for name, values in metrics.items():
        head, _, rest = name.partition(".")
        kind = head.rstrip("0123456789")
        index = head[len(kind) :]
        values = np.asarray(values)
        if kind == "seat" and index:
            seat_cols.setdefault(rest, [None] * players)[int(index)] = values
        elif kind == "pair" and index:
            a, b = int(index), int(rest)
            seat_cols.setdefault(f"ahead_of_seat{b}", [None] * players)[a] = values
            seat_cols.setdefault(f"ahead_of_seat{a}", [None] * players)[b] = 1 - values
        elif index and rest:
            game_cols[f"{kind}{int(index) + 1}_{rest}"] = values
        else:
            game_cols[name.replace(".", "_")] = values
    table = {
        "game": np.repeat(np.arange(first_game, first_game + n, dtype=np.int64), players),
        "seat": np.tile(np.arange(players, dtype=np.int64), n),
        "bot": np.tile(np.array(specs, dtype=object), n),
    }
    ahead_last = sorted(
        seat_cols, key=lambda c: (c.startswith("ahead_of_seat"), int(c[13:] or 0) if c.startswith("ahead_of_seat") else 0)
    )
    for column in ahead_last:
        per_seat = seat_cols[column]
        filled = [np.full(n, np.nan) if v is None else v for v in per_seat]
        table[column] = np.stack(filled, axis=1).ravel()
    for column, values in game_cols.items():
        table[column] = np.repeat(values, players)
    # deferred: loads pandas, slow to import (python -X importtime), for this path only
    import pandas as pd

    return pd.DataFrame(table)
