"""`planner`: exact single-diver planning by dynamic programming."""

import numpy as np
from numba import njit

from sim.games.luft import forecast as fc, layout as v
from sim.registry import Param
from strategies.luft.registry import register

AIR_CAP = 120  # air above this is planned as this much (only unusual rules reach it)


@njit(cache=True)
def _moves(st, seat, path_len):
    """Fields reached by s = 0..6 steps up / down from each field 0..path_len,
    skipping the fields the others occupy now (held fixed)."""
    occ = np.zeros(path_len + 2, np.bool_)
    for s in range(st[v.N_PLAYERS]):
        f = st[v.POS + s]
        if s != seat and st[v.BACK + s] == 0 and 0 < f <= path_len:
            occ[f] = True
    upd = np.zeros((path_len + 1, 7), np.int64)
    dnd = np.zeros((path_len + 1, 7), np.int64)
    for q in range(path_len + 1):
        for s in range(7):
            x = q
            for _ in range(s):
                x = max(x - 1, 0)
                while x > 0 and occ[x]:
                    x -= 1
                if x == 0:
                    break
            upd[q, s] = x
            x = q
            for _ in range(s):
                f = x + 1
                while f <= path_len and occ[f]:
                    f += 1
                if f > path_len:
                    break
                x = f
            dnd[q, s] = x
    return upd, dnd


@njit(cache=True, inline="always")
def _up_next(H, K, x, load, a, lo):
    """P(home) heading up after a swim that ended on field x (not home) with
    air a: the others breathe lo (the dive ends if that empties the air), the
    diver breathes its load and swims again from x."""
    if a == 0 or a <= lo:
        return 0.0
    return H[load, x, K[load, max(a - lo - load, 0)]]


@njit(cache=True, inline="always")
def _down_next(DP, DG, x, q, load, a, lo):
    """(P, G) of the down table at the diver's next turn-back step on field x."""
    if a == 0 or a <= lo:
        return 0.0, 0.0
    a2 = max(a - lo - load, 0)
    if x == q and a2 == a:  # stuck at the deep end and nobody breathes: stalemate
        return 0.0, 0.0
    return DP[x, load, a2], DG[x, load, a2]


@njit(cache=True)
def up_table(upd, qmax, lmin, lmax, a0, lo):
    """(H, K) with U[q, l, a] = H[l, q, K[l, a]]: the chance to get home, at
    the turn-back step on field q heading up with load l and air a (this
    turn's breath taken), others' load lo; loads lmin..lmax filled.

    Heading up the load stays, so the air only counts the swims left: K[l, a]
    = this one plus one per later turn (air - lo > 0 before it), and H[l, q, k]
    is the chance to get home from q within k swims. A table over swims is
    smaller than one over air by the air burnt per round, lo + l; when nobody
    carries (lo + l = 0) the air never runs out, and qmax + 1 swims are as
    good as unlimited (every swim moves up). Same values, same sums as a
    table over (q, l, a)."""
    p = fc.SWIM_P
    K = np.ones((lmax + 1, a0 + 1), np.int64)
    kmax = 1
    for l in range(lmin, lmax + 1):
        for a in range(1, a0 + 1):
            if a > lo:
                K[l, a] = qmax + 1 if lo + l == 0 else 1 + K[l, max(a - lo - l, 0)]
        kmax = max(kmax, K[l, a0])
    H = np.zeros((lmax + 1, qmax + 1, kmax + 1))
    for l in range(lmin, lmax + 1):
        endless = lo + l == 0  # unlimited swims: only k = 1 and qmax + 1 are read
        for k in range(1, K[l, a0] + 1):
            if endless and 1 < k <= qmax:
                continue
            prev = k if endless and k > 1 else k - 1
            H[l, 0, k] = 1.0
            for q in range(1, qmax + 1):
                acc = 0.0
                for val in range(2, 7):
                    x = upd[q, max(val - l, 0)]
                    if x == 0:
                        acc += p[val]
                    else:
                        acc += p[val] * H[l, x, prev]
                H[l, q, k] = acc
    return H, K


@njit(cache=True)
def _reached(l0, lmax, a0, lo, pos, path_len, n):
    """Q[l, a]: the deepest field at which the down table is read at load l
    and air a from (pos, l0, a0); -1: never read. Each turn-back step burns
    lo + l (l + 1 after a pick-up), and k swims go at most 6k free fields
    deeper, plus the n - 1 fields others may hold."""
    K = np.full((lmax + 1, a0 + 1), -1, np.int64)  # most swims to get there
    K[l0, a0] = 0
    for a in range(a0, lo, -1):
        for l in range(l0, lmax + 1):
            if K[l, a] >= 0:
                a2 = max(a - lo - l, 0)
                if a2 == a:  # nobody breathes: any number of swims
                    K[l, a] = path_len
                K[l, a2] = max(K[l, a2], K[l, a] + 1)
                if l < lmax:
                    a3 = max(a - lo - l - 1, 0)
                    K[l + 1, a3] = max(K[l + 1, a3], K[l, a] + 1)
    Q = np.full((lmax + 1, a0 + 1), -1, np.int64)
    for l in range(l0, lmax + 1):
        for a in range(a0 + 1):
            if K[l, a] >= 0:
                Q[l, a] = min(path_len, pos + 6 * K[l, a] + n - 1)
    return Q


@njit(cache=True, inline="always")
def _stay(DP, DG, dnd, wref, ival, q, l, a, lo, w0, l0, lmax):
    """(P, G) of staying down at the turn-back step on field q: swim, then
    take the treasure landed on iff the plan prefers it (ival[x]: the
    estimated points lying on field x)."""
    ps = 0.0
    gs = 0.0
    for val in range(2, 7):
        x = dnd[q, max(val - l, 0)]
        p0, g0 = _down_next(DP, DG, x, q, l, a, lo)
        if x > q and ival[x] != 0.0 and l < lmax:
            p1, g1 = _down_next(DP, DG, x, q, l + 1, a, lo)
            g1 += ival[x] * p1
            wx = w0 + (l - l0) * wref[x]
            if wx * p1 + g1 > wx * p0 + g0:
                p0 = p1
                g0 = g1
        ps += fc.SWIM_P[val] * p0
        gs += fc.SWIM_P[val] * g0
    return ps, gs


@njit(cache=True)
def plan_action(phase, seat, st, extra):
    """Solve the single-diver MDP and return the action for this decision.
    See `planner` for the model."""
    path_len = st[v.PATH_LEN]
    pos = st[v.POS + seat]
    l0 = st[v.N_CARRIED + seat]
    heading_up = st[v.HEADING_UP + seat] == 1
    if heading_up and phase != v.PHASE_TREASURE:
        return v.STAY_DOWN
    a0 = min(st[v.AIR], AIR_CAP)
    lo = fc.others_load(st, seat)
    w0 = fc.carried_value(st, seat)
    can_back_empty = st[v.TURN_BACK_NEEDS_TREASURE] == 0
    lmax = max(l0, min(l0 + extra, 6))
    upd, dnd = _moves(st, seat, path_len)
    if heading_up:
        H, K = up_table(upd, pos, max(l0 - 1, 0), min(l0 + 1, lmax), a0, lo)
        keep = w0 * _up_next(H, K, pos, l0, a0, lo)
        if v.can_pick_up(st, seat) and l0 + 1 <= lmax:
            w = fc.item_value(st[v.PATH + pos - 1])
            if (w0 + w) * _up_next(H, K, pos, l0 + 1, a0, lo) > keep:
                return v.PICK_UP
        if v.can_drop(st, seat):
            k = fc.cheapest_carried(st, seat)
            w = fc.item_value(st[v.CARRIED + seat * v.MAX_PATH + k])
            if (w0 - w) * _up_next(H, K, pos, l0 - 1, a0, lo) > keep:
                return v.DROP + k
        return v.NOTHING
    H, K = up_table(upd, path_len, l0, lmax, a0, lo)
    # Heading down. wref[q]: value credited per extra treasure in the choices
    # at field q, the best item lying on fields pos..q.
    wref = np.zeros(path_len + 1)
    ival = np.zeros(path_len + 1)
    best = 0.0
    for q in range(1, path_len + 1):
        ival[q] = fc.item_value(st[v.PATH + q - 1])
        if q >= pos and ival[q] > best:
            best = ival[q]
        wref[q] = best
    # (DP, DG)[q, l, a] at the turn-back step on field q heading down: under
    # the plan, P = chance to get home, G = expected points of treasures
    # picked from here on that get home. The plan maximises W x P + G with W
    # = w0 + (l - l0) x wref[q]. Fill a ascending, l descending, q descending,
    # only the states the decision can reach.
    Q = _reached(l0, lmax, a0, lo, pos, path_len, st[v.N_PLAYERS])
    DP = np.zeros((path_len + 1, lmax + 1, a0 + 1))
    DG = np.zeros((path_len + 1, lmax + 1, a0 + 1))
    for a in range(a0 + 1):
        for l in range(lmax, l0 - 1, -1):
            ka = K[l, a]
            for q in range(Q[l, a], pos - 1, -1):
                ps, gs = _stay(DP, DG, dnd, wref, ival, q, l, a, lo, w0, l0, lmax)
                ws = w0 + (l - l0) * wref[q]
                pb = H[l, q, ka]
                if (l > 0 or can_back_empty) and ws > 0.0 and ws * pb >= ws * ps + gs:
                    ps = pb
                    gs = 0.0
                DP[q, l, a] = ps
                DG[q, l, a] = gs
    if phase == v.PHASE_TURN_BACK:
        ps, gs = _stay(DP, DG, dnd, wref, ival, pos, l0, a0, lo, w0, l0, lmax)
        if w0 > 0.0 and w0 * H[l0, pos, K[l0, a0]] >= w0 * ps + gs:
            return v.TURN_BACK
        return v.STAY_DOWN
    if v.can_pick_up(st, seat) and l0 + 1 <= lmax:
        w = ival[pos]
        p0, g0 = _down_next(DP, DG, pos, -1, l0, a0, lo)
        p1, g1 = _down_next(DP, DG, pos, -1, l0 + 1, a0, lo)
        if (w0 + w) * p1 + g1 > w0 * p0 + g0:
            return v.PICK_UP
    return v.NOTHING


@register(
    "planner",
    params=[
        Param("extra", 3, 1, 5, integer=True, doc="most treasures it plans to add to its load"),
    ],
    builtin_id=8,
)
@njit(cache=True, inline="always")
def planner(phase, seat, st, params, u):
    """Solves this dive for itself alone as a Markov decision problem over
    (field, load, air), the others' loads and fields held at their current
    values (their fields are skipped), by backward induction over the swim
    distribution 2..6 with P = 1,2,3,2,1/9: U[field, load, air] = chance to get
    home heading up (no pick-ups on the way up); heading down, at each field
    reached it may take the treasure it lands on (each field once; at most
    `extra` more than it carries now, never beyond 6) and at each turn-back
    step it may turn back. It maximises the expected points brought home
    (level means 1.5, 5.5, 9.5, 13.5 per card): W x P(home) + G, where G is
    the expected value of future pick-ups that get home and W the value
    carried — exact now, and inside the plan the current W plus, per extra
    treasure, the best item lying between its field now and the field of
    the choice. Heading up it picks up or drops the cheapest item iff that
    raises W x U. Air above 120 is planned as 120. Tables are rebuilt at
    every decision, only over the states the decision can reach; no
    simulation."""
    return plan_action(phase, seat, st, int(params[0]))
