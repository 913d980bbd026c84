"""`counter`: remembers every card seen and bids against the cards the others
can still hold."""

import numpy as np
from numba import njit

from sim.games.landunter.layout import (
    HAND_SIZE,
    MAX_CARD,
    MAXP,
    S_CARD_HAND,
    S_DEAL,
    S_HAND_N,
    S_IN,
    S_N_CARDS,
    S_PLAYERS,
    hand_card,
    hand_low,
    hand_n,
    played_this_deal,
)
from sim.registry import Param
from strategies.landunter.dodge import DODGE_PARAMS, wants_to_win
from strategies.landunter.registry import register


@njit(cache=True)
def win_chances(seat, st, out):
    """out[k] = chance that our k-th lowest card beats every other player still
    in, if each plays a card uniformly from what it may hold.

    What another seat t may hold: cards seen played from its hand in earlier
    deals and not yet played this deal (known for sure), plus, for the rest of
    its hand size, cards never seen played and not in our hand (the unknown
    pool, drawn evenly). Hand h sits at seat (h + deal) mod n, so from the
    second deal on most hands are known card for card.
    """
    n = st[S_PLAYERS]
    deal = st[S_DEAL]
    m = hand_n(st, seat)
    known = np.zeros(MAXP, np.int64)
    below = np.zeros(MAXP, np.int64)
    mine = np.zeros(MAX_CARD + 2, np.bool_)
    for k in range(m):
        mine[hand_card(st, seat, k)] = True
    pool = 0
    for v in range(1, st[S_N_CARDS] + 1):
        if mine[v]:
            continue
        h1 = st[S_CARD_HAND + v]
        if h1 == 0:
            pool += 1
        elif not played_this_deal(st, v):
            t = (h1 - 1 + deal) % n
            if t != seat and st[S_IN + t] == 1:
                known[t] += 1
    pool_below = 0
    k = 0
    for v in range(1, st[S_N_CARDS] + 1):
        if k >= m:
            break
        if mine[v]:
            # chance v beats everyone
            p_all = 1.0
            for t in range(n):
                if t == seat or st[S_IN + t] == 0:
                    continue
                need = st[S_HAND_N + t]
                unknown = need - known[t]
                lower = float(below[t])
                if unknown > 0 and pool > 0:
                    lower += unknown * pool_below / pool
                p_all *= lower / need
            out[k] = p_all
            k += 1
            continue
        h1 = st[S_CARD_HAND + v]
        if h1 == 0:
            pool_below += 1
        elif not played_this_deal(st, v):
            t = (h1 - 1 + deal) % n
            if t != seat and st[S_IN + t] == 1:
                below[t] += 1


@register(
    "counter",
    params=DODGE_PARAMS
    + [
        Param(
            "p_min", 0.25, 0.0, 1.0, doc="least chance of winning for which the highest card is spent when no card wins for sure"
        )
    ],
    builtin_id=6,
)
@njit(cache=True)
def counter(seat, st, params, u):
    """Remembers every card seen. Decides like dodge (same first four
    parameters) whether to win the bid; to lose, plays the lowest card. To
    win, it works out what each other player still in may hold: the cards
    seen played from that hand in earlier deals and not yet in this deal
    (from the second deal on most hands are known card for card), the rest
    drawn evenly from cards never seen played and not in its own hand; and
    plays the lowest card that beats all of them for sure; if none is sure,
    the highest card when its chance of winning (others playing evenly from
    what they may hold) is at least p_min, else the lowest card."""
    m = hand_n(st, seat)
    if m == 1 or not wants_to_win(seat, st, params):
        return hand_low(st, seat)
    chance = np.empty(HAND_SIZE, np.float64)
    win_chances(seat, st, chance)
    for k in range(m):
        if chance[k] >= 1.0 - 1e-12:
            return hand_card(st, seat, k)
    if chance[m - 1] >= params[4]:
        return hand_card(st, seat, m - 1)
    return hand_low(st, seat)
