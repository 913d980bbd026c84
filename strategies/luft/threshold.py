from numba import njit

from sim.games.luft import layout as v
from sim.registry import Param
from strategies.luft.registry import register


@register("threshold", params=[Param("t", 2, 1, 60, integer=True, doc="treasures to carry before turning back")], builtin_id=0)
@njit(cache=True, inline="always")
def threshold(phase, seat, st, params, u):
    """Heading down, pick up the treasure on your field while you carry fewer
    than t treasures (a stack counts as one); turn back as soon as you carry at
    least t; heading up, never pick up; never drop. A diver that reaches the
    deep end with fewer than t treasures stays there."""
    load = st[v.N_CARRIED + seat]
    if phase == v.PHASE_TURN_BACK:
        return v.TURN_BACK if load >= params[0] else v.STAY_DOWN
    if st[v.HEADING_UP + seat] == 0 and load < params[0] and v.can_pick_up(st, seat):
        return v.PICK_UP
    return v.NOTHING
