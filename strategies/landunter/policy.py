"""`policy` and `trained`: a linear score per legal card over public
features, its weights trained (`sim landunter train`), loaded from a weight
file or a shipped preset.

The table (`table_features`): 1, lower flood card / 12, higher flood card /
12, own top flood card / 12, highest other top flood card of a player still
in / 12, own rings left / 4, round / 11. A card c (`card_terms`): its rank
c / cards in the deck, the share b of the cards still out (not in our hand,
not played this deal) below it, and b²; then what playing c is likely to do
this round (`outcome_terms`, features.py): the chance it is the highest card
played (we take the lower flood card), the second highest (the higher one),
the expected flip of one of our rings, the same when we have no ring left
(we would go out), our expected top flood card / 12 after the round, and the
share of our hand above c. Card c scores
sum over table features t_i and card terms x_j of w[j * 7 + i] * t_i * x_j;
the highest score is played (the lowest card on ties). Weight files of the
first layout (the first three card terms, 21 weights) load with the rest 0
and play as before.
"""

from pathlib import Path

import numpy as np
from numba import njit

from sim.games.landunter.layout import (
    MAX_CARD,
    MAXP,
    S_FLOOD_HI,
    S_FLOOD_LO,
    S_N_CARDS,
    S_PLAYERS,
    S_RINGS,
    S_ROUND,
    S_TOP,
    hand_card,
    hand_has,
    hand_n,
    max_other_top,
    played_this_deal,
)
from sim.strong.weights import PolicyLayout
from strategies.landunter.features import N_OUTCOME, flip_if, outcome_terms
from strategies.landunter.registry import register

N_TABLE = 7
N_CARD = 3 + N_OUTCOME
BLOCK = N_TABLE * N_CARD
FIRST_LAYOUT = N_TABLE * 3  # rank, b, b² only
FIRST_PLAYERS = 3

# Untrained start: the lower the card's share of the cards out, the better,
# unless the lower flood card is below our top (then taking it helps).
_START = np.zeros(BLOCK)
_START[N_TABLE + 0], _START[N_TABLE + 1], _START[N_TABLE + 3] = -0.1, -1.0, 1.0

LAYOUT = PolicyLayout(
    "landunter",
    BLOCK,
    tuple(range(FIRST_PLAYERS, MAXP + 1)),
    tuple(_START),
    Path(__file__).with_name("presets"),
    older=(FIRST_LAYOUT,),
)


@njit(cache=True)
def table_features(seat, st):
    return (
        1.0,
        st[S_FLOOD_LO] / 12.0,
        st[S_FLOOD_HI] / 12.0,
        st[S_TOP + seat] / 12.0,
        max_other_top(st, seat) / 12.0,
        st[S_RINGS + seat] / 4.0,
        st[S_ROUND] / 11.0,
    )


@njit(cache=True)
def cards_out_below(seat, st):
    """below[c] = cards still out (not in our hand, not played this deal) below
    card c, for c = 0 .. MAX_CARD + 1; below[MAX_CARD + 1] counts them all."""
    below = np.zeros(MAX_CARD + 2, np.int64)
    for c in range(1, MAX_CARD + 2):
        out = c - 1 <= st[S_N_CARDS] and c > 1 and not hand_has(st, seat, c - 1) and not played_this_deal(st, c - 1)
        below[c] = below[c - 1] + (1 if out else 0)
    return below


@njit(cache=True)
def card_terms(c, n_cards, below):
    b = below[c] / max(below[MAX_CARD + 1], 1)
    return (c / n_cards, b, b * b)


@njit(cache=True)
def card_score(params, at, t, x, y):
    """The bilinear score over the table features t and the card terms x
    (`card_terms`) then y (`outcome_terms`)."""
    total = 0.0
    for j in range(3):
        for i in range(N_TABLE):
            total += params[at + j * N_TABLE + i] * t[i] * x[j]
    for j in range(N_OUTCOME):
        for i in range(N_TABLE):
            total += params[at + (j + 3) * N_TABLE + i] * t[i] * y[j]
    return total


@register("policy", options=LAYOUT.options, builtin_id=8)
@njit(cache=True)
def policy(seat, st, params, u):
    """Linear score per legal card over public features (its rank, its share
    of the cards still out, its chances to be the highest or second-highest
    card played, the expected ring flip and top flood card after it, the
    flood cards on offer, the top flood cards, rings left, round): play the
    best (the lowest on ties). Weights per player count: policy (the untrained start), policy:file=PATH (a weight
    file from `sim landunter train`) or policy:preset=NAME (shipped:
    strategies/landunter/presets)."""
    at = min(max(st[S_PLAYERS] - FIRST_PLAYERS, 0), MAXP - FIRST_PLAYERS) * BLOCK
    t = table_features(seat, st)
    below = cards_out_below(seat, st)
    flips = flip_if(seat, st)
    n = hand_n(st, seat)
    best, best_card = -np.inf, hand_card(st, seat, 0)
    for k in range(n):
        c = hand_card(st, seat, k)
        y = outcome_terms(seat, st, below[c], below[MAX_CARD + 1], flips, n - 1 - k)
        s = card_score(params, at, t, card_terms(c, st[S_N_CARDS], below), y)
        if s > best:
            best, best_card = s, c
    return best_card


register("trained", options=LAYOUT.trained_vector, builtin_id=9, doc=LAYOUT.trained_doc())(policy)
