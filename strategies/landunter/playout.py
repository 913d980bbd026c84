"""Random play-outs of one sampled world for every card the deciding seat
could play (`sampler`), sharing the work the cards have in common.

Every play-out of a world starts from the same stream state, and all hands
still in hold equal counts, so each draw's bound is the same whatever card
was tried. Until somebody goes out, the others therefore play the same cards
in every play-out and the seat picks the same positions in its hand: the
script, written once per world (`write_script`). A card's play-out follows the script and
plays only the seat's cards; once somebody goes out (a different set of
players draws from then on), it continues draw by draw from the script's
stream state and hands after that round (`_draw_by_draw`). The outcome is
exactly that of playing the whole deal draw by draw. (Scripts for the draws
after each way of going out, kept per world, made the sampler slower.)

Cards affect a deal only through who takes the flood cards: in each round,
whether the seat's card beats none, one or two of the others' cards still
in play (its `_rank`; with two flood cards of one value, one or two is
alike). So the next higher card of the seat's hand needs no
play-out of its own when it ranks like the last card tried in round 0 and in
the round where that card's play-out played it (`same_outcome`): the two
play-outs swap those two cards and are otherwise the same deal.
"""

import numpy as np
from numba import njit

from sim import rng
from sim._borrowed import borrow, borrow_shaped
from sim.games.landunter import core
from sim.games.landunter.bits import LO_CARDS
from sim.games.landunter.layout import (
    HAND_SIZE,
    MAXP,
    S_FLOOD_HI,
    S_FLOOD_LO,
    S_HAND_HI,
    S_HAND_LO,
    S_HAND_N,
    S_IN,
    S_N_IN,
    S_PLAYERS,
    S_RINGS,
    S_ROUND,
    S_TOP,
    mask_card,
)


@njit(cache=True)
def new_script():
    """Scratch arrays of a script, allocated once per decision:
    ``(picks, masks, states, lo, hi, top1, top2)``; see `write_script`."""
    return (
        np.zeros(HAND_SIZE, np.int64),
        np.zeros((HAND_SIZE, MAXP, 2), np.int64),
        np.zeros(HAND_SIZE, np.uint64),
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(HAND_SIZE, np.int64),
    )


@njit(cache=True)
def new_trace():
    """Scratch arrays of the trace of a play-out, allocated once per decision:
    ``(cards, top1, top2, played)``; see `play_card`."""
    return (
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(1, np.int64),
    )


@njit(cache=True, inline="always")
def borrowed_script(script):
    """A script's arrays (`new_script`) as borrowed views (`sim._borrowed.borrow`):
    every play-out unpacks the script and its trace, and each array unpacked
    from a tuple of owned arrays costs two atomic reference counts (a third
    of the sampler's time). The owner must outlive the views."""
    picks, masks, states, lo, hi, top1, top2 = script
    return (
        borrow(picks, np.int64),
        borrow_shaped(masks, np.int64),
        borrow(states, np.uint64),
        borrow(lo, np.int64),
        borrow(hi, np.int64),
        borrow(top1, np.int64),
        borrow(top2, np.int64),
    )


@njit(cache=True, inline="always")
def borrowed_trace(trace):
    """A trace's arrays (`new_trace`) as borrowed views, as `borrowed_script`."""
    cards, top1, top2, played = trace
    return borrow(cards, np.int64), borrow(top1, np.int64), borrow(top2, np.int64), borrow(played, np.int64)


@njit(cache=True)
def deal(dealt, st, seat, hands):
    """Put a sampled world's hands (`worlds.sample_world`) into ``dealt``, a
    copy of the view ``st``: every other seat still in gets ``hands[t]``."""
    for t in range(st[S_PLAYERS]):
        if t != seat and st[S_IN + t] == 1:
            h_lo = np.int64(0)
            h_hi = np.int64(0)
            for j in range(st[S_HAND_N + t]):
                c = hands[t, j]
                if c <= LO_CARDS:
                    h_lo |= np.int64(1) << (c - 1)
                else:
                    h_hi |= np.int64(1) << (c - LO_CARDS - 1)
            dealt[S_HAND_LO + t] = h_lo
            dealt[S_HAND_HI + t] = h_hi
            dealt[S_HAND_N + t] = st[S_HAND_N + t]


@njit(cache=True, inline="always")
def _without(h_lo, h_hi, c):
    """The masks of a hand holding ``c`` after ``c`` is played: the play-outs
    keep the hands they change in local masks, not in the state array."""
    if c <= LO_CARDS:
        return h_lo ^ (np.int64(1) << (c - 1)), h_hi
    return h_lo, h_hi ^ (np.int64(1) << (c - LO_CARDS - 1))


@njit(cache=True, inline="always")
def _rank(card, seat, top1, top2, lo, hi):
    """0: the seat's card takes the lower flood card, 1: the higher, 2: none.
    With two flood cards of one value (``lo == hi``) taking either ends the
    round alike, so 1 counts as 0."""
    key = card * 8 + seat
    rank = np.int64(key < top1) + np.int64(key < top2)
    if rank == 1 and lo == hi:
        return 0
    return rank


@njit(cache=True)
def write_script(dealt, seat, seed, flood, nflood, script, scratch):
    """Play the world ``dealt`` (every hand filled in) on the assumption that
    nobody goes out; returns the rounds a play-out can last.

    For round r: ``top1[r]``/``top2[r]`` the two highest play keys
    (`core.award_flood`) of the others still in, ``picks[r]`` the
    position in its hand of the seat's card (from round 1), ``masks[r, p]``
    the others' hands after the round (S_HAND_LO, S_HAND_HI), ``states[r]``
    the stream after the round's draws, ``lo[r]``/``hi[r]`` the flood cards
    on offer (the view's, then ``flood`` two by two). ``scratch`` (a
    state-sized array) gets the others' hands as played.
    """
    picks, masks, states, lo, hi, top1, top2 = script
    n = dealt[S_PLAYERS]
    m = dealt[S_HAND_N + seat]
    rounds = min(HAND_SIZE - dealt[S_ROUND], nflood // 2 + 1)
    lo[0] = dealt[S_FLOOD_LO]
    hi[0] = dealt[S_FLOOD_HI]
    for r in range(1, rounds):
        a = flood[2 * r - 2]
        b = flood[2 * r - 1]
        lo[r] = min(a, b)
        hi[r] = max(a, b)
    for p in range(n):
        scratch[S_HAND_LO + p] = dealt[S_HAND_LO + p]
        scratch[S_HAND_HI + p] = dealt[S_HAND_HI + p]
        scratch[S_HAND_N + p] = dealt[S_HAND_N + p]
    rr = seed
    for r in range(rounds):
        k1 = 0
        k2 = 0
        for p in range(n):
            if dealt[S_IN + p] == 1 and not (p == seat and r == 0):
                rr, j = rng.randbelow(rr, m - r)
                if p == seat:
                    picks[r] = j
                else:
                    h_lo = scratch[S_HAND_LO + p]
                    h_hi = scratch[S_HAND_HI + p]
                    c = mask_card(h_lo, h_hi, j)
                    h_lo, h_hi = _without(h_lo, h_hi, c)
                    k1, k2 = core.keep_two(k1, k2, c * 8 + p)
                    scratch[S_HAND_LO + p] = h_lo
                    scratch[S_HAND_HI + p] = h_hi
                    scratch[S_HAND_N + p] -= 1
                    masks[r, p, 0] = h_lo
                    masks[r, p, 1] = h_hi
        states[r] = rr
        top1[r] = k1
        top2[r] = k2
    return rounds


@njit(cache=True, inline="always")
def play_card(world, dealt, seat, card, stop_when_out, rounds, script, trace):
    """Play ``card`` in the world ``dealt`` and finish the deal with everyone
    playing uniformly random cards, as the script says; leaves the final state
    in ``world``, which must hold the view's other fields (a copy of it). With
    ``stop_when_out`` it may stop once the seat is out (its points are then
    known).

    ``trace`` gets the play-out's rounds: the seat's card (0 once it is out)
    and the two highest of the others' play keys in each, and how many were
    played. While the script runs, the seat's hand lives in two local masks
    (written to ``world`` when it ends).
    """
    picks, masks, states, lo, hi, top1, top2 = script
    cards, t_top1, t_top2, played = trace
    n = dealt[S_PLAYERS]
    for p in range(n):
        world[S_TOP + p] = dealt[S_TOP + p]
        world[S_RINGS + p] = dealt[S_RINGS + p]
        world[S_IN + p] = dealt[S_IN + p]
    world[S_N_IN] = dealt[S_N_IN]
    n_in = dealt[S_N_IN]
    h_lo = dealt[S_HAND_LO + seat]
    h_hi = dealt[S_HAND_HI + seat]
    c = card
    r = 0
    ended = False
    while r < rounds:
        if r > 0:
            c = mask_card(h_lo, h_hi, picks[r])
        h_lo, h_hi = _without(h_lo, h_hi, c)
        cards[r] = c
        t_top1[r] = top1[r]
        t_top2[r] = top2[r]
        k1, k2 = core.keep_two(top1[r], top2[r], c * 8 + seat)
        core.award_keys(world, k1, k2, lo[r], hi[r])
        r += 1
        ended = core.flip_step(world, n)
        if ended or world[S_N_IN] != n_in:
            break
    played[0] = r
    if world[S_IN + seat] == 1:
        world[S_HAND_LO + seat] = h_lo
        world[S_HAND_HI + seat] = h_hi
        world[S_HAND_N + seat] = dealt[S_HAND_N + seat] - r
    if ended or world[S_N_IN] == n_in or (stop_when_out and world[S_IN + seat] == 0):
        return
    # somebody went out: the draws change
    for p in range(n):
        if p != seat and world[S_IN + p] == 1:
            world[S_HAND_LO + p] = masks[r - 1, p, 0]
            world[S_HAND_HI + p] = masks[r - 1, p, 1]
            world[S_HAND_N + p] = dealt[S_HAND_N + seat] - r
    _draw_by_draw(world, seat, states[r - 1], r, rounds, lo, hi, stop_when_out, trace)


@njit(cache=True)
def _draw_by_draw(world, seat, rr, first, rounds, lo, hi, stop_when_out, trace):
    """Rounds ``first`` .. ``rounds - 1`` of a play-out, each seat still in
    drawing its card from stream state ``rr`` (hands in ``world``), in one
    pass over the seats: a seat's draw reads only its own hand."""
    cards, t_top1, t_top2, played = trace
    n = world[S_PLAYERS]
    for r in range(first, rounds):
        played[0] = r + 1
        k1 = k2 = 0  # everyone's two highest play keys
        o1 = o2 = 0  # the others'
        mine = 0  # the seat's card (0 once it is out)
        for p in range(n):
            if world[S_IN + p] == 1:
                rr, j = rng.randbelow(rr, world[S_HAND_N + p])
                h_lo = world[S_HAND_LO + p]
                h_hi = world[S_HAND_HI + p]
                c = mask_card(h_lo, h_hi, j)
                world[S_HAND_LO + p], world[S_HAND_HI + p] = _without(h_lo, h_hi, c)
                world[S_HAND_N + p] -= 1
                k1, k2 = core.keep_two(k1, k2, c * 8 + p)
                if p == seat:
                    mine = c
                else:
                    o1, o2 = core.keep_two(o1, o2, c * 8 + p)
        cards[r] = mine
        t_top1[r] = o1
        t_top2[r] = o2
        core.award_keys(world, k1, k2, lo[r], hi[r])
        if core.flip_step(world, n):
            return
        if stop_when_out and world[S_IN + seat] == 0:
            return


@njit(cache=True, inline="always")
def same_outcome(last, card, seat, trace, script):
    """True if playing ``card`` ends the deal exactly as playing ``last``, the
    next lower card of the seat's hand, did in the play-out ``trace`` records;
    then ``trace`` becomes the record of ``card``'s play-out.

    The two hands differ in one card until the round in which ``last``'s
    play-out plays ``card``; from there on they are equal. If ``card`` ranks
    like ``last`` in round 0 and in that round, everybody takes the same flood
    cards in both play-outs, so the stream, the hands drawn from and the deal
    are the same. ``script``: the world's (for the flood cards on offer)."""
    cards, top1, top2, played = trace
    lo, hi = script[3], script[4]
    if _rank(last, seat, top1[0], top2[0], lo[0], hi[0]) != _rank(card, seat, top1[0], top2[0], lo[0], hi[0]):
        return False
    for r in range(1, played[0]):
        if cards[r] == card:
            if _rank(last, seat, top1[r], top2[r], lo[r], hi[r]) != _rank(card, seat, top1[r], top2[r], lo[r], hi[r]):
                return False
            cards[r] = last
            break
    cards[0] = card
    return True
