"""`sampler`: imagines the hidden cards many times and plays the card whose
imagined outcomes are best (determinized Monte Carlo)."""

import numpy as np
from numba import njit

from sim import rng
from sim._borrowed import borrow, borrow_shaped
from sim.games.landunter import core
from sim.games.landunter.layout import (
    FLOOD_CARDS,
    HAND_SIZE,
    MAXP,
    S_PLAYERS,
    hand_card,
    hand_n,
)
from sim.nb import keep_alive
from sim.registry import Param
from strategies.landunter.playout import (
    borrowed_script,
    borrowed_trace,
    deal,
    new_script,
    new_trace,
    play_card,
    same_outcome,
    write_script,
)
from strategies.landunter.registry import register
from strategies.landunter.worlds import prepare, sample_world


@register(
    "sampler",
    params=[
        Param("k", 16, 1, 4096, integer=True, doc="sampled worlds per decision (each is played out once per card)"),
        Param("rel", 0.0, 0.0, 1.0, doc="weight of the others' mean deal points subtracted from ours"),
    ],
    builtin_id=7,
)
@njit(cache=True)
def sampler(seat, st, params, u):
    """For each of k sampled worlds, drawn uniformly among those consistent
    with everything public (the others' hands hold the cards seen played from
    them in earlier deals and not this deal, the rest drawn from the cards
    never seen played and not in our hand so that every hand's shown ring
    count holds; the unrevealed flood cards in random order: `worlds`), play
    every card of our hand and finish the deal with everyone playing uniformly
    random cards; score = our deal points - rel * the others' mean. Play the
    card with the best total over the k worlds (ties: the lower card). All
    cards face the same k worlds and the same play-outs (common random
    numbers). Its random stream is seeded from u, so it is reproducible.
    The play-outs of one world share their work (`playout`)."""
    m = hand_n(st, seat)
    if m <= 1:
        return hand_card(st, seat, 0)
    k = int(params[0])
    if k < 1:
        k = 1
    rel = params[1]
    n = st[S_PLAYERS]
    rs = rng.game_stream(np.uint64(u * 9007199254740992.0), np.uint64(seat + 1))

    prepared = prepare(seat, st)
    if not prepared[7]:  # no world agrees with the view: cannot happen in play
        return hand_card(st, seat, 0)
    # The loops below pass and unpack their arrays as borrowed views (`sim._borrowed.borrow`):
    # owned arrays cost two atomic reference counts per pass, a third of the time.
    # The owners stay alive to the end (`owners`).
    known = borrow_shaped(prepared[0], np.int64)
    nknown = borrow(prepared[1], np.int64)
    unseen = borrow(prepared[2], np.int64)
    target = borrow(prepared[3], np.int64)
    pool = borrow_shaped(prepared[4], np.int64)
    npool = borrow(prepared[5], np.int64)
    ways = borrow_shaped(prepared[6], np.float64)
    flood_own = np.empty(FLOOD_CARDS, np.int64)
    flood = borrow(flood_own, np.int64)

    totals = np.zeros(m, np.float64)
    cards = np.empty(m, np.int64)  # our hand, lowest first
    for ci in range(m):
        cards[ci] = hand_card(st, seat, ci)
    dealt_own = st.copy()  # the view with this world's hands (only they change)
    world_own = st.copy()  # a play-out's state (`play_card` resets what it changes)
    dealt = borrow(dealt_own, np.int64)
    world = borrow(world_own, np.int64)
    pts = np.zeros(MAXP, np.int64)
    hands_own = np.zeros((MAXP, HAND_SIZE), np.int64)
    hands = borrow_shaped(hands_own, np.int64)
    script_own = new_script()
    trace_own = new_trace()
    script = borrowed_script(script_own)
    trace = borrowed_trace(trace_own)
    owners = (prepared, flood_own, dealt_own, world_own, hands_own, script_own, trace_own)
    for _s in range(k):
        rs, nflood = sample_world(rs, seat, st, known, nknown, unseen, target, pool, npool, ways, hands, flood)
        rs, play_seed = rng.next_u64(rs)
        deal(dealt, st, seat, hands)
        rounds = write_script(dealt, seat, play_seed, flood, nflood, script, world)
        # --- play every card of ours against this world
        val = 0.0
        for ci in range(m):
            if ci > 0 and same_outcome(cards[ci - 1], cards[ci], seat, trace, script):
                totals[ci] += val
                continue
            play_card(world, dealt, seat, cards[ci], rel == 0.0, rounds, script, trace)
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
    keep_alive(owners)
    return cards[best]
