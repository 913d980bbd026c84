"""What a Land unter game reports, as the integer arrays both engines fill:
per game and seat, per game and deal, per game, deal and seat (hand strength
and rings, which the fairness analysis regresses points on)."""

from typing import NamedTuple

import numpy as np


class Batch(NamedTuple):
    """Per-game outcome arrays; row i is game ``first_game + i``."""

    score: np.ndarray  # (games, players) int32: game total
    win60: np.ndarray  # (games, players) int16: win share x 60 (60/k for a k-way tie)
    eliminated: np.ndarray  # (games, players) int16: deals in which the seat went out
    early_end: np.ndarray  # (games, deals) int8: 1 if ended by the two-or-fewer rule
    n_eliminated: np.ndarray  # (games, deals) int8: players out at the end of the deal
    rounds: np.ndarray  # (games, deals) int8: rounds played, incl. the one it ended in
    deal_points: np.ndarray  # (games, deals, players) int8: points scored in that deal
    hand_strength: np.ndarray  # (games, deals, players) int16: sum of the card values of the hand
    hand_rings: np.ndarray  # (games, deals, players) int8: that hand's ring count
    # (games, deals) int8: rule holes met in the deal (HOLE_* bits); only the design metrics read it,
    # so batches built by hand for other tests may leave it out
    holes: np.ndarray | None = None


# Bits of ``holes``, one per situation the rules settle only by a [D] decision, met at least once
# (the flip-step bits are counted inside the step, cascade included: `reference.flip_step`):
HOLE_FLOOD_TIE = 1  # [D2] players tied for the highest flood card must flip and one of them has no ring left
HOLE_NO_FLOOD = 2  # [D5] a cascade flip is due but nobody still in holds a flood card (so nobody flips)
HOLE_BOTH_BONUSES = 4  # [D6] at scoring a player still in has no flood card while another holds one
HOLE_ZERO_RINGS = 8  # [D7] at scoring a player still in has no ring left (scores 0, not -1)
HOLE_REPEAT_FLIPPER = 16  # [D1] a cascade flip is due and the highest flood card is held by one who already flipped
HOLE_CUT_CASCADE = 32  # [D3] an elimination leaves two or fewer while someone still in may still flip


def empty_batch(n_games: int, players: int) -> Batch:
    g, n = n_games, players
    return Batch(
        score=np.zeros((g, n), np.int32),
        win60=np.zeros((g, n), np.int16),
        eliminated=np.zeros((g, n), np.int16),
        early_end=np.zeros((g, n), np.int8),
        n_eliminated=np.zeros((g, n), np.int8),
        rounds=np.zeros((g, n), np.int8),
        deal_points=np.zeros((g, n, n), np.int8),
        hand_strength=np.zeros((g, n, n), np.int16),
        hand_rings=np.zeros((g, n, n), np.int8),
        holes=np.zeros((g, n), np.int8),
    )
