"""A user's Pig bot, outside the project: holds once the turn total reaches
``n`` or the goal is within ``n`` points."""

from numba import njit

from sim.games.pig.layout import HOLD, ROLL, S_TURN_TOTAL
from sim.registry import Param
from strategies.pig.registry import register


@register("mine", params=[Param("n", 15, 2, 100, integer=True, doc="turn total to hold at")])
@njit(cache=True)
def mine(seat, st, params, u):
    """Holds at a turn total of n."""
    return HOLD if st[S_TURN_TOTAL] >= params[0] else ROLL
