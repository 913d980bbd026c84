"""A Geteilte Luft bot written against the earlier interface: the old module
name `sim.games.luft.view` and the parameter table read as ``params[seat, k]``.
The same rule as `luft_mine.py` ("mine-old" here), so both play the same games."""

from numba import njit

from sim.games.luft import view as v
from sim.registry import Param
from strategies.luft.registry import register


@register("mine-old", params=[Param("t", 8, 0, 25, integer=True, doc="air left at which to turn back")])
@njit(cache=True)
def mine_old(phase, seat, st, params, u):
    """Turns back when the air is at most t; takes a treasure when it can while heading down."""
    if phase == v.PHASE_TURN_BACK:
        return v.TURN_BACK if st[v.AIR] <= params[seat, 0] else v.STAY_DOWN
    if st[v.HEADING_UP + seat] == 0 and v.can_pick_up(st, seat):
        return v.PICK_UP
    return v.NOTHING
