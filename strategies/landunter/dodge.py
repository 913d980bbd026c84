"""`dodge`: weigh winning the bid (taking the lower flood card) against losing
it, from the two flood cards, everyone's top flood card and rings."""

from numba import njit

from sim.games.landunter.layout import (
    S_FLOOD_HI,
    S_FLOOD_LO,
    S_IN,
    S_PLAYERS,
    S_RINGS,
    S_TOP,
    hand_high,
    hand_low,
)
from sim.registry import Param
from strategies.landunter.registry import register

DODGE_PARAMS = [
    Param("out_cost", 3.0, 0.0, 20.0, doc="cost of being the highest with no ring left (elimination), in rings"),
    Param("persist", 1.0, 0.0, 5.0, doc="extra cost per flood value/12 of being the highest: high floods stay on top longer"),
    Param("low_weight", 0.5, 0.0, 5.0, doc="cost per flood value/12 of any top flood card (the lowest-flood bonus)"),
    Param("margin", 0.0, -5.0, 5.0, doc="win the bid only if it is cheaper than losing by more than this"),
]


@njit(cache=True, inline="always")
def top_cost(f, others_max, rings, params):
    """Harm of ending the round with top flood card f (0 = none) when the
    highest top among the others is others_max."""
    if f == 0:
        return 0.0
    c = params[2] * f / 12.0
    if f >= others_max:
        danger = 1.0 + params[1] * f / 12.0
        c += danger * (1.0 if rings > 0 else params[0])
    return c


@njit(cache=True)
def wants_to_win(seat, st, params):
    """The dodge estimate: True if winning the bid looks cheaper than losing it.

    others = the highest top flood card among the other players still in who
    have a ring left (one without a ring who is highest goes out, and the
    flip moves on), raised to the higher flood card on offer, which someone
    else takes whether we win or lose. Winning: our top becomes the lower
    flood card; losing: our top stays. Compare top_cost of the two.
    """
    others = 0
    for p in range(st[S_PLAYERS]):
        if p != seat and st[S_IN + p] == 1 and st[S_RINGS + p] > 0 and st[S_TOP + p] > others:
            others = st[S_TOP + p]
    hi = st[S_FLOOD_HI]
    if hi > others:
        others = hi
    rings = st[S_RINGS + seat]
    cost_win = top_cost(st[S_FLOOD_LO], others, rings, params)
    cost_lose = top_cost(st[S_TOP + seat], others, rings, params)
    return cost_win + params[3] < cost_lose


@register("dodge", params=DODGE_PARAMS, builtin_id=4)
@njit(cache=True)
def dodge(seat, st, params, u):
    """Weigh winning the bid (taking the lower flood card) against losing it.
    "Others" = the highest top flood card among the other players still in
    who have a ring left, raised to the higher flood card on offer (someone
    else takes it either way). A top flood card f costs low_weight*f/12, plus,
    if f >= others, (1 + persist*f/12) rings, times out_cost when we have no
    ring left; no flood card costs 0. Winning makes our top the lower card,
    losing keeps our top. If winning costs less by more than margin, play the
    highest card, else the lowest card."""
    if wants_to_win(seat, st, params):
        return hand_high(st, seat)
    return hand_low(st, seat)
