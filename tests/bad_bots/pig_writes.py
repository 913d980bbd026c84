"""A Pig user bot that writes its state view (sealed: both engines refuse it)."""

from numba import njit

from sim.games.pig import layout
from strategies.pig.registry import register


@register("bad-pig-writes")
@njit(cache=True)
def bad_pig_writes(seat, st, params, u):
    st[layout.S_SCORE + seat] = 99
    return 0
