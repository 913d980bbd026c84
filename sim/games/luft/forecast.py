"""Shared estimators for Geteilte Luft bots: swim distribution, distance home,
expected turns, air burn, chance to get home, and a small forward model of the
rest of a dive (for `rollout`).

Everything here reads only the public view ``st`` (layout.py), so any bot may use
it. Functions are plain ``@njit(cache=True)`` (not inlined): the bots inlined
into the kernel stay small and share one compiled copy of each estimator.

Conventions
-----------
* A swim pmf is a float array ``p[0..6]``; ``p[v]`` is the chance of drawing v
  (only 2..6 are used). ``SWIM_P`` is the rulebook's 1,2,3,2,1 / 9.
* A diver carrying ``load`` treasures moves ``max(v - load, 0)`` fields.
* Treasure values: the mean of each level's value deck under the default rules
  (1.5, 5.5, 9.5, 13.5); a stack is worth the sum over its cards. The card
  values are not in the public view, so custom value lists are not seen.
* Timing of air. Between two turns of a diver every other diver still in the
  water breathes once (their loads, ``others_load``); then the diver breathes
  its own load and swims, even when that breath took the last chip. The dive
  ends before the diver's next turn if the others' breathing empties the air.
  Estimates hold everyone's current load fixed and ignore divers returning.
"""

from pathlib import Path

import numpy as np
from numba import njit

from sim import rng
from sim.games.luft import core, layout

SWIM_P = np.array([0.0, 0.0, 1.0, 2.0, 3.0, 2.0, 1.0]) / 9.0
LEVEL_MEAN = np.array([0.0, 1.5, 5.5, 9.5, 13.5])
INF = 1e9
NEVER = 1 << 40  # "unlimited" turns when nobody carries anything
MAX_SWIMS = 2000  # p_home stops iterating after this many swims
ROLLOUT_ROUNDS = 64  # rounds a rollout continuation plays at most
ZSTOP_MIN_PAIRS = 8  # pairs of continuations the statistical stop of rollout waits for


# --- the public view ---------------------------------------------------------


@njit(cache=True)
def item_value(item):
    """Estimated points of an item: sum of the level means of its cards."""
    total = 0.0
    while item > 0:
        total += LEVEL_MEAN[item & 7]
        item >>= 3
    return total


@njit(cache=True)
def carried_value(st, seat):
    """Estimated points of everything ``seat`` carries."""
    base = layout.CARRIED + seat * layout.MAX_PATH
    total = 0.0
    for k in range(st[layout.N_CARRIED + seat]):
        total += item_value(st[base + k])
    return total


@njit(cache=True)
def cheapest_carried(st, seat):
    """Index of the carried item with the lowest estimated value (first on ties)."""
    base = layout.CARRIED + seat * layout.MAX_PATH
    best = 0
    best_v = INF
    for k in range(st[layout.N_CARRIED + seat]):
        w = item_value(st[base + k])
        if w < best_v:
            best_v = w
            best = k
    return best


@njit(cache=True)
def others_load(st, seat):
    """Treasures carried by the other divers still in the water."""
    total = 0
    for s in range(st[layout.N_PLAYERS]):
        if s != seat and st[layout.BACK + s] == 0:
            total += st[layout.N_CARRIED + s]
    return total


@njit(cache=True)
def occupied(st, seat, f):
    """Another diver still in the water stands on field f (f >= 1)."""
    for s in range(st[layout.N_PLAYERS]):
        if s != seat and st[layout.BACK + s] == 0 and st[layout.POS + s] == f:
            return True
    return False


@njit(cache=True)
def dist_home(st, seat, pos):
    """Free fields between field ``pos`` and the submarine: ``pos`` minus the
    fields above it that other divers in the water occupy (they are skipped)."""
    d = pos
    for s in range(st[layout.N_PLAYERS]):
        if s != seat and st[layout.BACK + s] == 0 and 0 < st[layout.POS + s] < pos:
            d -= 1
    return d


@njit(cache=True)
def dest_down(st, seat, pos, steps):
    """Field reached swimming ``steps`` fields down from ``pos``, others fixed
    (the engine's own `core.swim`)."""
    occ = np.int64(0)
    for s in range(st[layout.N_PLAYERS]):
        if s != seat and st[layout.BACK + s] == 0:
            occ |= np.int64(1) << st[layout.POS + s]
    while steps > 0:  # k + m steps: k steps, then m from there
        pos = core.swim_down(occ, pos, min(steps, core.MAX_SWIM_STEPS), st[layout.PATH_LEN])
        steps -= core.MAX_SWIM_STEPS
    return pos


@njit(cache=True)
def swim_pmf_next(st):
    """Distribution of the next swim value. deck-no-reshuffle (SWIM_MODE 3):
    the cards left in the swim deck (public draw history); otherwise SWIM_P."""
    p = np.zeros(7)
    total = 0
    if st[layout.SWIM_MODE] == 3:
        for k in range(5):
            total += st[layout.SWIM_LEFT + k]
    if total <= 0:
        p[:] = SWIM_P
        return p
    for k in range(5):
        p[k + 2] = st[layout.SWIM_LEFT + k] / total
    return p


@njit(cache=True)
def best_level_from(st, f0):
    """Highest card level among the items lying on fields f0..PATH_LEN (0: none)."""
    best = 0
    for f in range(max(f0, 1), st[layout.PATH_LEN] + 1):
        lv = layout.item_top_level(st[layout.PATH + f - 1])
        if lv > best:
            best = lv
    return best


@njit(cache=True)
def find_carried(st, seat, item):
    """Index of the first carried item equal to ``item`` (-1: none)."""
    base = layout.CARRIED + seat * layout.MAX_PATH
    for k in range(st[layout.N_CARRIED + seat]):
        if st[base + k] == item:
            return k
    return -1


# --- estimates ---------------------------------------------------------------


@njit(cache=True)
def mean_steps(load, p):
    """Expected fields moved in one swim carrying ``load``."""
    m = 0.0
    for val in range(2, 7):
        if val > load:
            m += p[val] * (val - load)
    return m


@njit(cache=True)
def rulebook_swims(p):
    """``p`` is the rulebook's swim distribution SWIM_P (the one the tables
    below hold)."""
    for val in range(2, 7):
        if p[val] != SWIM_P[val]:
            return False
    return True


@njit(cache=True)
def expected_turns(dist, load, q, p):
    """Expected swims to cover ``dist`` free fields carrying ``load``; the
    first swim is drawn from ``q``, later ones from ``p`` (exact first-passage
    recursion). INF when the diver can never move. Over the rulebook's
    distribution both ways it is read from TURNS, the recursion's own
    values."""
    if 0 < dist <= layout.MAX_PATH and load < TABLE_LOADS and rulebook_swims(q) and rulebook_swims(p):
        return TURNS[load, dist]
    return _expected_turns_run(dist, load, q, p)


@njit(cache=True)
def _expected_turns_run(dist, load, q, p):
    """expected_turns by the first-passage recursion."""
    if dist <= 0:
        return 0.0
    stay = 0.0
    for val in range(2, 7):
        if val <= load:
            stay += p[val]
    if stay >= 1.0 - 1e-12:
        return INF
    e = np.zeros(dist + 1)
    for d in range(1, dist + 1):
        acc = 1.0
        for val in range(2, 7):
            s = val - load
            if 0 < s < d:
                acc += p[val] * e[d - s]
        e[d] = acc / (1.0 - stay)
    t = 1.0
    for val in range(2, 7):
        s = val - load
        if s <= 0:
            t += q[val] * e[dist]
        elif s < dist:
            t += q[val] * e[dist - s]
    return t


@njit(cache=True)
def turns_left(air, load, lo):
    """Future turns (swims) a diver still gets: ``air`` now (after its own
    breath this turn), its ``load``, the others' load ``lo``. Its k-th next turn
    happens iff air - (k-1)*(load+lo) - lo > 0."""
    if air <= lo:
        return 0
    tot = load + lo
    if tot == 0:
        return NEVER
    return (air - lo - 1) // tot + 1


@njit(cache=True)
def air_burn(dist, load, lo, q, now):
    """Air the dive burns before the diver is home: T swims (expected_turns)
    each preceded by a round of breathing (load + lo), except the swim of
    this turn when ``now`` (asked at the turn-back step, already breathed)."""
    t = expected_turns(dist, load, q, SWIM_P)
    if t >= INF:
        return INF
    if now:
        t -= 1.0
    return t * (load + lo)


@njit(cache=True)
def p_home(dist, swims, load, q, p):
    """Chance to cover ``dist`` free fields within ``swims`` swims carrying
    ``load``; the first swim drawn from ``q``, later ones from ``p``. Over the
    rulebook's distribution both ways it is read from HOME, the loop's own
    values after each swim (the loop is most of a heuristic's decision)."""
    if dist <= 0:
        return 1.0
    if swims <= 0:
        return 0.0
    if dist <= layout.MAX_PATH and load < TABLE_LOADS and rulebook_swims(q) and rulebook_swims(p):
        return HOME[HOME_AT[load, dist] + min(swims, HOME_SWIMS[load, dist])]
    return _p_home_run(dist, min(swims, MAX_SWIMS), load, q, p, np.empty(0))[0]


@njit(cache=True)
def _p_home_run(dist, n, load, q, p, record):
    """p_home by the swim-by-swim loop over at most ``n`` swims, stopping
    once under 1e-12 of the chance is still on the way; the chance home after
    swim k goes to record[k] when ``record`` has room. Returns (chance home,
    swims run)."""
    r = np.zeros(dist + 1)
    nr = np.zeros(dist + 1)
    r[dist] = 1.0
    home = 0.0
    ran = 0
    for k in range(n):
        pm = q if k == 0 else p
        nr[:] = 0.0
        left = 0.0
        for d in range(1, dist + 1):
            m = r[d]
            if m <= 0.0:
                continue
            for val in range(2, 7):
                s = val - load
                if s <= 0:
                    nr[d] += pm[val] * m
                elif s >= d:
                    home += pm[val] * m
                else:
                    nr[d - s] += pm[val] * m
        for d in range(1, dist + 1):
            r[d] = nr[d]
            left += nr[d]
        ran = k + 1
        if ran < len(record):
            record[ran] = home
        if left < 1e-12:
            break
    return home, ran


@njit(cache=True)
def _home_table():
    """HOME, HOME_AT, HOME_SWIMS: for each load < TABLE_LOADS and distance
    1..MAX_PATH, the loop's chance home after 0, 1, ... swims up to the swim it
    stops at (HOME_SWIMS); more swims give the last value."""
    at = np.zeros((TABLE_LOADS, layout.MAX_PATH + 1), np.int64)
    swims = np.zeros((TABLE_LOADS, layout.MAX_PATH + 1), np.int64)
    values = np.zeros(0)
    record = np.zeros(MAX_SWIMS + 1)
    for load in range(TABLE_LOADS):
        for dist in range(1, layout.MAX_PATH + 1):
            record[:] = 0.0
            ran = _p_home_run(dist, MAX_SWIMS, load, SWIM_P, SWIM_P, record)[1]
            at[load, dist] = len(values)
            swims[load, dist] = ran
            values = np.concatenate((values, record[: ran + 1]))
    return values, at, swims


@njit(cache=True)
def p_home_seat(st, seat, load, now, q):
    """Chance that ``seat`` gets home from where it stands carrying ``load``
    (everyone else's load fixed), if it heads up from now on: ``now`` counts
    this turn's swim (turn-back step), else the first swim is its next turn."""
    lo = others_load(st, seat)
    swims = turns_left(st[layout.AIR], load, lo)
    if now:
        swims += 1
    return p_home(dist_home(st, seat, st[layout.POS + seat]), swims, load, q, SWIM_P)


@njit(cache=True)
def air_rule(phase, seat, st, margin, q):
    """The `air` rule (strategies/luft/air.py), with ``q`` the distribution of
    the diver's next swim. Shared by air, counter and drain."""
    load = st[layout.N_CARRIED + seat]
    air = st[layout.AIR]
    lo = others_load(st, seat)
    d = dist_home(st, seat, st[layout.POS + seat])
    if phase == layout.PHASE_TURN_BACK:
        if air <= margin * air_burn(d, load, lo, q, True):
            return layout.TURN_BACK
        return layout.STAY_DOWN
    if layout.can_pick_up(st, seat):
        if load == 0 and st[layout.HEADING_UP + seat] == 0:
            return layout.PICK_UP  # nothing to lose yet
        if air > margin * air_burn(d, load + 1, lo + 0, q, False):
            return layout.PICK_UP
    return layout.NOTHING


# --- tables over the rulebook's swim distribution ------------------------------
#
# Built by the loops themselves, so a lookup returns the very floats the loop
# would; loads 0..4 (a diver carrying 5 or more moves at most one field a
# swim: the loop). Stored beside this file (TABLES_FILE) and read at import:
# building them calls compiled code, which would load numba's registries
# into every `simulate` (tests/test_quick_load.py).
# tests/luft/test_forecast_tables.py checks the file against the loops;
# after a change to them, write it again with
#     python -c "from sim.games.luft import forecast; forecast.write_tables()"

TABLE_LOADS = 5
TABLES_FILE = Path(__file__).with_name("forecast_tables.npz")


def build_tables() -> dict[str, np.ndarray]:
    """TURNS, HOME, HOME_AT, HOME_SWIMS from the loops."""
    turns = [[_expected_turns_run(d, load, SWIM_P, SWIM_P) for d in range(layout.MAX_PATH + 1)] for load in range(TABLE_LOADS)]
    home, at, swims = _home_table()
    return {"TURNS": np.array(turns), "HOME": home, "HOME_AT": at, "HOME_SWIMS": swims}


def write_tables(path: Path = TABLES_FILE) -> None:
    np.savez(path, **build_tables())


with np.load(TABLES_FILE) as _tables:
    TURNS, HOME, HOME_AT, HOME_SWIMS = (_tables[k] for k in ("TURNS", "HOME", "HOME_AT", "HOME_SWIMS"))


# --- rollout: a forward model of the rest of the dive --------------------------
#
# A continuation keeps the whole dive in registers: the divers' fields and
# loads packed one byte per seat (`_byte`), heading up and back as bit masks
# over seats, the treasures still lying on the path as a bit mask over fields
# (bit f: field f). Only the deciding seat's points are counted, so the
# other items' values are never read; the seat's own pick-ups read theirs
# from the view (or the item it dropped). Everything that does not depend on
# the random stream (the start, the first action of a treasure step) is done
# once per decision, not once per continuation.

# Mean fields per swim carrying 0..6 (mean_steps, the same floats).
SPEED = np.array([mean_steps.py_func(load, SWIM_P) for load in range(7)])


@njit(cache=True, inline="always")
def _byte(packed, s):
    """Seat ``s``'s byte of a one-byte-per-seat packed int64."""
    return (packed >> (8 * s)) & 255


@njit(cache=True)
def _turns_back(load, pos, air, water_load, t):
    """Default policy at the turn-back step of a diver carrying ``load`` > 0
    (``water_load``: everyone's load in the water, its own included):
    threshold t, or the air will not last the trip home at mean speed
    (turns = pos / mean steps). With nothing carried it never turns back."""
    if load >= t:
        return True
    sp = SPEED[min(load, 6)]
    if sp <= 0.0:
        return True
    return air <= (pos / sp) * water_load


@njit(cache=True)
def _dive_start(st):
    """The dive as the view shows it: (fields, loads) packed one byte per
    seat, heading-up and back masks over seats, the occupied fields (divers
    in the water, on the path), the treasures lying on the path (bit f: field
    f), divers in the water and their load."""
    fields = np.int64(0)
    loads = np.int64(0)
    up = np.int64(0)
    back = np.int64(0)
    occ = np.int64(0)
    in_water = 0
    water_load = 0
    for s in range(st[layout.N_PLAYERS]):
        pos = np.int64(st[layout.POS + s])
        fields |= pos << (8 * s)
        loads |= np.int64(st[layout.N_CARRIED + s]) << (8 * s)
        up |= np.int64(st[layout.HEADING_UP + s]) << s
        if st[layout.BACK + s] == 1:
            back |= np.int64(1) << s
        else:
            in_water += 1
            water_load += st[layout.N_CARRIED + s]
            if pos > 0:
                occ |= np.int64(1) << pos
    items = np.int64(0)
    for f in range(1, st[layout.PATH_LEN] + 1):
        if st[layout.PATH + f - 1] != 0:
            items |= np.int64(1) << f
    return fields, loads, up, back, occ, in_water, water_load, items


@njit(cache=True, inline="always")
def _continue(
    st, seat, t, state, s, fresh, fields, loads, up, back, occ, in_water, water_load, items, air, value, idle, turns, dropped
):
    """Play a continuation on from seat ``s``'s turn (``fresh``: the deciding
    seat's turn-back step, breath and decision already taken) until ``seat``
    is home or the dive ends; the rules of `rollout_dive`. Returns (points,
    the advanced stream)."""
    n = st[layout.N_PLAYERS]
    path_len = st[layout.PATH_LEN]
    while True:
        bit = np.int64(1) << s
        if back & bit == 0:
            sh = 8 * s
            pos = _byte(fields, s)
            load = _byte(loads, s)
            p0 = pos
            acted = False
            if fresh:
                fresh = False
            elif load > 0:  # 1. breathe, 2. turn back? (default policy)
                air -= load
                air = max(air, 0)  # 0: the last turn of the dive
                if up & bit == 0 and _turns_back(load, pos, air, water_load, t):
                    up |= bit
            heading_up = (up >> s) & 1
            # 3. swim (the engine's own draw and swim)
            state, val = core.draw_swim_card(state)
            steps = val - load
            if steps > 0:
                occ &= ~(np.int64(1) << pos)
                pos = core.swim(occ, pos, heading_up, steps, path_len)
                occ |= (np.int64(1) << pos) & ~np.int64(1)
                fields = (fields & ~(np.int64(255) << sh)) | (pos << sh)
            if pos == 0 and heading_up == 1:
                if s == seat:  # home: its points are settled, the rest of the dive cannot change them
                    return value, state
                back |= bit
                in_water -= 1
                water_load -= load
                acted = True
            elif pos > 0 and heading_up == 0 and load < t and (items >> pos) & 1 == 1:  # 4. pick up
                if s == seat:
                    item = st[layout.PATH + pos - 1]
                    value += item_value(item if item != 0 else dropped)
                loads += np.int64(1) << sh
                water_load += 1
                items &= ~(np.int64(1) << pos)
                acted = True
            if load == 0 and pos == p0 and not acted:
                idle += 1
            else:
                idle = 0
            turns += 1
            if air == 0 or idle >= in_water:  # the last chip was breathed, or a round without any action
                break
            if turns >= ROLLOUT_ROUNDS * n:
                if (up >> seat) & 1 == 1:
                    return value, state
                break
        s += 1
        if s == n:
            s = 0
    return 0.0, state


@njit(cache=True)
def _first_action(st, seat, phase, action):
    """Everything of a continuation before its first draw: the dive start
    (`_dive_start`) with ``action`` taken, the seat whose turn comes next and
    whether it is the deciding seat's fresh turn-back step, the seat's points,
    the idle-turn and turn counts, the item dropped (0: none), and whether the
    dive is already over (then every continuation is worth 0)."""
    fields, loads, up, back, occ, in_water, water_load, items = _dive_start(st)
    value = carried_value(st, seat)
    bit = np.int64(1) << seat
    if phase == layout.PHASE_TURN_BACK:
        if action == layout.TURN_BACK:
            up |= bit
        return fields, loads, up, back, occ, in_water, water_load, items, seat, True, value, 0, 0, 0, False
    # treasure step: the seat has moved already, only the action is left
    n = st[layout.N_PLAYERS]
    pos = st[layout.POS + seat]
    load = st[layout.N_CARRIED + seat]
    acted = False
    dropped = 0
    if pos > 0:
        if action == layout.PICK_UP and (items >> pos) & 1 == 1:
            value += item_value(st[layout.PATH + pos - 1])
            loads += np.int64(1) << (8 * seat)
            water_load += 1
            items &= ~(np.int64(1) << pos)
            acted = True
        elif action >= layout.DROP and (items >> pos) & 1 == 0 and load > 0:
            dropped = st[layout.CARRIED + seat * layout.MAX_PATH + action - layout.DROP]
            value -= item_value(dropped)
            loads -= np.int64(1) << (8 * seat)
            water_load -= 1
            items |= np.int64(1) << pos
            acted = True
    idle = 1 if load == 0 and not acted else 0
    over = st[layout.AIR] == 0 or idle >= in_water
    return fields, loads, up, back, occ, in_water, water_load, items, (seat + 1) % n, False, value, idle, 1, dropped, over


@njit(cache=True, inline="always")
def _play(st, seat, t, state, start):
    """One continuation from a start made by `_first_action`: (points, the
    advanced stream)."""
    fields, loads, up, back, occ, in_water, water_load, items, s, fresh, value, idle, turns, dropped, over = start
    if over:
        return 0.0, state
    return _continue(
        st,
        seat,
        t,
        state,
        s,
        fresh,
        fields,
        loads,
        up,
        back,
        occ,
        in_water,
        water_load,
        items,
        st[layout.AIR],
        value,
        idle,
        turns,
        dropped,
    )


@njit(cache=True)
def rollout_dive(st, seat, phase, action, t, state):
    """Play the rest of the dive once from the decision ``seat`` faces in
    ``phase``, taking ``action`` now; afterwards everyone (``seat`` included)
    follows the default policy: heading down pick up while carrying fewer than
    ``t``, turn back at ``t`` treasures or when the air would not last the trip
    home at mean speed; never pick up heading up, never drop. Swims are drawn
    from the full swim deck (put back) with the stream ``state``; the
    stalemate rule ends the dive after a round without any action. The model
    stops after ROLLOUT_ROUNDS rounds (only huge air gets there) and then
    counts ``seat`` home if it is heading up. Returns (estimated points
    ``seat`` brings home, 0 if it is still in the water when the dive ends;
    the advanced stream)."""
    return _play(st, seat, t, state, _first_action(st, seat, phase, action))


@njit(cache=True)
def rollout_bound(st, seat, phase, action, t):
    """Most points one continuation (rollout_dive) can bring ``seat`` home
    after ``action``: what it then carries, plus, if it still heads down, a
    pick-up per free slot below ``t`` worth the dearest item from its field
    down or in its hands (it may pick its dropped item up again)."""
    value = carried_value(st, seat)
    load = st[layout.N_CARRIED + seat]
    here = st[layout.PATH + st[layout.POS + seat] - 1] if st[layout.POS + seat] > 0 else 0
    if phase == layout.PHASE_TURN_BACK:
        if action == layout.TURN_BACK:
            return value
    elif action == layout.PICK_UP:
        value += item_value(here)
        load += 1
    elif action >= layout.DROP:
        value -= item_value(st[layout.CARRIED + seat * layout.MAX_PATH + action - layout.DROP])
        load -= 1
    if st[layout.HEADING_UP + seat] == 1 or load >= t:
        return value
    dearest = 0.0
    for f in range(max(st[layout.POS + seat] - 1, 0), st[layout.PATH_LEN]):  # heading down it never goes back up
        dearest = max(dearest, item_value(st[layout.PATH + f]))
    base = layout.CARRIED + seat * layout.MAX_PATH
    for c in range(st[layout.N_CARRIED + seat]):
        dearest = max(dearest, item_value(st[base + c]))
    return value + (t - load) * dearest


@njit(cache=True, inline="always")
def _next_candidate(k, total0, n0, bound0, total1, n1, bound1):
    """Which candidate's next continuation `rollout_decide` plays: the one
    that brings the likelier stop nearer by more (the running means stand in
    for the continuations still to come). A stop for the first candidate
    needs total0 - total1 - (k - n1) x bound1 >= 0: a continuation of the
    first adds its value (mean m0), one of the second bound1 minus its value
    (bound1 - m1); a stop for the second likewise. The order changes only
    how soon a stop is certain, never the answer."""
    if n0 == 0 or n1 == k:
        return 0
    if n1 == 0 or n0 == k:
        return 1
    # compared multiplied out by n0 x n1 (no division): m0 >= m1, m0 > bound1 - m1, m1 > bound0 - m0
    if total0 * n1 >= total1 * n0:
        return 0 if total0 * n1 + total1 * n0 > bound1 * n0 * n1 else 1
    return 1 if total1 * n0 + total0 * n1 > bound0 * n0 * n1 else 0


@njit(cache=True)
def rollout_candidates(phase, seat, st):
    """The actions `rollout_decide` compares, (first, second); second is -1
    when there is no choice. Turn-back step: turn back, stay down; treasure
    step: nothing, then pick up if there is a treasure on the field, else
    drop the cheapest carried item if it carries any (never both: a field
    holds a treasure or is blank)."""
    if phase == layout.PHASE_TURN_BACK:
        return layout.TURN_BACK, layout.STAY_DOWN
    if layout.can_pick_up(st, seat):
        return layout.NOTHING, layout.PICK_UP
    if layout.can_drop(st, seat):
        return layout.NOTHING, layout.DROP + cheapest_carried(st, seat)
    return layout.NOTHING, -1


@njit(cache=True, inline="always")
def rollout_streams(u, seat):
    """The base of `rollout_decide`'s random streams: continuation j of every
    candidate plays from ``rng.mix64(base + j)`` (rng.game_stream(base, j),
    with the first scramble done once)."""
    return rng.mix64(rng.game_stream(np.uint64(u * 9007199254740992.0), np.uint64(seat + 1)))


@njit(cache=True)
def rollout_gain(phase, seat, st, k, t, u):
    """Mean points over all ``k`` continuations of `rollout_candidates`'
    second action minus its first (0 without a choice), on the streams of
    `rollout_decide` (`rollout_streams`): at the turn-back step staying down
    minus turning back, at the treasure step picking up (or dropping the
    cheapest item) minus doing nothing. `rollout_decide` takes the second
    action iff this is > 0: both sum the same continuations, and every value
    is a multiple of 0.5, so the sums are exact in any order. For features
    that need the size of the difference, not only its sign."""
    a0, a1 = rollout_candidates(phase, seat, st)
    if a1 < 0:
        return 0.0
    start0 = _first_action(st, seat, phase, a0)
    start1 = _first_action(st, seat, phase, a1)
    base = rollout_streams(u, seat)
    total = 0.0
    for j in range(k):
        state = rng.mix64(base + np.uint64(j))
        total += _play(st, seat, t, state, start1)[0] - _play(st, seat, t, state, start0)[0]
    return total / k


@njit(cache=True)
def rollout_decide(phase, seat, st, k, t, u, z=0.0):
    """Best action for ``seat`` by ``k`` continuations per candidate action
    (rollout_dive) of `rollout_candidates`, on common random numbers:
    continuation j of every action uses the same stream (`rollout_streams`),
    seeded from ``u``. The better total wins; a tie goes to the first
    candidate. ``z`` > 0 adds the statistical stop of `rollout_search`.

    Why it can stop early: every continuation is worth between 0 and
    `rollout_bound`, and every value is a multiple of 0.5 (the level means),
    so the sums are exact in any order. After each continuation a candidate
    is dropped once the other is sure to beat it (or, the first, to tie it)
    whatever its remaining continuations bring: that is the answer the full
    k continuations would give. With z = 0 the continuations are played one
    candidate at a time, in the order `_next_candidate` expects to stop
    soonest."""
    if z > 0.0:
        return rollout_search(phase, seat, st, k, t, u, z)[0]
    return rollout_search(phase, seat, st, k, t, u, None)[0]


@njit(cache=True, inline="always")
def _z_stop(pairs, sd, sdd, z):
    """The paired differences (first minus second candidate, ``pairs`` of
    them, sum ``sd``, sum of squares ``sdd``) have a mean at least ``z``
    standard errors from 0, after at least ZSTOP_MIN_PAIRS pairs: mean^2 >=
    z^2 var / pairs, multiplied out (no division; exact in floats, since
    every value is a multiple of 0.5)."""
    return pairs >= ZSTOP_MIN_PAIRS and sd != 0.0 and sd * sd * (pairs - 1) >= z * z * (pairs * sdd - sd * sd)


@njit(cache=True)
def rollout_search(phase, seat, st, k, t, u, z):
    """`rollout_decide`'s search: (action, continuations played of the first
    candidate, of the second). ``z`` None: the exact stop alone, in the
    adaptive order (the compiler drops the statistical code). ``z`` a
    number: the continuations in pairs (continuation j of the first
    candidate, then of the second: the same stream), the exact stop checked
    after each, and after each pair the statistical stop: the pairs'
    differences (common random numbers make them far less noisy than either
    value) lead by ``z`` standard errors (`_z_stop`; z = inf never trusts
    them). Without that stop the pairs give the exact answer too (the order
    never changes it); with it the search may pick the other candidate where
    all k would have reversed the lead."""
    a0, a1 = rollout_candidates(phase, seat, st)
    if a1 < 0:
        return a0, 0, 0
    start0 = _first_action(st, seat, phase, a0)
    start1 = _first_action(st, seat, phase, a1)
    bound0 = rollout_bound(st, seat, phase, a0, t)
    bound1 = rollout_bound(st, seat, phase, a1, t)
    total0 = 0.0
    total1 = 0.0
    n0 = 0
    n1 = 0
    first = 0.0  # the first candidate's value of the pair being played
    sd = 0.0
    sdd = 0.0
    base = rollout_streams(u, seat)
    while True:
        if total0 >= total1 + (k - n1) * bound1:
            return a0, n0, n1
        if total1 > total0 + (k - n0) * bound0:
            return a1, n0, n1
        if z is not None:
            if n0 == n1 and _z_stop(n1, sd, sdd, z):
                return (a0 if sd > 0.0 else a1), n0, n1
            nxt = 0 if n0 == n1 else 1
        else:
            nxt = _next_candidate(k, total0, n0, bound0, total1, n1, bound1)
        if nxt == 0:
            first = _play(st, seat, t, rng.mix64(base + np.uint64(n0)), start0)[0]
            total0 += first
            n0 += 1
        else:
            val = _play(st, seat, t, rng.mix64(base + np.uint64(n1)), start1)[0]
            total1 += val
            n1 += 1
            if z is not None:
                d = first - val
                sd += d
                sdd += d * d
