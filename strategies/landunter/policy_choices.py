"""The `policy` bot's score of every card, as features for a fit to people's
choices (`sim landunter humans`): card c's score is the weights times the
row of c (`choices`), so the bot plays the highest row-weight product, and a
person is modelled as choosing card c with probability proportional to
exp(score of c). The rows come from the bot's own functions."""

from __future__ import annotations

import numpy as np

from sim.games.landunter.layout import MAX_CARD, S_N_CARDS, hand_card, hand_n
from strategies.landunter.features import flip_if, outcome_terms
from strategies.landunter.policy import BLOCK, LAYOUT, card_terms, cards_out_below, table_features

DECISIONS = {"card": "which weather card to play"}
WEIGHTS = {"card": np.arange(BLOCK)}  # every weight of the block scores the card
__all__ = ["DECISIONS", "LAYOUT", "WEIGHTS", "choices"]


def choices(phase: int, seat: int, st: np.ndarray, action: int) -> tuple[str, np.ndarray, int] | None:
    """(decision type, one feature row per card in the hand, the row of ``action``)."""
    t = np.array(table_features(seat, st))
    below = cards_out_below(seat, st)
    flips = flip_if(seat, st)
    n = int(hand_n(st, seat))
    rows, chosen = [], None
    for k in range(n):
        c = int(hand_card(st, seat, k))
        x = card_terms(c, st[S_N_CARDS], below) + tuple(outcome_terms(seat, st, below[c], below[MAX_CARD + 1], flips, n - 1 - k))
        rows.append(np.outer(np.array(x), t).ravel())  # the weight of x_j * t_i sits at j * 7 + i
        if c == action:
            chosen = k
    if chosen is None:
        raise ValueError(f"card {action} is not in seat {seat}'s hand")
    return "card", np.array(rows), chosen
