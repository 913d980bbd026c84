"""A rollout's script: how the compiled engine plays on from a position seen
by one seat (hints and review costs at the play table, `sim.games.landunter.hint`).

The position is the start of the view's round (its flood cards revealed, no
card played yet: plays are simultaneous, so the cards the seats before have
chosen this round are hidden and chosen anew). What the seat cannot see comes
from a sampled world (`strategies.landunter.worlds`): the cards every other
seat holds now and the order of the flood cards still face down. The engine
(engine.py) sets the deal up from the view and the world, plays the seat's
first card as the choice under test and everything else by the bots, to the
end of the game, exactly as the reference engine's `play_on` would from the
same position.

A script is a tuple ``(seat, view, cards, hands, floods, streams)``: the
deciding seat and its view; the cards under test; per rollout k the world's
hands (``hands[k, t]``: the cards seat t holds now, the first of them as many
as it has left) and flood order (``floods[k]``), and the stream state that
shuffles the flood cards of later deals. Game g of a scripted batch is
rollout ``g // len(cards)`` of card ``g % len(cards)`` (common random numbers
across the cards); its seats' uniforms come from the bot streams of game
``first_game + k``.
"""

import numpy as np
from numba import njit

from sim import rng
from sim.games.landunter import core
from sim.games.landunter.bits import LO_CARDS
from sim.games.landunter.layout import (
    FLOOD_CARDS,
    HAND_SIZE,
    MAXP,
    S_CARD_HAND,
    S_DEAL,
    S_FLOOD_HI,
    S_FLOOD_LEFT,
    S_FLOOD_LO,
    S_HAND_HI,
    S_HAND_ID,
    S_HAND_LO,
    S_IN,
    S_ROUND,
    S_SCORE,
    STATE_SIZE,
    played_this_deal,
)
from sim.nb import popcount


def make(seat: int, view: np.ndarray, cards: list[int], hands: np.ndarray, floods: np.ndarray, streams: np.ndarray) -> tuple:
    """The script of rollouts of ``cards`` from ``view`` in the sampled worlds.
    Its arrays are writable copies: a read-only view would be another type to
    numba and compile the whole kernel a second time."""
    return (
        np.int64(seat),
        np.array(view, dtype=np.int64, order="C"),
        np.array(cards, dtype=np.int64),
        np.array(hands, dtype=np.int64, order="C"),
        np.array(floods, dtype=np.int64, order="C"),
        np.array(streams, dtype=np.uint64, order="C"),
    )


@njit(cache=True, inline="always")
def _bit(card):
    """``card``'s bit in its hand mask (cards 1..60 in the low mask, 61..72 in the high one)."""
    return np.int64(1) << ((card - 1) % LO_CARDS)


@njit(cache=True, inline="always")
def set_up(
    script,
    seed,
    first_game,
    g,
    n,
    n_cards,
    st,
    held,
    hand_masks_lo,
    hand_masks_hi,
    hand_strengths,
    hand_ring_counts,
    flood,
    bot_rs,
    score,
    elim,
    strength,
    hand_rings,
):
    """Rollout g's game at the script's position, in the engine's arrays: the
    public state (``st``), the hands held now (``held``), every hand as dealt
    by hand id (``hand_masks_lo``/``hand_masks_hi``, their strength and ring count), the deal's
    flood order, scores, bot streams. Returns (stream, deal, round, forced
    seat, its card)."""
    seat, view, cards, hands, floods, streams = script
    k = g // cards.shape[0]
    d0, r0 = view[S_DEAL], view[S_ROUND]
    for i in range(STATE_SIZE):
        st[i] = view[i]
    st[S_HAND_LO + seat] = 0  # the engine shows a hand only during its seat's call
    st[S_HAND_HI + seat] = 0
    lo, hi = view[S_FLOOD_LO], view[S_FLOOD_HI]
    st[S_FLOOD_LEFT + lo] += 1  # the position is before the round's reveal
    st[S_FLOOD_LEFT + hi] += 1
    for h in range(n):  # the cards each hand has shown this deal ...
        hand_masks_lo[h] = 0
        hand_masks_hi[h] = 0
    for c in range(1, n_cards + 1):
        h = view[S_CARD_HAND + c] - 1
        if h >= 0 and played_this_deal(view, c):
            if c <= LO_CARDS:
                hand_masks_lo[h] |= _bit(c)
            else:
                hand_masks_hi[h] |= _bit(c)
    for t in range(n):  # ... and those it holds now: the view's for the seat, the world's for the others
        hid = view[S_HAND_ID + t]
        if t == seat:
            held[t] = view[S_HAND_LO + t]
            held[MAXP + t] = view[S_HAND_HI + t]
        else:
            held[t] = 0
            held[MAXP + t] = 0
            for j in range(HAND_SIZE - popcount(hand_masks_lo[hid]) - popcount(hand_masks_hi[hid])):
                c = hands[k, t, j]
                held[t if c <= LO_CARDS else MAXP + t] |= _bit(c)
        hand_masks_lo[hid] |= held[t]
        hand_masks_hi[hid] |= held[MAXP + t]
        if view[S_IN + t] == 0:  # out of the deal: the hand is discarded
            held[t] = 0
            held[MAXP + t] = 0
    for h in range(n):
        hand_strengths[h] = 0
        hand_ring_counts[h] = 0
        for c in range(1, n_cards + 1):
            if (hand_masks_lo[h] if c <= LO_CARDS else hand_masks_hi[h]) & _bit(c):
                hand_strengths[h] += c
                hand_ring_counts[h] += core.ring_halves(c, n_cards)
        hand_ring_counts[h] //= 2
    for p in range(n):
        score[g, p] = view[S_SCORE + p]
        elim[g, p] = 0
        strength[g, d0, p] = hand_strengths[view[S_HAND_ID + p]]
        hand_rings[g, d0, p] = hand_ring_counts[view[S_HAND_ID + p]]
        bot_rs[p] = rng.bot_stream(seed, np.uint64(first_game + k), np.uint64(p))
    flood[2 * r0] = lo
    flood[2 * r0 + 1] = hi
    for j in range(FLOOD_CARDS - 2 * r0 - 2):
        flood[2 * r0 + 2 + j] = floods[k, j]
    return streams[k], d0, r0, seat, cards[g % cards.shape[0]]
