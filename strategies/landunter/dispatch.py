"""Integer switch over the built-in Land unter bots, called by the cached kernel.

A call through this switch costs ~2 ns; a first-class function argument would
cost more and defeat numba's cache. `builtin_id` in each bot's registration is
its branch here; a test checks the two agree.
"""

from numba import njit

from strategies.landunter.counter import counter
from strategies.landunter.dodge import dodge
from strategies.landunter.policy import policy
from strategies.landunter.ring_keeper import ring_keeper
from strategies.landunter.sampler import sampler
from strategies.landunter.simple import high, low, mid, random_bot

N_BUILTINS = 11


@njit(cache=True, inline="always")
def decide_builtin(bot_id, seat, st, params, u):
    if bot_id == 0:
        return random_bot(seat, st, params, u)
    if bot_id == 1:
        return high(seat, st, params, u)
    if bot_id == 2:
        return low(seat, st, params, u)
    if bot_id == 3:
        return mid(seat, st, params, u)
    if bot_id == 4:
        return dodge(seat, st, params, u)
    if bot_id == 5:
        return ring_keeper(seat, st, params, u)
    if bot_id == 6:
        return counter(seat, st, params, u)
    if bot_id == 7:
        return sampler(seat, st, params, u)
    if bot_id == 8 or bot_id == 9 or bot_id == 10:  # policy, trained, distilled: one function, weights in params
        return policy(seat, st, params, u)
    return -1
