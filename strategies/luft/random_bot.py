from numba import njit

from sim.games.luft import layout
from strategies.luft.registry import register


@register("random", builtin_id=1)
@njit(cache=True, inline="always")
def random_bot(phase, seat, st, params, u):
    """Uniform among the legal actions, using the random number the engine
    hands it: turn back or not with probability 1/2 each; at the treasure step
    nothing, pick up (if possible) and each possible drop equally likely."""
    if phase == layout.PHASE_TURN_BACK:
        return layout.TURN_BACK if u < 0.5 else layout.STAY_DOWN
    if layout.can_pick_up(st, seat):
        return layout.PICK_UP if u < 0.5 else layout.NOTHING
    n_drop = st[layout.N_CARRIED + seat] if layout.can_drop(st, seat) else 0
    k = int(u * (n_drop + 1))
    return layout.NOTHING if k == 0 else layout.DROP + k - 1
