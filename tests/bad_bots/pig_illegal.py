"""A Pig user bot that answers 5 (neither roll nor hold) now and then."""

from numba import njit

from strategies.pig.registry import register


@register("bad-pig-illegal")
@njit(cache=True)
def bad_pig_illegal(seat, st, params, u):
    return 5 if u < 0.01 else 0
