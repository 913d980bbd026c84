"""Compiled rule primitives of Land unter, acting in place on a state view.

The kernel (`engine.py`) plays games with them and the `sampler` bot plays out
imagined deals with them. Each mirrors a function of `reference.py`; the
differential test holds the two engines to the same outcomes. State layout:
`layout.py`.
"""

import numpy as np
from numba import njit

from sim import rng
from sim.games.landunter.bits import LO_CARDS
from sim.games.landunter.layout import (
    HAND_SIZE,
    MAX_CARD,
    MAXP,
    S_CASCADE_REPEAT,
    S_END_BEFORE_CASCADE,
    S_HAND_HI,
    S_HAND_LO,
    S_HAND_N,
    S_IN,
    S_N_IN,
    S_NO_FLOOD_LOWEST,
    S_RINGS,
    S_TIE_SIMULTANEOUS,
    S_TOP,
)
from sim.games.landunter.outputs import (
    HOLE_BOTH_BONUSES,
    HOLE_CUT_CASCADE,
    HOLE_FLOOD_TIE,
    HOLE_NO_FLOOD,
    HOLE_REPEAT_FLIPPER,
    HOLE_ZERO_RINGS,
)


@njit(cache=True, inline="always")
def ring_halves(card, n_cards):
    """Ring symbol of a weather card in half rings (see reference.ring_halves).

    Bands of 12 cards rise 0, 1, 2 and fall back symmetrically; with w =
    bands - 1 (4 for 60 cards, 5 for 72) band b has (w - |2b - w|) // 2 halves:
    0 1 2 1 0 or 0 1 2 2 1 0. Branch-free: dealt cards are random.
    """
    w = n_cards // 12 - 1
    return (w - abs(2 * ((card - 1) // 12) - w)) // 2


@njit(cache=True, inline="always")
def deal_hands(state, deck, n, n_cards, hand_masks_lo, hand_masks_hi, hand_strengths, hand_ring_counts):
    """Setup (reference `Game.__init__`): shuffle the weather cards and deal
    12 to each hand, hand h the cards h*12 .. h*12+11 of the shuffled deck.
    Fills each hand's card masks (``hand_masks_lo``: cards 1..60, ``hand_masks_hi``: 61..72), its
    strength (the sum of its card numbers) and its ring count (half rings
    summed, a leftover half rounded down). Returns the stream."""
    for i in range(n_cards):
        deck[i] = i + 1
    state = rng.shuffle(state, deck, n_cards)
    for h in range(n):
        hand_masks_lo[h] = 0
        hand_masks_hi[h] = 0
        hand_strengths[h] = 0
        hand_ring_counts[h] = 0
    for i in range(n * HAND_SIZE):
        c = deck[i]
        h = i // HAND_SIZE
        if c <= LO_CARDS:
            hand_masks_lo[h] |= np.int64(1) << (c - 1)
        else:
            hand_masks_hi[h] |= np.int64(1) << (c - LO_CARDS - 1)
        hand_strengths[h] += c
        hand_ring_counts[h] += ring_halves(c, n_cards)
    for h in range(n):
        hand_ring_counts[h] //= 2
    return state


@njit(cache=True, inline="always")
def take_from_mask(masks, lo, hi, card):
    """Clear ``card`` from the hand whose masks are ``masks[lo]`` (cards
    1..60) and ``masks[hi]`` (61..72); False (nothing changed) if the hand
    does not hold it. The engine keeps the hands it deals in a private array
    of masks; the state view and the sampler's worlds keep them at
    S_HAND_LO/HI + seat."""
    if card < 1 or card > MAX_CARD:
        return False
    if card <= LO_CARDS:
        idx = lo
        bit = np.int64(1) << (card - 1)
    else:
        idx = hi
        bit = np.int64(1) << (card - LO_CARDS - 1)
    if masks[idx] & bit == 0:
        return False
    masks[idx] ^= bit
    return True


@njit(cache=True, inline="always")
def remove_card(st, p, card):
    """Take ``card`` out of seat p's hand; False (hand unchanged) if not held."""
    if not take_from_mask(st, S_HAND_LO + p, S_HAND_HI + p, card):
        return False
    st[S_HAND_N + p] -= 1
    return True


@njit(cache=True, inline="always")
def eliminate(st, p):
    """Out for the rest of the deal: hand discarded, flood pile turned over."""
    st[S_IN + p] = 0
    st[S_TOP + p] = 0
    st[S_HAND_N + p] = 0
    st[S_HAND_LO + p] = 0
    st[S_HAND_HI + p] = 0
    st[S_N_IN] -= 1


@njit(cache=True, inline="always")
def award_flood(st, n, plays, lo, hi):
    """Step 3: highest weather card takes the lower flood card, second highest
    the higher one. ``plays[p]`` is p's card (players still in only).

    Branch-free: key = card*8 + seat (0 for players out); keep the two largest.
    """
    k1 = 0
    k2 = 0
    for p in range(MAXP):  # (fixed count: see `flip_step_counted`)
        if p < n:
            k1, k2 = keep_two(k1, k2, (plays[p] * 8 + p) * st[S_IN + p])
    award_keys(st, k1, k2, lo, hi)


@njit(cache=True, inline="always")
def keep_two(k1, k2, key):
    """The two largest of k1 >= k2 and key, largest first."""
    return max(k1, key), max(k2, min(k1, key))


@njit(cache=True, inline="always")
def award_keys(st, k1, k2, lo, hi):
    """Step 3 given the two highest play keys (card*8 + seat; 0 for none)."""
    if k1 > 0:
        st[S_TOP + (k1 & 7)] = lo
    if k2 > 0:
        st[S_TOP + (k2 & 7)] = hi


@njit(cache=True, inline="always")
def flip_step(st, n):
    """Step 4 with elimination and cascade, options [D1]–[D5] read from st.
    Returns True if the two-or-fewer rule ends the deal (reference.flip_step).
    For callers that count no rule holes (the sampler's imagined deals)."""
    return flip_step_counted(st, n)[0]


@njit(cache=True, inline="always")
def flip_step_counted(st, n):
    """`flip_step`, returning (ended, holes): the rule holes the step met
    (outputs.HOLE_* bits, as reference.flip_step).

    Fast path (most rounds): every player with the highest top flood card
    still has a ring, so each flips one and nobody goes out; the options
    [D1]–[D3] and every counted hole need someone to go out
    (`flip_step_full`). Players out of the deal have top 0, so they are never
    the highest.

    The loops run over a fixed `MAXP` seats, ``p < n`` masked: LLVM unrolls
    them into straight scalar code, where over ``range(n)`` it built vector
    loops whose set-up and reductions cost more than 3-6 seats do (the
    kernel's profile samples: -7%).
    """
    best = 0
    for p in range(MAXP):
        if p < n:
            best = max(best, st[S_TOP + p])
    if best == 0:  # [D5] nobody holds a flood card
        return False, 0
    broke = False  # someone with the highest top has no ring
    for p in range(MAXP):
        if p < n:
            broke |= (st[S_TOP + p] == best) & (st[S_RINGS + p] == 0)
    if broke:
        return flip_step_full(st, n)
    for p in range(MAXP):
        if p < n:
            st[S_RINGS + p] -= np.int64(st[S_TOP + p] == best)
    return False, 0


@njit(cache=True)
def flip_step_full(st, n):
    """Step 4 in full: flips, eliminations, cascade, options [D1]–[D5].
    Returns (ended, holes); the holes as reference.flip_step counts them."""
    repeat = st[S_CASCADE_REPEAT] != 0
    simultaneous = st[S_TIE_SIMULTANEOUS] != 0
    end_first = st[S_END_BEFORE_CASCADE] != 0
    flipped = 0
    ended = False
    holes = 0
    cascade = False
    while True:
        best = 0  # highest top among those who may flip now
        tied = 0  # how many of them hold it
        ringless = False  # one of those has no ring left
        top = 0  # highest top among all still in
        top_flipped = False  # held by one who already flipped in this step
        for p in range(n):
            if st[S_IN + p] == 1:
                t = st[S_TOP + p]
                done = ((flipped >> p) & 1) == 1
                if t > top:
                    top = t
                    top_flipped = done
                elif t == top:
                    top_flipped |= done
                if repeat or not done:
                    if t > best:
                        best = t
                        tied = 1
                        ringless = st[S_RINGS + p] == 0
                    elif t == best:
                        tied += 1
                        ringless |= st[S_RINGS + p] == 0
        if cascade:
            if top == 0:
                holes |= HOLE_NO_FLOOD
            elif top_flipped:
                holes |= HOLE_REPEAT_FLIPPER
        if best == 0:
            break
        if tied >= 2 and ringless:
            holes |= HOLE_FLOOD_TIE
        someone_out = False
        stop = False
        for p in range(n):
            if st[S_IN + p] == 1 and st[S_TOP + p] == best and (repeat or ((flipped >> p) & 1) == 0):
                flipped |= 1 << p
                if st[S_RINGS + p] > 0:
                    st[S_RINGS + p] -= 1
                else:
                    eliminate(st, p)
                    someone_out = True
                    if not simultaneous and st[S_N_IN] <= 2:
                        ended = True
                        holes |= cut_short(st, n, repeat, flipped)
                        if end_first:
                            stop = True
                            break
        if stop:
            break
        if someone_out and st[S_N_IN] <= 2:
            ended = True
            holes |= cut_short(st, n, repeat, flipped)
            if end_first:
                break
        if not someone_out:
            break
        cascade = True
    return ended, holes


@njit(cache=True, inline="always")
def cut_short(st, n, repeat, flipped):
    """[D3] (reference.cut_short): the two-or-fewer rule ends the deal while a
    player still in may still flip in this step."""
    for p in range(n):
        if st[S_IN + p] == 1 and st[S_TOP + p] > 0 and (repeat or ((flipped >> p) & 1) == 0):
            return HOLE_CUT_CASCADE
    return 0


@njit(cache=True)
def score_holes(st, n):
    """The rule holes ([D6], [D7]) the deal's scoring meets (reference.score_holes)."""
    holders = 0
    empty = 0
    ringless = False
    for p in range(n):
        if st[S_IN + p] == 1:
            holders += st[S_TOP + p] > 0
            empty += st[S_TOP + p] == 0
            ringless |= st[S_RINGS + p] == 0
    return (HOLE_BOTH_BONUSES if holders > 0 and empty > 0 else 0) | (HOLE_ZERO_RINGS if ringless else 0)


@njit(cache=True, inline="always")
def score_deal(st, n, out):
    """Deal scoring into out[0:n] (reference.score_deal)."""
    lowest = 1 << 30
    any_empty = False
    for p in range(n):
        if st[S_IN + p] == 1:
            t = st[S_TOP + p]
            if t == 0:
                any_empty = True
            elif t < lowest:
                lowest = t
    only_empty = any_empty and st[S_NO_FLOOD_LOWEST] != 0
    for p in range(n):
        if st[S_IN + p] == 1:
            t = st[S_TOP + p]
            pts = st[S_RINGS + p]
            if t == 0:
                pts += 1
            elif t == lowest and not only_empty:
                pts += 1
            out[p] = pts
        else:
            out[p] = -1
