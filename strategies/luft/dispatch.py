"""Integer switch over the built-in bots, in two tiers.

`decide_builtin(bot_id, ...)` is what the compiled kernel calls for a seat
with a built-in bot; `builtin_id` in each bot's registration is its branch
here, and tests check the two agree. An id without a branch returns -1, which
the engine reports as an illegal action naming the bot.

- Tier 1, inlined into the kernel's turn loop (`inline="always"`): the bots
  that are a few loads and compares (threshold, random). A call-free branch
  costs ~2 ns; inlining a large bot instead would slow every game (register
  pressure, code size) and multiply the kernel's compile time.
- Tier 2, `decide_called`: every other bot, behind one ordinary call. It is
  compiled and cached once on its own, so adding a bot here never makes the
  kernel bigger. A new bot gets its branch in `decide_called`.
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
    return decide_called(bot_id, phase, seat, st, params, u)


@njit(cache=True)
def decide_called(bot_id, phase, seat, st, params, u):
    """The built-in bots that are not inlined into the kernel (tier 2)."""
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
    return -1
