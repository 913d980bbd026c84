"""`depth`: dive past the shallow treasures, collect deep ones, go home."""

from numba import njit

from sim.games.luft import forecast, layout
from sim.registry import Param
from strategies.luft.registry import register


@register(
    "depth",
    params=[
        Param("level", 2, 1, 4, integer=True, doc="lowest treasure level worth taking"),
        Param("count", 2, 1, 12, integer=True, doc="treasures to collect before turning back"),
        Param("drop", 1, 0, 1, integer=True, doc="1: drop a level-1 card when it costs more than it is worth"),
    ],
    builtin_id=3,
)
@njit(cache=True, inline="always")
def depth(phase, seat, st, params, u):
    """Target T = min(level, highest level lying on the diver's field or deeper)
    — so it settles for less once the deep treasures are gone (a stack counts
    by its highest card). Heading down, pick up an item whose highest card is
    >= T while carrying fewer than `count`; never pick up heading up. Turn
    back as soon as carrying >= `count`, or carrying something and no field
    deeper holds an item >= T. If `drop` = 1: heading up on a blank field,
    drop a carried level-1 card if that raises the expected points brought
    home, (W - 1.5) x P(home with one less) > W x P(home) (W = carried value at
    level means, P from forecast.p_home_seat with everyone's load fixed)."""
    load = st[layout.N_CARRIED + seat]
    pos = st[layout.POS + seat]
    count = params[1]
    target = min(int(params[0]), forecast.best_level_from(st, pos))
    if phase == layout.PHASE_TURN_BACK:
        if load >= count:
            return layout.TURN_BACK
        if load > 0 and forecast.best_level_from(st, pos + 1) < max(target, 1):
            return layout.TURN_BACK
        return layout.STAY_DOWN
    if st[layout.HEADING_UP + seat] == 0:
        if load < count and layout.can_pick_up(st, seat) and layout.item_top_level(st[layout.PATH + pos - 1]) >= target:
            return layout.PICK_UP
        return layout.NOTHING
    if params[2] >= 0.5 and layout.can_drop(st, seat):
        k = forecast.find_carried(st, seat, 1)
        if k >= 0:
            w = forecast.carried_value(st, seat)
            ev_keep = w * forecast.p_home_seat(st, seat, load, False, forecast.SWIM_P)
            ev_drop = (w - forecast.LEVEL_MEAN[1]) * forecast.p_home_seat(st, seat, load - 1, False, forecast.SWIM_P)
            if ev_drop > ev_keep:
                return layout.DROP + k
    return layout.NOTHING
