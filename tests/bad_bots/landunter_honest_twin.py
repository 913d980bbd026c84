"""The honest Land unter twin of the cheaters in this folder: plays its lowest card."""

from numba import njit

from sim.games.landunter import layout
from strategies.landunter.registry import register


@register("honest-lu-twin")
@njit(cache=True)
def honest_lu_twin(seat, st, params, u):
    return layout.hand_low(st, seat)
