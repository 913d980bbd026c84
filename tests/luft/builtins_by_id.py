"""Every built-in Luft bot by its id, compiled: the switch a test's wrapper
bot plays through (the engine itself inlines only `decide_inline`'s bots and
calls every other built-in through its own plug-in)."""

from numba import njit

from strategies.luft.air import air
from strategies.luft.counter import counter
from strategies.luft.depth import depth
from strategies.luft.dispatch import NOT_INLINED, decide_inline
from strategies.luft.drain import drain
from strategies.luft.greedy_value import greedy_value
from strategies.luft.planner import planner
from strategies.luft.policy import policy
from strategies.luft.rollout import rollout
from strategies.luft.rulebook_tips import rulebook_tips


@njit(cache=True)
def decide_builtin(bot_id, phase, seat, st, params, u):
    """The built-in of ``bot_id`` decides; -1 (illegal) for an id without a bot."""
    a = decide_inline(bot_id, phase, seat, st, params, u)
    if a != NOT_INLINED:
        return a
    if bot_id == 2:
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
    elif bot_id == 10 or bot_id == 11 or bot_id == 12:  # policy, trained, distilled: one function, weights in params
        return policy(phase, seat, st, params, u)
    return -1
