"""Compiled rules of Geteilte Luft, acting in place on the state view ``st``.

The kernel (engine.py) plays games with them; forecast's estimators and
rollouts swim with the same `swim`, and the dice check draws with the same
`draw_swim`. Each function is named after its twin in reference.py (read that
first); the differential test holds the two engines to the same outcomes.
State layout: layout.py; per-game outputs (``seat_out`` rows): outputs.py.

Speed notes. Occupancy is a bit mask (bit f: a diver in the water on field
f), so a swim of k steps is a few bit operations, not a walk over fields:
one PDEP (`sim.nb.select_bit`) where the CPU has a fast one, else a fixed,
branch-free chain of k steps (`MAX_SWIM_STEPS`). Functions that take
arrays are inlined by numba (``inline="always"``): the kernel passes borrowed
views, and a call boundary would cost reference counting; scalar functions
are plain and LLVM inlines them.
"""

import numpy as np
from numba import njit

from sim import rng
from sim.games.luft import layout
from sim.games.luft.outputs import S_DROWNED, S_HOME, S_SCORE, S_WIN60, SEAT_COLUMNS
from sim.games.luft.rules import MAX_CARDS_PER_LEVEL, R_AIR, R_DIVES, R_STACK, R_SWIM, R_TBNT, R_VALUES, SWIM_DECK
from sim.nb import FAST_PDEP, highest_bit, lowest_bit, popcount, select_bit

N_SEAT_COLS = len(SEAT_COLUMNS)
VSTRIDE = MAX_CARDS_PER_LEVEL + 1  # a level's value deck: its cards, then the next card's index
DECK_NO_RESHUFFLE = 3  # SWIM_SOURCES index of the one swim source with memory
# The swim deck as nibbles, so a drawn card is a shift, not a memory load:
# card i is (SWIM_NIBBLES >> 4i) & 15; SWIM_COUNTS: nibble k counts the cards of value k + 2.
SWIM_NIBBLES = sum(value << (4 * i) for i, value in enumerate(SWIM_DECK))
SWIM_COUNTS = sum(SWIM_DECK.count(value) << (4 * (value - 2)) for value in range(2, 7))
# Most steps of one swim (the highest swim value, nothing carried): `swim`
# unrolls its steps into a chain of this length (the predictor cannot learn
# a loop of k-1 rounds: -25% throughput); longer moves are several swims.
MAX_SWIM_STEPS = max(SWIM_DECK)  # the dice sources' highest too: 3 + 3


# ----------------------------------------------------------------- the game
@njit(cache=True, inline="always")
def new_game(st, vals, rules, n, n_cards, state):
    """Set up a game on the scratch left by the previous one (reference
    `Game.__init__`): the public header, the full path, each level's value
    deck shuffled (Fisher-Yates exactly as rng.shuffle; the slot after a
    level's cards holds the index of its next card). Returns the stream."""
    for s in range(n):  # carried items: only what the last game used
        base = layout.CARRIED + s * layout.MAX_PATH
        for k in range(st[layout.N_CARRIED + s]):
            st[base + k] = 0
    for i in range(layout.PATH):  # (the path's fields are all written below or already 0)
        st[i] = 0
    st[layout.N_PLAYERS] = n
    st[layout.MAX_AIR] = rules[R_AIR]
    st[layout.TURN_BACK_NEEDS_TREASURE] = rules[R_TBNT]
    st[layout.STACK_SIZE] = rules[R_STACK]
    st[layout.DIVES] = rules[R_DIVES]
    st[layout.SWIM_MODE] = rules[R_SWIM]
    full_swim_deck(st)
    f = layout.PATH
    for lv in range(1, 5):
        for _ in range(n_cards):
            st[f] = lv
            f += 1
    st[layout.PATH_LEN] = 4 * n_cards
    for lv in range(4):
        base = lv * VSTRIDE
        for i in range(n_cards):
            vals[base + i] = rules[R_VALUES + lv * MAX_CARDS_PER_LEVEL + i]
        for i in range(n_cards - 1, 0, -1):
            state, j = rng.randbelow(state, i + 1)
            tmp = vals[base + i]
            vals[base + i] = vals[base + j]
            vals[base + j] = tmp
        vals[base + MAX_CARDS_PER_LEVEL] = 0
    return state


@njit(cache=True, inline="always")
def new_dive(st, n, dive, start, air):
    """Start a dive (reference `play_dive`): full air, everyone in the
    submarine heading down, empty-handed."""
    st[layout.AIR] = air
    st[layout.DIVE] = dive
    st[layout.START] = start
    for s in range(n):
        base = layout.CARRIED + s * layout.MAX_PATH
        for k in range(st[layout.N_CARRIED + s]):
            st[base + k] = 0
        st[layout.HEADING_UP + s] = 0
        st[layout.BACK + s] = 0
        st[layout.POS + s] = 0
        st[layout.N_CARRIED + s] = 0


# ------------------------------------------------------------------- a turn
@njit(cache=True, inline="always")
def breathe(st, air, load):
    """1. Breathe: the air drops by the treasures carried, not below 0.
    Returns (air, whether it ran out: the last turn of the dive)."""
    if load > 0:
        air_out = air <= load
        air = max(0, air - load)
        st[layout.AIR] = air
        return air, air_out
    return air, False


@njit(cache=True)
def may_turn_back(up, load, needs_treasure):
    """2. Turning back is a choice only heading down, and [D] only with a treasure."""
    return up == 0 and (load > 0 or needs_treasure == 0)


@njit(cache=True, inline="always")
def turn_back(st, s, action):
    """2. Apply the turn-back choice. Returns (legal, heading up)."""
    if action == layout.TURN_BACK:
        st[layout.HEADING_UP + s] = 1
        return True, 1
    return action == layout.STAY_DOWN, 0


@njit(cache=True, inline="always")
def draw_swim_card(state):
    """One card of the full swim deck, put back (swim source "deck")."""
    state, i = rng.randbelow(state, 9)
    return state, (SWIM_NIBBLES >> (4 * i)) & 15


@njit(cache=True, inline="always")
def draw_swim(state, mode, deck, left):
    """3. One swim value from SWIM_SOURCES[mode], in the stream order of
    reference `Game.draw_swim`; ``deck``/``left`` (9 slots, cards left) carry
    the no-reshuffle deck between draws. Returns (state, value, left)."""
    if mode == 0:
        state, value = draw_swim_card(state)
        return state, value, left
    if mode == 1:
        state, a = rng.randbelow(state, 3)
        state, b = rng.randbelow(state, 3)
        return state, a + b + 2, left
    if mode == 2:
        state, a = rng.randbelow(state, 6)
        state, b = rng.randbelow(state, 6)
        return state, (a >> 1) + (b >> 1) + 2, left
    if left == 0:
        for k in range(9):
            deck[k] = (SWIM_NIBBLES >> (4 * k)) & 15
        state = rng.shuffle(state, deck, 9)
        left = 9
    return state, deck[9 - left], left - 1


@njit(cache=True, inline="always")
def full_swim_deck(st):
    """The public count of swim cards left: all nine."""
    for k in range(5):
        st[layout.SWIM_LEFT + k] = (SWIM_COUNTS >> (4 * k)) & 15


@njit(cache=True, inline="always")
def show_swim_draw(st, value, left):
    """No-reshuffle deck: a drawn card is public; the deck is full again
    when used up (the next draw reshuffles all nine)."""
    st[layout.SWIM_LEFT + value - 2] -= 1
    if left == 0:
        full_swim_deck(st)


@njit(cache=True, inline="always")
def _kth_lowest_chain(free, k):
    """Index of the k-th lowest set bit of ``free`` (k < MAX_SWIM_STEPS): drop
    the k lowest in a fixed chain, branch-free."""
    for j in range(MAX_SWIM_STEPS - 1):
        if j < k:
            free &= free - 1
    return lowest_bit(free)


@njit(cache=True, inline="always")
def _kth_highest_chain(free, k):
    """Index of the k-th highest set bit of ``free`` (k < MAX_SWIM_STEPS), as
    `_kth_lowest_chain` from the top."""
    for j in range(MAX_SWIM_STEPS - 1):
        if j < k:
            free ^= np.int64(1) << highest_bit(free)
    return highest_bit(free)


@njit(cache=True, inline="always")
def _kth_lowest_pdep(free, k):
    return select_bit(free, k)


@njit(cache=True, inline="always")
def _kth_highest_pdep(free, k):
    return select_bit(free, popcount(free) - 1 - k)


# One PDEP where the CPU has a fast one (sim.nb.FAST_PDEP): the chains' k
# dependent steps took a third of the Luft kernel's time.
kth_lowest, kth_highest = (_kth_lowest_pdep, _kth_highest_pdep) if FAST_PDEP else (_kth_lowest_chain, _kth_highest_chain)


@njit(cache=True)
def swim_down(occ, pos, steps, path_len):
    """Field reached by ``steps`` (1..MAX_SWIM_STEPS) steps down from
    ``pos``: each step goes to the next deeper field nobody occupies (bit f
    of ``occ``); with fewer free fields, the deepest free one (or ``pos``)."""
    free = ~occ & ((np.int64(2) << path_len) - (np.int64(2) << pos))  # free fields pos+1..
    if free == 0:
        return pos
    if popcount(free) <= steps:
        return highest_bit(free)
    return kth_lowest(free, steps - 1)


@njit(cache=True)
def swim_up(occ, pos, steps):
    """Field reached by ``steps`` (1..MAX_SWIM_STEPS) steps up from ``pos``
    (0: the submarine)."""
    free = ~occ & ((np.int64(1) << pos) - 1) & ~np.int64(1)  # free fields 1..pos-1
    if popcount(free) < steps:
        return 0
    return kth_highest(free, steps - 1)


@njit(cache=True, inline="always")
def swim(occ, pos, up, steps, path_len):
    """3. Swim ``steps`` (1..MAX_SWIM_STEPS) free fields from ``pos`` (up: ``up`` == 1);
    fields in ``occ`` (other divers in the water) are skipped, not counted.
    Up ends in the submarine (0) when the free fields run out; down stops on
    the deepest free field."""
    if up == 1:
        return swim_up(occ, pos, steps)
    return swim_down(occ, pos, steps, path_len)


@njit(cache=True, inline="always")
def treasure(st, s, pos, load, action):
    """4. Treasure on field ``pos`` >= 1: nothing, pick up the item lying
    there (a blank is left), or drop carried item ``action - DROP`` onto the
    blank. Returns (legal, acted)."""
    f = layout.PATH + pos - 1
    item = st[f]
    if action == layout.NOTHING:
        return True, False
    if action == layout.PICK_UP and item != 0:
        st[layout.CARRIED + s * layout.MAX_PATH + load] = item
        st[layout.N_CARRIED + s] = load + 1
        st[f] = 0
        return True, True
    if action >= layout.DROP and item == 0 and action < layout.DROP + load:
        base = layout.CARRIED + s * layout.MAX_PATH
        k = action - layout.DROP
        st[f] = st[base + k]
        for j in range(k, load - 1):
            st[base + j] = st[base + j + 1]
        st[base + load - 1] = 0
        st[layout.N_CARRIED + s] = load - 1
        return True, True
    return False, False


# ------------------------------------------------------- the end of a dive
@njit(cache=True, inline="always")
def score(st, n, vals, seat_out, srow):
    """1. Divers back draw one value card per treasure card and score the
    sum (seat order, carried order, stack order)."""
    for s in range(n):
        if st[layout.BACK + s] == 1:
            base = layout.CARRIED + s * layout.MAX_PATH
            row = srow + s * N_SEAT_COLS
            for k in range(st[layout.N_CARRIED + s]):
                item = st[base + k]
                while item > 0:
                    lv = (item & 7) - 1
                    nxt = lv * VSTRIDE + MAX_CARDS_PER_LEVEL
                    seat_out[row + S_SCORE] += vals[lv * VSTRIDE + vals[nxt]]
                    vals[nxt] += 1
                    seat_out[row + S_HOME + lv] += 1
                    item >>= 3
            st[layout.SCORE + s] = seat_out[row + S_SCORE]


@njit(cache=True, inline="always")
def close_gaps(st, path_len):
    """3. Blanks are removed and the gaps closed; returns the new length.
    (Done before sinking, whose stacks go to the deep end: the two commute.)
    Fields from the new length to the old one keep stale items: the caller
    clears them (the kernel, after sinking)."""
    kept = 0
    for f in range(path_len):  # branch-free (blanks lie at random): kept <= f
        item = st[layout.PATH + f]
        st[layout.PATH + kept] = item
        kept += item != 0
    return kept


@njit(cache=True)
def reversed_cards(item):
    """The item with its cards in reverse stack order."""
    rev = 0
    while item > 0:
        rev = (rev << 3) | (item & 7)
        item >>= 3
    return rev


@njit(cache=True, inline="always")
def sink_order(st, n, farthest_first, order):
    """Fill ``order`` with the seats still in the water, nearest first (or
    [D] farthest first), ties at the submarine by lowest seat; return how many."""
    m = 0
    for s in range(n):
        if st[layout.BACK + s] == 0:
            key = st[layout.POS + s]
            j = m
            while j > 0:
                other = st[layout.POS + order[j - 1]]
                if (other > key) if farthest_first == 0 else (other < key):
                    order[j] = order[j - 1]
                    j -= 1
                else:
                    break
            order[j] = s
            m += 1
    return m


@njit(cache=True, inline="always")
def sink(st, n, path_len, stack_size, farthest_first, reverse_within, order, seat_out, srow):
    """2. Divers still in the water drown: their cards sink to the deep end
    in stacks of ``stack_size``, in distance order [D], one diver's cards in
    pick-up order or [D] its reverse. Returns (path length, divers drowned)."""
    drowned = sink_order(st, n, farthest_first, order)
    stack = 0
    in_stack = 0
    for i in range(drowned):
        s = order[i]
        seat_out[srow + s * N_SEAT_COLS + S_DROWNED] += 1
        base = layout.CARRIED + s * layout.MAX_PATH
        m = st[layout.N_CARRIED + s]
        for k in range(m):
            item = st[base + k]
            if reverse_within == 1:  # last card picked up first
                item = reversed_cards(st[base + m - 1 - k])
            while item > 0:
                stack |= (item & 7) << (3 * in_stack)
                in_stack += 1
                item >>= 3
                if in_stack == stack_size:
                    st[layout.PATH + path_len] = stack
                    path_len += 1
                    stack = 0
                    in_stack = 0
    if in_stack > 0:
        st[layout.PATH + path_len] = stack
        path_len += 1
    return path_len, drowned


@njit(cache=True, inline="always")
def compare_standing(seat_out, srow, a, b):
    """Sign of (a's standing - b's) (reference `standing`): points, then
    level 4, 3, 2 cards."""
    for col in (S_SCORE, S_HOME + 3, S_HOME + 2, S_HOME + 1):
        x = seat_out[srow + a * N_SEAT_COLS + col]
        y = seat_out[srow + b * N_SEAT_COLS + col]
        if x != y:
            return 1 if x > y else -1
    return 0


@njit(cache=True, inline="always")
def sole_leader(seat_out, srow, n):
    """The sole leader by standing (-1: a tie for the lead)."""
    lead = 0
    for s in range(1, n):
        if compare_standing(seat_out, srow, s, lead) > 0:
            lead = s
    for s in range(n):
        if s != lead and compare_standing(seat_out, srow, s, lead) == 0:
            return -1
    return lead


@njit(cache=True, inline="always")
def next_starter(st, n, last_back, start_rule, start):
    """5. The next dive starts with the diver who returned last; if nobody
    did, [D] the deepest (0), the same start player (1) or the next (2)."""
    if last_back >= 0:
        return last_back
    if start_rule == 0:
        deepest = 0
        for s in range(1, n):
            if st[layout.POS + s] > st[layout.POS + deepest]:
                deepest = s
        return deepest
    if start_rule == 2:
        return start + 1 if start + 1 < n else 0
    return start


@njit(cache=True, inline="always")
def share_win(seat_out, srow, n):
    """End of the game (reference `play`): the best standing wins; a tie
    shares the win (60 / k each, so sums stay exact)."""
    best = 0
    for s in range(1, n):
        if compare_standing(seat_out, srow, s, best) > 0:
            best = s
    n_win = 0
    for s in range(n):
        if compare_standing(seat_out, srow, s, best) == 0:
            n_win += 1
    for s in range(n):
        if compare_standing(seat_out, srow, s, best) == 0:
            seat_out[srow + s * N_SEAT_COLS + S_WIN60] = 60 // n_win
