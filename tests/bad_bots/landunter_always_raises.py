"""A Land unter user bot whose body only raises: numba types it as returning None."""

from numba import njit

from strategies.landunter.registry import register


@register("bad-lu-always-raises")
@njit(cache=True)
def bad_lu_always_raises(seat, st, params, u):
    raise NotImplementedError("write me")
