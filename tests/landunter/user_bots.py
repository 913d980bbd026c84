"""User bots as a third party writes them: @njit, no builtin_id. The compiled
engine calls them as first-class functions, the reference directly."""

from numba import njit

from sim.games.landunter import layout
from sim.registry import Bot, Param, Seat


@njit(cache=True)
def second_highest(seat, st, params, u):
    """Play the second-highest card (the only card when one is left)."""
    m = layout.hand_n(st, seat)
    return layout.hand_card(st, seat, m - 2 if m >= 2 else 0)


@njit(cache=True)
def threshold_bid(seat, st, params, u):
    """Play the highest card when the lower flood card on offer is at most
    params[0], else the lowest."""
    if st[layout.S_FLOOD_LO] <= params[0]:
        return layout.hand_high(st, seat)
    return layout.hand_low(st, seat)


@njit(cache=True)
def cheater(seat, st, params, u):
    """Plays a card nobody holds in round 3 (index 2)."""
    if st[layout.S_ROUND] == 2:
        return 99
    return layout.hand_low(st, seat)


@njit(cache=True)
def crasher(seat, st, params, u):
    """Raises in round 3 (index 2)."""
    if st[layout.S_ROUND] == 2:
        raise ValueError("user bot crashed")
    return layout.hand_low(st, seat)


def user_seat(fn, name, params=(), values=None) -> Seat:
    bot = Bot(name, fn, tuple(params), fn.__doc__ or "", -1)
    return Seat(name, bot, bot.vector(values or {}))


THRESHOLD = [Param("t", 4, 1, 12, integer=True, doc="highest lower flood card worth winning")]
