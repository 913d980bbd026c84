"""A user's Geteilte Luft bot, outside the project: turns back once its air
share falls to ``t`` (a parameter, so analyses can sweep it)."""

from numba import njit

from sim.games.luft import layout
from sim.registry import Param
from strategies.luft.registry import register


@register("mine", params=[Param("t", 8, 0, 25, integer=True, doc="air left at which to turn back")])
@njit(cache=True)
def mine(phase, seat, st, params, u):
    """Turns back when the air is at most t; takes a treasure when it can while heading down."""
    if phase == layout.PHASE_TURN_BACK:
        return layout.TURN_BACK if st[layout.AIR] <= params[0] else layout.STAY_DOWN
    if st[layout.HEADING_UP + seat] == 0 and layout.can_pick_up(st, seat):
        return layout.PICK_UP
    return layout.NOTHING
