from numba import njit

from sim.games.luft import layout
from sim.registry import Param
from strategies.luft.registry import register


@register("threshold", params=[Param("t", 2, 1, 60, integer=True, doc="treasures to carry before turning back")], builtin_id=0)
@njit(cache=True, inline="always")
def threshold(phase, seat, st, params, u):
    """Heading down, pick up the treasure on your field while you carry fewer
    than t treasures (a stack counts as one); turn back as soon as you carry at
    least t; heading up, never pick up; never drop. A diver that reaches the
    deep end with fewer than t treasures stays there."""
    load = st[layout.N_CARRIED + seat]
    if phase == layout.PHASE_TURN_BACK:
        return layout.TURN_BACK if load >= params[0] else layout.STAY_DOWN
    if st[layout.HEADING_UP + seat] == 0 and load < params[0] and layout.can_pick_up(st, seat):
        return layout.PICK_UP
    return layout.NOTHING
