from numba import njit

from sim.games.luft import layout as v
from strategies.luft.registry import register


@register("random", builtin_id=1)
@njit(cache=True, inline="always")
def random_bot(phase, seat, st, params, u):
    """Uniform among the legal actions, using the random number the engine
    hands it: turn back or not with probability 1/2 each; at the treasure step
    nothing, pick up (if possible) and each possible drop equally likely."""
    if phase == v.PHASE_TURN_BACK:
        return v.TURN_BACK if u < 0.5 else v.STAY_DOWN
    if v.can_pick_up(st, seat):
        return v.PICK_UP if u < 0.5 else v.NOTHING
    n_drop = st[v.N_CARRIED + seat] if v.can_drop(st, seat) else 0
    k = int(u * (n_drop + 1))
    return v.NOTHING if k == 0 else v.DROP + k - 1
