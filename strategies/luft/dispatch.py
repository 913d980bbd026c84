"""Integer switch over the built-in bots, inlined into the cached kernel.

A call through this switch costs ~2 ns; a first-class function argument would
cost more and defeat numba's cache. `builtin_id` in each bot's registration is
its branch here; tests check the two agree. An id without a branch returns -1,
which the engine reports as an illegal action naming the bot.
"""
from numba import njit

from strategies.luft.air import air
from strategies.luft.counter import counter
from strategies.luft.depth import depth
from strategies.luft.drain import drain
from strategies.luft.greedy_value import greedy_value
from strategies.luft.planner import planner
from strategies.luft.random_bot import random_bot
from strategies.luft.rollout import rollout
from strategies.luft.rulebook_tips import rulebook_tips
from strategies.luft.threshold import threshold


@njit(cache=True, inline="always")
def decide_builtin(bot_id, phase, seat, st, params, u):
    if bot_id == 0:
        return threshold(phase, seat, st, params, u)
    elif bot_id == 1:
        return random_bot(phase, seat, st, params, u)
    elif bot_id == 2:
        return air(phase, seat, st, params, u)
    elif bot_id == 3:
        return depth(phase, seat, st, params, u)
    elif bot_id == 4:
        return greedy_value(phase, seat, st, params, u)
    elif bot_id == 5:
        return rulebook_tips(phase, seat, st, params, u)
    elif bot_id == 6:
        return drain(phase, seat, st, params, u)
    elif bot_id == 7:
        return counter(phase, seat, st, params, u)
    elif bot_id == 8:
        return planner(phase, seat, st, params, u)
    elif bot_id == 9:
        return rollout(phase, seat, st, params, u)
    return -1
