"""Integer switch over the built-in Pig bots, called by the cached kernel
(`builtin_id` in each registration is its branch; a test checks they agree).
``table``: the optimal bot's solved roll/hold table for the table's goal."""

from numba import njit

from strategies.pig.optimal import optimal_move
from strategies.pig.policy import policy
from strategies.pig.simple import hold, random_bot

N_BUILTINS = 5


@njit(cache=True, inline="always")
def decide_builtin(bot_id, seat, st, params, u, table):
    if bot_id == 0:
        return random_bot(seat, st, params, u)
    if bot_id == 1:
        return hold(seat, st, params, u)
    if bot_id == 2:
        return optimal_move(seat, st, table)
    if bot_id == 3 or bot_id == 4:  # policy, trained: one function, weights in params
        return policy(seat, st, params, u)
    return -1
