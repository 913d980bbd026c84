"""`air`: turn back when the air left is at most ``margin`` times the air the
dive will burn before this diver is home."""

from numba import njit

from sim.games.luft import forecast
from sim.registry import Param
from strategies.luft.registry import register

AIR_MARGIN = Param("margin", 2.0, 0.0, 5.0, doc="turn back when air left <= margin x the air burnt before you are home")


@register("air", params=[AIR_MARGIN], builtin_id=2)
@njit(cache=True, inline="always")
def air(phase, seat, st, params, u):
    """Burn B = T x L: T = expected swims to cover the free fields between you
    and the submarine at your speed (swim 2..6 with P = 1,2,3,2,1/9, minus your
    load; occupied fields are skipped), L = the treasures carried by everyone
    still in the water, you included; at the turn-back step this turn's swim
    is already paid for, so T - 1. Turn back iff air left <= margin x B.
    Treasure step: pick up iff carrying nothing and heading down (nothing to
    lose), or air left > margin x B computed with one more treasure (for you
    and in L) — i.e. it would still not turn back. Never drops."""
    return forecast.air_rule(phase, seat, st, params[0], forecast.SWIM_P)
