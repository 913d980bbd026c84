"""What playing a card is likely to do this round, from the seat's view alone:
the `policy` bot's outcome terms (no play-outs; one pass per decision).

The other players still in each play one card; we treat their cards as drawn
without replacement from the cards still out (not in our hand, not played
this deal), so card c with B of the N cards out below it is the highest
played with probability C(B, m) / C(N, m) (m others) and the second highest
with A·C(B, m − 1) / C(N, m) (A = N − B above it).
The highest card takes the lower flood card, the second the higher one,
any other card leaves our top flood card as it is.
"""

from numba import njit

from sim.games.landunter.layout import (
    HAND_SIZE,
    S_FLOOD_HI,
    S_FLOOD_LO,
    S_IN,
    S_N_IN,
    S_PLAYERS,
    S_RINGS,
    S_TOP,
)

N_OUTCOME = 6


@njit(cache=True)
def top_ranks(below, out, m):
    """(P(highest), P(second highest)) of a card with ``below`` of the ``out``
    cards still out below it, against ``m`` others drawing from them."""
    if m <= 0:
        return 1.0, 0.0
    if out < m:
        m = out
    if m <= 0:
        return 1.0, 0.0
    first = 1.0  # C(below, m) / C(out, m) = prod (below - k) / (out - k)
    second = float(m * (out - below))  # m · above · prod_{k < m-1} (below - k) / prod_{k < m} (out - k)
    for k in range(m):
        first *= max(below - k, 0) / (out - k)
        if k < m - 1:
            second *= max(below - k, 0)
        second /= out - k
    return first, second


@njit(cache=True)
def flip_if(seat, st):
    """(taking the lower flood card, the higher one, neither) -> 1.0 if our top
    flood card would then be the highest of the players still in who can flip,
    so we flip a ring (or go out), else 0.0. As in `dodge`: the others are
    those still in with a ring left (one without a ring who is highest goes
    out and the flip moves on), and whoever takes the other flood card on
    offer tops their pile with it."""
    others = 0
    for p in range(st[S_PLAYERS]):
        if p != seat and st[S_IN + p] == 1 and st[S_RINGS + p] > 0 and st[S_TOP + p] > others:
            others = st[S_TOP + p]
    lo, hi, top = st[S_FLOOD_LO], st[S_FLOOD_HI], st[S_TOP + seat]
    return (
        1.0 if lo >= max(others, hi) else 0.0,
        1.0 if hi >= max(others, lo) else 0.0,
        1.0 if top > 0 and top >= max(others, hi) else 0.0,
    )


@njit(cache=True)
def outcome_terms(seat, st, below, out, flips, above_in_hand):
    """The policy's outcome terms of a card with ``below`` of the ``out`` cards
    still out below it and ``above_in_hand`` of our cards above it:
    P(highest), P(second highest), the expected flip (`flip_if`), the expected
    flip when we have no ring left (we go out), our expected top flood card
    / 12 after the round, and our cards above it / 11."""
    first, second = top_ranks(below, out, st[S_N_IN] - 1)
    neither = 1.0 - first - second
    flip = first * flips[0] + second * flips[1] + neither * flips[2]
    top = (first * st[S_FLOOD_LO] + second * st[S_FLOOD_HI] + neither * st[S_TOP + seat]) / 12.0
    return (
        first,
        second,
        flip,
        flip if st[S_RINGS + seat] == 0 else 0.0,
        top,
        above_in_hand / (HAND_SIZE - 1),
    )
