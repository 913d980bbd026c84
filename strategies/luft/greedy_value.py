"""`greedy-value`: one-step expected value against the risk of drowning."""

from numba import njit

from sim.games.luft import forecast, layout
from sim.registry import Param
from strategies.luft.registry import register


@njit(cache=True)
def stay_down_terms(st, seat):
    """(gain, P) if the diver stays down this turn, takes the treasure it
    lands on (if any) and heads home from its next turn: gain = expected
    points of that treasure brought home, P = chance to get home. Averaged
    over the swim values 2..6 with P = 1,2,3,2,1/9."""
    load = st[layout.N_CARRIED + seat]
    pos = st[layout.POS + seat]
    lo = forecast.others_load(st, seat)
    gain = 0.0
    p_stay = 0.0
    for val in range(2, 7):
        f = forecast.dest_down(st, seat, pos, max(val - load, 0))
        item = st[layout.PATH + f - 1] if f > 0 and f != pos else 0
        l2 = load + 1 if item != 0 else load
        ph = forecast.p_home(
            forecast.dist_home(st, seat, f), forecast.turns_left(st[layout.AIR], l2, lo), l2, forecast.SWIM_P, forecast.SWIM_P
        )
        gain += forecast.SWIM_P[val] * forecast.item_value(item) * ph
        p_stay += forecast.SWIM_P[val] * ph
    return gain, p_stay


@njit(cache=True)
def pick_up_terms(st, seat):
    """(G, W, dP) of picking up the treasure here: G = its points x the chance
    to get home with it, W = value carried, dP = the chance to get home the
    extra load gives up (heading up from the next turn)."""
    load = st[layout.N_CARRIED + seat]
    p0 = forecast.p_home_seat(st, seat, load, False, forecast.SWIM_P)
    p1 = forecast.p_home_seat(st, seat, load + 1, False, forecast.SWIM_P)
    gain = forecast.item_value(st[layout.PATH + st[layout.POS + seat] - 1]) * p1
    return gain, forecast.carried_value(st, seat), p0 - p1


@njit(cache=True)
def drop_terms(st, seat, k):
    """(K, W, dP) of dropping carried item ``k``: K = its points x the chance
    to get home without it (what dropping it gives up), W = value carried, dP
    = the chance to get home the lighter load gains."""
    load = st[layout.N_CARRIED + seat]
    p0 = forecast.p_home_seat(st, seat, load, False, forecast.SWIM_P)
    p_less = forecast.p_home_seat(st, seat, load - 1, False, forecast.SWIM_P)
    kept = forecast.item_value(st[layout.CARRIED + seat * layout.MAX_PATH + k]) * p_less
    return kept, forecast.carried_value(st, seat), p_less - p0


@register(
    "greedy-value",
    params=[
        Param("risk", 1.0, 0.1, 10.0, doc="weight of the expected loss against the expected gain"),
    ],
    builtin_id=4,
)
@njit(cache=True, inline="always")
def greedy_value(phase, seat, st, params, u):
    """W = value carried (level means 1.5, 5.5, 9.5, 13.5 per card), P(load, now)
    = chance to get home heading up with that load before the air runs out
    (closed form over the swim distribution, everyone's load fixed;
    forecast.p_home_seat). Turn-back step: staying down one more turn gains
    G = E[value of the treasure landed on x P(home with it)] and loses
    L = W x (P(load, now) - E[P(home after the swim)]); turn back iff
    G <= risk x L (and W > 0: turning back empty-handed gains nothing). Treasure step: pick up a treasure worth w iff
    w x P(load+1) >= risk x W x (P(load) - P(load+1)) (and > 0); heading up on a
    blank, drop the cheapest carried item (worth w) iff
    risk x W x (P(load-1) - P(load)) > w x P(load-1)."""
    risk = params[0]
    if phase == layout.PHASE_TURN_BACK:
        w_now = forecast.carried_value(st, seat)
        p_back = forecast.p_home_seat(st, seat, st[layout.N_CARRIED + seat], True, forecast.SWIM_P)
        gain, p_stay = stay_down_terms(st, seat)
        if w_now > 0.0 and gain <= risk * w_now * (p_back - p_stay):
            return layout.TURN_BACK
        return layout.STAY_DOWN
    if layout.can_pick_up(st, seat):
        gain, w_now, lost = pick_up_terms(st, seat)
        if gain > 0.0 and gain >= risk * w_now * lost:
            return layout.PICK_UP
        return layout.NOTHING
    if st[layout.HEADING_UP + seat] == 1 and layout.can_drop(st, seat):
        k = forecast.cheapest_carried(st, seat)
        kept, w_now, gained = drop_terms(st, seat, k)
        if risk * w_now * gained > kept:
            return layout.DROP + k
    return layout.NOTHING
