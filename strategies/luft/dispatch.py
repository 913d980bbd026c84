"""Integer switch over the built-in bots, in two tiers.

`builtin_id` in each bot's registration is its branch here; tests check the
two agree. An id without a branch returns -1 from `decide_builtin`.

- Tier 1, `decide_inline`, inlined into the kernel's turn loop: the bots that
  are a few loads and compares (threshold, random), listed in `INLINED`. A
  call-free branch costs ~2 ns per decision.
- Tier 2, `decide_called`: every other built-in. The compiled kernel does not
  contain them: it calls a tier-2 bot like a user bot, through a compiled
  plug-in (sim/games/luft/engine.py), so a large or new bot never makes the
  kernel bigger, slower or slower to compile (linking them into the kernel
  cost ~25 s of compile). A new bot gets its branch in `decide_called`.
- `decide_builtin`: both tiers by id, for Python callers and tests.
"""

from numba import njit

from strategies.luft.air import air
from strategies.luft.counter import counter
from strategies.luft.depth import depth
from strategies.luft.drain import drain
from strategies.luft.greedy_value import greedy_value
from strategies.luft.planner import planner
from strategies.luft.policy import policy
from strategies.luft.random_bot import random_bot
from strategies.luft.rollout import rollout
from strategies.luft.rulebook_tips import rulebook_tips
from strategies.luft.threshold import threshold

INLINED = (0, 1)  # the ids decide_inline handles (threshold, random)
NOT_INLINED = -2  # decide_inline's answer for any other id


@njit(cache=True, inline="always")
def decide_inline(bot_id, phase, seat, st, params, u):
    if bot_id == 0:
        return threshold(phase, seat, st, params, u)
    elif bot_id == 1:
        return random_bot(phase, seat, st, params, u)
    return NOT_INLINED


@njit(cache=True)
def decide_builtin(bot_id, phase, seat, st, params, u):
    a = decide_inline(bot_id, phase, seat, st, params, u)
    if a != NOT_INLINED:
        return a
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
    elif bot_id == 10 or bot_id == 11 or bot_id == 12:  # policy, trained, distilled: one function, weights in params
        return policy(phase, seat, st, params, u)
    return -1
