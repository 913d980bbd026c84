"""`drain`: when ahead, burn the shared air near the submarine to sink the
others; when behind, play `air`."""

from numba import njit

from sim.games.luft import forecast, layout
from sim.registry import Param
from strategies.luft.air import AIR_MARGIN
from strategies.luft.registry import register


@njit(cache=True)
def lead_of(st, seat):
    """Own score minus the best score among the others."""
    best = -(1 << 40)
    for s in range(st[layout.N_PLAYERS]):
        if s != seat and st[layout.SCORE + s] > best:
            best = st[layout.SCORE + s]
    return st[layout.SCORE + seat] - best


@register(
    "drain",
    params=[
        AIR_MARGIN,
        Param("lead", 1, 0, 200, integer=True, doc="points ahead of the best other seat to start draining"),
        Param("grab", 3, 1, 12, integer=True, doc="treasures to grab before turning back when draining"),
    ],
    builtin_id=6,
)
@njit(cache=True, inline="always")
def drain(phase, seat, st, params, u):
    """Ahead means own score - best other score >= `lead` (so never in the first
    dive with lead >= 1). Behind: exactly `air` with `margin`. Ahead: grab
    early to run every diver's clock faster and stay near the submarine:
    heading down, pick up every treasure landed on and turn back as soon as
    carrying `grab` treasures; heading up, keep picking up treasures while
    air left > the air burnt before it is home with one more (the `air` burn
    estimate at margin 1); also turn back early if air left <= that burn.
    It gets home; the deep divers drown."""
    if lead_of(st, seat) < params[1]:
        return forecast.air_rule(phase, seat, st, params[0], forecast.SWIM_P)
    load = st[layout.N_CARRIED + seat]
    if phase == layout.PHASE_TURN_BACK:
        if load >= params[2]:
            return layout.TURN_BACK
        return forecast.air_rule(phase, seat, st, 1.0, forecast.SWIM_P)
    if layout.can_pick_up(st, seat):
        if st[layout.HEADING_UP + seat] == 0:
            return layout.PICK_UP
        d = forecast.dist_home(st, seat, st[layout.POS + seat])
        if st[layout.AIR] > forecast.air_burn(d, load + 1, forecast.others_load(st, seat), forecast.SWIM_P, False):
            return layout.PICK_UP
    return layout.NOTHING
