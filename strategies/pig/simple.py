"""`random` and `hold`: the baseline and the classic "hold at 20"."""

from numba import njit

from sim.games.pig.layout import HOLD, ROLL, S_TURN_TOTAL
from sim.registry import Param
from strategies.pig.registry import register


@register("random", builtin_id=0)
@njit(cache=True)
def random_bot(seat, st, params, u):
    """Roll or hold with equal chance."""
    return ROLL if u < 0.5 else HOLD


@register("hold", params=(Param("n", 20, 2, 1000, integer=True, doc="turn total to hold at"),), builtin_id=1)
@njit(cache=True)
def hold(seat, st, params, u):
    """Hold when the turn total reaches n (holding that wins is done for every bot)."""
    return HOLD if st[S_TURN_TOTAL] >= params[0] else ROLL
