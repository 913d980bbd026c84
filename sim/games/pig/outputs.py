"""What a Pig game reports, as the integer arrays both engines fill."""

from typing import NamedTuple

import numpy as np


class Batch(NamedTuple):
    """Per-game outcome arrays; row i is game ``first_game + i``."""

    score: np.ndarray  # (games, players) int32: banked score at the end
    win60: np.ndarray  # (games, players) int16: 60 for the winner (Pig has one), else 0
    turns: np.ndarray  # (games,) int32: turns played, the winning one included
    rolls: np.ndarray  # (games,) int32: dice rolled
    first: np.ndarray  # (games,) int8: the seat that moved first


def empty_batch(n_games: int, players: int) -> Batch:
    g, n = n_games, players
    return Batch(
        score=np.zeros((g, n), np.int32),
        win60=np.zeros((g, n), np.int16),
        turns=np.zeros(g, np.int32),
        rolls=np.zeros(g, np.int32),
        first=np.zeros(g, np.int8),
    )
