"""`rulebook-tips`: the rulebook's tips for beginners, played literally."""
from numba import njit

from sim.games.luft import forecast as fc
from sim.games.luft import view as v
from sim.registry import Param
from strategies.luft.registry import register


@njit(cache=True)
def counted_air(pos, load, lo):
    """Air a player counts for the trip home: ceil(pos / (4 - load)) turns (a
    swim of 4 on average, minus the load) times the treasures everyone in the
    water carries (load + lo). Huge when load >= 4 (a 4 would not move you)."""
    speed = 4 - load
    if speed <= 0:
        return fc.NEVER
    return ((pos + speed - 1) // speed) * (load + lo)


@njit(cache=True)
def good_enough(st, seat, one, two):
    """Carrying one treasure of level >= one, or two of level >= two (a
    stack counts by its highest card)."""
    base = v.CARRIED + seat * v.MAX_PATH
    n_two = 0
    for k in range(st[v.N_CARRIED + seat]):
        lv = v.item_top_level(st[base + k])
        if lv >= one:
            return True
        if lv >= two:
            n_two += 1
    return n_two >= 2


@register("rulebook-tips", params=[
    Param("one", 3, 1, 4, integer=True, doc="one treasure of at least this level is enough to turn back"),
    Param("two", 2, 1, 4, integer=True, doc="two treasures of at least this level are enough; "
                                           "lower levels are not taken (except as the first)"),
], builtin_id=5)
@njit(cache=True, inline="always")
def rulebook_tips(phase, seat, st, params, u):
    """The tips, with "count the fields home" as: air needed = ceil(field /
    (4 - load)) x (treasures carried by everyone in the water) (counted_air).
    Turn back early with one or two good treasures: turn back iff carrying one
    of level >= `one` or two of level >= `two`, or the count says one more
    turn down is too many (air left <= counted air + one round of breathing).
    Count before taking another: pick up a treasure of level >= `two` (any
    treasure while carrying nothing, heading down) only if air left >= the
    counted air with it. Drop a level-1 card when you need speed: heading up
    on a blank, drop a carried level-1 card if the counted air with the
    current load exceeds the air left."""
    load = st[v.N_CARRIED + seat]
    pos = st[v.POS + seat]
    air = st[v.AIR]
    lo = fc.others_load(st, seat)
    if phase == v.PHASE_TURN_BACK:
        if good_enough(st, seat, params[seat, 0], params[seat, 1]):
            return v.TURN_BACK
        if air <= counted_air(pos, load, lo) + load + lo:
            return v.TURN_BACK
        return v.STAY_DOWN
    up = st[v.HEADING_UP + seat]
    if v.can_pick_up(st, seat):
        lv = v.item_top_level(st[v.PATH + pos - 1])
        if (lv >= params[seat, 1] or (load == 0 and up == 0)) and \
                air >= counted_air(pos, load + 1, lo):
            return v.PICK_UP
        return v.NOTHING
    if up == 1 and v.can_drop(st, seat) and air < counted_air(pos, load, lo):
        k = fc.find_carried(st, seat, 1)
        if k >= 0:
            return v.DROP + k
    return v.NOTHING
