"""The built-in bots inlined into the kernel, by id.

- Inlined, `decide_inline`, in the kernel's turn loop: the bots that are a
  few loads and compares (threshold, random), listed in `INLINED`; their
  `builtin_id` in the registration is their branch here (tests check the two
  agree). A call-free branch costs ~2 ns per decision.
- Every other built-in is not in the kernel: it is called like a user bot,
  through its compiled plug-in (`sim.plugins`), so a large or new bot never
  makes the kernel bigger, slower or slower to compile (linking them into
  the kernel cost ~25 s of compile). Its `builtin_id` only marks it built-in
  (a plug-in without bounds checks). A new bot needs no branch here.
"""

from numba import njit

from strategies.luft.random_bot import random_bot
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
