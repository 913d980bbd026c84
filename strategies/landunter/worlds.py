"""Imagined worlds for Land unter bots: the other seats' hands and the order
of the flood deck, drawn uniformly among those consistent with everything
the deciding seat has seen.

What a world must agree with (the public record in the view, `layout.py`):

- the deciding seat's own hand, which no other hand can hold;
- every card seen played: from which hand (it belongs to that hand and no
  other), and whether this deal (then it has left the hand);
- every hand's ring count, shown when it is dealt (``S_RINGS_FULL`` of the
  seat playing it): a hand of ring count R has ring symbols summing to 2R or
  2R + 1 half rings ("Setup": a leftover half ring is rounded down), so its
  unseen cards sum to 2R or 2R + 1 minus the half rings of its seen cards;
- the flood cards revealed (the rest of the deck's composition).

A card's half rings (0, 1 or 2) is its class. Uniform over card-level worlds
means: the unseen cards of the other hands (including hands whose seat went
out, as they hold cards too) and the undealt rest share the pool of cards
never seen; how many of each class a hand gets is drawn first, weighted by
the number of worlds it leaves (a table over the hands, `prepare`), then the
cards within each class uniformly (`sample_world`).
"""

import math

import numpy as np
from numba import njit

from sim import rng
from sim.games.landunter import core
from sim.games.landunter.layout import (
    FLOOD_MAX,
    HAND_SIZE,
    MAX_CARD,
    MAXP,
    S_CARD_HAND,
    S_FLOOD_LEFT,
    S_HAND_ID,
    S_N_CARDS,
    S_PLAYERS,
    S_RINGS_FULL,
    hand_card,
    hand_n,
    played_this_deal,
)

CLASSES = 3  # half rings on a card: 0, 1 or 2
CLASS_MAX = MAX_CARD // 3 + 1  # at most 24 cards per class (72-card deck)

BINOMIAL = np.array([[math.comb(a, b) for b in range(MAX_CARD + 1)] for a in range(MAX_CARD + 1)], dtype=np.float64)


@njit(cache=True, inline="always")
def _option_weight(ways, j, r0, r1, r2, unseen, x1, x2):
    """Worlds in which the j-th other hand, with ``unseen`` unseen cards, gets
    x1 of class 1 and x2 of class 2 (the rest class 0) from a pool of r0, r1,
    r2 cards per class: the ways to pick them times the ways to fill the rest."""
    x0 = unseen - x1 - x2
    if x1 < 0 or x1 > r1 or x0 < 0 or x0 > r0:
        return 0.0
    return BINOMIAL[r0, x0] * BINOMIAL[r1, x1] * BINOMIAL[r2, x2] * ways[j + 1, r1 - x1, r2 - x2]


@njit(cache=True)
def prepare(seat, st):
    """What the view says about the other hands, and the table to draw from.

    Returns ``(known, nknown, unseen, target, pool, npool, ways, ok)``:

    - ``known[t, :nknown[t]]`` the cards seat t is known to hold (seen played
      from its hand in earlier deals, not yet this deal);
    - ``unseen[t]`` how many cards of t's hand were never seen played; their
      half rings must sum to ``target[t]`` or ``target[t] + 1``;
    - ``pool[c, :npool[c]]`` the cards of class c never seen played and not
      in our hand;
    - ``ways[j, r1, r2]`` the number of ways to fill the hands of the other
      seats from the j-th on (in seat order) and the undealt rest from a pool
      left with r1 cards of class 1 and r2 of class 2 (only for pools the
      hands before the j-th can leave; 0 elsewhere);
    - ``ok`` False if no world agrees with the view (never in a real game).
    """
    n = st[S_PLAYERS]
    n_cards = st[S_N_CARDS]
    mine = np.zeros(MAX_CARD + 2, np.bool_)
    for j in range(hand_n(st, seat)):
        mine[hand_card(st, seat, j)] = True
    seat_of_hand = np.zeros(MAXP, np.int64)
    for t in range(n):
        seat_of_hand[st[S_HAND_ID + t]] = t
    known = np.zeros((MAXP, HAND_SIZE), np.int64)
    nknown = np.zeros(MAXP, np.int64)
    unseen = np.full(MAXP, HAND_SIZE, np.int64)
    target = np.zeros(MAXP, np.int64)
    for t in range(n):
        target[t] = 2 * st[S_RINGS_FULL + t]
    pool = np.zeros((CLASSES, CLASS_MAX), np.int64)
    npool = np.zeros(CLASSES, np.int64)
    for v in range(1, n_cards + 1):
        h1 = st[S_CARD_HAND + v]
        if h1 == 0:
            if not mine[v]:
                c = core.ring_halves(v, n_cards)
                pool[c, npool[c]] = v
                npool[c] += 1
            continue
        t = seat_of_hand[h1 - 1]
        unseen[t] -= 1
        target[t] -= core.ring_halves(v, n_cards)
        if not played_this_deal(st, v) and t != seat and nknown[t] < HAND_SIZE:
            known[t, nknown[t]] = v
            nknown[t] += 1

    # ways[j]: hands of the others from the j-th on, then the undealt rest
    others = np.zeros(MAXP, np.int64)
    m = 0
    for t in range(n):
        if t != seat:
            others[m] = t
            m += 1
    left = np.zeros(MAXP + 1, np.int64)  # pool cards left before the j-th other hand
    left[m] = n_cards - n * HAND_SIZE
    for j in range(m - 1, -1, -1):
        left[j] = left[j + 1] + unseen[others[j]]
    ways = np.zeros((m + 1, npool[1] + 1, npool[2] + 1), np.float64)  # only what draws read: zeroing is per decision
    for r1 in range(npool[1] + 1):
        for r2 in range(npool[2] + 1):
            if r1 + r2 <= left[m]:
                ways[m, r1, r2] = 1.0
    for j in range(m - 1, -1, -1):
        t = others[j]
        dealt = left[0] - left[j]  # drawn by the hands before the j-th: only pools this small are reached
        for r1 in range(max(npool[1] - dealt, 0), npool[1] + 1):
            for r2 in range(max(npool[2] - dealt, 0), npool[2] + 1):
                r0 = left[j] - r1 - r2
                if r0 < 0:
                    continue
                total = 0.0
                for x2 in range(min(r2, unseen[t]) + 1):
                    for x1 in (target[t] - 2 * x2, target[t] + 1 - 2 * x2):
                        total += _option_weight(ways, j, r0, r1, r2, unseen[t], x1, x2)
                ways[j, r1, r2] = total
    ok = left[0] == npool[0] + npool[1] + npool[2] and ways[0, npool[1], npool[2]] > 0.0
    return known, nknown, unseen, target, pool, npool, ways, ok


@njit(cache=True, inline="always")
def _draw(rs, pool, c, used, size, x, hands, t, j):
    """Move x cards of class c, uniformly, from the pool (``used`` of its
    ``size`` cards drawn so far) into hands[t, j:]; returns (rs, j, used)."""
    for _ in range(x):
        rs, r = rng.randbelow(rs, size - used)
        a = used + r
        tmp = pool[c, used]
        pool[c, used] = pool[c, a]
        pool[c, a] = tmp
        hands[t, j] = pool[c, used]
        used += 1
        j += 1
    return rs, j, used


@njit(cache=True)
def sample_world(rs, seat, st, known, nknown, unseen, target, pool, npool, ways, hands, flood):
    """One world drawn from stream state ``rs``; returns the new state and the
    number of flood cards left.

    ``hands[t, :]`` gets the cards every other seat t holds now (its known
    cards first, then the sampled ones; seats out of the deal too), in no
    particular order; ``flood[:returned]`` the unrevealed flood cards in a
    uniformly random order. ``pool`` is reordered (it stays the same set).
    Arguments after ``st`` as returned by `prepare` (its ``ok`` must be True).
    """
    n = st[S_PLAYERS]
    used0 = used1 = used2 = 0  # drawn so far from each class (scalars: no allocation per world)
    i = 0  # t is the i-th other seat
    for t in range(n):
        if t == seat:
            continue
        for j in range(nknown[t]):
            hands[t, j] = known[t, j]
        # how many unseen cards of each class t gets, weighted by the worlds left
        r1 = npool[1] - used1
        r2 = npool[2] - used2
        r0 = npool[0] - used0
        rs, u = rng.uniform(rs)
        pick = u * ways[i, r1, r2]
        x0 = x1 = x2 = 0
        done = False
        for y2 in range(min(r2, unseen[t]) + 1):
            for y1 in (target[t] - 2 * y2, target[t] + 1 - 2 * y2):
                w = _option_weight(ways, i, r0, r1, r2, unseen[t], y1, y2)
                if w > 0.0:
                    # keep the last option with weight: a guard against rounding
                    x0, x1, x2 = unseen[t] - y1 - y2, y1, y2
                    if pick < w:
                        done = True
                        break
                    pick -= w
            if done:
                break
        i += 1
        j = nknown[t]
        rs, j, used0 = _draw(rs, pool, 0, used0, npool[0], x0, hands, t, j)
        rs, j, used1 = _draw(rs, pool, 1, used1, npool[1], x1, hands, t, j)
        rs, j, used2 = _draw(rs, pool, 2, used2, npool[2], x2, hands, t, j)
    nflood = 0
    for v in range(1, FLOOD_MAX + 1):
        for _ in range(st[S_FLOOD_LEFT + v]):
            flood[nflood] = v
            nflood += 1
    rs = rng.shuffle(rs, flood, nflood)
    return rs, nflood
