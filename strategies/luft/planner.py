"""`planner`: exact single-diver planning by dynamic programming.

Two facts make the solve cheap without changing a single value. The others'
fields are skipped when swimming, so a swim of s steps moves s free fields:
numbered by free fields only (0 = submarine, 1..C), up is c - s and down is
c + s, whoever holds which field. The chance to get home heading up then
depends on nothing the game changes, and `HOME` holds it for every load,
number of swims and free-field count, built once at import. Heading down the
table is filled only over the rows (load, air) the decision can reach, each
over the band of free fields it can reach, and a row's pick-up choices at a
field are made once, not once per field that swims there.

It plans at most 3 more treasures by default (`extra`). `extra=2` skips the
rows of a third, 40% of the time, and decides otherwise on few positions
(6 of 7,166 recorded ones), but not on none: the default stays 3, so every
published run replays (README "Speed").
"""

import numpy as np
from numba import njit

from sim.games.luft import forecast as fc, layout as v
from sim.registry import Param
from strategies.luft.registry import register

AIR_CAP = 120  # air above this is planned as this much (only unusual rules reach it)
MAX_LOAD = 6  # the planner never plans to carry more
# Swims beyond this change no chance to get home in HOME: only loads 0 and 1
# (every swim moves them a field or more, up to MAX_PATH fields) get more.
SWIMS_CAP = v.MAX_PATH


def home_table() -> np.ndarray:
    """HOME[l, k, c]: the chance to get home heading up with load l within
    k swims from the c-th free field (fields others hold are skipped). The
    recursion of the per-decision table this replaced, term for term:
    H[l, k, c] = sum over the swim values val of P(val) x (1 if c - s <= 0
    else H[l, k - 1, c - s]), s = max(val - l, 0)."""
    n = v.MAX_PATH + 1
    home = np.zeros((MAX_LOAD + 1, SWIMS_CAP + 1, n))
    home[:, 1:, 0] = 1.0
    loads = np.arange(MAX_LOAD + 1)[:, None]
    # flat index of (l, x) in one k-slice, x = the free field a swim of val reaches
    land = [loads * n + np.maximum(np.arange(1, n) - np.maximum(val - loads, 0), 0) for val in range(2, 7)]
    for k in range(1, SWIMS_CAP + 1):
        before = home[:, k - 1, :].ravel()
        acc = np.zeros((MAX_LOAD + 1, n - 1))
        for val, flat in zip(range(2, 7), land):
            p = fc.SWIM_P[val]
            acc = acc + np.where(flat % n == 0, p, p * before[flat])
        home[:, k, 1:] = acc
    return home


HOME = home_table()


@njit(cache=True)
def swims(l, a, lo, endless):
    """Swims left heading up from a turn-back step with air a (this turn's
    breath taken), load l, others' load lo: this one plus one per later turn
    (air - lo > 0 before it); ``endless`` when nobody carries (the air never
    runs out). As an index into HOME (capped: more change nothing)."""
    if a <= lo:
        return 1
    if lo + l == 0:
        return min(endless, SWIMS_CAP)
    k = 1
    while a > lo:
        k += 1
        a = max(a - lo - l, 0)
    return min(k, SWIMS_CAP)


@njit(cache=True)
def _up_next(c, load, a, lo, endless):
    """P(home) heading up after a swim that ended on the c-th free field (not
    home) with air a: the others breathe lo (the dive ends if that empties the
    air), the diver breathes its load and swims again from there."""
    if a == 0 or a <= lo:
        return 0.0
    return HOME[load, swims(load, max(a - lo - load, 0), lo, endless), c]


@njit(cache=True)
def free_path(st, seat, pos):
    """(ival, wref, cpos) over the free fields c = 1..C, numbered from the
    submarine: ival[c] the estimated points lying there, wref[c] the best
    item lying on the fields from pos down to there (held fields included),
    cpos the number of the diver's own field pos."""
    path_len = st[v.PATH_LEN]
    occ = np.zeros(path_len + 1, np.bool_)
    for s in range(st[v.N_PLAYERS]):
        f = st[v.POS + s]
        if s != seat and st[v.BACK + s] == 0 and 0 < f <= path_len:
            occ[f] = True
    n = path_len
    for f in range(1, path_len + 1):
        if occ[f]:
            n -= 1
    ival = np.zeros(n + 1)
    wref = np.zeros(n + 1)
    best = 0.0
    c = 0
    cpos = 0
    for f in range(1, path_len + 1):
        w = fc.item_value(st[v.PATH + f - 1])
        if f >= pos and w > best:
            best = w
        if not occ[f]:
            c += 1
            ival[c] = w
            wref[c] = best
            if f == pos:
                cpos = c
    return ival, wref, cpos


@njit(cache=True)
def _bands(seeds, l0, lmax, a0, lo, top):
    """(first, last): the free fields at which row (load l, air a) of the
    down table is read from the seeds (l, a, c), closed under the moves; last
    -1: never read. A swim at load l moves max(2 - l, 0) to 6 - l free
    fields (at most to the deepest, top); a row whose air never drops (nobody
    breathes) reaches down to the deepest field."""
    first = np.full((lmax + 1, a0 + 1), top + 1, np.int64)
    last = np.full((lmax + 1, a0 + 1), -1, np.int64)
    for i in range(seeds.shape[0]):
        l, a, c = seeds[i, 0], seeds[i, 1], seeds[i, 2]
        first[l, a] = min(first[l, a], c)
        last[l, a] = max(last[l, a], c)
    for a in range(a0, lo, -1):
        for l in range(l0, lmax + 1):
            if last[l, a] < 0:
                continue
            a2 = max(a - lo - l, 0)
            if a2 == a:
                last[l, a] = top
            lo_x = min(first[l, a] + max(2 - l, 0), top)
            hi_x = min(last[l, a] + max(6 - l, 0), top)
            first[l, a2] = min(first[l, a2], lo_x)
            last[l, a2] = max(last[l, a2], hi_x)
            if l < lmax:
                a3 = max(a - lo - l - 1, 0)
                first[l + 1, a3] = min(first[l + 1, a3], lo_x)
                last[l + 1, a3] = max(last[l + 1, a3], hi_x)
    return first, last


@njit(cache=True)
def down_table(seeds, l0, lmax, a0, lo, w0, ival, wref, can_back_empty, path_len):
    """The down table over the rows and bands `_bands` finds from the seeds:
    (P, G, row, turns, ps, gs). (P, G)[row[l, a], c] at the turn-back step on
    free field c heading down with load l and air a: under the plan, P =
    chance to get home, G = expected points of treasures picked from here on
    that get home. The plan maximises W x P + G with W = w0 + (l - l0) x
    wref[c]. Rows are filled a ascending, l descending, c descending; turns[l,
    a] is a row's HOME swims index, (ps, gs) staying down at the last state
    filled (the seed with the most air, at its first field).

    Staying down at c: swim, land on x = c + s (at most the deepest field),
    then the row's better choice at x, (BP, BG)[x]: take the treasure lying
    there iff the plan prefers it (x > c; no move reads row (l, a2) at c, or
    is a stalemate when nobody breathes). BP, BG at x are filled as the sweep
    passes x, before any shallower field reads them. (Written out in the
    loop: passing the arrays to a helper cost 4x.)

    At load lmax, wherever W > 0, P = HOME and G = 0 without the stay: no
    pick-ups are left, so G = 0, and staying is worth W x (sum over the swims
    of P(val) x P at x >= c) against turning back W x (sum of P(val) x HOME
    at c - s, or 1 once home), one swim more. HOME is non-increasing in the
    free fields and at most 1, and IEEE rounding is monotone, so term by term
    and sum by sum the stored stay is <= the stored turn-back value and the
    plan turns back (ties do too). W only grows deeper, so the states a swim
    reaches are such states, down to the rows where the air runs out; a
    full-load row whose band starts with W > 0 is HOME all along.

    Beyond reach = k x (6 - l) free fields (k the row's swims) even turning
    back now cannot get home: HOME is exactly 0 there, and every state a
    stay leads to is as deep or deeper, as heavy or heavier, with as many
    swims or fewer, so its HOME is 0 too; by induction P = G = 0 (sums of
    P(val) x 0.0) and the row stores them without the stay."""
    top = ival.shape[0] - 1
    first, last = _bands(seeds, l0, lmax, a0, lo, top)
    row = np.full((lmax + 1, a0 + 1), -1, np.int64)
    turns = np.ones((lmax + 1, a0 + 1), np.int64)
    n = 0
    for a in range(a0 + 1):
        for l in range(lmax, l0 - 1, -1):
            if last[l, a] >= 0:
                row[l, a] = n
                n += 1
    P = np.empty((n, top + 1))
    G = np.empty((n, top + 1))
    BP = np.empty(top + 1)
    BG = np.empty(top + 1)
    swim_p = fc.SWIM_P
    ps = 0.0
    gs = 0.0
    for a in range(a0 + 1):
        for l in range(lmax, l0 - 1, -1):
            r = row[l, a]
            if r < 0:
                continue
            f1 = first[l, a]  # the row's band
            f2 = last[l, a]
            may_back = l > 0 or can_back_empty
            if a <= lo:  # the dive ends before the next turn: turn back or nothing
                home = HOME[l, 1]
                for c in range(f1, f2 + 1):
                    ws = w0 + (l - l0) * wref[c]
                    P[r, c] = home[c] if may_back and ws > 0.0 else 0.0
                    G[r, c] = 0.0
                continue
            a2 = max(a - lo - l, 0)
            stuck = a2 == a  # nobody breathes: the row reads itself
            r2 = row[l, a2]
            r3 = row[l + 1, max(a2 - 1, 0)] if l < lmax else -1
            k = min(path_len + 1, SWIMS_CAP) if stuck else min(turns[l, a2] + 1, SWIMS_CAP)
            turns[l, a] = k
            home = HOME[l, k]
            if l == lmax and w0 + (l - l0) * wref[f1] > 0.0:
                # full load and W > 0 on the whole band (wref grows deeper): turning back wins, no choices needed
                for c in range(f1, f2 + 1):
                    P[r, c] = home[c]
                    G[r, c] = 0.0
                continue
            lo_x = min(f1 + max(2 - l, 0), top)
            hi_x = min(f2 + max(6 - l, 0), top)
            # Hopeless beyond reach: P = G = 0 without the stay (docstring).
            reach = min(k * max(6 - l, 0), top)
            for c in range(reach + 1, max(f2, hi_x) + 1):
                P[r, c] = 0.0
                G[r, c] = 0.0
                BP[c] = 0.0
                BG[c] = 0.0
            if reach < f2:
                ps = 0.0
                gs = 0.0
            for c in range(min(max(f2, hi_x), reach), min(f1, lo_x) - 1, -1):
                ws = w0 + (l - l0) * wref[c]
                if l == lmax and ws > 0.0 and f1 <= c <= f2:
                    P[r, c] = home[c]  # full load: turning back wins (docstring)
                    G[r, c] = 0.0
                elif f1 <= c <= f2:
                    ps = 0.0
                    gs = 0.0
                    for val in range(2, 7):
                        x = min(c + max(val - l, 0), top)
                        if x > c:
                            p0 = BP[x]
                            g0 = BG[x]
                        elif stuck:
                            p0 = 0.0
                            g0 = 0.0
                        else:
                            p0 = P[r2, c]
                            g0 = G[r2, c]
                        ps += swim_p[val] * p0
                        gs += swim_p[val] * g0
                    pb = home[c]
                    if may_back and ws > 0.0 and ws * pb >= ws * ps + gs:
                        P[r, c] = pb
                        G[r, c] = 0.0
                    else:
                        P[r, c] = ps
                        G[r, c] = gs
                if lo_x <= c <= hi_x:
                    p0 = P[r2, c]
                    g0 = G[r2, c]
                    if ival[c] != 0.0 and l < lmax:
                        p1 = P[r3, c]
                        g1 = G[r3, c]
                        g1 += ival[c] * p1
                        wx = w0 + (l - l0) * wref[c]
                        if wx * p1 + g1 > wx * p0 + g0:
                            p0 = p1
                            g0 = g1
                    BP[c] = p0
                    BG[c] = g0
    return P, G, row, turns, ps, gs


@njit(cache=True)
def plan_gain(phase, seat, st, extra):
    """The plan's gain in expected points brought home (the value it maximises)
    from acting at this decision: at the turn-back step heading down, turning
    back minus staying down (the plan turns back iff >= 0); at the treasure
    step, picking up minus not (it picks up iff > 0). `plan_action` decides
    from it, and the `policy` reads it as a feature.

    Where the plan needs no table, the value those shortcuts imply: 0 at the
    turn-back step empty-handed (nothing carried is at stake; `plan_action`
    stays down there) and at full load (down_table: staying is worth at most
    turning back, so 0 is the least gain that turns back); turning back's whole
    value W x P(home in one swim) when the air runs out before the next turn
    (staying is worth 0); 0 at a treasure step that cannot take the item (none,
    the plan's load is full, or the dive ends before the next turn, so the
    item adds nothing). Heading up only the treasure step asks: the change of
    W x P(home) with the item."""
    pos = st[v.POS + seat]
    l0 = st[v.N_CARRIED + seat]
    a0 = min(st[v.AIR], AIR_CAP)
    lo = fc.others_load(st, seat)
    w0 = fc.carried_value(st, seat)
    lmax = max(l0, min(l0 + extra, MAX_LOAD))
    if phase == v.PHASE_TURN_BACK:
        if w0 <= 0.0 or l0 == lmax:
            return 0.0
        if a0 <= lo:
            return w0 * HOME[l0, 1, fc.dist_home(st, seat, pos)]
    elif not (v.can_pick_up(st, seat) and l0 + 1 <= lmax):
        return 0.0
    elif st[v.HEADING_UP + seat] == 1:
        return _up_gain(st, seat, 1, fc.item_value(st[v.PATH + pos - 1]))
    elif a0 <= lo:
        return 0.0
    ival, wref, cpos = free_path(st, seat, pos)
    can_back_empty = st[v.TURN_BACK_NEEDS_TREASURE] == 0
    if phase == v.PHASE_TURN_BACK:
        # the decision's own row (l0, a0), read at cpos only
        seeds = np.empty((1, 3), np.int64)  # filled, not np.array of lists: 3-5% of a decision
        seeds[0, 0], seeds[0, 1], seeds[0, 2] = l0, a0, cpos
        P, G, row, turns, ps, gs = down_table(seeds, l0, lmax, a0, lo, w0, ival, wref, can_back_empty, st[v.PATH_LEN])
        return w0 * HOME[l0, turns[l0, a0], cpos] - (w0 * ps + gs)
    # The treasure step: the rows read at the next turn-back step, with and without it.
    a2 = max(a0 - lo - l0, 0)
    a3 = max(a0 - lo - l0 - 1, 0)
    seeds = np.empty((2, 3), np.int64)
    seeds[0, 0], seeds[0, 1], seeds[0, 2] = l0, a2, cpos
    seeds[1, 0], seeds[1, 1], seeds[1, 2] = l0 + 1, a3, cpos
    P, G, row, turns, ps, gs = down_table(seeds, l0, lmax, a0, lo, w0, ival, wref, can_back_empty, st[v.PATH_LEN])
    p0 = P[row[l0, a2], cpos]
    g0 = G[row[l0, a2], cpos]
    p1 = P[row[l0 + 1, a3], cpos]
    g1 = G[row[l0 + 1, a3], cpos]
    return (w0 + ival[cpos]) * p1 + g1 - (w0 * p0 + g0)


@njit(cache=True)
def _up_gain(st, seat, dload, dvalue):
    """Heading up: the change of W x P(home) when the load changes by
    ``dload`` items and the value carried by ``dvalue``."""
    pos = st[v.POS + seat]
    l0 = st[v.N_CARRIED + seat]
    a0 = min(st[v.AIR], AIR_CAP)
    lo = fc.others_load(st, seat)
    w0 = fc.carried_value(st, seat)
    c = fc.dist_home(st, seat, pos)
    return (w0 + dvalue) * _up_next(c, l0 + dload, a0, lo, pos + 1) - w0 * _up_next(c, l0, a0, lo, pos + 1)


@njit(cache=True)
def drop_gain(st, seat):
    """Heading up: the change of W x P(home) from dropping the cheapest item
    (`plan_action` drops iff > 0 and picking up gains nothing)."""
    return _up_gain(st, seat, -1, -fc.item_value(st[v.CARRIED + seat * v.MAX_PATH + fc.cheapest_carried(st, seat)]))


@njit(cache=True)
def plan_action(phase, seat, st, extra):
    """Solve the single-diver MDP and return the action for this decision
    (`plan_gain`). See `planner` for the model."""
    heading_up = st[v.HEADING_UP + seat] == 1
    if phase == v.PHASE_TURN_BACK:
        if heading_up or fc.carried_value(st, seat) <= 0.0:
            return v.STAY_DOWN
        return v.TURN_BACK if plan_gain(phase, seat, st, extra) >= 0.0 else v.STAY_DOWN
    if plan_gain(phase, seat, st, extra) > 0.0:
        return v.PICK_UP
    if heading_up and v.can_drop(st, seat) and drop_gain(st, seat) > 0.0:
        return v.DROP + fc.cheapest_carried(st, seat)
    return v.NOTHING


@register(
    "planner",
    params=[
        Param(
            "extra",
            3,
            1,
            5,
            integer=True,
            doc="most treasures it plans to add to its load (2: about 2x faster, rarely decides otherwise)",
        ),
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
    raises W x U. Air above 120 is planned as 120. The chance to get home
    heading up is one table for the whole run (it depends only on the free
    fields between diver and submarine); the heading-down table is rebuilt
    at every decision, only over the states the decision can reach; no
    simulation."""
    return plan_action(phase, seat, st, int(params[0]))
