"""`rulebook-tips`: the rulebook's tips for beginners, played literally."""

from numba import njit

from sim.games.luft import forecast, layout
from sim.registry import Param
from strategies.luft.registry import register


@njit(cache=True)
def counted_air(pos, load, lo):
    """Air a player counts for the trip home: ceil(pos / (4 - load)) turns (a
    swim of 4 on average, minus the load) times the treasures everyone in the
    water carries (load + lo). Huge when load >= 4 (a 4 would not move you)."""
    speed = 4 - load
    if speed <= 0:
        return forecast.NEVER
    return ((pos + speed - 1) // speed) * (load + lo)


@njit(cache=True)
def worth(item):
    """Tip 5, sunken stacks can be worth a lot: a treasure is valued by its
    content, each card at twice the mean of its level's values in the
    rulebook (level L: 4L - 2.5 points, so 8L - 5). A stack [1+1+1] (9)
    ranks above a level-1 card (3) and below a level-2 card (11); [2+2]
    (22) ranks above a level-3 card (19)."""
    total = 0
    while item > 0:
        total += 8 * (item & 7) - 5
        item >>= 3
    return total


@njit(cache=True)
def as_good_as(item, level):
    """Whether a treasure is worth at least one card of ``level`` (tip 5)."""
    return worth(item) >= 8 * level - 5


@njit(cache=True)
def good_enough(st, seat, one, two):
    """Carrying one treasure as good as a level-`one` card, or two as good as
    level-`two` cards (by content: tip 5)."""
    base = layout.CARRIED + seat * layout.MAX_PATH
    n_two = 0
    for k in range(st[layout.N_CARRIED + seat]):
        item = st[base + k]
        if as_good_as(item, one):
            return True
        if as_good_as(item, two):
            n_two += 1
    return n_two >= 2


@register(
    "rulebook-tips",
    params=[
        Param(
            "one",
            3,
            1,
            4,
            integer=True,
            doc="one treasure worth a card of at least this level (a stack by its content) is enough to turn back",
        ),
        Param(
            "two",
            2,
            1,
            4,
            integer=True,
            doc="two treasures worth a card of at least this level are enough; lesser ones are not taken (except as the first)",
        ),
    ],
    builtin_id=5,
)
@njit(cache=True, inline="always")
def rulebook_tips(phase, seat, st, params, u):
    """The rulebook's five tips, each as played here (one test per tip in
    tests/luft/test_bots.py):
    - Count the fields home: air needed = ceil(field / (4 - load)) x
      (treasures carried by everyone in the water) (counted_air).
    - Turn back early with one or two good treasures: turn back iff carrying
      one as good as a level-`one` card or two as good as level-`two` cards,
      or the count says one more turn down is too many (air left <= counted
      air + one round of breathing).
    - Count before taking another: pick up a treasure as good as a
      level-`two` card (any treasure while carrying nothing, heading down)
      only if air left >= the counted air with it.
    - Drop a level-1 card when you need speed: heading up on a blank, drop a
      carried level-1 card if the counted air with the current load exceeds
      the air left (a stack is never dropped for speed).
    - Tip 5, sunken stacks can be worth a lot: "as good as" compares a
      treasure's content (`worth`), not its highest card."""
    load = st[layout.N_CARRIED + seat]
    pos = st[layout.POS + seat]
    air = st[layout.AIR]
    lo = forecast.others_load(st, seat)
    if phase == layout.PHASE_TURN_BACK:
        if good_enough(st, seat, params[0], params[1]):
            return layout.TURN_BACK
        if air <= counted_air(pos, load, lo) + load + lo:
            return layout.TURN_BACK
        return layout.STAY_DOWN
    up = st[layout.HEADING_UP + seat]
    if layout.can_pick_up(st, seat):
        if (as_good_as(st[layout.PATH + pos - 1], params[1]) or (load == 0 and up == 0)) and air >= counted_air(
            pos, load + 1, lo
        ):
            return layout.PICK_UP
        return layout.NOTHING
    if up == 1 and layout.can_drop(st, seat) and air < counted_air(pos, load, lo):
        k = forecast.find_carried(st, seat, 1)
        if k >= 0:
            return layout.DROP + k
    return layout.NOTHING
