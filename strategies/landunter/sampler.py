"""`sampler`: imagines the hidden cards many times and plays the card whose
imagined outcomes are best (determinized Monte Carlo)."""
import numpy as np
from numba import njit

from sim import rng
from sim.games.landunter import core
from sim.games.landunter.layout import (
    FLOOD_CARDS, FLOOD_MAX, HAND_SIZE, MAX_CARD, MAXP, S_CARD_HAND, S_DEAL, S_FLOOD_HI,
    S_FLOOD_LEFT, S_FLOOD_LO, S_HAND_HI, S_HAND_LO, S_HAND_N, S_IN, S_N_CARDS, S_PLAYERS, S_ROUND,
    STATE_SIZE, hand_card, hand_n, played_this_deal,
)
from sim.registry import Param
from strategies.landunter.registry import register


@register("sampler",
          params=[Param("k", 16, 1, 4096, integer=True,
                        doc="sampled worlds per decision (each is played out once per card)"),
                  Param("rel", 0.0, 0.0, 1.0,
                        doc="weight of the others' mean deal points subtracted from ours")],
          builtin_id=7)
@njit(cache=True)
def sampler(seat, st, params, u):
    """For each of k sampled worlds, consistent with what this seat has seen
    (the others' hands: cards seen played from their hand in earlier deals
    and not played this deal, the rest drawn from the cards never seen played
    and not in our hand; the unrevealed flood cards in random order), play
    every card of our hand and finish the deal with everyone playing uniformly
    random cards; score = our deal points - rel * the others' mean. Play the
    card with the best total over the k worlds (ties: the lower card). All
    cards face the same k worlds and the same play-outs (common random
    numbers). Its random stream is seeded from u, so it is reproducible."""
    m = hand_n(st, seat)
    if m <= 1:
        return hand_card(st, seat, 0)
    k = int(params[0])
    if k < 1:
        k = 1
    rel = params[1]
    n = st[S_PLAYERS]
    deal = st[S_DEAL]
    rnd0 = st[S_ROUND]
    rs = rng.game_stream(np.uint64(u * 9007199254740992.0), np.uint64(seat + 1))

    # --- what we know: our hand, each other seat's known cards, the unknown pool
    mine = np.zeros(MAX_CARD + 2, np.bool_)
    for j in range(m):
        mine[hand_card(st, seat, j)] = True
    pool = np.empty(MAX_CARD, np.int64)
    npool = 0
    known = np.zeros((MAXP, HAND_SIZE), np.int64)
    nknown = np.zeros(MAXP, np.int64)
    for v in range(1, st[S_N_CARDS] + 1):
        if mine[v]:
            continue
        h1 = st[S_CARD_HAND + v]
        if h1 == 0:
            pool[npool] = v
            npool += 1
        elif not played_this_deal(st, v):
            t = (h1 - 1 + deal) % n
            if t != seat and st[S_IN + t] == 1 and nknown[t] < HAND_SIZE:
                known[t, nknown[t]] = v
                nknown[t] += 1
    flood = np.empty(FLOOD_CARDS, np.int64)
    nflood = 0
    for v in range(1, FLOOD_MAX + 1):
        for _ in range(st[S_FLOOD_LEFT + v]):
            flood[nflood] = v
            nflood += 1

    totals = np.zeros(m, np.float64)
    world = np.empty(STATE_SIZE, np.int64)
    plays = np.zeros(MAXP, np.int64)
    pts = np.zeros(MAXP, np.int64)
    hands = np.zeros((MAXP, HAND_SIZE), np.int64)
    for _s in range(k):
        # --- sample one world
        used = 0
        for t in range(n):
            if t == seat or st[S_IN + t] == 0:
                continue
            size = st[S_HAND_N + t]
            kn = min(nknown[t], size)
            for j in range(kn):
                hands[t, j] = known[t, j]
            for j in range(kn, size):
                if used < npool:      # partial Fisher-Yates draw from the pool
                    rs, r = rng.randbelow(rs, npool - used)
                    a = used + r
                    tmp = pool[used]
                    pool[used] = pool[a]
                    pool[a] = tmp
                    hands[t, j] = pool[used]
                    used += 1
                else:                 # cannot happen for consistent states
                    hands[t, j] = 0
        rs = rng.shuffle(rs, flood, nflood)
        rs, play_seed = rng.next_u64(rs)
        # --- play every card of ours against this world
        for ci in range(m):
            world[:] = st
            for t in range(n):
                if t != seat and st[S_IN + t] == 1:
                    world[S_HAND_LO + t] = 0
                    world[S_HAND_HI + t] = 0
                    world[S_HAND_N + t] = 0
                    for j in range(st[S_HAND_N + t]):
                        core.add_card(world, t, hands[t, j])
            rr = play_seed
            rnd = rnd0
            lo = st[S_FLOOD_LO]
            hi = st[S_FLOOD_HI]
            fi = 0
            while True:
                for p in range(n):
                    if world[S_IN + p] == 1:
                        if p == seat and rnd == rnd0:
                            plays[p] = hand_card(st, seat, ci)
                        else:
                            rr, j = rng.randbelow(rr, world[S_HAND_N + p])
                            plays[p] = hand_card(world, p, j)
                for p in range(n):
                    if world[S_IN + p] == 1:
                        core.remove_card(world, p, plays[p])
                core.award_flood(world, n, plays, lo, hi)
                ended = core.flip_step(world, n)
                rnd += 1
                if ended or rnd >= HAND_SIZE or fi + 2 > nflood:
                    break
                if rel == 0.0 and world[S_IN + seat] == 0:
                    break
                a = flood[fi]
                b = flood[fi + 1]
                fi += 2
                lo = min(a, b)
                hi = max(a, b)
            core.score_deal(world, n, pts)
            val = float(pts[seat])
            if rel != 0.0 and n > 1:
                others = 0.0
                for p in range(n):
                    if p != seat:
                        others += pts[p]
                val -= rel * others / (n - 1)
            totals[ci] += val
    best = 0
    for ci in range(1, m):
        if totals[ci] > totals[best]:
            best = ci
    return hand_card(st, seat, best)
