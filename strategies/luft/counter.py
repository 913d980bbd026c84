"""`counter`: `air` with the exact distribution of the next swim card."""

from numba import njit

from sim.games.luft import forecast
from strategies.luft.air import AIR_MARGIN
from strategies.luft.registry import register


@register("counter", params=[AIR_MARGIN], builtin_id=7)
@njit(cache=True, inline="always")
def counter(phase, seat, st, params, u):
    """Made for swim = deck-no-reshuffle: the public draw history (st's
    SWIM_LEFT counts: swim cards 2..6 left before the reshuffle) gives the
    exact distribution of the next swim value, q(v) = cards of value v left /
    cards left. It plays the `air` rule with that q for the diver's next swim
    in the expected-turns estimate (later swims: the full deck, 1,2,3,2,1/9):
    turn back iff air left <= margin x burn, pick up under the same test with
    one more treasure. With any other swim rule q is the full distribution
    and it plays exactly like `air`."""
    return forecast.air_rule(phase, seat, st, params[0], forecast.swim_pmf_next(st))
