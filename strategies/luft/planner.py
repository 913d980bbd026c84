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

from sim._borrowed import borrow_shaped
from sim.games.luft import forecast, layout
from sim.nb import assume_range
from sim.registry import Param
from strategies.luft.registry import register

AIR_CAP = 120  # air above this is planned as this much (only unusual rules reach it)
MAX_LOAD = 6  # the planner never plans to carry more
# Swims beyond this change no chance to get home in HOME: only loads 0 and 1
# (every swim moves them a field or more, up to MAX_PATH fields) get more.
SWIMS_CAP = layout.MAX_PATH


def home_table() -> np.ndarray:
    """HOME[l, k, c]: the chance to get home heading up with load l within
    k swims from the c-th free field (fields others hold are skipped). The
    recursion of the per-decision table this replaced, term for term:
    H[l, k, c] = sum over the swim values val of P(val) x (1 if c - s <= 0
    else H[l, k - 1, c - s]), s = max(val - l, 0)."""
    n = layout.MAX_PATH + 1
    home = np.zeros((MAX_LOAD + 1, SWIMS_CAP + 1, n))
    home[:, 1:, 0] = 1.0
    loads = np.arange(MAX_LOAD + 1)[:, None]
    # flat index of (l, x) in one k-slice, x = the free field a swim of val reaches
    land = [loads * n + np.maximum(np.arange(1, n) - np.maximum(val - loads, 0), 0) for val in range(2, 7)]
    for k in range(1, SWIMS_CAP + 1):
        before = home[:, k - 1, :].ravel()
        acc = np.zeros((MAX_LOAD + 1, n - 1))
        for val, flat in zip(range(2, 7), land):
            p = forecast.SWIM_P[val]
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
    path_len = st[layout.PATH_LEN]
    occ = np.zeros(path_len + 1, np.bool_)
    for s in range(st[layout.N_PLAYERS]):
        f = st[layout.POS + s]
        if s != seat and st[layout.BACK + s] == 0 and 0 < f <= path_len:
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
        w = forecast.item_value(st[layout.PATH + f - 1])
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


PAD = 6  # table rows run this far past the deepest field: a swim's landing field min(c + s, top) read as c + s
_field = assume_range(layout.MAX_PATH + PAD + 1)  # field indices, so LLVM drops numba's negative-index fix-ups


@njit(cache=True, inline="always")
def _stay(c, l, at_top, r2, ch, P, G):
    """(P, G) of staying down at free field c in a row of load l: swim (val =
    2..6 with P(val), s = max(val - l, 0) fields), then the choice at the
    landing field, row ch at c + s (the padding past the deepest field holds
    the choice there). A swim that does not move, or any swim from the
    deepest field (``at_top``), reads row r2 at c. Summed over val in
    ascending order, as the table always did: the same floats. Which row
    and offset each val reads does not change along a row, so the loop over
    the fields runs without a branch."""
    swim_p = forecast.SWIM_P
    ps = 0.0
    gs = 0.0
    for val in range(2, 7):
        s = max(val - l, 0)
        moves = s > 0 and not at_top
        rr = ch if moves else r2
        x = _field(c + s if moves else c)
        ps += swim_p[val] * P[rr, x]
        gs += swim_p[val] * G[rr, x]
    return ps, gs


@njit(cache=True, inline="always")
def _pick(c, item, wx, take, r2, r3, ch, P, G):
    """Row ch at c: the better choice at a treasure step on free field c,
    row r2 (keep the load) or, if ``take`` (a pick-up is left), row r3 with
    the item lying there (worth ``item``, if any) added iff W x P + G is
    larger, W = wx. Both read, then selected (no branch)."""
    p0 = P[r2, c]
    g0 = G[r2, c]
    p1 = P[r3, c]
    g1 = G[r3, c] + item * p1
    better = take & (item != 0.0) & (wx * p1 + g1 > wx * p0 + g0)
    P[ch, c] = p1 if better else p0
    G[ch, c] = g1 if better else g0


@njit(cache=True, inline="always")
def _settle(c, ps, gs, full, may_back, ws, pb, r, P, G):
    """Store the cell's value: turning back (P = pb, the chance to get home
    heading up, G = 0) iff it may and W x pb is at least the stay's W x P +
    G, or at full load with W > 0 (down_table: turning back wins there);
    else the stay."""
    back = (ws > 0.0) & (full | (may_back & (ws * pb >= ws * ps + gs)))
    P[r, c] = pb if back else ps
    G[r, c] = 0.0 if back else gs


@njit(cache=True, inline="always")
def _pad(ch, top, P, G):
    """Row ch's choice at the deepest field, copied into the padding past it."""
    for c in range(top + 1, top + 1 + PAD):
        P[ch, c] = P[ch, top]
        G[ch, c] = G[ch, top]


@njit(cache=True)
def down_table(seeds, l0, lmax, a0, lo, w0, ival, wref, can_back_empty, path_len):
    """The down table over the rows and bands `_bands` finds from the seeds:
    (P, G, row, turns, ps, gs). (P, G)[row[l, a], c] at the turn-back step on
    free field c heading down with load l and air a: under the plan, P =
    chance to get home, G = expected points of treasures picked from here on
    that get home. The plan maximises W x P + G with W = w0 + (l - l0) x
    wref[c]. Rows are filled a ascending, l descending; turns[l, a] is a
    row's HOME swims index, (ps, gs) staying down at the first field of the
    last row with a stay (the seed with the most air).

    Staying down at c (`_stay`): swim, land on x = c + s (at most the
    deepest field), then the row's better choice at x (`_pick`): take the
    treasure lying there iff the plan prefers it. A row (l, a) reads only
    rows with less air, (l, a2) and (l + 1, a3), so its choices are filled
    first over the fields its stays land on, then its fields, each on its
    own: two loops without a dependence from field to field and without
    branches (1.1-1.2x against one sweep; LLVM vectorises them, but rows
    average ~13 fields, so the vector path rarely runs). Only a stuck row
    (nobody breathes, a2 = a) reads itself; it is filled field by field,
    deepest first, each choice right after its field.

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
    # One owner for both tables; row n holds the current row's choices. The
    # loops work on borrowed views: an array passed to the helpers otherwise
    # costs atomic reference counts per call (2x the time).
    PG = np.empty((2, n + 1, top + 1 + PAD))
    P = borrow_shaped(PG[0], np.float64)
    G = borrow_shaped(PG[1], np.float64)
    ch = n
    stay_l = stay_r2 = stay_f1 = -1  # the last row with a stay: its stay at its first field is (ps, gs)
    for a in range(a0 + 1):
        for l in range(lmax, l0 - 1, -1):
            r = row[l, a]
            if r < 0:
                continue
            f1 = _field(first[l, a])  # the row's band
            f2 = _field(last[l, a])
            may_back = l > 0 or can_back_empty
            dl = l - l0
            if a <= lo:  # the dive ends before the next turn: turn back or nothing
                home = HOME[l, 1]
                for c in range(f1, f2 + 1):
                    ws = w0 + dl * wref[c]
                    P[r, c] = home[c] if may_back and ws > 0.0 else 0.0
                    G[r, c] = 0.0
                continue
            a2 = max(a - lo - l, 0)
            stuck = a2 == a  # nobody breathes: the row reads itself
            r2 = row[l, a2]
            take = l < lmax
            r3 = row[l + 1, max(a2 - 1, 0)] if take else r2
            k = min(path_len + 1, SWIMS_CAP) if stuck else min(turns[l, a2] + 1, SWIMS_CAP)
            turns[l, a] = k
            home = HOME[l, k]
            full = l == lmax
            if full and w0 + dl * wref[f1] > 0.0:
                # full load and W > 0 on the whole band (wref grows deeper): turning back wins, no choices needed
                for c in range(f1, f2 + 1):
                    P[r, c] = home[c]
                    G[r, c] = 0.0
                continue
            lo_x = min(f1 + max(2 - l, 0), top)  # the fields the row's stays land on
            hi_x = min(f2 + max(6 - l, 0), top)
            # Hopeless beyond reach: P = G = 0 without the stay (docstring).
            reach = min(k * max(6 - l, 0), top)
            for c in range(max(reach + 1, f1), f2 + 1):
                P[r, c] = 0.0
                G[r, c] = 0.0
            for c in range(max(reach + 1, lo_x), hi_x + 1):
                P[ch, c] = 0.0
                G[ch, c] = 0.0
            stay_l, stay_r2, stay_f1 = l, r2, f1 if f1 <= reach else -1
            if hi_x == top and reach < top:
                _pad(ch, top, P, G)
            if stuck:
                # reads itself: a swim from the deepest field stays there, worth 0 (the pre-set cell)
                P[r, top] = 0.0
                G[r, top] = 0.0
                for c in range(min(hi_x, reach), min(f1, lo_x) - 1, -1):
                    if c >= f1:
                        s_p, s_g = _stay(c, l, c == top, r2, ch, P, G)
                        _settle(c, s_p, s_g, full, may_back, w0 + dl * wref[c], home[c], r, P, G)
                    if c >= lo_x:
                        _pick(c, ival[c], w0 + dl * wref[c], take, r2, r3, ch, P, G)
                        if c == top:
                            _pad(ch, top, P, G)
                continue
            for c in range(lo_x, min(hi_x, reach) + 1):
                _pick(c, ival[c], w0 + dl * wref[c], take, r2, r3, ch, P, G)
            if hi_x == top and reach >= top:
                _pad(ch, top, P, G)
            for c in range(f1, min(f2, reach, top - 1) + 1):
                s_p, s_g = _stay(c, l, False, r2, ch, P, G)
                _settle(c, s_p, s_g, full, may_back, w0 + dl * wref[c], home[c], r, P, G)
            if top <= min(f2, reach):
                s_p, s_g = _stay(top, l, True, r2, ch, P, G)
                _settle(top, s_p, s_g, full, may_back, w0 + dl * wref[top], home[top], r, P, G)
    # Row ch still holds that row's choices (rows without a stay make none).
    # In a stuck row the first field's stay reads only ch, or at the deepest
    # field P[r, top], which is the stay itself there (W = 0: no turning back).
    ps = gs = 0.0
    if stay_f1 >= 0:
        ps, gs = _stay(stay_f1, stay_l, stay_f1 == top, stay_r2, ch, P, G)
    return PG[0], PG[1], row, turns, ps, gs


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
    pos = st[layout.POS + seat]
    l0 = st[layout.N_CARRIED + seat]
    a0 = min(st[layout.AIR], AIR_CAP)
    lo = forecast.others_load(st, seat)
    w0 = forecast.carried_value(st, seat)
    lmax = max(l0, min(l0 + extra, MAX_LOAD))
    if phase == layout.PHASE_TURN_BACK:
        if w0 <= 0.0 or l0 == lmax:
            return 0.0
        if a0 <= lo:
            return w0 * HOME[l0, 1, forecast.dist_home(st, seat, pos)]
    elif not (layout.can_pick_up(st, seat) and l0 + 1 <= lmax):
        return 0.0
    elif st[layout.HEADING_UP + seat] == 1:
        return _up_gain(st, seat, 1, forecast.item_value(st[layout.PATH + pos - 1]))
    elif a0 <= lo:
        return 0.0
    ival, wref, cpos = free_path(st, seat, pos)
    can_back_empty = st[layout.TURN_BACK_NEEDS_TREASURE] == 0
    if phase == layout.PHASE_TURN_BACK:
        # the decision's own row (l0, a0), read at cpos only
        seeds = np.empty((1, 3), np.int64)  # filled, not np.array of lists: 3-5% of a decision
        seeds[0, 0], seeds[0, 1], seeds[0, 2] = l0, a0, cpos
        P, G, row, turns, ps, gs = down_table(seeds, l0, lmax, a0, lo, w0, ival, wref, can_back_empty, st[layout.PATH_LEN])
        return w0 * HOME[l0, turns[l0, a0], cpos] - (w0 * ps + gs)
    # The treasure step: the rows read at the next turn-back step, with and without it.
    a2 = max(a0 - lo - l0, 0)
    a3 = max(a0 - lo - l0 - 1, 0)
    seeds = np.empty((2, 3), np.int64)
    seeds[0, 0], seeds[0, 1], seeds[0, 2] = l0, a2, cpos
    seeds[1, 0], seeds[1, 1], seeds[1, 2] = l0 + 1, a3, cpos
    P, G, row, turns, ps, gs = down_table(seeds, l0, lmax, a0, lo, w0, ival, wref, can_back_empty, st[layout.PATH_LEN])
    p0 = P[row[l0, a2], cpos]
    g0 = G[row[l0, a2], cpos]
    p1 = P[row[l0 + 1, a3], cpos]
    g1 = G[row[l0 + 1, a3], cpos]
    return (w0 + ival[cpos]) * p1 + g1 - (w0 * p0 + g0)


@njit(cache=True)
def _up_gain(st, seat, dload, dvalue):
    """Heading up: the change of W x P(home) when the load changes by
    ``dload`` items and the value carried by ``dvalue``."""
    pos = st[layout.POS + seat]
    l0 = st[layout.N_CARRIED + seat]
    a0 = min(st[layout.AIR], AIR_CAP)
    lo = forecast.others_load(st, seat)
    w0 = forecast.carried_value(st, seat)
    c = forecast.dist_home(st, seat, pos)
    return (w0 + dvalue) * _up_next(c, l0 + dload, a0, lo, pos + 1) - w0 * _up_next(c, l0, a0, lo, pos + 1)


@njit(cache=True)
def drop_gain(st, seat):
    """Heading up: the change of W x P(home) from dropping the cheapest item
    (`plan_action` drops iff > 0 and picking up gains nothing)."""
    return _up_gain(
        st, seat, -1, -forecast.item_value(st[layout.CARRIED + seat * layout.MAX_PATH + forecast.cheapest_carried(st, seat)])
    )


@njit(cache=True)
def plan_action(phase, seat, st, extra):
    """Solve the single-diver MDP and return the action for this decision
    (`plan_gain`). See `planner` for the model."""
    heading_up = st[layout.HEADING_UP + seat] == 1
    if phase == layout.PHASE_TURN_BACK:
        if heading_up or forecast.carried_value(st, seat) <= 0.0:
            return layout.STAY_DOWN
        return layout.TURN_BACK if plan_gain(phase, seat, st, extra) >= 0.0 else layout.STAY_DOWN
    if plan_gain(phase, seat, st, extra) > 0.0:
        return layout.PICK_UP
    if heading_up and layout.can_drop(st, seat) and drop_gain(st, seat) > 0.0:
        return layout.DROP + forecast.cheapest_carried(st, seat)
    return layout.NOTHING


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
